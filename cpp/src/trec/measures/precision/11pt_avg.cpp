// 11pt_avg: interpolated precision averaged over recall levels (default
// 0.0, 0.1, ..., 1.0; 11pt_avg.0.2,0.5,0.8 gives the old 3-point average);
// the k-th relevant document for level L is k = round(L * R). The levels
// are taken as m_11pt_avg.c takes them walking up from the last rank (in
// the order given, so even unsorted ones), the sum added in its order.
#include <cmath>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double eleven_point(const query_state& q, const column& c) {
  const std::vector<double>& levels = c.numbers;
  // The usual eleven levels on the stack; more in a vector (thread_local
  // room costs a guarded call on every query).
  long few[16];
  std::vector<long> many(levels.size() > 16 ? levels.size() : 0);
  long* cut = levels.size() > 16 ? many.data() : few;
  for (std::size_t i = 0; i < levels.size(); ++i) cut[i] = rounded(levels[i] * static_cast<double>(q.num_rel));
  long at = static_cast<long>(levels.size()) - 1;
  const auto found = static_cast<long>(q.num_rel_ret);
  while (at >= 0 && cut[at] > found) --at;
  // The walk up the ranking reaches the seen-th relevant document with the
  // best precision at or below it, which is best_precision[seen].
  double sum = 0;
  for (long seen = found; seen > 0; --seen)
    for (; at >= 0 && seen == cut[at]; --at) sum += q.best_precision[static_cast<std::size_t>(seen)];
  const double best = found ? q.best_precision[0]  // 0 / 0 when nothing ranked
                            : static_cast<double>(q.num_rel_ret) / static_cast<double>(q.num_ret);
  for (; at >= 0; --at) sum += best;
  const double v = sum / static_cast<double>(levels.size());
  return std::isnan(v) ? trec_nan() : v;
}
}  // namespace

const family eleven_point_measure = measure("11pt_avg", "interpolated precision averaged over 11 recall levels", eleven_point)
                                        .numbers(standard_levels)
                                        .needing(need_full_ranking | need_interpolated)
        .described("Mean of iprec_at_recall over the levels.");

}  // namespace ndcg::trec_detail
