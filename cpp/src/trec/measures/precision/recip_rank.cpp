// recip_rank: 1 / the rank of the first relevant document, 0 when none.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double reciprocal_rank(const query_state& q, const column&) {
  return q.first_hit ? 1.0 / static_cast<double>(q.first_hit) : 0.0;
}
}  // namespace

const family recip_rank_measure =
    measure("recip_rank", "1 / rank of the first relevant document", reciprocal_rank).needing(need_full_ranking)
        .described("1 / rank of the first relevant; 0 when none.");

}  // namespace ndcg::trec_detail
