// unj.k: the share of the top k not judged (no qrels line, or a negative
// one), divided by k even when fewer were ranked (trec_eval's m_unjudged.c).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
constexpr double unj_cutoffs[] = {5, 10, 20};

double unjudged_share(const query_state& q, const column& c) {
  std::size_t count = 0;
  for (std::size_t r = 0; r < q.top(c.cutoff); ++r) count += q.rel[r] < 0;
  return static_cast<double>(count) / c.param;
}
}  // namespace

const family unj_measure =
    measure("unj", "share of the top k not judged", unjudged_share).cutoffs(unj_cutoffs).zeroed_when_missing()
        .ungraded()
        .described("Unjudged (no qrels line, or a negative grade) in the top k / k.");

}  // namespace ndcg::trec_detail
