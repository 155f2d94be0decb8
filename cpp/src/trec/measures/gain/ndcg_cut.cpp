// ndcg_cut.k: DCG of the top min(k, n) over IDCG of the top k of the ideal
// list (m_ndcg_cut.c).
#include <algorithm>

#include "metrics/metrics_detail.hpp"
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double ndcg_cut(const query_state& q, const column& c) {
  const std::vector<double>& idcg = q.idcg[c.scheme];
  return detail::ndcg_of(q.dcg[c.scheme][q.top(c.cutoff)], idcg[std::min(c.cutoff, idcg.size() - 1)],
                         q.conv->opt.zero_idcg);
}
}  // namespace

const family ndcg_cut_measure =
    measure("ndcg_cut", "ndcg at cutoffs", ndcg_cut).cutoffs(standard_cutoffs).needing(need_gain_sums)
        .described("DCG of the top min(k, n) / IDCG of the top k of all judged documents.");

}  // namespace ndcg::trec_detail
