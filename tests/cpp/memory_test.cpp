// Big blocks freed are kept and handed out again (base/big_memory.cpp):
// the same block for the same size, a slightly larger one for a smaller
// size (its whole size kept when it comes back), until some allocations
// have fitted no kept block.
#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "base/big_memory.hpp"
#include "ndcg/commands.hpp"

namespace memory_test {

using ndcg::detail::big_allocate;
using ndcg::detail::big_block;
using ndcg::detail::big_free;
using ndcg::detail::big_raw_vector;

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
// Sizes no other test asks for (pages are not touched unless written).
constexpr std::size_t unusual = 101 * big_block;

TEST_CASE("a big block freed is handed out again for the same size") {
  void* a = big_allocate(unusual - 100);  // rounded up to the same 2 MB multiple
  std::memset(a, 7, 4096);
  big_free(a, unusual - 100);
  void* b = big_allocate(unusual);
  CHECK(b == a);
  // Kept as it was, not cleared again (sanitizer builds fill it, to catch reads of unwritten elements).
  CHECK(static_cast<unsigned char*>(b)[4095] == (NDCG_CHECKED_BUILD ? ndcg::detail::reused_fill : 7));
  big_free(b, unusual);
}

TEST_CASE("a kept block serves a somewhat smaller size, and comes back whole") {
  void* a = big_allocate(unusual);
  big_free(a, unusual);
  void* smaller = big_allocate(unusual - 10 * big_block);  // within a quarter: lent
  CHECK(smaller == a);
  big_free(smaller, unusual - 10 * big_block);  // kept at its whole size
  void* again = big_allocate(unusual);
  CHECK(again == a);
  big_free(again, unusual);
}

// A miss is an allocation that no kept block fits: here one big block
// (a kept block of 41 is too large to be lent for it), held until the end
// so that it is not kept itself. Sizes past the cap, never kept, would do
// too, but each costs a sanitizer build a second (its shadow memory).
TEST_CASE("a kept block outlasts a few misses, and goes back at the last one") {
  constexpr std::size_t size = 41 * big_block;
  std::vector<void*> held;
  const auto miss = [&] { held.push_back(big_allocate(big_block)); };
  void* a = big_allocate(size);
  big_free(a, size);
  for (unsigned i = 0; i + 1 < ndcg::detail::misses_kept; ++i) miss();
  CHECK(ndcg::detail::big_kept_bytes() >= size);
  void* b = big_allocate(size);  // still kept: handed out again
  CHECK(b == a);
  big_free(b, size);  // kept anew
  for (unsigned i = 0; i < ndcg::detail::misses_kept; ++i) miss();
  CHECK(ndcg::detail::big_kept_bytes() == 0);  // every block kept before these misses went back
  for (void* p : held) big_free(p, big_block);
}

TEST_CASE("a big vector's storage comes back to the next vector of its size") {
  const void* first = nullptr;
  {
    big_raw_vector<double> v(unusual / sizeof(double));
    first = v.data();
  }
  big_raw_vector<double> w(unusual / sizeof(double));
  CHECK(static_cast<const void*>(w.data()) == first);
}
#endif

// 600,000 rows (the big arrays of both paths past 2 MB), queries shuffled
// among the rows, three grades; each evaluated twice in a row, the second
// on blocks the first freed (in sanitizer builds filled with a pattern),
// must give the first's report byte for byte, and columns the text's.
#ifndef __EMSCRIPTEN__  // tables held as columns: native only
TEST_CASE("evaluations on reused blocks give the reports of fresh ones") {
  constexpr std::size_t rows = 600000, queries = 6000;
  std::string run_text, qrels_text;
  std::vector<std::string> qids(rows), docs(rows);
  std::vector<double> scores(rows), grades;
  std::vector<std::string> judged_qids, judged_docs;
  for (std::size_t i = 0; i < rows; ++i) {
    const std::size_t q = (i * 7919) % queries, d = i / queries;  // each (query, doc) once
    qids[i] = "q" + std::to_string(q);
    docs[i] = "doc" + std::to_string(d);
    scores[i] = static_cast<double>((i * 31) % 97) / 8;
    run_text += qids[i] + " Q0 " + docs[i] + " 0 " + std::to_string(scores[i]) + " r\n";
    if (i % 3 == 0) {
      judged_qids.push_back(qids[i]), judged_docs.push_back(docs[i]), grades.push_back(static_cast<double>(i % 4 == 0 ? 2 : i % 2));
      qrels_text += qids[i] + " 0 " + docs[i] + " " + std::to_string(static_cast<int>(grades.back())) + "\n";
    }
  }
  const ndcg::option_pairs options = {{"measures", "ndcg_cut.10"}, {"measures", "map"}, {"measures", "P.10"}, {"per_query", "true"}};
  const auto by_text = [&] {
    ndcg::text_source source(run_text);
    ndcg::evaluate_inputs in;
    in.qrels = qrels_text;
    in.run = &source;
    std::vector<ndcg::batch_reading> readings;
    return ndcg::evaluate_batch(in, options, readings).text;
  };
  const auto views = [](const std::vector<std::string>& texts) { return std::vector<std::string_view>(texts.begin(), texts.end()); };
  const auto by_columns = [&] {
    ndcg::column_table run, judged;
    run.rows = rows;
    run.columns = {{"qid", views(qids), nullptr, nullptr}, {"docid", views(docs), nullptr, nullptr}, {"score", {}, scores.data(), nullptr}};
    judged.rows = grades.size();
    judged.columns = {{"qid", views(judged_qids), nullptr, nullptr}, {"docid", views(judged_docs), nullptr, nullptr},
                      {"rel", {}, grades.data(), nullptr}};
    ndcg::column_inputs in;
    in.qrels = &judged;
    in.run = &run;
    std::vector<ndcg::batch_reading> readings;
    return ndcg::evaluate_batch(in, options, readings).text;
  };
  const std::string text = by_text(), columns = by_columns();
  REQUIRE(text.find("ndcg_cut_10") != std::string::npos);
  CHECK(by_text() == text);
  CHECK(by_columns() == columns);
  CHECK(columns == text);
}
#endif

TEST_CASE("small blocks are ordinary memory") {
  void* p = big_allocate(100);
  std::memset(p, 1, 100);
  big_free(p, 100);
  CHECK(big_block == std::size_t(1) << 21);
}

}  // namespace memory_test
