// dcg and ideal_dcg: the two sums ndcg divides, each on its own line:
// DCG of the whole ranking, IDCG of every judged document with a positive
// gain (m_ndcg.c); both take ndcg's LEVEL=GAIN parameters.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double whole_dcg(const query_state& q, const column& c) { return q.dcg[c.scheme][q.depth]; }
double ideal_dcg(const query_state& q, const column& c) { return q.idcg[c.scheme].back(); }
}  // namespace

const family dcg_measure = measure("dcg", "discounted cumulative gain of the whole ranking", whole_dcg)
                               .gains()
                               .needing(need_full_ranking | need_gain_sums)
        .described("sum of gain_r / log2(r + 1), whole ranking.");
const family ideal_dcg_measure = measure("ideal_dcg", "the ideal ranking's discounted cumulative gain", ideal_dcg)
                                     .gains()
                                     .needing(need_full_ranking | need_gain_sums)
        .described("DCG of every judged positive document, best first.");

}  // namespace ndcg::trec_detail
