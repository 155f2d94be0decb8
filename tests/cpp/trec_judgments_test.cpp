// Judgments read once (trec_judgments), many runs evaluated on them: each
// result is evaluate_trec's for the same qrels and run, also when several
// threads evaluate runs on the same judgments at once.
#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "ndcg/evaluate_run.hpp"
#include "ndcg/trec.hpp"
#include "support.hpp"

namespace trec_judgments_test {

namespace {

ndcg::trec_result on_judgments(const ndcg::trec_judgments& judged, const std::string& run, const ndcg::batch_settings& b) {
  ndcg::text_source source(run);
  std::vector<ndcg::batch_reading> readings;
  auto r = ndcg::evaluate_run(judged, source, b, ndcg::input_reading{}, readings);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.err().message));
  return r->result;
}

}  // namespace

TEST_CASE("judgments read once give evaluate_trec's results, on several threads at once") {
  const std::string qrels = test_support::parity_text("set1.qrels"), run = test_support::parity_text("set1.run");
  auto judged = ndcg::trec_judgments::read(qrels);
  REQUIRE(judged.ok());
  ndcg::batch_settings b;
  b.trec.measures = {"all_trec", "nDCG@10", "P(rel=2)@5"};
  auto want = ndcg::evaluate_trec(qrels, run, b.trec);
  REQUIRE(want.ok());
  std::vector<ndcg::trec_result> got(4);
  const auto evaluate = [&](std::size_t i) {
    ndcg::text_source source(run);
    std::vector<ndcg::batch_reading> readings;
    auto r = ndcg::evaluate_run(*judged, source, b, ndcg::input_reading{}, readings);
    if (r.ok()) got[i] = std::move(r->result);
  };
#ifndef __EMSCRIPTEN__  // threads natively; in wasm one after the other
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < got.size(); ++i) threads.emplace_back(evaluate, i);
  for (std::thread& t : threads) t.join();
#else
  for (std::size_t i = 0; i < got.size(); ++i) evaluate(i);
#endif
  for (const ndcg::trec_result& r : got) {
    CHECK(r.names == want->names);
    CHECK(r.qids == want->qids);
    CHECK(ndcg::format_trec(r, true, 17) == ndcg::format_trec(*want, true, 17));
  }
}

TEST_CASE("judgments read once: a run in another format is read as evaluate_run reads it; bad qrels are refused") {
  auto judged = ndcg::trec_judgments::read("q1 0 d1 1\nq1 0 d2 0\n");
  REQUIRE(judged.ok());
  ndcg::batch_settings b;
  b.trec.measures = {"P@2", "RR"};
  const auto r = on_judgments(*judged, "query_id,doc_id,score\nq1,d2,2\nq1,d1,1\n", b);
  REQUIRE(r.names == std::vector<std::string>{"P@2", "RR"});
  CHECK(r.mean == std::vector<double>{0.5, 0.5});  // d1, the relevant one, at rank 2
  auto bad = ndcg::trec_judgments::read("q1 0 d1\n");
  REQUIRE(!bad.ok());
  CHECK(bad.err().source == "qrels");
  CHECK(bad.err().line == 1);
}

}  // namespace trec_judgments_test
