// Batch evaluation of TREC runs, compatible with trec_eval 10.0: the same
// measure names, output lines and semantics (ties broken by docid
// descending, the rank column ignored, judged-negative documents worth 0).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/parse.hpp"

namespace ndcg {

// One -m argument, e.g. "ndcg_cut.5,10" or "ndcg.1=1,2=3".
struct measure_spec {
  std::string base;                      // "ndcg", "ndcg_cut", "P", ...
  std::string params;                    // the text after the dot, as given
  std::vector<std::uint64_t> cutoffs;    // for cutoff measures (64 bits in wasm too)
  std::vector<double> levels;            // for iprec_at_recall: recall levels in [0, 1]
  std::vector<std::pair<long, double>> gains;  // for ndcg's rel=gain pairs
};
expected<measure_spec> parse_measure(std::string_view text);

// The measure names -m takes, in the order their lines are printed.
const std::vector<std::string_view>& trec_measure_names();
// The measures evaluated when none are given: trec_eval's default
// ("official") set, line for line.
const std::vector<std::string>& default_trec_measures();
// trec_eval's measures that -m all_trec names and we do not compute.
const std::vector<std::string_view>& trec_measures_not_offered();

// The -m measures are trec_eval's (runid, num_q, num_ret, num_rel,
// num_rel_ret, map, gm_map, Rprec, bpref, recip_rank, iprec_at_recall, P,
// recall, ndcg, ndcg_cut, success) plus err_cut and alpha_ndcg_cut; the
// nicknames "official" and "all_trec" name trec_eval's sets. Several -m
// arguments are merged: cutoffs are unioned, ndcg variants with different
// gains become separate columns ("ndcg", "ndcg_1=1,2=3").
struct trec_options {
  options conv = trec_eval_conventions();  // gains, ties, ideal source, IDCG = 0, log base,
                                         // grade limit (a preset's), and the relevance level
                                         // (rel >= it is relevant; 0 or more here), alpha
                                         // (alpha_ndcg_cut) and ERR's largest grade (0 = the
                                         // preset's, else the largest in the whole qrels)
  std::vector<std::string> measures;     // -m arguments; empty = the default set
  bool complete = false;                 // -c: qrels queries missing from the run are scored
                                         // against an empty ranking (0; num_rel still counts)
  bool shard = false;                    // --shard: qrels queries missing from the run are
                                         // left out (the run is one shard of a larger one)
  int tied_grades = 0;                   // equal scores put smaller (-1) or larger (+1) judged
                                         // grades first: the worst and best order of ties;
                                         // 0 breaks ties as the conventions say
};

// Values of all measures, one row per query, plus the "all" row.
struct trec_result {
  std::vector<std::string> names;        // printed names: "ndcg_cut_10", "P_5", ...
  // Flags per measure, one byte each (vector<bool>'s code would weigh on the wasm).
  std::vector<char> is_count;            // printed as integers (num_ret, ...)
  std::vector<char> summary_only;        // printed on the "all" line only (runid, num_q, gm_map)
  std::vector<char> geometric;           // the "all" row is the geometric mean of
                                         // max(value, 0.00001) (gm_map; its values are APs)
  std::vector<std::string> qids;         // sorted as trec_eval prints them (byte order)
  std::vector<std::vector<double>> values;  // values[q][m]; NaN = no value (IDCG = 0 under
                                            // a preset whose zero policy is "skip")
  std::vector<double> mean;              // the "all" row: the mean over queries with a value,
                                         // but the sum for counts (num_rel, ...), as trec_eval
  std::size_t num_q = 0;
  std::string run_id;                    // the tag of the run's last line (runid)
  std::vector<std::string> not_offered;  // measures -m all_trec named that are not computed
};

// A run evaluated piece by piece, query by query: memory holds the qrels
// and the query being read, not the run. The run must be grouped by query
// (as run files are); a query that comes back after others is an
// ungrouped_run error, after which evaluate_trec() on the whole text works.
class trec_stream {
 public:
  static expected<trec_stream> open(std::string_view qrels_text, const trec_options& opt,
                                    std::string_view subtopics = {});
  trec_stream(trec_stream&&) noexcept;
  trec_stream& operator=(trec_stream&&) noexcept;
  ~trec_stream();

  // Reads the lines of `text`, which must end at a line end unless `last`,
  // and evaluates each query whose lines all came. Returns the bytes read:
  // all but the lines of the last query, which the next call must give
  // again at the start of its text (everything when `last`).
  expected<std::size_t> feed(std::string_view text, bool last);
  // A whole run from a stream (a file, standard input), fed in pieces of
  // whole lines, then finish(). An ungrouped_run error means the run must
  // be read whole and given to evaluate_trec().
  expected<trec_result> feed_all(std::istream& in);
  // One query's run lines, read elsewhere (e.g. by parse_run).
  status add_query(std::string_view qid, const std::vector<run_entry>& entries);
  void set_run_id(std::string_view tag);
  expected<trec_result> finish();

 private:
  struct state;
  explicit trec_stream(std::unique_ptr<state> s);
  std::unique_ptr<state> s_;
};

// Per-query outputs (-q, best with --digits 17) of runs split by query,
// merged into one result whose means are the one-shot means: counts are
// summed, other measures averaged over the queries in order, gm_map taken
// from the per-query map values. An error's source is the index of the text.
expected<trec_result> merge_trec(const std::vector<std::string_view>& outputs);

// Evaluates a run against qrels. `subtopics` (may be empty) is ndeval-style
// subtopic qrels for alpha_ndcg_cut; with empty qrels, or qrels that are
// the same text, the per-document judgments come from the subtopics. An error from reading an input keeps its
// line and column and says which input in error::source ("qrels", "run",
// "subtopics"); a bad option or measure has an empty source and no line.
expected<trec_result> evaluate_trec(std::string_view qrels_text, std::string_view run_text,
                                    const trec_options& opt, std::string_view subtopics = {});

// trec_eval's text: "name<TAB>qid<TAB>value" lines, name padded to 22.
// digits < 17 prints fixed decimals; 17 or more prints %.17g (round trip).
std::string format_trec(const trec_result& r, bool per_query, int digits = 4);

}  // namespace ndcg
