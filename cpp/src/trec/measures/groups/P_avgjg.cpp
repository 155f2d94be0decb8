// P_avgjg.k: precision at k against each judgment group (-R qrels_jg),
// averaged over the query's groups (m_P_avgjg.c).
#include <algorithm>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double precision_over_groups(const query_state& q, const column& c) {
  double total = 0;
  for (std::size_t i = 0; i < q.groups.count; ++i) {
    const group_ranking& g = q.groups.groups[i];
    std::size_t found = 0;
    for (std::size_t r = 0; r < std::min(c.cutoff, g.num_ret); ++r) found += q.relevant(g.rel[r]);
    total += static_cast<double>(found) / c.param;
  }
  return q.groups.count > 1 ? total / static_cast<double>(q.groups.count) : total;
}
}  // namespace

const family P_avgjg_measure = measure("P_avgjg", "precision at cutoffs, averaged over judgment groups (-R qrels_jg)",
                                       precision_over_groups)
                                   .cutoffs(standard_cutoffs)
                                   .reads(judgment_kind::groups)
                                   .needing(need_groups)
        .described("P@k against each group, averaged.");

}  // namespace ndcg::trec_detail
