// Pieces of NDCG shared by `explain` (metrics.cpp) and `trec`
// (trec_measures.cpp), so that both compute the same thing the same way.
#pragma once

#include <cstddef>
#include <limits>

#include "ndcg/metrics.hpp"

namespace ndcg::detail {

// The score as the ranking compares it: XGBoost compares float32 scores.
inline double comparable_score(double score, const options& opt) {
  return opt.float32_scores ? static_cast<double>(static_cast<float>(score)) : score;
}

// NDCG = DCG / IDCG. When IDCG is 0 (nothing relevant to find) the policy
// says: 0 (trec_eval), 1, or no value (NaN, left out of means).
inline double ndcg_of(double dcg, double idcg, zero_policy when_zero) {
  if (idcg > 0) return dcg / idcg;
  switch (when_zero) {
    case zero_policy::one: return 1.0;
    case zero_policy::skip: return std::numeric_limits<double>::quiet_NaN();
    case zero_policy::zero: break;
  }
  return 0.0;
}

// Tie averaging (McSherry & Najork 2008): every position of a run of tied
// scores gets the run's mean gain, which equals the expected DCG over all
// orders of the run. gain(i) is the gain at position i (a reference, which
// is overwritten); tied(a, b) says whether positions a and b tie.
template <class Gain, class Tied>
void average_tied(std::size_t n, Gain gain, Tied tied) {
  for (std::size_t start = 0; start < n;) {
    std::size_t end = start + 1;
    while (end < n && tied(start, end)) ++end;
    double sum = 0;
    for (std::size_t i = start; i < end; ++i) sum += gain(i);
    for (std::size_t i = start; i < end; ++i) gain(i) = sum / static_cast<double>(end - start);
    start = end;
  }
}

}  // namespace ndcg::detail
