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
  long nonrel = 0, rel = 0, pool_unjudged = 0;
  double sum = 0;
  for (std::size_t r = 0; r < q.num_ret; ++r) {
    const long g = q.rel[r];
    if (g == not_in_pool) continue;
    if (g == unjudged) {
      ++pool_unjudged;
      continue;
    }
    if (!q.relevant(g)) {
      ++nonrel;
      continue;
    }
    ++rel;
    if (r == 0) {
      sum += 1.0;
      continue;
    }
    const double fr = static_cast<double>(r);
    sum += 1.0 / (fr + 1.0) + (fr / (fr + 1.0)) * (static_cast<double>(rel - 1 + nonrel + pool_unjudged) / fr) *
                                   ((static_cast<double>(rel - 1) + epsilon) /
                                    (static_cast<double>(rel - 1 + nonrel) + 2 * epsilon));
  }
  return q.num_rel ? sum / static_cast<double>(q.num_rel) : sum;
}
}  // namespace

const family infAP_measure =
    measure("infAP", "inferred average precision (a sampled pool)", inferred_ap).needing(need_full_ranking)
        .described("AP from a judged sample of the pool (Yilmaz & Aslam); a negative grade: pooled, not judged, left out.");

}  // namespace ndcg::trec_detail
