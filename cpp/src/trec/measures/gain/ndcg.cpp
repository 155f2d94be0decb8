// ndcg: DCG of the whole ranking over IDCG of every judged document with a
// positive gain, DCG = sum over ranks r of gain / log2(r + 1). Gains are the
// grades (trec_eval) unless a preset, --gain or LEVEL=GAIN parameters say
// otherwise (ndcg.1=1,2=3); m_ndcg.c. IDCG = 0 gives 0 (or --zero-idcg's).
#include "metrics/metrics_detail.hpp"
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double ndcg(const query_state& q, const column& c) {
  return detail::ndcg_of(q.dcg[c.scheme][q.depth], q.idcg[c.scheme].back(), q.conv->opt.zero_idcg);
}
}  // namespace

const family ndcg_measure =
    measure("ndcg", "normalised discounted cumulative gain of the whole ranking; ndcg.REL=GAIN,... sets gains", ndcg)
        .gains()
        .needing(need_full_ranking | need_gain_sums)
        .described("DCG / IDCG, DCG = sum of gain_r / log2(r + 1); IDCG over every judged positive document, uncut; IDCG = 0 gives 0 (--zero-idcg).");

}  // namespace ndcg::trec_detail
