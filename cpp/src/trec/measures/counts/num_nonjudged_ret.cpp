// num_nonjudged_ret: ranked documents without a judgment (no qrels line, or
// a negative one).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double unjudged_ranked(const query_state& q, const column&) {
  return static_cast<double>(q.num_nonpool + q.num_unjudged);
}
}  // namespace

const family num_nonjudged_ret_measure =
    measure("num_nonjudged_ret", "unjudged documents retrieved", unjudged_ranked).counted()
        .ungraded()
        .described("Ranked with no qrels line or a negative grade.");

}  // namespace ndcg::trec_detail
