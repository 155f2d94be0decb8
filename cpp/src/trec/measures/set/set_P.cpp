// set_P: precision of the whole ranked set, relevant / retrieved (m_set_P.c).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double set_precision(const query_state& q, const column&) {
  return q.num_ret ? static_cast<double>(q.num_rel_ret) / static_cast<double>(q.num_ret) : 0.0;
}
}  // namespace

const family set_P_measure = measure("set_P", "precision of the whole retrieved set", set_precision)
        .described("Relevant retrieved / retrieved.");

}  // namespace ndcg::trec_detail
