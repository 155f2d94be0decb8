// success.k: 1 when a relevant document is in the top k, else 0.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
constexpr double success_cutoffs[] = {1, 5, 10};
double success(const query_state& q, const column& c) { return q.hits[q.top(c.cutoff)] > 0 ? 1.0 : 0.0; }
}  // namespace

const family success_measure =
    measure("success", "a relevant document in the top k (1 or 0)", success).cutoffs(success_cutoffs)
        .described("1 when a relevant is in the top k, else 0.");

}  // namespace ndcg::trec_detail
