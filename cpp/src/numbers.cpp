// The one reader and the one writer of number text (see ndcg/numbers.hpp).
#include "ndcg/numbers.hpp"

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

std::string fixed_form(double v, const std::string& digits, int exponent) {
  const auto n = static_cast<int>(digits.size());
  if (exponent < 0) return "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
  if (n > exponent + 1) {
    const auto point = static_cast<std::size_t>(exponent + 1);
    return digits.substr(0, point) + "." + digits.substr(point);
  }
  // Whole: below 2^53 the shortest digits padded with zeros are exact;
  // above, std::to_chars prints the double's exact value. From 10^23 on
  // the scientific form is shorter, so only the length matters there.
  if (v < 9007199254740992.0 || exponent >= 23) return digits + std::string(static_cast<std::size_t>(exponent + 1 - n), '0');
  return exact_whole(v);
}

std::string scientific_form(const std::string& digits, int exponent) {
  std::string out = digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  const int e = exponent < 0 ? -exponent : exponent;
  out += exponent < 0 ? "e-" : "e+";
  if (e < 10) out += '0';
  return out + std::to_string(e);
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

std::string shortest(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (v == 0) return std::signbit(v) ? "-0" : "0";
  const double a = std::fabs(v);
  const auto dec = fmt::detail::dragonbox::to_decimal(a);
  const std::string digits = std::to_string(dec.significand);
  const int exponent = static_cast<int>(digits.size()) - 1 + dec.exponent;
  std::string fixed = fixed_form(a, digits, exponent), sci = scientific_form(digits, exponent);
  return (v < 0 ? "-" : "") + (sci.size() < fixed.size() ? sci : fixed);
}

}  // namespace ndcg
