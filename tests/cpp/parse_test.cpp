// Tests for parse.hpp: every format people paste, and malformed input
// answered with the exact message, line and column.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "base/hash_table.hpp"
#include "base/text.hpp"
#include "ndcg/parse.hpp"
#include "support.hpp"

namespace parse_test {

using namespace ndcg;
using namespace std::string_literals;

namespace {

// One malformed input and the error it must give.
struct bad_case {
  std::string name;
  std::string input;
  std::size_t line;
  std::size_t column;
  std::string code;  // its name in the table of codes
  std::string message;
};

template <class Parse>
void check_errors(const std::vector<bad_case>& cases, Parse parse) {
  for (const auto& c : cases) {
    CAPTURE(c.name);
    const auto r = parse(c.input);
    if (r.ok()) FAIL_CHECK("parsed without an error");
    if (r.ok()) continue;
    CHECK(r.err().message == c.message);
    CHECK(r.err().line == c.line);
    CHECK(r.err().column == c.column);
    CHECK(name_of(r.err().code) == c.code);
    CHECK_MESSAGE(test_support::table_problem(r.err()).empty(), test_support::table_problem(r.err()));
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
    CAPTURE(std::string(text));
    const auto r = parse_run(text);
    REQUIRE(r.ok());
    CHECK(r->queries.empty());
    CHECK(r->lines == 0);
  }
}

TEST_CASE("run line ends may be LF, CRLF or a lone CR, and a BOM is skipped") {
  for (const char* text : {"q Q0 a 1 1 t\nq Q0 b 2 0.5 t\n", "q Q0 a 1 1 t\r\nq Q0 b 2 0.5 t\r\n",
                           "q Q0 a 1 1 t\rq Q0 b 2 0.5 t", "\xEF\xBB\xBFq Q0 a 1 1 t\nq Q0 b 2 0.5 t"}) {
    CAPTURE(std::string(text));
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

TEST_CASE("fields after a run line's tag are ignored, as trec_eval ignores them") {
  const auto r = parse_run("q Q0 d 1 0.5 t extra 7\nq Q0 e 2 0.25 t\n");
  REQUIRE(r.ok());
  REQUIRE(r->queries.size() == 1);
  CHECK(r->queries[0].entries.size() == 2);
  CHECK(r->queries[0].entries[0].docid == "d");
  CHECK(r->queries[0].entries[0].score == 0.5);
}

TEST_CASE("malformed runs are refused with the place and what was found") {
  check_errors(
      {
          {"too few fields", "q Q0 d 1 0.5\n", 1, 13, "field-count", "expected 6 fields (qid Q0 docid rank score tag), got 5"},
          {"qrels given as a run", "q Q0 d1 1 0.5 x\nq 0 d 1\n", 2, 8, "field-count",
           "expected 6 fields (qid Q0 docid rank score tag), got 4 (is this qrels?)"},
          {"score not a number", "q Q0 d 1 high t\n", 1, 10, "not-a-number", "expected a score (a number), got \"high\""},
          {"score with a tail", "q Q0 d 1 0.5x t\n", 1, 10, "not-a-number", "expected a score (a number), got \"0.5x\""},
          {"score in hex", "q Q0 d 1 0x10 t\n", 1, 10, "not-a-number", "expected a score (a number), got \"0x10\""},
          {"score NaN", "q Q0 d 1 NaN t\n", 1, 10, "not-a-number",
           "expected a score (a number), got \"NaN\", which is not a finite number"},
          {"score inf", "q Q0 d 1 -inf t\n", 1, 10, "not-a-number",
           "expected a score (a number), got \"-inf\", which is not a finite number"},
          {"score overflows", "q Q0 d 1 1e999 t\n", 1, 10, "not-a-number",
           "expected a score (a number), got \"1e999\", which is not a finite number"},
          {"docid repeated", "q Q0 d 1 1 t\nr Q0 d 1 1 t\n\nq Q0 d 2 0 t\n", 4, 6, "duplicate-id",
           "expected each docid once per query, got \"d\" again in query \"q\" (first on line 1)"},
          {"NUL byte", "q Q0 d 1 1 t\nq Q0 e\0 2 1 t\n"s, 2, 7, "binary-input", "expected text, got a NUL byte (is this a binary file?)"},
          {"long echo truncated", "q Q0 d 1 " + std::string(60, '9') + "z t\n", 1, 10, "not-a-number",
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
          {"run given as qrels", "q Q0 d 1 0.5 t\n", 1, 10, "field-count",
           "expected 4 fields (qid iter docid rel), got 6 (is this a run?)"},
          {"too few fields", "q 0 d\n", 1, 6, "field-count", "expected 4 fields (qid iter docid rel), got 3"},
          {"grade not an integer", "q 0 d 1.5\n", 1, 7, "not-a-number", "expected a relevance grade (an integer), got \"1.5\""},
          {"grade a word", "q 0 d high\n", 1, 7, "not-a-number", "expected a relevance grade (an integer), got \"high\""},
          {"grade out of range", "q 0 d 99999999999999999999\n", 1, 7, "out-of-range",
           "expected a relevance grade (an integer), got \"99999999999999999999\", which is out of range"},
          {"judgment repeated", "q 0 d 1\nq 0 e 1\nq 0 d 0\n", 3, 5, "duplicate-id",
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
          {"negative judgment", "1 1 d1 -1\n", 1, 8, "out-of-range", "negative judgments are not allowed in subtopic qrels, got \"-1\""},
          {"judgment a word", "1 1 d1 yes\n", 1, 8, "not-a-number", "expected a judgment (an integer), got \"yes\""},
          {"too many fields", "1 1 d1 1 x\n", 1, 10, "field-count", "expected 4 fields (qid subtopic docid judgment), got 5"},
          {"repeated", "1 1 d1 1\n1 2 d1 1\n1 1 d1 0\n", 3, 5, "duplicate-id",
           "expected one judgment per docid and subtopic, got \"d1\" again for subtopic \"1\" of query \"1\" (first "
           "on line 1)"},
      },
      [](const std::string& s) { return parse_subtopic_qrels(s); });
}

// ---- grade lists --------------------------------------------------------------

namespace {

std::vector<double> grades_of(const parsed_ranking& r) {
  std::vector<double> g;
  for (const auto& it : r.items) g.push_back(it.grade);
  return g;
}

const std::vector<double> document_grades{3, 2, 0, 1, 0, 0, 2, 1, 0, 0};

}  // namespace

TEST_CASE("the document's Markdown table gives its grade row, not its position row") {
  const std::string table =
      "| 位置 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 |\n"
      "|---|---|---|---|---|---|---|---|---|---|---|\n"
      "| 相关性 | 3 | 2 | 0 | 1 | 0 | 0 | 2 | 1 | 0 | 0 |\n";
  CHECK(detect_format(table) == format::grades);
  const auto r = parse_ranking(table);
  REQUIRE(r.ok());
  CHECK(grades_of(*r) == document_grades);
  CHECK(r->skipped_label == 1);
  CHECK_FALSE(r->has_ids);
  CHECK_FALSE(r->has_scores);
  CHECK(r->has_grades);
  CHECK(r->items[0].line == 3);
  CHECK(r->items[0].column == 15);  // "| 相关性 | " is 14 bytes
  CHECK(r->items[9].column == 51);
}

TEST_CASE("grades on many lines keep each one's line and column; grades below a row of positions match it") {
  // Plain lines in a row are read as one row: each grade still names its own line.
  const auto r = parse_ranking("3\n\n2 1\n  0\n");
  REQUIRE(r.ok());
  REQUIRE(r->items.size() == 4);
  const std::size_t lines[] = {1, 3, 3, 4}, columns[] = {1, 1, 3, 3};
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(r->items[i].line == lines[i]);
    CHECK(r->items[i].column == columns[i]);
  }
  // Below a row of positions, the next line alone must match it; lines after it add grades.
  const auto below = parse_ranking("| 1 | 2 |\n3 2\n1 0\n");
  REQUIRE(below.ok());
  CHECK(grades_of(*below) == std::vector<double>{3, 2, 1, 0});
  CHECK(below->items[2].line == 3);
  const auto short_row = parse_ranking("| 1 | 2 | 3 |\n3 2\n1\n");
  REQUIRE_FALSE(short_row.ok());
  CHECK(short_row.err().line == 2);
  // A bad grade on the thousandth line is placed there.
  std::string many;
  for (int i = 0; i < 999; ++i) many += "1\n";
  const auto bad = parse_ranking(many + "x\n");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.err().line == 1000);
}

TEST_CASE("grade lists take any of the usual separators") {
  const struct {
    const char* input;
    std::vector<double> grades;
    std::size_t labels;
  } cases[] = {
      {"3 2 0 1 0 0 2 1 0 0", document_grades, 0},
      {"3,2,0,1,0,0,2,1,0,0", document_grades, 0},
      {"3; 2; 0; 1;0;0;2;1;0;0", document_grades, 0},
      {"3\t2\t0\t1\t0\t0\t2\t1\t0\t0", document_grades, 0},
      {"3|2|0|1|0|0|2|1|0|0", document_grades, 0},
      {"[3, 2, 0, 1, 0, 0, 2, 1, 0, 0]", document_grades, 0},
      {"3\n2\n0\n1\n0\n0\n2\n1\n0\n0\n", document_grades, 0},
      {"| 相关性 | 3 | 2 | 0 | 1 | 0 | 0 | 2 | 1 | 0 | 0 |", document_grades, 1},
      {"rel: 3 2 0 1 0 0 2 1 0 0", document_grades, 1},
      {"relevance\n3\n2\n0\n1\n0\n0\n2\n1\n0\n0", document_grades, 1},
      {"3 2 0 1 0\n0 2 1 0 0", document_grades, 0},
      {"| 1 | 2 | 3 |\n|---|---|---|\n| 3 | 2 | 0 |", {3, 2, 0}, 0},
      {"1 2 3\n0 1 2", {1, 2, 3, 0, 1, 2}, 0},  // no table, no label: not positions
      {"3 -1 2.5 .5 1e0 -0", {3, -1, 2.5, 0.5, 1, 0}, 0},
      {"# my ranking\n3 2\n\n  # more\n0", {3, 2, 0}, 0},
      {"3 2\n---\n0\n|:-:|\n+--+\n1", {3, 2, 0, 1}, 0},  // rules are skipped
  };
  for (const auto& c : cases) {
    CAPTURE(std::string(c.input));
    CHECK(detect_format(c.input) == format::grades);
    const auto r = parse_ranking(c.input);
    REQUIRE(r.ok());
    CHECK(grades_of(*r) == c.grades);
    CHECK(r->skipped_label == c.labels);
  }
}

TEST_CASE("full-width digits and punctuation read as their ASCII twins") {
  const struct {
    const char* input;
    std::vector<double> grades;
  } cases[] = {
      {"３，２，０、１", {3, 2, 0, 1}},
      {"３　２　０　１", {3, 2, 0, 1}},
      {"３；２；０", {3, 2, 0}},
      {"｜相关性｜３｜２｜０｜", {3, 2, 0}},
      {"２．５，－１，＋３", {2.5, -1, 3}},
      {"3 \xE2\x88\x92" "1", {3, -1}},  // U+2212 MINUS SIGN
  };
  for (const auto& c : cases) {
    CAPTURE(std::string(c.input));
    const auto r = parse_ranking(c.input);
    REQUIRE(r.ok());
    CHECK(grades_of(*r) == c.grades);
  }
  SUBCASE("columns count bytes of the original text") {
    const auto r = parse_ranking("３，２");
    REQUIRE(r.ok());
    CHECK(r->items[1].column == 7);
  }
}

TEST_CASE("a BOM is skipped and CRLF and lone CR end lines") {
  for (const char* text : {"\xEF\xBB\xBF" "3 2\n0 1", "3 2\r\n0 1\r\n", "3 2\r0 1\r", "\xEF\xBB\xBF" "3 2\r\n0 1"}) {
    CAPTURE(std::string(text));
    const auto r = parse_ranking(text);
    REQUIRE(r.ok());
    CHECK(grades_of(*r) == std::vector<double>{3, 2, 0, 1});
    CHECK(r->items[0].column == 1);
    CHECK(r->items[2].line == 2);
    CHECK(r->items[3].column == 3);
  }
}

// ---- id lines, CSV and TSV ----------------------------------------------------

TEST_CASE("lines of id grade and id score grade keep ids as written") {
  SUBCASE("id grade") {
    const auto r = parse_ranking("doc-7 3\nｄ８, 2\n| 007 | 0 |\n");
    REQUIRE(r.ok());
    CHECK(r->detected == format::id_grade);
    CHECK(r->has_ids);
    CHECK_FALSE(r->has_scores);
    REQUIRE(r->items.size() == 3);
    CHECK(r->items[0].id == "doc-7");
    CHECK(r->items[0].has_id);
    CHECK(r->items[1].id == "ｄ８");  // ids are not folded
    CHECK(r->items[1].grade == 2);
    CHECK(r->items[2].id == "007");
    CHECK(r->items[2].line == 3);
  }
  SUBCASE("id score grade") {
    const auto r = parse_ranking("a 0.9 3\nb\t0.8\t0\nc 1e-1 1\n");
    REQUIRE(r.ok());
    CHECK(r->detected == format::id_score_grade);
    CHECK(r->has_scores);
    REQUIRE(r->items.size() == 3);
    CHECK(r->items[1].id == "b");
    CHECK(r->items[1].score == 0.8);
    CHECK(r->items[1].has_score);
    CHECK(r->items[2].score == 0.1);
    CHECK(r->items[2].grade == 1);
    CHECK(r->items[2].column == 8);
  }
}

TEST_CASE("a CSV header may name any subset of columns that includes a grade") {
  SUBCASE("just score and rel") {
    const auto r = parse_ranking("score,rel\n0.5,3\n0.2,1\n");
    REQUIRE(r.ok());
    CHECK(r->detected == format::csv);
    CHECK_FALSE(r->has_ids);
    CHECK(r->has_scores);
    REQUIRE(r->items.size() == 2);
    CHECK(r->items[0].score == 0.5);
    CHECK(r->items[0].grade == 3);
    CHECK(r->items[1].line == 3);
    CHECK(r->items[1].column == 5);
  }
  SUBCASE("names are case-insensitive, aliases work, unknown columns are ignored") {
    const auto r = parse_ranking(",DocID,notes,Y_Score,Relevance\n0,a,whatever,0.3,2\n1,b,,0.1,0\n");
    REQUIRE(r.ok());
    CHECK(r->has_ids);
    REQUIRE(r->items.size() == 2);
    CHECK(r->items[0].id == "a");
    CHECK(r->items[0].score == 0.3);
    CHECK(r->items[1].grade == 0);
  }
  SUBCASE("quoted fields hold commas and doubled quotes") {
    const auto r = parse_ranking("\"id\",rel,subtopics\n\"a,b\", 1 ,\"x;y z\"\n\"say \"\"hi\"\"\",0,\n");
    REQUIRE(r.ok());
    CHECK(r->has_subtopics);
    REQUIRE(r->items.size() == 2);
    CHECK(r->items[0].id == "a,b");
    CHECK(r->items[0].grade == 1);
    CHECK(r->items[0].subtopics == std::vector<std::string>{"x", "y", "z"});
    CHECK(r->items[1].id == "say \"hi\"");
    CHECK(r->items[1].subtopics.empty());
  }
  SUBCASE("given columns without a separator: a line of separators alone holds no row") {
    reading how;
    how.columns = "doc,rel";
    const auto r = parse_ranking("d1 3\n|\nd2 1\n", how);
    REQUIRE(r.ok());
    REQUIRE(r->items.size() == 2);
    CHECK(r->items[1].line == 3);
  }
  SUBCASE("# comment lines are skipped before the header and between rows, as in every pasted format") {
    const auto r = parse_ranking("# top 3\nid,rel\nd1,3\n  # judged twice\nd2,1\n");
    REQUIRE(r.ok());
    CHECK(r->detected == format::csv);
    REQUIRE(r->items.size() == 2);
    CHECK(r->items[1].id == "d2");
    CHECK(r->items[1].line == 5);
  }
  SUBCASE("TSV") {
    const auto r = parse_ranking("item\tprediction\tlabel\r\nx, y\t2\t1\r\nz\t1\t0\r\n");
    REQUIRE(r.ok());
    CHECK(r->detected == format::tsv);
    REQUIRE(r->items.size() == 2);
    CHECK(r->items[0].id == "x, y");
    CHECK(r->items[0].score == 2);
    CHECK(r->items[1].grade == 0);
  }
}

// ---- TREC files as one ranking, and detection ------------------------------------

TEST_CASE("a one-query run is a ranking without grades") {
  const auto r = parse_ranking("q Q0 d1 1 0.5 t\nq Q0 d2 2 0.7 t\n");
  REQUIRE(r.ok());
  CHECK(r->detected == format::trec_run);
  CHECK_FALSE(r->has_grades);
  CHECK(r->has_scores);
  REQUIRE(r->items.size() == 2);
  CHECK(r->items[1].id == "d2");
  CHECK(r->items[1].score == 0.7);
}

TEST_CASE("qrels text is a ranking of its judged items in file order") {
  const auto r = parse_ranking("7 0 b 2\n7 0 a -1\n7 0 c 0\n");
  REQUIRE(r.ok());
  CHECK(r->detected == format::trec_qrels);
  CHECK_FALSE(r->has_scores);
  REQUIRE(r->items.size() == 3);
  CHECK(r->items[0].id == "b");
  CHECK(r->items[1].grade == -1);
  CHECK(r->items[1].column == 7);
}

TEST_CASE("subtopic qrels fold into one item per docid with its subtopics") {
  const std::string text = "1 1 d1 1\n1 2 d1 1\n1 2 d2 0\n1 3 d3 1\n1 1 d2 1\n1 3 d4 0\n";
  const auto r = parse_ranking(text);
  REQUIRE(r.ok());
  CHECK(r->detected == format::subtopic_qrels);
  CHECK(r->has_subtopics);
  REQUIRE(r->items.size() == 4);
  CHECK(r->items[0].grade == 1);
  CHECK(r->items[0].subtopics == std::vector<std::string>{"1", "2"});
  CHECK(r->items[1].id == "d2");
  CHECK(r->items[1].grade == 1);
  CHECK(r->items[1].subtopics == std::vector<std::string>{"1"});
  CHECK(r->items[3].grade == 0);
  CHECK(r->items[3].subtopics.empty());
  const auto j = parse_judgments(text);
  REQUIRE(j.ok());
  CHECK(j->size() == 4);
}

TEST_CASE("detect_format reads the first data lines") {
  const struct {
    const char* input;
    format expected;
  } cases[] = {
      {"", format::grades},
      {"3 2 0 1", format::grades},
      {"3 0 2 1", format::grades},                 // four numbers: grades, not qrels
      {"rel 3 2", format::grades},                 // one labelled line
      {"3 0 2 1 0 0", format::grades},             // six numbers: grades, not a run
      {"d1 3\nd2 2", format::id_grade},
      {"d1 0.5 3\nd2 0.1 0", format::id_score_grade},
      {"d1,3\nd2,2", format::id_grade},
      {"d1 3\nd2 3 4", format::id_grade},         // the first line sets the shape
      {"rel 3 2\n1 0", format::grades},           // a label, then more grades
      {"a: 3 2 1\nb: 1 0", format::grades},
      {"rel 3 2 1", format::grades},               // not subtopic qrels: the docid is a number
      {"rel 0 1 2 0 1", format::grades},           // not a run, for the same reason
      {"301 Q0 7 1", format::trec_qrels},          // Q0 says so
      {"score,rel\n1,2", format::csv},
      {"ID\tREL\nx\t1", format::tsv},
      {"id,score\nx,1", format::csv},              // a header, though without grades
      {"rel,3,2", format::grades},                 // numbers: not a header
      {"# run\n301 Q0 d 1 2.5 tag", format::trec_run},
      {"301 0 d 1 2.5 tag", format::trec_run},
      {"301 0 d 1", format::trec_qrels},
      {"301 Q0 d 1", format::trec_qrels},
      {"301 0 d -1\n301 0 e 2", format::trec_qrels},
      {"301 0 d 1\n301 2 d 1", format::subtopic_qrels},
      {"301 1 d 1", format::grades},               // one such line is a grade list with a typo
      {"301 1 d 1\n301 2 e 0", format::subtopic_qrels},
      {"\xEF\xBB\xBFscore,rel\r\n1,2", format::csv},
  };
  for (const auto& c : cases) {
    CAPTURE(std::string(c.input));
    CHECK(name_of(detect_format(c.input)) == name_of(c.expected));
  }
}

TEST_CASE("every format has a name") {
  CHECK(name_of(format::grades) == "grades");
  CHECK(name_of(format::id_grade) == "id_grade");
  CHECK(name_of(format::id_score_grade) == "id_score_grade");
  CHECK(name_of(format::csv) == "csv");
  CHECK(name_of(format::tsv) == "tsv");
  CHECK(name_of(format::trec_run) == "trec_run");
  CHECK(name_of(format::trec_qrels) == "trec_qrels");
  CHECK(name_of(format::subtopic_qrels) == "subtopic_qrels");
}

TEST_CASE("detection never crashes on odd bytes") {
  const std::string odd[] = {"\0\0\0"s, "\xff\xfe\xfd", "\xEF\xBB", "\xE3\x80", "\r\r\r", "|||", "\"", ",\t,",
                             std::string(3000, '9'), "\xEF\xBC", "a\0b 1"s};
  for (const auto& s : odd) {
    CAPTURE(s);
    (void)detect_format(s);
    const auto r = parse_ranking(s);
    if (!r.ok()) CHECK_FALSE(r.err().message.empty());
    const auto j = parse_judgments(s);
    if (!j.ok()) CHECK_FALSE(j.err().message.empty());
  }
}

// ---- judgments ----------------------------------------------------------------

TEST_CASE("judgments come from qrels, id lines or a table with ids") {
  const struct {
    const char* input;
    std::vector<std::string> ids;
    std::vector<double> grades;
  } cases[] = {
      {"q 0 a 2\nq 0 b -1\n", {"a", "b"}, {2, -1}},
      {"301 0 7 1\n301 0 8 0\n", {"7", "8"}, {1, 0}},  // numeric docids
      {"a 2\nb 0\n", {"a", "b"}, {2, 0}},
      {"a 2\n", {"a"}, {2}},                            // one line is enough here
      {"a 0.3 2\nb 0.1 1\n", {"a", "b"}, {2, 1}},
      {"doc,gain\nx,1\ny,3\n", {"x", "y"}, {1, 3}},
  };
  for (const auto& c : cases) {
    CAPTURE(std::string(c.input));
    const auto j = parse_judgments(c.input);
    REQUIRE(j.ok());
    std::vector<std::string> ids;
    std::vector<double> grades;
    for (const auto& it : *j) {
      CHECK(it.has_id);
      ids.push_back(it.id);
      grades.push_back(it.grade);
    }
    CHECK(ids == c.ids);
    CHECK(grades == c.grades);
  }
}

// ---- malformed rankings and judgments --------------------------------------------

TEST_CASE("malformed rankings are refused with the place and what was found") {
  check_errors(
      {
          {"word among grades", "3 abc 2", 1, 3, "not-a-number", "expected a grade (a number), got \"abc\""},
          {"a lone word", "abc", 1, 1, "not-a-number", "expected a grade (a number), got \"abc\""},
          {"word on a later line", "3 2\n1 x", 2, 3, "not-a-number", "expected a grade (a number), got \"x\""},
          {"number with a tail", "3 2x", 1, 3, "not-a-number", "expected a grade (a number), got \"2x\""},
          {"a lone minus", "3 - 2", 1, 3, "not-a-number", "expected a grade (a number), got \"-\""},
          {"a line of one minus", "3\n-\n2", 2, 1, "not-a-number", "expected a grade (a number), got \"-\""},
          {"hex", "3 0x1A", 1, 3, "not-a-number", "expected a grade (a number), got \"0x1A\""},
          {"full-width tail", "３ ２ｘ", 1, 5, "not-a-number", "expected a grade (a number), got \"２ｘ\""},
          {"NaN", "3 nan", 1, 3, "not-a-number", "expected a grade (a number), got \"nan\", which is not a finite number"},
          {"infinity", "3 -Infinity", 1, 3, "not-a-number",
           "expected a grade (a number), got \"-Infinity\", which is not a finite number"},
          {"overflow", "1e999 2", 1, 1, "not-a-number", "expected a grade (a number), got \"1e999\", which is not a finite number"},
          {"bad byte", "3\xff 2", 1, 1, "not-a-number", "expected a grade (a number), got \"3\\xff\""},
          {"word in a table row", "| 相关性 | 3 | 两 |", 1, 19, "not-a-number", "expected a grade (a number), got \"两\""},
          {"after a BOM", "\xEF\xBB\xBF" "3 a", 1, 3, "not-a-number", "expected a grade (a number), got \"a\""},
          {"CRLF", "3\r\n2\r\nx\r\n", 3, 1, "not-a-number", "expected a grade (a number), got \"x\""},
          {"lone CR", "3\r2\rx", 3, 1, "not-a-number", "expected a grade (a number), got \"x\""},
          {"NUL byte", "3 2\0 1"s, 1, 4, "binary-input", "expected text, got a NUL byte (is this a binary file?)"},
          {"empty", "", 0, 0, "empty-input", "expected grades such as \"3 2 0 1\", got an empty input"},
          {"blank", " \r\n\t\n", 0, 0, "empty-input", "expected grades such as \"3 2 0 1\", got an empty input"},
          {"only separators", " ,;| \n|---|\n# note", 0, 0, "empty-input", "expected grades such as \"3 2 0 1\", got no numbers"},
          {"positions without matching grades", "| p | 1 | 2 | 3 |\n| r | 3 | 2 |", 2, 7, "field-count",
           "expected 3 grades to match the positions on line 1, got 2"},
          // Lines of one grade join one row, but not the line after a row of positions.
          {"positions above a column of grades", "pos: 1 2 3\n3\n2\n0", 2, 1, "field-count",
           "expected 3 grades to match the positions on line 1, got 1"},
          {"a label, then a column of grades", "rel: 3 2\n1\n0", 2, 1, "mixed-formats",
           "expected one ranking in one format, got a row labelled \"rel:\" and a row of bare grades (lines 1 and 2)"},
          {"a column of grades, then a label", "1\n0\n2\nrel: 3 2", 4, 1, "mixed-formats",
           "expected one ranking in one format, got a row labelled \"rel:\" and a row of bare grades (lines 1 and 4)"},
          {"two labelled rows", "a: 3 2 1\nb: 1 0", 2, 1, "several-labels",
           "expected one labelled row of grades, got a second label, \"b:\" (the first, \"a:\", is on line 1)"},
          {"id line with a bad grade", "d1 3\nd2 x", 2, 4, "not-a-number", "expected a grade (a number), got \"x\""},
          {"id line with an extra field", "d1 3\nd2 3 4", 2, 6, "field-count", "expected 2 fields (id grade), got 3"},
          {"id line with a missing grade", "d1 3\nd2 2\nd3", 3, 3, "field-count", "expected 2 fields (id grade), got 1"},
          {"id line with a bad score", "d1 0.5 3\nd2 0.1 1\nd3 high 1", 3, 4, "not-a-number",
           "expected a score (a number), got \"high\""},
          {"CSV row too short", "id,rel\nd1,3\nd2", 3, 3, "field-count", "expected 2 fields as in the header on line 1, got 1"},
          {"CSV row too long", "id,rel\nd1,3,4", 2, 6, "field-count", "expected 2 fields as in the header on line 1, got 3"},
          {"CSV without a grade column", "id,score\nd1,3", 1, 1, "no-grade-column",
           "expected a grade column (rel, relevance, grade, label, y_true, gain, judgment or judgement), got "
           "\"id,score\": a run without grades needs judgments (--qrels)"},
          {"CSV with two grade columns", "rel,grade\n1,2", 1, 5, "duplicate-column",
           "expected one rel column, got a second one, \"grade\" (the first is \"rel\")"},
          {"CSV with an open quote", "id,rel\n\"d1,3\n", 2, 1, "unclosed-quote",
           "expected a closing quote for the quoted cell that opens here, got the end of the input"},
          {"CSV with text after a quote", "id,rel\n\"d1\"x,3", 2, 5, "bad-input",
           "expected a separator or the line's end after a quoted cell, got \"x\""},
          {"CSV with an empty id", "id,rel\n,3", 2, 1, "empty-field", "expected an id, got an empty field"},
          {"CSV with an empty grade", "id,rel\nd1,", 2, 4, "empty-field", "expected a grade (a number), got an empty field"},
          {"CSV with NaN", "score,rel\nNaN,1", 2, 1, "not-a-number",
           "expected a score (a number), got \"NaN\", which is not a finite number"},
          {"TSV with a bad score", "id\tscore\trel\nd1\tx\t1", 2, 4, "not-a-number", "expected a score (a number), got \"x\""},
          {"CSV with only a header", "id,rel\n", 0, 0, "empty-input", "expected rows after the header on line 1, got none"},
          {"run of two queries", "q Q0 d1 1 0.5 t\n\n  r Q0 d2 2 0.3 t\n", 3, 3, "several-queries",
           "expected one query, got 2 (q, r): explain reads one ranking, so pick one (--query q) or evaluate them all "
           "with `ndcg trec`"},
          {"run with a bad score", "q Q0 d1 1 0.5 t\nq Q0 d2 2 ? t\n", 2, 11, "not-a-number", "expected a score (a number), got \"?\""},
          {"qrels of two queries", "1 0 a 1\n2 0 a 1\n", 2, 1, "several-queries",
           "expected one query, got 2 (1, 2): explain reads one ranking, so pick one (--query 1) or evaluate them all "
           "with `ndcg trec`"},
          {"qrels with a broken line", "1 0 a 1\n1 0 b\n", 2, 6, "field-count", "expected 4 fields (qid iter docid rel), got 3"},
          {"subtopic qrels with a negative judgment", "1 1 a 1\n1 2 a -1\n", 2, 7, "out-of-range",
           "negative judgments are not allowed in subtopic qrels, got \"-1\""},
          {"an id twice", "a 0.9 1\nb 0.5 2\na 0.1 0\n", 3, 1, "duplicate-id",
           "expected each id once in the ranking, got \"a\" again (first on line 1)"},
          {"an empty cell in a list", "3,,2", 1, 3, "empty-field", "expected a grade (a number), got an empty field"},
          {"an empty cell in a list, spaced", "3; ;2", 1, 4, "empty-field", "expected a grade (a number), got an empty field"},
          {"an empty cell in a Markdown row", "| rel | 3 |  | 2 |", 1, 14, "empty-field",
           "expected a grade (a number), got an empty field"},
          {"an empty cell in id lines", "d1,,3\nd2,,1", 1, 4, "empty-field",
           "expected a value between the separators, got an empty field"},
          {"an empty score in CSV", "id,score,rel\nd1,,3", 2, 4, "empty-field",
           "expected a score (a number), got an empty field"},
          {"an id twice in CSV", "id,score,rel\nx,1,1\nx,2,2\n", 3, 1, "duplicate-id",
           "expected each id once in the ranking, got \"x\" again (first on line 2)"},
      },
      [](const std::string& s) { return parse_ranking(s); });
}

TEST_CASE("the frame of a row is not an empty cell") {
  for (const char* text : {"3, 2,", "| 3 | 2 |", ", 3, 2", "|  | 1 | 2 |\n| rel | 3 | 2 |", "[3, 2]", "3 , 2"}) {
    CAPTURE(text);
    const auto r = parse_ranking(text);
    REQUIRE(r.ok());
    REQUIRE(r->items.size() == 2);
    CHECK(r->items[0].grade == 3);
    CHECK(r->items[1].grade == 2);
  }
}

TEST_CASE("malformed judgments are refused with the place and what was found") {
  const std::string wanted = "expected judgments (qrels, \"id grade\" lines, or CSV/TSV with id and grade columns), got ";
  check_errors(
      {
          {"a run", "\n q Q0 d1 1 0.5 t\n", 2, 2, "no-grades", wanted + "a TREC run"},
          {"grades", "3 2 0 1", 1, 1, "no-ids", wanted + "grades without ids"},
          {"a table without ids", "score,rel\n1,2", 1, 1, "no-ids", wanted + "a table without an id column"},
          {"an id twice", "a 1\nb 2\na 0\n", 3, 1, "duplicate-id", "expected each id once in the judgments, got \"a\" again (first on line 1)"},
          {"an id twice in CSV", "rel,id\n1,a\n2,a\n", 3, 3, "duplicate-id",
           "expected each id once in the judgments, got \"a\" again (first on line 2)"},
          {"qrels repeat", "1 0 a 1\n1 0 a 0\n", 2, 5, "duplicate-id",
           "expected one judgment per docid, got \"a\" again in query \"1\" (first on line 1)"},
          {"qrels of two queries", "1 0 a 1\n2 0 a 1\n", 2, 1, "several-queries",
           "expected one query, got 2 (1, 2): explain reads one ranking, so pick one (--query 1) or evaluate them all "
           "with `ndcg trec`"},
      },
      [](const std::string& s) { return parse_judgments(s); });
}

TEST_CASE("limits on a ranking give a clear message") {
  limits lim;
  SUBCASE("items") {
    lim.max_items = 3;
    const auto r = parse_ranking("3 2\n1 0 1", lim);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == "expected at most 3 items, got more");
    CHECK(r.err().line == 2);
    CHECK(r.err().column == 3);
  }
  SUBCASE("bytes") {
    lim.max_bytes = 4;
    const auto r = parse_judgments("a 1\nb 2", lim);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == "expected at most 4 bytes of input, got 7");
  }
  SUBCASE("line length") {
    lim.max_line = 100;
    const auto r = parse_ranking("3 2\n" + std::string(101, '1'), lim);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == "expected lines of at most 100 bytes, got one of 101");
    CHECK(r.err().line == 2);
    CHECK(r.err().column == 101);
  }
}

TEST_CASE("fields are split as a byte-by-byte reading splits them, eight bytes at a time or not") {
  // Separators are space, tab, vertical tab and form feed; every other byte,
  // other control characters and UTF-8 included, belongs to a field.
  const std::string alphabet = " \t\v\f\x01\x1f!0aZ\x7f\x80\xe6\x96\x87#";
  std::mt19937 gen(11);
  for (int round = 0; round < 20000; ++round) {
    std::string s;
    const std::size_t length = gen() % 48;
    for (std::size_t i = 0; i < length; ++i) s += alphabet[gen() % alphabet.size()];
    std::vector<std::pair<std::size_t, std::size_t>> want;  // (start, length)
    for (std::size_t i = 0; i < s.size();) {
      const auto sep = [&](std::size_t k) { return s[k] == ' ' || s[k] == '\t' || s[k] == '\v' || s[k] == '\f'; };
      if (sep(i)) {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < s.size() && !sep(j)) ++j;
      want.emplace_back(i, j - i);
      i = j;
    }
    detail::field f[8];
    CAPTURE(s);
    const std::size_t n = detail::split_whitespace(s, f, 8);
    REQUIRE(n == want.size());
    for (std::size_t k = 0; k < std::min<std::size_t>(n, 8); ++k) {
      CHECK(f[k].column == want[k].first + 1);
      CHECK(f[k].text == std::string_view(s).substr(want[k].first, want[k].second));
    }
  }
}

TEST_CASE("the one-pass line reader finds the lines and fields the careful path finds") {
  // Random lines of the bytes that matter (separators, line ends, NUL,
  // '#', other control bytes, UTF-8), read both ways.
  const std::string alphabet = std::string("ab#1.\x01\x80\xCE\xA9", 9) + std::string(" \t\v\f\n\r\0", 7) + "xyzQ0";
  // Plain lines (only spaces and tabs between fields) too, many to a text,
  // as the reader classifies 64 bytes at a time into bit masks and keeps
  // them for the lines that follow (texts long enough for several windows).
  const std::string plain = "ab1.  \t\t\nQ0xyz\xCE\xA9";
  std::mt19937 rng(29);
  for (int trial = 0; trial < 9000; ++trial) {
    std::string text;
    const std::string& bytes = trial % 2 ? plain : alphabet;
    const std::size_t size = rng() % (trial % 3 ? 200 : 900);
    for (std::size_t i = 0; i < size; ++i) text += bytes[rng() % bytes.size()];
    if (rng() % 2) text += std::string(40, 'w') + " 17\n";  // fields longer than a SIMD block
    const limits lim{1u << 20, 24 + rng() % 40, 1000};
    detail::line_reader fast(text), careful(text);
    detail::line l, c;
    detail::field f[4], g[4];
    std::size_t n = 0;
    status problem = done{};
    for (;;) {
      const bool got = detail::next_record(fast, lim, l, f, 4, n, problem);
      bool want = false;
      std::size_t m = 0;
      status expected_problem = done{};
      while (careful.next(c)) {
        if (auto ok = detail::check_line(c, lim); !ok) {
          expected_problem = ok;
          break;
        }
        if (detail::skippable(c.text)) continue;
        m = detail::split_whitespace(c.text, g, 4);
        want = true;
        break;
      }
      REQUIRE(got == want);
      REQUIRE(bool(problem) == bool(expected_problem));
      if (!problem) CHECK(problem.err().message == expected_problem.err().message);
      if (!got) break;
      REQUIRE(l.number == c.number);
      REQUIRE(l.text == c.text);
      REQUIRE(n == m);
      for (std::size_t i = 0; i < std::min<std::size_t>(n, 4); ++i) {
        CHECK(f[i].text == g[i].text);
        CHECK(f[i].column == g[i].column);
      }
    }
  }
}

TEST_CASE("grades one per line become one row of items, each with its own line and column") {
  auto r = ndcg::parse_ranking("3\n\n  2\n# note\n0\n1 1\n4\n");
  REQUIRE(r.ok());
  const std::vector<std::size_t> lines = {1, 3, 5, 6, 6, 7}, columns = {1, 3, 1, 1, 3, 1};
  const std::vector<double> grades = {3, 2, 0, 1, 1, 4};
  REQUIRE(r->items.size() == grades.size());
  for (std::size_t i = 0; i < grades.size(); ++i) {
    CHECK(r->items[i].grade == grades[i]);
    CHECK(r->items[i].line == lines[i]);
    CHECK(r->items[i].column == columns[i]);
  }
}

TEST_CASE("find_byte finds the first byte as memchr does, at every offset and length (wasm: 8 bytes a step)") {
  std::string text(40, 'a');
  for (std::size_t len = 0; len <= text.size(); ++len)
    for (std::size_t at = 0; at < len; ++at) {
      std::string s = text;
      s[at] = '\n';
      if (at + 3 < len) s[at + 3] = '\n';  // a later one is not the first
      CAPTURE(len);
      CAPTURE(at);
      CHECK(ndcg::detail::find_byte(s.data(), len, '\n') == s.data() + at);
      CHECK(ndcg::detail::find_byte(s.data(), at, '\n') == nullptr);
    }
  // Bytes above 0x7f and zero, which the borrow trick must not confuse.
  const std::string mixed = std::string("\x80\xff\x01", 3) + std::string(1, '\0') + "\x81\x7f";
  CHECK(ndcg::detail::find_byte(mixed.data(), mixed.size(), '\0') == mixed.data() + 3);
  CHECK(ndcg::detail::find_byte(mixed.data(), mixed.size(), '\x7f') == mixed.data() + 5);
  CHECK(ndcg::detail::find_byte(mixed.data(), mixed.size(), '\x02') == nullptr);
}

TEST_CASE("hash_of reads every byte of an id: one byte changed anywhere changes the hash") {
  for (std::size_t length = 0; length <= 20; ++length) {
    std::string id(length, 'a');
    for (std::size_t i = 0; i < length; ++i) id[i] = static_cast<char>('a' + i % 26);
    const std::size_t base = ndcg::detail::hash_of(id);
    CHECK(ndcg::detail::hash_of(std::string(id)) == base);  // the bytes, not where they are
    CHECK(ndcg::detail::hash_of(id + "b") != base);
    for (std::size_t at = 0; at < length; ++at)
      for (const char other : {'\0', 'Z', '\xff'}) {
        std::string changed = id;
        changed[at] = other;
        CHECK_MESSAGE(ndcg::detail::hash_of(changed) != base, length << " " << at);
      }
  }
}

}  // namespace parse_test
