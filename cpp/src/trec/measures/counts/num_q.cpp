// num_q: how many queries were evaluated, on the "all" line only.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double one(const query_state&, const column&) { return 1.0; }
}  // namespace

const family num_q_measure =
    measure("num_q", "queries evaluated", one).counted().summary_only().reads(judgment_kind::any)
        .ungraded()
        .described("In both run and qrels (with -c, every judged query).");

}  // namespace ndcg::trec_detail
