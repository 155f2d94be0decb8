// Matrices of labels and scores, one row per sample (rows.cpp), for
// ndcg_calc.sklearn: each row's DCG, ideal DCG and NDCG from ndcg::dcg_of_rows.
#pragma once

#include "convert.hpp"

namespace ndcg_python {

// labels, scores: float64, contiguous, rows * cols each (the Python layer
// makes them so). Returns {"dcg", "ideal", "ndcg": bytes of float64 per row,
// "tied": bytes of one flag per row}; with_ideal false: the DCG only.
py::dict dcg_rows(const py::buffer& labels, const py::buffer& scores, std::size_t cols, std::size_t depth,
                  double log_base, bool average_ties, bool with_ideal, int threads);

}  // namespace ndcg_python
