// set_F.x: F measure of the whole ranked set, (x + 1) P R / (x P + R), x
// the weight of recall against precision (default 1; m_set_F.c).
#include <cmath>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
constexpr double balanced[] = {1.0};

double set_f(const query_state& q, const column& c) {
  if (!q.num_rel_ret) return 0.0;
  const double p = static_cast<double>(q.num_rel_ret) / static_cast<double>(q.num_ret);
  const double r = static_cast<double>(q.num_rel_ret) / static_cast<double>(q.num_rel);
  const double x = c.numbers[0];
  const double f = (x + 1.0) * p * r / (x * p + r);
  return std::isnan(f) ? trec_nan() : f;  // set_F.-1 where P = R: 0 / 0, printed as trec_eval prints it
}
}  // namespace

const family set_F_measure =
    measure("set_F", "F measure of the whole retrieved set; set_F.x weighs recall x times", set_f).numbers(balanced).exactly()
        .described("(1 + X) P R / (X P + R), P = set_P, R = set_recall.");

}  // namespace ndcg::trec_detail
