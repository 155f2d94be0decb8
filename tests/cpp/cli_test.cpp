// The ndcg command, run in-process: outputs, exit codes and messages.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#ifndef __EMSCRIPTEN__
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "cli.hpp"
#include "file_bytes.hpp"
#include "ndcg/commands.hpp"
#include "ndcg/trec.hpp"
#include "support.hpp"

namespace cli_test {

namespace {

using test_support::outcome;
using test_support::run_cli;
using test_support::scratch;

const std::string data = NDCG_TEST_DATA;

}  // namespace

TEST_CASE("explain prints the worked example's tables and NDCG@10 = 0.949") {
  outcome r = run_cli({"explain", "--k", "10", "3", "2", "0", "1", "0", "0", "2", "1", "0", "0"});
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  CHECK(r.out.find("DCG@10 = 7.000 + 1.893 + 0.000 + 0.431 + 0.000 + 0.000 + 1.000 + 0.315 + 0.000 + 0.000 = 10.639") != std::string::npos);
  CHECK(r.out.find("IDCG@10 = 7.000 + 1.893 + 1.500 + 0.431 + 0.387 = 11.210") != std::string::npos);
  CHECK(r.out.find("NDCG@10 = DCG@10 / IDCG@10 = 10.639 / 11.210 = 0.949") != std::string::npos);
}

TEST_CASE("explain reads grades from one argument, from stdin and from a file") {
  std::string json = run_cli({"explain", "--format", "json", "3,2,0,1,0,0,2,1,0,0"}).out;
  CHECK(json.find("\"ndcg\": 0.9490301792919195") != std::string::npos);
  CHECK(run_cli({"explain", "--format", "json"}, "3 2 0 1 0 0 2 1 0 0\n").out == json);
  CHECK(run_cli({"explain", "--format", "json", "-f", "-"}, "| 相关性 | 3 | 2 | 0 | 1 | 0 | 0 | 2 | 1 | 0 | 0 |").out.find("0.9490301792919195") != std::string::npos);
}

TEST_CASE("explain's JSON carries every step field and round-trip numbers") {
  outcome r = run_cli({"explain", "--format", "json", "--k", "2", "a 0.9 3\nb 0.5 0\nc 0.7 2"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("{\"position\":1,\"id\":\"a\",\"rel\":3,\"gain\":7,\"discount\":1,\"weight\":1,\"contribution\":7,\"cumulative\":7,\"judged\":true}") != std::string::npos);
  CHECK(r.out.find("{\"position\":2,\"id\":\"c\",\"rel\":2,\"gain\":3,\"discount\":1.584962500721156,\"weight\":1,\"contribution\":1.8927892607143724,\"cumulative\":8.892789260714373,\"judged\":true}") != std::string::npos);
  CHECK(r.out.find("\"ideal_steps\"") != std::string::npos);
}

TEST_CASE("explain's other formats: markdown, csv, latex and html") {
  outcome md = run_cli({"explain", "--format", "markdown", "3", "2"});
  CHECK(md.out.find("| i | rel_i | 2^rel-1 | log2(i+1) | term | running |") != std::string::npos);
  CHECK(md.out.find("| 1 | 3 | 7 | 1.000 | 7.000 | 7.000 |") != std::string::npos);
  outcome csv = run_cli({"explain", "--format", "csv", "3", "2"});
  CHECK(csv.out.rfind("list,position,id,rel,gain,discount,weight,contribution,cumulative\nranking,1,,3,7,1,1,7,7\n", 0) == 0);
  CHECK(run_cli({"explain", "--format", "latex", "3"}).out.find("\\begin{tabular}") != std::string::npos);
  // Formulas in math mode, words as text, and ids escaped: OT1 would print "<" and ">" as other glyphs.
  outcome tex = run_cli({"explain", "--format", "latex", "--log-base", "10"}, "a<b>_c 2\nx#y 1\n");
  CHECK(tex.out.find("$i$ & id & $\\mathit{rel}_i$ & $2^{\\mathit{rel}_i}-1$ & $\\log_{10}(i+1)$ & term & running \\\\\n") !=
        std::string::npos);
  CHECK(tex.out.find("1 & a\\textless{}b\\textgreater{}\\_c & 2 & 3 &") != std::string::npos);
  CHECK(tex.out.find("2 & x\\#y & 1 & 1 &") != std::string::npos);
  // HTML for a notebook: the headline first, ids escaped.
  outcome html = run_cli({"explain", "--format", "html", "--k", "1"}, "a<b>&c 2\nd 1\n");
  CHECK(html.out.rfind("<div class=\"ndcg-calc\">\n<p><strong>NDCG@1 = DCG@1 / IDCG@1 = 3.000 / 3.000 = 1.000</strong></p>\n", 0) == 0);
  CHECK(html.out.find(">a&lt;b&gt;&amp;c</td>") != std::string::npos);
}

// The numbers of a report, sorted (prose may order them otherwise): what
// must not change with its language.
std::vector<std::string> numbers_in(const std::string& text) {
  std::vector<std::string> out;
  std::string current;
  for (char ch : text + " ") {
    if ((ch >= '0' && ch <= '9') || (ch == '.' && !current.empty())) current += ch;
    else if (!current.empty()) {
      if (current.back() == '.') current.pop_back();  // a sentence's full stop
      out.push_back(current);
      current.clear();
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool has_letters(const std::string& text, const char* words) { return text.find(words) != std::string::npos; }

// The command's English and Chinese outputs, both successes with the same numbers.
std::pair<std::string, std::string> in_both_languages(std::vector<std::string> args, const std::string& input = "") {
  const outcome en = run_cli(args, input);
  args.insert(args.end(), {"--language", "zh"});
  const outcome zh = run_cli(args, input);
  REQUIRE(en.code == 0);
  REQUIRE(zh.code == 0);
  CHECK(numbers_in(zh.out) == numbers_in(en.out));
  return {en.out, zh.out};
}

TEST_CASE("--language zh: explain's and compare's headings and notes in Chinese, every number and column name the same") {
  const std::string qrels = scratch() + "/language.qrels";
  std::ofstream(qrels) << "q 0 a 3\nq 0 b 2\nq 0 c 1\n";
  // Ties (b and d share a score), an unjudged item (d) and the two ideals.
  const std::string ranking = "a 0.9\nb 0.5\nd 0.5\nc 0.1\n";
  for (const char* format : {"text", "markdown", "latex"}) {
    CAPTURE(format);
    const auto [en, zh] = in_both_languages({"explain", "--format", format, "--qrels", qrels}, ranking);
    CHECK(has_letters(en, "Terms are rounded for display"));
    CHECK(has_letters(zh, "各项只为显示而舍入"));
    CHECK_FALSE(has_letters(zh, "Terms are rounded"));
    CHECK(has_letters(zh, "4 个条目中有 1 个没有评分"));  // d: 1 of the 4 items
    CHECK(has_letters(zh, "（最差次序）"));
    if (std::string(format) != "latex") CHECK(has_letters(zh, "NDCG（以全部评分为准）："));
    CHECK(has_letters(zh, "term"));  // column names stay
  }
  const outcome md = run_cli({"explain", "--format", "markdown", "--language", "zh", "3", "2", "3"});
  CHECK(has_letters(md.out, "**IDCG**（理想次序）"));
  // JSON and CSV carry no prose: only the option itself differs.
  std::string json_en = run_cli({"explain", "--format", "json", "3", "2"}).out;
  const std::string json_zh = run_cli({"explain", "--format", "json", "--language", "zh", "3", "2"}).out;
  json_en.replace(json_en.find("\"language\":\"en\""), 15, "\"language\":\"zh\"");
  CHECK(json_zh == json_en);
  CHECK(run_cli({"explain", "--format", "csv", "--language", "zh", "3", "2"}).out == run_cli({"explain", "--format", "csv", "3", "2"}).out);
  // compare: the summary line, the notes and the tie table's title; the tables' numbers as in English.
  const std::string run_a = scratch() + "/language-a.run", run_b = scratch() + "/language-b.run";
  std::ofstream(run_a) << "q Q0 a 1 0.9 A\nq Q0 b 2 0.5 A\nq Q0 c 3 0.5 A\n";
  std::ofstream(run_b) << "q Q0 c 1 0.9 B\nq Q0 b 2 0.8 B\nq Q0 a 3 0.7 B\n";
  for (const char* format : {"text", "markdown", "latex"}) {
    CAPTURE(format);
    const auto [en, zh] = in_both_languages({"compare", qrels, run_a, run_b, "--format", format, "-m", "ndcg_cut.10"});
    CHECK(has_letters(zh, "2 个运行，1 个查询；"));
    CHECK(has_letters(zh, "自助法与随机化检验：10000 次，种子 1"));
    CHECK(has_letters(zh, "分数并列："));
    CHECK_FALSE(has_letters(zh, "bootstrap and randomization"));
    CHECK(has_letters(en, "bootstrap and randomization"));
  }
  CHECK(run_cli({"compare", qrels, run_a, run_b, "--language", "fr"}).code == 2);
}

TEST_CASE("--language zh: how the input was read is said in Chinese too; the JSON's reading.note stays English") {
  const std::string qrels = scratch() + "/reading.qrels";
  std::ofstream(qrels) << "q7 0 a 3\nq7 0 b 2\nq7 0 c 1\n";
  // A table with a query column and ranks but no score (score = -rank), beside judgments.
  const std::string table = "qid,doc,rank\nq7,b,1\nq7,a,2\nq7,c,3\n";
  const auto [en, zh] = in_both_languages({"explain", "--qrels", qrels}, table);
  CHECK(has_letters(en, "(read as csv: columns query,doc,rank; ordered by rank; ordered by score, grades from the judgments; query q7)"));
  CHECK(has_letters(zh, "（读作 csv：列 query,doc,rank；按名次排序；按分数排序，等级取自评分；查询 q7）"));
  for (const char* english : {"columns", "ordered by", "grades from", "query q7"}) {
    CAPTURE(english);
    CHECK_FALSE(has_letters(zh, english));
  }
  // Ids with scores beside judgments: ordered by score, and the other reading offered.
  const auto [en2, zh2] = in_both_languages({"explain", "--qrels", qrels}, "a 0.2\nb 0.9\n");
  CHECK(has_letters(en2, "(read as id_score: ordered by score, grades from the judgments; the other reading: --columns doc,rel)"));
  CHECK(has_letters(zh2, "（读作 id_score：按分数排序，等级取自评分；另一种读法：--columns doc,rel）"));
  // Ids alone: ranked in the order given.
  CHECK(has_letters(in_both_languages({"explain", "--qrels", qrels}, "b\na\n").second, "（读作 ids：按给定次序排列，等级取自评分）"));
  const std::string json = run_cli({"explain", "--format", "json", "--language", "zh", "--qrels", qrels}, table).out;
  CHECK(has_letters(json, "\"note\":\"columns query,doc,rank; ordered by rank; ordered by score, grades from the judgments; query q7\""));
}

TEST_CASE("options given with a preset override it, whatever their order") {
  std::string a = run_cli({"explain", "--format", "json", "--k", "1", "--preset", "sklearn", "2", "3"}).out;
  std::string b = run_cli({"explain", "--format", "json", "--preset", "sklearn", "--k", "1", "2", "3"}).out;
  CHECK(a == b);
  CHECK(a.find("\"preset\": \"sklearn\"") != std::string::npos);
  CHECK(a.find("\"ndcg\": 0.6666666666666666") != std::string::npos);  // linear: 2 / 3
}

TEST_CASE("explain with judgments shows both ideals") {
  std::string qrels = scratch() + "/test.qrels";
  std::ofstream(qrels) << "q 0 a 2\nq 0 c 1\nq 0 d 3\n";
  outcome r = run_cli({"explain", "--ideal", "judgments", "--qrels", qrels}, "a 0.9\nb 0.8\nc 0.7\n");
  CHECK(r.code == 0);
  CHECK(r.out.find("against the ranking's own ideal") != std::string::npos);
  CHECK(r.out.find("against all judgments") != std::string::npos);
  outcome missing = run_cli({"explain", "--qrels", "/nonexistent.qrels", "a 1"});
  CHECK(missing.code == 2);
  CHECK(missing.err.find("cannot read /nonexistent.qrels") != std::string::npos);
}

TEST_CASE("trec reproduces trec_eval's full-precision output for set1") {
  std::string qrels = data + "/trec-parity/set1.qrels", runfile = data + "/trec-parity/set1.run";
  outcome r = run_cli({"trec", "-q", "--digits", "17", "-m", "ndcg", "-m", "ndcg_cut.5,10,20", "-m", "P.5,10",
                   "-m", "recall.10", "-m", "map", "-m", "recip_rank", qrels, runfile});
  REQUIRE(r.code == 0);
  std::ifstream expected_file(data + "/trec-parity/set1.trec_eval_fullprec.txt");
  std::stringstream expected;
  expected << expected_file.rdbuf();
  CHECK(r.out == expected.str());
  outcome attached = run_cli({"trec", "-q", "-mndcg.1=1,2=3,3=7,4=15", qrels, runfile});
  std::ifstream exp_gain(data + "/trec-parity/set1.trec_eval_expgain.txt");
  std::stringstream exp_text;
  exp_text << exp_gain.rdbuf();
  CHECK(attached.out == exp_text.str());
}

TEST_CASE("every kind of bad command line exits with 2 and one message") {
  struct bad {
    std::vector<std::string> args;
    std::string input, message;
  };
  const std::vector<bad> cases = {
      {{}, "", "Usage:"},
      {{"frobnicate"}, "", "ndcg: unknown command \"frobnicate\""},
      {{"explain", "--k", "-1", "1"}, "", "k takes a whole number, 0 or more, got \"-1\""},
      {{"explain", "--k", "ten", "1"}, "", "k takes a whole number, 0 or more, got \"ten\""},
      {{"explain", "--gain", "cubic", "1"}, "", "gain takes one of exp, linear, table, got \"cubic\""},
      {{"explain", "--ties", "coin", "1"}, "", "ties takes one of input, trec, average, got \"coin\""},
      {{"explain", "--preset", "nope", "1"}, "", "preset takes one of document, trec_eval, gdeval, sklearn"},
      {{"explain", "--log-base", "1", "1"}, "", "log_base takes a number above 1, got \"1\""},
      {{"explain", "--weights", "1,x", "1"}, "", "weights takes numbers separated by commas, 0 or more, got \"1,x\""},
      {{"explain", "--bogus", "1", "2"}, "", "unknown option \"--bogus\""},
      {{"explain", "--k"}, "", "option \"--k\" needs a value"},
      {{"explain", "1", "-f", "x"}, "", "not both"},
      {{"explain", "-f", "/nonexistent/file"}, "", "cannot read /nonexistent/file"},
      {{"explain", "3", "-2"}, "", "<arguments>:1:3: grade -2 is negative"},
      {{"explain"}, "3 2\n1 x\n", "<stdin>:2:3:"},
      {{"explain", "--format", "yaml", "1"}, "", "unknown format \"yaml\""},
      {{"trec", "only-one-file"}, "", "cannot read only-one-file"},
      {{"trec", "a", "b", "c"}, "", "expected two files, QRELS and RUN, got 3"},
      {{"trec", "-m", "nonsense", "a", "b"}, "", "cannot read a"},
      {{"trec", "--digits", "99", "a", "b"}, "", "digits takes a whole number from 0 to 17, got \"99\""},
  };
  for (const bad& c : cases) {
    CAPTURE(c.message);
    outcome r = run_cli(c.args, c.input);
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(c.message) != std::string::npos);
  }
}

TEST_CASE("help and version exit with 0") {
  CHECK(run_cli({"--help"}).code == 0);
  CHECK(run_cli({"--version"}).out == "ndcg 0.1.0\n");
  CHECK(run_cli({"explain", "--help"}).out.find("--gain-table") != std::string::npos);
  const std::string trec_help = run_cli({"trec", "--help"}).out;
  // Every family of the measure list, every nickname and every ir_measures name is in --help.
  for (const auto& m : ndcg::trec_measures()) CHECK_MESSAGE(trec_help.find("\n  " + std::string(m.name)) != std::string::npos, m.name);
  for (const auto& n : ndcg::trec_nicknames()) CHECK_MESSAGE(trec_help.find("\n  " + std::string(n.name)) != std::string::npos, n.name);
  for (std::string_view n : ndcg::ir_measure_names()) CHECK_MESSAGE(trec_help.find(" " + std::string(n)) != std::string::npos, n);
  CHECK(run_cli({"presets"}).out.find("sklearn\t") != std::string::npos);
}

namespace {


void spit(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// A run of `queries` queries, its lines grouped by query, and its qrels.
std::pair<std::string, std::string> generated_run(int queries) {
  std::string qrels, run;
  unsigned x = 12345;
  auto next = [&] { return x = x * 1103515245u + 12345u, (x >> 16) & 0x7FFF; };
  for (int q = 0; q < queries; ++q) {
    const std::string qid = std::to_string(1000 + q * 7 % 997);
    for (int d = 0; d < 30; ++d) {
      const std::string doc = "doc" + std::to_string(next() % 50);
      if (qrels.find(qid + " 0 " + doc + " ") == std::string::npos && next() % 2)
        qrels += qid + " 0 " + doc + " " + std::to_string(next() % 4) + "\n";
    }
    for (int d = 0; d < 50; ++d)
      run += qid + " Q0 doc" + std::to_string(d) + " " + std::to_string(d + 1) + " " + std::to_string(next() % 20) + ".5 sys\n";
  }
  return {qrels, run};
}

}  // namespace

TEST_CASE("trec reads the run from standard input with -") {
  std::string qrels = data + "/trec-parity/set1.qrels", runfile = data + "/trec-parity/set1.run";
  outcome from_file = run_cli({"trec", "-q", qrels, runfile});
  outcome from_stdin = run_cli({"trec", "-q", qrels, "-"}, test_support::file_text(runfile));
  REQUIRE(from_file.code == 0);
  CHECK(from_stdin.code == 0);
  CHECK(from_stdin.out == from_file.out);
  // The default output starts as trec_eval's: runid (the last line's tag), num_q, ...
  CHECK(from_file.out.find("runid                 \tall\trun-A.v2\nnum_q                 \tall\t50\n") != std::string::npos);
  outcome two = run_cli({"trec", "-", "-"});
  CHECK(two.code == 2);
  CHECK(two.err == "ndcg trec: only one input can be standard input (`-`)\n");
}

TEST_CASE("trec on standard input needs the run grouped by query; a file need not be") {
  const std::string qrels = "q1 0 a 1\nq2 0 b 1\n";
  const std::string interleaved = "q1 Q0 a 1 1 t\nq2 Q0 b 1 1 t\nq1 Q0 c 2 0 t\n";
  const std::string dir = scratch();
  spit(dir + "/ungrouped.qrels", qrels);
  spit(dir + "/ungrouped.run", interleaved);
  outcome piped = run_cli({"trec", dir + "/ungrouped.qrels", "-"}, interleaved);
  CHECK(piped.code == 2);
  CHECK(piped.err ==
        "ndcg trec: -:3:1: expected the run's lines grouped by query, got query \"q1\" again after other queries "
        "(first on line 1); give the run as a file, or group it first (sort -s -k1,1)\n");
  outcome file = run_cli({"trec", "-m", "num_ret", dir + "/ungrouped.qrels", dir + "/ungrouped.run"});
  CHECK(file.code == 0);
  CHECK(file.out == "num_ret               \tall\t3\n");
}

TEST_CASE("trec: a run file read in pieces says what the same run from standard input, or held in memory, says") {
  // A query of more than 2 MB (the first piece grows), CRLF line ends, no
  // line end at the last line, a bad score past the first piece. A run held
  // in memory (a text: the Python package's) is read where it is, in
  // pieces cut the same way.
  std::string qrels, run;
  for (int q = 0; q < 3; ++q)
    for (int d = 0; d < (q == 1 ? 90000 : 50); ++d) {
      const std::string qid = "q" + std::to_string(q), doc = "doc-" + std::to_string(d);
      if (d % 7 == 0) qrels += qid + " 0 " + doc + " " + std::to_string(d % 3) + "\n";
      run += qid + " Q0 " + doc + " " + std::to_string(d + 1) + " " + std::to_string(1000.0 - d * 0.001) + " tag\r\n";
    }
  run.pop_back();
  run.pop_back();
  REQUIRE(run.size() > (std::size_t(3) << 20));
  const std::string dir = scratch();
  spit(dir + "/held.qrels", qrels);
  spit(dir + "/held.run", run);
  const std::vector<std::string> words = {"trec", "-q", "-m", "all_trec", dir + "/held.qrels"};
  const auto both = [&](const std::string& file_text) {
    spit(dir + "/held.run", file_text);
    std::vector<std::string> from_file = words, from_stdin = words;
    from_file.push_back(dir + "/held.run");
    from_stdin.push_back("-");
    const outcome a = run_cli(from_file), b = run_cli(from_stdin, file_text);
    CHECK(a.code == b.code);
    CHECK(a.out == b.out);
    return a;
  };
  const auto held = [&](const std::string& text) {
    ndcg::text_source source(text);
    ndcg::evaluate_inputs in;
    in.qrels = qrels;
    in.run = &source;
    std::vector<ndcg::batch_reading> readings;
    return ndcg::evaluate_batch(in, {{"measures", "all_trec"}, {"per_query", "true"}}, readings);
  };
  const outcome good = both(run);
  CHECK(good.code == 0);
  CHECK(good.out.find("num_ret               \tq1\t90000\n") != std::string::npos);
  CHECK(held(run).text == good.out);
  std::string bad = run;
  const std::size_t at = bad.find(' ', bad.find("q1 Q0 doc-85000 ") + 16) + 1;  // its score, past 2 MB
  REQUIRE(at > (std::size_t(2) << 20));
  bad[at + 2] = 'x';
  const std::size_t line = static_cast<std::size_t>(std::count(bad.begin(), bad.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
  const std::size_t column = at - bad.rfind('\n', at);
  const outcome refused = both(bad);
  CHECK(refused.code == 2);
  CHECK(refused.err.find("held.run:" + std::to_string(line) + ":" + std::to_string(column) + ": ") != std::string::npos);
  const ndcg::evaluate_reply in_memory = held(bad);
  REQUIRE(!in_memory.evaluated);
  CHECK(in_memory.evaluated.err().line == line);
  CHECK(in_memory.evaluated.err().column == column);
}

TEST_CASE("trec --merge of shards split by query equals the one-shot evaluation") {
  auto [qrels, whole] = generated_run(120);
  const std::string dir = scratch();
  spit(dir + "/merge.qrels", qrels);
  spit(dir + "/merge.run", whole);
  // Three shards: each query's lines go to one shard, by its qid.
  std::string shards[3];
  std::istringstream lines(whole);
  for (std::string line; std::getline(lines, line);) shards[std::stoul(line.substr(0, line.find(' '))) % 3] += line + "\n";
  std::vector<std::string> merge_args{"trec", "--merge", "-q"};
  for (int i = 0; i < 3; ++i) {
    const std::string path = dir + "/merge" + std::to_string(i);
    spit(path + ".run", shards[i]);
    outcome part = run_cli({"trec", "-q", "--digits", "17", "-m", "official", "-m", "ndcg_cut.10",
                        "-m", "ndcg", dir + "/merge.qrels", path + ".run"});
    REQUIRE(part.code == 0);
    spit(path + ".eval", part.out);
    merge_args.push_back(path + ".eval");
  }
  for (const std::string digits : {"4", "17"}) {
    outcome one = run_cli({"trec", "-q", "--digits", digits, "-m", "official", "-m", "ndcg_cut.10", "-m", "ndcg",
                       dir + "/merge.qrels", dir + "/merge.run"});
    std::vector<std::string> args = merge_args;
    args.insert(args.end(), {"--digits", digits});
    outcome merged = run_cli(args);
    REQUIRE(one.code == 0);
    CHECK(merged.err == "");
    CHECK(merged.out == one.out);
  }
  outcome twice = run_cli({"trec", "--merge", dir + "/merge0.eval", dir + "/merge0.eval"});
  CHECK(twice.code == 2);
  CHECK(twice.err.find("must be in one shard only") != std::string::npos);
  outcome part = run_cli({"trec", "-q", dir + "/merge.qrels", dir + "/merge0.run"});
  CHECK(part.code == 0);  // queries missing from the run are left out, as trec_eval documents
  outcome missing = run_cli({"trec", "-q", "--strict", dir + "/merge.qrels", dir + "/merge0.run"});
  CHECK(missing.code == 2);  // with --strict they are an error
}

TEST_CASE("trec -m all_trec leaves nothing out") {
  std::string qrels = data + "/trec-parity/set1.qrels", runfile = data + "/trec-parity/set1.run";
  outcome r = run_cli({"trec", "-m", "all_trec", qrels, runfile});
  CHECK(r.code == 0);
  CHECK(r.err == "");
  CHECK(r.out.find("success_10") != std::string::npos);
  CHECK(r.out.find("num_nonrel_judged_ret") != std::string::npos);
}

TEST_CASE("trec --tie-range reads the run whole, from a file or standard input, and adds its lines") {
  std::string qrels = data + "/trec-parity/set1.qrels", runfile = data + "/trec-parity/set1.run";
  outcome plain = run_cli({"trec", "-m", "ndcg_cut.10", qrels, runfile});
  outcome from_file = run_cli({"trec", "--tie-range", "-m", "ndcg_cut.10", qrels, runfile});
  outcome from_stdin = run_cli({"trec", "--tie-range", "-m", "ndcg_cut.10", qrels, "-"}, test_support::file_text(runfile));
  REQUIRE(from_file.code == 0);
  CHECK(from_stdin.code == 0);
  CHECK(from_stdin.out == from_file.out);
  // The usual line first, unchanged, then the three tie lines (README's figures).
  CHECK(from_file.out == plain.out +
        "ndcg_cut_10:ties      \tall\t18\n"
        "ndcg_cut_10:worst     \tall\t0.1366\n"
        "ndcg_cut_10:best      \tall\t0.2819\n");
}

// The number after `"key": ` in a JSON text, from `from` on.
double json_number(const std::string& json, const std::string& key, std::size_t from = 0) {
  const std::size_t at = json.find("\"" + key + "\": ", from);
  REQUIRE(at != std::string::npos);
  return std::stod(json.substr(at + key.size() + 4));
}

TEST_CASE("trec --tie-range in JSON and CSV: the range as measures beside the others, one document, one table") {
  std::string qrels = data + "/trec-parity/set1.qrels", runfile = data + "/trec-parity/set1.run";
  outcome text = run_cli({"trec", "--tie-range", "-q", "--digits", "17", "-m", "ndcg_cut.10", qrels, runfile});
  outcome json = run_cli({"trec", "--tie-range", "-q", "--format", "json", "-m", "ndcg_cut.10", qrels, runfile});
  outcome csv = run_cli({"trec", "--tie-range", "-q", "--format", "csv", "-m", "ndcg_cut.10", qrels, runfile});
  REQUIRE(text.code == 0);
  REQUIRE(json.code == 0);
  REQUIRE(csv.code == 0);
  // No trec line after the JSON: it ends where its object ends.
  CHECK(json.out.find('\t') == std::string::npos);
  CHECK(json.out.substr(json.out.size() - 2) == "}\n");
  const std::size_t all = json.out.find("\"all\": {");
  REQUIRE(all != std::string::npos);
  CHECK(json_number(json.out, "ndcg_cut_10:ties", all) == 18);
  // The means equal the text's at full precision.
  for (const std::string part : {"worst", "best"}) {
    const std::string name = "ndcg_cut_10:" + part;
    const std::size_t line = text.out.find(name + std::string(22 - name.size(), ' ') + "\tall\t");
    REQUIRE(line != std::string::npos);
    CHECK(json_number(json.out, name, all) == std::stod(text.out.substr(line + 27)));
  }
  // Every query has its worst and best value, equal where its ties do not matter.
  const std::size_t q = json.out.find("\"111\": {");
  REQUIRE(q != std::string::npos);
  CHECK(json_number(json.out, "ndcg_cut_10:worst", q) <= json_number(json.out, "ndcg_cut_10", q));
  CHECK(json_number(json.out, "ndcg_cut_10", q) <= json_number(json.out, "ndcg_cut_10:best", q));
  // One table: a header naming the three, every row as wide.
  std::istringstream rows(csv.out);
  std::string header, row;
  std::getline(rows, header);
  CHECK(header.find("ndcg_cut_10:ties") != std::string::npos);
  CHECK(header.find("ndcg_cut_10:worst") != std::string::npos);
  int lines = 0;
  while (std::getline(rows, row)) {
    ++lines;
    CHECK(std::count(row.begin(), row.end(), ',') == std::count(header.begin(), header.end(), ','));
  }
  CHECK(lines == 51);  // 50 queries and "all"
}

TEST_CASE("trec says how it read the qrels also when the run then fails") {
  const std::string dir = scratch();
  spit(dir + "/table.csv", "qid,docid,rel\nq1,a,1\n");
  spit(dir + "/bad.run", "q1 Q0 a 1 x t\n");
  outcome r = run_cli({"trec", dir + "/table.csv", dir + "/bad.run"});
  CHECK(r.code == 2);
  CHECK(r.err == "ndcg trec: " + dir + "/table.csv read as CSV: qid -> query, docid -> doc, rel -> rel\n"
                 "ndcg trec: " + dir + "/bad.run:1:11: expected a score (a number), got \"x\"\n");
}

#ifndef __EMSCRIPTEN__
// A LETOR file from a pipe (`ndcg trec <(zcat f.gz) pred`, /dev/fd/N) is
// read once: it is not opened again to be read in pieces, which would find
// the pipe drained.
TEST_CASE("trec: LETOR judgments from a pipe beside predictions from a file") {
  const std::string letor = "2 qid:1 1:0.5 # docid = a\n0 qid:1 1:0.1 # docid = b\n1 qid:2 1:0.3 # docid = c\n";
  const std::string predictions = test_support::scratch() + "/pipe.predictions";
  std::ofstream(predictions) << "0.2\n0.9\n0.5\n";
  int ends[2];
  REQUIRE(pipe(ends) == 0);
  REQUIRE(write(ends[1], letor.data(), letor.size()) == static_cast<ssize_t>(letor.size()));
  close(ends[1]);
  const auto piped = test_support::run_cli({"trec", "-m", "ndcg", "/dev/fd/" + std::to_string(ends[0]), predictions});
  close(ends[0]);
  const std::string file = test_support::scratch() + "/pipe.letor";
  std::ofstream(file) << letor;
  const auto from_file = test_support::run_cli({"trec", "-m", "ndcg", file, predictions});
  CHECK(piped.code == 0);
  CHECK(from_file.code == 0);
  CHECK(piped.out == from_file.out);
  CHECK(piped.out.find("ndcg") != std::string::npos);
}
#endif

#ifndef __EMSCRIPTEN__
namespace {
// What a child process said on stderr and its exit code, after it cut the
// mapped file at `path` short and read on (a fault where the bytes ended).
std::pair<std::string, int> read_after_cut(const std::string& path, std::string_view held) {
  int err[2];
  REQUIRE(pipe(err) == 0);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {  // async-signal-safe calls only: the parent may have threads
    dup2(err[1], STDERR_FILENO);
    if (truncate(path.c_str(), 0) != 0) _exit(5);
    unsigned sum = 0;
    for (std::size_t i = 0; i < held.size(); i += 4096) sum += static_cast<unsigned char>(held[i]);
    _exit(sum == 0xFFFFFFFFu ? 4 : 3);  // not reached: the bytes are gone
  }
  close(err[1]);
  std::string said;
  char piece[512];
  for (ssize_t n; (n = read(err[0], piece, sizeof piece)) > 0;) said.append(piece, static_cast<std::size_t>(n));
  close(err[0]);
  int status = 0;
  waitpid(child, &status, 0);
  return {said, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}
}  // namespace

TEST_CASE("trec: a qrels file cut short while it is read is named, among files mapped and unmapped before it") {
  const auto write_qrels = [](const std::string& path) {
    std::ofstream out(path);
    for (int i = 0; i < 100000; ++i) out << "q1 0 d" << i << " 1\n";
  };
  std::istringstream no_input;
  std::string problem;
  for (int i = 0; i < 10; ++i) {  // each mapped where the last was, and unmapped
    const std::string other = scratch() + "/other-" + std::to_string(i) + ".qrels";
    write_qrels(other);
    CHECK(ndcg::cli::file_bytes::read(other, no_input, problem));
  }
  const std::string path = scratch() + "/cut-short.qrels";
  write_qrels(path);
  const auto qrels = ndcg::cli::file_bytes::read(path, no_input, problem);
  REQUIRE(qrels);
  REQUIRE(qrels->view().size() > 1000000);
  const auto [said, code] = read_after_cut(path, qrels->view());
  CHECK(code == 2);
  CHECK(said == "ndcg: " + path + ": the file was cut short while it was read\n");
}
#endif

}  // namespace cli_test
