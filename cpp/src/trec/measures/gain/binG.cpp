// binG (trec_eval 2008, experimental): G with gains 0 or 1: each relevant
// document ranked adds 1 / log2(2 + the non-relevant above it), summed over
// R (m_binG.c).
#include "base/log2.hpp"
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double bin_g(const query_state& q, const column&) {
  std::size_t before = 0;  // relevant documents above this one
  double sum = 0;
  const detail::whole_log2 log2_whole;
  for (const query_state::hit& h : q.hits_listed) sum += 1.0 / log2_whole(static_cast<double>(2 + h.rank - before++));
  return before ? sum / static_cast<double>(q.num_rel) : 0.0;
}
}  // namespace

const family binG_measure =
    measure("binG", "binary G: 1 / log2(2 + non-relevant above) per relevant document, over R", bin_g)
        .needing(need_full_ranking | need_hit_list)
        .described("(1/R) sum over relevant ranked d of 1 / log2(2 + non-relevant above d).");

}  // namespace ndcg::trec_detail
