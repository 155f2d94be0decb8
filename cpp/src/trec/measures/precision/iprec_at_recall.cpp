// iprec_at_recall.L: interpolated precision at recall level L, the best
// precision at or after the k-th relevant document, k = round(L * R)
// (m_iprec_at_recall.c). k = 0 takes the best precision anywhere; with
// nothing ranked that is 0 / 0, which trec_eval prints as -nan.
#include <cmath>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {

// Shared with 11pt_avg: the interpolated precision at the k-th relevant document.
double interpolated_at(const query_state& q, long k) {
  if (k > static_cast<long>(q.num_rel_ret)) return 0.0;
  if (k == 0 && q.num_rel_ret == 0) return q.num_ret ? 0.0 : trec_nan();
  return q.best_precision[static_cast<std::size_t>(k)];
}

namespace {
double iprec(const query_state& q, const column& c) {
  return interpolated_at(q, rounded(c.param * static_cast<double>(q.num_rel)));
}
}  // namespace

const family iprec_at_recall_measure =
    measure("iprec_at_recall", "interpolated precision at recall levels", iprec)
        .fractions(standard_levels)
        .needing(need_full_ranking | need_interpolated)
        .described("Best P@r at or after the round(X R)-th relevant; 0 if it is not ranked.");

}  // namespace ndcg::trec_detail
