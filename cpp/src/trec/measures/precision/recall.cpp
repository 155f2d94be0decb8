// recall.k: the relevant documents in the top k divided by R, 0 when R = 0.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double recall(const query_state& q, const column& c) {
  return q.num_rel ? static_cast<double>(q.hits[q.top(c.cutoff)]) / static_cast<double>(q.num_rel) : 0.0;
}
}  // namespace

const family recall_measure = measure("recall", "recall at cutoffs", recall).cutoffs(standard_cutoffs)
        .described("Relevant in the top k / R; 0 when R = 0.");

}  // namespace ndcg::trec_detail
