// The interval of a mean (trec --ci): compare's bootstrap over the queries'
// values of one measure, as compare's ci95 is over their differences.
#include <cmath>

#include "ndcg/compare.hpp"
#include "ndcg/stats.hpp"
#include "ndcg/trec.hpp"

namespace ndcg {
namespace {

// The "all" line is a mean over queries (counts are summed, gm_map is a
// geometric mean, runid and relstring have none).
bool is_mean(const trec_result& r, std::size_t m) {
  return !r.is_count[m] && !r.geometric[m] && !r.per_query_only[m] && !r.summary_only[m] && !r.is_text[m];
}

}  // namespace

void add_intervals(trec_result& r, std::uint64_t trials, std::uint64_t seed) {
  r.intervals.clear();
  for (std::size_t m = 0; m < r.names.size(); ++m) {
    if (!is_mean(r, m)) continue;
    std::vector<double> values;
    for (const std::vector<double>& row : r.values)
      if (!std::isnan(row[m])) values.push_back(row[m]);  // no value (IDCG = 0 left out), or trec_eval's -nan
    trec_result::interval& i = r.intervals.emplace_back();
    i.name = r.names[m];
    i.queries = values.size();
    i.low = i.high = std::nan("");
    if (values.size() < min_interval_queries) continue;
    stats::random_source rng(seed);
    const auto ci = stats::bootstrap_interval(values, trials, rng);
    i.low = ci.first;
    i.high = ci.second;
  }
}

void add_intervals(trec_result& r, const batch_settings& b) {
  if (b.ci) add_intervals(r, b.trials, b.seed);
}

const trec_result::interval* trec_result::interval_of(std::size_t m) const {
  for (const interval& i : intervals)
    if (i.name == names[m]) return &i;
  return nullptr;
}

}  // namespace ndcg
