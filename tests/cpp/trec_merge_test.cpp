// merge_trec over results held in memory: a run split by query and each
// part evaluated alone merges into the one-shot result bit for bit (means,
// counts, gm_map, num_q); mixed with a part given as text; a query in two
// parts is refused with its id.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "ndcg/metrics.hpp"
#include "ndcg/trec.hpp"

namespace trec_merge_test {

namespace {

struct split_run {
  std::string qrels, whole;
  std::vector<std::string> parts;
};

// Queries q000... with 1 to 30 documents and tied scores, dealt to
// `parts` parts at random (a part may get none).
split_run make_split(unsigned seed, std::size_t queries, std::size_t parts) {
  split_run s;
  s.parts.resize(parts);
  std::mt19937 rng(seed);
  for (std::size_t q = 0; q < queries; ++q) {
    char qid[24];  // "q" and any std::size_t
    std::snprintf(qid, sizeof qid, "q%03zu", q);
    std::string& part = s.parts[rng() % parts];
    const std::size_t n = 1 + rng() % 30;
    for (std::size_t i = 0; i < n; ++i) {
      char line[96];
      if (rng() % 3) {
        std::snprintf(line, sizeof line, "%s 0 d%zu %u\n", qid, i, static_cast<unsigned>(rng() % 4));
        s.qrels += line;
      }
      std::snprintf(line, sizeof line, "%s Q0 d%zu 0 %u run\n", qid, i, static_cast<unsigned>(rng() % 5));
      s.whole += line;
      part += line;
    }
  }
  return s;
}

bool same_bits(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

void check_identical(const ndcg::trec_result& a, const ndcg::trec_result& b) {
  REQUIRE(a.names == b.names);
  REQUIRE(a.qids == b.qids);
  CHECK(a.num_q == b.num_q);
  for (std::size_t q = 0; q < a.qids.size(); ++q)
    for (std::size_t m = 0; m < a.names.size(); ++m)
      if (a.names[m] != "num_q" && a.names[m] != "runid" && !a.is_text[m])  // texts: below
        CHECK_MESSAGE(same_bits(a.values[q][m], b.values[q][m]), (a.qids[q] + " " + a.names[m]));
  CHECK(a.texts == b.texts);
  for (std::size_t m = 0; m < a.names.size(); ++m)
    if (a.names[m] != "runid") CHECK_MESSAGE(same_bits(a.mean[m], b.mean[m]), a.names[m]);
}

ndcg::trec_options all_measures() {
  ndcg::trec_options opt;
  opt.measures = {"all_trec", "ndcg_cut.10", "relstring.5"};
  return opt;
}

}  // namespace

TEST_CASE("merge_trec: results of a run split by query, held in memory, merge into the one-shot result exactly") {
  const split_run s = make_split(11, 200, 4);
  const ndcg::trec_options opt = all_measures();
  auto whole = ndcg::evaluate_trec(s.qrels, s.whole, opt);
  REQUIRE(whole.ok());
  std::vector<ndcg::trec_result> results;
  for (const std::string& part : s.parts) {
    auto r = ndcg::evaluate_trec(s.qrels, part, opt);
    REQUIRE(r.ok());
    results.push_back(std::move(*r));
  }
  std::vector<ndcg::merge_part> parts(results.size());
  for (std::size_t i = 0; i < results.size(); ++i) parts[i].result = &results[i];
  auto merged = ndcg::merge_trec(parts);
  REQUIRE_MESSAGE(merged.ok(), (merged.ok() ? "" : merged.err().message));
  check_identical(*merged, *whole);

  SUBCASE("one part as `ndcg trec -q --digits 17` text, the others in memory") {
    const std::string text = ndcg::format_trec(results[0], true, 17);
    parts[0] = ndcg::merge_part{text, nullptr};
    auto mixed = ndcg::merge_trec(parts);
    REQUIRE_MESSAGE(mixed.ok(), (mixed.ok() ? "" : mixed.err().message));
    check_identical(*mixed, *whole);
  }
}

TEST_CASE("merge_trec: a query in two parts is refused with its id, in memory or as text") {
  auto a = ndcg::evaluate_trec("q1 0 d 1\nq2 0 d 1\n", "q1 Q0 d 0 1 r\nq2 Q0 d 0 1 r\n", all_measures());
  auto b = ndcg::evaluate_trec("q2 0 d 1\n", "q2 Q0 d 0 1 r\n", all_measures());
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  auto merged = ndcg::merge_trec(std::vector<ndcg::merge_part>{{{}, &*a}, {{}, &*b}});
  REQUIRE_FALSE(merged.ok());
  CHECK(merged.err().message.find("\"q2\"") != std::string::npos);
  CHECK(merged.err().message.find("1 query is in more than one part") != std::string::npos);

  const std::string text = ndcg::format_trec(*b, true, 17);
  auto mixed = ndcg::merge_trec(std::vector<ndcg::merge_part>{{{}, &*a}, {text, nullptr}});
  REQUIRE_FALSE(mixed.ok());
  CHECK(mixed.err().message.find("q2") != std::string::npos);
  CHECK(mixed.err().source == "1");
}

}  // namespace trec_merge_test
