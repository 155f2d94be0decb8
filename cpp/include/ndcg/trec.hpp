// Batch evaluation of TREC runs, compatible with trec_eval 10.0: the same
// measure names, output lines and semantics (ties broken by docid
// descending, the rank column ignored, judged-negative documents worth 0).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"

namespace ndcg {

// One -m argument, e.g. "ndcg_cut.5,10" or "ndcg.1=1,2=3".
struct measure_spec {
  std::string base;                      // "ndcg", "ndcg_cut", "P", ...
  std::string params;                    // the text after the dot, as given
  std::vector<std::uint64_t> cutoffs;    // for cutoff measures (64 bits in wasm too)
  std::vector<std::pair<long, double>> gains;  // for ndcg's rel=gain pairs
};
expected<measure_spec> parse_measure(std::string_view text);

// The measure names -m takes, in the order their lines are printed.
const std::vector<std::string_view>& trec_measure_names();
// The measures evaluated when none are given.
const std::vector<std::string>& default_trec_measures();

// The -m measures are trec_eval's (num_q, num_ret, num_rel, num_rel_ret, map,
// recip_rank, P, recall, ndcg, ndcg_cut) plus err_cut and alpha_ndcg_cut.
// Several -m arguments are merged: cutoffs are unioned, ndcg variants with
// different gains become separate columns ("ndcg", "ndcg_1=1,2=3").
struct trec_options {
  std::vector<std::string> measures;     // -m arguments; empty = the default set
  bool complete = false;                 // -c: qrels queries missing from the run are scored
                                         // against an empty ranking (0; num_rel still counts)
  long relevance_level = 1;              // -l: rel >= this is relevant; must be >= 0
  std::string preset;                    // "" = trec_eval; else the preset's gain, ties, ideal
                                         // source, IDCG = 0 policy, log base and grade limit
  bool exp_gain = false;                 // --gain exp: 2^rel - 1 for ndcg measures
  double alpha = 0.5;                    // for alpha_ndcg_cut
  double err_max_grade = 0;              // for err_cut; 0 = the preset's, else the largest
                                         // grade in the whole qrels file
};

// Values of all measures, one row per query, plus the "all" row.
struct trec_result {
  std::vector<std::string> names;        // printed names: "ndcg_cut_10", "P_5", ...
  std::vector<bool> is_count;            // printed as integers (num_ret, ...)
  std::vector<bool> summary_only;        // printed on the "all" line only (num_q)
  std::vector<std::string> qids;         // sorted as trec_eval prints them (byte order)
  std::vector<std::vector<double>> values;  // values[q][m]; NaN = no value (IDCG = 0 under
                                            // a preset whose zero policy is "skip")
  std::vector<double> mean;              // the "all" row: the mean over queries with a value,
                                         // but the sum for counts (num_rel, ...), as trec_eval
  std::size_t num_q = 0;
};

// Evaluates a run against qrels. `subtopics` (may be empty) is ndeval-style
// subtopic qrels for alpha_ndcg_cut. An error from reading an input keeps its
// line and column and says which input in error::source ("qrels", "run",
// "subtopics"); a bad option or measure has an empty source and no line.
expected<trec_result> evaluate_trec(std::string_view qrels_text, std::string_view run_text,
                                    const trec_options& opt, std::string_view subtopics = {});

// trec_eval's text: "name<TAB>qid<TAB>value" lines, name padded to 22.
// digits < 17 prints fixed decimals; 17 or more prints %.17g (round trip).
std::string format_trec(const trec_result& r, bool per_query, int digits = 4);

}  // namespace ndcg
