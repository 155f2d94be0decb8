// dcg_of_rows (metrics.hpp): scikit-learn's dcg_score and ndcg_score per row,
// on the header's worked example and against explain() under the sklearn
// preset.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ndcg/metrics.hpp"
#include "support.hpp"

namespace rows_test {

using namespace ndcg;

namespace {

row_sums of(const std::vector<double>& labels, const std::vector<double>& scores, std::size_t cols, std::size_t depth,
            bool average = true, unsigned threads = 1) {
  row_matrix m;
  m.labels = labels.data();
  m.scores = scores.data();
  m.cols = cols;
  m.rows = labels.size() / cols;
  m.depth = depth;
  m.average_ties = average;
  return dcg_of_rows(m, threads);
}

doctest::Approx exact(double v) { return doctest::Approx(v).epsilon(1e-13); }

}  // namespace

TEST_CASE("the worked example: tied scores share their mean label, the ideal is the labels in order") {
  const row_sums r = of({3, 2, 0, 1}, {.9, .5, .5, .1}, 4, 4);
  const double dcg = 3 + 1 / std::log2(3.0) + 1 / std::log2(4.0) + 1 / std::log2(5.0);
  const double idcg = 3 + 2 / std::log2(3.0) + 1 / std::log2(4.0);
  CHECK(r.dcg[0] == exact(dcg));
  CHECK(r.ideal[0] == exact(idcg));
  CHECK(r.ndcg[0] == exact(dcg / idcg));
  CHECK(r.ndcg[0] == exact(0.957946429289298));
}

TEST_CASE("a cut through a tied group counts the group's mean over the positions above it") {
  // Scores .9 .5 .5 .5, depth 2: position 2 takes (2 + 0 + 1) / 3 = 1.
  const row_sums r = of({3, 2, 0, 1}, {.9, .5, .5, .5}, 4, 2);
  CHECK(r.dcg[0] == exact(3 + 1 / std::log2(3.0)));
  CHECK(r.ideal[0] == exact(3 + 2 / std::log2(3.0)));
}

TEST_CASE("an ideal of 0 gives 0; negative labels count as they are and a negative ideal divides") {
  const row_sums r = of({0, 0, 0, -1, 2, 0}, {.1, .2, .3, .3, .2, .1}, 3, 3);
  CHECK(r.dcg[0] == 0);
  CHECK(r.ndcg[0] == 0);
  const double dcg = -1 + 2 / std::log2(3.0), idcg = 2 + 0 / std::log2(3.0) - 1 / std::log2(4.0);
  CHECK(r.dcg[1] == exact(dcg));
  CHECK(r.ideal[1] == exact(idcg));
  CHECK(r.ndcg[1] == exact(dcg / idcg));
}

TEST_CASE("depth 0 counts nothing; without averaging, a tie between different labels flags its row") {
  CHECK(of({1, 2}, {.5, .5}, 2, 0).dcg[0] == 0);
  const row_sums r = of({1, 2, 2, 2, 0, 1}, {.5, .5, .5, .5, .9, .1}, 2, 2, false);
  CHECK(r.tied == std::vector<std::uint8_t>{1, 0, 0});
  CHECK(r.dcg[2] == exact(0 + 1 / std::log2(3.0)));
}

TEST_CASE("every row equals explain() under the sklearn preset, on any number of threads") {
  std::mt19937 rng(50);
  const std::size_t cols = 9, rows = 6000;  // enough for several threads
  std::vector<double> labels(rows * cols), scores(rows * cols);
  for (double& l : labels) l = static_cast<double>(rng() % 4);
  for (double& s : scores) s = static_cast<double>(rng() % 4) / 2;  // ties everywhere
  for (std::size_t depth : {1u, 3u, 9u}) {
    const row_sums one = of(labels, scores, cols, depth), many = of(labels, scores, cols, depth, true, 3);
    options opt = *preset("sklearn");
    opt.k = depth;
    for (std::size_t r = 0; r < rows; ++r) CHECK(many.ndcg[r] == one.ndcg[r]);
    for (std::size_t r = 0; r < 400; ++r) {
      std::vector<item> items;
      for (std::size_t c = 0; c < cols; ++c) items.push_back(test_support::scored("", scores[r * cols + c], labels[r * cols + c]));
      const auto e = explain(items, opt);
      REQUIRE(e.ok());
      CHECK(one.dcg[r] == exact(e->dcg));
      CHECK(one.ideal[r] == exact(e->idcg));
      CHECK(one.ndcg[r] == exact(e->ndcg));
    }
  }
}

}  // namespace rows_test
