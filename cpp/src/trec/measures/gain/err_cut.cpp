// err_cut.k (ours): expected reciprocal rank at k (Chapelle et al. 2009),
// R = (2^g - 1) / 2^g_max with g_max the largest grade in the qrels unless
// --err-max-grade says; a query without a positive judgment has no value
// where the preset leaves such queries out (gdeval).
#include <limits>
#include <vector>

#include "metrics/other_metrics.hpp"
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double err(const query_state& q, const column& c) {
  if (q.positives == 0 && q.conv->opt.zero_idcg == zero_policy::skip) return std::numeric_limits<double>::quiet_NaN();
  const std::size_t top = q.top(c.cutoff);
  std::vector<double> grades(top);
  for (std::size_t r = 0; r < top; ++r) grades[r] = q.rel[r] >= 0 ? static_cast<double>(q.rel[r]) : 0.0;
  return detail::expected_reciprocal_rank(grades, c.cutoff, q.conv->err_max_grade);
}
}  // namespace

const family err_cut_measure =
    measure("err_cut", "expected reciprocal rank at cutoffs (ours)", err).cutoffs(standard_cutoffs)
        .graded()
        .described("sum over r <= k of R_r / r prod over i < r of (1 - R_i), R = (2^g - 1) / 2^g_max.");

}  // namespace ndcg::trec_detail
