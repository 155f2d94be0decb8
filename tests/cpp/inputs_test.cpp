// The batch readers (inputs.hpp): the parity set converted here to CSV,
// TSV, JSON dicts, JSON records and Lines, LETOR with predictions (with and
// without a group file) and gzip gives trec_eval's output byte for byte;
// each broken input is refused at its own line and column; detection; and
// the command's files, readings and overrides.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#ifndef __EMSCRIPTEN__
#include <zlib.h>
#endif

#include "cli.hpp"
#include "ndcg/evaluate_run.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/trec.hpp"
#include "parse/columns.hpp"
#include "support.hpp"

namespace inputs_test {

namespace {

using ndcg::input_format;

struct trec_line {
  std::vector<std::string> f;
};

std::vector<trec_line> lines_of(const std::string& text) {
  std::vector<trec_line> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    std::istringstream words(l);
    trec_line t;
    for (std::string w; words >> w;) t.f.push_back(w);
    if (!t.f.empty()) out.push_back(t);
  }
  return out;
}

// RFC 4180: a cell with the separator, a quote or a line end is quoted.
std::string cell(const std::string& s, char sep) {
  if (s.find_first_of(std::string("\"\r\n") + sep) == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// The parity run and qrels in each format, as other tools write them.
struct parity {
  std::string run = test_support::parity_text("set1.run");
  std::string qrels = test_support::parity_text("set1.qrels");
  std::vector<trec_line> r = lines_of(run), q = lines_of(qrels);

  std::string table(bool is_run, char sep, const char* eol) const {
    std::string out = is_run ? std::string("query_id") + sep + "doc_id" + sep + "score" + sep + "tag" + eol
                             : std::string("query-id") + sep + "corpus-id" + sep + "score" + eol;
    for (const trec_line& l : is_run ? r : q) {
      out += cell(l.f[0], sep) + sep + cell(l.f[2], sep) + sep + (is_run ? l.f[4] + sep + l.f[5] : l.f[3]) + eol;
    }
    return out;
  }
  std::string dict(bool is_run) const {
    std::map<std::string, std::string> by_query;
    std::vector<std::string> order;
    for (const trec_line& l : is_run ? r : q) {
      std::string& body = by_query[l.f[0]];
      if (body.empty()) order.push_back(l.f[0]);
      else body += ", ";
      body += json_string(l.f[2]) + ": " + (is_run ? l.f[4] : l.f[3]);
    }
    std::string out = "{\n";
    for (std::size_t i = 0; i < order.size(); ++i)
      out += " " + json_string(order[i]) + ": {" + by_query[order[i]] + "}" + (i + 1 < order.size() ? ",\n" : "\n");
    return out + "}\n";
  }
  std::string records(bool is_run, bool lines) const {
    std::string out = lines ? "" : "[";
    bool first = true;
    for (const trec_line& l : is_run ? r : q) {
      if (!lines && !first) out += ",\n";
      first = false;
      out += "{\"qid\": " + json_string(l.f[0]) + ", \"docno\": " + json_string(l.f[2]) +
             (is_run ? ", \"score\": " + l.f[4] + ", \"run_id\": " + json_string(l.f[5])
                     : ", \"relevance\": " + l.f[3]) +
             ", \"extra\": [1, {\"x\": null}]}" + (lines ? "\n" : "");
    }
    return out + (lines ? "" : "]");
  }
  // MS MARCO's run TSV (qid pid rank), and the TREC run it stands for (score = -rank).
  std::string msmarco() const {
    std::string out;
    for (const trec_line& l : r) out += l.f[0] + "\t" + l.f[2] + "\t" + l.f[3] + "\n";
    return out;
  }
  std::string ranked_run() const {
    std::string out;
    for (const trec_line& l : r) out += l.f[0] + " Q0 " + l.f[2] + " 0 -" + l.f[3] + " run\n";
    return out;
  }
  // The run with every tag "run", as the formats without tags give it.
  std::string run_tagged_run() const {
    std::string out;
    for (const trec_line& l : r) out += l.f[0] + " Q0 " + l.f[2] + " " + l.f[3] + " " + l.f[4] + " run\n";
    return out;
  }
};

std::string evaluated(std::string_view qrels, std::string_view run) {
  ndcg::trec_options opt;
  opt.measures = {"all_trec"};
  auto r = ndcg::evaluate_trec(qrels, run, opt);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : ndcg::describe(r.err())));
  return ndcg::format_trec(*r, true);
}

// The inputs read and evaluated as the commands read them (all_trec):
// evaluate_runs, or with no run evaluate_table.
ndcg::expected<std::vector<ndcg::run_evaluation>> evaluated_inputs(const std::string& qrels,
                                                              const std::vector<std::string>& runs,
                                                              const ndcg::input_reading& how,
                                                              std::vector<ndcg::batch_reading>& readings) {
  ndcg::batch_settings b;
  b.trec.measures = {"all_trec"};
  b.run_format = how.run_format;
  if (!runs.empty()) return ndcg::evaluate_runs(qrels, {runs.begin(), runs.end()}, b, how, readings);
  auto ev = ndcg::evaluate_table(qrels, b, {}, how, readings);
  if (!ev) return ev.err();
  std::vector<ndcg::run_evaluation> out;
  out.push_back(std::move(*ev));
  return out;
}

ndcg::expected<std::vector<ndcg::run_evaluation>> evaluated_inputs(const std::string& qrels,
                                                              const std::vector<std::string>& runs,
                                                              const ndcg::input_reading& how = {}) {
  std::vector<ndcg::batch_reading> readings;
  return evaluated_inputs(qrels, runs, how, readings);
}

std::string through_inputs(const std::string& qrels, const std::vector<std::string>& runs,
                           const ndcg::input_reading& how = {}) {
  auto in = evaluated_inputs(qrels, runs, how);
  REQUIRE_MESSAGE(in.ok(), (in.ok() ? "" : in.err().source + ": " + ndcg::describe(in.err())));
  return ndcg::format_trec((*in)[0].result, true);
}

// LETOR lines of the run's documents (labels from the qrels, 0 when not
// judged), their predictions, and the TREC run and qrels they stand for.
struct letor_set {
  std::string letor, bare, predictions, group, trec_run, trec_qrels, group_run, group_qrels;
};

letor_set letor_of(const parity& p) {
  std::map<std::string, std::string> labels;
  for (const trec_line& l : p.q) labels[l.f[0] + " " + l.f[2]] = l.f[3];
  std::vector<std::string> order;
  std::map<std::string, std::vector<const trec_line*>> by_query;
  for (const trec_line& l : p.r) {
    if (by_query[l.f[0]].empty()) order.push_back(l.f[0]);
    by_query[l.f[0]].push_back(&l);
  }
  letor_set s;
  s.letor = "# made from set1.run\n";
  for (std::size_t qi = 0; qi < order.size(); ++qi) {
    const auto& docs = by_query[order[qi]];
    s.group += std::to_string(docs.size()) + "\n";
    for (std::size_t i = 0; i < docs.size(); ++i) {
      const trec_line& l = *docs[i];
      const auto found = labels.find(l.f[0] + " " + l.f[2]);
      const std::string label = found == labels.end() ? "0" : found->second;
      const std::string pos = std::to_string(i + 1), qn = std::to_string(qi + 1);
      s.letor += label + ".0 qid:" + l.f[0] + "  1:0.5\t2:" + pos + " 1:3 #docid = " + l.f[2] + " inc = 0.04 prob = 0.2\n";
      s.bare += label + " 1:0.5 2:" + pos + "\n";
      s.predictions += l.f[4] + "\n";
      s.trec_run += l.f[0] + " Q0 " + l.f[2] + " 0 " + l.f[4] + " run\n";
      s.trec_qrels += l.f[0] + " 0 " + l.f[2] + " " + label + "\n";
      s.group_run += qn + " Q0 " + pos + " 0 " + l.f[4] + " run\n";
      s.group_qrels += qn + " 0 " + pos + " " + label + "\n";
    }
  }
  s.letor.pop_back();  // no final newline
  return s;
}

#ifndef __EMSCRIPTEN__
std::string gzipped(const std::string& text) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, text.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(&out[0]);
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}
#endif

using test_support::outcome;
using test_support::scratch;

outcome cli(std::vector<std::string> args, const std::string& input = "") {
  args.insert(args.begin(), "trec");
  return test_support::run_cli(args, input);
}

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = scratch() + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace

TEST_CASE("inputs: the parity set in every format gives trec_eval's -q -m all_trec output, byte for byte") {
  const parity p;
  const std::string want = evaluated(p.qrels, p.run);
  const std::string want_untagged = evaluated(p.qrels, p.run_tagged_run());
  SUBCASE("TREC, passed through") { CHECK(through_inputs(p.qrels, {p.run}) == want); }
  SUBCASE("CSV run (CRLF, quoted ids, a BOM), BEIR TSV qrels") {
    CHECK(through_inputs(p.table(false, '\t', "\r\n"), {"\xEF\xBB\xBF" + p.table(true, ',', "\r\n")}) == want);
  }
  SUBCASE("TSV run, CSV qrels") { CHECK(through_inputs(p.table(false, ',', "\n"), {p.table(true, '\t', "\n")}) == want); }
  SUBCASE("JSON dicts") { CHECK(through_inputs(p.dict(false), {p.dict(true)}) == want_untagged); }
  SUBCASE("JSON records") { CHECK(through_inputs(p.records(false, false), {p.records(true, false)}) == want); }
  SUBCASE("JSON Lines") { CHECK(through_inputs(p.records(false, true), {p.records(true, true)}) == want); }
#ifndef __EMSCRIPTEN__
  SUBCASE("gzip: TREC and CSV") {
    CHECK(through_inputs(gzipped(p.qrels), {gzipped(p.run)}) == want);
    CHECK(through_inputs(gzipped(p.table(false, '\t', "\n")), {gzipped(p.table(true, ',', "\n"))}) == want);
  }
#endif
  SUBCASE("formats named rather than detected") {
    ndcg::input_reading how;
    how.qrels_format = input_format::tsv;
    how.run_format = input_format::jsonl;
    CHECK(through_inputs(p.table(false, '\t', "\n"), {p.records(true, true)}, how) == want);
  }
}

// Predictions are read in pieces of 64 KB: 20,000 lines span several, a line
// end ("\r\n" here) may fall anywhere, and lines keep their numbers.
TEST_CASE("inputs: LETOR predictions read in pieces, their errors on their lines") {
  using ec = ndcg::error_code;
  std::string letor, predictions = "\xEF\xBB\xBF", qrels, run, plain;
  for (int i = 0; i < 20000; ++i) {
    const std::string q = std::to_string(i / 97), d = "d" + std::to_string(i), rel = std::to_string(i % 3);
    const std::string score = std::to_string((i * 7919) % 1000) + "." + std::to_string(i % 7);
    letor += rel + " qid:" + q + " 1:0 # docid = " + d + "\n";
    predictions += score + (i % 1000 == 999 ? "\r\n\r\n" : "\r\n");  // a blank line now and then
    plain += score + "\n";
    qrels += q + " 0 " + d + " " + rel + "\n";
    run += q + " Q0 " + d + " 1 " + score + " run\n";
  }
  CHECK(through_inputs(letor, {predictions}) == evaluated(qrels, run));
  const auto error_of = [&](const std::string& given) {
    auto in = evaluated_inputs(letor, {given});
    REQUIRE(!in.ok());
    CHECK(in.err().source == "run");
    return in.err();
  };
  std::string bad = plain;
  bad.replace(bad.find("\n", 100000) + 1, 0, "  high\n");
  REQUIRE(bad.find("high") > 100000);
  const ndcg::error late = error_of(bad);
  CHECK(late.code == ec::not_a_number);
  CHECK(late.column == 3);
  CHECK(late.line == 1 + static_cast<std::size_t>(std::count(bad.begin(), bad.begin() + static_cast<std::ptrdiff_t>(bad.find("high")), '\n')));
  const ndcg::error more = error_of(plain + " 0.5\n");
  CHECK(more.code == ec::field_count);
  CHECK(more.line == 20001);
  CHECK(more.column == 2);
  CHECK(more.message.find("got more") != std::string::npos);
  const ndcg::error short_one = error_of(plain.substr(0, plain.rfind('\n', plain.size() - 2) + 1));
  CHECK(short_one.line == 19999);
  CHECK(short_one.message.find("expected 20000 predictions, one per line of qrels, got 19999") != std::string::npos);
}

namespace {
void check_same_error(const ndcg::error& got, const ndcg::error& want) {
  CHECK(got.source == want.source);
  CHECK(got.code == want.code);
  CHECK(got.line == want.line);
  CHECK(got.column == want.column);
  CHECK(got.message == want.message);
}
}  // namespace

// A run source's predictions are read on a second thread beside the LETOR
// file, before its lines are counted: the same scores and the same errors
// (line, column, message) as the predictions read after it.
TEST_CASE("inputs: LETOR predictions read beside the LETOR file, as when read after it") {
  const std::string letor = "# three lines\n1 qid:1 1:0 # docid = a\n\n0 qid:1 1:0 #docid=b\n2 qid:2 1:0 # docid = c x\n";
  const std::vector<std::string> predictions = {
      "0.5\n0.2\n0.9\n", "0.5\n0.2\n0.9", "0.5\n\n0.2\n  0.9\n", "0.5\r\n0.2\r\n0.9\r\n", "0.5\r0.2\r0.9\r",
      "\xEF\xBB\xBF" "0.5\n0.2\n0.9\n", "0.5\n0.2\n0.9\n\n\n", "0.5\n0.2\n", "\n\n0.5\n0.2\n", "", "\n\n",
      "0.5\n0.2\n0.9\n1\n", "0.5\n0.2\n0.9\n\n   1\n", "0.5\n0.2\n0.9\n1\n2\n3\n4\n5\n", "0.5\n0.2\n0.9\nx\n",
      "0.5\n0.2\n0.9\n1\nx\n", "0.5\nx\n0.9\n", "0.5 0.1\n0.2\n0.9\n", "0.5\n0.2\n0.9\n1 2\n",
      std::string("0.5\n0.2\0\n0.9\n", 13), "0.5\n0.2\n\n\n\n\n\n\n0.9\n  7\n"};
  ndcg::batch_settings b;
  b.trec.measures = {"all_trec"};
  for (const std::string& given : predictions) {
    CAPTURE(given);
    std::vector<ndcg::batch_reading> after_readings, beside_readings;
    auto after = evaluated_inputs(letor, {given}, {}, after_readings);
    ndcg::text_source source(given);
    auto beside = ndcg::evaluate_run(letor, source, b, {}, {}, beside_readings);
    REQUIRE(after.ok() == beside.ok());
    if (!after.ok()) {
      check_same_error(beside.err(), after.err());
      continue;
    }
    CHECK(ndcg::format_trec(beside->result, true) == ndcg::format_trec((*after)[0].result, true));
    REQUIRE(beside_readings.size() == 2);
    CHECK(ndcg::reading_line(beside_readings[1]) == ndcg::reading_line(after_readings[1]));
  }
  // A LETOR file refused while its long predictions are still being read (the reading stops safely).
  std::string many;
  for (int i = 0; i < 300000; ++i) many += "0.5\n";
  ndcg::text_source source(many);
  std::vector<ndcg::batch_reading> readings;
  auto refused = ndcg::evaluate_run("x qid:1 1:0\n" + letor, source, b, {}, {}, readings);
  REQUIRE(!refused.ok());
  CHECK(refused.err().line == 1);
  CHECK(refused.err().code == ndcg::error_code::not_a_number);
}

#ifndef __EMSCRIPTEN__  // the modules take texts
namespace {
// A source whose size is not known (a pipe).
class unsized_source final : public ndcg::run_source {
 public:
  explicit unsized_source(std::string_view text) : text_(text) {}
  std::size_t read(char* into, std::size_t size) override { return text_.read(into, std::min<std::size_t>(size, 4000)); }
  bool rewind() override { return false; }

 private:
  ndcg::text_source text_;
};
}  // namespace

// A run from a pipe that is slow or never ends (predictions typed, `yes 1`):
// a fault in the LETOR file is said without reading it, whole or in pieces.
TEST_CASE("inputs: a LETOR file's fault is said before its predictions from a pipe are read") {
  struct untouched_source final : ndcg::run_source {
    bool read_from = false;
    std::size_t read(char*, std::size_t) override { return read_from = true, 0; }
    bool rewind() override { return false; }
  };
  const std::string bad = "x qid:1 1:0 # docid = a\n1 qid:1 1:0 # docid = b\n";
  ndcg::batch_settings b;
  b.trec.measures = {"ndcg"};
  std::vector<ndcg::batch_reading> readings;
  untouched_source whole_run;
  auto whole = ndcg::evaluate_run(bad, whole_run, b, {}, {}, readings);
  REQUIRE(!whole.ok());
  CHECK(whole.err().line == 1);
  CHECK(!whole_run.read_from);
  ndcg::text_source file(bad);
  untouched_source pieces_run;
  auto pieces = ndcg::evaluate_run(file, pieces_run, b, {}, {}, readings);
  REQUIRE(!pieces.ok());
  CHECK(pieces.err().line == 1);
  CHECK(!pieces_run.read_from);
}

// A LETOR file from a source (the command's file) is read in pieces of
// 256 KB or more, not held: queries that span pieces, line ends and errors
// anywhere give what the file read whole gives, from a file or a pipe.
TEST_CASE("inputs: a LETOR file read in pieces, as when read whole") {
  std::string letor = "\xEF\xBB\xBF# made here\r\n", predictions;
  for (int i = 0; i < 90000; ++i) {
    const std::string q = std::to_string(i / 701), d = "document-" + std::to_string(i % 701);
    letor += std::to_string(i % 4) + " qid:" + q + " 1:0.5 2:" + std::to_string(i % 9) + " # docid = " + d +
             (i % 5000 == 0 ? " inc = 1\r\n\n" : "\r\n");
    predictions += std::to_string((i * 7919) % 1000) + "\n";
  }
  REQUIRE(letor.size() > 3 * (std::size_t(1) << 20));
  ndcg::batch_settings b;
  b.trec.measures = {"ndcg_cut.10", "map"};
  const auto both = [&](const std::string& judged, const std::string& run) {
    std::vector<ndcg::batch_reading> whole_readings, piece_readings;
    ndcg::text_source run_whole(run), run_pieces(run), file(judged);
    auto whole = ndcg::evaluate_run(judged, run_whole, b, {}, {}, whole_readings);
    auto pieces = ndcg::evaluate_run(file, run_pieces, b, {}, {}, piece_readings);
    std::vector<ndcg::batch_reading> pipe_readings;
    ndcg::text_source run_pipe(run);
    unsized_source pipe(judged);
    auto piped = ndcg::evaluate_run(pipe, run_pipe, b, {}, {}, pipe_readings);
    REQUIRE(whole.ok() == pieces.ok());
    REQUIRE(whole.ok() == piped.ok());
    if (!whole.ok()) {
      check_same_error(piped.err(), whole.err());
      check_same_error(pieces.err(), whole.err());
      return pieces.err().line;
    }
    CHECK(ndcg::format_trec(pieces->result, true) == ndcg::format_trec(whole->result, true));
    CHECK(ndcg::format_trec(piped->result, true) == ndcg::format_trec(whole->result, true));
    REQUIRE(piece_readings.size() == 2);
    CHECK(ndcg::reading_line(piece_readings[0]) == ndcg::reading_line(whole_readings[0]));
    return std::size_t(0);
  };
  CHECK(both(letor, predictions) == 0);
  // A docid again late in a query that began pieces before, a query come back, a bad label.
  const std::size_t late = letor.find("document-700", letor.size() / 2);
  std::string twice = letor;
  twice.replace(late, 12, "document-1");
  CHECK(both(twice, predictions) > 40000);
  std::string back = letor;
  back.replace(back.rfind("qid:"), 7, "qid:1 ");
  CHECK(both(back, predictions) > 90000);
  std::string label = letor;
  label.replace(label.find("\n", letor.size() / 3) + 1, 1, "x");
  CHECK(both(label, predictions) > 20000);
  CHECK(both(letor, predictions + "1\n") > 0);
}
#endif

TEST_CASE("inputs: LETOR with predictions, and with a group file, as their TREC equivalents") {
  const parity p;
  const letor_set s = letor_of(p);
  CHECK(through_inputs(s.letor, {s.predictions}) == evaluated(s.trec_qrels, s.trec_run));
  ndcg::input_reading how;
  how.group = s.group;
  CHECK(through_inputs(s.bare, {s.predictions}, how) == evaluated(s.group_qrels, s.group_run));
#ifndef __EMSCRIPTEN__  // the files as the command gives them: the LETOR file read in pieces
  for (const bool grouped : {false, true}) {
    ndcg::text_source file(grouped ? s.bare : s.letor), run(s.predictions);
    std::vector<ndcg::batch_reading> said;
    ndcg::batch_settings b;
    b.trec.measures = {"all_trec"};
    auto from_file = ndcg::evaluate_run(file, run, b, {}, grouped ? how : ndcg::input_reading(), said);
    REQUIRE(from_file.ok());
    CHECK(ndcg::format_trec(from_file->result, true) ==
          (grouped ? evaluated(s.group_qrels, s.group_run) : evaluated(s.trec_qrels, s.trec_run)));
  }
#endif
  std::vector<ndcg::batch_reading> readings;
  auto in = evaluated_inputs(s.letor, {s.predictions, s.predictions}, {}, readings);
  REQUIRE(in.ok());
  CHECK(in->size() == 2);
  REQUIRE(readings.size() == 3);
  CHECK(ndcg::reading_line(readings[0]) == "qrels read as LETOR: labels -> rel, 4114 lines in 51 queries; doc ids from #docid comments");
  CHECK(ndcg::reading_line(readings[1]) == "run read as predictions: one score per line of qrels");
  CHECK(ndcg::reading_line(readings[2]) == ndcg::reading_line(readings[1]));
}

TEST_CASE("inputs: one table with score and rel is the run and the qrels (an LTR evaluation set)") {
  std::vector<ndcg::batch_reading> readings;
  auto in = evaluated_inputs("qid,label,score\n1,2,0.5\n1,0,0.9\n1,1,0.1\n2,1,0.3\n2,0,0.2\n", {}, {}, readings);
  REQUIRE(in.ok());
  CHECK(ndcg::format_trec((*in)[0].result, true) ==
        evaluated("1 0 1 2\n1 0 2 0\n1 0 3 1\n2 0 1 1\n2 0 2 0\n",
                  "1 Q0 1 1 0.5 run\n1 Q0 2 2 0.9 run\n1 Q0 3 3 0.1 run\n2 Q0 1 1 0.3 run\n2 Q0 2 2 0.2 run\n"));
  REQUIRE(readings.size() == 1);
  CHECK(ndcg::reading_line(readings[0]) ==
        "qrels read as CSV: qid -> query, score -> score, label -> rel; doc ids: each row's position in its query (run "
        "and qrels in one file)");
}

TEST_CASE("inputs: escaped JSON strings and quoted CSV cells are read as their text, keys and values alike") {
  const std::string qrels = "q1 0 d\"2 1\nq1 0 d1 2\nq2 0 a\\b 1\n";
  const std::string want = evaluated(qrels, "q1 Q0 d\"2 1 3 run\nq1 Q0 d1 2 2.5 run\nq2 Q0 a\\b 1 1 run\n");
  std::vector<ndcg::batch_reading> readings;
  // An escaped key before an escaped value: the key's name outlives the value's token.
  auto jsonl = evaluated_inputs(qrels,
                                {"{\"qu\\u0065ry_id\": \"q\\u0031\", \"doc_id\": \"d\\\"2\", \"score\": 3}\n"
                                 "{\"query_id\": \"q1\", \"x\\u0041\": \"\\u0042\", \"doc_id\": \"d1\", \"score\": \"2.5\"}\n"
                                 "{\"query_id\": \"q2\", \"doc_id\": \"a\\\\b\", \"score\": 1}\n"},
                                {}, readings);
  REQUIRE(jsonl.ok());
  CHECK(ndcg::format_trec((*jsonl)[0].result, true) == want);
  REQUIRE(readings.size() == 1);
  CHECK(ndcg::reading_line(readings[0]) ==
        "run read as JSON Lines records: query_id -> query, doc_id -> doc, score -> score; ignored: xA");
  auto csv = evaluated_inputs(qrels, {"query_id,doc_id,score\r\nq1,\"d\"\"2\",3\r\n\"q1\", d1 ,2.5\r\nq2,\"a\\b\",1\r\n"}, {},
                              readings);
  REQUIRE(csv.ok());
  CHECK(ndcg::format_trec((*csv)[0].result, true) == want);
}

TEST_CASE("inputs: JSON Lines strings of each length to 40, plain or escaped anywhere, read as their text") {
  // Lengths around the readers' steps (8 and 16 bytes), an escape at each
  // seventh place, two-byte characters; an ignored key shifts the next ones.
  std::string qrels, run, jsonl;
  const std::string letters = "abcdef0123\xC3\xA9";
  std::size_t rank = 0;
  for (std::size_t n = 1; n <= 40; ++n) {
    for (std::size_t at = 0; at <= n; at += 7) {
      std::string id;
      for (std::size_t k = 0; k < n; ++k) id += k == at ? (k % 2 ? '"' : '\\') : letters[(n * 7 + k + at) % letters.size()];
      id += "-" + std::to_string(++rank);
      const std::string score = std::to_string(1000 - rank);
      run += "q Q0 " + id + " " + std::to_string(rank) + " " + score + " run\n";
      if (rank % 3 == 0) qrels += "q 0 " + id + " " + std::to_string(rank % 2 + 1) + "\n";
      jsonl += "{\"query_id\": \"q\", " + std::string(rank % 4 == 0 ? "\"padding\": \"" + std::string(rank % 17, 'p') + "\", " : "") +
               "\"doc_id\": " + json_string(id) + ", \"score\": " + score + "}\n";
    }
  }
  CHECK(through_inputs(qrels, {jsonl}) == evaluated(qrels, run));
}

TEST_CASE("inputs: JSON Lines read straight agree with the JSON reader: every escape, each form of number, and their faults") {
  // JSON Lines are read from the text where records are plain, an array of
  // the same records by the JSON reader: the same run, or the same error
  // one line later (the array's "[" has a line of its own).
  const std::vector<std::string> docs = {"d\\\"1", "d\\\\2", "d\\/3", "d\\b4", "d\\u00e95", "\\u00416", "d7", "d8"};
  const std::vector<std::string> scores = {"0", "-0", "3.0", "1e5", "1E+2", "2.5e-3", "-1.5e-07", "7.416694593961299",
                                           "12345678901234567890123456789012345.5", "0.25E-1"};
  const auto record = [](const std::string& doc, const std::string& score) {
    return "{\"query_id\": \"q\", \"doc_id\": \"" + doc + "\", \"score\": " + score + "}";
  };
  const auto both = [&](const std::vector<std::string>& records) {
    std::string lines, array = "[\n";
    for (const std::string& r : records) lines += r + "\n", array += r + (&r == &records.back() ? "\n]\n" : ",\n");
    ndcg::input_reading as_json;
    as_json.run_format = ndcg::input_format::json;
    return std::make_pair(evaluated_inputs("q 0 d7 1\n", {lines}), evaluated_inputs("q 0 d7 1\n", {array}, as_json));
  };
  std::vector<std::string> records;
  for (std::size_t i = 0; i < docs.size() * scores.size(); ++i)
    records.push_back(record(docs[i % docs.size()] + "-" + std::to_string(i), scores[i % scores.size()]));
  const auto [lines, array] = both(records);
  REQUIRE(lines.ok());
  REQUIRE(array.ok());
  CHECK(ndcg::format_trec((*lines)[0].result, true) == ndcg::format_trec((*array)[0].result, true));
  std::vector<std::string> others;  // a fault in a value, or a value of another type
  for (const char* doc : {"d\\q", "d\\u12", "d\\x", "d\tx", "d\\tx", "d\\nx", "d\\u0000x", "d\\ud800x"})
    for (const char* score : {"01", "1.", ".5", "-", "1e", "1.0e", "+1", "0.e1", "1.5"}) others.push_back(record(doc, score));
  for (const char* doc : {"5", "5\"", "-1.5e3", "true", "\"5"})
    others.push_back("{\"query_id\": \"q\", \"doc_id\": " + std::string(doc) + ", \"score\": 1}");
  for (const char* score : {"\"1.5\"", "\"x\"", "true", "[1]", "{}", "1.5 "}) others.push_back(record("d1", score));
  for (const std::string& other : others) {
    std::vector<std::string> broken(records.begin(), records.begin() + 9);
    broken.push_back(other);
    broken.insert(broken.end(), records.begin() + 9, records.end());
    CAPTURE(broken[9]);
    const auto [l, a] = both(broken);
    REQUIRE(l.ok() == a.ok());
    if (l.ok()) {  // a number for an id, a lone surrogate (U+FFFD), a score as a string
      CHECK(ndcg::format_trec((*l)[0].result, true) == ndcg::format_trec((*a)[0].result, true));
      continue;
    }
    CHECK(l.err().message == a.err().message);
    CHECK(l.err().code == a.err().code);
    CHECK(l.err().line + 1 == a.err().line);
    CHECK(l.err().column == a.err().column);
  }
}

TEST_CASE("inputs: a docid twice in a query is said before any error on a later line, judged query or not") {
  // Query a is judged (its docids checked with its evaluation), c is not
  // (checked as read); the broken score comes later, in the same query or
  // the next, or nothing else is wrong.
  const std::string qrels = "a 0 d1 1\na 0 d2 0\nb 0 d1 1\n";
  for (const char* q : {"a", "c"}) {
    for (const char* after : {"", "a,d2,x\n", "b,d1,x\n"}) {
      const std::string run = std::string("qid,docid,score\n") + q + ",d1,2\n" + q + ",d1,1\n" + after + "b,d1,1\n";
      CAPTURE(run);
      std::vector<ndcg::batch_reading> readings;
      auto got = evaluated_inputs(qrels, {run}, {}, readings);
      REQUIRE(!got.ok());
      CHECK(got.err().code == ndcg::error_code::duplicate_id);
      CHECK(got.err().source == "run");
      CHECK(got.err().line == 3);
      CHECK(got.err().column == 3);
      CHECK(got.err().message ==
            "expected each docid once per query, got \"d1\" again in query \"" + std::string(q) + "\" (first on line 2)");
      CHECK(readings.empty());
    }
  }
}

TEST_CASE("inputs: an empty quoted cell is empty, whatever the cell before it in its column held") {
  std::vector<ndcg::batch_reading> readings;
  // Cells are reused from record to record: "" must not show the last record's text.
  for (const char* first : {"d1", "\"d1\""}) {
    const std::string head = std::string("query_id,doc_id,score\nq1,") + first + ",3\n";
    auto quoted = evaluated_inputs("q1 0 d1 1\n", {head + "q1,\"\",2\n"}, {}, readings);
    auto plain = evaluated_inputs("q1 0 d1 1\n", {head + "q1,,2\n"}, {}, readings);
    REQUIRE(!quoted.ok());
    REQUIRE(!plain.ok());
    CHECK(quoted.err().message == plain.err().message);
    CHECK(quoted.err().code == plain.err().code);
    CHECK(quoted.err().line == 3);
  }
}

TEST_CASE("inputs: a run with only a rank is in rank order, and says so") {
  std::vector<ndcg::batch_reading> readings;
  auto in = evaluated_inputs("q 0 b 1\n",
                        {"{\"query_id\": \"q\", \"doc_id\": \"a\", \"rank\": 1}\n"
                         "{\"query_id\": \"q\", \"doc_id\": \"b\", \"rank\": 2}\n"},
                        {}, readings);
  REQUIRE(in.ok());
  CHECK(ndcg::format_trec((*in)[0].result, true) == evaluated("q 0 b 1\n", "q Q0 a 1 -1 run\nq Q0 b 2 -2 run\n"));
  REQUIRE(readings.size() == 1);
  CHECK(ndcg::reading_line(readings[0]) ==
        "run read as JSON Lines records: query_id -> query, doc_id -> doc, rank -> rank; ordered by rank (score = -rank)");
}

TEST_CASE("inputs: TREC as people hold it passes as it is (trailing columns, Q0 or 0.5 rounds, ranks from 0, negative scores)") {
  std::vector<ndcg::batch_reading> readings;
  auto in = evaluated_inputs("q Q0 a 1\nq 0.5 b 2\n", {"q Q0 a 0 -1.5 r extra cols\nq Q0 b 7 -0.5 r\n"}, {}, readings);
  REQUIRE(in.ok());
  CHECK(readings.empty());
  const ndcg::trec_result& r = (*in)[0].result;
  const auto ndcg_at = std::find(r.names.begin(), r.names.end(), "ndcg") - r.names.begin();
  CHECK(r.mean[static_cast<std::size_t>(ndcg_at)] == doctest::Approx(1.0));
}

TEST_CASE("inputs: the format of a text, from its first data line") {
  struct row {
    const char* text;
    input_format want;
  };
  const row rows[] = {
      {"q Q0 d 1 0.5 run\n", input_format::trec},
      {"q 0 d 1\n", input_format::trec},
      {"# comment\n2 qid:1 1:0.5 # docid = x\n", input_format::letor},
      {"2 1:0.5 2:0.1\n", input_format::letor},
      {"query_id,doc_id,score\nq,d,1\n", input_format::csv},
      {"\xEF\xBB\xBF\"query_id\",\"doc_id\",\"score\"\r\n", input_format::csv},
      // The header's cells as the table reader splits them: a separator inside quotes is text.
      {"query_id,doc_id,\"score,2024\"\nq,d,1\n", input_format::csv},
      {"query-id\tcorpus-id\tscore\r\nq\td\t1\r\n", input_format::tsv},
      {"q\tQ0\td\t1\t0.5\trun\n", input_format::trec},
      {"{\"q\": {\"d\": 1}}", input_format::json},
      {"[{\"qid\": \"q\"}]", input_format::json},
      {"{\"qid\": \"q\", \"docid\": \"d\", \"score\": 1}\n{\"qid\": \"q\", \"docid\": \"e\", \"score\": 2}\n",
       input_format::jsonl},
      {"1048585\t7187158\t1\n1048585\t7187159\t2\n", input_format::msmarco},
      {"qid\tpid\trank\n1\t2\t1\n", input_format::tsv},
      {"q\t0\td\t1\n", input_format::trec},
      {"q d 1\n", input_format::trec},
      {"", input_format::trec},
  };
  for (const row& r : rows) {
    CAPTURE(r.text);
    CHECK(ndcg::detect_input(r.text, false) == r.want);
  }
}

TEST_CASE("inputs: each broken input is refused at its own line and column") {
  struct row {
    const char* name;
    const char* qrels;
    const char* run;
    const char* source;
    std::size_t line, column;
    ndcg::error_code code;
    const char* message;  // a part of it
  };
  using ec = ndcg::error_code;
  const char* ok_qrels = "q 0 a 1\n";
  const row rows[] = {
      {"ragged CSV", ok_qrels, "query_id,doc_id,score\nq,a,0.5\nq,b\n", "run", 3, 4, ec::field_count, "expected 3 fields"},
      {"ragged CSV, a cell more", ok_qrels, "query_id,doc_id,score\nq,a,0.5,9\n", "run", 2, 9, ec::field_count, "got 4"},
      // A quoted cell may span lines: the place is on the line of the cell it names.
      {"ragged CSV, short after a cell of two lines", ok_qrels, "query_id,doc_id,score\nq,\"a\nb\"\n", "run", 2, 3,
       ec::field_count, "got 2"},
      {"ragged CSV, a cell more after a cell of two lines", ok_qrels, "query_id,doc_id,score\n\"q\nr\",a,0.5,9\n", "run", 3,
       10, ec::field_count, "got 4"},
      {"unclosed quote", ok_qrels, "query_id,doc_id,score\nq,\"a,0.5\n", "run", 2, 3, ec::unclosed_quote, "closing"},
      {"a score that is not a number", ok_qrels, "query_id,doc_id,score\nq,a,abc\n", "run", 2, 5, ec::not_a_number,
       "a score"},
      {"an id with a space", ok_qrels, "query_id,doc_id,score\nq,\"a b\",1\n", "run", 2, 3, ec::bad_input, "no spaces"},
      // A mark in the middle is a file pasted into another; on the first line of the
      // TREC text made of the table it would be dropped, and the query merged with another.
      {"a byte-order mark before a query id", ok_qrels, "query_id,doc_id,score\nq,a,0.5\n\xEF\xBB\xBFq,b,0.4\n", "run", 3, 1,
       ec::bad_input, "not starting with # or a BOM"},
      {"a byte-order mark on a table's first row", "qid,label,score\n\xEF\xBB\xBF" "1,2,0.5\n1,0,0.9\n", nullptr, "qrels", 2,
       1, ec::bad_input, "a BOM"},
      {"a query id that would make its line a comment", ok_qrels, "query_id,doc_id,score\nq,a,0.5\n#q,b,0.4\n", "run", 3,
       1, ec::bad_input, "not starting with #"},
      {"a doc twice", ok_qrels, "qid,docid,score\nq,a,1\nq,a,2\n", "run", 3, 3, ec::duplicate_id, "first on line 2"},
      {"no score column", ok_qrels, "qid,docid,weight\nq,a,1\n", "run", 1, 1, ec::no_grade_column, "score column"},
      {"two query columns", ok_qrels, "qid,topic,docid,score\n", "run", 1, 5, ec::duplicate_column, "one query"},
      {"a judgment of 0.5", "qid,docid,rel\nq,a,0.5\n", "q Q0 a 1 1 r\n", "qrels", 2, 5, ec::not_whole, "judgment"},
      {"no rel column in qrels", "qid,docid,weight\nq,a,1\n", "q Q0 a 1 1 r\n", "qrels", 1, 1, ec::no_grade_column,
       "rel column"},
      {"JSON: a string score", ok_qrels, "{\"q\": {\"a\": \"x\"}}", "run", 1, 14, ec::not_a_number, "a score"},
      {"JSON: a trailing comma", ok_qrels, "{\"q\": {\"a\": 1,}}", "run", 1, 15, ec::bad_input, "a key"},
      {"JSON: a null score", ok_qrels, "{\"q\": {\"a\": null}}", "run", 1, 13, ec::bad_input, "a number"},
      {"JSON: unclosed", ok_qrels, "{\"q\": {\"a\": 1}", "run", 1, 15, ec::bad_input, "the end"},
      {"JSON: a record without a score", ok_qrels, "[{\"qid\": \"q\", \"doc\": \"a\"}]", "run", 1, 11,
       ec::missing_value, "a score or a rank"},
      {"JSON Lines: line 2 broken", ok_qrels, "{\"qid\": \"q\", \"doc\": \"a\", \"score\": 1}\n{\"qid\": \"q\", \"doc\": 2, \"score\": }\n",
       "run", 2, 33, ec::bad_input, "a JSON value"},
      {"LETOR: no qid:", "2 qid:1 1:0.5\n1 1:0.3 2:0.1\n", "0.5\n0.4\n", "qrels", 2, 3, ec::bad_input, "qid:ID"},
      {"LETOR: a label that is not a number", "x qid:1 1:0.5\n", "0.5\n", "qrels", 1, 1, ec::not_a_number, "a label"},
      {"LETOR: a label of 0.5", "0.5 qid:1 1:0.5\n", "0.5\n", "qrels", 1, 1, ec::not_whole, "whole-number label"},
      {"LETOR: a broken feature", "1 qid:1 1:0.5 junk\n", "0.5\n", "qrels", 1, 15, ec::bad_input, "index:value"},
      {"LETOR: a query that comes back", "1 qid:1 1:0\n1 qid:2 1:0\n1 qid:1 1:0\n", "1\n2\n3\n", "qrels", 3, 7,
       ec::ungrouped_run, "first on line 1"},
      // Found by fuzzing: the qid opened the TREC text it became, whose reader dropped the mark, and
      // query "\xEF\xBB\xBF1" met query "1" as one query with document 1 twice.
      {"LETOR: a qid starting with a BOM", "2 qid:\xEF\xBB\xBF" "1 1:0.5\n0 qid:1 1:1\n", "0.5\n0.25\n", "qrels", 1, 7,
       ec::bad_input, "not starting with a BOM"},
      {"LETOR: a docid twice", "1 qid:1 1:0 # docid = a\n1 qid:1 1:0 #docid=a\n", "1\n2\n", "qrels", 2, 14,
       ec::duplicate_id, "first on line 1"},
      {"LETOR: predictions one short", "1 qid:1 1:0\n0 qid:1 1:0\n", "0.5\n", "run", 1, 1, ec::field_count,
       "expected 2 predictions, one per line of qrels, got 1"},
      {"LETOR: predictions one long", "1 qid:1 1:0\n", "0.5\n0.7\n", "run", 2, 1, ec::field_count, "got more"},
      {"LETOR: a prediction that is not a number", "1 qid:1 1:0\n", "high\n", "run", 1, 1, ec::not_a_number,
       "a prediction"},
      {"LETOR alone", "1 qid:1 1:0\n", nullptr, "qrels", 0, 0, ec::missing_value, "predictions file"},
      {"TREC alone", ok_qrels, nullptr, "qrels", 0, 0, ec::missing_value, "a run file too"},
      {"a LETOR run", ok_qrels, "1 qid:1 1:0\n", "run", 0, 0, ec::mixed_formats, "LETOR"},
  };
  for (const row& r : rows) {
    INFO(std::string(r.name));
    std::vector<std::string> runs;
    if (r.run) runs.push_back(r.run);
    auto in = evaluated_inputs(r.qrels, runs);
    REQUIRE(!in.ok());
    const ndcg::error& e = in.err();
    CAPTURE(e.message);
    CHECK(e.source == r.source);
    CHECK(e.line == r.line);
    CHECK(e.column == r.column);
    CHECK(e.code == r.code);
    CHECK(e.message.find(r.message) != std::string::npos);
    CHECK(test_support::table_problem(e) == "");
  }
}

// ---- one tokenizer and one header rule for explain and batch ------------------

namespace {

// A table as explain reads it (one ranking) and as ndcg trec reads it (a run).
struct both_readings {
  ndcg::expected<ndcg::parsed_ranking> explain;
  ndcg::expected<std::vector<ndcg::run_evaluation>> batch;
};
both_readings read_both(const std::string& table, const std::string& qrels = "q 0 a 1\nq 0 b 0\n") {
  return {ndcg::parse_ranking(table), evaluated_inputs(qrels, {table})};
}

}  // namespace

TEST_CASE("one tokenizer: a broken table is refused alike by explain and by the batch readers") {
  struct row {
    const char* name;
    const char* table;
    std::size_t line, column;
    ndcg::error_code code;
    const char* message;  // the whole of it
  };
  using ec = ndcg::error_code;
  const row rows[] = {
      // The quote opens on line 3; the cell runs to the end of the input.
      {"an unclosed quote", "qid,docid,score,rel\nq,a,1,1\nq,\"b,2,0\nq,c,3,1\n", 3, 3, ec::unclosed_quote,
       "expected a closing quote for the quoted cell that opens here, got the end of the input"},
      {"text after a quoted cell", "qid,docid,score,rel\nq,\"a\"x y,1,1\n", 2, 6, ec::bad_input,
       "expected a separator or the line's end after a quoted cell, got \"x y\""},
      // "q,a,1" ends at column 5: one past it is 6.
      {"a short row", "qid,docid,score,rel\nq,a,1\n", 2, 6, ec::field_count,
       "expected 4 fields as in the header on line 1, got 3"},
      {"a long row", "qid,docid,score,rel\nq,a,1,1,9\n", 2, 9, ec::field_count,
       "expected 4 fields as in the header on line 1, got 5"},
      {"a short row after comments and blank lines", "# judged by two\n\nqid,docid,score,rel\n\nq,a,1\n", 5, 6,
       ec::field_count, "expected 4 fields as in the header on line 3, got 3"},
      {"two query columns", "qid,topic,docid,score,rel\nq,q,a,1,1\n", 1, 5, ec::duplicate_column,
       "expected one query column, got a second one, \"topic\" (the first is \"qid\")"},
  };
  for (const row& r : rows) {
    INFO(std::string(r.name));
    const both_readings got = read_both(r.table);
    REQUIRE(!got.explain.ok());
    REQUIRE(!got.batch.ok());
    for (const ndcg::error* e : {&got.explain.err(), &got.batch.err()}) {
      CAPTURE(e->message);
      CHECK(e->line == r.line);
      CHECK(e->column == r.column);
      CHECK(e->code == r.code);
      CHECK(e->message == r.message);
    }
  }
}

TEST_CASE("one tokenizer: quotes, line ends, blank lines and separators read alike by explain and batch") {
  SUBCASE("a quoted cell across lines (CRLF inside kept as a line end); the next row is on line 4") {
    const both_readings got = read_both("qid,docid,score,rel,note\r\nq,a,1,1,\"two\r\nlines\"\r\nq,b,0.5,0,x\r\n");
    REQUIRE(got.explain.ok());
    REQUIRE(got.batch.ok());
    REQUIRE(got.explain->items.size() == 2);
    CHECK(got.explain->items[1].id == "b");
    CHECK(got.explain->items[1].line == 4);
    // An id must stay on one line (reports and bindings hold an id a line).
    const auto spanning = ndcg::parse_ranking("id,rel\nc,0\n\"a\r\nb\",1\n");
    REQUIRE(!spanning.ok());
    CHECK(spanning.err().message == "expected an id on one line, got \"a\\x0ab\"");
    CHECK(spanning.err().line == 3);
    CHECK(spanning.err().column == 1);
  }
  SUBCASE("a quote inside an unquoted cell is a character, as Python's csv reads it") {
    const both_readings got = read_both("qid,docid,score,rel\nq,a\"1,1,1\nq,b,0.5,0\n", "q 0 a\"1 1\nq 0 b 0\n");
    REQUIRE(got.explain.ok());
    REQUIRE(got.batch.ok());
    CHECK(got.explain->items[0].id == "a\"1");
    const ndcg::trec_result& r = (*got.batch)[0].result;
    const auto at = std::find(r.names.begin(), r.names.end(), "ndcg") - r.names.begin();
    CHECK(r.mean[static_cast<std::size_t>(at)] == doctest::Approx(1.0));  // a"1, the one relevant doc, ranked first
  }
  SUBCASE("blank lines, spaces around cells and a trailing separator (an empty last column, ignored)") {
    const both_readings got = read_both("qid,docid,score,rel,\n\n q , a ,1,1,\n  \nq,b,0.5,0,\n");
    REQUIRE(got.explain.ok());
    REQUIRE(got.batch.ok());
    REQUIRE(got.explain->items.size() == 2);
    CHECK(got.explain->items[0].id == "a");
    CHECK(got.explain->items[1].line == 5);
  }
  SUBCASE("lines that end in a lone CR") {
    const both_readings got = read_both("qid,docid,score,rel\rq,a,1,1\rq,b,0.5,0\r");
    REQUIRE(got.explain.ok());
    REQUIRE(got.batch.ok());
    REQUIRE(got.explain->items.size() == 2);
    CHECK(got.explain->items[1].line == 3);
  }
  SUBCASE("# comments before the header, as detection skips them") {
    const both_readings got = read_both("# from the judges\nqid,docid,score,rel\nq,a,1,1\n");
    REQUIRE(got.explain.ok());
    REQUIRE(got.batch.ok());
    CHECK(got.explain->items[0].line == 3);
  }
}

TEST_CASE("one tokenizer: long texts, whose plain lines are split by masks, give the cells each line gives alone") {
  // Lines of 0 to about 100 bytes, so that some end within the next 64
  // bytes (the masks' reach) and some do not; blanks around and inside
  // cells, empty cells, literal quotes, two-byte characters, CRLF and LF ends.
  std::mt19937 g(46);
  for (const char delim : {',', '\t'}) {
    std::vector<std::string> alphabet = {"a", "b", "7", ".", " ", "\"", "\xC3\xA9", "#"};
    if (delim == ',') alphabet.push_back("\t");  // a blank in CSV
    for (int round = 0; round < 20; ++round) {
      std::string text;
      std::vector<std::string> lines;
      for (int l = 0; l < 300; ++l) {
        std::string line;
        const std::size_t cells = g() % 6 + 1, width = g() % 4 == 0 ? 20 : 6;
        for (std::size_t c = 0; c < cells; ++c) {
          std::string cell;
          for (std::size_t k = g() % width; k > 0; --k) cell += alphabet[g() % alphabet.size()];
          const std::size_t first = cell.find_first_not_of(" \t");
          if (first != std::string::npos && cell[first] == '"') cell.insert(first, "z");  // no quoted cell
          line += (c ? std::string(1, delim) : "") + cell;
        }
        if (line.find_first_not_of(" \t") == std::string::npos) line = "x" + line;  // no blank line
        lines.push_back(line);
        text += line + (g() % 5 == 0 ? "\r\n" : "\n");
      }
      ndcg::detail::csv_records all(text, delim);
      std::vector<ndcg::detail::csv_cell> cells, alone;
      for (std::size_t l = 0; l < lines.size(); ++l) {
        CAPTURE(lines[l]);
        ndcg::detail::csv_records one(lines[l], delim);
        auto got_alone = one.next(alone);
        auto got = all.next(cells);
        REQUIRE(got_alone.ok());
        REQUIRE(got.ok());
        REQUIRE(*got == *got_alone);
        REQUIRE(cells.size() == alone.size());
        CHECK(all.text() == one.text());
        for (std::size_t c = 0; c < cells.size(); ++c) {
          CHECK(cells[c].text == alone[c].text);
          CHECK(cells[c].line == l + 1);
          CHECK(cells[c].column == alone[c].column);
        }
      }
      CHECK(!*all.next(cells));
    }
  }
}

TEST_CASE("one header rule: cells that hold no number and at least one known column name") {
  using f = ndcg::input_format;
  CHECK(ndcg::detect_input("docid,note\nd,x\n", false) == f::csv);  // one known name
  CHECK(ndcg::detect_input("docid\tnote\nd\tx\n", false) == f::tsv);
  CHECK(ndcg::detect_input("docid,3\n", false) == f::trec);          // a number: data
  CHECK(ndcg::detect_input("apple,pear\n", false) == f::trec);       // no known name
  CHECK(ndcg::detect_input("\"docid,note\"\n", false) == f::trec);   // one cell
  CHECK(ndcg::detect_format("rel,note\n3,x\n1,y\n") == ndcg::format::csv);
  CHECK(ndcg::detect_format("docid,note\nd,x\n") == ndcg::format::csv);
  CHECK(ndcg::detect_format("rel,3,2\n") == ndcg::format::grades);
  CHECK(ndcg::detect_format("\"rel,note\"\n3\n") == ndcg::format::grades);
  // Explain and batch take the same line as the header and say so.
  const auto one = ndcg::parse_ranking("rel,note\n3,x\n1,y\n");
  REQUIRE(one.ok());
  CHECK(one->columns == "rel,-");
  REQUIRE(one->items.size() == 2);
  CHECK(one->items[1].grade == 1);
  auto batch = evaluated_inputs("q 0 d 1\n", {"docid,note\nd,x\n"});
  REQUIRE(!batch.ok());
  CHECK(batch.err().line == 1);
  CHECK(batch.err().message.find("expected a query column") == 0);
}

TEST_CASE("inputs: a JSON nesting bomb stops at 64 levels") {
  std::string bomb = "[{\"qid\": \"q\", \"x\": ";
  for (int i = 0; i < 100; ++i) bomb += "{\"x\": [";
  auto in = evaluated_inputs("q 0 a 1\n", {bomb}, {});
  REQUIRE(!in.ok());
  CHECK(in.err().code == ndcg::error_code::too_large);
  CHECK(in.err().message == "expected at most 64 levels of nesting, got more");
  CHECK(in.err().line == 1);
}

TEST_CASE("inputs: group files whose sizes do not add up are refused, naming both counts") {
  ndcg::input_reading how;
  how.group = "2\n2\n";
  auto in = evaluated_inputs("1 1:0\n0 1:0\n1 1:0\n", {"1\n2\n3\n"}, how);
  REQUIRE(!in.ok());
  CHECK(in.err().source == "group");
  CHECK(in.err().message == "expected the group sizes to add up to the file's 3 lines, got 4");
  how.group = "1\n1\n";
  in = evaluated_inputs("1 1:0\n0 1:0\n1 1:0\n", {"1\n2\n3\n"}, how);
  REQUIRE(!in.ok());
  CHECK(in.err().line == 3);
  CHECK(in.err().message.find("as many lines as the group sizes add up to (2)") != std::string::npos);
  how.group = "1\nx\n";
  in = evaluated_inputs("1 1:0\n0 1:0\n", {"1\n2\n"}, how);
  REQUIRE(!in.ok());
  CHECK(in.err().source == "group");
  CHECK(in.err().line == 2);
  how.group = "1\n";
  in = evaluated_inputs("q 0 a 1\n", {"q Q0 a 1 1 r\n"}, how);
  REQUIRE(!in.ok());
  CHECK(in.err().source == "group");
}

#ifndef __EMSCRIPTEN__
TEST_CASE("inputs: gzip bombs and truncated gzip are refused clearly") {
  ndcg::input_reading how;
  how.lim.max_bytes = 100000;
  auto in = evaluated_inputs("q 0 a 1\n", {gzipped(std::string(1000000, '\n'))}, how);
  REQUIRE(!in.ok());
  CHECK(in.err().code == ndcg::error_code::too_large);
  CHECK(in.err().source == "run");
  CHECK(in.err().message.find("at most 100000 bytes once unpacked") != std::string::npos);
  const std::string whole = gzipped("q 0 a 1\n");
  in = evaluated_inputs(whole.substr(0, whole.size() - 6), {"q Q0 a 1 1 r\n"}, {});
  REQUIRE(!in.ok());
  CHECK(in.err().source == "qrels");
  CHECK(in.err().message.find("ends early") != std::string::npos);
  // The trailer's size is room taken ahead, not trusted: one that claims 4 GB is damage.
  std::string claims = whole;
  claims.replace(claims.size() - 4, 4, "\xff\xff\xff\xff");
  in = evaluated_inputs(claims, {"q Q0 a 1 1 r\n"}, {});
  REQUIRE(!in.ok());
  CHECK(in.err().source == "qrels");
  CHECK(in.err().message == "expected gzip data, got damaged data (incorrect length check)");
  std::vector<ndcg::batch_reading> readings;
  in = evaluated_inputs(gzipped("q 0 a 1\n") + gzipped("q 0 b 1\n"), {"q Q0 a 1 1 r\nq Q0 b 1 1 r\n"}, {}, readings);
  REQUIRE(in.ok());
  CHECK((*in)[0].result.num_q == 1);
  CHECK(ndcg::format_trec((*in)[0].result, true) == evaluated("q 0 a 1\nq 0 b 1\n", "q Q0 a 1 1 r\nq Q0 b 1 1 r\n"));
  REQUIRE(readings.size() == 1);
  CHECK(ndcg::reading_line(readings[0]) == "qrels (gzip) read as TREC");
}
#else
TEST_CASE("inputs: the WebAssembly build says to unpack gzip first") {
  auto in = evaluated_inputs(std::string("\x1f\x8b\x08\x00", 4), {"q Q0 a 1 1 r\n"}, {});
  REQUIRE(!in.ok());
  CHECK(in.err().message.find("unpack it first") != std::string::npos);
}
#endif

TEST_CASE("inputs: format names") {
  for (const char* name : {"auto", "trec", "csv", "tsv", "json", "jsonl", "letor"}) {
    auto f = ndcg::input_format_named(name);
    REQUIRE(f.ok());
    CHECK(ndcg::name_of(*f) == name);
  }
  CHECK(!ndcg::input_format_named("xml").ok());
}

TEST_CASE("trec command: every format's files, the readings on stderr, the output as trec_eval's") {
  const parity p;
  const letor_set s = letor_of(p);
  const std::string qrels = temp_file("set1.qrels", p.qrels), run = temp_file("set1.run", p.run);
  const outcome want = cli({"-q", "-m", "all_trec", qrels, run});
  REQUIRE(want.code == 0);
  CHECK(want.err.empty());
  const std::string tsv = temp_file("qrels.tsv", p.table(false, '\t', "\r\n"));
  const std::string csv = temp_file("run.csv", p.table(true, ',', "\n"));
  const outcome tables = cli({"-q", "-m", "all_trec", tsv, csv});
  CHECK(tables.out == want.out);
  CHECK(tables.err == "ndcg trec: " + tsv +
                          " read as TSV: query-id -> query, corpus-id -> doc, score -> rel (no rel column: the score "
                          "is the judgment)\nndcg trec: " +
                          csv + " read as CSV: query_id -> query, doc_id -> doc, score -> score, tag -> tag\n");
  SUBCASE("a CSV run on standard input") {
    CHECK(cli({"-q", "-m", "all_trec", tsv, "-"}, p.table(true, ',', "\n")).out == want.out);
  }
  SUBCASE("a TREC run on standard input still streams") {
    CHECK(cli({"-q", "-m", "all_trec", qrels, "-"}, p.run).out == want.out);
  }
  SUBCASE("LETOR with predictions, and with --group") {
    const std::string letor = temp_file("set1.letor", s.letor), pred = temp_file("set1.pred", s.predictions);
    const std::string tq = temp_file("t.qrels", s.trec_qrels), tr = temp_file("t.run", s.trec_run);
    CHECK(cli({"-q", "-m", "all_trec", letor, pred}).out == cli({"-q", "-m", "all_trec", tq, tr}).out);
    const std::string bare = temp_file("set1.bare", s.bare), group = temp_file("set1.group", s.group);
    const std::string gq = temp_file("g.qrels", s.group_qrels), gr = temp_file("g.run", s.group_run);
    CHECK(cli({"-q", "-m", "all_trec", "--group", group, bare, pred}).out == cli({"-q", "-m", "all_trec", gq, gr}).out);
    const outcome wrong = cli({"--group", group, bare, temp_file("short.pred", "1\n")});
    CHECK(wrong.code == 2);
    CHECK(wrong.err.find("short.pred:1:1: expected 4114 predictions, one per line of") != std::string::npos);
  }
#ifndef __EMSCRIPTEN__
  SUBCASE("gzip") {
    const std::string gq = temp_file("qrels.gz", gzipped(p.qrels)), gr = temp_file("run.csv.gz", gzipped(p.table(true, ',', "\n")));
    const outcome z = cli({"-q", "-m", "all_trec", gq, gr});
    CHECK(z.out == want.out);
    CHECK(z.err.find(gq + " (gzip) read as TREC") != std::string::npos);
  }
#endif
  SUBCASE("one table, run and qrels") {
    const std::string t = temp_file("ltr.csv", "qid,label,score\n1,2,0.5\n1,0,0.9\n");
    const outcome one = cli({"-m", "ndcg", t});
    CHECK(one.code == 0);
    CHECK(one.out == "ndcg                  \tall\t0.6309\n");
  }
  SUBCASE("a named format wins, and a wrong one is refused where the file breaks") {
    const outcome forced = cli({"--run-format", "trec", qrels, csv});
    CHECK(forced.code == 2);
    CHECK(forced.err.find(csv + ":1:26: expected 6 fields") != std::string::npos);
    const outcome named = cli({"--run-format=csv", "--qrels-format", "tsv", "-q", "-m", "all_trec", tsv, csv});
    CHECK(named.out == want.out);
    CHECK(cli({"--run-format", "xml", qrels, run}).code == 2);
  }
  SUBCASE("an error names the file, line and column") {
    const outcome bad = cli({qrels, temp_file("bad.csv", "qid,docid,score\nq1,d1,x\n")});
    CHECK(bad.code == 2);
    CHECK(bad.err.find("bad.csv:2:7: expected a score (a number), got \"x\"") != std::string::npos);
  }
}

TEST_CASE("trec command: records of every format evaluated with no TREC text between, as the TREC files are") {
  const parity p;
  const std::string qrels = temp_file("r.qrels", p.qrels);
  // A subcase of its own: what stands outside the subcases runs again for each.
  SUBCASE("JSON dicts, records and Lines, CSV and TSV") {
    const std::string want = cli({"-q", "-m", "all_trec", qrels, temp_file("r.run", p.run)}).out;
    const std::string untagged = cli({"-q", "-m", "all_trec", qrels, temp_file("r-tagged.run", p.run_tagged_run())}).out;
    struct row {
      const char* name;
      std::string qrels, run, want;
    };
    const row rows[] = {
        {"JSON dicts", p.dict(false), p.dict(true), untagged},
        {"JSON records", p.records(false, false), p.records(true, false), want},
        {"JSON Lines", p.records(false, true), p.records(true, true), want},
        {"CSV qrels, TSV run", p.table(false, ',', "\n"), p.table(true, '\t', "\n"), want},
    };
    for (const row& r : rows) {
      INFO(r.name);
      const outcome got = cli({"-q", "-m", "all_trec", temp_file("r-q", r.qrels), temp_file("r-r", r.run)});
      CHECK(got.code == 0);
      CHECK(got.out == r.want);
    }
  }
  SUBCASE("MS MARCO's run TSV, ordered by rank") {
    const outcome got = cli({"-q", "-m", "all_trec", qrels, temp_file("r.tsv", p.msmarco())});
    CHECK(got.out == cli({"-q", "-m", "all_trec", qrels, temp_file("r-ranked.run", p.ranked_run())}).out);
    CHECK(got.err.find("read as MS MARCO TSV: qid -> query, pid -> doc, rank -> rank; ordered by rank (score = -rank)") !=
          std::string::npos);
    const outcome ragged = cli({qrels, temp_file("r-bad.tsv", "q1\td1\t1\nq1\td2\n")});
    CHECK(ragged.code == 2);
    CHECK(ragged.err.find("r-bad.tsv:2:6: expected 3 fields (qid, pid, rank), got 2") != std::string::npos);
    CHECK(cli({"--qrels-format", "msmarco", temp_file("r-m.tsv", "q1\td1\t1\n"), qrels}).code == 2);
  }
  SUBCASE("a table of several pieces (a file read 1 MiB at a time) reads as the whole text does") {
    std::string table = "query_id,doc_id,note,score\r\n", judged;
    for (int q = 0; q < 600; ++q)
      for (int d = 0; d < 40; ++d) {
        const std::string id = "\"d" + std::to_string(d) + ",\"\"" + std::to_string(q) + "\"";  // d7,"12
        const std::string note = d % 7 == 0 ? "\"two\nlines, " + std::string(static_cast<std::size_t>(q % 50) * 20, 'x') + "\"" : "n";
        table += std::to_string(q) + "," + id + "," + note + "," + std::to_string((q * 37 + d * 11) % 97) + "\r\n";
        if (d % 3 == 0) judged += std::to_string(q) + " 0 d" + std::to_string(d) + ",\"" + std::to_string(q) + " " + std::to_string(d % 4) + "\n";
      }
    REQUIRE(table.size() > (std::size_t(1) << 21));  // three pieces
    const std::string q = temp_file("p.qrels", judged), t = temp_file("p.csv", table + "7,\"open,n,1\n");
    const outcome file = cli({"-q", "-m", "ndcg_cut.10", q, temp_file("p-ok.csv", table)});
    CHECK(file.code == 0);
    CHECK(file.out == cli({"-q", "-m", "ndcg_cut.10", q, "-"}, table).out);  // standard input: read whole
    const outcome broken = cli({q, t}), whole = cli({q, "-"}, table + "7,\"open,n,1\n");
    CHECK(broken.code == 2);
    CHECK(broken.err.find("expected a closing quote for the quoted cell that opens here") != std::string::npos);
    CHECK(broken.err.substr(broken.err.find(t) + t.size()) == whole.err.substr(whole.err.find("-:") + 1));
  }
  SUBCASE("JSON Lines of several pieces, records across a piece's end, read as the whole text is") {
    std::string lines = "\xEF\xBB\xBF", judged;
    for (int q = 0; q < 700; ++q)
      for (int d = 0; d < 40; ++d) {
        const std::string doc = "d" + std::to_string(d);
        lines += "{\"qid\": \"" + std::to_string(q) + "\", \"docno\": \"" + doc + "\",\r\n  \"note\": \"" +
                 std::string(static_cast<std::size_t>((q * 7 + d) % 40), 'x') + "\", \"score\": " +
                 std::to_string((q * 37 + d * 11) % 97) + "}\r\n";
        if (d % 3 == 0) judged += std::to_string(q) + " 0 " + doc + " " + std::to_string(d % 4) + "\n";
      }
    REQUIRE(lines.size() > (std::size_t(1) << 21));  // three pieces
    // The first piece ends inside a record (a query no one judged moves the cut).
    const auto cut_inside = [&] { return lines.compare(lines.rfind('\n', (std::size_t(1) << 20) - 1) + 1, 2, "  ") == 0; };
    for (int i = 0; i < 20 && !cut_inside(); ++i) lines.insert(3, "{\"qid\": \"z\", \"docno\": \"z" + std::to_string(i) + "\", \"score\": 0}\r\n");
    REQUIRE(cut_inside());
    const std::string q = temp_file("p-j.qrels", judged), t = temp_file("p.jsonl", lines + "{\"qid\": \"7\",\n \"doc\": }\n");
    const outcome file = cli({"-q", "-m", "ndcg_cut.10", q, temp_file("p-ok.jsonl", lines)});
    CHECK(file.code == 0);
    CHECK(file.out == cli({"-q", "-m", "ndcg_cut.10", q, "-"}, lines).out);  // standard input: read whole
    CHECK(file.err == "ndcg trec: " + temp_file("p-ok.jsonl", lines) +
                          " read as JSON Lines records: qid -> query, docno -> doc, score -> score; ignored: note\n");
    const outcome broken = cli({q, t}), whole = cli({q, "-"}, lines + "{\"qid\": \"7\",\n \"doc\": }\n");
    CHECK(broken.code == 2);
    CHECK(broken.err.find("expected a JSON value") != std::string::npos);
    CHECK(broken.err.substr(broken.err.find(t) + t.size()) == whole.err.substr(whole.err.find("-:") + 1));
  }
  SUBCASE("JSON Lines read straight where plain, by the JSON reader where not: the same records and errors") {
    std::string lines, judged;
    for (int q = 0; q < 1200; ++q)
      for (int d = 0; d < 40; ++d) {
        const std::string qid = std::to_string(q), doc = "d" + std::to_string(d), score = std::to_string((q * 37 + d * 11) % 97);
        const int kind = (q + d) % 9;
        if (kind == 1) lines += "{\"docno\": \"" + doc + "\", \"score\": " + score + ".5e0, \"qid\": \"" + qid + "\"}\n";
        else if (kind == 2) lines += "{\"qid\": \"" + qid + "\", \"doc\": \"\\u0064" + doc.substr(1) + "\", \"score\": " + score + "}\n";
        else if (kind == 3) lines += "{\"qid\":\"" + qid + "\",\"doc\":\"" + doc + "\",\"meta\":{\"a\":[1,true,null]},\"score\":-" + score + "}\n";
        else if (kind == 4) lines += "\t{ \"qid\" : \"" + qid + "\" ,\t\"doc\": \"" + doc + "\", \"ok\": false, \"score\": \"" + score + "\" }  \r\n";
        else lines += "{\"qid\": \"" + qid + "\", \"doc\": \"" + doc + "\", \"score\": " + score + "}\n";
        if (d % 3 == 0) judged += qid + " 0 " + doc + " " + std::to_string(d % 4) + "\n";
      }
    REQUIRE(lines.size() > (std::size_t(1) << 21));  // three pieces
    const std::string q = temp_file("s-j.qrels", judged);
    const outcome file = cli({"-q", "-m", "ndcg_cut.10", q, temp_file("s-ok.jsonl", lines)});
    CHECK(file.code == 0);
    const outcome whole = cli({"-q", "-m", "ndcg_cut.10", q, "-"}, lines);  // standard input: read whole, by the JSON reader
    CHECK(file.out == whole.out);
    CHECK(file.err.substr(file.err.find(" read as")) == whole.err.substr(whole.err.find(" read as")));
    CHECK(file.err.find("ignored: meta, ok") != std::string::npos);
    const char* tails[] = {"{\"qid\": \"9\", \"doc\": \"x\", \"score\": 01}\n", "{\"qid\": \"9\", \"doc\": \"x\", \"score\": true}\n",
                           "{\"qid\": \"9\", \"doc\": \"x\"}\n", "{\"qid\": \"9\", \"doc\": \"x\", \"score\": 1,}\n",
                           "{\"qid\": \"9\", \"doc\": \"x\ty\", \"score\": 1}\n", "{\"qid\": \"9\", \"doc\": \"x\", \"score\": -}\n",
                           "{\"qid\": \"9\", \"doc\": \"x\", \"score\": 1} 7\n", "{\"qid\": \"9\", \"doc\": \"x\", \"score\": 1",
                           "{\"qid\": \"9\", \"doc\": \"d1\", \"score\": 1}\n{\"qid\": \"9\", \"doc\": \"d1\", \"score\": 2}\n"};
    for (const char* tail : tails) {
      INFO(tail);
      const std::string t = temp_file("s-bad.jsonl", lines + tail);
      const outcome broken = cli({q, t}), whole = cli({q, "-"}, lines + tail);
      CHECK(broken.code == 2);
      CHECK(broken.err.substr(broken.err.find(t) + t.size()) == whole.err.substr(whole.err.find("-:") + 1));
    }
  }
  SUBCASE("a run whose queries come back after others is regrouped") {
    const std::string q = temp_file("u.qrels", "a 0 d1 1\na 0 d2 0\nb 0 d1 2\n");
    const std::string grouped = cli({"-q", "-m", "ndcg", q, temp_file("u.run", "a Q0 d1 1 2 r\na Q0 d2 2 1 r\nb Q0 d1 1 1 r\n")}).out;
    const outcome got = cli({"-q", "-m", "ndcg", q, temp_file("u.csv", "qid,docid,score\na,d1,2\nb,d1,1\na,d2,1\n")});
    CHECK(got.code == 0);
    CHECK(got.out == grouped);
    const outcome twice = cli({q, temp_file("u2.csv", "qid,docid,score\na,d1,2\nb,d1,1\na,d1,1\n")});
    CHECK(twice.err.find("u2.csv:4:3: expected each docid once per query, got \"d1\" again in query \"a\" (first on line 2)") !=
          std::string::npos);
  }
  SUBCASE("queries handed to the evaluating thread: a later broken record, a repeat or a query come back") {
    std::string judged, run = "qid,docid,score\n", trec;
    for (int q = 0; q < 300; ++q)
      for (int d = 0; d < 30; ++d) {
        const std::string qid = "q" + std::to_string(q), doc = "d" + std::to_string(d), score = std::to_string((q * 7 + d * 13) % 31);
        if (d % 4 == 0) judged += qid + " 0 " + doc + " " + std::to_string(d % 3) + "\n";
        run += qid + "," + doc + "," + score + "\n";
        trec += qid + " Q0 " + doc + " 0 " + score + " run\n";
      }
    const std::string q = temp_file("w.qrels", judged);
    const std::string want = cli({"-q", "-m", "ndcg_cut.10", q, temp_file("w.run", trec)}).out;
    {
      const outcome ok = cli({"-q", "-m", "ndcg_cut.10", q, temp_file("w.csv", run)});
      CHECK(ok.code == 0);
      CHECK(ok.out == want);
      const outcome broken = cli({q, temp_file("w-bad.csv", run + "q5,x,high\n")});
      CHECK(broken.code == 2);
      CHECK(broken.err.find("w-bad.csv:9002:6: expected a score (a number)") != std::string::npos);
      const outcome twice = cli({q, temp_file("w-twice.csv", run + "q300,a,1\nq300,a,2\n")});
      CHECK(twice.err.find("w-twice.csv:9003:6: expected each docid once per query") != std::string::npos);
      const outcome back = cli({"-q", "-m", "ndcg_cut.10", q, temp_file("w-back.csv", run + "q0,d99,1\n")});
      CHECK(back.code == 0);
      CHECK(back.out == cli({"-q", "-m", "ndcg_cut.10", q, temp_file("w-back.run", trec + "q0 Q0 d99 0 1 run\n")}).out);
    }
  }
  SUBCASE("a doc twice in a query is refused at its second line, in a run and in judgments") {
    const outcome run = cli({qrels, temp_file("d.csv", "qid,docid,score\n1,a,1\n1,b,1\n1,a,2\n")});
    CHECK(run.code == 2);
    CHECK(run.err.find("d.csv:4:3: expected each docid once per query, got \"a\" again in query \"1\" (first on line 2)") !=
          std::string::npos);
    const std::string run_file = temp_file("d.run", "1 Q0 a 1 1 r\n");
    const outcome judged = cli({temp_file("d-q.csv", "qid,docid,rel\n1,a,1\n2,a,1\n1,a,0\n1,x,q\n"), run_file});
    CHECK(judged.code == 2);
    CHECK(judged.err.find("d-q.csv:4:3: expected each doc id once per query, got \"a\" again in query \"1\" (first on line 2)") !=
          std::string::npos);
    const outcome later = cli({temp_file("d-q2.csv", "qid,docid,rel\n1,a,1\n1,x,q\n1,a,0\n"), run_file});
    CHECK(later.err.find("d-q2.csv:3:5: expected a judgment (a whole number)") != std::string::npos);
  }
}

TEST_CASE("compare command: runs and qrels in other formats, and LETOR with two predictions files") {
  const parity p;
  const letor_set s = letor_of(p);
  auto compare = [](std::vector<std::string> args) {
    std::istringstream in;
    std::ostringstream out, err;
    args.insert(args.begin(), "compare");
    const int code = ndcg::run_cli(args, in, out, err);
    return outcome{code, out.str(), err.str()};
  };
  const std::string qrels = temp_file("c.qrels", p.qrels), run = temp_file("c.run", p.run);
  const std::string tsv = temp_file("c.tsv", p.table(false, '\t', "\n")), json = temp_file("c.json", p.dict(true));
  const std::string tagged = temp_file("c-tagged.run", p.run_tagged_run());
  const outcome want = compare({"--trials", "200", "-q", qrels, run, tagged});
  REQUIRE(want.code == 0);
  const outcome got = compare({"--trials", "200", "-q", "--names", run, "--names", tagged, tsv, run, json});
  CHECK(got.out == want.out);
  CHECK(got.err.find(json + " read as JSON {qid: {docid: score}}") != std::string::npos);
  const std::string letor = temp_file("c.letor", s.letor), pred = temp_file("c.pred", s.predictions);
  const std::string tq = temp_file("c-t.qrels", s.trec_qrels), tr = temp_file("c-t.run", s.trec_run);
  CHECK(compare({"--trials", "200", "--names", "a", "--names", "b", letor, pred, pred}).out ==
        compare({"--trials", "200", "--names", "a", "--names", "b", tq, tr, tr}).out);
  const outcome bad = compare({letor, pred, temp_file("c-short.pred", "1\n2\n")});
  CHECK(bad.code == 2);
  CHECK(bad.err.find("c-short.pred:2:1: expected 4114 predictions") != std::string::npos);
}

TEST_CASE("inputs: the table of column names in docs/inputs.md is the core's") {
  const std::string readme = test_support::file_text(std::string(NDCG_TEST_DATA) + "/../../docs/inputs.md");
  REQUIRE(!readme.empty());
  using ndcg::detail::role;
  for (role r : {role::query, role::id, role::score, role::rank, role::grade, role::tag, role::subtopics}) {
    const std::string row =
        "| `" + std::string(ndcg::detail::role_name(r)) + "` | " + ndcg::detail::names_of(r) + " |\n";
    CHECK_MESSAGE(readme.find(row) != std::string::npos, "docs/inputs.md lacks the row " << row);
  }
}

TEST_CASE("kind_of: what an input's first lines say it holds, as the page places files by it") {
  struct row {
    const char* head;
    ndcg::input_format format;
    ndcg::input_kind::use is;
    bool grouped;
  };
  using f = ndcg::input_format;
  using u = ndcg::input_kind::use;
  const row rows[] = {
      {"", f::trec, u::unknown, true},
      {"q1 0 d1 2\nq1 0 d2 0\n", f::trec, u::qrels, true},
      {"q1 Q0 d1 1 0.5 bm25\n", f::trec, u::run, true},
      {"q1 d1 0.5\n", f::trec, u::unknown, true},
      {"0.5\n-1.25e-3\n7\n", f::trec, u::scores, true},
      {"# sizes\n2\n3\n", f::trec, u::scores, true},
      {"2 qid:1 1:0.5 # docid = a\n", f::letor, u::qrels, true},
      {"2 1:0.5 2:0.1\n0 1:0.2\n", f::letor, u::qrels, false},
      {"query_id,doc_id,score\nq1,d1,0.5\n", f::csv, u::run, true},
      {"\xEF\xBB\xBF\"qid\",\"docno\",\"rank\"\n", f::csv, u::run, true},
      {"qid,docid,rel\nq1,d1,1\n", f::csv, u::qrels, true},
      {"# judged by two\n\nqid,docid,rel\nq1,d1,1\n", f::csv, u::qrels, true},  // comments before the header
      {"qid,label,score\n1,2,0.5\n", f::csv, u::qrels, true},
      {"query-id\tcorpus-id\tscore\nq1\td1\t1\n", f::tsv, u::qrels, true},
      {"1\t7\t1\n", f::msmarco, u::run, true},
      {"{\"qid\": \"q1\", \"docno\": \"d1\", \"score\": 1}\n{\"qid\": \"q1\", \"docno\": \"d2\", \"score\": 0}\n", f::jsonl, u::run, true},
      {"[{\"query_id\": \"q1\", \"doc_id\": \"d1\", \"relevance\": 2}]", f::json, u::qrels, true},
      {"[\n  {\n    \"query_id\": \"q1\",\n    \"score\": 0.5,\n    \"do", f::json, u::run, true},
      {"{\"q1\": {\"d1\": 1}}", f::json, u::unknown, true},
  };
  for (const row& r : rows) {
    const std::string head = r.head;
    CAPTURE(head);
    const ndcg::input_kind k = ndcg::kind_of(r.head);
    CHECK(k.format == r.format);
    CHECK(k.is == r.is);
    CHECK(k.grouped == r.grouped);
  }
}

}  // namespace inputs_test
