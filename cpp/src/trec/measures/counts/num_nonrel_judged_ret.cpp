// num_nonrel_judged_ret: ranked documents judged non-relevant (0 <= grade < -l).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double nonrelevant_ranked(const query_state& q, const column&) {
  return static_cast<double>(q.num_ret - q.num_nonpool - q.num_unjudged - q.num_rel_ret);
}
}  // namespace

const family num_nonrel_judged_ret_measure =
    measure("num_nonrel_judged_ret", "judged non-relevant documents retrieved", nonrelevant_ranked).counted()
        .described("Ranked with 0 <= grade < -l.");

}  // namespace ndcg::trec_detail
