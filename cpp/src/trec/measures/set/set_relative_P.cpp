// set_relative_P: relevant retrieved over min(retrieved, R), the best the
// set's size allows (m_set_rel_P.c).
#include <algorithm>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double set_relative_precision(const query_state& q, const column&) {
  if (!q.num_ret || !q.num_rel) return 0.0;
  return static_cast<double>(q.num_rel_ret) / static_cast<double>(std::min(q.num_ret, q.num_rel));
}
}  // namespace

const family set_relative_P_measure =
    measure("set_relative_P", "set precision over the best possible, min(retrieved, R)", set_relative_precision)
        .described("Relevant retrieved / min(retrieved, R).");

}  // namespace ndcg::trec_detail
