// utility.a,b,c,d: a * relevant retrieved + b * non-relevant retrieved +
// c * relevant missed + d * non-relevant missed (the last needs -N, the
// documents in the collection); default 1,-1,0,0 (m_utility.c).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
constexpr double coefficients[] = {1.0, -1.0, 0.0, 0.0};

double utility(const query_state& q, const column& c) {
  const double ret = static_cast<double>(q.num_ret), rel = static_cast<double>(q.num_rel),
               found = static_cast<double>(q.num_rel_ret);
  const std::vector<double>& p = c.numbers;
  return p[0] * found + p[1] * (ret - found) + p[2] * (rel - found) +
         p[3] * (q.conv->docs_in_collection + found - ret - rel);
}
}  // namespace

const family utility_measure = measure("utility", "set utility a,b,c,d (default 1,-1,0,0; d needs -N)", utility)
                                   .numbers(coefficients)
                                   .exactly()
                                   .zeroed_when_missing()
        .described("A rel_ret + B nonrel_ret + C rel_missed + D nonrel_missed (D needs -N).");

}  // namespace ndcg::trec_detail
