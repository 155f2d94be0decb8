// rbp (Moffat & Zobel 2008): rank-biased precision, (1 - p) times the sum
// over ranks r of gain * p^(r - 1), persistence p = 0.9 unless rbp.p=0.95;
// gains are the grades (or LEVEL=GAIN parameters), scaled into [0, 1] by
// (gain - min) / (max - min) over the query's grade levels when any lies
// outside (m_rbp.c, whose min and max start at 0 here).
#include <algorithm>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {

double persistence_of(const column& c) { return c.numbers.empty() ? 0.9 : c.numbers[0]; }

namespace {

// The smallest and largest gain of the levels 0 .. largest grade of the
// query, and of the levels the parameters name; a level without a finite
// gain counts as 0. A grade may be huge (1e13), so the levels are not all
// visited: a table has few entries, and the other gains grow from 0 at
// level 0 (2^level - 1 is finite up to level 1023), so the largest is
// among the top levels, one more than the parameters override.
void gain_range(const query_state& q, const column& c, double& low, double& high) {
  const gain_overrides& overrides = (*q.schemes)[c.scheme];
  const options& opt = q.conv->opt;
  low = high = 0;
  long top = q.num_rel_levels - 1;
  if (opt.gain == gain_kind::exponential) top = std::min(top, 1023L);
  if (opt.gain == gain_kind::table) top = std::min(top, static_cast<long>(opt.gain_table.size()) - 1);
  const long from = opt.gain == gain_kind::table ? 0 : top - static_cast<long>(overrides.size());
  for (long level = std::max(from, 0L); level <= top; ++level) {
    const auto own = std::find_if(overrides.begin(), overrides.end(), [&](const auto& o) { return o.first == level; });
    double g = 0;
    if (own != overrides.end()) g = own->second;
    else if (auto d = gain_of(static_cast<double>(level), opt)) g = *d;
    low = std::min(low, g);
    high = std::max(high, g);
  }
  for (const auto& o : overrides) low = std::min(low, o.second), high = std::max(high, o.second);
}

double rank_biased_precision(const query_state& q, const column& c) {
  const double p = persistence_of(c);
  double low = 0, high = 0;
  gain_range(q, c, low, high);
  const bool scale = low < 0 || high > 1;
  const std::vector<double>& gain = q.gain[c.scheme];
  const double* weight = q.powers_of(p);  // p^r
  double sum = 0;
  const auto add = [&](std::size_t r) {
    const bool judged = q.rel[r] >= 0;
    double g = kept_if(judged, gain[r]);
    if (scale) g = kept_if(judged, (g - low) / (high - low));
    sum += kept_if(g != 0, g * weight[r]);  // a zero gain adds nothing, even where p^r overflowed
  };
  // Scaled from a low of 0, a zero gain stays 0: only the gained ranks add.
  if (low == 0)
    for (const std::size_t r : q.gained[c.scheme]) add(r);
  else
    for (std::size_t r = 0; r < q.num_ret; ++r) add(r);
  return (1.0 - p) * sum;
}
}  // namespace

const family rbp_measure = measure("rbp", "rank-biased precision, persistence p (rbp.p=0.95; default 0.9)",
                                   rank_biased_precision)
                               .gains()
                               .with_persistence()
                               .needing(need_full_ranking | need_gain_sums | need_gained | need_powers)
        .described("(1 - p) sum of gain_r p^(r-1), gains scaled to [0, 1] when one lies outside.");

}  // namespace ndcg::trec_detail
