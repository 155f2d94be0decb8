// Rndcg: ndcg averaged at the R levels, the ranks where the ideal list's
// gain changes (with 5 documents of gain 3 and 3 of gain 2: ranks 5 and 8),
// and once more at the end of the ranking when it goes past the ideal list.
// Walked as m_Rndcg.c walks it: the ranking and the ideal list side by side,
// then whichever goes on; 0 when nothing is relevant.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double r_ndcg(const query_state& q, const column& c) {
  if (q.num_rel == 0) return 0.0;
  const std::vector<double>& dcg = q.dcg[c.scheme];
  const std::vector<double>& idcg = q.idcg[c.scheme];
  const std::vector<double>& ideal = q.ideal_gain[c.scheme];
  const std::size_t n = q.num_ret, size = ideal.size();
  if (size == 0) return trec_nan();  // trec_eval divides 0 by 0 counts
  const auto ideal_at = [&](std::size_t i) { return i < size ? ideal[i] : 0.0; };
  double sum = 0, last = ideal[0], before = ideal[0];
  long changes = 0;
  std::size_t i = 0;
  const auto step = [&](double results_dcg) {
    const double g = ideal_at(i);
    if (g != last) {
      if (idcg[i] > 0.0) sum += results_dcg / idcg[i], ++changes;
      last = g;
    }
    before = g;
    ++i;
  };
  while (i < n && before > 0.0) step(dcg[i]);
  if (i < n) {
    sum += dcg[n] / idcg[size], ++changes;
  }
  while (before > 0.0) step(dcg[n]);
  return sum / static_cast<double>(changes);
}
}  // namespace

const family Rndcg_measure = measure("Rndcg", "ndcg averaged at the ranks where the ideal gain changes", r_ndcg)
                                 .gains()
                                 .needing(need_full_ranking | need_gain_sums)
        .described("ndcg averaged where the ideal gain drops, and at the end past the ideal list.");

}  // namespace ndcg::trec_detail
