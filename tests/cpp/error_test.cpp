// Tests for error.hpp: the table of codes, and echo(), the one way a
// message shows what it found.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <string_view>

#include "ndcg/error.hpp"
#include "support.hpp"

namespace error_test {

using namespace ndcg;

namespace {

bool kebab(std::string_view s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || c == '-')) return false;
  return true;
}

bool snake(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || c == '_')) return false;
  return true;
}

}  // namespace

TEST_CASE("every code has one unique kebab-case name and well-formed arg names") {
  std::set<std::string_view> names;
  std::size_t index = 0;
  for (const error_code_info& row : error_codes()) {
    CAPTURE(row.name);
    CHECK(static_cast<std::size_t>(row.code) == index++);
    CHECK(kebab(row.name));
    CHECK(names.insert(row.name).second);
    CHECK(name_of(row.code) == row.name);
    std::set<std::string> args;
    std::string_view rest = row.args;
    while (!rest.empty()) {
      const std::size_t comma = rest.find(',');
      const std::string_view one = rest.substr(0, comma);
      CHECK(snake(one));
      CHECK(args.insert(std::string(one)).second);
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
  }
  CHECK(names.count("bad-type") == 1);   // kept for the JS layer
  CHECK(names.count("restarting") == 1);
}

TEST_CASE("table_problem() finds a code used with the wrong args") {
  CHECK(test_support::table_problem(fail(error_code::not_a_number, "m").with("found", "x")).empty());
  CHECK_FALSE(test_support::table_problem(fail(error_code::not_a_number, "m")).empty());
  CHECK_FALSE(test_support::table_problem(fail(error_code::field_count, "m").with("found", "1").with("expected", "2")).empty());
  CHECK_FALSE(test_support::table_problem(fail(error_code::empty_input, "m").with("found", "x")).empty());
}

TEST_CASE("echo() quotes what it found, shows what is not printable UTF-8 as \\xNN and cuts at 40 bytes") {
  CHECK(echo("abc") == "\"abc\"");
  CHECK(echo("\xE4\xB8\xAD") == "\"\xE4\xB8\xAD\"");                 // valid UTF-8 stays
  CHECK(echo("a\tb\x7F") == "\"a\\x09b\\x7f\"");                     // control bytes
  CHECK(echo("\xFF") == "\"\\xff\"");                                 // not UTF-8
  CHECK(echo("\xC0\xAF") == "\"\\xc0\\xaf\"");                       // overlong '/'
  CHECK(echo("\xED\xA0\x80") == "\"\\xed\\xa0\\x80\"");              // a surrogate
  CHECK(echo("\xF4\x90\x80\x80") == "\"\\xf4\\x90\\x80\\x80\"");     // past U+10FFFF
  CHECK(echo("\xE4\xB8") == "\"\\xe4\\xb8\"");                       // cut short
  CHECK(echo(std::string(41, 'x')) == "\"" + std::string(40, 'x') + "...\"");
  // A character that would cross byte 40 is left out whole.
  CHECK(echo(std::string(39, 'x') + "\xE4\xB8\xAD") == "\"" + std::string(39, 'x') + "...\"");
}

}  // namespace error_test
