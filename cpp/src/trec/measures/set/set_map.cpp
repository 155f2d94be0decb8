// set_map: unranked average precision, set precision times set recall:
// relevant retrieved^2 / (retrieved * R) (m_set_map.c).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double set_map(const query_state& q, const column&) {
  if (!q.num_ret || !q.num_rel) return 0.0;
  const double found = static_cast<double>(q.num_rel_ret);
  return (found * found) / (static_cast<double>(q.num_ret) * static_cast<double>(q.num_rel));
}
}  // namespace

const family set_map_measure = measure("set_map", "set precision times set recall", set_map)
        .described("Relevant retrieved^2 / (retrieved R).");

}  // namespace ndcg::trec_detail
