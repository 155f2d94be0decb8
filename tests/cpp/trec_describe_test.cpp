// --help-measure: every family explains itself from its own file, and what
// the text says about -l holds on trec_eval's own outputs.
#include <doctest/doctest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "ndcg/trec.hpp"
#include "support.hpp"

namespace trec_describe_test {

namespace {

// trec_eval's "name<TAB>qid<TAB>value" lines, keyed by name and qid.
std::map<std::pair<std::string, std::string>, std::string> lines_of(const std::string& text) {
  std::map<std::pair<std::string, std::string>, std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::size_t a = line.find('\t'), b = line.find('\t', a + 1);
    if (b == std::string::npos) continue;
    std::string name = line.substr(0, a);
    name.erase(name.find_last_not_of(' ') + 1);
    out[{name, line.substr(a + 1, b - a - 1)}] = line.substr(b + 1);
  }
  return out;
}

int cli(std::vector<std::string> args, std::string& out, std::string& err) {
  std::istringstream in;
  std::ostringstream o, e;
  const int code = ndcg::run_cli(args, in, o, e);
  out = o.str();
  err = e.str();
  return code;
}

}  // namespace

TEST_CASE("every measure family has a description of its own, and ndcg measures lists them all") {
  std::string listed, err;
  REQUIRE(cli({"measures"}, listed, err) == 0);
  for (const ndcg::trec_measure_info& m : ndcg::trec_measures()) {
    CAPTURE(m.name);
    auto text = ndcg::describe_measure(m.name);
    REQUIRE(text.ok());
    const std::string first_line = std::string(m.name) + ": " + std::string(m.help) + "\n  ";
    CHECK(text->rfind(first_line, 0) == 0);
    const std::size_t about = text->find('\n', first_line.size()) - first_line.size();
    CHECK(about >= 15);   // words of its own, beyond the help line
    CHECK(about <= 300);  // kept tight: every text rides in the wasm module
    CHECK(text->find("\nParameters: ") != std::string::npos);
    CHECK(text->find("\nall line: ") != std::string::npos);
    CHECK(listed.find("  " + std::string(m.name)) != std::string::npos);
  }
  CHECK(ndcg::trec_measures().size() == 61);
}

TEST_CASE("--help-measure takes a family, its parameters or a printed name; another is -m's error") {
  std::string out, err;
  REQUIRE(cli({"trec", "--help-measure", "ndcg_cut"}, out, err) == 0);
  CHECK(out.find("ndcg_cut: ndcg at cutoffs\n  DCG of the top min(k, n) / IDCG of the top k") == 0);
  CHECK(out.find("Parameters: cutoffs K, a column each; default 5,10,15,20,30,100,200,500,1000\n") != std::string::npos);
  CHECK(out.find("Ties: by score, then docid, both descending; rank column unused\n") != std::string::npos);
  CHECK(out.find("-l LEVEL: unused: gains are grades\n") != std::string::npos);
  for (const char* same : {"ndcg_cut.10", "ndcg_cut_10"}) {
    std::string again;
    REQUIRE(cli({"trec", std::string("--help-measure=") + same}, again, err) == 0);
    CHECK(again == out);
  }
  REQUIRE(cli({"trec", "--help-measure", "P_5"}, out, err) == 0);
  CHECK(out.find("P: precision at cutoffs\n  Relevant in the top k / k, even when fewer are ranked.\n") == 0);
  CHECK(out.find("-l LEVEL: relevant means grade >= LEVEL (default 1)\n") != std::string::npos);
  REQUIRE(cli({"trec", "--help-measure", "gm_map"}, out, err) == 0);
  CHECK(out.find("all line: exp(mean(log(max(value, 0.00001)))), on it alone\n") != std::string::npos);
  CHECK(cli({"trec", "--help-measure", "nDCG"}, out, err) == 2);
  CHECK(err.find("ndcg trec: unknown measure \"nDCG\" (known measures: runid, ") == 0);
  CHECK(cli({"trec", "--help-measure"}, out, err) == 2);
  CHECK(err == "ndcg trec: --help-measure needs a measure's name (see `ndcg measures`)\n");
  CHECK(cli({"measures", "map"}, out, err) == 2);
  CHECK_FALSE(ndcg::describe_measure("map_x").ok());  // map has no parameters to print
  auto e = ndcg::describe_measure("ndcg_cutt");
  REQUIRE_FALSE(e.ok());
  CHECK(e.err().code == ndcg::error_code::unknown_measure);
}

TEST_CASE("what each text says of -l is what trec_eval does: -l 2 moves exactly the measures it says read the level") {
  // trec_eval 10.0's -m all_trec -q on the parity set, with -l 1 and -l 2.
  const auto l1 = lines_of(test_support::parity_text("set1.all_trec_q.txt"));
  const auto l2 = lines_of(test_support::parity_text("set1.all_trec_q_l2.txt"));
  std::map<std::string, bool> moved;
  for (const auto& [key, value] : l1) {
    auto other = l2.find(key);
    if (other != l2.end()) moved[key.first] = moved[key.first] || other->second != value;
  }
  REQUIRE(moved.size() >= 100);
  for (const auto& entry : moved) {
    const std::string& name = entry.first;
    CAPTURE(name);
    auto text = ndcg::describe_measure(name);
    REQUIRE(text.ok());
    CHECK(entry.second == (text->find("-l LEVEL: relevant means") != std::string::npos));
  }
}

}  // namespace trec_describe_test
