// Rprec: precision at rank R, R the relevant documents judged (m_Rprec.c).
#include <algorithm>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double r_precision(const query_state& q, const column&) {
  const std::size_t look = std::min(q.num_ret, q.num_rel);
  return look ? static_cast<double>(q.hits[look]) / static_cast<double>(q.num_rel) : 0.0;
}
}  // namespace

const family Rprec_measure =
    measure("Rprec", "precision at rank R (R = relevant documents judged)", r_precision).needing(need_full_ranking)
        .described("Relevant in the top R / R; 0 when R = 0.");

}  // namespace ndcg::trec_detail
