// Paired statistics (compare.hpp) against closed forms, published examples,
// brute force over every sign pattern, and plain implementations written
// here, independently of the production code.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "ndcg/compare.hpp"

namespace stats_test {

namespace stats = ndcg::stats;

namespace {

// Fisher, The Design of Experiments (1935), section 17: Darwin's Zea mays,
// height differences (cross- minus self-fertilised, eighths of an inch) in
// 15 pairs. SciPy's wilcoxon documentation uses the same data.
const std::vector<double> darwin = {6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75};

// Student (1908) / Cushny and Peebles: extra hours of sleep, drug 2 minus
// drug 1, for 10 patients (R's `sleep` data set).
const std::vector<double> sleep = {1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4};

// A fixed pseudo-random sequence for test data (not the production generator).
struct lcg {
  std::uint64_t x;
  double next() {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(x >> 11) / 9007199254740992.0;
  }
};

// Brute force: the share of the 2^n sign patterns whose |sum| is at least |sum d|.
double brute_randomization(const std::vector<double>& d) {
  double observed = 0;
  for (double x : d) observed += x;
  const std::size_t n = d.size();
  std::uint64_t hits = 0;
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << n); ++mask) {
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += (mask >> i & 1) ? -std::fabs(d[i]) : std::fabs(d[i]);
    if (std::fabs(s) >= std::fabs(observed) - 1e-9) ++hits;
  }
  return static_cast<double>(hits) / static_cast<double>(std::uint64_t{1} << n);
}

// Plain midranks of |d| over the nonzero entries: rank = 1 + #smaller + (#equal - 1) / 2.
std::vector<double> plain_ranks(const std::vector<double>& nz) {
  std::vector<double> r;
  for (double x : nz) {
    double smaller = 0, equal = 0;
    for (double y : nz) {
      if (std::fabs(y) < std::fabs(x)) ++smaller;
      if (std::fabs(y) == std::fabs(x)) ++equal;
    }
    r.push_back(1 + smaller + (equal - 1) / 2);
  }
  return r;
}

// Brute force: two-sided p of W+ over all 2^m sign patterns of the ranks.
double brute_wilcoxon(const std::vector<double>& d) {
  std::vector<double> nz;
  for (double x : d)
    if (x != 0) nz.push_back(x);
  const std::vector<double> r = plain_ranks(nz);
  double observed = 0;
  for (std::size_t i = 0; i < nz.size(); ++i)
    if (nz[i] > 0) observed += r[i];
  double low = 0, high = 0, all = 0;
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << nz.size()); ++mask) {
    double w = 0;
    for (std::size_t i = 0; i < nz.size(); ++i)
      if (mask >> i & 1) w += r[i];
    ++all;
    low += w <= observed;
    high += w >= observed;
  }
  return std::min(1.0, 2 * std::min(low, high) / all);
}

double choose(int n, int k) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

}  // namespace

TEST_CASE("the incomplete beta function matches its closed forms") {
  for (double x : {0.0, 0.1, 0.37, 0.5, 0.9, 1.0}) {
    CHECK(stats::incomplete_beta(1, 1, x, 1 - x) == doctest::Approx(x).epsilon(1e-14));
    CHECK(stats::incomplete_beta(3, 1, x, 1 - x) == doctest::Approx(x * x * x).epsilon(1e-13));
    CHECK(stats::incomplete_beta(1, 4, x, 1 - x) == doctest::Approx(1 - std::pow(1 - x, 4)).epsilon(1e-13));
  }
}

TEST_CASE("the t distribution's two-sided tail matches closed forms and a printed table") {
  // df = 1 is the Cauchy distribution: P(|T| >= t) = 1 - 2 atan(t) / pi.
  for (double t : {0.0, 0.5, 1.0, 3.0, 40.0})
    CHECK(stats::t_two_sided(t, 1) == doctest::Approx(1 - 2 * std::atan(t) / M_PI).epsilon(1e-13));
  // df = 2: P(|T| >= t) = 1 - t / sqrt(2 + t^2).
  for (double t : {0.2, 1.0, 2.5, 10.0})
    CHECK(stats::t_two_sided(-t, 2) == doctest::Approx(1 - t / std::sqrt(2 + t * t)).epsilon(1e-13));
  // Every t table: the two-sided 5% point for 10 df is 2.228, for 30 df 2.042.
  CHECK(stats::t_two_sided(2.228, 10) == doctest::Approx(0.05).epsilon(1e-3));
  CHECK(stats::t_two_sided(2.042, 30) == doctest::Approx(0.05).epsilon(1e-3));
  CHECK(stats::normal_two_sided(1.959963984540054) == doctest::Approx(0.05).epsilon(1e-13));
}

TEST_CASE("the paired t-test reproduces Student's sleep data and a plain computation") {
  // R's t.test(extra ~ group, data = sleep, paired = TRUE): t = 4.0621, df = 9, p = 0.002833.
  const auto r = stats::paired_t(sleep);
  CHECK(r.statistic == doctest::Approx(4.062127683382037).epsilon(1e-12));
  CHECK(r.p == doctest::Approx(0.00283289019738427).epsilon(1e-9));
  // Three values: df = 2, so the closed form above gives p from t computed here.
  const std::vector<double> d = {0.1, 0.25, 0.4};
  const double mean = 0.25, sd = std::sqrt((0.15 * 0.15 * 2) / 2), t = mean / (sd / std::sqrt(3.0));
  CHECK(stats::paired_t(d).p == doctest::Approx(1 - t / std::sqrt(2 + t * t)).epsilon(1e-12));
  CHECK(stats::effect_size(d) == doctest::Approx(mean / sd));
  CHECK(std::isnan(stats::paired_t({0, 0, 0}).p));  // no variation, no difference: undefined, as SciPy
  CHECK(stats::paired_t({0.1, 0.1, 0.1}).p == doctest::Approx(0).epsilon(1e-12));
}

TEST_CASE("Wilcoxon reproduces the Darwin example exactly (SciPy's documentation: W = 24, p = 0.041259765625)") {
  const auto r = stats::wilcoxon(darwin);
  CHECK(r.exact);
  CHECK(r.statistic == 96);  // W+; W- = 120 - 96 = 24, the smaller one SciPy prints
  CHECK(r.p == 0.041259765625);
  CHECK(r.p == doctest::Approx(brute_wilcoxon(darwin)).epsilon(1e-15));
}

TEST_CASE("Wilcoxon's exact p equals brute force over all sign patterns, with ties and zeros") {
  lcg g{42};
  for (int round = 0; round < 30; ++round) {
    const std::size_t n = 3 + round % 11;  // up to 13: exact even with ties and zeros
    std::vector<double> d;
    for (std::size_t i = 0; i < n; ++i) d.push_back(std::round(g.next() * 8 - 4) / 2);  // ties and zeros
    const auto r = stats::wilcoxon(d);
    CAPTURE(round);
    CHECK(r.exact);
    CHECK(r.p == doctest::Approx(brute_wilcoxon(d)).epsilon(1e-13));
  }
}

TEST_CASE("Wilcoxon's normal approximation is the tie-corrected z, without continuity correction") {
  lcg g{7};
  std::vector<double> d;
  for (int i = 0; i < 60; ++i) d.push_back(std::round(g.next() * 10 - 4));  // n > 50: normal
  const auto r = stats::wilcoxon(d);
  CHECK_FALSE(r.exact);
  // A plain computation: ranks by counting, variance n(n+1)(2n+1)/24 - sum(t^3 - t)/48.
  std::vector<double> nz;
  for (double x : d)
    if (x != 0) nz.push_back(x);
  const std::vector<double> rank = plain_ranks(nz);
  double w = 0, ties = 0;
  for (std::size_t i = 0; i < nz.size(); ++i) w += nz[i] > 0 ? rank[i] : 0;
  for (double v = 1; v <= 6; ++v) {
    double t = 0;
    for (double x : nz) t += std::fabs(x) == v;
    ties += t * t * t - t;
  }
  const double m = static_cast<double>(nz.size());
  const double z = (w - m * (m + 1) / 4) / std::sqrt(m * (m + 1) * (2 * m + 1) / 24 - ties / 48);
  CHECK(r.statistic == w);
  CHECK(r.p == doctest::Approx(std::erfc(std::fabs(z) / std::sqrt(2.0))).epsilon(1e-12));
  // 14 to 50 differences with a tie: the normal approximation too (SciPy's method="auto").
  CHECK_FALSE(stats::wilcoxon({1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, -13}).exact);
  CHECK(stats::wilcoxon({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, -14}).exact);
}

TEST_CASE("the sign test is the two-sided binomial tail, summed here term by term") {
  for (const auto& wl : {std::pair<int, int>{9, 17}, {6, 11}, {0, 5}, {5, 5}, {40, 22}, {3, 70}}) {
    const int w = wl.first, l = wl.second, m = w + l, k = std::min(w, l);
    double tail = 0;
    for (int i = 0; i <= k; ++i) tail += choose(m, i) * std::pow(0.5, m);
    const double expected = w == l ? 1.0 : std::min(1.0, 2 * tail);
    CAPTURE(w);
    CAPTURE(l);
    CHECK(stats::sign_test(static_cast<std::size_t>(w), static_cast<std::size_t>(l)).p ==
          doctest::Approx(expected).epsilon(1e-13));
  }
  CHECK(stats::sign_test(0, 0).p == 1);
  CHECK(stats::sign_test(6, 11).p == 43556.0 / 131072.0);  // 2 * sum C(17, 0..6) / 2^17, exactly
}

TEST_CASE("the randomization test counts sign flips exactly: Fisher's 1726 of 32768 for Darwin's data") {
  stats::random_source unused(1);
  const auto r = stats::randomization(darwin, 10, unused);
  CHECK(r.exact);
  CHECK(r.p == 1726.0 / 32768.0);  // Fisher (1935), section 21: 5.267%
  lcg g{3};
  for (int round = 0; round < 20; ++round) {
    std::vector<double> d;
    for (int i = 0; i < 4 + round % 13; ++i) d.push_back(std::round(g.next() * 20 - 8) / 10);  // P@10-like steps
    stats::random_source rng(5);
    CAPTURE(round);
    CHECK(stats::randomization(d, 100, rng).p == doctest::Approx(brute_randomization(d)).epsilon(1e-14));
  }
}

TEST_CASE("a sampled randomization p stays within its sampling error of the exact p") {
  // 20 differences of size 1 and 12 of size 2 (32 nonzero: sampled). The
  // exact p follows from the binomial counts of plus signs in each group.
  std::vector<double> d(20, 1.0);
  for (int i = 0; i < 12; ++i) d.push_back(i < 9 ? 2.0 : -2.0);
  for (int i = 0; i < 6; ++i) d[static_cast<std::size_t>(i)] = -1;
  const double observed = (14 - 6) + 2 * (9 - 3);  // 20
  double exact = 0;
  for (int a = 0; a <= 20; ++a)
    for (int b = 0; b <= 12; ++b)
      if (std::fabs((2.0 * a - 20) + 2 * (2.0 * b - 12)) >= observed) exact += choose(20, a) * choose(12, b);
  exact /= std::pow(2.0, 32);
  stats::random_source rng(11);
  const std::uint64_t trials = 200000;
  const auto r = stats::randomization(d, trials, rng);
  CHECK_FALSE(r.exact);
  CHECK(std::fabs(r.p - exact) < 4 * std::sqrt(exact * (1 - exact) / trials) + 1.0 / trials);
}

TEST_CASE("the bootstrap interval is reproducible from its seed and sensible") {
  lcg g{9};
  std::vector<double> d;
  for (int i = 0; i < 200; ++i) d.push_back(g.next() - 0.4);
  stats::random_source a(17), b(17), c(18);
  const auto first = stats::bootstrap_interval(d, 2000, a);
  CHECK(stats::bootstrap_interval(d, 2000, b) == first);
  CHECK(stats::bootstrap_interval(d, 2000, c) != first);
  // Close to mean +- 1.96 sd / sqrt(n) for a mean of 200 values.
  const double half = 1.96 * stats::sample_sd(d) / std::sqrt(200.0), mean = stats::mean(d);
  CHECK(first.first == doctest::Approx(mean - half).epsilon(0.1));
  CHECK(first.second == doctest::Approx(mean + half).epsilon(0.1));
  stats::random_source e(1);
  CHECK(stats::bootstrap_interval({0.25, 0.25, 0.25}, 100, e) == std::pair<double, double>{0.25, 0.25});
}

TEST_CASE("the generator's numbers are fixed by the seed and uniform below a bound") {
  stats::random_source a(2024), b(2024);
  std::vector<int> counts(7, 0);
  for (int i = 0; i < 70000; ++i) {
    const std::size_t v = a.below(7);
    REQUIRE(v == b.below(7));
    ++counts[v];
  }
  for (int c : counts) CHECK(std::abs(c - 10000) < 500);
}

TEST_CASE("Holm's step-down adjustment, worked by hand") {
  // Sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04 -> max so far 0.06.
  const auto h = stats::holm({0.01, 0.04, 0.03, 0.005});
  CHECK(h[0] == doctest::Approx(0.03));
  CHECK(h[1] == doctest::Approx(0.06));
  CHECK(h[2] == doctest::Approx(0.06));
  CHECK(h[3] == doctest::Approx(0.02));
  const auto capped = stats::holm({0.6, 0.2, std::nan("")});  // NaN is not in the family
  CHECK(capped[0] == doctest::Approx(0.6));
  CHECK(capped[1] == doctest::Approx(0.4));
  CHECK(std::isnan(capped[2]));
}

TEST_CASE("the written-out exp, log, log Gamma and erfc agree with the C library to 1e-14") {
  for (double x = 1e-3; x < 700; x *= 1.37) {
    CAPTURE(x);
    CHECK(stats::detail::exp(-x) == doctest::Approx(std::exp(-x)).epsilon(1e-14));
    CHECK(stats::detail::exp(x / 3) == doctest::Approx(std::exp(x / 3)).epsilon(1e-14));
    CHECK(stats::detail::log(x) == doctest::Approx(std::log(x)).epsilon(1e-15));
    CHECK(stats::detail::lgamma(x) == doctest::Approx(std::lgamma(x)).epsilon(1e-13).scale(1));
    if (x < 26) CHECK(stats::detail::erfc(x) == doctest::Approx(std::erfc(x)).epsilon(1e-13));
  }
  CHECK(stats::detail::exp(0) == 1);
  CHECK(stats::detail::log(1) == 0);
  CHECK(stats::detail::erfc(0) == 1);
  CHECK(std::fabs(stats::detail::lgamma(1)) < 1e-14);
}

}  // namespace stats_test
