// num_rel_ret: relevant documents among those ranked.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double num_rel_ret(const query_state& q, const column&) { return static_cast<double>(q.num_rel_ret); }
}  // namespace

const family num_rel_ret_measure =
    measure("num_rel_ret", "relevant documents retrieved", num_rel_ret).counted()
        .described("Relevant among the ranked.");

}  // namespace ndcg::trec_detail
