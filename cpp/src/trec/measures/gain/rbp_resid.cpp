// rbp_resid: how far rbp could rise if every unjudged document ranked had
// the largest gain: p^n + (1 - p) * the sum of p^(r - 1) over unjudged
// ranks r; 0 when every ranked document is judged (m_rbp_resid.c).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {

namespace {
double rbp_residual(const query_state& q, const column& c) {
  const double p = persistence_of(c);
  const double* weight = q.powers_of(p);  // p^r
  double sum = 0;
  std::size_t unjudged_ranked = 0;
  for (std::size_t r = 0; r < q.num_ret; ++r) {
    const bool counted = q.rel[r] < 0;
    unjudged_ranked += counted;
    sum += kept_if(counted, weight[r]);
  }
  return unjudged_ranked ? weight[q.num_ret] + (1 - p) * sum : 0.0;
}
}  // namespace

const family rbp_resid_measure = measure("rbp_resid", "rbp's residual: the rise if every unjudged document were relevant",
                                         rbp_residual)
                                     .gains()
                                     .with_persistence()
                                     .needing(need_full_ranking | need_powers)
                                     .zeroed_when_missing()
                                     // It counts unjudged documents, which a grade order does not set apart from judged zeros.
                                     .unbounded_by_ties()
        .described("p^n + (1 - p) sum of p^(r-1) over unjudged ranks r; 0 when all are judged.");

}  // namespace ndcg::trec_detail
