// Behaviour of the metric core, checked against values derived by hand here.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "ndcg/metrics.hpp"
#include "support.hpp"
#include "base/log2.hpp"
#include "metrics/other_metrics.hpp"

namespace metrics_test {

using namespace ndcg;
using test_support::scored;

namespace {



explanation run(const std::vector<item>& items, const options& opt = {},
                const std::vector<item>* judgments = nullptr) {
  auto e = explain(items, opt, judgments);
  REQUIRE_MESSAGE(e.ok(), (e.ok() ? "" : describe(e.err())));
  return *e;
}

std::string error_of(const std::vector<item>& items, const options& opt) {
  auto e = explain(items, opt);
  return e.ok() ? "(no error)" : describe(e.err());
}

doctest::Approx exact(double v) { return doctest::Approx(v).epsilon(1e-12); }

const double log2_3 = std::log2(3.0), log2_5 = std::log2(5.0), log2_6 = std::log2(6.0);
const std::vector<double> worked = {3, 2, 0, 1, 0, 0, 2, 1, 0, 0};

}  // namespace

TEST_CASE("the document's worked example gives DCG 10.639, IDCG 11.210 and NDCG 0.949") {
  options opt;
  opt.k = 10;
  explanation e = run(test_support::graded(worked), opt);
  CHECK(e.dcg == exact(10.638930695573496));
  CHECK(e.idcg == exact(11.210318626022309));
  CHECK(e.ndcg == exact(0.9490301792919195));

  SUBCASE("the step table has one row per position with gain, discount and term") {
    REQUIRE(e.steps.size() == 10);
    const double gains[] = {7, 3, 0, 1, 0, 0, 3, 1, 0, 0};
    for (std::size_t i = 0; i < 10; ++i) {
      CHECK(e.steps[i].position == i + 1);
      CHECK(e.steps[i].gain == gains[i]);
      CHECK(e.steps[i].discount == exact(std::log2(i + 2.0)));
      CHECK(e.steps[i].contribution == exact(gains[i] / std::log2(i + 2.0)));
    }
    CHECK(e.steps[6].contribution == exact(1.0));  // 3 / log2(8)
    CHECK(e.steps.back().cumulative == exact(e.dcg));
  }
  SUBCASE("the ideal table lists the five relevant grades, largest first") {
    REQUIRE(e.ideal_steps.size() == 5);
    const double rels[] = {3, 2, 2, 1, 1};
    for (std::size_t i = 0; i < 5; ++i) CHECK(e.ideal_steps[i].rel == rels[i]);
    CHECK(e.ideal_steps[2].contribution == exact(1.5));
    CHECK(e.idcg == exact(7 + 3 / log2_3 + 1.5 + 1 / log2_5 + 1 / log2_6));
  }
  SUBCASE("each position's loss is the ideal term minus the actual term") {
    CHECK(e.loss[0] == exact(0));
    CHECK(e.loss[2] == exact(1.5));              // ideal 3/2, actual 0
    CHECK(e.loss[6] == exact(0 - 1.0));          // nothing ideal at 7, actual 1
  }
  SUBCASE("CG, P@10, R@10, AP and RR over the same list") {
    CHECK(e.other.cg == 9);
    CHECK(e.other.precision == exact(0.5));      // 5 relevant of 10
    CHECK(e.other.recall == exact(1.0));
    // relevant at ranks 1 2 4 7 8: (1/1 + 2/2 + 3/4 + 4/7 + 5/8) / 5
    CHECK(e.other.average_precision == exact((1 + 1 + 0.75 + 4.0 / 7 + 0.625) / 5));
    CHECK(e.other.reciprocal_rank == exact(1.0));
  }
  SUBCASE("the NDCG@k curve starts at 1 and ends at NDCG@10") {
    REQUIRE(e.ndcg_at.size() == 10);
    CHECK(e.ndcg_at[0] == exact(1.0));
    CHECK(e.ndcg_at[1] == exact(1.0));
    CHECK(e.ndcg_at[2] == exact((7 + 3 / log2_3) / (7 + 3 / log2_3 + 1.5)));
    CHECK(e.ndcg_at[9] == exact(e.ndcg));
  }
}

TEST_CASE("the one-call form orders by score and returns NDCG@K") {
  std::vector<double> scores = {0.1, 0.9, 0.8, 0.2, 0.5, 0.4, 0.3, 0.6, 0.7, 0.0};
  std::vector<double> rels = {0, 3, 2, 0, 1, 0, 0, 1, 2, 0};
  // sorted by score: 0.9(3) 0.8(2) 0.7(2) 0.6(1) 0.5(1) ... = the ideal order
  CHECK(ndcg_at_k(scores, rels, 10) == exact(1.0));
  CHECK(ndcg_at_k({3, 2, 1}, {0, 0, 1}, 0) == exact(1 / 2.0 / 1.0));  // 1/log2(4) over 1/1
}

TEST_CASE("a cutoff K limits DCG to the top min(K, n) and IDCG to the top K of the ideal") {
  options opt;
  opt.k = 3;
  explanation e = run(test_support::graded(worked), opt);
  CHECK(e.steps.size() == 3);
  CHECK(e.ideal_steps.size() == 3);
  CHECK(e.dcg == exact(7 + 3 / log2_3));
  CHECK(e.idcg == exact(7 + 3 / log2_3 + 1.5));
  opt.k = 1000000000000ULL;  // far beyond the list: the whole list
  CHECK(run(test_support::graded(worked), opt).ndcg == exact(0.9490301792919195));
}

TEST_CASE("gain can be linear or a per-grade table") {
  options opt;
  opt.gain = gain_kind::linear;
  explanation e = run(test_support::graded({3, 2, 0, 1}), opt);
  CHECK(e.dcg == exact(3 + 2 / log2_3 + 1 / log2_5));
  CHECK(e.idcg == exact(3 + 2 / log2_3 + 1 / 2.0));

  opt.gain = gain_kind::table;
  opt.gain_table = {0, 1, 3, 7};  // the exponential gains written out
  CHECK(run(test_support::graded(worked), opt).ndcg == exact(0.9490301792919195));
  opt.gain_table = {0, 10, 1};    // a table need not grow with the grade
  e = run(test_support::graded({2, 1}), opt);
  CHECK(e.dcg == exact(1 + 10 / log2_3));
  CHECK(e.ideal_steps[0].rel == 1);  // the ideal sorts by gain, not by grade
  CHECK(e.idcg == exact(10 + 1 / log2_3));
}

// Items with ids "d0", "d1", ... and the grades given, no scores.
std::vector<item> with_ids(const std::vector<double>& grades) {
  std::vector<item> out = test_support::graded(grades);
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i].id = "d" + std::to_string(i);
    out[i].has_id = true;
  }
  return out;
}

// The ideal's ids as a stable sort by grade, largest first, gives them.
std::vector<std::string> ideal_ids_by_hand(const std::vector<double>& grades) {
  std::vector<double> levels = grades;
  std::sort(levels.begin(), levels.end(), [](double a, double b) { return a > b; });
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  std::vector<std::string> ids;
  for (double level : levels)
    for (std::size_t i = 0; i < grades.size(); ++i)
      if (grades[i] == level && level > 0) ids.push_back("d" + std::to_string(i));
  return ids;
}

TEST_CASE("the ideal keeps equal gains in input order, with few distinct gains (counted) and with many (sorted)") {
  options opt;
  opt.k = 0;  // the whole list
  opt.gain = gain_kind::linear;
  std::vector<std::vector<double>> lists = {{1, 3, 0, 3, 1, 2, 3}};
  // 16 distinct positive gains are counted, 17 sorted: both sides of the limit, each gain twice.
  for (int distinct : {16, 17}) {
    std::vector<double> grades;
    for (int round = 0; round < 2; ++round)
      for (int g = 0; g <= distinct; ++g) grades.push_back((g * 7) % (distinct + 1));
    lists.push_back(grades);
  }
  for (const auto& grades : lists) {
    CAPTURE(grades.size());
    const explanation e = run(with_ids(grades), opt);
    std::vector<std::string> ids;
    for (const step& s : e.ideal_steps) ids.push_back(s.id);
    CHECK(ids == ideal_ids_by_hand(grades));
  }
}

// The table of discounts stops at K; the curve computes the positions past
// it. Both must give the bits the whole list's table gives.
TEST_CASE("NDCG@k past the cut K is the curve of the whole list, bit for bit, in every log base") {
  std::vector<double> grades;
  for (int i = 0; i < 40; ++i) grades.push_back((i * 5) % 4);
  for (double base : {2.0, 3.0, 10.0}) {
    CAPTURE(base);
    options whole;
    whole.k = 0;
    whole.log_base = base;
    options cut = whole;
    cut.k = 5;
    const explanation all = run(test_support::graded(grades), whole), top = run(test_support::graded(grades), cut);
    REQUIRE(top.ndcg_at.size() == grades.size());
    CHECK(top.ndcg_at == all.ndcg_at);
    CHECK(top.ndcg_at[4] == exact(top.ndcg));
    // Position 40 by hand: the list's DCG over its ideal's, log_base(i + 1) each.
    double dcg = 0, idcg = 0;
    std::vector<double> ideal = grades;
    std::sort(ideal.begin(), ideal.end(), [](double a, double b) { return a > b; });
    for (std::size_t i = 0; i < grades.size(); ++i) {
      const double d = std::log(static_cast<double>(i) + 2) / std::log(base);
      dcg += (std::exp2(grades[i]) - 1) / d;
      idcg += (std::exp2(ideal[i]) - 1) / d;
    }
    CHECK(top.ndcg_at.back() == doctest::Approx(dcg / idcg).epsilon(1e-12));
  }
}

TEST_CASE("the log base scales DCG and IDCG alike, so NDCG does not change") {
  options opt;
  opt.log_base = 10;
  explanation e = run(test_support::graded(worked), opt);
  CHECK(e.steps[1].discount == exact(std::log10(3.0)));
  CHECK(e.dcg == exact(10.638930695573496 * std::log2(10.0)));  // g / log10(x) = g * log2(10) / log2(x)
  CHECK(e.ndcg == exact(0.9490301792919195));
}

TEST_CASE("position weights multiply the term in DCG and IDCG alike") {
  options opt;
  opt.gain = gain_kind::linear;
  opt.weights = {2};  // position 1 counts double, the rest 1
  explanation e = run(test_support::graded({1, 0, 1}), opt);
  CHECK(e.dcg == exact(2 * 1 + 1 / 2.0));              // 2.5
  CHECK(e.idcg == exact(2 * 1 + 1 / log2_3));          // ideal 1 1 0
  CHECK(e.ndcg == exact(2.5 / (2 + 1 / log2_3)));
  CHECK(e.steps[0].weight == 2);
  CHECK(e.steps[1].weight == 1);
}

TEST_CASE("judgments supply grades by id and an ideal that includes unretrieved items") {
  std::vector<item> ranking = {scored("a", 3, 0), scored("b", 2, 0), scored("c", 1, 0)};
  std::vector<item> judged = {scored("a", 0, 2), scored("c", 0, 1), scored("d", 0, 3)};
  options opt;
  opt.ideal = ideal_source::judgments;
  explanation e = run(ranking, opt, &judged);
  CHECK(e.dcg == exact(3 + 0 + 1 / 2.0));                  // a=2, b unjudged, c=1
  CHECK(e.idcg_judged == exact(7 + 3 / log2_3 + 1 / 2.0));  // d a c
  CHECK(e.idcg_list == exact(3 + 1 / log2_3));             // a c, only what was retrieved
  CHECK(e.idcg == e.idcg_judged);
  CHECK(e.ndcg_judged < e.ndcg_list);                      // a small pool flatters the ranking
  CHECK(e.ndcg == exact(3.5 / (7 + 3 / log2_3 + 0.5)));
  CHECK(e.other.recall == exact(2.0 / 3));                 // relevant: a c d
  opt.ideal = ideal_source::list;
  CHECK(run(ranking, opt, &judged).ndcg == exact(3.5 / (3 + 1 / log2_3)));
}

TEST_CASE("judged items the ranking never retrieved are named, even where both ideals agree at K") {
  std::vector<item> ranking = {scored("a", 2, 0), scored("b", 1, 0)};
  std::vector<item> judged = {scored("a", 0, 3), scored("b", 0, 0), scored("c", 0, 1)};
  options opt;
  opt.k = 1;
  explanation e = run(ranking, opt, &judged);
  CHECK(e.idcg_list == e.idcg_judged);  // both 2^3 - 1 = 7 at K = 1
  CHECK(e.idcg_list == 7);
  CHECK(e.missed_ids == std::vector<std::string>{"c"});
  opt.k = 0;
  e = run(ranking, opt, &judged);
  CHECK(e.idcg_judged == exact(7 + 1 / log2_3));  // a then c: c costs 1 / log2(3)
  CHECK(e.missed_ids == std::vector<std::string>{"c"});
  CHECK(e.in_ideal_order);  // against its own ideal, a before b is ideal
  opt.ideal = ideal_source::judgments;
  CHECK_FALSE(run(ranking, opt, &judged).in_ideal_order);  // the judged ideal holds c at position 2
  judged[2].grade = 0;
  CHECK(run(ranking, opt, &judged).missed_ids.empty());  // c is judged, but worth nothing
}

TEST_CASE("the ideal order is told by the order, not by DCG = IDCG") {
  options opt;
  explanation e = run(test_support::graded({1000, 0, 1}), opt);
  CHECK(e.dcg == e.idcg);  // 2^1000 - 1 swamps 1/2 and 1/log2(3) alike
  CHECK_FALSE(e.in_ideal_order);
  CHECK(run(test_support::graded({3, 2, 0, 1}), opt).in_ideal_order == false);
  CHECK(run(test_support::graded({3, 2, 1, 0}), opt).in_ideal_order);
  opt.k = 2;
  CHECK(run(test_support::graded({3, 2, 0, 1}), opt).in_ideal_order);  // the top 2 are ideal
}

TEST_CASE("equal scores follow the tie policy") {
  std::vector<item> items = {scored("a", 1, 0), scored("b", 1, 2), scored("c", 0.5, 1)};
  options opt;
  double input_order = 0 + 3 / log2_3 + 1 / 2.0;  // a b c
  double trec_order = 3 + 0 + 1 / 2.0;            // b a c: docid descending
  CHECK(run(items, opt).dcg == exact(input_order));
  opt.ties = tie_policy::trec;
  CHECK(run(items, opt).dcg == exact(trec_order));
  opt.ties = tie_policy::average;
  explanation e = run(items, opt);
  CHECK(e.dcg == exact((input_order + trec_order) / 2));
  CHECK(e.steps[0].gain == exact(1.5));            // the group's mean gain
  CHECK(e.steps[0].rel == 0);                      // while the grade stays the item's
  CHECK(e.idcg == exact(3 + 1 / log2_3));          // the ideal is not averaged
}

TEST_CASE("trec ties compare docids as bytes, so case and leading zeros matter") {
  std::vector<item> items = {scored("D1", 1, 1), scored("d1", 1, 0), scored("007", 1, 0), scored("7", 1, 0)};
  options opt;
  opt.ties = tie_policy::trec;
  opt.gain = gain_kind::linear;
  explanation e = run(items, opt);
  CHECK(e.steps[0].id == "d1");
  CHECK(e.steps[1].id == "D1");
  CHECK(e.steps[2].id == "7");
  CHECK(e.steps[3].id == "007");
}

namespace {

// DCG of every order of the list that keeps scores descending (each one way
// to break the ties), by enumerating all permutations; position weights w,
// summed plainly here.
std::vector<double> dcg_over_tie_orders(const std::vector<item>& items, std::size_t k, const std::vector<double>& w = {}) {
  std::vector<std::size_t> idx(items.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::vector<double> out;
  do {
    bool sorted = true;
    for (std::size_t i = 1; i < idx.size(); ++i) sorted = sorted && items[idx[i - 1]].score >= items[idx[i]].score;
    if (!sorted) continue;
    double dcg = 0;
    for (std::size_t i = 0; i < idx.size() && i < (k ? k : idx.size()); ++i)
      dcg += (i < w.size() ? w[i] : 1.0) * (std::exp2(items[idx[i]].grade) - 1) / std::log2(i + 2.0);
    out.push_back(dcg);
  } while (std::next_permutation(idx.begin(), idx.end()));
  return out;
}

// Mean DCG over every order of each tied group.
double brute_force_tie_mean(const std::vector<item>& items, std::size_t k) {
  const std::vector<double> all = dcg_over_tie_orders(items, k);
  return std::accumulate(all.begin(), all.end(), 0.0) / static_cast<double>(all.size());
}

}  // namespace

TEST_CASE("tie-averaged DCG equals the mean DCG over all orders of the tied items") {
  std::mt19937 rng(20261202);
  for (int round = 0; round < 200; ++round) {
    std::size_t n = 1 + rng() % 7;
    std::vector<item> items;
    for (std::size_t i = 0; i < n; ++i)
      items.push_back(scored("d" + std::to_string(i), static_cast<double>(rng() % 3), static_cast<double>(rng() % 4)));
    options opt;
    opt.ties = tie_policy::average;
    opt.k = rng() % (n + 1);
    CAPTURE(round);
    CHECK(run(items, opt).dcg == exact(brute_force_tie_mean(items, opt.k)));
  }
}

TEST_CASE("IDCG = 0 gives 0, 1 or no value, as the policy says") {
  std::vector<item> none = test_support::graded({0, 0, 0});
  options opt;
  CHECK(run(none, opt).ndcg == 0);
  opt.zero_idcg = zero_policy::one;
  CHECK(run(none, opt).ndcg == 1);
  opt.zero_idcg = zero_policy::skip;
  explanation e = run(none, opt);
  CHECK_FALSE(e.ndcg_defined);
  CHECK(std::isnan(e.ndcg_at[0]));
}

TEST_CASE("negative grades are rejected, worth zero, or dropped") {
  std::vector<item> items = test_support::graded({2, -1, 1});
  options opt;
  CHECK(error_of(items, opt) ==
        "line 2, column 1: grade -1 is negative; negative grades are not allowed here (choose negatives zero or drop)");
  opt.negatives = negative_policy::zero;
  explanation e = run(items, opt);
  CHECK(e.steps[1].gain == 0);
  CHECK(e.dcg == exact(3 + 1 / 2.0));
  CHECK(e.ideal_steps.size() == 2);
  opt.negatives = negative_policy::drop;
  e = run(items, opt);
  CHECK(e.n == 2);
  CHECK(e.dcg == exact(3 + 1 / log2_3));
  CHECK(e.ndcg == exact(1.0));
}

TEST_CASE("bad grades and options are errors with the value echoed") {
  options opt;
  CHECK(error_of({}, opt) == "the ranking is empty: give at least one grade");
  CHECK(error_of(test_support::graded({1, 1024}), opt) ==
        "line 2, column 1: grade 1024 gives a gain that is not finite (2^grade overflows)");
  CHECK(error_of(test_support::graded({1, NAN}), opt) == "line 2, column 1: grade is not a finite number: nan");
  opt.gain = gain_kind::table;
  opt.gain_table = {0, 1};
  CHECK(error_of(test_support::graded({2}), opt) ==
        "line 1, column 1: grade 2 has no entry in the gain table (it has entries for grades 0 to 1)");
  opt = options{};
  opt.log_base = 1;
  CHECK(error_of(test_support::graded({1}), opt) == "log_base takes a number above 1, got \"1\"");
  opt = options{};
  opt.weights = {1, -2};
  CHECK(error_of(test_support::graded({1}), opt) == "weights takes numbers separated by commas, 0 or more, got \"-2\"");
  opt = options{};
  opt.alpha = 1.5;
  CHECK(error_of(test_support::graded({1}), opt) == "alpha takes a finite number from 0 to 1, got \"1.5\"");
}

TEST_CASE("validate() names the option key, the code and what was found") {
  struct option_case {
    const char* name;
    void (*set)(options&);
    const char* code;
    const char* key;
    const char* found;  // "" when the code carries none
  };
  const option_case cases[] = {
      {"log base 1", [](options& o) { o.log_base = 1; }, "out-of-range", "log_base", "1"},
      {"log base inf", [](options& o) { o.log_base = INFINITY; }, "not-a-number", "log_base", "inf"},
      {"negative weight", [](options& o) { o.weights = {1, -2}; }, "out-of-range", "weights", "-2"},
      {"NaN in the gain table", [](options& o) { o.gain_table = {0, NAN}; }, "not-a-number", "gain_table", "nan"},
      {"table gain, no table", [](options& o) { o.gain = gain_kind::table; }, "missing-value", "gain_table", ""},
      {"alpha 1.5", [](options& o) { o.alpha = 1.5; }, "out-of-range", "alpha", "1.5"},
      {"alpha NaN", [](options& o) { o.alpha = NAN; }, "not-a-number", "alpha", "nan"},
      {"relevance level inf", [](options& o) { o.relevance_level = -INFINITY; }, "not-a-number", "relevance_level",
       "-inf"},
      {"ERR's largest grade -1", [](options& o) { o.err_max_grade = -1; }, "out-of-range", "err_max_grade", "-1"},
  };
  for (const option_case& c : cases) {
    CAPTURE(c.name);
    options opt;
    c.set(opt);
    const status st = validate(opt);
    REQUIRE_FALSE(st.ok());
    CHECK(name_of(st.err().code) == c.code);
    CHECK(st.err().source == "options");
    CHECK(st.err().key == c.key);
    CHECK(st.err().line == 0);
    if (*c.found) CHECK(test_support::arg(st.err(), "found") == c.found);
    CHECK_MESSAGE(test_support::table_problem(st.err()).empty(), test_support::table_problem(st.err()));
  }
}

TEST_CASE("ERR follows Chapelle's cascade with R = (2^g - 1) / 2^g_max") {
  options opt;
  opt.err_max_grade = 2;
  // R = 3/4, 1/4, 0: ERR = 3/4 + (1/2)(1/4)(1 - 3/4)
  CHECK(run(test_support::graded({2, 1, 0}), opt).other.err == exact(0.75 + 0.5 * 0.25 * 0.25));
  opt.err_max_grade = 0;  // the largest grade seen, 2 here
  CHECK(run(test_support::graded({2, 1, 0}), opt).other.err == exact(0.78125));
  opt.err_max_grade = 4;  // gdeval's fixed scale: R = 3/16, 1/16
  CHECK(run(test_support::graded({2, 1}), opt).other.err == exact(3.0 / 16 + 0.5 * (1.0 / 16) * (13.0 / 16)));
}

TEST_CASE("alpha-nDCG rewards new subtopics and uses a greedy ideal") {
  std::vector<item> items = test_support::graded({1, 1, 1});
  items[0].subtopics = {"s1", "s2"};
  items[1].subtopics = {"s1"};
  items[2].subtopics = {"s3"};
  explanation e = run(items);
  REQUIRE(e.other.has_alpha);
  // gains 2, (1-0.5)^1 = 0.5, 1 at ranks 1 2 3
  CHECK(e.other.alpha_dcg == exact(2 + 0.5 / log2_3 + 1 / 2.0));
  // greedy: {s1,s2} then {s3} then {s1}
  CHECK(e.other.alpha_idcg == exact(2 + 1 / log2_3 + 0.5 / 2.0));
  CHECK(e.other.alpha_ndcg == exact(e.other.alpha_dcg / e.other.alpha_idcg));
  CHECK_FALSE(run(test_support::graded({1, 0})).other.has_alpha);
}

TEST_CASE("the greedy alpha ideal takes the largest marginal gain, ties to the earlier item") {
  std::vector<std::string> a = {"x", "y"}, b = {"x"}, c = {"y"}, d = {"z"};
  std::vector<const std::vector<std::string>*> pool = {&b, &a, &c, &d};
  auto ideal = detail::alpha_ideal(pool, 4, 0.5);
  REQUIRE(ideal.size() == 4);
  CHECK(ideal[0] == &a);  // gain 2
  CHECK(ideal[1] == &d);  // gain 1 beats 0.5 for b and c
  CHECK(ideal[2] == &b);  // b and c both 0.5: the earlier
  CHECK(ideal[3] == &c);
}

TEST_CASE("a discount table holds log2(i + 1) for every position asked for") {
  discount_table t;
  t.reserve(3);
  t.reserve(2);
  CHECK(t.at(1) == 1.0);
  CHECK(t.at(3) == 2.0);
  t.reserve(7);
  CHECK(t.at(7) == 3.0);
}

TEST_CASE("log2_exact rounds correctly, so the command and the wasm module print the same discounts") {
  // Expected values: ln(x) / ln(2) to 80 digits (Python's decimal), rounded
  // once to double. glibc misrounds 1621 and 104703; Emscripten's -Oz musl
  // misrounds 1375 and 83507.
  struct row { double x; double want; };
  const row table[] = {
      {3, 0x1.95c01a39fbd68p+0},       {10, 0x1.a934f0979a371p+1},      {1375, 0x1.4d9b5e61cd1e5p+3},
      {1621, 0x1.5534944f1e1f0p+3},    {83507, 0x1.0598002600057p+4},   {104703, 0x1.0ad0a9dfa39d1p+4},
      {57803, 0x1.fa3413128b5e2p+3},   {19999999, 0x1.840e527149e03p+4}, {1.5, 0x1.2b803473f7ad1p-1},
      {5e-324, -0x1.0c8p+10},          {1.7976931348623157e308, 0x1p+10}, {0x1.fc521ab456365p+1, 0x1.fd561ce60b2d8p+0},
  };
  for (const row& r : table) CHECK_MESSAGE(ndcg::detail::log2_exact(r.x) == r.want, r.x);
  for (int k = -1074; k <= 1023; ++k) CHECK(ndcg::detail::log2_exact(std::ldexp(1.0, k)) == k);
  CHECK(std::isnan(ndcg::detail::log2_exact(-1.0)));
  CHECK(ndcg::detail::log2_exact(0.0) == -std::numeric_limits<double>::infinity());
  // Within one unit in the last place of the C library's log2 everywhere.
  for (int i = 2; i < 200000; ++i) {
    const double x = i, got = ndcg::detail::log2_exact(x), libm = std::log2(x);
    if (got != libm) REQUIRE(std::nextafter(libm, got) == got);
  }
}

TEST_CASE("log2_whole gives log2_exact's bits, from its table and past it") {
  for (const double x : {1.0, 2.0, 3.0, 1375.0, 1621.0, 4095.0, 4096.0, 83507.0, 2.5, 0.5, 4095.5, 0.0, -3.0}) {
    const double whole = ndcg::detail::log2_whole(x), exact = ndcg::detail::log2_exact(x);
    CHECK_MESSAGE((whole == exact || (std::isnan(whole) && std::isnan(exact))), x);
  }
  CHECK(ndcg::detail::log2_whole(1621) == 0x1.5534944f1e1f0p+3);  // glibc's log2 misrounds it
}

namespace {

// The smallest and largest DCG over every order of the tied items.
std::pair<double, double> brute_force_tie_range(const std::vector<item>& items, std::size_t k, const std::vector<double>& w) {
  const std::vector<double> all = dcg_over_tie_orders(items, k, w);
  return {*std::min_element(all.begin(), all.end()), *std::max_element(all.begin(), all.end())};
}

}  // namespace

TEST_CASE("the tie range is the worst and best NDCG over all orders of the tied items") {
  std::mt19937 rng(20261203);
  for (int round = 0; round < 300; ++round) {
    const std::size_t n = 1 + rng() % 7;
    std::vector<item> items;
    for (std::size_t i = 0; i < n; ++i)
      items.push_back(scored("d" + std::to_string(i), static_cast<double>(rng() % 3), static_cast<double>(rng() % 4)));
    options opt;
    opt.k = rng() % (n + 1);
    const tie_policy policies[] = {tie_policy::input, tie_policy::trec, tie_policy::average};
    opt.ties = policies[round % 3];
    if (round % 4 == 3) opt.weights = {0.5, 3, 1, 2};  // not decreasing: larger gains first is not always best
    const explanation e = run(items, opt);
    const auto [lo, hi] = brute_force_tie_range(items, opt.k, opt.weights);
    CAPTURE(round);
    if (e.idcg == 0) {
      CHECK(e.tie_min == 0);
      CHECK(e.tie_max == 0);
      continue;
    }
    CHECK(e.tie_min == exact(lo / e.idcg));
    CHECK(e.tie_max == exact(hi / e.idcg));
    CHECK(e.tie_min <= e.ndcg + 1e-15);
    CHECK(e.ndcg <= e.tie_max + 1e-15);
  }
}

TEST_CASE("without ties the range is the NDCG itself, to the last bit") {
  const explanation plain = run(test_support::graded(worked), options{});
  CHECK(plain.tie_min == plain.ndcg);
  CHECK(plain.tie_max == plain.ndcg);
  std::vector<item> distinct;
  for (std::size_t i = 0; i < worked.size(); ++i) distinct.push_back(scored("d" + std::to_string(i), 10.0 - i, worked[i]));
  const explanation scored_e = run(distinct, options{});
  CHECK(scored_e.tie_min == scored_e.ndcg);
  CHECK(scored_e.tie_max == scored_e.ndcg);
  // Two items tied at the top, grades 0 and 3: input order puts the 0 first.
  options opt;
  const explanation tied = run({scored("a", 1, 0), scored("b", 1, 3)}, opt);
  CHECK(tied.ndcg == exact(7 / std::log2(3.0) / 7));
  CHECK(tied.tie_min == exact(1 / std::log2(3.0)));
  CHECK(tied.tie_max == 1);
}

}  // namespace metrics_test
