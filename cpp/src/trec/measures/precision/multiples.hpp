// The multiples of R that Rprec_mult and Rprec_mult_avgjg report, and the
// rank each stands for.
#pragma once

#include <cstddef>

namespace ndcg::trec_detail {

inline constexpr double r_multiples[] = {0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0};

// The rank x * R stands for, rounded as trec_eval rounds it (+0.9, then truncated).
inline long multiple_of_r(double x, std::size_t num_rel) {
  return static_cast<long>(x * static_cast<double>(num_rel) + 0.9);
}

}  // namespace ndcg::trec_detail
