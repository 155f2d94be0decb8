// Tests for pipeline.hpp: errors on the way from text to an explanation
// leave structured, with the code, the input they are in, the place and
// the values the code names.
#include <doctest/doctest.h>

#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "ndcg/pipeline.hpp"
#include "support.hpp"

namespace pipeline_test {

using namespace ndcg;
using test_support::table_problem;

namespace {

using args = std::vector<std::pair<std::string, std::string>>;

// One bad input, the options it is read under, and the error it must give.
struct structured_case {
  std::string name;
  std::string ranking;
  std::string judgments;
  void (*tweak)(options&, limits&);
  std::string code;
  std::string source;
  std::string key;
  std::size_t line;
  std::size_t column;
  args values;
};

void none(options&, limits&) {}

void check_case(const structured_case& c) {
  CAPTURE(c.name);
  options opt;
  limits lim;
  c.tweak(opt, lim);
  const auto r = explain_text(c.ranking, c.judgments, opt, lim);
  if (r.ok()) {
    FAIL_CHECK("explained without an error");
    return;
  }
  const error& e = r.err();
  CAPTURE(e.message);
  CHECK(name_of(e.code) == c.code);
  CHECK(e.source == c.source);
  CHECK(e.key == c.key);
  CHECK(e.line == c.line);
  CHECK(e.column == c.column);
  CHECK(e.args.size() == c.values.size());
  for (std::size_t i = 0; i < c.values.size() && i < e.args.size(); ++i) {
    CHECK(e.args[i].name == c.values[i].first);
    CHECK(e.args[i].value == c.values[i].second);
  }
  CHECK_MESSAGE(table_problem(e).empty(), table_problem(e));
}

}  // namespace

TEST_CASE("bad input leaves with its code, input, place and values") {
  const std::vector<structured_case> cases = {
      {"a word among grades", "3 x", "", none, "not-a-number", "ranking", "", 1, 3, {{"found", "x"}}},
      {"an empty cell", "3,,2", "", none, "empty-field", "ranking", "", 1, 3, {{"found", "3,,2"}}},
      {"an empty CSV id", "id,rel\n ,3", "", none, "empty-field", "ranking", "", 2, 2, {{"found", " ,3"}}},
      {"an id twice in the judgments", "a 0.5 1\nb 0.2 0", "a 1\na 2", none, "duplicate-id", "judgments", "", 2, 1,
       {{"found", "a"}, {"first_line", "1"}}},
      {"a CSV row too long", "id,rel\nd1,3,4", "", none, "field-count", "ranking", "", 2, 6,
       {{"expected", "2"}, {"found", "3"}}},
      {"too many items", "3 2 1", "", [](options&, limits& l) { l.max_items = 2; }, "too-large", "ranking", "", 1, 5,
       {{"limit", "2"}}},
      {"too many bytes", "3 2 1", "", [](options&, limits& l) { l.max_bytes = 3; }, "too-large", "ranking", "", 0, 0,
       {{"limit", "3"}}},
      {"a NUL byte", std::string("3 \0", 3), "", none, "binary-input", "ranking", "", 1, 3, {}},
      {"an open quote", "id,rel\n\"d1,3", "", none, "unclosed-quote", "ranking", "", 2, 1, {}},
      {"two grade columns", "rel,grade\n1,2", "", none, "duplicate-column", "ranking", "", 1, 5,
       {{"found", "grade"}, {"first", "rel"}}},
      {"no grade column", "id,score\nd1,1", "", none, "no-grade-column", "ranking", "", 1, 1, {{"found", "id,score"}}},
      {"two labels", "a: 3 2 1\nb: 1 0", "", none, "several-labels", "ranking", "", 2, 1, {{"found", "b:"}, {"first", "a:"}}},
      {"a label and bare grades", "3 2\na: 1 0", "", none, "mixed-formats", "ranking", "", 2, 1, {{"found", "a:"}}},
      {"a run of two queries", "q Q0 a 1 1 t\nr Q0 b 1 1 t", "", none, "several-queries", "ranking", "", 2, 1,
       {{"found", "r"}, {"first", "q"}, {"count", "2"}, {"queries", "q, r"}}},
      {"a run without judgments", "q Q0 a 1 1 t", "", none, "no-grades", "ranking", "", 0, 0, {}},
      {"a run as judgments", "a 0.5 1", "q Q0 a 1 1 t", none, "no-grades", "judgments", "", 1, 1, {}},
      {"grades as judgments", "a 0.5 1", "3 2", none, "no-ids", "judgments", "", 1, 1, {}},
      {"a grade too large for a long", "q 0 a 99999999999999999999", "", none, "out-of-range", "ranking", "", 1, 7,
       {{"found", "99999999999999999999"},
        {"min", std::to_string(std::numeric_limits<long>::min())},
        {"max", std::to_string(std::numeric_limits<long>::max())}}},
      {"a negative grade", "3 -1", "", none, "out-of-range", "ranking", "", 1, 3,
       {{"found", "-1"}, {"min", "0"}, {"max", ""}}},
      {"a negative judged grade", "a 0.5 1\nb 0.2 0", "a -1\nb 2", none, "out-of-range", "judgments", "", 1, 3,
       {{"found", "-1"}, {"min", "0"}, {"max", ""}}},
      {"a grade above the largest", "3 5", "", [](options& o, limits&) { o.max_grade = 4; }, "out-of-range", "ranking",
       "", 1, 3, {{"found", "5"}, {"min", ""}, {"max", "4"}}},
      {"a grade that is not whole", "2.5", "", [](options& o, limits&) { o.integer_grades = true; }, "not-whole",
       "ranking", "", 1, 1, {{"found", "2.5"}}},
      {"a grade past the gain table", "1 5", "",
       [](options& o, limits&) {
         o.gain = gain_kind::table;
         o.gain_table = {0, 1, 3};
       },
       "no-gain-entry", "ranking", "", 1, 3, {{"found", "5"}, {"max", "2"}}},
      {"a gain that overflows", "2000", "", none, "gain-overflow", "ranking", "", 1, 1, {{"found", "2000"}}},
      {"sums that overflow", "3 2", "", [](options& o, limits&) { o.weights = {1e308, 1e308}; }, "sum-overflow",
       "ranking", "", 0, 0, {}},
      {"every grade dropped", "-1 -2", "", [](options& o, limits&) { o.negatives = negative_policy::drop; },
       "all-dropped", "ranking", "", 0, 0, {}},
      {"a log base of 1", "3 2", "", [](options& o, limits&) { o.log_base = 1; }, "out-of-range", "options",
       "log_base", 0, 0, {{"found", "1"}, {"min", "1"}, {"max", ""}}},
  };
  for (const structured_case& c : cases) check_case(c);
}

TEST_CASE("too many grades from an array is too-large in the ranking") {
  limits lim;
  lim.max_items = 2;
  const auto r = explain_grades({3, 2, 1}, "", options{}, lim);
  REQUIRE_FALSE(r.ok());
  CHECK(r.err().message == "too many grades: 3 (the limit is 2)");
  CHECK(name_of(r.err().code) == "too-large");
  CHECK(r.err().source == "ranking");
  CHECK(test_support::arg(r.err(), "limit") == "2");
  CHECK(table_problem(r.err()).empty());
}

}  // namespace pipeline_test
