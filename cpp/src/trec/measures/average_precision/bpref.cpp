// bpref (Buckley & Voorhees 2004): for each relevant document ranked, one
// minus the share of judged non-relevant documents above it, counting at
// most R of them and dividing by min(R, N); summed and divided by R.
// Unjudged documents are skipped, not taken as non-relevant (m_bpref.c).
#include <algorithm>

#include "trec/measures/average_precision/shared.hpp"

namespace ndcg::trec_detail {

double bpref(const query_state& q, const column&) {
  const double judged_nonrel = static_cast<double>(std::min(q.num_nonrel, q.num_rel));
  double sum = 0;
  for (const query_state::hit& h : q.hits_listed) {
    const std::size_t above = h.nonrel_above;
    sum += above > 0 ? 1.0 - static_cast<double>(std::min(above, q.num_rel)) / judged_nonrel : 1.0;
  }
  return q.num_rel ? sum / static_cast<double>(q.num_rel) : sum;
}

const family bpref_measure =
    measure("bpref", "binary preference: relevant ranked above judged non-relevant", bpref).needing(need_full_ranking | need_hit_list)
        .described("(1/R) sum over relevant ranked d of 1 - min(n_d, R) / min(R, N), N judged non-relevant, n_d those above d; unjudged skipped.");

}  // namespace ndcg::trec_detail
