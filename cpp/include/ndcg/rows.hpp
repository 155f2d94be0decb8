// DCG of many rows at once, as scikit-learn's dcg_score and ndcg_score
// compute it (sklearn/metrics/_ranking.py, 1.2): a matrix of labels and a
// matrix of scores, one row per sample, the gain the label itself (linear,
// negative labels included), the discount log_b(i + 1), positions past
// `depth` worth nothing, and the ideal the same row's labels in descending
// order. Tied scores are averaged (McSherry & Najork 2008) or, with
// average_ties false, kept in input order and the row flagged when the
// order matters (scikit-learn then orders them as NumPy's argsort does,
// which the caller reproduces).
//
// Worked example: labels 3 2 0 1, scores .9 .5 .5 .1, depth 4. Positions 2
// and 3 tie, so each takes (2 + 0) / 2 = 1:
//   DCG   = 3/1 + 1/log2(3) + 1/log2(4) + 1/log2(5)   = 4.5616...
//   IDCG  = 3/1 + 2/log2(3) + 1/log2(4) + 0           = 4.7618...
//   NDCG  = 0.95796...   (ideal 0 gives NDCG 0; a negative ideal divides)
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ndcg {

struct row_matrix {
  const double* labels = nullptr;  // rows * cols, row-major
  const double* scores = nullptr;  // rows * cols, row-major
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::size_t depth = 0;           // positions 1..depth count (scikit-learn's k, cut to cols)
  double log_base = 2.0;
  bool average_ties = true;
  bool with_ideal = true;          // false: only the DCG (ideal and ndcg stay 0)
};

struct row_sums {
  std::vector<double> dcg;         // DCG@depth of each row
  std::vector<double> ideal;       // the same over the row's labels in descending order
  std::vector<double> ndcg;        // dcg / ideal, 0 where ideal is 0
  std::vector<std::uint8_t> tied;  // average_ties false: equal scores with different labels
};

row_sums dcg_of_rows(const row_matrix& m, unsigned threads);

}  // namespace ndcg
