// Metrics beside NDCG over one ranked list: CG, P, R, AP, RR, ERR, alpha-nDCG.
#pragma once

#include <cstddef>
#include <vector>

#include "ndcg/metrics.hpp"

namespace ndcg::detail {

// One item in ranked order with the grade the metrics use.
struct ranked {
  const item* source = nullptr;
  double grade = 0;
};

// `depth` is the cutoff already applied to the list (min(K, n)).
other_metrics other_metrics_of(const std::vector<ranked>& list, std::size_t depth,
                               const options& opt, const std::vector<item>* judgments);

// ERR@depth (Chapelle et al. 2009) with R = (2^g - 1) / 2^g_max.
double expected_reciprocal_rank(const std::vector<double>& grades, std::size_t depth, double g_max);

// alpha-DCG of documents given as subtopic sets, in the given order.
double alpha_dcg(const std::vector<const std::vector<std::string>*>& order, std::size_t depth,
                 double alpha);

// The greedy ideal order of a pool for alpha-nDCG: at each rank the document
// with the largest marginal gain, ties to the earlier one in the pool.
std::vector<const std::vector<std::string>*> alpha_ideal(
    const std::vector<const std::vector<std::string>*>& pool, std::size_t depth, double alpha);

}  // namespace ndcg::detail
