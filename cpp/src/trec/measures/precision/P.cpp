// P.k: precision at k, the relevant documents in the top k divided by k
// (even when fewer than k were ranked), as m_P.c.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double precision(const query_state& q, const column& c) {
  return static_cast<double>(q.hits[q.top(c.cutoff)]) / c.param;
}
}  // namespace

const family P_measure = measure("P", "precision at cutoffs", precision).cutoffs(standard_cutoffs)
        .described("Relevant in the top k / k, even when fewer are ranked.");

}  // namespace ndcg::trec_detail
