// Paired tests, the bootstrap interval and the distributions they need.
// See compare.hpp for the conventions and why they were chosen.
#include "ndcg/compare.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "base/index_sort.hpp"

namespace ndcg::stats {
namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

std::uint64_t splitmix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// ---- elementary functions, written out -----------------------------------------------
// glibc and the wasm libc (musl) round exp, log, lgamma and erfc differently
// in the last bit now and then; written here from + - * / and exact scaling,
// the CLI and the JS API print the same p-values to the last digit.

constexpr double ln2_hi = 6.93147180369123816490e-01;  // ln 2 in 32 bits: k * ln2_hi is exact
constexpr double ln2_lo = 1.90821492927058770002e-10;  // ln 2 - ln2_hi
constexpr double half_log_two_pi = 0.91893853320467274178;
constexpr double log_sqrt_pi = 0.57236494292470008707;

double exp_of(double x) {
  if (std::isnan(x)) return x;
  if (x > 709.782712893384) return std::numeric_limits<double>::infinity();
  if (x < -745.2) return 0;
  const double k = std::floor(x / (ln2_hi + ln2_lo) + 0.5);
  const double r = (x - k * ln2_hi) - k * ln2_lo;  // |r| <= ln 2 / 2
  double sum = 1;
  for (int n = 17; n >= 1; --n) sum = 1 + sum * r / n;  // Taylor, Horner form
  return std::ldexp(sum, static_cast<int>(k));
}

double log_of(double x) {
  if (!(x > 0) || std::isinf(x)) return x == 0 ? -std::numeric_limits<double>::infinity() : (x > 0 ? x : nan);
  int e = 0;
  double m = std::frexp(x, &e);  // x = m 2^e, m in [1/2, 1)
  if (m < 0.70710678118654752440) m *= 2, --e;
  // log m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172.
  const double s = (m - 1) / (m + 1), s2 = s * s;
  double series = 0;
  for (int n = 25; n >= 1; n -= 2) series = 1.0 / n + s2 * series;
  return e * ln2_hi + (2 * s * series + e * ln2_lo);
}

// log Gamma(x) for x > 0: shifted up to 10 or more, then Stirling's series.
double log_gamma(double x) {
  double shift = 1;
  while (x < 10) shift *= x, x += 1;
  const double inv = 1 / x, inv2 = inv * inv;
  // Bernoulli terms B_2n / (2n (2n - 1) x^(2n - 1)), n = 1..8.
  const double series =
      inv * (1.0 / 12 + inv2 * (-1.0 / 360 + inv2 * (1.0 / 1260 + inv2 * (-1.0 / 1680 + inv2 * (1.0 / 1188 +
      inv2 * (-691.0 / 360360 + inv2 * (1.0 / 156 + inv2 * (-3617.0 / 122400))))))));
  return (x - 0.5) * log_of(x) - x + half_log_two_pi + series - log_of(shift);
}

// erfc(x) for x >= 0 as Q(1/2, x^2), the regularized upper incomplete gamma.
double erfc_of(double x) {
  const double y = x * x;
  if (y < 1.5) {  // the series of P(1/2, y); erfc = 1 - P
    double term = 1, sum = 1;
    for (int n = 1; n < 200 && term > 1e-17 * sum; ++n) sum += term *= y / (0.5 + n);
    return 1 - exp_of(-y + 0.5 * log_of(y) - (log_sqrt_pi - ln2_hi - ln2_lo)) * sum;
  }
  // Lentz's continued fraction of Q(1/2, y).
  constexpr double tiny = 1e-300;
  double b = y + 0.5, c = 1 / tiny, d = 1 / b, h = d;
  for (int n = 1; n < 500; ++n) {
    const double an = -n * (n - 0.5);
    b += 2;
    d = an * d + b;
    d = 1 / (std::fabs(d) < tiny ? tiny : d);
    c = b + an / c;
    c = std::fabs(c) < tiny ? tiny : c;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1) < 1e-16) break;
  }
  return exp_of(-y + 0.5 * log_of(y) - log_sqrt_pi) * h;
}

// The continued fraction of I_x(a, b) (modified Lentz), good for
// x < (a + 1) / (a + b + 2), where it converges fast.
double beta_fraction(double a, double b, double x) {
  constexpr double tiny = 1e-300, eps = 1e-16;
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < tiny) d = tiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 10000; ++m) {
    const double m2 = 2.0 * m;
    // Even step: m (b - m) x / ((a + 2m - 1)(a + 2m)).
    double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    c = 1 + num / c;
    d = 1 / (std::fabs(d) < tiny ? tiny : d);
    c = std::fabs(c) < tiny ? tiny : c;
    h *= d * c;
    // Odd step: -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)).
    num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    c = 1 + num / c;
    d = 1 / (std::fabs(d) < tiny ? tiny : d);
    c = std::fabs(c) < tiny ? tiny : c;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1) < eps) break;
  }
  return h;
}

// x^a y^b / (a B(a, b)), the factor in front of the continued fraction.
double beta_front(double a, double b, double x, double y) {
  const double log_beta = log_gamma(a) + log_gamma(b) - log_gamma(a + b);
  return exp_of(a * log_of(x) + b * log_of(y) - log_beta) / a;
}

// Midranks of |d| doubled (so they are whole), for the nonzero entries in
// `nonzero`; `tie_term` gets sum(t^3 - t) over groups of equal |d|.
std::vector<std::uint64_t> doubled_ranks(const std::vector<double>& nonzero, double& tie_term) {
  std::vector<std::size_t> order(nonzero.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  ndcg::detail::sort_indices(order, [&](std::size_t i, std::size_t j) { return std::fabs(nonzero[i]) < std::fabs(nonzero[j]); });
  std::vector<std::uint64_t> ranks(nonzero.size());
  tie_term = 0;
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i + 1;
    while (j < order.size() && std::fabs(nonzero[order[j]]) == std::fabs(nonzero[order[i]])) ++j;
    for (std::size_t k = i; k < j; ++k) ranks[order[k]] = (i + 1) + j;  // 2 x mean of ranks i+1..j
    const double t = static_cast<double>(j - i);
    tie_term += t * t * t - t;
    i = j;
  }
  return ranks;
}

// Two-sided p of W+ (doubled: r2) over all 2^m sign patterns of the ranks.
double wilcoxon_exact(const std::vector<std::uint64_t>& ranks, std::uint64_t r2) {
  std::uint64_t total = 0;
  for (std::uint64_t r : ranks) total += r;
  std::vector<double> ways(total + 1, 0.0);  // ways[s]: patterns whose positive ranks sum to s
  ways[0] = 1;
  std::uint64_t reach = 0;
  for (std::uint64_t r : ranks) {
    for (std::uint64_t s = reach + 1; s-- > 0;) ways[s + r] += ways[s];
    reach += r;
  }
  double below = 0, above = 0, all = 0;
  for (std::uint64_t s = 0; s <= total; ++s) {
    all += ways[s];
    if (s <= r2) below += ways[s];
    if (s >= r2) above += ways[s];
  }
  return std::min(1.0, 2 * std::min(below, above) / all);
}

// All 2^m signed sums of `values` (m small), in mask order.
std::vector<double> signed_sums(const double* values, std::size_t m) {
  std::vector<double> out(std::size_t{1} << m);
  for (std::size_t mask = 0; mask < out.size(); ++mask) {
    double s = 0;
    for (std::size_t i = 0; i < m; ++i) s += (mask >> i & 1) ? -values[i] : values[i];
    out[mask] = s;
  }
  return out;
}

// Exact randomization p: pairs of half-sums (meet in the middle) whose
// total is at least `threshold` away from 0.
double flips_exact(const std::vector<double>& nonzero, double threshold) {
  const std::size_t half = nonzero.size() / 2;
  const std::vector<double> left = signed_sums(nonzero.data(), half);
  std::vector<double> right = signed_sums(nonzero.data() + half, nonzero.size() - half);
  ndcg::detail::sort_values(right);
  double hits = 0;
  for (double s : left) {
    if (threshold <= 0) { hits += static_cast<double>(right.size()); continue; }
    hits += static_cast<double>(right.end() - std::lower_bound(right.begin(), right.end(), threshold - s));
    hits += static_cast<double>(std::upper_bound(right.begin(), right.end(), -threshold - s) - right.begin());
  }
  return hits / (static_cast<double>(left.size()) * static_cast<double>(right.size()));
}

double quantile(const std::vector<double>& sorted, double q) {
  const double h = static_cast<double>(sorted.size() - 1) * q;
  const std::size_t lo = static_cast<std::size_t>(std::floor(h));
  if (lo + 1 >= sorted.size()) return sorted.back();
  return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[lo + 1] - sorted[lo]);
}

}  // namespace

namespace detail {
double exp(double x) { return exp_of(x); }
double log(double x) { return log_of(x); }
double lgamma(double x) { return log_gamma(x); }
double erfc(double x) { return erfc_of(x); }
}  // namespace detail

random_source::random_source(std::uint64_t seed) {
  for (std::uint64_t& s : s_) s = splitmix(seed);
}

std::uint64_t random_source::next() {
  const std::uint64_t out = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return out;
}

std::size_t random_source::below(std::size_t n) {
  // Rejects the few values that would make some remainders more likely.
  const std::uint64_t range = n, floor = (0 - range) % range;
  for (;;) {
    const std::uint64_t r = next();
    if (r >= floor) return static_cast<std::size_t>(r % range);
  }
}

double incomplete_beta(double a, double b, double x, double y) {
  if (!(x >= 0 && y >= 0) || !(a > 0 && b > 0)) return nan;
  if (x == 0) return 0;
  if (y == 0) return 1;
  if (x < (a + 1) / (a + b + 2)) return beta_front(a, b, x, y) * beta_fraction(a, b, x);
  return 1 - beta_front(b, a, y, x) * beta_fraction(b, a, y);
}

double t_two_sided(double t, double df) {
  if (std::isnan(t) || !(df > 0)) return nan;
  if (std::isinf(t)) return 0;
  const double t2 = t * t;
  return incomplete_beta(df / 2, 0.5, df / (df + t2), t2 / (df + t2));
}

double normal_two_sided(double z) { return std::isnan(z) ? nan : erfc_of(std::fabs(z) / std::sqrt(2.0)); }

double mean(const std::vector<double>& d) {
  if (d.empty()) return nan;
  double s = 0;
  for (double x : d) s += x;
  return s / static_cast<double>(d.size());
}

double sample_sd(const std::vector<double>& d) {
  if (d.size() < 2) return nan;
  const double m = mean(d);
  double ss = 0;
  for (double x : d) ss += (x - m) * (x - m);
  return std::sqrt(ss / static_cast<double>(d.size() - 1));
}

test_result paired_t(const std::vector<double>& d) {
  test_result r;
  const double m = mean(d), sd = sample_sd(d);
  r.statistic = m / (sd / std::sqrt(static_cast<double>(d.size())));  // 0/0 = NaN: no test
  r.p = t_two_sided(r.statistic, static_cast<double>(d.size()) - 1);
  return r;
}

double effect_size(const std::vector<double>& d) {
  const double sd = sample_sd(d);
  return sd > 0 ? mean(d) / sd : nan;
}

test_result wilcoxon(const std::vector<double>& d) {
  std::vector<double> nonzero;
  for (double x : d)
    if (x != 0) nonzero.push_back(x);
  double tie_term = 0;
  const std::vector<std::uint64_t> ranks = doubled_ranks(nonzero, tie_term);
  std::uint64_t r2 = 0;
  for (std::size_t i = 0; i < nonzero.size(); ++i)
    if (nonzero[i] > 0) r2 += ranks[i];
  test_result r;
  r.statistic = static_cast<double>(r2) / 2;
  const std::size_t n = d.size();
  const bool plain = tie_term == 0 && nonzero.size() == n;
  if (n <= 50 && (plain || n <= 13)) {
    r.exact = true;
    r.p = nonzero.empty() ? 1.0 : wilcoxon_exact(ranks, r2);
    return r;
  }
  const double m = static_cast<double>(nonzero.size());
  const double var = (m * (m + 1) * (2 * m + 1) - tie_term / 2) / 24;
  r.p = var > 0 ? normal_two_sided((r.statistic - m * (m + 1) / 4) / std::sqrt(var)) : nan;
  return r;
}

test_result sign_test(std::size_t wins, std::size_t losses) {
  test_result r;
  r.exact = true;
  r.statistic = static_cast<double>(wins);
  const double m = static_cast<double>(wins + losses), k = static_cast<double>(std::min(wins, losses));
  if (m == 0 || 2 * k >= m) {
    r.p = 1;
    return r;
  }
  if (m <= 62) {  // the binomial coefficients summed exactly in 64 bits
    std::uint64_t coefficient = 1, below = 0;
    const auto n = static_cast<std::uint64_t>(m);
    for (std::uint64_t i = 0; i <= static_cast<std::uint64_t>(k); ++i) {
      below += coefficient;
      coefficient = coefficient / (i + 1) * (n - i) + coefficient % (i + 1) * (n - i) / (i + 1);
    }
    r.p = std::min(1.0, std::ldexp(static_cast<double>(below), 1 - static_cast<int>(n)));
    return r;
  }
  // P(X <= k) for X ~ Binomial(m, 1/2) is I_{1/2}(m - k, k + 1).
  r.p = std::min(1.0, 2 * incomplete_beta(m - k, k + 1, 0.5, 0.5));
  return r;
}

test_result randomization(const std::vector<double>& d, std::uint64_t trials, random_source& rng) {
  std::vector<double> nonzero;
  double sum = 0, scale = 0;
  for (double x : d) {
    sum += x;
    scale += std::fabs(x);
    if (x != 0) nonzero.push_back(x);
  }
  test_result r;
  r.statistic = sum;
  const double threshold = std::fabs(sum) - 1e-11 * scale;
  if (nonzero.size() <= exact_flip_limit) {
    r.exact = true;
    r.p = nonzero.empty() ? 1.0 : flips_exact(nonzero, threshold);
    return r;
  }
  std::uint64_t hits = 0;
  for (std::uint64_t t = 0; t < trials; ++t) {
    double s = 0;
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < nonzero.size(); ++i) {
      if (i % 64 == 0) bits = rng.next();
      s += (bits >> (i % 64) & 1) ? -nonzero[i] : nonzero[i];
    }
    if (std::fabs(s) >= threshold) ++hits;
  }
  r.p = (1.0 + static_cast<double>(hits)) / (1.0 + static_cast<double>(trials));
  return r;
}

std::pair<double, double> bootstrap_interval(const std::vector<double>& d, std::uint64_t trials,
                                             random_source& rng, double level) {
  if (d.empty() || trials == 0) return {nan, nan};
  std::vector<double> means(trials);
  for (double& m : means) {
    double s = 0;
    for (std::size_t i = 0; i < d.size(); ++i) s += d[rng.below(d.size())];
    m = s / static_cast<double>(d.size());
  }
  ndcg::detail::sort_values(means);
  const double tail = (1 - level) / 2;
  return {quantile(means, tail), quantile(means, 1 - tail)};
}

std::vector<double> holm(const std::vector<double>& p) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (!std::isnan(p[i])) order.push_back(i);
  ndcg::detail::sort_indices(order, [&](std::size_t i, std::size_t j) { return p[i] < p[j] || (p[i] == p[j] && i < j); });
  std::vector<double> out(p.size(), nan);
  double running = 0;
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    const double scaled = static_cast<double>(order.size() - rank) * p[order[rank]];
    running = std::max(running, std::min(1.0, scaled));
    out[order[rank]] = running;
  }
  return out;
}

}  // namespace ndcg::stats
