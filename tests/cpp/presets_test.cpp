// Each preset reproduces its library's convention on cases worked by hand.
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "ndcg/metrics.hpp"
#include "ndcg/trec.hpp"
#include "support.hpp"

namespace presets_test {

using namespace ndcg;
using test_support::scored;

namespace {


options named(const char* name) {
  auto o = preset(name);
  REQUIRE(o.ok());
  return *o;
}

explanation run(const std::vector<item>& items, const options& opt, const std::vector<item>* judged = nullptr) {
  auto e = explain(items, opt, judged);
  REQUIRE_MESSAGE(e.ok(), (e.ok() ? "" : describe(e.err())));
  return *e;
}

std::string error_of(const std::vector<item>& items, const options& opt) {
  auto e = explain(items, opt);
  return e.ok() ? "(no error)" : e.err().message;
}

doctest::Approx exact(double v) { return doctest::Approx(v).epsilon(1e-12); }
const double log2_3 = std::log2(3.0);

}  // namespace

TEST_CASE("every preset is listed, can be made, and is recognised from its options") {
  const char* names[] = {"document", "trec_eval", "gdeval", "sklearn", "lightgbm",
                         "xgboost", "xgboost-", "tf-ranking", "torchmetrics", "elasticsearch", "spark"};
  REQUIRE(presets().size() == 11);
  for (std::size_t i = 0; i < 11; ++i) {
    CHECK(presets()[i].name == names[i]);
    std::string_view match = matching_preset(named(names[i]));
    // torchmetrics shares scikit-learn's convention exactly, so it matches it.
    CHECK(match == (std::string_view(names[i]) == "torchmetrics" ? "sklearn" : names[i]));
  }
  CHECK(matching_preset(options{}) == "document");
  options custom;
  custom.gain = gain_kind::linear;
  CHECK(matching_preset(custom).empty());
  CHECK_FALSE(preset("pytorch").ok());
}

TEST_CASE("sklearn: linear gain, tied scores averaged, ideal from the labels") {
  // y_true [1, 0, 2], y_score [.5, .5, .2]: the tied pair shares gain (1+0)/2
  // at ranks 1-2, then 2 at rank 3.
  std::vector<item> items = {scored("0", 0.5, 1), scored("1", 0.5, 0), scored("2", 0.2, 2)};
  explanation e = run(items, named("sklearn"));
  double dcg = 0.5 * (1 + 1 / log2_3) + 2 / 2.0;
  double idcg = 2 + 1 / log2_3;
  CHECK(e.dcg == exact(dcg));
  CHECK(e.ndcg == exact(dcg / idcg));
  options k1 = named("sklearn");
  k1.k = 1;  // the tied group straddles K: only its first discount counts
  CHECK(run(items, k1).ndcg == exact(0.5 / 2));
  CHECK(error_of({scored("a", 1, -1)}, named("sklearn")).find("negative") != std::string::npos);
  CHECK(run({scored("a", 1, 0), scored("b", 0, 0)}, named("sklearn")).ndcg == 0);
}

TEST_CASE("trec_eval: linear gain, docid descending on ties, judged pool, negatives worth 0") {
  std::vector<item> ranking = {scored("a", 1, 0), scored("b", 1, 0), scored("c", 2, 0)};
  std::vector<item> judged = {scored("a", 0, 2), scored("c", 0, -1), scored("z", 0, 1)};
  explanation e = run(ranking, named("trec_eval"), &judged);
  REQUIRE(e.steps.size() == 3);
  CHECK(e.steps[0].id == "c");   // highest score
  CHECK(e.steps[1].id == "b");   // tie: "b" > "a" in byte order
  CHECK(e.steps[2].id == "a");
  CHECK(e.steps[0].gain == 0);   // judged -1: gain 0
  CHECK(e.dcg == exact(2 / 2.0));
  CHECK(e.idcg == exact(2 + 1 / log2_3));  // a(2) z(1); c is left out
}

TEST_CASE("gdeval: 2^rel - 1 up to grade 4, no value when nothing is relevant") {
  CHECK(error_of({scored("a", 1, 5)}, named("gdeval")) == "grade 5 is above the largest allowed grade 4");
  explanation none = run({scored("a", 1, 0)}, named("gdeval"));
  CHECK_FALSE(none.ndcg_defined);
  explanation e = run({scored("a", 2, 1), scored("b", 1, 4)}, named("gdeval"));
  CHECK(e.dcg == exact(1 + 15 / log2_3));
  CHECK(e.other.err == exact(1.0 / 16 + 0.5 * (15.0 / 16) * (15.0 / 16)));  // g_max fixed at 4
}

TEST_CASE("lightgbm: integer labels, NDCG 1 when IDCG is 0") {
  CHECK(run({scored("a", 1, 0), scored("b", 0, 0)}, named("lightgbm")).ndcg == 1);
  CHECK(error_of({scored("a", 1, 1.5)}, named("lightgbm")).find("not a whole number") != std::string::npos);
  CHECK(error_of({scored("a", 1, 31)}, named("lightgbm")).find("above the largest allowed grade 30") != std::string::npos);
  // stable order on ties: the earlier row ranks higher
  explanation e = run({scored("x", 1, 0), scored("y", 1, 1)}, named("lightgbm"));
  CHECK(e.dcg == exact(1 / log2_3));
}

TEST_CASE("xgboost: labels truncated, float32 scores, NDCG 1 when IDCG is 0") {
  // 1.00000001 and 1.0 are the same float32: a tie kept in input order
  explanation e = run({scored("x", 1.0, 0), scored("y", 1.00000001, 2.7)}, named("xgboost"));
  CHECK(e.steps[0].id == "x");
  CHECK(e.steps[1].rel == 2);
  CHECK(e.dcg == exact(3 / log2_3));
  CHECK(run({scored("x", 1.0, 0.5)}, named("xgboost")).ndcg == 1);  // 0.5 truncates to 0
  CHECK(run({scored("x", 1.0, 0), scored("y", 1.00000001, 2)}, named("document")).steps[0].id == "y");
}

TEST_CASE("tf-ranking: negative labels are padding, dropped from the list") {
  explanation e = run({scored("pad", 3, -1), scored("a", 2, 0), scored("b", 1, 1)}, named("tf-ranking"));
  CHECK(e.n == 2);
  CHECK(e.steps[0].id == "a");
  CHECK(e.dcg == exact(1 / log2_3));
  CHECK(e.idcg == exact(1));
}

TEST_CASE("elasticsearch: ideal from rated documents, cut to the hits returned") {
  std::vector<item> hits = {scored("a", 2, 0), scored("b", 1, 0)};
  std::vector<item> rated = {scored("a", 0, 1), scored("c", 0, 3), scored("d", 0, 2)};
  explanation e = run(hits, named("elasticsearch"), &rated);
  CHECK(e.dcg == exact(1));
  CHECK(e.ideal_steps.size() == 2);          // c d, cut to two hits
  CHECK(e.idcg == exact(7 + 3 / log2_3));
}

TEST_CASE("torchmetrics gives scikit-learn's numbers") {
  std::vector<item> items = {scored("0", 0.1, 2), scored("1", 0.9, 0), scored("2", 0.9, 3), scored("3", 0.5, 1)};
  CHECK(run(items, named("torchmetrics")).ndcg == exact(run(items, named("sklearn")).ndcg));
}

namespace {

// Spark's queries as a run and qrels: the predicted ids scored from 100
// down (their order), the labels graded 1 or by their relevance values. A
// query with an empty label set gets one grade-0 line, so that it is
// averaged in as Spark averages it; one with no predictions needs -c.
struct spark_query {
  std::vector<int> predicted, labels;
  std::vector<double> relevance;  // empty: binary
};

std::map<std::string, double> spark_means(const std::vector<spark_query>& queries, const std::string& cutoffs) {
  std::string qrels, run;
  for (std::size_t q = 0; q < queries.size(); ++q) {
    const std::string qid = "q" + std::to_string(q);
    const spark_query& s = queries[q];
    for (std::size_t i = 0; i < s.predicted.size(); ++i)
      run += qid + " Q0 d" + std::to_string(s.predicted[i]) + " " + std::to_string(i + 1) + " " +
             std::to_string(100 - i) + " spark\n";
    for (std::size_t i = 0; i < s.labels.size(); ++i)
      qrels += qid + " 0 d" + std::to_string(s.labels[i]) + " " +
               (s.relevance.empty() ? std::string("1") : std::to_string(static_cast<int>(s.relevance[i]))) + "\n";
    if (s.labels.empty()) qrels += qid + " 0 none 0\n";
  }
  trec_options opt;
  opt.measures = {"ndcg_cut." + cutoffs};
  opt.conv = named("spark");
  opt.complete = true;
  auto r = evaluate_trec(qrels, run, opt);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : describe(r.err())));
  std::map<std::string, double> out;
  for (std::size_t m = 0; m < r->names.size(); ++m) out[r->names[m]] = r->mean[m];
  return out;
}

// Spark checks its values to an absolute 1e-5 (absTol eps).
bool spark_close(double got, double want) { return std::fabs(got - want) <= 1e-5; }

}  // namespace

TEST_CASE("spark: RankingMetrics.ndcgAt on Spark's own test queries") {
  const std::vector<int> first = {1, 6, 2, 7, 8, 3, 9, 10, 4, 5}, second = {4, 1, 5, 6, 2, 7, 3, 8, 9, 10};
  SUBCASE("binary labels (RankingMetricsSuite: MAP, NDCG, Recall)") {
    auto m = spark_means({{first, {1, 2, 3, 4, 5}, {}}, {second, {1, 2, 3}, {}}, {{1, 2, 3, 4, 5}, {}, {}}}, "3,5,10,15");
    // By hand at 3: the first query (1 + 1/2) / (1 + 1/log2 3 + 1/2), the
    // second (1/log2 3) / the same ideal, the third 0: a third together.
    const double ideal3 = 1 + 1 / log2_3 + 0.5;
    CHECK(m["ndcg_cut_3"] == exact((1.5 / ideal3 + (1 / log2_3) / ideal3) / 3));
    CHECK(spark_close(m["ndcg_cut_3"], 1.0 / 3));
    CHECK(spark_close(m["ndcg_cut_5"], 0.328788));
    CHECK(spark_close(m["ndcg_cut_10"], 0.487913));
    CHECK(m["ndcg_cut_15"] == exact(m["ndcg_cut_10"]));
  }
  SUBCASE("relevance values (RankingMetricsSuite: NDCG with relevance)") {
    auto m = spark_means({{first, {1, 2, 3, 4, 5}, {3, 2, 1, 1, 1}}, {second, {1, 2, 3}, {2, 0, 0}}, {{1, 2, 3, 4, 5}, {}, {}}},
                         "3,5,10,15");
    CHECK(spark_close(m["ndcg_cut_3"], 0.511959));
    CHECK(spark_close(m["ndcg_cut_5"], 0.487806));
    CHECK(spark_close(m["ndcg_cut_10"], 0.518700));
    CHECK(m["ndcg_cut_15"] == exact(m["ndcg_cut_10"]));
  }
  SUBCASE("few predictions, and a query with none (SPARK-14886)") {
    auto m = spark_means({{{1, 6, 2}, {1, 2, 3, 4, 5}, {}}, {{}, {1, 2, 3}, {}}}, "1,2");
    CHECK(spark_close(m["ndcg_cut_1"], 0.5));
    CHECK(spark_close(m["ndcg_cut_2"], 0.30657));
  }
  SUBCASE("one ranking explained: the ideal is the label set's, cut at k") {
    options o = named("spark");
    o.k = 3;
    std::vector<item> ranking, labels;
    for (int id : first) ranking.push_back(scored("d" + std::to_string(id), 100 - static_cast<double>(ranking.size()), 0));
    for (int id : {1, 2, 3, 4, 5}) labels.push_back(scored("d" + std::to_string(id), 0, 1));
    CHECK(spark_close(run(ranking, o, &labels).ndcg, 0.7039181));
  }
}

}  // namespace presets_test
