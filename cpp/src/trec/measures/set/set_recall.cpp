// set_recall: recall of the whole ranked set, relevant retrieved / R.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double set_recall(const query_state& q, const column&) {
  return q.num_rel ? static_cast<double>(q.num_rel_ret) / static_cast<double>(q.num_rel) : 0.0;
}
}  // namespace

const family set_recall_measure = measure("set_recall", "recall of the whole retrieved set", set_recall)
        .described("Relevant retrieved / R.");

}  // namespace ndcg::trec_detail
