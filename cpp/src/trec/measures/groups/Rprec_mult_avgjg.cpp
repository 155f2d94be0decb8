// Rprec_mult_avgjg.x: precision at x * R against each judgment group (its
// own R), averaged over the query's groups (m_Rprec_mult_avgjg.c).
#include <algorithm>

#include "trec/measures/precision/multiples.hpp"
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {

double group_precision_at_multiple(const query_state& q, const column& c) {
  double total = 0;
  for (std::size_t i = 0; i < q.groups.count; ++i) {
    const group_ranking& g = q.groups.groups[i];
    const long at = multiple_of_r(c.param, g.num_rel);
    if (at <= 0) continue;
    std::size_t found = 0;
    for (std::size_t r = 0; r < std::min(static_cast<std::size_t>(at), g.num_ret); ++r) found += q.relevant(g.rel[r]);
    total += static_cast<double>(found) / static_cast<double>(at);
  }
  return q.groups.count > 1 ? total / static_cast<double>(q.groups.count) : total;
}
}  // namespace

const family Rprec_mult_avgjg_measure =
    measure("Rprec_mult_avgjg", "precision at multiples of R, averaged over judgment groups (-R qrels_jg)",
            group_precision_at_multiple)
        .fractions(r_multiples)
        .reads(judgment_kind::groups)
        .needing(need_groups)
        .described("Rprec_mult against each group, averaged.");

}  // namespace ndcg::trec_detail
