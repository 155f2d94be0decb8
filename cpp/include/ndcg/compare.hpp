// Is B better than A? Runs compared query by query against one qrels file:
// for each measure and each run against the first (or every pair), the
// means, the mean difference with a 95% bootstrap interval, a paired effect
// size, wins / losses / ties, and the p-values of four paired tests (their
// conventions: stats.hpp), Holm-adjusted when a measure has several pairs.
//
// Per-query values come from evaluate_trec (trec.hpp), so every measure is
// trec_eval's. The options are rows of the one option table
// (option_table.hpp) that the `compare` command takes: the CLI's flags and
// --help and the JS API's compareRuns() options all come from it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/fields.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/report.hpp"
#include "ndcg/trec.hpp"

namespace ndcg {

// Below this many queries the bootstrap interval is withheld (NaN; the
// comparison's "interval" field says "withheld"): a percentile bootstrap over
// so few values covers the true mean difference far less often than 95% of
// the time for normal differences (tests/python/
// test_compare_scipy.py measures it: 75% at 3 queries, 89% at 9, 91% at 10).
constexpr std::size_t min_interval_queries = 10;

// One measure, run A against run B, over the queries both have a value for.
struct comparison {
  std::size_t measure = 0;  // index into compare_result::measures
  std::size_t a = 0, b = 0; // indices into compare_result::runs
  std::size_t queries = 0;
  double mean_a = 0, mean_b = 0, diff = 0;
  double ci_low = 0, ci_high = 0;  // NaN when withheld (fewer than min_interval_queries)
  bool interval_withheld = false;
  double effect_size = 0;
  std::size_t wins = 0, losses = 0, ties = 0;  // B above A, below, equal
  double p_ttest = 0, p_wilcoxon = 0, p_sign = 0, p_randomization = 0;
  double p_holm = 0;        // NaN when not adjusted or its p is undefined
  bool adjusted = false;    // the measure has several pairs: p_holm is reported
  bool wilcoxon_exact = false, randomization_exact = false;
};

// How far the order of one run's tied documents moves one measure's mean
// (tie_range.hpp): the queries that change, and the mean in the worst and
// the best order.
struct tie_summary {
  std::size_t run = 0, measure = 0;
  std::size_t changed = 0;
  double mean_min = 0, mean_max = 0;
};

struct compare_result {
  std::vector<std::string> runs;      // names
  std::vector<std::string> measures;  // as trec_eval prints them: "ndcg_cut_10", "P_10"
  std::vector<std::string> qids;
  std::vector<std::vector<std::vector<double>>> values;  // values[run][measure][query]; NaN = none
  std::vector<comparison> comparisons;  // by measure, then pair
  std::vector<tie_summary> ties;        // by measure, then run; empty without tie_range
  std::vector<std::vector<std::vector<double>>> worst, best;  // as values, in the two orders
  std::uint64_t trials = 0, seed = 0;
  adjusted_test holm = adjusted_test::ttest;
};

// Compares the runs (two or more). An error in a run has source "run" and
// index = the run's position, 1-based.
expected<compare_result> compare_runs(std::string_view qrels_text, const std::vector<std::string_view>& run_texts,
                                      const batch_settings& s);
// The same comparisons of runs already evaluated (each one's per-query
// results, merged from partitions: Python's dask.compare), which must hold
// the same queries and measures; s.tie_range needs the runs and is not read.
expected<compare_result> compare_results(const std::vector<trec_result>& runs, const batch_settings& s);

std::string_view name_of(adjusted_test t);  // "ttest", "wilcoxon", "sign", "randomization"

// The fields of one comparison, in the order the JSON prints them.
void put_comparison(const comparison& c, const compare_result& r, field_sink& out);

// The fields of one tie summary.
void put_tie_summary(const tie_summary& t, const compare_result& r, field_sink& out);

// The fields of a comparison of runs, as the bindings return it: runs,
// measures, qids, comparisons, tie_ranges, per_query ({measure: [each run's
// values in qid order]}), per_query_worst and per_query_best (the same in
// the worst and best order of ties; null without tie_range), trials, seed,
// holm_test.
void put_compare_result(const compare_result& r, field_sink& out);

// The measure tables: names (the families -m takes, in print order),
// not_offered, nicknames, nickname_families ({nickname: [families]}),
// default (trec's measures when none are given) and compare_default.
void put_measure_tables(field_sink& out);

// The report in s.format: text, markdown, latex (one table row per measure
// and pair), csv (one line per measure and pair) or json; its headings and
// notes in `language` (settings::language).
std::string render_compare(const compare_result& r, const batch_settings& s, report_language language = report_language::en);

}  // namespace ndcg
