// Shortest round-trip decimal text for doubles, identical in every build.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ndcg/report.hpp"

namespace ndcg {
namespace {

// The fewest significant digits (1..17) whose %e text reads back as v.
// Round-tripping is monotonic in the digit count, so a binary search needs
// about four tries instead of up to seventeen.
int shortest_precision(double v, char* buf, std::size_t size) {
  auto round_trips = [&](int digits) {
    std::snprintf(buf, size, "%.*e", digits - 1, v);
    return std::strtod(buf, nullptr) == v;
  };
  int lo = 1, hi = 17;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (round_trips(mid)) hi = mid;
    else lo = mid + 1;
  }
  round_trips(lo);  // leave the shortest form in buf
  return lo;
}

std::string fixed_form(double v, const std::string& digits, int exponent) {
  const int n = static_cast<int>(digits.size());
  if (exponent < 0) return "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
  if (n <= exponent + 1) {
    // A whole number: to_chars prints its exact digits (they differ from
    // the shortest digits padded with zeros above 2^53).
    std::string whole(static_cast<std::size_t>(exponent + 2), '\0');
    std::snprintf(whole.data(), whole.size() + 1, "%.0f", v);
    whole.resize(static_cast<std::size_t>(exponent + 1));
    return whole;
  }
  return digits.substr(0, static_cast<std::size_t>(exponent + 1)) + "." +
         digits.substr(static_cast<std::size_t>(exponent + 1));
}

std::string scientific_form(const std::string& digits, int exponent) {
  std::string out = digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  char tail[16];
  std::snprintf(tail, sizeof tail, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
  return out + tail;
}

}  // namespace

std::string shortest(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (v == 0) return std::signbit(v) ? "-0" : "0";
  // Small whole numbers (grades, gains, weights) are common: below 1e5 their
  // decimal digits are never longer than the scientific form.
  if (std::fabs(v) < 1e5 && v == std::trunc(v)) return std::to_string(static_cast<long>(v));
  char buf[40];
  shortest_precision(std::fabs(v), buf, sizeof buf);
  // buf is "d.ddde±XX": split it into the digits and the exponent.
  std::string text(buf);
  std::size_t e = text.find('e');
  std::string digits = text.substr(0, 1) + (e > 2 ? text.substr(2, e - 2) : "");
  int exponent = std::atoi(text.c_str() + e + 1);
  std::string fixed = fixed_form(std::fabs(v), digits, exponent), sci = scientific_form(digits, exponent);
  // As std::to_chars: the shorter of the two, fixed when they tie.
  return (v < 0 ? "-" : "") + (sci.size() < fixed.size() ? sci : fixed);
}

}  // namespace ndcg
