// yaap (Robertson 2012): yet another average precision,
// log((1 + S) / (1 + R - S)) with S the precision summed at each relevant
// document ranked (m_yaap.c).
#include <cmath>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double yaap(const query_state& q, const column&) {
  const double sum = q.precision_sum[q.depth];
  return std::log((1.0 + sum) / (1.0 + static_cast<double>(q.num_rel) - sum));
}
}  // namespace

const family yaap_measure =
    measure("yaap", "yet another average precision: log((1 + S) / (1 + R - S))", yaap).needing(need_full_ranking)
        .described("log((1 + S) / (1 + R - S)), S = P@r summed over relevant ranks r.");

}  // namespace ndcg::trec_detail
