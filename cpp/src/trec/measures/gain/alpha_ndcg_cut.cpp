// alpha_ndcg_cut.k (ours): alpha-nDCG@k (Clarke et al. 2008) against
// ndeval-style subtopic judgments: binary per (document, subtopic), only
// positive judgments count, the ideal greedy over every judged document
// with ties to the larger docid (ndeval). Needs --subtopics.
#include "metrics/other_metrics.hpp"
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double alpha_ndcg(const query_state& q, const column& c) {
  const double idcg = detail::alpha_dcg(q.alpha_ideal, c.cutoff, q.conv->opt.alpha);
  return idcg > 0 ? detail::alpha_dcg(q.alpha_order, c.cutoff, q.conv->opt.alpha) / idcg : 0.0;
}
}  // namespace

const family alpha_ndcg_cut_measure =
    measure("alpha_ndcg_cut", "alpha-nDCG at cutoffs, against subtopic qrels (ours; needs --subtopics)", alpha_ndcg)
        .cutoffs(standard_cutoffs)
        .needing(need_subtopics)
        .unbounded_by_ties()
        .ungraded()
        .described("Gain sum over subtopics s of (1 - alpha)^(documents above covering s); greedy ideal.");  // it scores subtopics, not grades

}  // namespace ndcg::trec_detail
