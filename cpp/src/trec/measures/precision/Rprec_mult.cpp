// Rprec_mult.x: precision at rank x * R (R = relevant documents judged),
// the rank rounded as trec_eval rounds it (m_Rprec_mult.c: +0.9, then
// truncated); precision beyond the ranking divides by that rank still.
#include "trec/measures/precision/multiples.hpp"
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {

double precision_at_multiple(const query_state& q, const column& c) {
  const long at = multiple_of_r(c.param, q.num_rel);
  if (at <= 0) return 0.0;
  return static_cast<double>(q.hits[q.top(static_cast<std::size_t>(at))]) / static_cast<double>(at);
}
}  // namespace

const family Rprec_mult_measure = measure("Rprec_mult", "precision at multiples of R", precision_at_multiple)
                                      .fractions(r_multiples)
                                      .needing(need_full_ranking)
        .described("P at rank X R (+ 0.9, truncated), even past the ranking's end.");

}  // namespace ndcg::trec_detail
