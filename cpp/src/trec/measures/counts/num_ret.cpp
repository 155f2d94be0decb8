// num_ret: documents ranked for the query (after -M and -J); the "all"
// line is the sum.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double num_ret(const query_state& q, const column&) { return static_cast<double>(q.num_ret); }
}  // namespace

const family num_ret_measure =
    measure("num_ret", "documents retrieved", num_ret).counted().zeroed_when_missing()
        .ungraded()
        .described("Ranked documents, after -M and -J.");

}  // namespace ndcg::trec_detail
