// map_avgjg: average precision against each judgment group (-R qrels_jg),
// averaged over the query's groups (m_map_avgjg.c).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double map_over_groups(const query_state& q, const column&) {
  double total = 0;
  for (std::size_t i = 0; i < q.groups.count; ++i) {
    const group_ranking& g = q.groups.groups[i];
    long found = 0;
    double sum = 0;
    for (std::size_t r = 0; r < g.num_ret; ++r)
      if (q.relevant(g.rel[r])) sum += static_cast<double>(++found) / static_cast<double>(r + 1);
    if (found) total += sum / static_cast<double>(g.num_rel);
  }
  return q.groups.count > 1 ? total / static_cast<double>(q.groups.count) : total;
}
}  // namespace

const family map_avgjg_measure = measure("map_avgjg", "average precision, averaged over judgment groups (-R qrels_jg)",
                                         map_over_groups)
                                     .reads(judgment_kind::groups)
                                     .needing(need_groups)
        .described("AP against each group (its own R), averaged.");

}  // namespace ndcg::trec_detail
