// Comparing runs (compare.hpp): values worked out by hand on small runs,
// the parity data against trec_eval's means, the option table, errors and
// the command's reports.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "ndcg/compare.hpp"
#include "support.hpp"

namespace compare_test {

using ndcg::compare_runs;
using ndcg::batch_settings;

namespace {


batch_settings with(std::vector<std::pair<std::string, std::string>> given) {
  auto s = ndcg::settings_from(given, ndcg::command::compare);
  REQUIRE(s.ok());
  return s->batch;
}

batch_settings defaults() { return ndcg::default_batch(ndcg::command::compare).batch; }

// Four queries, one relevant document each (d1); run A finds it at ranks
// 1, 2, 1, -; B at 1, 1, 3, 1; C at 2, 1, 1, 1. recip_rank per query:
// A = 1, 1/2, 1, 0;  B = 1, 1, 1/3, 1;  C = 1/2, 1, 1, 1.
const std::string qrels = "q1 0 d1 1\nq2 0 d1 1\nq3 0 d1 1\nq4 0 d1 1\n";
const std::string run_a = "q1 Q0 d1 1 3 a\nq2 Q0 x 1 3 a\nq2 Q0 d1 2 2 a\nq3 Q0 d1 1 3 a\nq4 Q0 x 1 3 a\n";
const std::string run_b = "q1 Q0 d1 1 3 b\nq2 Q0 d1 1 3 b\nq3 Q0 x 1 3 b\nq3 Q0 y 2 2 b\nq3 Q0 d1 3 1 b\nq4 Q0 d1 1 3 b\n";
const std::string run_c = "q1 Q0 x 1 3 c\nq1 Q0 d1 2 2 c\nq2 Q0 d1 1 3 c\nq3 Q0 d1 1 3 c\nq4 Q0 d1 1 3 c\n";

using test_support::outcome;
const auto run = [](const std::vector<std::string>& args) { return test_support::run_cli(args); };

}  // namespace

TEST_CASE("compare: means, differences, wins and losses of small runs worked out by hand") {
  auto r = compare_runs(qrels, {run_a, run_b}, with({{"measures", "recip_rank"}}));
  REQUIRE(r.ok());
  REQUIRE(r->comparisons.size() == 1);
  const ndcg::comparison& c = r->comparisons[0];
  CHECK(r->measures == std::vector<std::string>{"recip_rank"});
  CHECK(c.mean_a == doctest::Approx(2.5 / 4));
  CHECK(c.mean_b == doctest::Approx((3 + 1.0 / 3) / 4));
  // d = B - A = 0, 1/2, -2/3, 1.
  const std::vector<double> d = {0, 0.5, -2.0 / 3, 1};
  CHECK(c.diff == doctest::Approx((0.5 - 2.0 / 3 + 1) / 4));
  CHECK(c.wins == 2);
  CHECK(c.losses == 1);
  CHECK(c.ties == 1);
  // t by hand: mean and sd of d, df = 3.
  double m = 0, ss = 0;
  for (double x : d) m += x / 4;
  for (double x : d) ss += (x - m) * (x - m);
  const double t = m / (std::sqrt(ss / 3) / 2);
  CHECK(c.p_ttest == doctest::Approx(ndcg::stats::t_two_sided(t, 3)).epsilon(1e-12));
  CHECK(c.effect_size == doctest::Approx(m / std::sqrt(ss / 3)));
  CHECK(c.p_sign == 1.0);  // 2 against 1: 2 * P(X <= 1 | 3) = 1
  // Three nonzero d (1/2, -2/3, 1): the 8 signed sums are +-13/6, +-1/6,
  // +-5/6 and +-7/6; six of them are at least 5/6 = |observed| away from 0.
  CHECK(c.p_randomization == doctest::Approx(6.0 / 8));
  CHECK(c.randomization_exact);
  CHECK(c.wilcoxon_exact);  // n = 4 <= 13
  CHECK(std::isnan(c.p_holm));
}

TEST_CASE("compare: each run against the first, every pair, and Holm over a measure's pairs") {
  auto base = compare_runs(qrels, {run_a, run_b, run_c}, with({{"measures", "recip_rank"}}));
  REQUIRE(base.ok());
  REQUIRE(base->comparisons.size() == 2);
  CHECK(base->comparisons[0].b == 1);
  CHECK(base->comparisons[1].b == 2);
  auto all = compare_runs(qrels, {run_a, run_b, run_c}, with({{"measures", "recip_rank"}, {"all_pairs", "true"}}));
  REQUIRE(all.ok());
  REQUIRE(all->comparisons.size() == 3);
  CHECK(all->comparisons[2].a == 1);
  CHECK(all->comparisons[2].b == 2);
  std::vector<double> p;
  for (const auto& c : all->comparisons) p.push_back(c.p_ttest);
  const std::vector<double> h = ndcg::stats::holm(p);
  for (std::size_t i = 0; i < 3; ++i) CHECK(all->comparisons[i].p_holm == h[i]);
  auto by_sign = compare_runs(qrels, {run_a, run_b, run_c}, with({{"measures", "recip_rank"}, {"holm_test", "sign"}}));
  REQUIRE(by_sign.ok());
  CHECK(by_sign->comparisons[0].p_holm == std::min(1.0, 2 * std::min(by_sign->comparisons[0].p_sign, by_sign->comparisons[1].p_sign)));
}

TEST_CASE("compare on the parity data: the means are trec_eval's, a run against itself ties everywhere") {
  const std::string q = test_support::parity_text("set1.qrels"), run = test_support::parity_text("set1.run");
  auto r = compare_runs(q, {run, run}, defaults());
  REQUIRE(r.ok());
  CHECK(r->measures == std::vector<std::string>{"map", "recip_rank", "P_10", "ndcg_cut_10"});
  CHECK(r->qids.size() == 50);
  // trec_eval 10.0's "all" lines (set1.trec_eval_fullprec.txt).
  CHECK(r->comparisons[0].mean_a == 0.23226650114768754);
  CHECK(r->comparisons[3].mean_b == 0.18298427096555403);
  for (const auto& c : r->comparisons) {
    CHECK(c.diff == 0);
    CHECK(c.ties == 50);
    CHECK(c.p_sign == 1);
    CHECK(c.p_randomization == 1);
    CHECK(c.ci_low == 0);
    CHECK(c.ci_high == 0);
    CHECK(std::isnan(c.p_ttest));
  }
}

TEST_CASE("compare: the same seed gives the same interval and p; another seed another interval") {
  const std::string q = test_support::parity_text("set1.qrels"), a = test_support::parity_text("set1.run");
  std::string b;  // every third document gets a new score: a different ranking
  std::istringstream lines(a);
  int i = 0;
  for (std::string qid, q0, doc, rank, score, tag; lines >> qid >> q0 >> doc >> rank >> score >> tag; ++i)
    b += qid + " Q0 " + doc + " " + rank + " " + (i % 3 ? score : std::to_string(i % 7)) + " b\n";
  auto one = compare_runs(q, {a, b}, with({{"trials", "2000"}, {"seed", "7"}, {"measures", "P.5,10,20"}}));
  auto two = compare_runs(q, {a, b}, with({{"trials", "2000"}, {"seed", "7"}, {"measures", "P.5,10,20"}}));
  auto other = compare_runs(q, {a, b}, with({{"trials", "2000"}, {"seed", "8"}, {"measures", "P.5,10,20"}}));
  REQUIRE(one.ok());
  REQUIRE(other.ok());
  bool some_differ = false;
  for (std::size_t k = 0; k < one->comparisons.size(); ++k) {
    CHECK(one->comparisons[k].ci_low == two->comparisons[k].ci_low);
    CHECK(one->comparisons[k].ci_high == two->comparisons[k].ci_high);
    CHECK(one->comparisons[k].p_randomization == two->comparisons[k].p_randomization);
    some_differ |= one->comparisons[k].ci_low != other->comparisons[k].ci_low;
  }
  CHECK(some_differ);
}

TEST_CASE("compare's errors: too few runs, a bad run named by its place, a missing query, a bad option") {
  auto one = compare_runs(qrels, {run_a}, defaults());
  REQUIRE_FALSE(one.ok());
  CHECK(one.err().message == "compare needs two runs or more, got 1");
  auto bad = compare_runs(qrels, {run_a, "q1 Q0 d1 1 NaN b\n"}, defaults());
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.err().source == "run");
  CHECK(bad.err().index == 2);
  CHECK(bad.err().line == 1);
  auto missing = compare_runs(qrels, {"q1 Q0 d1 1 3 b\n", run_b}, with({{"names", "base"}, {"names", "new"}}));
  REQUIRE_FALSE(missing.ok());  // the first run has q1 only
  CHECK(missing.err().code == ndcg::error_code::missing_query);
  CHECK(missing.err().message.find("(run \"base\")") != std::string::npos);
  auto complete = compare_runs(qrels, {run_a, "q1 Q0 d1 1 3 b\n"}, with({{"complete", "true"}, {"measures", "recip_rank"}}));
  REQUIRE(complete.ok());
  CHECK(complete->comparisons[0].mean_b == doctest::Approx(0.25));
  auto trials = ndcg::settings_from({{"trials", "0"}}, ndcg::command::compare);
  REQUIRE_FALSE(trials.ok());
  CHECK(trials.err().code == ndcg::error_code::out_of_range);
  CHECK(trials.err().key == "trials");
  CHECK_FALSE(ndcg::settings_from({{"trails", "5"}}, ndcg::command::compare).ok());
  CHECK(ndcg::settings_from({{"allPairs", "true"}, {"-m", "map"}, {"--per-query", "1"}}, ndcg::command::compare)->batch.all_pairs);
}

TEST_CASE("compare's JSON carries every field the contract names, from the one field list") {
  auto s = with({{"measures", "recip_rank"}, {"format", "json"}, {"all_pairs", "true"}});
  auto r = compare_runs(qrels, {run_a, run_b, run_c}, s);
  REQUIRE(r.ok());
  const std::string json = ndcg::render_compare(*r, s);
  for (const char* field : {"\"mean_a\":", "\"mean_b\":", "\"diff\":", "\"ci95\":[", "\"effect_size\":", "\"wins\":2",
                            "\"losses\":", "\"ties\":", "\"p_ttest\":", "\"p_wilcoxon\":", "\"p_sign\":",
                            "\"p_randomization\":", "\"p_holm\":", "\"run_a\":\"run1\"", "\"measure\":\"recip_rank\""})
    CHECK_MESSAGE(json.find(field) != std::string::npos, field);
  auto csv_settings = with({{"measures", "recip_rank"}, {"format", "csv"}});
  auto two = compare_runs(qrels, {run_a, run_b}, csv_settings);
  const std::string csv = ndcg::render_compare(*two, csv_settings);
  CHECK(csv.rfind("measure,run_a,run_b,queries,mean_a,mean_b,diff,ci95_low,ci95_high,interval,effect_size,wins,losses,"
                  "ties,p_ttest,p_wilcoxon,p_sign,p_randomization,wilcoxon,randomization\nrecip_rank,run1,run2,4,0.625,",
                  0) == 0);
}

// n queries; run A finds d1 at rank 1 on every third query and rank 2 elsewhere, run B the reverse.
std::vector<std::string> few_query_texts(int n) {
  std::string q, a, b;
  for (int i = 0; i < n; ++i) {
    const std::string id = "q" + std::to_string(i);
    q += id + " 0 d1 1\n";
    const bool first = i % 3 == 0;
    a += id + " Q0 d1 1 " + (first ? "3" : "1") + " a\n" + id + " Q0 x 2 2 a\n";
    b += id + " Q0 d1 1 " + (first ? "1" : "3") + " b\n" + id + " Q0 x 2 2 b\n";
  }
  return {q, a, b};
}

TEST_CASE("compare: below 10 queries the bootstrap interval is withheld, in the result and every format") {
  for (int n : {2, 3, 9, 10, 11}) {
    CAPTURE(n);
    const auto t = few_query_texts(n);
    auto s = with({{"measures", "recip_rank"}});
    auto r = compare_runs(t[0], {t[1], t[2]}, s);
    REQUIRE(r.ok());
    const ndcg::comparison& c = r->comparisons[0];
    CHECK(c.queries == static_cast<std::size_t>(n));
    CHECK(c.interval_withheld == (n < 10));
    CHECK(std::isnan(c.ci_low) == (n < 10));
    if (n >= 10) CHECK((c.ci_low <= c.diff && c.diff <= c.ci_high));
    const std::string text = ndcg::render_compare(*r, s);
    CHECK((text.find("  withheld  ") != std::string::npos) == (n < 10));
    CHECK((text.find("95% CI withheld below 10 queries") != std::string::npos) == (n < 10));
    auto js = with({{"measures", "recip_rank"}, {"format", "json"}});
    const std::string json = ndcg::render_compare(*compare_runs(t[0], {t[1], t[2]}, js), js);
    CHECK(json.find(n < 10 ? "\"ci95\":[null,null],\"interval\":\"withheld\"" : "\"interval\":\"bootstrap\"") != std::string::npos);
  }
}

TEST_CASE("compare's Markdown, LaTeX and CSV with per_query: each query's values and B - A, worked out by hand") {
  // recip_rank per query (see the runs above): A = 1, 1/2, 1, 0; B = 1, 1, 1/3, 1; B - A = 0, 1/2, -2/3, 1.
  auto as = [](const char* format) {
    return with({{"measures", "recip_rank"}, {"format", format}, {"per_query", "true"}, {"tie_range", "false"},
                 {"names", "A"}, {"names", "B"}});
  };
  auto r = compare_runs(qrels, {run_a, run_b}, as("markdown"));
  REQUIRE(r.ok());
  const std::string md = ndcg::render_compare(*r, as("markdown"));
  CHECK(md.find("| recip\\_rank | A | B | B - A |\n|---|---:|---:|---:|\n"
                "| q1 | 1.0000 | 1.0000 | 0.0000 |\n| q2 | 0.5000 | 1.0000 | +0.5000 |\n"
                "| q3 | 1.0000 | 0.3333 | -0.6667 |\n| q4 | 0.0000 | 1.0000 | +1.0000 |\n") != std::string::npos);
  // Without per_query the report is the comparisons' table alone, as before.
  auto plain = with({{"measures", "recip_rank"}, {"format", "markdown"}, {"tie_range", "false"}});
  CHECK(ndcg::render_compare(*r, plain).find("| q1 |") == std::string::npos);
  const std::string tex = ndcg::render_compare(*r, as("latex"));
  CHECK(tex.find("\\begin{tabular}{lrrr}\n\\hline\nrecip\\_rank & A & B & B - A \\\\\n\\hline\n"
                 "q1 & 1.0000 & 1.0000 & 0.0000 \\\\\nq2 & 0.5000 & 1.0000 & +0.5000 \\\\\n") != std::string::npos);
  // A CSV is one table: the comparisons unless --table names another.
  const std::string csv = ndcg::render_compare(*r, as("csv"));
  CHECK(csv.rfind("measure,run_a,run_b,", 0) == 0);
  CHECK(csv.find("\n\n") == std::string::npos);
  CHECK(csv.find("measure,qid") == std::string::npos);
  auto table = [&](const char* name, const char* per_query) {
    auto s = with({{"measures", "recip_rank"}, {"format", "csv"}, {"names", "A"}, {"names", "B"},
                   {"tie_range", "false"}, {"per_query", per_query}, {"table", name}});
    return ndcg::render_compare(*r, s);
  };
  const std::string values =
      "measure,qid,A,B,B - A\nrecip_rank,q1,1,1,0\nrecip_rank,q2,0.5,1,0.5\n"
      "recip_rank,q3,1,0.3333333333333333,-0.6666666666666667\nrecip_rank,q4,0,1,1\n";
  CHECK(table("per_query", "true") == values);
  // Asked by name, the table needs no -q.
  CHECK(table("per_query", "false") == values);
  // No tie ranges asked for: the table's header alone.
  CHECK(table("tie_ranges", "true") == "measure,run,queries_changed,mean_min,mean_max\n");
  auto tied = with({{"measures", "recip_rank"}, {"format", "csv"}, {"per_query", "true"}});
  auto t = compare_runs(qrels, {run_a, run_b}, tied);
  REQUIRE(t.ok());
  auto tied_table = with({{"measures", "recip_rank"}, {"format", "csv"}, {"table", "tie_ranges"}});
  CHECK(ndcg::render_compare(*t, tied_table) ==
        "measure,run,queries_changed,mean_min,mean_max\nrecip_rank,run1,0,0.625,0.625\nrecip_rank,run2,0,0.8333333333333334,0.8333333333333334\n");
  auto tied_values = with({{"measures", "recip_rank"}, {"format", "csv"}, {"table", "per_query"}});
  CHECK(ndcg::render_compare(*t, tied_values).rfind("measure,qid,run1,run1:worst,run1:best,run2,run2:worst,run2:best,run2 - run1\n", 0) == 0);
}

TEST_CASE("ndcg compare: files, formats, help and exit codes") {
  const std::string dir = std::string(NDCG_TEST_DATA) + "/trec-parity/";
  outcome ok = run({"compare", "-m", "ndcg_cut.10", dir + "set1.qrels", dir + "set1.run", dir + "set1.run"});
  CHECK(ok.code == 0);
  CHECK(ok.out.find("ndcg_cut_10") != std::string::npos);
  CHECK(ok.out.find("0.1830  0.1830") != std::string::npos);
  outcome md = run({"compare", "--format", "markdown", dir + "set1.qrels", dir + "set1.run", dir + "set1.run"});
  CHECK(md.out.find("| measure | A | B | mean A |") != std::string::npos);
  outcome latex = run({"compare", "--format=latex", dir + "set1.qrels", dir + "set1.run", dir + "set1.run"});
  CHECK(latex.out.find("\\begin{tabular}") != std::string::npos);
  // A CSV is one table; without --table, stderr names the others.
  outcome csv = run({"compare", "--format", "csv", dir + "set1.qrels", dir + "set1.run", dir + "set1.run"});
  CHECK(csv.out.find("\n\n") == std::string::npos);
  CHECK(csv.err.find("the CSV is the comparisons table; --table tie_ranges or --table per_query") != std::string::npos);
  outcome ties = run({"compare", "--format", "csv", "--table", "tie_ranges", dir + "set1.qrels", dir + "set1.run", dir + "set1.run"});
  CHECK(ties.out.rfind("measure,run,queries_changed,mean_min,mean_max\n", 0) == 0);
  CHECK(ties.err.find("--table") == std::string::npos);
  outcome bad_table = run({"compare", "--table", "all", dir + "set1.qrels", dir + "set1.run", dir + "set1.run"});
  CHECK(bad_table.code == 2);
  CHECK(bad_table.err.find("table takes one of comparisons, tie_ranges, per_query") != std::string::npos);
  outcome two = run({"compare", dir + "set1.qrels", dir + "set1.run"});
  CHECK(two.code == 2);
  CHECK(two.err == "ndcg compare: expected QRELS and two runs or more, got 2 files (see `ndcg compare --help`)\n");
  outcome bad = run({"compare", "--trials", "x", dir + "set1.qrels", dir + "set1.run", dir + "set1.run"});
  CHECK(bad.code == 2);
  CHECK(bad.err.find("trials takes a whole number") != std::string::npos);
  outcome help = run({"compare", "--help"});
  CHECK(help.code == 0);
  for (const char* text : {"--trials N", "--seed N", "--all-pairs", "-m, --measures", "two-sided", "zero differences are dropped",
                           "(1 + hits) / (1 + trials)", "n <= 13"})
    CHECK_MESSAGE(help.out.find(text) != std::string::npos, text);
}

}  // namespace compare_test
