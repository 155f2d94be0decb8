// infAP (Yilmaz & Aslam 2006): inferred average precision for a sampled
// pool: at each relevant document, 1/r plus the precision of the judged
// documents above it weighted by the share of them in the pool; documents
// outside the qrels count as non-relevant, judged-negative ones (in the
// pool, not judged) are left out (m_infap.c).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
constexpr double epsilon = 0.00001;

double inferred_ap(const query_state& q, const column&) {
  double sum = 0;
  std::size_t before = 0;  // relevant documents above this one
  for (const query_state::hit& h : q.hits_listed) {
    const std::size_t nonrel = h.nonrel_above, rel = before++;
    if (h.rank == 0) {
      sum += 1.0;
      continue;
    }
    const double fr = static_cast<double>(h.rank);
    sum += 1.0 / (fr + 1.0) + (fr / (fr + 1.0)) * (static_cast<double>(rel + nonrel + h.unjudged_above) / fr) *
                                   ((static_cast<double>(rel) + epsilon) / (static_cast<double>(rel + nonrel) + 2 * epsilon));
  }
  return q.num_rel ? sum / static_cast<double>(q.num_rel) : sum;
}
}  // namespace

const family infAP_measure =
    measure("infAP", "inferred average precision (a sampled pool)", inferred_ap).needing(need_full_ranking | need_hit_list)
        .described("AP from a judged sample of the pool (Yilmaz & Aslam); a negative grade: pooled, not judged, left out.");

}  // namespace ndcg::trec_detail
