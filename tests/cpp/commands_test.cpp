// The batch commands' one call each (commands.hpp): the reply's result and
// report from any input format, readings also on failure, the names and
// checks compare takes from its inputs.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "ndcg/commands.hpp"

namespace commands_test {

using ndcg::option_pairs;

namespace {

// q1: d1 (grade 2) ranked over d2 (grade 0): NDCG 1. q2: d4 (grade 0) over
// d3 (grade 1): DCG = 1 / log2(3) against an IDCG of 1.
const char* qrels = "q1 0 d1 2\nq1 0 d2 0\nq2 0 d3 1\nq2 0 d4 0\n";
const char* trec_run = "q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.5 r\nq2 Q0 d4 1 0.8 r\nq2 Q0 d3 2 0.3 r\n";
const char* csv_run = "query_id,doc_id,score\nq1,d1,0.9\nq1,d2,0.5\nq2,d4,0.8\nq2,d3,0.3\n";
const option_pairs ndcg_per_query = {{"measures", "ndcg"}, {"per_query", "true"}};

ndcg::evaluate_reply evaluate(std::string_view run, const option_pairs& options, std::vector<ndcg::batch_reading>& readings) {
  ndcg::text_source source(run);
  ndcg::evaluate_inputs in;
  in.qrels = qrels;
  in.run = &source;
  readings.clear();
  return ndcg::evaluate_batch(in, options, readings);
}

}  // namespace

TEST_CASE("evaluate_batch: a CSV run gives the TREC run's report, and says how it was read") {
  std::vector<ndcg::batch_reading> readings;
  const auto trec = evaluate(trec_run, ndcg_per_query, readings);
  REQUIRE(trec.evaluated.ok());
  CHECK(readings.empty());
  const auto& names = trec.evaluated->result.names;
  const std::size_t m = std::find(names.begin(), names.end(), "ndcg") - names.begin();
  REQUIRE(m < names.size());
  CHECK(trec.evaluated->result.mean[m] == doctest::Approx((1 + 1 / std::log2(3.0)) / 2));
  const auto csv = evaluate(csv_run, ndcg_per_query, readings);
  REQUIRE(csv.evaluated.ok());
  CHECK(csv.text == trec.text);
  REQUIRE(readings.size() == 1);
  CHECK(ndcg::reading_line(readings[0]).rfind("run read as CSV", 0) == 0);
}

TEST_CASE("evaluate_batch: the tie range comes with the result, its measures in the report") {
  std::vector<ndcg::batch_reading> readings;
  const auto r = evaluate("q1 Q0 d1 1 0.5 r\nq1 Q0 d2 2 0.5 r\n", {{"measures", "ndcg"}, {"tie_range", "true"}}, readings);
  REQUIRE(r.evaluated.ok());
  CHECK(r.evaluated->ties.has_value());
  CHECK(r.text.find("ndcg:worst") != std::string::npos);
}

TEST_CASE("evaluate_batch: an option's error, and the readings kept when the run then fails") {
  std::vector<ndcg::batch_reading> readings;
  const auto bad_option = evaluate(trec_run, {{"format", "markdown"}}, readings);
  REQUIRE(!bad_option.evaluated.ok());
  CHECK(bad_option.evaluated.err().code == ndcg::error_code::unknown_choice);
  ndcg::evaluate_inputs in;
  in.qrels = "query-id\tcorpus-id\tscore\nq1\td1\t2\n";
  ndcg::text_source source("q1 Q0 d1 1 abc r\n");
  in.run = &source;
  readings.clear();
  const auto failed = ndcg::evaluate_batch(in, option_pairs{}, readings);
  REQUIRE(!failed.evaluated.ok());
  CHECK(failed.evaluated.err().source == "run");
  CHECK(failed.evaluated.err().line == 1);
  REQUIRE(readings.size() == 1);
  CHECK(ndcg::reading_line(readings[0]).rfind("qrels read as TSV", 0) == 0);
}

TEST_CASE("compare_batch: the readings name the inputs, --names the runs") {
  ndcg::compare_inputs in;
  in.qrels = qrels;
  in.runs = {trec_run, csv_run};
  in.run_names = {"base.run", "new.csv"};
  std::vector<ndcg::batch_reading> readings;
  const auto r = ndcg::compare_batch(in, option_pairs{{"names", "base"}, {"trials", "100"}}, readings);
  REQUIRE(r.result.ok());
  CHECK(r.result->runs == std::vector<std::string>{"base", "run2"});
  CHECK(r.result->comparisons[0].diff == 0);  // the same ranking twice
  REQUIRE(readings.size() == 1);
  CHECK(ndcg::reading_line(readings[0]).rfind("new.csv read as CSV", 0) == 0);
}

TEST_CASE("compare_batch of evaluated runs: a judged query a run lacks is refused unless complete; no tie range") {
  std::vector<ndcg::batch_reading> readings;
  const auto both = evaluate(trec_run, ndcg_per_query, readings);
  const auto one = evaluate("q1 Q0 d1 1 0.9 r\n", ndcg_per_query, readings);
  REQUIRE(both.evaluated.ok());
  REQUIRE(one.evaluated.ok());
  const ndcg::trec_result& b = both.evaluated->result;
  const std::vector<std::string> judged = {"q1", "q2"};
  const auto missing = ndcg::compare_batch({b, one.evaluated->result}, &judged, {{"measures", "ndcg"}});
  REQUIRE(!missing.result.ok());
  CHECK(missing.result.err().code == ndcg::error_code::missing_query);
  CHECK(missing.result.err().index == 2);
  CHECK(missing.result.err().message == "run 2 has no documents for 1 judged query: q2 (complete, -c, counts them as 0)");
  const auto ties = ndcg::compare_batch({b, b}, nullptr, {{"tie_range", "true"}});
  REQUIRE(!ties.result.ok());
  CHECK(ties.result.err().key == "tie_range");
  const auto same = ndcg::compare_batch({b, b}, &judged, {{"measures", "ndcg"}, {"trials", "100"}});
  REQUIRE(same.result.ok());
  CHECK(same.result->comparisons[0].diff == 0);
  CHECK(same.text.find("ndcg") != std::string::npos);
}

#ifndef __EMSCRIPTEN__  // tables held as columns: native only
namespace {

// The qrels above and the CSV run as columns: ids as texts and as whole numbers, scores as numbers.
struct columns_fixture {
  std::vector<double> scores{0.9, 0.5, 0.8, 0.3}, grades{2, 0, 1, 0};
  std::vector<std::int64_t> docs{1, 2, 4, 3}, judged_docs{1, 2, 3, 4};
  ndcg::column_table run, judged;
  columns_fixture() {
    run.rows = 4;
    run.columns = {{"query_id", {"q1", "q1", "q2", "q2"}, nullptr, nullptr}, {"doc_id", {}, nullptr, docs.data()},
                   {"score", {}, scores.data(), nullptr}};
    judged.rows = 4;
    judged.columns = {{"qid", {"q1", "q1", "q2", "q2"}, nullptr, nullptr}, {"docid", {}, nullptr, judged_docs.data()},
                      {"rel", {}, grades.data(), nullptr}};
  }
  ndcg::evaluate_reply evaluate(const option_pairs& options, std::vector<ndcg::batch_reading>& readings) const {
    ndcg::column_inputs in;
    in.qrels = &judged;
    in.run = &run;
    in.kind = "DataFrame";
    return ndcg::evaluate_batch(in, options, readings);
  }
};

}  // namespace

TEST_CASE("evaluate_batch on columns: the values of the same tables as text, and the readings") {
  columns_fixture f;
  std::vector<ndcg::batch_reading> readings;
  const auto r = f.evaluate(ndcg_per_query, readings);
  REQUIRE(r.evaluated.ok());
  const auto& names = r.evaluated->result.names;
  const std::size_t m = std::find(names.begin(), names.end(), "ndcg") - names.begin();
  REQUIRE(m < names.size());
  // q1: d1 (2) over d2 (0), NDCG 1; q2: d4 (0) over d3 (1), 1 / log2(3).
  CHECK(r.evaluated->result.values[0][m] == 1);
  CHECK(r.evaluated->result.values[1][m] == doctest::Approx(1 / std::log2(3.0)));
  // The same tables as CSV text, through the text path.
  std::vector<ndcg::batch_reading> text_readings;
  ndcg::text_source source("query_id,doc_id,score\nq1,1,0.9\nq1,2,0.5\nq2,4,0.8\nq2,3,0.3\n");
  ndcg::evaluate_inputs in;
  in.qrels = "qid,docid,rel\nq1,1,2\nq1,2,0\nq2,3,1\nq2,4,0\n";
  in.run = &source;
  const auto text = ndcg::evaluate_batch(in, ndcg_per_query, text_readings);
  REQUIRE(text.evaluated.ok());
  CHECK(text.text == r.text);
  REQUIRE(readings.size() == 2);
  CHECK(ndcg::reading_line(readings[0]) == "qrels read as DataFrame: qid -> query, docid -> doc, rel -> rel");
  CHECK(ndcg::reading_line(readings[1]) == "run read as DataFrame: query_id -> query, doc_id -> doc, score -> score");
}

TEST_CASE("evaluate_batch on columns: a coded column reads as the cells its codes stand for") {
  columns_fixture f;
  std::vector<ndcg::batch_reading> readings;
  const auto plain = f.evaluate(ndcg_per_query, readings);
  REQUIRE(plain.evaluated.ok());
  // The run's qids as codes into two objects, and a code -1 (missing): an empty cell, line 4.
  const std::string q1 = "q1", q2 = "q2", empty;
  const void* distinct[] = {&q2, &q1};
  std::int32_t codes[] = {1, 1, 0, 0};
  ndcg::table_column& qid = f.run.columns[0];
  qid.texts.clear();
  qid.objects = distinct, qid.codes = codes, qid.distinct = 2, qid.missing = &empty;
  qid.text_of = [](const void* o) { return std::string_view(*static_cast<const std::string*>(o)); };
  const auto coded = f.evaluate(ndcg_per_query, readings);
  REQUIRE(coded.evaluated.ok());
  CHECK(coded.text == plain.text);
  codes[2] = -1;
  const auto missing = f.evaluate(ndcg_per_query, readings);
  REQUIRE(!missing.evaluated.ok());
  CHECK(missing.evaluated.err().line == 4);
  CHECK(missing.evaluated.err().column == 1);
}

TEST_CASE("evaluate_batch on columns: a bad cell is named by its row's line and its column's place") {
  columns_fixture f;
  std::vector<ndcg::batch_reading> readings;
  f.scores[2] = std::nan("");
  auto r = f.evaluate(ndcg_per_query, readings);
  REQUIRE(!r.evaluated.ok());
  CHECK(r.evaluated.err().code == ndcg::error_code::empty_field);
  CHECK(r.evaluated.err().source == "run");
  CHECK(r.evaluated.err().line == 4);  // the third row: line 4 of the table as CSV
  CHECK(r.evaluated.err().column == 3);
  f.scores[2] = 0.8;
  f.docs[1] = 1;
  r = f.evaluate(ndcg_per_query, readings);
  REQUIRE(!r.evaluated.ok());
  CHECK(r.evaluated.err().code == ndcg::error_code::duplicate_id);
  CHECK(r.evaluated.err().line == 3);
  CHECK(r.evaluated.err().column == 2);
  f.run.columns[2].name = "note";
  r = f.evaluate(ndcg_per_query, readings);
  REQUIRE(!r.evaluated.ok());
  CHECK(r.evaluated.err().code == ndcg::error_code::no_grade_column);
}

TEST_CASE("roles_of: the table readers' choice of columns") {
  auto roles = ndcg::roles_of({"Query-ID", "docno", "y_pred", "label"}, true, true);
  REQUIRE(roles.ok());
  CHECK(roles->query == 0);
  CHECK(roles->doc == 1);
  CHECK(roles->score == 2);
  CHECK(roles->rel == 3);
  CHECK(!ndcg::roles_of({"qid", "docid"}, true, false).ok());
}

TEST_CASE("number_ids: rows numbered by their text, objects known by their address first") {
  // Three objects, two holding the same text "q2" at different addresses.
  const std::string q1 = "q1", q2 = "q2", other_q2 = "q2", empty;
  const void* cells[] = {&q2, &q1, &other_q2, &q2, &empty, &q1};
  ndcg::table_column objects{"qid", {}, nullptr, nullptr, cells,
                             [](const void* o) { return std::string_view(*static_cast<const std::string*>(o)); }};
  const ndcg::id_numbers n = ndcg::number_ids(objects, 6);
  CHECK(n.codes == std::vector<std::uint32_t>{0, 1, 0, 0, 2, 1});
  CHECK(n.first == std::vector<std::size_t>{0, 1, 4});
  CHECK(n.texts == std::vector<std::string_view>{"q2", "q1", ""});
  ndcg::table_column texts{"qid", {"b", "a", "b", "c"}, nullptr, nullptr};
  const ndcg::id_numbers t = ndcg::number_ids(texts, 4);
  CHECK(t.codes == std::vector<std::uint32_t>{0, 1, 0, 2});
  CHECK(t.first == std::vector<std::size_t>{0, 1, 3});
  std::vector<double> numbers{1, 2};
  const ndcg::table_column held{"qid", {}, numbers.data(), nullptr};
  CHECK(ndcg::number_ids(held, 2).codes.empty());  // numbers are not numbered here: their texts are these
  CHECK(ndcg::number_cell_text(7) == "7");
  CHECK(ndcg::number_cell_text(0.25) == "0.25");
  CHECK(ndcg::number_cell_text(std::nan("")).empty());
  CHECK(ndcg::number_cell_text(-HUGE_VAL) == "-inf");
  // Codes into distinct objects (a categorical), -1 the missing object: by their text again.
  const void* distinct[] = {&q1, &q2, &other_q2};
  const std::int32_t codes[] = {2, 0, -1, 1, 1, 0};
  ndcg::table_column coded = objects;
  coded.objects = distinct, coded.codes = codes, coded.distinct = 3, coded.missing = &empty;
  const ndcg::id_numbers c = ndcg::number_ids(coded, 6);
  CHECK(c.codes == std::vector<std::uint32_t>{0, 1, 2, 0, 0, 1});
  CHECK(c.first == std::vector<std::size_t>{0, 1, 2});
}
#endif

}  // namespace commands_test
