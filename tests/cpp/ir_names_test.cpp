// ir_measures' names held to the trec_eval measures they mean, on the
// parity set: each name's -q lines are trec_eval 10.0's lines of its
// measure (under -l2 for rel=2, -J for judged_only=True) with the name as
// given in place of trec_eval's. set1.set_F_0.5_q.txt is trec_eval's
// `-q -m set_F.0.5`; set1.ndcg_cut_10_grade2_gain3_q.txt its
// `-q -m ndcg_cut.10` on set1.qrels with every grade 2 made 3 (what
// ir_measures does to the qrels for gains={0:0,1:1,2:3}).
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "ndcg/trec.hpp"
#include "support.hpp"

namespace ir_names_test {

namespace {

// The lines of `measure` in trec_eval's output, named `given` instead.
std::string lines_of(const std::string& output, const std::string& measure, const std::string& given) {
  std::istringstream in(output);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    const std::string name = line.substr(0, line.find_first_of(" \t"));
    if (name != measure) continue;
    const std::string rest = line.substr(line.find('\t'));
    std::string padded = given;
    if (padded.size() < 22) padded.resize(22, ' ');
    out += padded + rest + "\n";
  }
  return out;
}

ndcg::trec_result evaluate(const std::vector<std::string>& measures, const std::string& subtopics = {}) {
  ndcg::trec_options opt;
  opt.measures = measures;
  auto r = ndcg::evaluate_trec(test_support::parity_text("set1.qrels"), test_support::parity_text("set1.run"), opt,
                               subtopics);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.err().message));
  return *r;
}

struct named_case {
  const char* given;
  const char* measure;  // as trec_eval prints it
  const char* file;     // trec_eval's -q output holding it
};

const named_case cases[] = {
    {"nDCG@10", "ndcg_cut_10", "set1.all_trec_q.txt"},
    {"nDCG", "ndcg", "set1.all_trec_q.txt"},
    {"P@5", "P_5", "set1.all_trec_q.txt"},
    {"P(rel=2)@5", "P_5", "set1.all_trec_q_l2.txt"},
    {"R@1000", "recall_1000", "set1.all_trec_q.txt"},
    {"AP", "map", "set1.all_trec_q.txt"},
    {"AP@100", "map_cut_100", "set1.all_trec_q.txt"},
    {"RR", "recip_rank", "set1.all_trec_q.txt"},
    {"RR(rel=2)", "recip_rank", "set1.all_trec_q_l2.txt"},
    {"Rprec(rel=2)", "Rprec", "set1.all_trec_q_l2.txt"},
    {"Bpref", "bpref", "set1.all_trec_q.txt"},
    {"infAP", "infAP", "set1.all_trec_q.txt"},
    {"Success@1", "success_1", "set1.all_trec_q.txt"},
    {"IPrec@0.5", "iprec_at_recall_0.50", "set1.all_trec_q.txt"},
    {"NumRet", "num_ret", "set1.all_trec_q.txt"},
    {"NumRet(rel=1)", "num_rel_ret", "set1.all_trec_q.txt"},
    {"NumRel", "num_rel", "set1.all_trec_q.txt"},
    {"NumQ", "num_q", "set1.all_trec_q.txt"},
    {"SetP", "set_P", "set1.all_trec_q.txt"},
    {"SetP(relative=True)", "set_relative_P", "set1.all_trec_q.txt"},
    {"SetR", "set_recall", "set1.all_trec_q.txt"},
    {"SetF", "set_F", "set1.all_trec_q.txt"},
    {"SetF(beta=0.5)", "set_F_0.5", "set1.set_F_0.5_q.txt"},
    {"nDCG(gains={0:0,1:1,2:3})@10", "ndcg_cut_10", "set1.ndcg_cut_10_grade2_gain3_q.txt"},
    {"nDCG(judged_only=True)@10", "ndcg_cut_10", "set1.all_trec_q_J.txt"},
    {"AP(judged_only=True)", "map", "set1.all_trec_q_J.txt"},
};

}  // namespace

TEST_CASE("ir_measures' names give trec_eval's lines of the measures they mean, named as given") {
  for (const named_case& c : cases) {
    CAPTURE(c.given);
    const std::string want = lines_of(test_support::parity_text(c.file), c.measure, c.given);
    REQUIRE(!want.empty());
    CHECK(ndcg::format_trec(evaluate({c.given}), true) == want);
  }
}

TEST_CASE("ir_measures' names of our own measures: Judged@10, ERR@20, alpha_nDCG@20 are judged.10, err_cut.20 and alpha_ndcg_cut.20") {
  const auto r = evaluate({"Judged@10", "judged.10", "ERR@20", "err_cut.20"});
  REQUIRE(r.names == std::vector<std::string>{"err_cut_20", "judged_10", "Judged@10", "ERR@20"});
  CHECK(r.mean[2] == r.mean[1]);
  CHECK(r.mean[3] == r.mean[0]);
  for (const auto& row : r.values) CHECK((row[2] == row[1] && row[3] == row[0]));
  const std::string subtopics = "111 1 FR940203-1-00009 1\n111 2 FR940203-1-00009 1\n111 1 FT921-7107 1\n";
  const auto alpha = evaluate({"alpha_nDCG@20", "alpha_ndcg_cut.20"}, subtopics);
  REQUIRE(alpha.names == std::vector<std::string>{"alpha_ndcg_cut_20", "alpha_nDCG@20"});
  CHECK(alpha.mean[1] == alpha.mean[0]);
}

TEST_CASE("names of several conventions in one call: each column as when named alone, in one result") {
  const std::vector<std::string> names{"P@5", "P(rel=2)@5", "nDCG(judged_only=True)@10", "map", "RR(rel=2)"};
  const auto together = evaluate(names);
  REQUIRE(together.names == std::vector<std::string>{"map", "P@5", "P(rel=2)@5", "RR(rel=2)", "nDCG(judged_only=True)@10"});
  for (std::size_t m = 0; m < together.names.size(); ++m) {
    const auto alone = evaluate({together.names[m]});
    CAPTURE(together.names[m]);
    REQUIRE(alone.qids == together.qids);
    CHECK(alone.mean[0] == together.mean[m]);
    for (std::size_t q = 0; q < alone.qids.size(); ++q) CHECK(alone.values[q][0] == together.values[q][m]);
  }
}

TEST_CASE("parameters trec_eval has no counterpart for are refused, named") {
  ndcg::trec_options opt;
  const struct {
    const char* name;
    const char* message;
  } refused[] = {
      {"nDCG(dcg='exp-log2')@10", "parameter dcg='exp-log2' in \"nDCG(dcg='exp-log2')@10\" has no trec_eval counterpart (trec_eval's ndcg is dcg='log2')"},
      {"alpha_nDCG(alpha=0.3)@20", "parameter \"alpha\" of alpha_nDCG has no trec_eval counterpart here (alpha_nDCG takes none)"},
      {"Bpref(judged_only=True)", "parameter \"judged_only\" of Bpref has no trec_eval counterpart here (Bpref takes rel)"},
      {"RR@10", "expected no @cutoff (trec_eval's measure has none) in \"RR@10\", got \"RR@10\""},
      {"P", nullptr},  // trec_eval's P: its cutoffs
      {"P(rel=2)", "expected a cutoff after @ in \"P(rel=2)\", got \"P(rel=2)\""},
      {"P@0", "expected a whole number of 1 or more after @ in \"P@0\", got \"0\""},
      {"IPrec@2", "expected a recall level from 0 to 1 after @ in \"IPrec@2\", got \"2\""},
      {"SetF(beta=x)", "expected beta= a number in \"SetF(beta=x)\", got \"x\""},
      {"AP(rel=-1)", "expected rel= a whole number of 0 or more in \"AP(rel=-1)\", got \"-1\""},
      {"nDCG(gains=1)@10", "expected gains={grade:gain, ...} in \"nDCG(gains=1)@10\", got \"1\""},
      {"nDCG(gains={1})@10", "expected gains as grade:gain, as in gains={0:0,1:1,2:3}, in \"nDCG(gains={1})@10\", got \"1\""},
      {"AP(judged_only=maybe)", "expected True or False in \"AP(judged_only=maybe)\", got \"maybe\""},
      {"P(rel=2@5", "expected NAME(param=value, ...)@cutoff in \"P(rel=2@5\", got \"P(rel=2@5\""},
  };
  for (const auto& c : refused) {
    CAPTURE(c.name);
    opt.measures = {c.name};
    auto r = ndcg::evaluate_trec(test_support::parity_text("set1.qrels"), test_support::parity_text("set1.run"), opt);
    if (!c.message) {
      CHECK(r.ok());
      continue;
    }
    REQUIRE(!r.ok());
    CHECK(r.err().code == ndcg::error_code::bad_measure);
    CHECK(r.err().message == c.message);
  }
}

TEST_CASE("ir_measures' names merge and take a tie range as the measures they mean") {
  const auto whole = evaluate({"nDCG@10", "NumRet", "P(rel=2)@5"});
  const std::string part = ndcg::format_trec(whole, true, 17);
  auto merged = ndcg::merge_trec(std::vector<std::string_view>{part});
  REQUIRE(merged.ok());
  for (std::size_t m = 0; m < whole.names.size(); ++m) {
    const auto at = std::find(merged->names.begin(), merged->names.end(), whole.names[m]);
    REQUIRE(at != merged->names.end());
    CHECK(merged->mean[static_cast<std::size_t>(at - merged->names.begin())] == whole.mean[m]);
  }
  CHECK(ndcg::tie_range_applies("nDCG@10"));
}

}  // namespace ir_names_test
