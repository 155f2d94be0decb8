// G (trec_eval 2008, experimental): a gain measure between map and ndcg.
// The document at rank i adds gain / log2(2 + cost(i) - results(i)), with
// results(i) the gain ranked up to i and cost(i) the ideal gains up to i
// (each at least 1); the sum over the ideal list's total gain (m_G.c).
#include <cmath>

#include "base/log2.hpp"
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
// The ideal gains down to rank i (0-based), each counted as at least 1, added
// to `cost` rank by rank from rank `next`; past the ideal list each rank adds
// 1, at once where that is exact (a whole number: every partial sum is one).
void cost_to(const std::vector<double>& ideal, std::size_t i, std::size_t& next, double& cost) {
  for (; next <= i && next < ideal.size(); ++next) cost += ideal[next] >= 1.0 ? ideal[next] : 1.0;
  if (next > i) return;
  if (cost < 0x1p52 && cost == static_cast<double>(static_cast<long long>(cost))) {
    cost += static_cast<double>(i + 1 - next);
    next = i + 1;
  }
  for (; next <= i; ++next) cost += 1.0;
}

// Only the ranks with a gain add a term; results (the gain ranked so far)
// adds nothing at the others.
double g_measure(const query_state& q, const column& c) {
  const std::vector<double>& gain = q.gain[c.scheme];
  const std::vector<double>& ideal = q.ideal_gain[c.scheme];
  double results = 0, cost = 0, g = 0, ideal_sum = 0;
  std::size_t next = 0;
  const detail::whole_log2 log2_whole;
  for (const std::size_t i : q.gained[c.scheme]) {
    cost_to(ideal, i, next, cost);
    results += gain[i];
    g += gain[i] / log2_whole(2 + cost - results);
  }
  for (const double ig : ideal) ideal_sum += ig;  // every one positive (gain_sums)
  if (!(ideal_sum > 0.0)) return 0.0;
  // A log2 of a negative (negative gains) makes a NaN: printed, as trec_eval prints it.
  return std::isnan(g) ? trec_nan() : g / ideal_sum;
}
}  // namespace

const family G_measure =
    measure("G", "normalised gain, each document discounted by the gain missed before it", g_measure)
        .gains()
        .needing(need_full_ranking | need_gain_sums | need_gained)
        .described("sum of gain_i / log2(2 + ideal gain to i - gain to i), over the ideal total.");

}  // namespace ndcg::trec_detail
