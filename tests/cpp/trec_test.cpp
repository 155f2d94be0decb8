// Batch evaluation (trec.hpp): parity with trec_eval 10.0 on set1, small
// cases worked out by hand, and the exact error messages.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ndcg/trec.hpp"
#include "support.hpp"
#include "trec_support.hpp"

namespace trec_test {

using ndcg::evaluate_trec;
using ndcg::format_trec;

namespace {

using test_support::lines_of;

// "measure<TAB>qid<TAB>value" lines as (measure, qid) -> value.
std::map<std::pair<std::string, std::string>, double> values_of(const std::string& text) {
  std::map<std::pair<std::string, std::string>, double> out;
  for (const std::string& l : lines_of(text)) {
    std::size_t a = l.find('\t'), b = l.find('\t', a + 1);
    std::string name = l.substr(0, a);
    name.erase(name.find_last_not_of(' ') + 1);
    out[{name, l.substr(a + 1, b - a - 1)}] = std::strtod(l.c_str() + b + 1, nullptr);
  }
  return out;
}

// Compares per (measure, qid) first, so a failure names the query, then
// byte for byte; reports how many lines matched exactly.
void check_same_output(const std::string& got, const std::string& want, double tolerance) {
  auto got_values = values_of(got), want_values = values_of(want);
  std::string differ;
  for (const auto& [key, value] : want_values) {
    auto found = got_values.find(key);
    if (found == got_values.end()) differ += key.first + " " + key.second + " missing\n";
    else if (!(std::fabs(found->second - value) <= tolerance))
      differ += key.first + " " + key.second + ": got " + std::to_string(found->second) + ", want " +
                std::to_string(value) + "\n";
  }
  CHECK_MESSAGE(differ.empty(), differ);
  CHECK(got_values.size() == want_values.size());

  auto got_lines = lines_of(got), want_lines = lines_of(want);
  std::size_t same = 0;
  for (std::size_t i = 0; i < std::min(got_lines.size(), want_lines.size()); ++i)
    same += got_lines[i] == want_lines[i];
  INFO(same << " of " << want_lines.size() << " lines identical");
  CHECK(same == want_lines.size());
  CHECK(got == want);
}


}  // namespace

TEST_CASE("trec: set1 matches trec_eval 10.0 output byte for byte") {
  const std::string qrels = test_support::parity_text("set1.qrels"), run = test_support::parity_text("set1.run");

  SUBCASE("-q -m ndcg -m ndcg_cut.5,10,20 -m P.5,10 -m recall.10 -m map -m recip_rank") {
    auto r = evaluate_ok(qrels, run, measures({"ndcg", "ndcg_cut.5,10,20", "P.5,10", "recall.10", "map", "recip_rank"}));
    CHECK(r.num_q == 50);
    check_same_output(format_trec(r, true, 17), test_support::parity_text("set1.trec_eval_fullprec.txt"), 1e-12);
    check_same_output(format_trec(r, true, 4), test_support::parity_text("set1.trec_eval.txt"), 5e-5);
  }
  SUBCASE("-q -m ndcg.1=1,2=3,3=7,4=15") {
    auto r = evaluate_ok(qrels, run, measures({"ndcg.1=1,2=3,3=7,4=15"}));
    check_same_output(format_trec(r, true, 17), test_support::parity_text("set1.trec_eval_expgain_fullprec.txt"), 1e-12);
    check_same_output(format_trec(r, true, 4), test_support::parity_text("set1.trec_eval_expgain.txt"), 5e-5);
  }
}

TEST_CASE("trec: a hand-computed query with ties, an unjudged and a negatively judged document") {
  // Judged: a=2, b=0, c=1, d=-1 (judged negative: gain 0, never relevant),
  // e=3 (relevant, never retrieved). x is retrieved but unjudged.
  const std::string qrels = "q1 0 a 2\nq1 0 b 0\nq1 0 c 1\nq1 0 d -1\nq1 0 e 3\n";
  // The rank column says b a d x c; scores say d (2) first, then a, b, c
  // tied at 1 ("1.0", "1.0", "1e0"), ordered by docid descending: c b a.
  const std::string run =
      "q1 Q0 b 1 1.0 t\n"
      "q1 Q0 a 2 1.0 t\n"
      "q1 Q0 d 3 2.0 t\n"
      "q1 Q0 x 4 0.5 t\n"
      "q1 Q0 c 5 1e0 t\n";
  auto r = evaluate_ok(qrels, run, measures({"num_ret", "num_rel", "num_rel_ret", "map", "recip_rank",
                                             "P.2,5", "recall.2,5", "ndcg", "ndcg_cut.2"}));
  // Ranking d c b a x, grades -1 1 0 2 (none); relevant (>= 1) at ranks 2 and 4.
  CHECK(value(r, "q1", "num_ret") == 5);
  CHECK(value(r, "q1", "num_rel") == 3);      // a, c, e
  CHECK(value(r, "q1", "num_rel_ret") == 2);  // c, a
  CHECK(value(r, "q1", "map") == doctest::Approx((1.0 / 2 + 2.0 / 4) / 3));  // over all 3 relevant
  CHECK(value(r, "q1", "recip_rank") == 0.5);
  CHECK(value(r, "q1", "P_2") == 0.5);
  CHECK(value(r, "q1", "P_5") == 0.4);
  CHECK(value(r, "q1", "recall_2") == doctest::Approx(1.0 / 3));
  CHECK(value(r, "q1", "recall_5") == doctest::Approx(2.0 / 3));
  // DCG  = 1/log2(3) + 2/log2(5)          = 0.630930 + 0.861353 = 1.492283
  // IDCG = 3/log2(2) + 2/log2(3) + 1/log2(4) = 3 + 1.261860 + 0.5  = 4.761860 (e, a, c)
  const double dcg = 1 / std::log2(3.0) + 2 / std::log2(5.0);
  const double idcg = 3 + 2 / std::log2(3.0) + 1 / std::log2(4.0);
  CHECK(value(r, "q1", "ndcg") == doctest::Approx(dcg / idcg));  // 0.313380
  // @2: DCG = 1/log2(3) = 0.630930; IDCG = 3 + 2/log2(3) = 4.261860
  CHECK(value(r, "q1", "ndcg_cut_2") == doctest::Approx((1 / std::log2(3.0)) / (3 + 2 / std::log2(3.0))));
}

TEST_CASE("trec: equal scores are ordered by docid descending in byte order") {
  const std::string qrels = "q 0 b 1\n";
  auto opt = measures({"recip_rank"});
  // a and b tie: b > a, so b ranks first whatever the file order or rank column.
  CHECK(value(evaluate_ok(qrels, "q Q0 a 1 5 t\nq Q0 b 2 5 t\n", opt), "q", "recip_rank") == 1.0);
  // Renamed "B" < "a" in byte order: the same ranking now puts it second.
  CHECK(value(evaluate_ok("q 0 B 1\n", "q Q0 a 1 5 t\nq Q0 B 2 5 t\n", opt), "q", "recip_rank") == 0.5);
  // "0", "-0.0" and "0e0" are one double: z y x, so x is third.
  CHECK(value(evaluate_ok("q 0 x 1\n", "q Q0 x 1 0 t\nq Q0 y 2 -0.0 t\nq Q0 z 3 0e0 t\n", opt), "q",
              "recip_rank") == doctest::Approx(1.0 / 3));
}

TEST_CASE("trec: a run written in rank order ranks as its lines shuffled do") {
  // Scores descend in the file, in groups of equal scores whose docids
  // share their first eight bytes and come in ascending order (trec_eval
  // ranks each group descending); the same lines shuffled take the sort.
  std::string qrels, written;
  std::vector<std::string> lines;
  for (int i = 0; i < 40; ++i) {
    const std::string docid = "msmarco_doc-" + std::to_string(100 + i);
    if (i % 3 != 1) qrels += "q 0 " + docid + " " + std::to_string(i % 4) + "\n";
    lines.push_back("q Q0 " + docid + " " + std::to_string(i + 1) + " " + std::to_string(10 - i / 6) + " t\n");
  }
  for (const std::string& l : lines) written += l;
  std::string shuffled;
  for (std::size_t i = 0; i < lines.size(); ++i) shuffled += lines[(i * 17) % lines.size()];
  // The group of score 9 (lines 7 to 12) crosses the cutoff at 10.
  for (const auto& m : std::vector<std::vector<std::string>>{{"ndcg", "map", "bpref", "recip_rank", "P.5"}, {"ndcg_cut.10", "P.10"}}) {
    const auto a = evaluate_ok(qrels, written, measures(m)), b = evaluate_ok(qrels, shuffled, measures(m));
    CHECK(format_trec(a, true, 17) == format_trec(b, true, 17));
  }
  // Descending docids among equal scores: 105 ranks before 100, so the first relevant (grade >= 1, i % 4 != 0, judged) is 105 at rank 1.
  CHECK(value(evaluate_ok(qrels, written, measures({"recip_rank"})), "q", "recip_rank") == 1.0);
}

TEST_CASE("trec: queries only in the qrels are left out (-c scores them 0, --strict refuses them), queries only in the run are ignored") {
  const std::string qrels = "q1 0 a 1\nq1 0 b 1\nq2 0 c 1\nq2 0 d 2\nq2 0 e 0\n";
  const std::string run = "q1 Q0 a 1 2 t\nq1 Q0 z 2 1 t\nq3 Q0 c 1 9 t\n";  // q3: run only
  auto opt = measures({"num_q", "num_ret", "num_rel", "num_rel_ret", "map", "P.1", "ndcg"});

  SUBCASE("by default, as trec_eval documents: left out, the means over the run's queries") {
    auto r = evaluate_ok(qrels, run, opt);
    CHECK(r.qids == std::vector<std::string>{"q1"});
    CHECK(value(r, "all", "num_q") == 1);
    CHECK(value(r, "all", "map") == 0.5);  // q1 alone: a at rank 1 of 2 relevant
  }
  SUBCASE("--strict: an error naming the query and its qrels line") {
    opt.strict = true;
    auto r = evaluate_trec(qrels, run, opt);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message ==
          "query \"q2\" is in the qrels (line 3) but not in the run; -c scores such queries 0");
    CHECK(r.err().line == 3);
    CHECK(r.err().column == 1);
    CHECK(r.err().source == "qrels");
  }
  SUBCASE("with -c: 0 on every measure but num_rel, and means over both qrels queries") {
    opt.complete = true;
    auto r = evaluate_ok(qrels, run, opt);
    CHECK(r.qids == std::vector<std::string>{"q1", "q2"});  // q3 is ignored
    CHECK(r.num_q == 2);
    CHECK(value(r, "q2", "num_ret") == 0);
    CHECK(value(r, "q2", "num_rel") == 2);  // as trec_eval -c: the judgments still count
    CHECK(value(r, "q2", "map") == 0);
    CHECK(value(r, "q2", "ndcg") == 0);
    // q1: a relevant at rank 1, b never retrieved: map = (1/1) / 2 = 0.5
    CHECK(value(r, "q1", "map") == 0.5);
    CHECK(value(r, "all", "map") == 0.25);  // (0.5 + 0) / 2
    CHECK(value(r, "all", "P_1") == 0.5);   // (1 + 0) / 2
    // Counts sum instead of averaging, as trec_eval prints them.
    CHECK(value(r, "all", "num_ret") == 2);
    CHECK(value(r, "all", "num_rel") == 4);
    CHECK(value(r, "all", "num_rel_ret") == 1);
    CHECK(value(r, "all", "num_q") == 2);
  }
}

TEST_CASE("trec: output lines are trec_eval's, num_q on the all line only") {
  const std::string qrels = "q1 0 a 1\nq1 0 b 1\n";
  const std::string run = "q1 Q0 a 1 2 t\nq1 Q0 z 2 1 t\n";
  auto r = evaluate_ok(qrels, run, measures({"num_q", "P.1", "num_ret", "map", "ndcg.1=2"}));
  CHECK(format_trec(r, true, 4) ==
        "num_ret               \tq1\t2\n"
        "map                   \tq1\t0.5000\n"
        "P_1                   \tq1\t1.0000\n"
        "ndcg_1=2              \tq1\t0.6131\n"
        "num_q                 \tall\t1\n"
        "num_ret               \tall\t2\n"
        "map                   \tall\t0.5000\n"
        "P_1                   \tall\t1.0000\n"
        "ndcg_1=2              \tall\t0.6131\n");
  CHECK(format_trec(r, false, 2) ==
        "num_q                 \tall\t1\n"
        "num_ret               \tall\t2\n"
        "map                   \tall\t0.50\n"
        "P_1                   \tall\t1.00\n"
        "ndcg_1=2              \tall\t0.61\n");
  // ndcg_1=2: DCG = 2/1 = 2, IDCG = 2 + 2/log2(3) = 3.261860, so 0.613147
  CHECK(value(r, "q1", "ndcg_1=2") == doctest::Approx(2 / (2 + 2 / std::log2(3.0))));
}

TEST_CASE("trec: -m arguments are merged, and no -m gives the default set") {
  const std::string qrels = "q 0 a 1\n";
  const std::string run = "q Q0 a 1 1 t\n";
  auto r = evaluate_ok(qrels, run, measures({"P.10", "ndcg", "P.5", "P.10,20", "ndcg"}));
  CHECK(r.names == std::vector<std::string>{"P_5", "P_10", "P_20", "ndcg"});
  auto d = evaluate_ok(qrels, run, trec_options{});
  // trec_eval 10.0's default ("official") set, in its print order.
  std::vector<std::string> official{"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
                                    "Rprec", "bpref", "recip_rank"};
  for (const char* level : {"0.00", "0.10", "0.20", "0.30", "0.40", "0.50", "0.60", "0.70", "0.80", "0.90", "1.00"})
    official.push_back(std::string("iprec_at_recall_") + level);
  for (int k : {5, 10, 15, 20, 30, 100, 200, 500, 1000}) official.push_back("P_" + std::to_string(k));
  CHECK(d.names == official);
  CHECK(evaluate_ok(qrels, run, measures({"official"})).names == official);
  auto spec = ndcg::parse_measure("ndcg_cut");
  REQUIRE(spec.ok());
  CHECK(spec->cutoffs == std::vector<std::uint64_t>{5, 10, 15, 20, 30, 100, 200, 500, 1000});
}

TEST_CASE("trec: a measure named with parameters replaces the defaults a nickname or a bare name brought in") {
  const std::string qrels = "q 0 a 1\n";
  const std::string run = "q Q0 a 1 1 t\n";
  // trec_eval 10.0's quicktest: -m all_trec -mrelstring.20 prints relstring_20 alone.
  auto all = evaluate_ok(qrels, run, measures({"all_trec", "relstring.20"}));
  CHECK(std::count(all.names.begin(), all.names.end(), "relstring_20") == 1);
  CHECK(std::count(all.names.begin(), all.names.end(), "relstring") == 0);
  CHECK(std::count(all.names.begin(), all.names.end(), "P_5") == 1);  // P kept its defaults
  CHECK(evaluate_ok(qrels, run, measures({"P", "P.3", "official"})).names ==
        evaluate_ok(qrels, run, measures({"official", "P.3"})).names);
  auto p = evaluate_ok(qrels, run, measures({"P", "P.3"}));
  CHECK(p.names == std::vector<std::string>{"P_3"});
  auto variants = evaluate_ok(qrels, run, measures({"ndcg", "ndcg.1=2", "ndcg.1=3"}));
  CHECK(variants.names == std::vector<std::string>{"ndcg_1=2", "ndcg_1=3"});
  auto fractions = evaluate_ok(qrels, run, measures({"iprec_at_recall", "iprec_at_recall.0.5"}));
  CHECK(fractions.names == std::vector<std::string>{"iprec_at_recall_0.50"});
  // --k is the cutoff of a bare name, a default like the others.
  auto opt = measures({"ndcg_cut", "P", "ndcg_cut.5"});
  opt.conv.k = 10;
  CHECK(evaluate_ok(qrels, run, opt).names == std::vector<std::string>{"P_10", "ndcg_cut_5"});
}

TEST_CASE("trec: --gain exp and per-level gains change only the ndcg gains") {
  // Ranked a (2), b (0); judged positives a=2, c=1.
  const std::string qrels = "q 0 a 2\nq 0 b 0\nq 0 c 1\n";
  const std::string run = "q Q0 a 1 2 t\nq Q0 b 2 1 t\n";
  auto opt = measures({"ndcg", "P.1"});
  opt.conv.gain = ndcg::gain_kind::exponential;
  auto r = evaluate_ok(qrels, run, opt);
  // 2^rel - 1: DCG = 3/1 = 3; IDCG = 3 + 1/log2(3) = 3.630930; NDCG = 0.826231
  const double exp_ndcg = 3 / (3 + 1 / std::log2(3.0));
  CHECK(value(r, "q", "ndcg") == doctest::Approx(exp_ndcg));
  opt.measures = {"ndcg.1=1,2=3"};  // the same gains, spelled out
  CHECK(value(evaluate_ok(qrels, run, opt), "q", "ndcg_1=1,2=3") == doctest::Approx(exp_ndcg));
  CHECK(value(r, "q", "P_1") == 1.0);
  // Linear (trec_eval): DCG = 2; IDCG = 2 + 1/log2(3) = 2.630930; NDCG = 0.760180
  CHECK(value(evaluate_ok(qrels, run, measures({"ndcg"})), "q", "ndcg") ==
        doctest::Approx(2 / (2 + 1 / std::log2(3.0))));
}

TEST_CASE("trec: a preset changes gains and what IDCG = 0 gives") {
  // q1 ranks b (0) over a (2); q2 has no relevant document at all.
  const std::string qrels = "q1 0 a 2\nq1 0 b 0\nq2 0 c 0\n";
  const std::string run = "q1 Q0 b 1 2 t\nq1 Q0 a 2 1 t\nq2 Q0 c 1 1 t\n";
  auto opt = measures({"P.1", "ndcg"});
  SUBCASE("gdeval: 2^rel - 1 gains, queries without relevant documents get no NDCG") {
    opt.conv = *ndcg::preset("gdeval");
    auto r = evaluate_ok(qrels, run, opt);
    // q1: DCG = 3/log2(3) = 1.892789, IDCG = 3/1: NDCG = 1/log2(3) = 0.630930
    CHECK(value(r, "q1", "ndcg") == doctest::Approx(1 / std::log2(3.0)));
    CHECK(std::isnan(value(r, "q2", "ndcg")));
    CHECK(value(r, "all", "ndcg") == doctest::Approx(1 / std::log2(3.0)));  // over q1 only
    CHECK(format_trec(r, true, 4) ==
          "P_1                   \tq1\t0.0000\n"
          "ndcg                  \tq1\t0.6309\n"
          "P_1                   \tq2\t0.0000\n"
          "P_1                   \tall\t0.0000\n"
          "ndcg                  \tall\t0.6309\n");
  }
  SUBCASE("lightgbm: NDCG is 1 when IDCG is 0") {
    opt.conv = *ndcg::preset("lightgbm");
    CHECK(value(evaluate_ok(qrels, run, opt), "q2", "ndcg") == 1.0);
  }
  SUBCASE("gdeval refuses grades above 4, at the qrels line") {
    opt.conv = *ndcg::preset("gdeval");
    auto r = evaluate_trec("q1 0 a 5\n", run, opt);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == "grade 5 is above 4, the largest grade this preset allows");
    CHECK(r.err().line == 1);
    CHECK(r.err().source == "qrels");
  }
  SUBCASE("gdeval names a refused grade's earliest line, the qrels grouped or coming back to a query") {
    opt.conv = *ndcg::preset("gdeval");
    // Coming back: grouped by query, q1's c (line 3) comes before q2's b (line 2).
    auto back = evaluate_trec("q1 0 a 1\nq2 0 b 5\nq1 0 c 5\n", run, opt);
    REQUIRE_FALSE(back.ok());
    CHECK(back.err().line == 2);
    auto grouped = evaluate_trec("q1 0 a 1\nq1 0 c 5\nq2 0 b 5\n", run, opt);
    REQUIRE_FALSE(grouped.ok());
    CHECK(grouped.err().line == 2);
  }
}

TEST_CASE("trec: err_cut on a tiny case") {
  // Ranked grades 2, 0, 1; g_max = 2 (largest in the qrels): R = (2^g - 1) / 4
  // gives 3/4, 0, 1/4.
  // ERR@1 = 3/4
  // ERR@3 = 3/4 + (1/2)(1/4)(0) + (1/3)(1/4)(1)(1/4) = 3/4 + 1/48 = 0.770833
  const std::string qrels = "q 0 a 2\nq 0 b 0\nq 0 c 1\n";
  const std::string run = "q Q0 a 1 3 t\nq Q0 b 2 2 t\nq Q0 c 3 1 t\n";
  auto r = evaluate_ok(qrels, run, measures({"err_cut.1,3"}));
  CHECK(value(r, "q", "err_cut_1") == 0.75);
  CHECK(value(r, "q", "err_cut_3") == doctest::Approx(0.75 + 1.0 / 48));
}

TEST_CASE("trec: alpha_ndcg_cut on tiny cases") {
  const std::string qrels = "q 0 a 1\nq 0 b 1\nq 0 c 1\n";
  SUBCASE("redundancy is discounted, ideal is greedy") {
    // a covers s1 s2, b covers s1, c covers s3; alpha = 0.5; ranked b a c.
    const std::string subtopics = "q s1 a 1\nq s2 a 1\nq s1 b 1\nq s3 c 1\nq s4 c 0\n";
    const std::string run = "q Q0 b 1 3 t\nq Q0 a 2 2 t\nq Q0 c 3 1 t\n";
    auto r = evaluate_ok(qrels, run, measures({"alpha_ndcg_cut.1,3"}), subtopics);
    // Gains: b 1; a 0.5 (s1 again) + 1 (s2) = 1.5; c 1.
    // alpha-DCG@3 = 1 + 1.5/log2(3) + 1/log2(4) = 2.446395
    // Ideal: a (2), then c (1) over b (0.5), then b (0.5):
    // alpha-IDCG@3 = 2 + 1/log2(3) + 0.5/log2(4) = 2.880930; @1 = 2
    CHECK(value(r, "q", "alpha_ndcg_cut_1") == 0.5);
    CHECK(value(r, "q", "alpha_ndcg_cut_3") ==
          doctest::Approx((1 + 1.5 / std::log2(3.0) + 0.5) / (2 + 1 / std::log2(3.0) + 0.25)));  // 0.849169
  }
  SUBCASE("greedy ties go to the larger docid, which a run can beat (as in ndeval)") {
    // u {s1,s2}, v {s3,s4}, w {s1,s3} all gain 2 at rank 1: w wins the tie;
    // then u and v both gain 1.5: v wins; then u 1.5.
    // alpha-IDCG@3 = 2 + 1.5/log2(3) + 1.5/2 = 3.696395
    // Run u v w: 2 + 2/log2(3) + (0.5 + 0.5)/2 = 3.761860, so alpha-nDCG@3 = 1.017712
    const std::string subtopics = "q s1 u 1\nq s2 u 1\nq s3 v 1\nq s4 v 1\nq s1 w 1\nq s3 w 1\n";
    const std::string run = "q Q0 u 1 3 t\nq Q0 v 2 2 t\nq Q0 w 3 1 t\n";
    auto r = evaluate_ok("q 0 u 1\n", run, measures({"alpha_ndcg_cut.3"}), subtopics);
    CHECK(value(r, "q", "alpha_ndcg_cut_3") ==
          doctest::Approx((2 + 2 / std::log2(3.0) + 0.5) / (2 + 1.5 / std::log2(3.0) + 0.75)));
  }
}

TEST_CASE("trec: errors say what was wrong, exactly") {
  const std::string qrels = "q 0 a 1\n";
  const std::string run = "q Q0 a 1 1 t\n";
  auto message = [&](std::vector<std::string> m, const std::string& sub = {}) {
    auto r = evaluate_trec(qrels, run, measures(std::move(m)), sub);
    return r.ok() ? std::string("(no error)") : r.err().message;
  };
  const std::string unknown = message({"map", "foo"});
  CHECK(unknown.rfind("unknown measure \"foo\" (known measures: runid, num_q, num_ret, num_rel, num_rel_ret, map,", 0) == 0);
  // Every measure, ours after trec_eval's, then the nicknames (a new measure joins the list
  // without a change here).
  const std::size_t ours = unknown.find(", unj, err_cut, alpha_ndcg_cut, judged, "), names = unknown.find(", official, set, ");
  CHECK(ours != std::string::npos);
  CHECK(names > ours);
  CHECK(unknown.substr(names) == ", official, set, all_trec, all_qrels, all_prefs, prefs, qrels_jg)");
  CHECK(message({"ndcg_cut.x"}) ==
        "bad cutoff \"x\" in \"ndcg_cut.x\": cutoffs are whole numbers of 1 or more, as in P.5,10");
  CHECK(message({"P.0"}) == "bad cutoff \"0\" in \"P.0\": cutoffs are whole numbers of 1 or more, as in P.5,10");
  CHECK(message({"P.5,5"}) == "cutoff 5 is given twice in \"P.5,5\"");
  CHECK(message({"P."}) == "nothing follows the dot in \"P.\": give parameters or drop the dot");
  CHECK(message({"map.5"}) == "measure \"map\" takes no parameters, got \"map.5\"");
  CHECK(message({"ndcg.1:3"}) ==
        "bad gain \"1:3\" in \"ndcg.1:3\": expected LEVEL=GAIN pairs with a whole-number level, as in ndcg.1=1,2=3");
  CHECK(message({"alpha_ndcg_cut.5"}) ==
        "alpha_ndcg_cut needs subtopic qrels (lines of \"qid subtopic docid judgment\"), and none were given");

  SUBCASE("a docid twice in one query of the run: the parser's message, marked as the run's") {
    auto r = evaluate_trec(qrels, "q Q0 a 1 1 t\nq Q0 b 2 1 t\nq Q0  a 3 0 t\n", measures({"map"}));
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == "expected each docid once per query, got \"a\" again in query \"q\" (first on line 1)");
    CHECK(r.err().line == 3);
    CHECK(r.err().column == 7);
    CHECK(r.err().source == "run");
  }
  SUBCASE("a bad qrels line keeps its place and is marked as the qrels'") {
    auto r = evaluate_trec("q 0 a 1\nq 0 b x\n", run, measures({"map"}));
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().line == 2);
    CHECK(r.err().column == 7);
    CHECK(r.err().source == "qrels");
  }
  SUBCASE("options") {
    trec_options opt;
    opt.conv.relevance_level = -1;
    auto r = evaluate_trec(qrels, run, opt);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == "the relevance level must be 0 or more, got -1");
    CHECK(r.err().source == "options");
    CHECK(r.err().key == "relevance_level");
  }
}

TEST_CASE("trec: of several errors in the run, the first in the file is said") {
  // Scores and docids are read with the rest of their query (on the second
  // thread for a judged one); a later bad line must not hide an earlier one.
  const std::string qrels = "q 0 a 1\nq 0 b 0\n";
  struct order_case {
    const char* name;
    std::string run;
    std::size_t line;
    const char* code;
  };
  const order_case cases[] = {
      {"a bad score, then a short line, in one judged query", "q Q0 a 1 2 t\nq Q0 b 2 x t\nq Q0 c 3 1\n", 2,
       "not-a-number"},
      {"a docid twice, then a short line", "q Q0 a 1 2 t\nq Q0 a 2 1 t\nq Q0 c 3 1\n", 2, "duplicate-id"},
      {"the same in a query only the run has", "r Q0 a 1 2 t\nr Q0 b 2 x t\nr Q0 c 3 1\nq Q0 a 1 1 t\n", 2,
       "not-a-number"},
      {"a bad score in a query already handed over, then a short line", "q Q0 a 1 x t\nr Q0 a 1 1 t\nr Q0 b 2\n", 1,
       "not-a-number"},
      {"a bad score, then the query again (ungrouped)", "q Q0 a 1 x t\nr Q0 a 1 1 t\nq Q0 b 2 1 t\n", 1,
       "not-a-number"},
      {"a short line, then a bad score", "q Q0 a 1 1\nq Q0 b 2 x t\n", 1, "field-count"},
  };
  for (const order_case& c : cases) {
    CAPTURE(c.name);
    const auto r = evaluate_trec(qrels, c.run, measures({"map"}));
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().line == c.line);
    CHECK(ndcg::name_of(r.err().code) == c.code);
    CHECK(r.err().source == "run");
  }
}

TEST_CASE("trec: errors carry their code, input, place and values") {
  struct trec_case {
    const char* name;
    std::string qrels, run, subtopics;
    std::vector<std::string> measures;
    const char* code;
    const char* source;
    const char* key;
    std::size_t line, column;
    const char* found;  // the "found" arg, "" when the code carries none
  };
  const std::string qrels = "q 0 a 1\n";
  const std::string run = "q Q0 a 1 1 t\n";
  const trec_case cases[] = {
      {"unknown measure", qrels, run, "", {"foo"}, "unknown-measure", "options", "measures", 0, 0, "foo"},
      {"bad cutoff", qrels, run, "", {"P.x"}, "bad-measure", "options", "measures", 0, 0, "x"},
      {"parameters where none go", qrels, run, "", {"map.5"}, "bad-measure", "options", "measures", 0, 0, "map.5"},
      {"no subtopics for alpha", qrels, run, "", {"alpha_ndcg_cut.5"}, "needs-subtopics", "subtopics", "", 0, 0, ""},
      {"empty qrels", "# none\n", run, "", {"map"}, "empty-input", "qrels", "", 0, 0, ""},
      {"a docid twice in the run", qrels, run + "q Q0 a 2 1 t\n", "", {"map"}, "duplicate-id", "run", "", 2, 6, "a"},
      {"a bad judgment", "q 0 a x\n", run, "", {"map"}, "not-a-number", "qrels", "", 1, 7, "x"},
      {"a run line too short", qrels, "q Q0 a 1 1\n", "", {"map"}, "field-count", "run", "", 1, 11, "5"},
      {"a query missing from the run", qrels + "r 0 b 1\n", run, "", {"map"}, "missing-query", "qrels", "", 2, 1, "r"},
      {"a negative subtopic judgment", qrels, run, "q 1 a -1\n", {"alpha_ndcg_cut.5"}, "out-of-range", "subtopics", "",
       1, 7, "-1"},
  };
  for (const trec_case& c : cases) {
    CAPTURE(c.name);
    trec_options opt;
    opt.measures = c.measures;
    opt.strict = true;  // a query missing from the run is an error only then
    const auto r = evaluate_trec(c.qrels, c.run, opt, c.subtopics);
    REQUIRE_FALSE(r.ok());
    const ndcg::error& e = r.err();
    CAPTURE(e.message);
    CHECK(ndcg::name_of(e.code) == c.code);
    CHECK(e.source == c.source);
    CHECK(e.key == c.key);
    CHECK(e.line == c.line);
    CHECK(e.column == c.column);
    if (*c.found) CHECK(test_support::arg(e, "found") == c.found);
    CHECK_MESSAGE(test_support::table_problem(e).empty(), test_support::table_problem(e));
  }
}

TEST_CASE("trec: the relevance level (-l) moves what counts as relevant") {
  const std::string qrels = "q 0 a 1\nq 0 b 2\n";
  const std::string run = "q Q0 a 1 2 t\nq Q0 b 2 1 t\n";
  auto opt = measures({"num_rel", "map", "recip_rank", "ndcg"});
  opt.conv.relevance_level = 2;
  auto r = evaluate_ok(qrels, run, opt);
  CHECK(value(r, "q", "num_rel") == 1);      // only b
  CHECK(value(r, "q", "map") == 0.5);        // b at rank 2: (1/2) / 1
  CHECK(value(r, "q", "recip_rank") == 0.5);
  // ndcg ignores -l, as in trec_eval: DCG = 1 + 2/log2(3), IDCG = 2 + 1/log2(3)
  CHECK(value(r, "q", "ndcg") == doctest::Approx((1 + 2 / std::log2(3.0)) / (2 + 1 / std::log2(3.0))));
}

TEST_CASE("trec: large qrels, read in two parts at once, are the judgments read in one") {
  // Qrels of a megabyte or more are read in two halves on two threads; the
  // halves must join into what one reading gives: the query the cut goes
  // through, a query that comes back later, line numbers past the cut
  // (with "\r\n" and lone "\r" line ends before it), and errors.
  const std::string qrels = test_support::parity_text("set1.qrels");
  const std::string run = test_support::parity_text("set1.run");
  // Queries the run does not have, each docid once (`tag` tells two fillers' docids apart).
  const auto filler_of = [](const std::string& tag) {
    std::string text;
    for (int i = 0; text.size() < 700000; ++i) text += "filler" + std::to_string(i % 997) + " 0 " + tag + std::to_string(i) + " 1\n";
    return text;
  };
  const std::string filler = filler_of("a"), filler_b = filler_of("b");
  const auto lines = [](const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); };
  // set1's lines in the middle, the cut among them; its first query's first line again at the end.
  const std::string first_line = qrels.substr(0, qrels.find('\n') + 1);
  const std::string rest = qrels.substr(first_line.size());
  const std::string big = filler + rest + filler_b + first_line;
  const std::size_t cut = big.find('\n', big.size() / 2);
  REQUIRE(big.size() >= (1u << 20));
  REQUIRE(cut > filler.size());
  REQUIRE(cut < filler.size() + rest.size());
  trec_options opt = measures({"all_trec"});
  const auto one = evaluate_trec(qrels, run, opt), two = evaluate_trec(big, run, opt);
  REQUIRE(one.ok());
  REQUIRE(two.ok());
  CHECK(format_trec(*two, true, 17) == format_trec(*one, true, 17));

  SUBCASE("grouped parts join without per-line queries; a query coming back in either part, or across them, regroups") {
    // Fillers whose queries come grouped (40 lines each), set1 between them.
    const auto grouped_of = [](const std::string& tag) {
      std::string text;
      for (int i = 0; text.size() < 700000; ++i) text += "g" + tag + std::to_string(i / 40) + " 0 d" + std::to_string(i) + " 1\n";
      return text;
    };
    const std::string ga = grouped_of("a"), gb = grouped_of("b");
    const std::string extra = qrels.substr(0, qrels.find(' ')) + " 0 extra-doc 1\n";  // set1's first query again
    const auto same = [&](const std::string& text, const std::string& alone) {
      REQUIRE(text.size() >= (1u << 20));
      const auto want = evaluate_trec(alone, run, opt), got = evaluate_trec(text, run, opt);
      REQUIRE(want.ok());
      REQUIRE(got.ok());
      CHECK(format_trec(*got, true, 17) == format_trec(*want, true, 17));
    };
    same(ga + qrels + gb, qrels);                            // both parts grouped
    same(ga + qrels + gb + extra, qrels + extra);            // back across the cut
    same(ga + "ga0 0 back 1\n" + qrels + gb, qrels);         // back in the first part
    same(ga + qrels + gb + "gb0 0 back 1\n", qrels);         // back in the second part
    same(ga + qrels + extra + gb, qrels + extra);            // back within set1's lines
  }
  SUBCASE("a bad grade past the cut names its own line, after \\r\\n and lone \\r line ends") {
    const std::string some = filler.substr(0, filler.find('\n', 200000) + 1);
    std::string crlf = some;
    for (std::size_t at = crlf.find('\n'); at != std::string::npos; at = crlf.find('\n', at + 2)) crlf.insert(at, "\r");
    std::string head = crlf + "q 0 lone 1\rq 0 crlf 1\r\n" + filler_b;
    const std::size_t head_lines = lines(some) + 2 + lines(filler_b);
    const std::string text = head + "q 0 bad x\n" + filler_of("c");
    REQUIRE(text.find('\n', text.size() / 2) < head.size());  // the bad line is in the second part
    const auto r = evaluate_trec(text, "q Q0 lone 1 1 t\n", opt);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().line == head_lines + 1);
    CHECK(r.err().column == 9);
  }
  SUBCASE("errors in both parts: the first part's is said") {
    const std::string text = "q 0 a x\n" + filler + filler_b + "q 0 b y\n";
    const auto r = evaluate_trec(text, "q Q0 a 1 1 t\n", opt);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().line == 1);
  }
  SUBCASE("a repeat past the cut names both its lines, counted again after \\r\\n and lone \\r line ends") {
    const std::string some = filler.substr(0, filler.find('\n', 200000) + 1);
    std::string crlf = some;
    for (std::size_t at = crlf.find('\n'); at != std::string::npos; at = crlf.find('\n', at + 2)) crlf.insert(at, "\r");
    const std::string head = crlf + "q 0 lone 1\rq 0 crlf 1\r\n" + filler_b;
    const std::string text = head + "q 0 lone 2\r\n" + filler_of("c");
    REQUIRE(text.find('\n', text.size() / 2) < head.size());  // the repeat is in the second part
    const auto r = evaluate_trec(text, "q Q0 lone 1 1 t\n", opt);
    REQUIRE_FALSE(r.ok());
    const std::size_t lone_line = lines(some) + 1;
    CHECK(r.err().message == "expected one judgment per docid, got \"lone\" again in query \"q\" (first on line " +
                                 std::to_string(lone_line) + ")");
    CHECK(r.err().line == lone_line + 2 + lines(filler_b));
    CHECK(r.err().column == 5);
  }
  SUBCASE("a docid judged in both parts is a repeat at its second line") {
    const std::string text = "q 0 a 1\n" + filler + filler_b + "q 0 a 0\n";
    const auto r = evaluate_trec(text, "q Q0 a 1 1 t\n", opt);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message == "expected one judgment per docid, got \"a\" again in query \"q\" (first on line 1)");
    CHECK(r.err().line == lines(filler) + lines(filler_b) + 2);
  }
}

TEST_CASE("trec: grades beyond a byte and beyond 32 bits are kept whole, read in one part or two, or built") {
  // trec_eval reads a grade as a long: its linear gain is the grade itself,
  // and a negative grade is judged but worth nothing.
#ifndef __EMSCRIPTEN__
  const long big = 4294967296L, negative = -3000000000L, half = 2147483648L;
#else  // long is 32 bits in the modules
  const long big = 400000, negative = -300000, half = 200000;
#endif
  const std::string qrels = "q 0 d1 " + std::to_string(big) + "\nq 0 d2 128\nq 0 d3 " + std::to_string(negative) +
                            "\nq 0 d4 " + std::to_string(half) + "\nq 0 d5 -129\n";
  const std::string run = "q Q0 d3 1 5 t\nq Q0 d2 2 4 t\nq Q0 d1 3 3 t\nq Q0 d4 4 2 t\nq Q0 d6 5 1 t\n";
  const double dcg = 128 / std::log2(3.0) + static_cast<double>(big) / 2 + static_cast<double>(half) / std::log2(5.0);
  const double ideal = static_cast<double>(big) + static_cast<double>(half) / std::log2(3.0) + 128.0 / 2;
  const auto check = [&](const ndcg::trec_result& r) {
    const auto at = [&](const char* name) {
      return static_cast<std::size_t>(std::find(r.names.begin(), r.names.end(), name) - r.names.begin());
    };
    REQUIRE(r.values.size() == 1);
    CHECK(r.values[0][at("ndcg")] == doctest::Approx(dcg / ideal).epsilon(1e-12));
    CHECK(r.values[0][at("num_rel")] == 3);
    CHECK(r.values[0][at("num_rel_ret")] == 3);
    CHECK(r.values[0][at("P_5")] == doctest::Approx(0.6));
  };
  trec_options opt = measures({"ndcg", "num_rel", "num_rel_ret", "P.5"});
  const auto once = evaluate_trec(qrels, run, opt);
  REQUIRE(once.ok());
  check(*once);
  SUBCASE("in a large qrels read in two parts, its query coming back after the cut") {
    std::string filler;
    for (int i = 0; filler.size() < 1200000; ++i) filler += "f" + std::to_string(i / 50) + " 0 d" + std::to_string(i) + " 1\n";
    const std::string text = qrels.substr(0, qrels.find('\n') + 1) + filler + qrels.substr(qrels.find('\n') + 1);
    const auto r = evaluate_trec(text, run, opt);
    REQUIRE(r.ok());
    check(*r);
  }
  SUBCASE("built one judgment at a time, its query coming back") {
    ndcg::judgments_builder built;
    built.add("q", "d1", big, 1, 5);
    built.add("other", "x", 1, 2, 9);
    built.add("q", "d2", 128, 3, 5);
    built.add("q", "d3", negative, 4, 5);
    built.add("q", "d4", half, 5, 5);
    built.add("q", "d5", -129, 6, 5);
    auto judged = built.finish();
    REQUIRE(judged.ok());
    auto stream = ndcg::trec_stream::open(*judged, opt);
    REQUIRE(stream.ok());
    REQUIRE(stream->feed(run, true).ok());
    const auto r = stream->finish();
    REQUIRE(r.ok());
    check(*r);
  }
}

}  // namespace trec_test
