// log2 in double-double arithmetic (about 104 bits), then rounded once.
// log2(x) = e + ln(m) / ln 2 with x = m * 2^e, m in [sqrt(1/2), sqrt(2)),
// and ln(m) = 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...), s = (m - 1) / (m + 1).
#include "base/log2.hpp"

#include <cmath>
#include <vector>

namespace ndcg::detail {
namespace {

struct dd {
  double hi, lo;
};

dd two_sum(double a, double b) {
  const double s = a + b;
  const double v = s - a;
  return {s, (a - (s - v)) + (b - v)};
}

dd quick_two_sum(double a, double b) {
  const double s = a + b;
  return {s, b - (s - a)};
}

// Dekker's exact product, without relying on a fused multiply-add.
dd two_prod(double a, double b) {
  const double p = a * b;
  const double ca = 134217729.0 * a, cb = 134217729.0 * b;
  const double ah = ca - (ca - a), al = a - ah;
  const double bh = cb - (cb - b), bl = b - bh;
  return {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}

dd add(dd a, dd b) {
  dd s = two_sum(a.hi, b.hi);
  const dd t = two_sum(a.lo, b.lo);
  s.lo += t.hi;
  s = quick_two_sum(s.hi, s.lo);
  s.lo += t.lo;
  return quick_two_sum(s.hi, s.lo);
}

dd mul(dd a, dd b) {
  dd p = two_prod(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return quick_two_sum(p.hi, p.lo);
}

dd mul(dd a, double b) { return mul(a, dd{b, 0.0}); }

dd div(dd a, dd b) {
  const double q1 = a.hi / b.hi;
  dd r = add(a, mul(b, -q1));
  const double q2 = r.hi / b.hi;
  r = add(r, mul(b, -q2));
  const double q3 = r.hi / b.hi;
  return add(quick_two_sum(q1, q2), dd{q3, 0.0});
}

// 1 / ln 2 to 106 bits: 1.4426950408889634073599246810018921...
constexpr dd inv_ln2 = {1.4426950408889634, 2.0355273740931033e-17};

constexpr int max_terms = 22;

// 1 / (2k + 1) in double-double for k < max_terms, computed once.
const dd* odd_reciprocals() {
  static const struct table {
    dd v[max_terms];
    table() : v() {
      for (int k = 0; k < max_terms; ++k) v[k] = div(dd{1.0, 0.0}, dd{2.0 * k + 1.0, 0.0});
    }
  } t;
  return t.v;
}

// ln(m / c) = 2 atanh(s), s = (m - c) / (m + c) = 2 (s + s^3/3 + s^5/5 + ...),
// every term in double-double.
dd log_ratio(double m, double c, int terms) {
  const dd s = div(dd{m - c, 0.0}, two_sum(m, c));  // m - c is exact: c/2 <= m <= 2c
  const dd s2 = mul(s, s);
  const dd* r = odd_reciprocals();
  dd sum = r[terms - 1];
  for (int k = terms - 2; k >= 0; --k) sum = add(r[k], mul(sum, s2));
  return mul(mul(sum, s), 2.0);
}

// The same for |s| < 2^-8.5: 1 + s^2/3 in double-double, and the rest
// (below 2^-34 of the sum) in double, which keeps its error under 2^-88.
dd log_ratio_near(double m, double c) {
  const dd s = div(dd{m - c, 0.0}, two_sum(m, c));
  const dd s2 = mul(s, s);
  const double t = s2.hi;
  const double rest = t * t * (1.0 / 5 + t * (1.0 / 7 + t * (1.0 / 9 + t * (1.0 / 11 + t / 13))));
  const dd sum = add(add(dd{1.0, 0.0}, mul(s2, odd_reciprocals()[1])), dd{rest, 0.0});
  return mul(mul(sum, s), 2.0);
}

// m is reduced to c = j/128 nearest it, so |s| < 2^-8.5 (log_ratio_near).
// log2(c) comes from a table made once with the full series around c = 1
// (|s| <= 0.1716, s^2 < 2^-5: 22 terms leave a tail below 2^-110).
constexpr int first_j = 90, last_j = 182;  // j/128 covers [sqrt(1/2), sqrt(2))

const dd* log2_of_steps() {
  static const struct table {
    dd v[last_j - first_j + 1];
    table() : v() {
      for (int j = first_j; j <= last_j; ++j) v[j - first_j] = mul(log_ratio(j / 128.0, 1.0, 22), inv_ln2);
    }
  } t;
  return t.v;
}

}  // namespace

double log2_exact(double x) {
  if (!(x > 0) || !std::isfinite(x)) return std::log2(x);
  int e = 0;
  double m = std::frexp(x, &e);  // exact: m in [0.5, 1)
  if (m < 0.70710678118654752) m *= 2.0, e -= 1;
  if (m == 1.0) return e;
  const int j = static_cast<int>(m * 128.0 + 0.5);
  const dd part = add(log2_of_steps()[j - first_j], mul(log_ratio_near(m, j / 128.0), inv_ln2));
  const dd r = add(dd{static_cast<double>(e), 0.0}, part);
  return r.hi + r.lo;
}

#ifndef __EMSCRIPTEN__
whole_log2::whole_log2() {
  static const std::vector<double> table = [] {
    std::vector<double> t(static_cast<std::size_t>(size));
    for (std::size_t i = 1; i < t.size(); ++i) t[i] = log2_exact(static_cast<double>(i));
    return t;
  }();
  table_ = table.data();
}
#endif

}  // namespace ndcg::detail
