// value_rows: a batch's per-query values in one block, and the row order
// the stream puts them in (qid order) without a second copy.
#include <doctest/doctest.h>

#include <cstddef>
#include <utility>
#include <vector>

#include "ndcg/trec.hpp"

namespace value_rows_test {

using ndcg::value_rows;

namespace {
std::vector<double> row_of(const value_rows& t, std::size_t q) {
  const auto row = t[q];
  return std::vector<double>(row.begin(), row.end());
}
}  // namespace

TEST_CASE("value_rows: rows pushed are read back by index and by a walk, and written through either") {
  value_rows t;
  t.push_back({1, 2, 3});
  t.push_back({4, 5, 6});
  REQUIRE(t.size() == 2);
  CHECK(t.width() == 3);
  CHECK(row_of(t, 1) == std::vector<double>{4, 5, 6});
  t[0][2] = 30;
  double sum = 0;
  for (const auto row : t) {
    row[0] += 100;
    sum += row[0] + row[1] + row.back();
  }
  CHECK(row_of(t, 0) == std::vector<double>{101, 2, 30});
  CHECK(sum == 101 + 2 + 30 + 104 + 5 + 6);
}

TEST_CASE("value_rows: rows of no values still count, and a walk visits each") {
  value_rows t;
  t.push_back(std::vector<double>());
  t.push_back(std::vector<double>());
  t.push_back(std::vector<double>());
  std::size_t walked = 0;
  for (const auto row : t) walked += 1 + row.size();
  CHECK(t.size() == 3);
  CHECK(walked == 3);
  const value_rows none;
  for (const auto row : none) FAIL("an empty table has no row " << row.size());
}

TEST_CASE("value_rows: reorder puts row i where order[i] was, through cycles of every length") {
  // Rows 0..5 hold 10q, 10q + 1. The order has a 3-cycle (0 2 4), a 2-cycle (1 5) and a fixed row (3).
  value_rows t;
  for (double q = 0; q < 6; ++q) t.push_back({10 * q, 10 * q + 1});
  t.reorder({2, 5, 4, 3, 0, 1});
  const std::vector<std::vector<double>> want = {{20, 21}, {50, 51}, {40, 41}, {30, 31}, {0, 1}, {10, 11}};
  for (std::size_t q = 0; q < want.size(); ++q) CHECK(row_of(t, q) == want[q]);
  t.reorder({0, 1, 2, 3, 4, 5});
  for (std::size_t q = 0; q < want.size(); ++q) CHECK(row_of(t, q) == want[q]);
}

TEST_CASE("value_rows: columns added go after each row's own, in the order given") {
  value_rows t(2, 2, 7.0);
  t.add_columns({{1, 2}, {3, 4}});
  CHECK(t.width() == 4);
  CHECK(row_of(t, 0) == std::vector<double>{7, 7, 1, 3});
  CHECK(row_of(t, 1) == std::vector<double>{7, 7, 2, 4});
  t.add_columns({});
  CHECK(t.width() == 4);
}

TEST_CASE("value_rows: rows taken whole from a block, resized and cleared") {
  value_rows t(std::vector<double>{1, 2, 3, 4, 5, 6}, 3, 2);
  CHECK(row_of(t, 2) == std::vector<double>{5, 6});
  t.resize(4);
  CHECK(row_of(t, 3) == std::vector<double>{0, 0});
  CHECK(row_of(t, 0) == std::vector<double>{1, 2});
  t.clear();
  CHECK(t.empty());
  t.reserve(10, 5);
  t.push_back({1, 2, 3, 4, 5});
  CHECK(t.width() == 5);
}

TEST_CASE("value_rows: a table moved from is empty, and takes rows again") {
  value_rows t;
  t.push_back({1, 2});
  t.push_back({3, 4});
  value_rows taken = std::move(t);
  CHECK(taken.size() == 2);
  CHECK(row_of(taken, 1) == std::vector<double>{3, 4});
  CHECK(t.empty());  // NOLINT(bugprone-use-after-move): what a move leaves is the point
  t.push_back({5, 6, 7});
  CHECK(t.size() == 1);
  CHECK(row_of(t, 0) == std::vector<double>{5, 6, 7});
  value_rows assigned;
  assigned = std::move(taken);
  CHECK(taken.empty());  // NOLINT(bugprone-use-after-move)
  CHECK(row_of(assigned, 0) == std::vector<double>{1, 2});
}

}  // namespace value_rows_test
