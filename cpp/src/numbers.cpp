// The one reader and the one writer of number text (see ndcg/numbers.hpp).
#include "ndcg/numbers.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

#define FMT_HEADER_ONLY
#include <fast_float/fast_float.h>
#include <fmt/format.h>

#include "text.hpp"

namespace ndcg {
namespace {

// Folds full-width forms to ASCII into a stack buffer; false when empty or
// too long to be a number anyone would write.
bool fold(std::string_view s, char (&buf)[128], std::size_t& n) {
  n = detail::fold_ascii(s, buf, sizeof buf);
  return n != detail::npos && n != 0;
}

// fast_float reads "-x" itself; a leading '+' is ours to skip, once.
const char* after_plus(const char* p, const char* end) {
  if (p < end && *p == '+' && p + 1 < end && p[1] != '+' && p[1] != '-') return p + 1;
  return p;
}

__extension__ typedef unsigned __int128 u128;

// The exact digits of a whole double at or above 2^53 (below 10^23, where
// the fixed form can win): mantissa times a power of two, in 128 bits.
std::string exact_whole(double v) {
  int e2 = 0;
  const double m = std::frexp(v, &e2);  // v = m * 2^e2, 0.5 <= m < 1
  u128 x = static_cast<std::uint64_t>(std::ldexp(m, 53));
  x <<= (e2 - 53);
  std::string out;
  while (x != 0) {
    out.insert(out.begin(), static_cast<char>('0' + static_cast<int>(x % 10)));
    x /= 10;
  }
  return out;
}

// Writes digits[0..n) as the fixed form of digits * 10^(exponent - n + 1).
char* fixed_form(double v, const char* digits, int n, int exponent, char* out) {
  if (exponent < 0) {
    *out++ = '0', *out++ = '.';
    for (int i = 0; i < -exponent - 1; ++i) *out++ = '0';
    return std::copy(digits, digits + n, out);
  }
  if (n > exponent + 1) {
    out = std::copy(digits, digits + exponent + 1, out);
    *out++ = '.';
    return std::copy(digits + exponent + 1, digits + n, out);
  }
  // Whole: below 2^53 the shortest digits padded with zeros are exact;
  // above, std::to_chars prints the double's exact value.
  if (v < 9007199254740992.0) {
    out = std::copy(digits, digits + n, out);
    for (int i = n; i <= exponent; ++i) *out++ = '0';
    return out;
  }
  const std::string exact = exact_whole(v);
  return std::copy(exact.begin(), exact.end(), out);
}

// The length of the scientific form: "d.ddde+XX".
int scientific_length(int n, int exponent) {
  const int e = exponent < 0 ? -exponent : exponent;
  return n + (n > 1 ? 1 : 0) + 2 + (e >= 100 ? 3 : 2);
}

char* scientific_form(const char* digits, int n, int exponent, char* out) {
  *out++ = digits[0];
  if (n > 1) *out++ = '.', out = std::copy(digits + 1, digits + n, out);
  const int e = exponent < 0 ? -exponent : exponent;
  *out++ = 'e', *out++ = exponent < 0 ? '-' : '+';
  if (e >= 100) *out++ = static_cast<char>('0' + e / 100);
  *out++ = static_cast<char>('0' + e / 10 % 10), *out++ = static_cast<char>('0' + e % 10);
  return out;
}

}  // namespace

number_status read_number(std::string_view text, double& out) {
  char buf[128];
  std::size_t n = 0;
  if (!fold(text, buf, n)) return number_status::not_a_number;
  const char* end = buf + n;
  const char* first = after_plus(buf, end);
  double v = 0;
  const auto r = fast_float::from_chars(first, end, v, fast_float::chars_format::general);
  if (r.ec != std::errc() || r.ptr != end) return number_status::not_a_number;
  // fast_float also reads "nan", "inf" and "infinity"; they and overflow
  // ("1e999") are named as not finite.
  if (!std::isfinite(v)) return number_status::not_finite;
  out = v;
  return number_status::ok;
}

number_status read_integer(std::string_view text, long& out) {
  char buf[128];
  std::size_t n = 0;
  if (!fold(text, buf, n)) return number_status::not_a_number;
  const char* end = buf + n;
  const char* first = after_plus(buf, end);
  long v = 0;
  const auto r = std::from_chars(first, end, v);
  if (r.ptr != end || first == end) return number_status::not_a_number;
  if (r.ec == std::errc::result_out_of_range) return number_status::out_of_range;
  if (r.ec != std::errc()) return number_status::not_a_number;
  out = v;
  return number_status::ok;
}

char* write_shortest(double v, char* out) {
  if (std::isnan(v)) return std::copy_n("nan", 3, out);
  if (std::isinf(v)) return v < 0 ? std::copy_n("-inf", 4, out) : std::copy_n("inf", 3, out);
  if (std::signbit(v)) *out++ = '-';
  if (v == 0) return *out++ = '0', out;
  const double a = std::fabs(v);
  const auto dec = fmt::detail::dragonbox::to_decimal(a);
  char digits[24];
  const int n = static_cast<int>(std::to_chars(digits, digits + sizeof digits, dec.significand).ptr - digits);
  const int exponent = n - 1 + dec.exponent;
  // As std::to_chars: the shorter form, fixed on a tie.
  const int fixed = exponent < 0 ? n + 1 - exponent : n > exponent + 1 ? n + 1 : exponent + 1;
  if (scientific_length(n, exponent) < fixed) return scientific_form(digits, n, exponent, out);
  return fixed_form(a, digits, n, exponent, out);
}

std::string shortest(double v) {
  char buf[max_shortest];
  return std::string(buf, write_shortest(v, buf));
}

}  // namespace ndcg
