// binG (trec_eval 2008, experimental): G with gains 0 or 1: each relevant
// document ranked adds 1 / log2(2 + the non-relevant above it), summed over
// R (m_binG.c).
#include "base/log2.hpp"
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double bin_g(const query_state& q, const column&) {
  std::size_t found = 0;
  double sum = 0;
  for (std::size_t r = 0; r < q.num_ret; ++r) {
    if (!q.relevant(q.rel[r])) continue;
    ++found;
    sum += 1.0 / detail::log2_whole(static_cast<double>(3 + r - found));
  }
  return found ? sum / static_cast<double>(q.num_rel) : 0.0;
}
}  // namespace

const family binG_measure =
    measure("binG", "binary G: 1 / log2(2 + non-relevant above) per relevant document, over R", bin_g)
        .needing(need_full_ranking)
        .described("(1/R) sum over relevant ranked d of 1 / log2(2 + non-relevant above d).");

}  // namespace ndcg::trec_detail
