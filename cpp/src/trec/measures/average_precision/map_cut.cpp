// map_cut.k: average precision over the top k: the precision at each
// relevant document within the top k, summed, divided by R, the relevant
// documents judged; 0 when R = 0 (trec_eval's m_map_cut.c).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double map_cut(const query_state& q, const column& c) {
  return q.num_rel ? q.precision_sum[q.top(c.cutoff)] / static_cast<double>(q.num_rel) : 0.0;
}
}  // namespace

const family map_cut_measure =
    measure("map_cut", "average precision over the top k, divided by all relevant documents", map_cut)
        .cutoffs(standard_cutoffs)
        .described("P@r summed over relevant ranks r <= k, over R; 0 when R = 0.");

}  // namespace ndcg::trec_detail
