// num_rel: documents judged relevant (grade >= -l), retrieved or not.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double num_rel(const query_state& q, const column&) { return static_cast<double>(q.num_rel); }
}  // namespace

const family num_rel_measure = measure("num_rel", "documents judged relevant", num_rel).counted()
        .described("R: judged relevant, retrieved or not.");

}  // namespace ndcg::trec_detail
