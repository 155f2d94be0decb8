// What each command is asked for, as plain values: the metric's options,
// the readings of the inputs, the report's format and language, trec_eval's
// flags and the batch commands' own. These structs know nothing of how they
// are read or used: the option table (option_table.hpp) reads text into
// them, and the parsers, explain/, trec/, compare/ and report/ read them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"

namespace ndcg {

// ---- the metric ------------------------------------------------------------------------

enum class gain_kind { exponential, linear, table };
enum class ideal_source { list, judgments };
// How items with equal scores are ordered: as given, as trec_eval does
// (docid descending in byte order), or averaged over the tied group
// (McSherry & Najork 2008, scikit-learn's default).
enum class tie_policy { input, trec, average };
// What NDCG is when IDCG = 0: 0, 1, or "no value" (left out of means).
enum class zero_policy { zero, one, skip };
// What a negative grade does: an error, a gain of 0 that is left out of the
// ideal list (trec_eval, gdeval), or the item is dropped entirely
// (TF-Ranking's padding mask).
enum class negative_policy { reject, zero, drop };

// All knobs in one place; the defaults are the source document's convention.
struct options {
  gain_kind gain = gain_kind::exponential;
  std::vector<double> gain_table;  // gain of grade g is gain_table[g]
  double log_base = 2.0;
  std::vector<double> weights;     // weight of position i (1-based) is weights[i-1]; missing = 1
  std::uint64_t k = 0;             // cutoff; 0 = the whole list (64 bits in wasm too)
  ideal_source ideal = ideal_source::list;
  bool ideal_cut_to_retrieved = false;  // Elasticsearch: ideal list no longer than the ranking
  tie_policy ties = tie_policy::input;
  zero_policy zero_idcg = zero_policy::zero;
  negative_policy negatives = negative_policy::reject;
  bool integer_grades = false;     // LightGBM: non-integer grades are an error
  bool truncate_grades = false;    // XGBoost: grades truncated to integers
  bool float32_scores = false;     // XGBoost: scores compared as float32
  double max_grade = 0;            // > 0: larger grades are an error (gdeval: 4)
  double relevance_level = 1;      // grade >= this counts as relevant (P, R, AP, RR)
  double err_max_grade = 0;        // ERR's g_max; 0 = the largest grade seen
  double alpha = 0.5;              // alpha-nDCG redundancy penalty
};

// trec_eval's conventions (the trec_eval preset): the default of `ndcg trec`.
options trec_eval_conventions();

// ---- reading the inputs -----------------------------------------------------------------

// Inputs larger than these are refused with a clear message.
struct limits {
  std::size_t max_bytes = 256u << 20;   // whole input
  std::size_t max_line = 16u << 20;     // one line
  std::size_t max_items = 20000000;     // items in one ranking / lines in a run
};

// What the caller knows that the text does not say.
struct reading {
  bool judged = false;   // judgments come with the ranking: "id number" is an
                         // id and a score, and ids alone are a ranking
  std::string columns;   // what each column is ("doc,score"; "-" skips one):
                         // the table then has no header row
  std::string query;     // the query to read from a text that holds several
};

// The batch input formats (the registry in cpp/src/inputs/formats.cpp has a
// row for each), and their names in that order: --run-format's choices.
enum class input_format { automatic, trec, csv, tsv, json, jsonl, letor, msmarco };
inline constexpr std::string_view input_format_choices = "auto,trec,csv,tsv,json,jsonl,letor,msmarco";
std::string_view name_of(input_format f);  // "auto", "trec", "csv", ...
expected<input_format> input_format_named(std::string_view name);

// ---- the report --------------------------------------------------------------------------

enum class report_format { text, markdown, json, csv, latex };

// The language of a report's prose (headings and notes); numbers, formulas
// and column names are the same in each.
enum class report_language { en, zh };

// ---- trec_eval's flags --------------------------------------------------------------------

// -R: what the judgments file holds.
enum class judgment_format {
  qrels,        // qid iter docid grade
  prefs,        // qid group subgroup docid level: preferences between documents
  qrels_prefs,  // a qrels file read as preferences (the iter field is the group)
  qrels_jg,     // qrels whose iter field names a judgment group (one set per assessor)
};
expected<judgment_format> judgment_format_named(std::string_view name);
std::string_view name_of(judgment_format f);

// The -m measures are trec_eval's and ours (err_cut, alpha_ndcg_cut,
// judged); the nicknames name trec_eval's sets. As in trec_eval, a measure
// named with parameters takes them in place of its defaults, however else
// it was named ("-m all_trec -m relstring.20" gives relstring_20 alone).
// Several -m arguments with parameters are merged: cutoffs are unioned,
// variants with different parameters become separate columns
// ("ndcg_1=1,2=3", "ndcg_1=2").
struct trec_options {
  options conv = trec_eval_conventions();  // gains, ties, ideal source, IDCG = 0, log base,
                                         // grade limit (a preset's), k (the cutoff of cutoff
                                         // measures named without one; 0 = trec_eval's lists,
                                         // 5,10,...,1000), and the relevance level
                                         // (rel >= it is relevant; 0 or more here), alpha
                                         // (alpha_ndcg_cut) and ERR's largest grade (0 = the
                                         // preset's, else the largest in the whole qrels)
  std::vector<std::string> measures;     // -m arguments; empty = the default set
  bool complete = false;                 // -c: qrels queries missing from the run are scored
                                         // (0 on every measure; num_rel still counts)
  bool strict = false;                   // --strict: a qrels query missing from the run is an
                                         // error (trec_eval leaves such queries out)
  bool shard = false;                    // --shard: no error when the run shares no query with
                                         // the qrels (the run is one shard of a larger one)
  bool second_thread = true;             // a streamed run's queries evaluated on a second
                                         // thread (natively) while the reader goes on; off
                                         // where the caller's threads already fill the cores
  std::uint64_t max_docs = 0;            // -M: documents kept per query, by rank; 0 = all
  bool judged_only = false;              // -J: unjudged documents leave the ranking
  double docs_in_collection = 0;         // -N: documents in the collection (utility)
  judgment_format judgments = judgment_format::qrels;  // -R
  std::string zscores;                   // -Z: the text of a mean file ("qid measure mean
                                         // stddev" lines); values become z-scores
  int tied_grades = 0;                   // equal scores put smaller (-1) or larger (+1) judged
                                         // grades first: the worst and best order of ties;
                                         // 0 breaks ties as the conventions say
};

// ---- each command's settings ---------------------------------------------------------------

// The commands; a row takes a set of them.
enum class command : unsigned { explain = 1, trec = 2, compare = 4 };
std::string_view name_of(command c);  // "explain", "trec", "compare"

// The test whose p-values the Holm adjustment takes (p_holm).
enum class adjusted_test { ttest, wilcoxon, sign, randomization };

// compare's CSV tables, one a file: named as the JSON report's keys.
enum class compare_table { comparisons, tie_ranges, per_query };

// What `trec` and `compare` are asked for besides the conventions.
struct batch_settings {
  trec_options trec;                 // measures (empty: the command's default), -c, --shard, ...;
                                     // trec.conv is settings::opt once read
  report_format format = report_format::text;
  bool per_query = false;            // -q: every query, not only the means
  int digits = 4;                    // decimals printed; 17 prints %.17g (trec)
  bool tie_range = false;            // also the worst and best order of tied documents
  bool no_summary = false;           // trec -n: no "all" lines
  int results_format = 0;            // trec -T: trec_results, the only run format
  bool ci = false;                   // trec --ci: a bootstrap 95% interval beside each mean
  std::uint64_t trials = 10000;      // bootstrap resamples (compare, trec --ci), randomization flips
  std::uint64_t seed = 1;
  bool all_pairs = false;            // compare: every pair, not only each run against the first
  adjusted_test holm = adjusted_test::ttest;
  compare_table table = compare_table::comparisons;  // compare: the CSV's one table
  std::vector<std::string> names;    // compare: run names; default run1, run2, ...
  input_format run_format = input_format::automatic;    // how the runs are read (inputs.hpp)
  input_format qrels_format = input_format::automatic;  // how the judgments are read
};

// What one explanation is asked for: the metric's options, the preset they
// started from, and how printed terms are rounded. For trec and compare the
// options are the conventions of every query (gains, ties, levels).
struct settings {
  options opt;
  std::string preset;  // "" = none given (the command's default: document, or trec_eval)
  int decimals = 3;    // rounding of printed terms (text, Markdown, LaTeX)
  report_language language = report_language::en;  // of the reports' prose (explain and compare)
  reading read;        // --columns and --query (read.judged is set by the pipeline)
};

// What trec or compare is asked for: the options they share with explain,
// and their own. batch.trec.conv is s.opt.
struct batch_request {
  settings s;
  batch_settings batch;
};

}  // namespace ndcg
