// ndcg_rel: ndcg averaged over the relevant documents (gain > 0): at each
// one ranked, DCG there over IDCG there; each one not ranked counts the
// whole ranking's DCG / IDCG; the sum divided by the ideal list's length
// (m_ndcg_rel.c).
#include <algorithm>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double ndcg_rel(const query_state& q, const column& c) {
  const std::vector<double>& dcg = q.dcg[c.scheme];
  const std::vector<double>& idcg = q.idcg[c.scheme];
  const std::vector<double>& gain = q.gain[c.scheme];
  const std::size_t ideal = idcg.size() - 1;
  double sum = 0;
  std::size_t ranked = 0;
  for (const std::size_t r : q.gained[c.scheme]) {  // a zero gain adds +0
    const bool positive = gain[r] > 0;
    sum += kept_if(positive, dcg[r + 1] / idcg[std::min(r + 1, ideal)]);
    ranked += positive;
  }
  sum += (static_cast<double>(ideal) - static_cast<double>(ranked)) * dcg[q.num_ret] / idcg[ideal];
  return sum > 0.0 ? sum / static_cast<double>(ideal) : 0.0;
}
}  // namespace

const family ndcg_rel_measure = measure("ndcg_rel", "ndcg averaged over the relevant documents", ndcg_rel)
                                    .gains()
                                    .needing(need_full_ranking | need_gain_sums | need_gained)
        .described("DCG / IDCG at each relevant document's rank (the end for one not ranked), summed, over the ideal length.");

}  // namespace ndcg::trec_detail
