// Is B better than A? Runs compared query by query against one qrels file:
// for each measure and each run against the first (or every pair), the
// means, the mean difference with a 95% bootstrap interval, a paired effect
// size, wins / losses / ties, and the p-values of four paired tests (their
// conventions: below), Holm-adjusted when a measure has several pairs.
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
#include "ndcg/evaluate_run.hpp"
#include "ndcg/inputs.hpp"
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
// (trec.hpp): the queries that change, and the mean in the worst and
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

// Compares the runs (two or more), each read as evaluate_runs reads it (any
// format; `ir` names them and their formats, `readings` gets how they were
// read). An error in a run has source "run" and index = the run's position, 1-based.
expected<compare_result> compare_runs(std::string_view qrels_text, const std::vector<std::string_view>& run_texts,
                                      const batch_settings& s, const input_reading& ir = {},
                                      std::vector<batch_reading>* readings = nullptr);
// Two runs or more, or the error that says how many came.
status check_run_count(std::size_t runs);
// How compare_runs evaluates each run: its settings with compare's default
// measures and every qrels query required of every run (unless complete).
batch_settings compare_settings(const batch_settings& s);
// The comparisons of runs evaluated on compare_settings(s), with their tie
// ranges when evaluated with them (compare_runs' second half).
expected<compare_result> compare_evaluations(const std::vector<run_evaluation>& runs, const batch_settings& s);
// A query missing from run `failed` (1-based) says the run's name.
error named_run_error(error e, std::size_t failed, const batch_settings& s);

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

// Paired statistics for comparing two runs query by query. Every test is
// two-sided and works on the differences d_i = b_i - a_i of one measure.
//
// Conventions (each chosen to agree with SciPy's defaults, so numbers can
// be checked against scipy.stats, and stated in `ndcg compare --help`):
// - t-test: t = mean(d) / (sd(d) / sqrt(n)), sd with n - 1, df = n - 1
//   (scipy.stats.ttest_rel). Undefined (NaN) when sd = 0 and mean = 0.
// - Wilcoxon signed-rank: zero differences are dropped (Wilcoxon's own
//   rule, scipy's zero_method="wilcox"); tied |d| share their mean rank.
//   The statistic is W+, the rank sum of positive differences. Its p-value
//   is exact (every sign pattern of the ranks counted) when n <= 50 with no
//   ties and no zeros, or when n <= 13; otherwise the normal approximation
//   with the tie-corrected variance and no continuity correction
//   (scipy.stats.wilcoxon, method="auto"). n counts the zeros too.
// - Sign test: zero differences are dropped; p = P(|X - m/2| >= |wins -
//   m/2|) for X ~ Binomial(m, 1/2), m = wins + losses (scipy.stats.binomtest).
// - Randomization: the statistic is |sum(d)|; every sign flip of the
//   nonzero differences is counted when there are at most 30 of them
//   (exact), else `trials` random flips and p = (1 + hits) / (1 + trials),
//   the observed labelling counted as one of the permutations so p is never
//   0 (Phipson and Smyth 2010). A flip counts as at least as extreme when
//   |sum| >= |observed| - 1e-11 * sum|d|, so rounding never splits a tie.
// - Bootstrap: `trials` resamples of the queries with replacement; the 95%
//   interval is the 2.5% and 97.5% percentiles of the resampled mean
//   differences (linear interpolation between order statistics).
// - Effect size: Cohen's d_z = mean(d) / sd(d), NaN when sd = 0.
// - Holm: step-down adjustment within one family of p-values.
namespace ndcg::stats {

// A seeded generator (xoshiro256**, seeded through splitmix64): the same
// seed gives the same numbers on every platform, native and wasm.
class random_source {
 public:
  explicit random_source(std::uint64_t seed);
  std::uint64_t next();
  std::size_t below(std::size_t n);  // uniform in [0, n), n > 0

 private:
  std::uint64_t s_[4];
};

// Special functions, written here: the regularized incomplete beta
// I_x(a, b) by its continued fraction; y = 1 - x given separately so the
// upper tail keeps its precision.
double incomplete_beta(double a, double b, double x, double y);
// P(|T| >= |t|) for Student's t with df degrees of freedom.
double t_two_sided(double t, double df);
// P(|Z| >= |z|) for the standard normal.
double normal_two_sided(double z);

double mean(const std::vector<double>& d);
double sample_sd(const std::vector<double>& d);  // n - 1 in the denominator

struct test_result {
  double p = 0;
  double statistic = 0;
  bool exact = false;  // an exact distribution, not an approximation or a sample
};

test_result paired_t(const std::vector<double>& d);
double effect_size(const std::vector<double>& d);
test_result wilcoxon(const std::vector<double>& d);
test_result sign_test(std::size_t wins, std::size_t losses);
test_result randomization(const std::vector<double>& d, std::uint64_t trials, random_source& rng);
std::pair<double, double> bootstrap_interval(const std::vector<double>& d, std::uint64_t trials,
                                             random_source& rng, double level = 0.95);
// Holm-adjusted p-values in the input order; NaN entries stay NaN and are
// not counted in the family.
std::vector<double> holm(const std::vector<double>& p);

// exp, log, log Gamma (x > 0) and erfc (x >= 0), written from arithmetic so
// native and wasm builds agree to the last bit (the libcs do not).
namespace detail {
double exp(double x);
double log(double x);
double lgamma(double x);
double erfc(double x);
}  // namespace detail

// The randomization test enumerates sign flips exactly up to this many
// nonzero differences.
constexpr std::size_t exact_flip_limit = 30;

}  // namespace ndcg::stats
