// Tests for parse.hpp: every format people paste, and malformed input
// answered with the exact message, line and column.
#include <doctest/doctest.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/parse.hpp"

using namespace ndcg;
using namespace std::string_literals;

namespace {

// One malformed input and the error it must give.
struct bad_case {
  const char* name;
  std::string input;
  std::size_t line;
  std::size_t column;
  std::string message;
};

template <class Parse>
void check_errors(const std::vector<bad_case>& cases, Parse parse) {
  for (const auto& c : cases) {
    CAPTURE(c.name);
    const auto r = parse(c.input);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == c.message);
    CHECK(r.err().line == c.line);
    CHECK(r.err().column == c.column);
  }
}

}  // namespace

// ---- TREC runs --------------------------------------------------------------

TEST_CASE("a run groups lines by query in order of first appearance") {
  const std::string text =
      "q2 Q0 d1 1 3.5 tag\n"
      "q1 Q0 d1 1 2 tag\n"
      "q2 Q0 d2 2 -1e0 tag\n"
      "\n"
      "# a comment\n"
      "q1\tQ0\td9\t7\t0e0\ttag\n";
  const auto r = parse_run(text);
  REQUIRE(r.ok());
  REQUIRE(r->queries.size() == 2);
  CHECK(r->lines == 4);
  CHECK(r->queries[0].qid == "q2");
  CHECK(r->queries[1].qid == "q1");
  REQUIRE(r->queries[0].entries.size() == 2);
  CHECK(r->queries[0].entries[0].docid == "d1");
  CHECK(r->queries[0].entries[0].score == 3.5);
  CHECK(r->queries[0].entries[0].line == 1);
  CHECK(r->queries[0].entries[1].docid == "d2");
  CHECK(r->queries[0].entries[1].score == -1.0);
  CHECK(r->queries[0].entries[1].line == 3);
  REQUIRE(r->queries[1].entries.size() == 2);
  CHECK(r->queries[1].entries[1].docid == "d9");
  CHECK(r->queries[1].entries[1].line == 6);
}

TEST_CASE("run docids are byte strings and scores read as the same double however written") {
  const auto r = parse_run("1 Q0 7 1 0 x\n1 Q0 007 2 -0.0 x\n1 Q0 07 3 0e0 x\n1 Q0 8 4 1e0 x\n");
  REQUIRE(r.ok());
  const auto& e = r->queries.at(0).entries;
  REQUIRE(e.size() == 4);
  CHECK(e[0].docid == "7");
  CHECK(e[1].docid == "007");
  CHECK(e[0].score == e[1].score);
  CHECK(e[1].score == e[2].score);
  CHECK(e[3].score == 1.0);
}

TEST_CASE("a run ignores the Q0, rank and tag fields") {
  const auto r = parse_run("q Q1 a x 0.5 tag-1\nq whatever b 1.5 0.25 7\n");
  REQUIRE(r.ok());
  CHECK(r->queries.at(0).entries.size() == 2);
}

TEST_CASE("an empty run or one of blank lines and comments has no queries") {
  for (const char* text : {"", "\n\n", "# only a comment\r\n  \t\n"}) {
    CAPTURE(text);
    const auto r = parse_run(text);
    REQUIRE(r.ok());
    CHECK(r->queries.empty());
    CHECK(r->lines == 0);
  }
}

TEST_CASE("run line ends may be LF, CRLF or a lone CR, and a BOM is skipped") {
  for (const char* text : {"q Q0 a 1 1 t\nq Q0 b 2 0.5 t\n", "q Q0 a 1 1 t\r\nq Q0 b 2 0.5 t\r\n",
                           "q Q0 a 1 1 t\rq Q0 b 2 0.5 t", "\xEF\xBB\xBFq Q0 a 1 1 t\nq Q0 b 2 0.5 t"}) {
    CAPTURE(text);
    const auto r = parse_run(text);
    REQUIRE(r.ok());
    REQUIRE(r->queries.size() == 1);
    CHECK(r->queries[0].qid == "q");
    REQUIRE(r->queries[0].entries.size() == 2);
    CHECK(r->queries[0].entries[1].docid == "b");
    CHECK(r->queries[0].entries[1].line == 2);
  }
}

TEST_CASE("a large run parses with every line kept") {
  std::string text;
  for (int i = 0; i < 20000; ++i) {
    text += "q" + std::to_string(i % 7) + " Q0 doc" + std::to_string(i) + " " + std::to_string(i) + " " +
            std::to_string(i % 100) + ".25 tag\n";
  }
  const auto r = parse_run(text);
  REQUIRE(r.ok());
  CHECK(r->lines == 20000);
  CHECK(r->queries.size() == 7);
  CHECK(r->queries[3].entries.back().score == doctest::Approx(95.25));
}

TEST_CASE("malformed runs are refused with the place and what was found") {
  check_errors(
      {
          {"too few fields", "q Q0 d 1 0.5\n", 1, 13, "expected 6 fields (qid Q0 docid rank score tag), got 5"},
          {"too many fields", "q Q0 d 1 0.5 t extra\n", 1, 16,
           "expected 6 fields (qid Q0 docid rank score tag), got 7"},
          {"qrels given as a run", "q Q0 d1 1 0.5 x\nq 0 d 1\n", 2, 8,
           "expected 6 fields (qid Q0 docid rank score tag), got 4 (is this qrels?)"},
          {"score not a number", "q Q0 d 1 high t\n", 1, 10, "expected a score (a number), got \"high\""},
          {"score with a tail", "q Q0 d 1 0.5x t\n", 1, 10, "expected a score (a number), got \"0.5x\""},
          {"score in hex", "q Q0 d 1 0x10 t\n", 1, 10, "expected a score (a number), got \"0x10\""},
          {"score NaN", "q Q0 d 1 NaN t\n", 1, 10,
           "expected a score (a number), got \"NaN\", which is not a finite number"},
          {"score inf", "q Q0 d 1 -inf t\n", 1, 10,
           "expected a score (a number), got \"-inf\", which is not a finite number"},
          {"score overflows", "q Q0 d 1 1e999 t\n", 1, 10,
           "expected a score (a number), got \"1e999\", which is not a finite number"},
          {"docid repeated", "q Q0 d 1 1 t\nr Q0 d 1 1 t\n\nq Q0 d 2 0 t\n", 4, 6,
           "expected each docid once per query, got \"d\" again in query \"q\" (first on line 1)"},
          {"NUL byte", "q Q0 d 1 1 t\nq Q0 e\0 2 1 t\n"s, 2, 7, "expected text, got a NUL byte (is this a binary file?)"},
          {"long echo truncated", "q Q0 d 1 " + std::string(60, '9') + "z t\n", 1, 10,
           "expected a score (a number), got \"" + std::string(40, '9') + "...\""},
      },
      [](const std::string& s) { return parse_run(s); });
}

TEST_CASE("limits on a run give a clear message") {
  limits lim;
  SUBCASE("whole input") {
    lim.max_bytes = 10;
    const auto r = parse_run("q Q0 d 1 1 t\n", lim);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == "expected at most 10 bytes of input, got 13");
    CHECK(r.err().line == 0);
  }
  SUBCASE("one line") {
    lim.max_line = 12;
    const auto r = parse_run("q Q0 d 1 1 t\nq Q0 e 1 1 tag\n", lim);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == "expected lines of at most 12 bytes, got one of 14");
    CHECK(r.err().line == 2);
    CHECK(r.err().column == 13);
  }
  SUBCASE("lines") {
    lim.max_items = 2;
    const auto r = parse_run("q Q0 a 1 1 t\nq Q0 b 1 1 t\n q Q0 c 1 1 t\n", lim);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == "expected at most 2 lines, got more");
    CHECK(r.err().line == 3);
    CHECK(r.err().column == 2);
  }
}

// ---- qrels and subtopic qrels -----------------------------------------------

TEST_CASE("qrels keep their queries and judgments in file order, negative grades too") {
  const auto r = parse_qrels("481 0 DOC-171 0\n481 0 X(115 -1\n# note\n500 0 \"173 2\n481 Q0 d 1\n");
  REQUIRE(r.ok());
  REQUIRE(r->queries.size() == 2);
  CHECK(r->queries[0].qid == "481");
  REQUIRE(r->queries[0].entries.size() == 3);
  CHECK(r->queries[0].entries[1].docid == "X(115");
  CHECK(r->queries[0].entries[1].rel == -1);
  CHECK(r->queries[0].entries[2].line == 5);
  CHECK(r->queries[1].entries.at(0).docid == "\"173");
  CHECK(r->queries[1].entries.at(0).rel == 2);
}

TEST_CASE("malformed qrels are refused with the place and what was found") {
  check_errors(
      {
          {"run given as qrels", "q Q0 d 1 0.5 t\n", 1, 10,
           "expected 4 fields (qid iter docid rel), got 6 (is this a run?)"},
          {"too few fields", "q 0 d\n", 1, 6, "expected 4 fields (qid iter docid rel), got 3"},
          {"grade not an integer", "q 0 d 1.5\n", 1, 7, "expected a relevance grade (an integer), got \"1.5\""},
          {"grade a word", "q 0 d high\n", 1, 7, "expected a relevance grade (an integer), got \"high\""},
          {"grade out of range", "q 0 d 99999999999999999999\n", 1, 7,
           "expected a relevance grade (an integer), got \"99999999999999999999\", which is out of range"},
          {"judgment repeated", "q 0 d 1\nq 0 e 1\nq 0 d 0\n", 3, 5,
           "expected one judgment per docid, got \"d\" again in query \"q\" (first on line 1)"},
      },
      [](const std::string& s) { return parse_qrels(s); });
}

TEST_CASE("subtopic qrels keep subtopic, docid and judgment") {
  const auto r = parse_subtopic_qrels("1 1 d1 1\n1 2 d1 0\n1 2 d2 1\n2 1 d1 1\n");
  REQUIRE(r.ok());
  REQUIRE(r->queries.size() == 2);
  const auto& e = r->queries[0].entries;
  REQUIRE(e.size() == 3);
  CHECK(e[1].subtopic == "2");
  CHECK(e[1].docid == "d1");
  CHECK(e[1].judgment == 0);
  CHECK(e[2].line == 3);
}

TEST_CASE("malformed subtopic qrels are refused with the place and what was found") {
  check_errors(
      {
          {"negative judgment", "1 1 d1 -1\n", 1, 8, "negative judgments are not allowed in subtopic qrels, got \"-1\""},
          {"judgment a word", "1 1 d1 yes\n", 1, 8, "expected a judgment (an integer), got \"yes\""},
          {"too many fields", "1 1 d1 1 x\n", 1, 10, "expected 4 fields (qid subtopic docid judgment), got 5"},
          {"repeated", "1 1 d1 1\n1 2 d1 1\n1 1 d1 0\n", 3, 5,
           "expected one judgment per docid and subtopic, got \"d1\" again for subtopic \"1\" of query \"1\" (first "
           "on line 1)"},
      },
      [](const std::string& s) { return parse_subtopic_qrels(s); });
}
