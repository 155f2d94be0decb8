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
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

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
