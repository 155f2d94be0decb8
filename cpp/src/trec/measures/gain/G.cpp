// G (trec_eval 2008, experimental): a gain measure between map and ndcg.
// The document at rank i adds gain / log2(2 + cost(i) - results(i)), with
// results(i) the gain ranked up to i and cost(i) the ideal gains up to i
// (each at least 1); the sum over the ideal list's total gain (m_G.c).
#include "base/log2.hpp"
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double g_measure(const query_state& q, const column& c) {
  const std::vector<double>& gain = q.gain[c.scheme];
  const std::vector<double>& ideal = q.ideal_gain[c.scheme];
  // First the walk's sums, with the ranks of nonzero gains gathered without
  // a branch (they fall at random); then the terms, in rank order.
  thread_local std::vector<double> below;        // 2 + cost - results at each gathered rank
  thread_local std::vector<std::size_t> ranked;  // the gathered ranks
  below.resize(q.num_ret + 1);
  ranked.resize(q.num_ret + 1);
  double results = 0, ideal_sum = 0, cost = 0, g = 0;
  std::size_t n = 0;
  for (std::size_t i = 0; i < q.num_ret; ++i) {
    const double ig = i < ideal.size() ? ideal[i] : 0.0;
    results += gain[i];
    if (ig > 0.0) ideal_sum += ig;
    cost += ig >= 1.0 ? ig : 1.0;
    below[n] = 2 + cost - results;
    ranked[n] = i;
    n += gain[i] != 0;
  }
  for (std::size_t k = 0; k < n; ++k) g += gain[ranked[k]] / detail::log2_whole(below[k]);
  for (std::size_t i = q.num_ret; i < ideal.size(); ++i) ideal_sum += ideal[i];
  return ideal_sum > 0.0 ? g / ideal_sum : 0.0;
}
}  // namespace

const family G_measure =
    measure("G", "normalised gain, each document discounted by the gain missed before it", g_measure)
        .gains()
        .needing(need_full_ranking | need_gain_sums)
        .described("sum of gain_i / log2(2 + ideal gain to i - gain to i), over the ideal total.");

}  // namespace ndcg::trec_detail
