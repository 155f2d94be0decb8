// Rprec_mult.x: precision at rank x * R (R = relevant documents judged),
// the rank rounded as trec_eval rounds it (m_Rprec_mult.c: +0.9, then
// truncated); precision beyond the ranking divides by that rank still.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {

// Shared with Rprec_mult_avgjg: the rank x * R stands for.
long multiple_of_r(double x, std::size_t num_rel) { return static_cast<long>(x * static_cast<double>(num_rel) + 0.9); }

namespace {
constexpr double multiples[] = {0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0};

double precision_at_multiple(const query_state& q, const column& c) {
  const long at = multiple_of_r(c.param, q.num_rel);
  if (at <= 0) return 0.0;
  return static_cast<double>(q.hits[q.top(static_cast<std::size_t>(at))]) / static_cast<double>(at);
}
}  // namespace

extern const family Rprec_mult_measure;
const family Rprec_mult_measure = measure("Rprec_mult", "precision at multiples of R", precision_at_multiple)
                                      .fractions(multiples)
                                      .needing(need_full_ranking);

}  // namespace ndcg::trec_detail
