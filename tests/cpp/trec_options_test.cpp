// trec_eval's options with their trec_eval meaning, on cases small enough
// to work out by hand (-M, -J, -N, -n, -Z, -R, -T, -c and the default for
// queries missing from the run), trec_eval's measures that those cases
// reach, the JSON and CSV renderings against the text, the regrouping of an
// interleaved run, sharded evaluation merged against the one-shot result,
// and the XGBoost presets on a query with no relevant document.
#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/trec.hpp"
#include "support.hpp"
#include "trec_support.hpp"

namespace trec_options_test {

namespace {

std::string cli(std::vector<std::string> args, int want = 0) {
  std::istringstream in;
  std::ostringstream out, err;
  args.insert(args.begin(), "trec");
  CHECK(ndcg::run_cli(args, in, out, err) == want);
  return want == 0 ? out.str() : err.str();
}

std::string spit(const std::string& name, const std::string& text) {
  const std::string path = std::string(NDCG_TEST_DATA) + "/../../build/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace

TEST_CASE("trec -M keeps the top N documents by score, ties broken as the ranking breaks them") {
  // a and b tie at 2: b ranks above a (docid descending), so -M 2 keeps c and b.
  const std::string qrels = "q 0 a 1\nq 0 b 0\nq 0 c 1\n";
  const std::string run = "q Q0 a 1 2 t\nq Q0 b 2 2 t\nq Q0 c 3 3 t\n";
  auto opt = measures({"num_ret", "num_rel_ret", "map", "set_P", "P.5"});
  // All three: c (rel) b a (rel): AP = (1/1 + 2/3) / 2 = 0.833333
  auto all = evaluate_ok(qrels, run, opt);
  CHECK(value(all, "q", "map") == doctest::Approx((1 + 2.0 / 3) / 2));
  opt.max_docs = 2;
  auto two = evaluate_ok(qrels, run, opt);
  CHECK(value(two, "q", "num_ret") == 2);
  CHECK(value(two, "q", "num_rel_ret") == 1);
  CHECK(value(two, "q", "map") == 0.5);    // (1/1) / 2: a is cut
  CHECK(value(two, "q", "set_P") == 0.5);  // 1 of 2 kept
  CHECK(value(two, "q", "P_5") == 0.2);    // P still divides by 5
}

TEST_CASE("trec -J drops the unjudged (no qrels line, or a negative one) before every measure") {
  const std::string qrels = "q 0 a 1\nq 0 c 0\nq 0 d -1\n";
  // Ranked x (not in the qrels), d (judged -1), a, c.
  const std::string run = "q Q0 x 1 4 t\nq Q0 d 2 3 t\nq Q0 a 3 2 t\nq Q0 c 4 1 t\n";
  auto opt = measures({"num_ret", "P.1", "recip_rank", "relstring", "unj.5"});
  auto plain = evaluate_ok(qrels, run, opt);
  CHECK(value(plain, "q", "num_ret") == 4);
  CHECK(value(plain, "q", "P_1") == 0);
  CHECK(value(plain, "q", "recip_rank") == 1.0 / 3);
  CHECK(value(plain, "q", "unj_5") == 2.0 / 5);  // x and d
  CHECK(plain.text(0, 3) == "-.10");            // relstring: not in the pool, unjudged, 1, 0
  opt.judged_only = true;
  auto judged = evaluate_ok(qrels, run, opt);
  CHECK(value(judged, "q", "num_ret") == 2);
  CHECK(value(judged, "q", "P_1") == 1);
  CHECK(value(judged, "q", "recip_rank") == 1);
  CHECK(value(judged, "q", "unj_5") == 0);
  CHECK(judged.text(0, 3) == "10");
}

TEST_CASE("trec -J with nothing judged ranked: iprec_at_recall and 11pt_avg divide 0 by 0, as trec_eval's -nan") {
  auto opt = measures({"num_ret", "iprec_at_recall.0,0.5", "11pt_avg", "map"});
  opt.judged_only = true;
  // Two relevant judged, none ranked: lround(0.5 * 2) = 1 > 0 found gives 0; level 0 is 0 / 0.
  auto r = evaluate_ok("q 0 a 1\nq 0 b 1\n", "q Q0 x 1 1 t\n", opt);
  CHECK(value(r, "q", "num_ret") == 0);
  CHECK(ndcg::is_trec_nan(value(r, "q", "iprec_at_recall_0.00")));
  CHECK(value(r, "q", "iprec_at_recall_0.50") == 0);
  CHECK(ndcg::is_trec_nan(value(r, "q", "11pt_avg")));
  CHECK(value(r, "q", "map") == 0);
  const std::string text = ndcg::format_trec(r, true);
  CHECK(text.find("iprec_at_recall_0.00  \tq\t  -nan\n") != std::string::npos);
  CHECK(text.find("iprec_at_recall_0.00  \tall\t  -nan\n") != std::string::npos);  // the mean too
}

TEST_CASE("trec -N gives utility's fourth coefficient the non-relevant documents not retrieved") {
  // ret 3, rel 1, rel_ret 1: utility.1,-1,0,0 = 1 - 2 = -1; the fourth term is
  // N + rel_ret - ret - rel = 100 + 1 - 3 - 1 = 97.
  const std::string qrels = "q 0 a 1\n", run = "q Q0 a 1 3 t\nq Q0 b 2 2 t\nq Q0 c 3 1 t\n";
  auto opt = measures({"utility"});
  opt.docs_in_collection = 100;
  CHECK(value(evaluate_ok(qrels, run, opt), "q", "utility") == -1);
  opt.measures = {"utility", "utility.0,0,0,1"};  // the parameters replace the defaults, as in trec_eval
  auto r = evaluate_ok(qrels, run, opt);
  CHECK(r.names == std::vector<std::string>{"utility_0,0,0,1"});
  CHECK(value(r, "q", "utility_0,0,0,1") == 97);
  CHECK(cli({"-q", "-N", "100", "-m", "utility.0,0,0,1", spit("u.qrels", qrels), spit("u.run", run)}) ==
        "utility_0,0,0,1       \tq\t97.0000\n"
        "utility_0,0,0,1       \tall\t97.0000\n");
}

TEST_CASE("trec -n prints the queries only; -T takes trec_results only") {
  const std::string qrels = spit("n.qrels", "q 0 a 1\n"), run = spit("n.run", "q Q0 a 1 1 t\n");
  CHECK(cli({"-q", "-n", "-m", "P.1", qrels, run}) == "P_1                   \tq\t1.0000\n");
  CHECK(cli({"-T", "trec_results", "-m", "P.1", qrels, run}) == "P_1                   \tall\t1.0000\n");
  CHECK(cli({"-T", "trec_xml", "-m", "P.1", qrels, run}, 2).find("trec_xml") != std::string::npos);
}

TEST_CASE("trec -Z prints z-scores against a mean file, -1000000 where it has none") {
  const std::string qrels = "q1 0 a 1\nq1 0 b 1\nq2 0 c 1\n";
  const std::string run = "q1 Q0 a 1 2 t\nq1 Q0 x 2 1 t\nq2 Q0 c 1 1 t\n";
  auto opt = measures({"map", "P.1", "recip_rank"});
  // q1: map 0.5, P_1 1, recip_rank 1; q2: map 1, P_1 1, recip_rank 1.
  opt.zscores = "q1 map 0.25 0.125\nq1 P_1 1 0\nq2 map 0.5 0.25\nq2 P_1 0 0\n";
  auto r = evaluate_ok(qrels, run, opt);
  CHECK(value(r, "q1", "Zmap") == 2);             // (0.5 - 0.25) / 0.125
  CHECK(value(r, "q1", "ZP_1") == 0);             // stddev 0, the value the mean
  CHECK(value(r, "q1", "Zrecip_rank") == -1000000);  // no line for it
  CHECK(value(r, "q2", "Zmap") == 2);             // (1 - 0.5) / 0.25
  CHECK(value(r, "q2", "ZP_1") == -1000000);      // stddev 0, another value
  CHECK(value(r, "all", "Zmap") == 2);
  opt.zscores = "q1 map 0.25 x\n";
  auto bad = ndcg::evaluate_trec(qrels, run, opt);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.err().source == "zscores");
  CHECK(bad.err().line == 1);
}

TEST_CASE("trec -Z prints as trec_eval 10.0: Z before each name padded to 22, counts as z-scores, relstring and runid as they are") {
  const std::string qrels = spit("z.qrels", "q1 0 a 1\nq1 0 b 1\n");
  const std::string run = spit("z.run", "q1 Q0 a 1 2 t\nq1 Q0 x 2 1 t\n");
  // num_ret 2 against 5 +- 1.5: -2; num_rel 2 against 2 +- 0: 0; P_1 1 against 0.5 +- 0.25: 2.
  const std::string z = spit("z.means", "q1 num_ret 5 1.5\nq1 num_rel 2 0\nq1 P_1 0.5 0.25\n");
  CHECK(cli({"-q", "-Z", z, "-m", "num_q", "-m", "runid", "-m", "num_ret", "-m", "num_rel", "-m", "relstring.2", "-m",
             "P.1", qrels, run}) ==
        "Znum_ret               \tq1\t-2.0000\n"
        "Znum_rel               \tq1\t0.0000\n"
        "ZP_1                   \tq1\t2.0000\n"
        "relstring_2           \tq1\t'1-'\n"
        "runid                 \tall\tt\n"
        "Znum_q                 \tall\t1.0000\n"
        "Znum_ret               \tall\t-2.0000\n"
        "Znum_rel               \tall\t0.0000\n"
        "ZP_1                   \tall\t2.0000\n");
}

TEST_CASE("trec -R prefs counts trec_eval's documented preferences") {
  const std::string run = "q Q0 d1 1 9 t\n";
  auto opt = measures({"prefs_num_prefs_poss", "prefs_num_prefs_ful"});
  opt.judgments = ndcg::judgment_format::prefs;
  SUBCASE("one subgroup ranking six documents: 13 preferences") {
    const std::string prefs = "q u s d1 3\nq u s d2 2\nq u s d3 0\nq u s d4 6\nq u s d5 0\nq u s d6 2\n";
    auto r = evaluate_ok(prefs, run, opt);
    CHECK(value(r, "q", "prefs_num_prefs_poss") == 13);
    // d1 retrieved: fulfilled over the unretrieved below it (d2 d3 d5 d6): 4.
    CHECK(value(r, "q", "prefs_num_prefs_ful") == 4);
  }
  SUBCASE("partial preferences in two subgroups: 1>2 1>3 2>3 4>1 4>2, the repeated 1>2 once") {
    const std::string prefs = "q u s1 d1 3\nq u s1 d2 2\nq u s1 d3 1\nq u s2 d1 2\nq u s2 d2 1\nq u s2 d4 3\n";
    CHECK(value(evaluate_ok(prefs, run, opt), "q", "prefs_num_prefs_poss") == 5 + 1);  // and 4>3, by transitivity
  }
  SUBCASE("transitive within a group: 1>2 1>3 2>3 2>4 1>4") {
    const std::string prefs = "q u s1 d1 3\nq u s1 d2 2\nq u s1 d3 1\nq u s2 d2 5\nq u s2 d4 4\n";
    CHECK(value(evaluate_ok(prefs, run, opt), "q", "prefs_num_prefs_poss") == 5);
  }
  SUBCASE("an inconsistent group is an error naming it, not trec_eval's abort") {
    auto r = ndcg::evaluate_trec("q u s1 d1 2\nq u s1 d2 1\nq u s2 d2 2\nq u s2 d1 1\n", run, opt);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().message.find("inconsistent preferences in group \"u\"") == 0);
  }
  SUBCASE("measures of one format refuse the others' judgments") {
    auto r = ndcg::evaluate_trec("q u s d1 1\n", run, measures({"map"}));
    REQUIRE_FALSE(r.ok());  // the prefs line has five fields, not qrels' four
    trec_options wrong = measures({"map"});
    wrong.judgments = ndcg::judgment_format::prefs;
    auto m = ndcg::evaluate_trec("q u s d1 1\n", run, wrong);
    REQUIRE_FALSE(m.ok());
    CHECK(m.err().message == "measure \"map\" reads qrels (-R qrels, the default), but the judgments are -R prefs");
  }
}

TEST_CASE("trec -R qrels_jg averages over judgment groups") {
  // Group 1 judges a and b relevant, group 2 only b. Ranked a, b, x.
  const std::string qrels = "q 1 a 1\nq 1 b 1\nq 2 a 0\nq 2 b 1\n";
  const std::string run = "q Q0 a 1 3 t\nq Q0 b 2 2 t\nq Q0 x 3 1 t\n";
  auto opt = measures({"map_avgjg", "P_avgjg.1,2"});
  opt.judgments = ndcg::judgment_format::qrels_jg;
  auto r = evaluate_ok(qrels, run, opt);
  // AP: group 1 (1 + 1) / 2 = 1; group 2 (1/2) / 1 = 0.5; mean 0.75.
  CHECK(value(r, "q", "map_avgjg") == 0.75);
  CHECK(value(r, "q", "P_avgjg_1") == 0.5);  // (1 + 0) / 2
  CHECK(value(r, "q", "P_avgjg_2") == 0.75);  // (1 + 0.5) / 2
}

TEST_CASE("trec -c scores a query missing from the run as trec_eval does: 0, num_rel kept, relstring empty") {
  const std::string qrels = "q1 0 a 1\nq2 0 b 1\nq2 0 c 0\n", run = "q1 Q0 a 1 1 t\n";
  auto opt = measures({"num_ret", "num_rel", "utility", "relstring", "P.5", "set_P", "unj.5", "rbp_resid", "11pt_avg"});
  opt.complete = true;
  auto r = evaluate_ok(qrels, run, opt);
  CHECK(r.qids == std::vector<std::string>{"q1", "q2"});
  CHECK(value(r, "q2", "num_ret") == 0);
  CHECK(value(r, "q2", "num_rel") == 1);
  CHECK(value(r, "q2", "utility") == 0);    // not -1: trec_eval sets it back to 0
  CHECK(value(r, "q2", "unj_5") == 0);
  CHECK(value(r, "q2", "rbp_resid") == 0);
  CHECK(value(r, "q2", "11pt_avg") == 0);   // one unjudged document ranked: 0, not 0 / 0
  CHECK(r.text(1, 3).empty());
  CHECK(value(r, "all", "P_5") == 0.1);     // (0.2 + 0) / 2
}

TEST_CASE("trec: a run sharing no query with the qrels is a clear error (trec_eval 10.0 crashes)") {
  auto r = ndcg::evaluate_trec("q1 0 a 1\n", "q2 Q0 a 1 1 t\n", measures({"map"}));
  REQUIRE_FALSE(r.ok());
  CHECK(r.err().code == ndcg::error_code::no_common_query);
  CHECK(r.err().source == "run");
  trec_options shard = measures({"map"});
  shard.shard = true;  // a shard may hold none of the qrels' queries
  auto s = evaluate_ok("q1 0 a 1\n", "q2 Q0 a 1 1 t\n", shard);
  CHECK(s.qids.empty());
}

TEST_CASE("trec: a cutoff with decimals is read as trec_eval reads it, and said") {
  auto r = evaluate_ok("q 0 a 1\n", "q Q0 a 1 1 t\n", measures({"ndcg_cut.23.4"}));
  CHECK(r.names == std::vector<std::string>{"ndcg_cut_23"});
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0] == "ndcg_cut.23.4: cutoff 23.4 read as 23, as trec_eval reads it");
}

TEST_CASE("trec --k sets the cutoff of cutoff measures named without one") {
  trec_options opt = measures({"ndcg_cut", "P", "map"});
  opt.conv.k = 3;
  CHECK(evaluate_ok("q 0 a 1\n", "q Q0 a 1 1 t\n", opt).names == std::vector<std::string>{"map", "P_3", "ndcg_cut_3"});
}

TEST_CASE("trec: an interleaved run is regrouped against the judgments already read") {
  const std::string qrels = "q1 0 a 1\nq1 0 b 2\nq2 0 c 1\n";
  const std::string grouped = "q1 Q0 a 1 2 t\nq1 Q0 b 2 1 t\nq2 Q0 c 1 1 t\nq2 Q0 d 2 0 last\n";
  const std::string interleaved = "q1 Q0 a 1 2 t\nq2 Q0 c 1 1 t\nq1 Q0 b 2 1 t\nq2 Q0 d 2 0 last\n";
  auto opt = measures({"official", "ndcg", "relstring"});
  const std::string want = ndcg::format_trec(evaluate_ok(qrels, grouped, opt), true, 17);
  CHECK(ndcg::format_trec(evaluate_ok(qrels, interleaved, opt), true, 17) == want);
  auto stream = ndcg::trec_stream::open(qrels, opt);
  REQUIRE(stream.ok());
  auto fed = stream->feed(interleaved, true);
  REQUIRE_FALSE(fed.ok());
  CHECK(fed.err().code == ndcg::error_code::ungrouped_run);
  stream->regroup();
  REQUIRE(stream->feed(interleaved.substr(0, 28), false).ok());  // in pieces of whole lines too
  REQUIRE(stream->feed(interleaved.substr(28), true).ok());
  auto r = stream->finish();
  REQUIRE(r.ok());
  CHECK(ndcg::format_trec(*r, true, 17) == want);
  // A docid repeated across the interleaved parts is still an error.
  auto twice = ndcg::evaluate_trec(qrels, interleaved + "q1 Q0 a 9 0 t\n", opt);
  REQUIRE_FALSE(twice.ok());
  CHECK(twice.err().code == ndcg::error_code::duplicate_id);
  CHECK(twice.err().line == 5);
}

TEST_CASE("trec --format json and csv carry the text's values exactly") {
  const std::string qrels = test_support::parity_text("set1.qrels"), run = test_support::parity_text("set1.run");
  auto r = evaluate_ok(qrels, run, measures({"all_trec"}));
  ndcg::trec_output o;
  o.per_query = true;
  o.digits = 17;
  const std::string text = ndcg::render_trec(r, o);
  o.format = ndcg::report_format::json;
  const std::string json = ndcg::render_trec(r, o);
  o.format = ndcg::report_format::csv;
  const std::string csv = ndcg::render_trec(r, o);
  // Every text line's value is in the JSON under its query and measure, and in the CSV row.
  std::map<std::string, std::string> csv_rows;
  std::vector<std::string> header;
  {
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    std::istringstream h(line);
    for (std::string cell; std::getline(h, cell, ',');) header.push_back(cell);
    while (std::getline(in, line)) csv_rows[line.substr(0, line.find(','))] = line;
  }
  CHECK(header.front() == "query");
  std::istringstream lines(text);
  std::size_t checked = 0;
  for (std::string line; std::getline(lines, line);) {
    const std::size_t a = line.find('\t'), b = line.find('\t', a + 1);
    std::string name = line.substr(0, a);
    name.erase(name.find_last_not_of(' ') + 1);
    const std::string qid = line.substr(a + 1, b - a - 1), value = line.substr(b + 1);
    const std::size_t at = json.find("\"" + qid + "\": {");
    REQUIRE(at != std::string::npos);
    const std::size_t end = json.find('}', at);
    const std::size_t key = json.find("\"" + name + "\": ", at);
    REQUIRE_MESSAGE((key != std::string::npos && key < end), name << " of " << qid);
    const std::size_t v = key + name.size() + 4;
    const std::string got = json.substr(v, json.find_first_of(",}", v) - v);
    if (name == "relstring") CHECK(got == "\"" + value.substr(1, value.size() - 2) + "\"");
    else if (name == "runid") CHECK(got == "\"" + value + "\"");
    else CHECK_MESSAGE(std::strtod(got.c_str(), nullptr) == std::strtod(value.c_str(), nullptr), name << " " << qid);
    ++checked;
  }
  CHECK(checked == 4899);
  CHECK(csv_rows.size() == 51);  // 50 queries and "all"
  CHECK(csv_rows.at("all").find(",run-A.v2,") != std::string::npos);
}

TEST_CASE("trec: a run split by query, each part against the whole qrels, merges into the one-shot result") {
  const std::string qrels = test_support::parity_text("set1.qrels"), run = test_support::parity_text("set1.run");
  for (const char* set : {"all_trec", "official"}) {
    CAPTURE(set);
    const auto opt = measures({set, "judged.5,10", "err_cut.10", "yaap", "dcg", "ideal_dcg", "num_nonjudged_ret"});
    const std::string one = ndcg::format_trec(evaluate_ok(qrels, run, opt), true, 17);
    // Three shards by line count, a query's lines kept together.
    std::vector<std::string> parts(3);
    std::istringstream in(run);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l + "\n");
    std::string last_qid;
    std::size_t part = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string qid = lines[i].substr(0, lines[i].find(' '));
      if (qid != last_qid && i > (part + 1) * lines.size() / 3 && part < 2) ++part;
      parts[part] += lines[i];
      last_qid = qid;
    }
    std::vector<std::string> outputs;
    for (const std::string& p : parts) outputs.push_back(ndcg::format_trec(evaluate_ok(qrels, p, opt), true, 17));
    auto merged = ndcg::merge_trec(std::vector<std::string_view>(outputs.begin(), outputs.end()));
    REQUIRE_MESSAGE(merged.ok(), (merged.ok() ? "" : merged.err().message));
    CHECK(ndcg::format_trec(*merged, true, 17) == one);
  }
}

TEST_CASE("the xgboost presets on a query with no relevant document: ndcg@k gives 1, ndcg@k- gives 0") {
  // q1: a (grade 2) at rank 1, b (0): NDCG@10 = 1 under any convention.
  // q2: only c, grade 0: IDCG = 0.
  const std::string qrels = "q1 0 a 2\nq1 0 b 0\nq2 0 c 0\n";
  const std::string run = "q1 Q0 a 1 2 t\nq1 Q0 b 2 1 t\nq2 Q0 c 1 1 t\n";
  auto opt = measures({"ndcg_cut.10"});
  opt.conv = *ndcg::preset("xgboost");
  auto plus = evaluate_ok(qrels, run, opt);
  CHECK(value(plus, "q2", "ndcg_cut_10") == 1);
  CHECK(value(plus, "all", "ndcg_cut_10") == 1);    // (1 + 1) / 2
  opt.conv = *ndcg::preset("xgboost-");
  auto minus = evaluate_ok(qrels, run, opt);
  CHECK(value(minus, "q2", "ndcg_cut_10") == 0);
  CHECK(value(minus, "all", "ndcg_cut_10") == 0.5);  // (1 + 0) / 2
  // --zero-idcg says the same without a preset.
  opt.conv = ndcg::trec_eval_conventions();
  opt.conv.zero_idcg = ndcg::zero_policy::one;
  CHECK(value(evaluate_ok(qrels, run, opt), "q2", "ndcg_cut_10") == 1);
  // And one ranking through explain: grades 0 0 under each.
  auto e1 = ndcg::explain(test_support::graded({0, 0}), *ndcg::preset("xgboost"));
  auto e0 = ndcg::explain(test_support::graded({0, 0}), *ndcg::preset("xgboost-"));
  REQUIRE(e1.ok());
  REQUIRE(e0.ok());
  CHECK(e1->ndcg == 1);
  CHECK(e0->ndcg == 0);
}

TEST_CASE("trec: fields after a run line's tag are ignored, as trec_eval ignores them") {
  const std::string qrels = "q 0 a 1\nq 0 b 0\nr 0 c 2\n";
  const std::string plain = "q Q0 a 2 1.5 tag\nq Q0 b 1 2.5 tag\nr Q0 c 1 1 last\n";
  const std::string wide = "q Q0 a 2 1.5 tag 17 extra\nq Q0 b 1 2.5 tag\tmore\nr Q0 c 1 1 last x y z\n";
  const trec_options opt = measures({"all_trec"});
  const trec_result a = evaluate_ok(qrels, plain, opt), b = evaluate_ok(qrels, wide, opt);
  CHECK(ndcg::format_trec(a, true, 17) == ndcg::format_trec(b, true, 17));
  CHECK(b.run_id == "last");
  CHECK(value(b, "q", "map") == 0.5);  // a, the relevant one, ranks second
  CHECK(cli({"-q", "-m", "map", spit("wide.qrels", qrels), spit("wide.run", wide)}) ==
        cli({"-q", "-m", "map", spit("plain.qrels", qrels), spit("plain.run", plain)}));
}

// rbp scales gains by the range over every level 0 .. the largest grade
// (m_rbp.c); that range is found without visiting two billion levels.
TEST_CASE("trec rbp: gains scaled by the range of every level, a huge grade included") {
  const std::string run = "q Q0 a 1 3 t\nq Q0 b 2 2 t\nq Q0 c 3 1 t\n";
  SUBCASE("a grade of 2e9 (the largest a 32-bit long holds, as in the wasm module, is 2^31 - 1): the top level is the scale") {
    auto r = evaluate_ok("q 0 a 3\nq 0 b 1\nq 0 c 2000000000\n", run, measures({"rbp"}));
    // (1 - 0.9) * (3 / 2e9 + 0.9 * 1 / 2e9 + 0.81 * 1)
    CHECK(value(r, "q", "rbp") == doctest::Approx(0.1 * (3 / 2e9 + 0.9 / 2e9 + 0.81)).epsilon(1e-14));
  }
  SUBCASE("levels the parameters override leave the next ones below as the largest") {
    // Levels 0..5; 5 and 4 overridden to 0.5 and 2: the largest default gain is level 3's.
    auto r = evaluate_ok("q 0 a 5\nq 0 b 3\nq 0 c 1\n", run, measures({"rbp.5=0.5,4=2"}));
    const double low = 0, high = 3;  // levels 0..3 as themselves, 2 and 0.5 from the parameters
    const double want = 0.1 * ((0.5 - low) / (high - low) + 0.9 * (3 - low) / (high - low) + 0.81 * (1 - low) / (high - low));
    CHECK(value(r, "q", "rbp_5=0.5,4=2") == doctest::Approx(want).epsilon(1e-14));
  }
}

// G's cost runs on past the ideal list one per rank: at once when it is a
// whole number, rank by rank when a gain left a fraction in it.
TEST_CASE("trec G: the ideal's cost past its end, whole and fractional") {
  const std::string qrels = "q 0 a 1\n", run = "q Q0 x 1 3 t\nq Q0 y 2 2 t\nq Q0 a 3 1 t\n";
  // Ideal [1]: cost at rank 3 = 1 + 1 + 1 = 3, gain ranked 1: 1 / log2(2 + 3 - 1) = 0.5, over the ideal's 1.
  CHECK(value(evaluate_ok(qrels, run, measures({"G"})), "q", "G") == 0.5);
  // Ideal [1.5]: cost 1.5 + 1 + 1 = 3.5, ranked 1.5: 1.5 / log2(2 + 3.5 - 1.5) = 0.75, over 1.5.
  CHECK(value(evaluate_ok(qrels, run, measures({"G.1=1.5"})), "q", "G_1=1.5") == 0.5);
}

// Scaled from a negative low, a judged document of gain 0 adds to rbp
// (unjudged ones never do): every rank is read, not only those with a gain.
TEST_CASE("trec rbp: a gain below 0 makes the judged zeros count") {
  const std::string qrels = "q 0 a 1\nq 0 b 0\n", run = "q Q0 a 1 3 t\nq Q0 b 2 2 t\nq Q0 x 3 1 t\n";
  // Gains: level 0 -> 0, level 1 -> -1: low -1, high 0; a scales to 0, b to 1 (weight 0.9), x unjudged.
  const trec_result r = evaluate_ok(qrels, run, measures({"rbp.1=-1"}));
  CHECK(value(r, "q", "rbp_1=-1") == doctest::Approx(0.1 * 0.9).epsilon(1e-15));
}

}  // namespace trec_options_test
