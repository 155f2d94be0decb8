// Fuzzes dcg_of_rows (ndcg_calc.sklearn's kernel). The first three bytes
// choose the columns, the depth and whether ties are averaged; then each
// cell takes two bytes: its label (-2 to 5, now and then 0.5 or NaN) and its
// score (few values, so ties are common; now and then NaN or infinity).
// Every row with finite labels of 0 or more must equal explain() under the
// sklearn preset, and no NDCG may leave [0, 1] when averaged.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/metrics.hpp"

namespace {

double label_of(std::uint8_t b) {
  if (b == 255) return std::numeric_limits<double>::quiet_NaN();
  return b % 9 == 8 ? 0.5 : static_cast<double>(b % 8) - 2;
}

double score_of(std::uint8_t b) {
  if (b == 255) return std::numeric_limits<double>::quiet_NaN();
  if (b == 254) return std::numeric_limits<double>::infinity();
  return static_cast<double>(b % 6) / 2;
}

bool plain(const double* labels, const double* scores, std::size_t cols) {
  for (std::size_t c = 0; c < cols; ++c)
    if (!(labels[c] >= 0) || !std::isfinite(scores[c])) return false;
  return true;
}

void check_row(const ndcg::row_matrix& m, const ndcg::row_sums& r, std::size_t row) {
  const double* labels = m.labels + row * m.cols;
  const double* scores = m.scores + row * m.cols;
  if (!m.average_ties || m.depth == 0 || !plain(labels, scores, m.cols)) return;
  ndcg::options opt = *ndcg::preset("sklearn");
  opt.k = m.depth;
  std::vector<ndcg::item> items(m.cols);
  for (std::size_t c = 0; c < m.cols; ++c) {
    items[c].score = scores[c];
    items[c].has_score = true;
    items[c].grade = labels[c];
  }
  const auto e = ndcg::explain(items, opt);
  fuzz::require(e.ok(), "explain takes what the kernel takes");
  const auto near = [](double a, double b) { return std::fabs(a - b) <= 1e-12 * std::fmax(1.0, std::fabs(b)); };
  fuzz::require(near(r.dcg[row], e->dcg) && near(r.ideal[row], e->idcg) && near(r.ndcg[row], e->ndcg),
                "each row equals explain() under the sklearn preset", std::to_string(row));
  fuzz::require(r.ndcg[row] >= 0 && r.ndcg[row] <= 1 + 1e-12, "averaged NDCG of labels >= 0 stays in [0, 1]");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::bytes in(data, size);
  const std::size_t cols = 1 + in.take() % 40;
  const std::size_t depth = in.take() % (cols + 2);
  const std::uint8_t mode = in.take();
  std::vector<double> labels, scores;
  while (in.rest().size() >= 2 && labels.size() < 40000) {
    labels.push_back(label_of(in.take()));
    scores.push_back(score_of(in.take()));
  }
  const std::size_t rows = labels.size() / cols;
  ndcg::row_matrix m;
  m.labels = labels.data();
  m.scores = scores.data();
  m.rows = rows;
  m.cols = cols;
  m.depth = depth > cols ? cols : depth;
  m.average_ties = (mode & 1) == 0;
  m.with_ideal = (mode & 2) == 0;
  const ndcg::row_sums r = ndcg::dcg_of_rows(m, 1 + (mode >> 6));
  fuzz::require(r.dcg.size() == rows && r.ndcg.size() == rows && r.tied.size() == rows, "one value per row");
  if (m.with_ideal)
    for (std::size_t row = 0; row < rows; ++row) check_row(m, r, row);
  return 0;
}
