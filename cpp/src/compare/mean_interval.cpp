// The interval of a mean (trec --ci): compare's bootstrap over the queries'
// values of one measure, as compare's ci95 is over their differences.
#include <cmath>

#include "ndcg/compare.hpp"
#include "ndcg/trec.hpp"

namespace ndcg {

void add_intervals(trec_result& r, std::uint64_t trials, std::uint64_t seed) {
  const std::size_t n = r.names.size();
  r.ci_low.assign(n, std::nan(""));
  r.ci_high.assign(n, std::nan(""));
  r.ci_queries.assign(n, 0);
  for (std::size_t m = 0; m < n; ++m) {
    // Counts are summed, gm_map is a geometric mean, runid and relstring have none.
    if (r.is_count[m] || r.geometric[m] || r.per_query_only[m] || r.summary_only[m] || r.is_text[m]) continue;
    std::vector<double> values;
    for (const auto row : r.values)
      if (!std::isnan(row[m])) values.push_back(row[m]);  // no value (IDCG = 0 left out), or trec_eval's -nan
    r.ci_queries[m] = values.size();
    if (values.size() < min_interval_queries) continue;
    stats::random_source rng(seed);
    const auto ci = stats::bootstrap_interval(values, trials, rng);
    r.ci_low[m] = ci.first;
    r.ci_high[m] = ci.second;
  }
}

void add_intervals(trec_result& r, const batch_settings& b) {
  if (b.ci) add_intervals(r, b.trials, b.seed);
}

}  // namespace ndcg
