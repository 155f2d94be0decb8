// The one reader and the one writer of number text (see ndcg/numbers.hpp).
#include "ndcg/numbers.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#define FMT_HEADER_ONLY
#include "base/powers_of_five.hpp"  // before fast_float, whose table it replaces
#include <fast_float/fast_float.h>
#include <fmt/format.h>

#include "base/text.hpp"

namespace ndcg {
namespace {

// The longest number text read: longer is not a number anyone writes.
constexpr std::size_t longest_number = 128;

// Folds full-width forms to ASCII into a stack buffer; false when empty or
// too long.
bool fold(std::string_view s, char (&buf)[longest_number], std::size_t& n) {
  n = detail::fold_ascii(s, buf, sizeof buf);
  return n != detail::npos && n != 0;
}

// Plain ASCII text folds to itself (the limits are the folded copy's).
bool plain_ascii(std::string_view s) {
  if (s.empty() || s.size() > longest_number) return false;
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

// fast_float reads "-x" itself; a leading '+' is ours to skip, once.
const char* after_plus(const char* p, const char* end) {
  if (p < end && *p == '+' && p + 1 < end && p[1] != '+' && p[1] != '-') return p + 1;
  return p;
}

// The exact decimal digits of a finite v >= 0, the last `frac` of them
// after the point (at least one before it): v = m * 2^k with a whole m of
// 53 bits is m * 2^k when k >= 0, else m * 5^-k / 10^-k. Built in base 10^9
// as printf builds it, so rounding them is exact too.
std::string exact_digits(double v, int& frac) {
  constexpr std::uint32_t base = 1000000000;
  int e2 = 0;
  const auto m = static_cast<std::uint64_t>(std::ldexp(std::frexp(v, &e2), 53));
  const int k = e2 - 53;
  frac = k < 0 ? -k : 0;
  std::vector<std::uint32_t> limbs = {static_cast<std::uint32_t>(m % base), static_cast<std::uint32_t>(m / base)};
  for (int left = k < 0 ? -k : k; left > 0;) {
    const int step = std::min(left, 13);  // 5^13 * 10^9 fits in 64 bits
    left -= step;
    std::uint64_t factor = 1;
    for (int i = 0; i < step; ++i) factor *= k < 0 ? 5 : 2;
    std::uint64_t carry = 0;
    for (std::uint32_t& limb : limbs) {
      carry += limb * factor;
      limb = static_cast<std::uint32_t>(carry % base);
      carry /= base;
    }
    for (; carry != 0; carry /= base) limbs.push_back(static_cast<std::uint32_t>(carry % base));
  }
  while (limbs.size() > 1 && limbs.back() == 0) limbs.pop_back();
  std::string out = std::to_string(limbs.back());
  for (std::size_t i = limbs.size() - 1; i-- > 0;) {
    const std::string part = std::to_string(limbs[i]);
    out.append(9 - part.size(), '0') += part;
  }
  if (out.size() <= static_cast<std::size_t>(frac)) out.insert(0, frac + 1 - out.size(), '0');
  return out;
}

// Keeps the first `keep` digits, rounding half to even on what is dropped
// (exact digits: a tie is a 5 and zeros only). True when the carry added a
// digit in front ("995" kept to 2 is "100").
bool round_digits(std::string& d, std::size_t keep) {
  if (keep >= d.size()) return false;
  const char first = d[keep];
  const bool above_half = d.find_first_not_of('0', keep + 1) != std::string::npos;
  const bool odd = keep > 0 && (d[keep - 1] - '0') % 2 == 1;
  d.resize(keep);
  if (first < '5' || (first == '5' && !above_half && !odd)) return false;
  for (std::size_t i = keep; i-- > 0;) {
    if (d[i] != '9') return ++d[i], false;
    d[i] = '0';
  }
  d.insert(d.begin(), '1');
  return true;
}

__extension__ typedef unsigned __int128 u128;

// fixed_text's common case without allocating digits: 0 <= v < 2^53 and
// decimals <= 17, where v * 10^decimals = m * 5^decimals * 2^(k + decimals)
// with m * 5^17 < 2^93 fits in 128 bits; the right shift rounds half to even.
std::string small_fixed(double v, int decimals) {
  int e2 = 0;
  u128 x = static_cast<std::uint64_t>(std::ldexp(std::frexp(v, &e2), 53));
  for (int i = 0; i < decimals; ++i) x *= 5;
  const int shift = e2 - 53 + decimals;
  if (shift >= 0) {
    x <<= shift;
  } else if (shift < -100) {
    x = 0;  // below 2^-7 of a unit: rounds to 0
  } else {
    const u128 kept = x >> -shift, rest = x - (kept << -shift), half = u128{1} << (-shift - 1);
    x = kept + ((rest > half || (rest == half && (kept & 1) != 0)) ? 1 : 0);
  }
  char buf[48];
  char* p = buf + sizeof buf;
  do {
    *--p = static_cast<char>('0' + static_cast<int>(x % 10));
    x /= 10;
  } while (x != 0 || buf + sizeof buf - p <= decimals);
  std::string d(p, buf + sizeof buf);
  if (decimals > 0) d.insert(d.end() - decimals, '.');
  return d;
}

// printf's spelling of what is not finite, after the sign.
std::string not_finite_text(double v) { return std::isnan(v) ? "nan" : "inf"; }

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
  int frac = 0;
  const std::string exact = exact_digits(v, frac);
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

// The grades of qrels files ("1", "0", "-1"): digits10 digits (18, or 9
// where a long has 32 bits, as in wasm) cannot overflow a long. Anything
// else goes to std::from_chars.
bool short_integer(std::string_view s, long& out) {
  const char* p = s.data();
  const char* const end = p + s.size();
  const bool negative = p != end && *p == '-';
  if (negative) ++p;
  std::uint64_t m = 0;
  const int n = detail::decimal_digits(p, end, m);
  if (n == 0 || n > std::numeric_limits<long>::digits10 || p != end) return false;
  out = negative ? -static_cast<long>(m) : static_cast<long>(m);
  return true;
}

// fast_float on the text, or on `buf` (folded) when the text is not ASCII.
number_status read_double(const char* start, const char* end, double& out) {
  const char* first = after_plus(start, end);
  double v = 0;
  detail::fill_powers_of_five();
  const auto r = fast_float::from_chars(first, end, v, fast_float::chars_format::general);
  if (r.ec != std::errc() || r.ptr != end) return number_status::not_a_number;
  // fast_float also reads "nan", "inf" and "infinity"; they and overflow
  // ("1e999") are named as not finite.
  if (!std::isfinite(v)) return number_status::not_finite;
  out = v;
  return number_status::ok;
}

number_status read_long(const char* start, const char* end, long& out) {
  const char* first = after_plus(start, end);
  long v = 0;
  const auto r = std::from_chars(first, end, v);
  if (r.ptr != end || first == end) return number_status::not_a_number;
  if (r.ec == std::errc::result_out_of_range) return number_status::out_of_range;
  if (r.ec != std::errc()) return number_status::not_a_number;
  out = v;
  return number_status::ok;
}

// Full-width digits, signs and points read as their ASCII twins: the text
// folded into a stack buffer, then read (out of line, so that the common
// calls carry no buffer).
template <class T>
[[gnu::noinline]] number_status read_folded(std::string_view text, T& out,
                                            number_status (*read)(const char*, const char*, T&)) {
  char buf[longest_number];
  std::size_t n = 0;
  if (!fold(text, buf, n)) return number_status::not_a_number;
  return read(buf, buf + n, out);
}

}  // namespace

#ifndef __EMSCRIPTEN__
namespace detail {
// Eisel and Lemire's rounding, fast_float's own: it says when it cannot
// decide (then fast_float reads the text whole, as read_number does).
bool exact_decimal(std::uint64_t m, int scale, bool negative, double& out) {
  fill_powers_of_five();
  using binary = fast_float::binary_format<double>;
  const fast_float::adjusted_mantissa am = fast_float::compute_float<binary>(scale, m);
  if (am.power2 < 0 || am.power2 == binary::infinite_power()) return false;  // undecided, or too large
  fast_float::to_float(negative, am, out);
  return true;
}
}  // namespace detail
#endif

// ASCII text is read where it is; a text that is not ASCII cannot be a
// number fast_float or from_chars accept, so only a failure folds it. Past
// longest_number bytes only a folded text that fits is read.
number_status read_number(std::string_view text, double& out) {
  if (detail::plain_decimal(text, out)) return number_status::ok;
  if (text.size() > longest_number) return read_folded(text, out, read_double);
  const number_status st = read_double(text.data(), text.data() + text.size(), out);
  if (st != number_status::not_a_number || plain_ascii(text)) return st;
  return read_folded(text, out, read_double);
}

number_status read_integer(std::string_view text, long& out) {
  if (short_integer(text, out)) return number_status::ok;
  if (text.size() > longest_number) return read_folded(text, out, read_long);
  const number_status st = read_long(text.data(), text.data() + text.size(), out);
  if (st != number_status::not_a_number || plain_ascii(text)) return st;
  return read_folded(text, out, read_long);
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

std::string fixed_text(double v, int decimals) {
  std::string out = std::signbit(v) ? "-" : "";
  if (!std::isfinite(v)) return out + not_finite_text(v);
  if (std::fabs(v) < 9007199254740992.0 && decimals >= 0 && decimals <= 17) return out + small_fixed(std::fabs(v), decimals);
  int frac = 0;
  std::string d = exact_digits(std::fabs(v), frac);
  if (frac <= decimals) d.append(static_cast<std::size_t>(decimals - frac), '0');
  else round_digits(d, d.size() - static_cast<std::size_t>(frac - decimals));
  if (decimals > 0) d.insert(d.end() - decimals, '.');
  return out + d;
}

std::string fixed_cell(double v, int decimals) {
  if (std::isnan(v)) return "n/a";
  std::string s = fixed_text(v, decimals);
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
  return s;
}

std::string significant_text(double v, int precision) {
  std::string out = std::signbit(v) ? "-" : "";
  if (!std::isfinite(v)) return out + not_finite_text(v);
  if (v == 0) return out + "0";
  int frac = 0;
  std::string d = exact_digits(std::fabs(v), frac);
  const std::size_t lead = d.find_first_not_of('0');
  int exponent = static_cast<int>(d.size()) - frac - 1 - static_cast<int>(lead);
  d.erase(0, lead);
  if (round_digits(d, static_cast<std::size_t>(precision))) ++exponent, d.pop_back();
  d.erase(std::max<std::size_t>(d.find_last_not_of('0') + 1, 1));
  if (exponent < -4 || exponent >= precision) {  // d.ddde+XX
    if (d.size() > 1) d.insert(1, 1, '.');
    const int e = exponent < 0 ? -exponent : exponent;
    return out + d + (exponent < 0 ? "e-" : "e+") + (e < 10 ? "0" : "") + std::to_string(e);
  }
  if (exponent < 0) return out + "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + d;
  if (d.size() <= static_cast<std::size_t>(exponent) + 1) return out + d.append(exponent + 1 - d.size(), '0');
  return out + d.insert(static_cast<std::size_t>(exponent) + 1, 1, '.');
}

}  // namespace ndcg
