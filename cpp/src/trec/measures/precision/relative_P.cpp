// relative_P.k: precision at k relative to the best possible there:
// relevant in the top k over min(k, R); 0 when R = 0 (m_rel_P.c).
#include <algorithm>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double relative_precision(const query_state& q, const column& c) {
  if (q.num_rel == 0) return 0.0;
  return static_cast<double>(q.hits[q.top(c.cutoff)]) / std::min(c.param, static_cast<double>(q.num_rel));
}
}  // namespace

const family relative_P_measure =
    measure("relative_P", "precision at k over the best possible, min(k, R)", relative_precision)
        .cutoffs(standard_cutoffs)
        .described("Relevant in the top k / min(k, R); 0 when R = 0.");

}  // namespace ndcg::trec_detail
