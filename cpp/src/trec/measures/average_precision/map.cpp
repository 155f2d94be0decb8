// map: average precision. The precision at each relevant document ranked,
// summed, divided by R, the relevant documents judged (ranked or not):
// AP = (1/R) sum over relevant ranks r of hits(r) / r (trec_eval's m_map.c).
#include "trec/measures/average_precision/shared.hpp"

namespace ndcg::trec_detail {

double average_precision(const query_state& q, const column&) {
  return q.num_rel_ret ? q.precision_sum[q.depth] / static_cast<double>(q.num_rel) : 0.0;
}

const family map_measure =
    measure("map", "average precision: precision at each relevant document, over all relevant", average_precision)
        .needing(need_full_ranking)
        .described("AP = (1/R) sum of P@r over ranks r of relevant documents; 0 when R = 0.");

}  // namespace ndcg::trec_detail
