// judged.k (ours, ir_measures' Judged@k): the share of the top k with a
// qrels line of any grade, divided by k as P is.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
constexpr double judged_cutoffs[] = {10};

double judged_share(const query_state& q, const column& c) {
  std::size_t count = 0;
  for (std::size_t r = 0; r < q.top(c.cutoff); ++r) count += q.rel[r] != not_in_pool;
  return static_cast<double>(count) / c.param;
}
}  // namespace

const family judged_measure =
    measure("judged", "share of the top k judged, any grade (ours; ir_measures' Judged@k)", judged_share)
        .cutoffs(judged_cutoffs)
        .ungraded()
        .described("Judged (any grade) in the top k / k.");

}  // namespace ndcg::trec_detail
