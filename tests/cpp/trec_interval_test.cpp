// trec --ci: the bootstrap interval of each mean (add_intervals), its
// coverage, and how each format carries it.
#include <doctest/doctest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "ndcg/compare.hpp"
#include "ndcg/trec.hpp"
#include "support.hpp"

namespace trec_interval_test {

using ndcg::trec_result;

namespace {

// One real-valued measure "x" with the given per-query values.
trec_result one_measure(const std::vector<double>& values) {
  trec_result r;
  r.names = {"x"};
  r.is_count = r.summary_only = r.per_query_only = r.is_text = r.geometric = {0};
  for (std::size_t q = 0; q < values.size(); ++q) {
    r.qids.push_back("q" + std::to_string(q));
    r.values.push_back({values[q]});
  }
  return r;
}

double uniform(ndcg::stats::random_source& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

std::string cli(std::vector<std::string> args) {
  std::istringstream in;
  std::ostringstream out, err;
  const int code = ndcg::run_cli(args, in, out, err);
  REQUIRE_MESSAGE(code == 0, err.str());
  return out.str();
}

}  // namespace

TEST_CASE("a tiny case by hand: nine queries at 0 and one at 1 give [0, 0.3]") {
  // A resample's mean is X / 10 with X ~ Binomial(10, 0.1): P(X = 0) =
  // 0.349 > 0.025, so the 2.5% point is 0; P(X <= 2) = 0.930 < 0.975 <
  // P(X <= 3) = 0.987, so the 97.5% point is 0.3. With 10000 resamples the
  // empirical cdf is within 0.003 (1 sd) of these, far from either edge.
  std::vector<double> v(10, 0.0);
  v[3] = 1;
  trec_result r = one_measure(v);
  ndcg::add_intervals(r, 10000, 1);
  REQUIRE(r.has_interval(0));
  CHECK(r.ci_queries[0] == 10);
  CHECK(r.ci_low[0] == 0);
  CHECK(r.ci_high[0] == doctest::Approx(0.3).epsilon(1e-12));
  // The same seed, the same interval; one value for every query, no width.
  trec_result again = one_measure(v);
  ndcg::add_intervals(again, 10000, 1);
  CHECK(again.ci_high[0] == r.ci_high[0]);
  trec_result flat = one_measure(std::vector<double>(12, 0.25));
  ndcg::add_intervals(flat, 100, 7);
  CHECK(flat.ci_low[0] == 0.25);
  CHECK(flat.ci_high[0] == 0.25);
}

TEST_CASE("under min_interval_queries the interval is withheld, the count kept") {
  trec_result r = one_measure(std::vector<double>(ndcg::min_interval_queries - 1, 0.5));
  r.values[0][0] = std::nan("");  // a query without a value (IDCG = 0 left out) is not counted
  ndcg::add_intervals(r, 100, 1);
  CHECK(std::isnan(r.ci_low[0]));
  CHECK(std::isnan(r.ci_high[0]));
  CHECK(r.ci_queries[0] == ndcg::min_interval_queries - 2);
}

TEST_CASE("the interval covers the true mean about 95% of the time") {
  // Samples of n = 50 queries from Uniform(0, 1) (mean 0.5), R = 1000 times.
  // A percentile bootstrap of a mean is the plug-in normal interval to first
  // order: mean +- 1.96 * sd * sqrt((n - 1) / n) / sqrt(n), so its coverage
  // is about P(|t_{n-1}| <= 1.96 * sqrt((n - 1) / n)) = 0.942, a little
  // under 95%. The count of covering samples is Binomial(R, c): its sd is
  // sqrt(c (1 - c) / R) = 0.0074, and 4 sd (0.030) is the tolerance.
  const std::size_t n = 50, reps = 1000;
  const double expected = 1 - ndcg::stats::t_two_sided(1.96 * std::sqrt((n - 1.0) / n), n - 1.0);
  CHECK(expected == doctest::Approx(0.94189).epsilon(1e-4));  // scipy.stats.t.sf gives the same
  const double tolerance = 4 * std::sqrt(expected * (1 - expected) / reps);
  ndcg::stats::random_source draw(2026);
  std::size_t covered = 0;
  for (std::size_t rep = 0; rep < reps; ++rep) {
    std::vector<double> v(n);
    for (double& x : v) x = uniform(draw);
    trec_result r = one_measure(v);
    ndcg::add_intervals(r, 1000, rep + 1);
    covered += r.ci_low[0] <= 0.5 && 0.5 <= r.ci_high[0];
  }
  const double coverage = static_cast<double>(covered) / reps;
  CHECK(std::fabs(coverage - expected) <= tolerance);
  CHECK(std::fabs(coverage - 0.95) <= tolerance + (0.95 - expected));
}

TEST_CASE("trec --ci: intervals beside the means in text, JSON and CSV; without it, trec_eval's bytes") {
  const std::string qrels = std::string(NDCG_TEST_DATA) + "/trec-parity/set1.qrels";
  const std::string run = std::string(NDCG_TEST_DATA) + "/trec-parity/set1.run";
  const std::string plain = cli({"trec", "-m", "map", "-m", "num_ret", "-m", "gm_map", qrels, run});
  const std::string text = cli({"trec", "--ci", "-m", "map", "-m", "num_ret", "-m", "gm_map", qrels, run});
  // Only the mean's line gains fields: counts and the geometric mean have none.
  CHECK(plain == "num_ret               \tall\t4023\nmap                   \tall\t0.2323\ngm_map                \tall\t0.0058\n");
  CHECK(text.find("num_ret               \tall\t4023\nmap                   \tall\t0.2323\t[0.") == 0);
  CHECK(text.find("]\tn=50\ngm_map                \tall\t0.0058\n") != std::string::npos);
  const std::string json = cli({"trec", "--ci", "--format", "json", "-m", "map", qrels, run});
  CHECK(json.find("\"ci95\": {\"map\": [0.") != std::string::npos);
  CHECK(json.find("\"ci_queries\": {\"map\": 50}\n}\n") != std::string::npos);
  const std::string csv = cli({"trec", "--ci", "--format", "csv", "-m", "map", "-m", "num_ret", qrels, run});
  CHECK(csv.find("\nci95_low,,0.") != std::string::npos);  // num_ret prints first
  CHECK(csv.find("\nci_queries,,50\n") != std::string::npos);
  // --seed and --trials reach it: another seed, another interval.
  CHECK(cli({"trec", "--ci", "--seed", "2", "-m", "map", qrels, run}) != cli({"trec", "--ci", "-m", "map", qrels, run}));
}

}  // namespace trec_interval_test
