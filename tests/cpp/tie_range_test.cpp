// Tie ranges of whole runs (trec.hpp) against brute force: every order
// of the tied documents written out as its own run and evaluated.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "ndcg/compare.hpp"
#include "ndcg/trec.hpp"

namespace tie_range_test {

namespace {

struct doc {
  std::string id;
  int score;
};

// The run text of one query with the documents in `order`, scores made distinct.
std::string run_of(const std::string& qid, const std::vector<doc>& docs, const std::vector<std::size_t>& order) {
  std::string out;
  for (std::size_t i = 0; i < order.size(); ++i)
    out += qid + " Q0 " + docs[order[i]].id + " " + std::to_string(i + 1) + " " + std::to_string(order.size() - i) + " r\n";
  return out;
}

}  // namespace

TEST_CASE("the worst and best order of ties bound every measure, as brute force over all orders finds") {
  const std::vector<std::string> measures = {"ndcg", "ndcg_cut.3", "P.2", "recall.2", "map", "recip_rank", "err_cut.3"};
  std::mt19937 rng(20261204);
  for (int round = 0; round < 60; ++round) {
    const std::size_t n = 2 + rng() % 5;
    std::vector<doc> docs;
    std::string qrels, run;
    for (std::size_t i = 0; i < n; ++i) {
      docs.push_back({"d" + std::to_string(rng() % 50) + "x" + std::to_string(i), static_cast<int>(rng() % 2)});
      const int grade = static_cast<int>(rng() % 5) - 1;  // -1 (judged negative) to 3
      if (rng() % 4) qrels += "q 0 " + docs.back().id + " " + std::to_string(grade) + "\n";
      run += "q Q0 " + docs.back().id + " 1 " + std::to_string(docs.back().score) + " r\n";
    }
    qrels += "q 0 unretrieved 2\n";
    ndcg::trec_options opt;
    opt.measures = measures;
    if (round % 3 == 2) opt.conv = *ndcg::preset("sklearn");  // ties averaged, exponential gain
    if (round % 3 == 1) opt.conv = *ndcg::preset("gdeval");
    auto t = ndcg::evaluate_tie_range(qrels, run, opt);
    REQUIRE(t.ok());
    // Every order that keeps scores descending: one way to break the ties.
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::vector<double> lo(t->worst.names.size(), INFINITY), hi(t->worst.names.size(), -INFINITY);
    do {
      bool sorted = true;
      for (std::size_t i = 1; i < n; ++i) sorted = sorted && docs[order[i - 1]].score >= docs[order[i]].score;
      if (!sorted) continue;
      auto r = ndcg::evaluate_trec(qrels, run_of("q", docs, order), opt);
      REQUIRE(r.ok());
      for (std::size_t m = 0; m < lo.size(); ++m) {
        lo[m] = std::min(lo[m], r->values[0][m]);
        hi[m] = std::max(hi[m], r->values[0][m]);
      }
    } while (std::next_permutation(order.begin(), order.end()));
    CAPTURE(round);
    CAPTURE(run);
    CAPTURE(qrels);
    for (std::size_t m = 0; m < lo.size(); ++m) {
      CAPTURE(t->worst.names[m]);
      CHECK(t->worst.values[0][m] == doctest::Approx(lo[m]).epsilon(1e-12));
      CHECK(t->best.values[0][m] == doctest::Approx(hi[m]).epsilon(1e-12));
      CHECK(t->changed[m] == (lo[m] != hi[m] ? 1u : 0u));
    }
  }
}

// rbp_resid (p = 0.9) of d1 (grade 3) and d2 (unjudged) tied: 0.9^2 + 0.1 * 1 = 0.91 with d2 first,
// 0.9^2 + 0.1 * 0.9 = 0.90 with it second, so the worst order gives the larger value; and with a judged
// zero in the tie, which the grade order may put on either side of d2, neither order need be an extreme.
TEST_CASE("trec --tie-range leaves out the measures a grade order does not bound") {
  CHECK_FALSE(ndcg::tie_range_applies("rbp_resid"));
  CHECK_FALSE(ndcg::tie_range_applies("alpha_ndcg_cut_10"));
  CHECK(ndcg::tie_range_applies("rbp"));
  ndcg::trec_options opt;
  opt.measures = {"rbp_resid", "P.1"};
  auto t = ndcg::evaluate_tie_range("q1 0 d1 3\n", "q1 Q0 d1 1 0.8 r\nq1 Q0 d2 2 0.8 r\n", opt);
  REQUIRE(t.ok());
  const auto at = static_cast<std::size_t>(std::find(t->worst.names.begin(), t->worst.names.end(), "rbp_resid") -
                                           t->worst.names.begin());
  REQUIRE(at < t->worst.names.size());
  CHECK(t->worst.values[0][at] == doctest::Approx(0.91));
  CHECK(t->best.values[0][at] == doctest::Approx(0.90));
  CHECK(ndcg::format_tie_range(*t, false, 4) ==
        "P_1:ties              \tall\t1\n"
        "P_1:worst             \tall\t0.0000\n"
        "P_1:best              \tall\t1.0000\n");
}

TEST_CASE("trec --tie-range lines and compare's tie summaries on a run whose ties matter") {
  const std::string qrels = "q1 0 a 1\nq1 0 b 0\nq2 0 c 2\n";
  const std::string run = "q1 Q0 b 1 5 r\nq1 Q0 a 2 5 r\nq2 Q0 c 1 3 r\n";  // a and b tie in q1
  ndcg::trec_options opt;
  opt.measures = {"recip_rank", "P.1"};
  auto t = ndcg::evaluate_tie_range(qrels, run, opt);
  REQUIRE(t.ok());
  CHECK(ndcg::format_tie_range(*t, true, 4) ==
        "recip_rank:worst      \tq1\t0.5000\n"
        "recip_rank:best       \tq1\t1.0000\n"
        "P_1:worst             \tq1\t0.0000\n"
        "P_1:best              \tq1\t1.0000\n"
        "recip_rank:ties       \tall\t1\n"
        "recip_rank:worst      \tall\t0.7500\n"
        "recip_rank:best       \tall\t1.0000\n"
        "P_1:ties              \tall\t1\n"
        "P_1:worst             \tall\t0.5000\n"
        "P_1:best              \tall\t1.0000\n");
  auto s = ndcg::settings_from({{"measures", "recip_rank"}}, ndcg::command::compare);
  auto r = ndcg::compare_runs(qrels, {run, "q1 Q0 a 1 5 r\nq2 Q0 c 1 3 r\n"}, s->batch);
  REQUIRE(r.ok());
  REQUIRE(r->ties.size() == 2);
  CHECK(r->ties[0].changed == 1);
  CHECK(r->ties[0].mean_min == 0.75);
  CHECK(r->ties[0].mean_max == 1);
  CHECK(r->ties[1].changed == 0);
  CHECK(r->ties[1].mean_min == r->ties[1].mean_max);
  auto off = ndcg::compare_runs(qrels, {run, run}, ndcg::settings_from({{"tie_range", "false"}}, ndcg::command::compare)->batch);
  REQUIRE(off.ok());
  CHECK(off->ties.empty());
}

}  // namespace tie_range_test
