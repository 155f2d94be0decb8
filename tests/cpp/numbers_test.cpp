// The one reader and the one writer of number text: one table of accepted
// and refused numbers, read alike by the CLI's flags, the parsers and the
// trec measure parameters; shortest() against std::to_chars.
#include <doctest/doctest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "base/powers_of_five.hpp"
#include "base/text.hpp"
#include "cli.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/trec.hpp"

namespace numbers_test {

using namespace ndcg;

namespace {

struct number_case {
  const char* text;
  bool accepted;
  double value;  // when accepted
};

// The README's input section states these rules; change both together.
const number_case number_table[] = {
    {"3", true, 3},           {"-2", true, -2},         {"+2", true, 2},
    {"0.5", true, 0.5},       {".5", true, 0.5},        {"5.", true, 5},
    {"1e3", true, 1000},      {"1E-3", true, 0.001},    {"2.5e+2", true, 250},
    {"-0", true, -0.0},       {"007", true, 7},         {"\xEF\xBC\x93\xEF\xBC\x8E\xEF\xBC\x95", true, 3.5},
    {"\xE2\x88\x92" "1", true, -1},
    {"0x10", false, 0},       {"1_000", false, 0},      {"3abc", false, 0},
    {"e3", false, 0},         {".", false, 0},          {"+-3", false, 0},
    {"--3", false, 0},        {"++3", false, 0},        {"1e", false, 0},
    {"1e+", false, 0},        {"nan", false, 0},        {"inf", false, 0},
    {"-Infinity", false, 0},  {"1e999", false, 0},      {"0b1", false, 0},
    {"1.2.3", false, 0},      {"\xD9\xA1", false, 0},   {"3%", false, 0},
};

int cli_status(const std::vector<std::string>& args) {
  std::istringstream in;
  std::ostringstream out, err;
  return run_cli(args, in, out, err);
}

bool trec_accepts_gain(const std::string& text) {
  trec_options o;
  o.measures = {"ndcg.1=" + text};
  return static_cast<bool>(evaluate_trec("q 0 d1 1\n", "q Q0 d1 1 0.5 r\n", o));
}

}  // namespace

TEST_CASE("one table of numbers: the reader, CLI flags, every parser and trec parameters agree") {
  for (const number_case& c : number_table) {
    CAPTURE(c.text);
    double v = 0;
    const bool read = read_number(c.text, v) == number_status::ok;
    CHECK(read == c.accepted);
    if (c.accepted) {
      CHECK(v == c.value);
      CHECK(std::signbit(v) == std::signbit(c.value));
    }
    CHECK((cli_status({"explain", "--relevance-level", c.text, "3", "2"}) == 0) == c.accepted);
    CHECK((cli_status({"explain", "--relevance-level=" + std::string(c.text), "3", "2"}) == 0) == c.accepted);
    CHECK(static_cast<bool>(parse_ranking(c.text)) == c.accepted);
    CHECK(static_cast<bool>(parse_ranking(std::string("d1 ") + c.text)) == c.accepted);
    CHECK(static_cast<bool>(parse_ranking(std::string("id,rel\nd1,") + c.text + "\n")) == c.accepted);
    CHECK(static_cast<bool>(parse_ranking(std::string("q Q0 d1 1 ") + c.text + " run\n")) == c.accepted);
    CHECK(trec_accepts_gain(c.text) == c.accepted);
  }
}

TEST_CASE("decimals as run files write them, read on the fast path, are strtod's doubles to the bit") {
  // Run files hold millions of scores such as 2.9, -0.4375 or 1.055058e+01:
  // read_number multiplies or divides their whole digits by an exact power
  // of ten there (one rounding, as strtod rounds). Random shapes: up to 19
  // digits, a dot anywhere, an exponent of up to 3 digits, and the bad
  // shapes around them, each read as strtod reads it (or refused where
  // strtod stops early).
  std::mt19937_64 gen(7);
  const char digits[] = "0123456789";
  std::size_t tried = 0;
  for (int length = 1; length <= 19; ++length)
    for (int round = 0; round < 3000; ++round) {
      std::string s;
      if (gen() % 3 == 0) s += '-';
      const int dot = static_cast<int>(gen() % static_cast<unsigned>(length + 1)) - 1;  // -1: no dot
      for (int i = 0; i < length; ++i) s += i == dot ? '.' : digits[gen() % 10];
      if (gen() % 3 == 0) {
        s += "eE"[gen() % 2];
        const char* signs[] = {"", "+", "-"};
        s += signs[gen() % 3];
        for (unsigned i = gen() % 4; i > 0; --i) s += digits[gen() % 10];
      }
      CAPTURE(s);
      double v = 0;
      const number_status st = read_number(s, v);
      char* stop = nullptr;
      const double want = std::strtod(s.c_str(), &stop);
      const bool whole = stop == s.c_str() + s.size();
      if (!whole) {
        CHECK(st == number_status::not_a_number);
        continue;
      }
      if (!std::isfinite(want)) {
        CHECK(st == number_status::not_finite);
        continue;
      }
      REQUIRE(st == number_status::ok);
      CHECK(std::memcmp(&v, &want, sizeof v) == 0);
      ++tried;
    }
  CHECK(tried > 40000);
}

TEST_CASE("doubles written with 15 to 17 digits, as Python and C write scores, read back to the bit") {
  // 16 and 17 digits make a whole mantissa past 2^53: read by Eisel and
  // Lemire's rounding where they are, as strtod reads them.
  std::mt19937_64 gen(11);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::size_t tried = 0;
  for (int e = -30; e <= 30; ++e)
    for (int round = 0; round < 400; ++round) {
      const double x = unit(gen) * std::pow(10.0, e);
      for (const char* form : {"%.15g", "%.16g", "%.17g", "%.17e", "%.16f"}) {
        char text[64];
        std::snprintf(text, sizeof text, form, x);
        CAPTURE(text);
        double v = 0;
        REQUIRE(read_number(text, v) == number_status::ok);
        const double want = std::strtod(text, nullptr);
        CHECK(std::memcmp(&v, &want, sizeof v) == 0);
        ++tried;
      }
    }
  CHECK(tried == 61 * 400 * 5);
}

TEST_CASE("19-digit mantissas at the double range's edges read as strtod reads them, inline or not") {
  // Whole mantissas past 2^53 of up to 19 digits are rounded by Eisel and
  // Lemire's method where it decides; underflow, subnormals, the largest
  // double and overflow go the same way as strtod, and the run reader's
  // inline read (read_decimal) says what read_number says.
  const char* texts[] = {"9007199254740993", "9007199254740992.5", "1234567890123456789", "12345678901234567890",
                         "18446744073709551615", "9.999999999999999999", "0.30000000000000004",
                         "4.94065645841246544e-324", "2.47032822920623272e-324", "2.2250738585072011e-308",
                         "123456789012345678e-330", "1.7976931348623157e308", "1.797693134862315807e308",
                         "1.7976931348623159e308", "1234567890123456789e300", "-22.316892425880432",
                         "12345678.12345678", "0.000000000000000000001", "1e-400", "-0.0000000000000000000"};
  for (const char* text : texts) {
    CAPTURE(text);
    char* stop = nullptr;
    const double want = std::strtod(text, &stop);
    double v = 0, inline_v = 0;
    const number_status st = read_number(text, v);
    CHECK(detail::read_decimal(text, inline_v) == st);
    if (!std::isfinite(want)) {
      CHECK(st == number_status::not_finite);
      continue;
    }
    REQUIRE(st == number_status::ok);
    CHECK(std::memcmp(&v, &want, sizeof v) == 0);
    CHECK(std::memcmp(&inline_v, &want, sizeof v) == 0);
  }
}

TEST_CASE("whole numbers as qrels write them, read on the fast path, are from_chars' to the last digit") {
  std::mt19937_64 gen(9);
  for (int length = 1; length <= 20; ++length)
    for (int round = 0; round < 500; ++round) {
      std::string s = gen() % 3 == 0 ? "-" : "";
      for (int i = 0; i < length; ++i) s += static_cast<char>('0' + gen() % 10);
      CAPTURE(s);
      long v = 0, want = 0;
      const auto r = std::from_chars(s.data(), s.data() + s.size(), want);
      const number_status st = read_integer(s, v);
      if (r.ec == std::errc::result_out_of_range) {
        CHECK(st == number_status::out_of_range);
        continue;
      }
      REQUIRE(st == number_status::ok);
      CHECK(v == want);
    }
}

TEST_CASE("whole numbers: a sign and digits, nothing else; too large is out of range") {
  long v = 0;
  CHECK(read_integer("42", v) == number_status::ok);
  CHECK(v == 42);
  CHECK(read_integer("+3", v) == number_status::ok);
  CHECK(v == 3);
  CHECK(read_integer("-3", v) == number_status::ok);
  CHECK(v == -3);
  for (const char* bad : {"1.0", "1e3", "0x10", "", "+", "-", "+-1", " 1", "1 "}) {
    CAPTURE(bad);
    CHECK(read_integer(bad, v) == number_status::not_a_number);
  }
  CHECK(read_integer("99999999999999999999999", v) == number_status::out_of_range);
}

TEST_CASE("shortest() writes the edge values as std::to_chars does") {
  const double min_sub = std::numeric_limits<double>::denorm_min();
  const std::pair<double, const char*> table[] = {
      {0.0, "0"},
      {-0.0, "-0"},
      {min_sub, "5e-324"},
      {std::numeric_limits<double>::min(), "2.2250738585072014e-308"},
      {std::numeric_limits<double>::max(), "1.7976931348623157e+308"},
      {9007199254740992.0, "9007199254740992"},
      {18014398509481984.0, "18014398509481984"},
      {1e22, "1e+22"},
      {123456789012345680000.0, "123456789012345683968"},  // exact digits, as to_chars,
      {0.1, "0.1"},
      {1e-7, "1e-07"},
      {0.9490301792919195, "0.9490301792919195"},
      {std::numeric_limits<double>::infinity(), "inf"},
  };
  for (const auto& row : table) {
    CAPTURE(row.second);
    CHECK(shortest(row.first) == row.second);
  }
}

#if !defined(__EMSCRIPTEN__)  // Emscripten 3.1.6's libc++ has no floating to_chars
namespace {
std::string to_chars_text(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}
}  // namespace

TEST_CASE("shortest() equals std::to_chars on millions of doubles and every whole number up to 2^53 tried") {
  std::mt19937_64 g(20240901);
  std::size_t differ = 0;
  for (int i = 0; i < 3000000; ++i) {
    const std::uint64_t bits = g();
    double v = 0;
    std::memcpy(&v, &bits, sizeof v);
    if (i % 3 == 1) v = std::ldexp(static_cast<double>(bits >> 11), -53) * 100;  // everyday magnitudes
    if (i % 3 == 2) v = static_cast<double>(bits >> (11 + i % 53));                // whole numbers up to 2^53
    if (!std::isfinite(v)) continue;
    if (shortest(v) != to_chars_text(v) && ++differ < 5) CHECK(shortest(v) == to_chars_text(v));
  }
  CHECK(differ == 0);
  for (double v = std::numeric_limits<double>::denorm_min(), k = 0; k < 60; v *= 3, ++k) CHECK(shortest(v) == to_chars_text(v));
  for (std::uint64_t w = 1; w <= (1ull << 53); w = w * 7 + 1) {
    CHECK(shortest(static_cast<double>(w)) == to_chars_text(static_cast<double>(w)));
    CHECK(shortest(-static_cast<double>(w)) == to_chars_text(-static_cast<double>(w)));
  }
}
#endif

namespace {
std::string file_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

std::string cli_out(const std::vector<std::string>& args) {
  std::istringstream in;
  std::ostringstream out, err;
  CHECK(run_cli(args, in, out, err) == 0);
  return out.str();
}
}  // namespace

// tests/data/golden holds JSON written by the build before the number
// libraries came in: the output must not change by one byte.
TEST_CASE("the JSON of the worked example and of a parity query is unchanged to the byte") {
  const std::string g = std::string(NDCG_TEST_DATA) + "/golden/";
  CHECK(cli_out({"explain", "--k", "10", "--format", "json", "3", "2", "0", "1", "0", "0", "2", "1", "0", "0"}) ==
        file_text(g + "worked.json"));
  CHECK(cli_out({"explain", "--format", "json", "--weights", "2,1.5", "--decimals", "17", "--k", "7", "--log-base", "10",
                 "--gain", "linear", "3", "2.5", "0", "1e-3", "7", "1e22", "0.1"}) == file_text(g + "weighted.json"));
  CHECK(cli_out({"explain", "--format", "json", "--preset", "trec_eval", "--qrels", g + "set1-481.qrels", "-f",
                 g + "set1-481.run"}) == file_text(g + "set1-481.json"));
}

namespace {
std::string printf_text(const char* format, int precision, double v) {
  char buf[1200];
  std::snprintf(buf, sizeof buf, format, precision, v);
  return buf;
}

// Doubles of every kind: any bit pattern, everyday magnitudes, values a
// few units of the last place from a decimal tie, and exact ties (k / 2^n).
double sample(std::mt19937_64& g, int i) {
  const std::uint64_t bits = g();
  double v = 0;
  std::memcpy(&v, &bits, sizeof v);
  switch (i % 4) {
    case 1: return std::ldexp(static_cast<double>(bits >> 11), -53) * std::pow(10.0, static_cast<int>(bits % 9) - 3);
    case 2: return std::nextafter(std::round(v * 1000) / 1000 + 0.0005, (bits & 1) ? 1e300 : -1e300);
    case 3: return static_cast<double>(static_cast<std::int64_t>(bits >> 40) - (1ll << 23)) / static_cast<double>(1ull << (bits % 30));
    default: return v;
  }
}
}  // namespace

TEST_CASE("fixed_text() and significant_text() write what printf's %.*f and %.*g write") {
  std::mt19937_64 g(20250301);
  std::size_t differ = 0, tried = 0;
  for (int i = 0; i < 400000; ++i) {
    const double v = sample(g, i);
    if (!std::isfinite(v) || std::fabs(v) > 1e40) continue;
    const int d = static_cast<int>(g() % 18);
    ++tried;
    if (fixed_text(v, d) != printf_text("%.*f", d, v) && ++differ < 5) CHECK(fixed_text(v, d) == printf_text("%.*f", d, v));
    const int p = 1 + static_cast<int>(g() % 17);
    if (significant_text(v, p) != printf_text("%.*g", p, v) && ++differ < 5) CHECK(significant_text(v, p) == printf_text("%.*g", p, v));
  }
  CHECK(differ == 0);
  CHECK(tried > 300000);
  const double edges[] = {0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 1.005, 1.015, 9.9999999, 99.995, 1e-5, 1e-4, 0.0001234,
                          5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, 1e21, 1e17,
                          123456789012345678.0, 9007199254740993.0, 0.9490301792919195, 11.210318626022309};
  for (const double v : edges) {
    for (int d = 0; d <= 17; ++d) CHECK(fixed_text(v, d) == printf_text("%.*f", d, v));
    for (int p = 1; p <= 17; ++p) CHECK(significant_text(v, p) == printf_text("%.*g", p, v));
  }
  CHECK(fixed_text(1.005, 2) == "1.00");
  CHECK(fixed_text(0.125, 2) == "0.12");
  CHECK(fixed_text(-0.0, 3) == "-0.000");
  CHECK(fixed_text(1e22, 1) == "10000000000000000000000.0");
  CHECK(significant_text(0.1, 17) == "0.10000000000000001");
  CHECK(significant_text(1e-5, 17) == "1.0000000000000001e-05");
  CHECK(fixed_text(std::nan(""), 2) == "nan");
  CHECK(fixed_text(-HUGE_VAL, 2) == "-inf");
}

TEST_CASE("a number text past 128 bytes is refused unless it folds to 128 or fewer") {
  double v = 0;
  long n = 0;
  const std::string zeros(140, '0');
  CHECK(read_number(zeros, v) == number_status::not_a_number);
  CHECK(read_integer(zeros, n) == number_status::not_a_number);
  std::string wide;  // 50 full-width digits: 150 bytes, 50 once folded
  for (int i = 0; i < 50; ++i) wide += i == 49 ? "\xEF\xBC\x97" : "\xEF\xBC\x90";  // ０…０７
  CHECK(read_number(wide, v) == number_status::ok);
  CHECK(v == 7);
  CHECK(read_integer(wide, n) == number_status::ok);
  CHECK(n == 7);
}

TEST_CASE("the powers of five computed for fast_float are its header's table to the bit") {
  detail::fill_powers_of_five();
  using computed = fast_float::powers_template<void>;
  using stored = fast_float::powers_template<int>;  // the header's own table
  REQUIRE(computed::number_of_entries == stored::number_of_entries);
  REQUIRE(computed::number_of_entries == 2 * (308 + 342 + 1));
  int wrong = 0;
  for (int i = 0; i < stored::number_of_entries; ++i) wrong += computed::power_of_five_128[i] != stored::power_of_five_128[i];
  CHECK(wrong == 0);
  // By hand: 5^0 and 5^1 with their leading bit at bit 127; 5^-1 is
  // 2^130 / 5 = 0xCCCC...CCCC.CC, rounded down, plus one.
  const auto entry = [](int q, int word) { return computed::power_of_five_128[2 * (q + 342) + word]; };
  CHECK(entry(0, 0) == 0x8000000000000000u);
  CHECK(entry(0, 1) == 0u);
  CHECK(entry(1, 0) == 0xa000000000000000u);
  CHECK(entry(-1, 0) == 0xccccccccccccccccu);
  CHECK(entry(-1, 1) == 0xcccccccccccccccdu);
  // A second call leaves the table as it is.
  detail::fill_powers_of_five();
  CHECK(entry(1, 0) == 0xa000000000000000u);
}

}  // namespace numbers_test
