// The `ndcg` command: `explain` one ranking, `trec` a whole run.
#include "cli.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstring>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "ndcg/compare.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/report.hpp"
#include "ndcg/tie_range.hpp"
#include "ndcg/trec.hpp"

namespace ndcg {
namespace {

const char* version = "ndcg 0.1.0";

const char* main_help =
    "ndcg: NDCG@K explained step by step, and trec_eval-compatible batch evaluation.\n"
    "\n"
    "Usage:\n"
    "  ndcg explain [options] [GRADES...]   one ranking: step tables, DCG, IDCG, NDCG\n"
    "  ndcg trec [options] QRELS RUN        every query of a TREC run, as trec_eval prints it\n"
    "  ndcg compare [options] QRELS A B...  runs against the first: means, differences, paired tests\n"
    "  ndcg trec --merge [-q] FILE...       merge the -q outputs of shards of one run\n"
    "  ndcg presets                         the named conventions and what they set\n"
    "  ndcg --help | --version\n"
    "\n"
    "Run `ndcg explain --help`, `ndcg trec --help` or `ndcg compare --help` for the options.\n"
    "Exit status: 0 on success, 2 on any error (the message names file, line and column).\n";

// The options part of `ndcg explain --help` comes from the option table.
const char* explain_intro =
    "Usage: ndcg explain [options] [GRADES...]\n"
    "\n"
    "Reads one ranking from GRADES (e.g. `3 2 0 1` or `3,2,0,1`), from -f FILE, or\n"
    "from standard input. Any format the parser knows is accepted: a grade list\n"
    "(spaces, commas, semicolons, tabs, `|`, full-width digits), a Markdown table\n"
    "row, `id grade` or `id score grade` lines, CSV/TSV with a header naming its\n"
    "columns (id, score, rel/grade/label, subtopics), a single-query TREC run or qrels.\n"
    "Items with scores are ranked by score, highest first.\n"
    "\n"
    "Input and output:\n"
    "  -f, --file FILE        read the ranking from FILE (`-` = standard input)\n"
    "  --qrels FILE           judgments: qrels, subtopic qrels, or `id grade` lines;\n"
    "                         the ranking's items take their grades from it by id\n"
    "  --format F             text (default), markdown, json, csv or latex\n"
    "  -h, --help             this text\n"
    "\n"
    "Options (--name VALUE or --name=VALUE; a true/false option alone means true):\n";

std::string value_hint(const option_row& row) {
  switch (row.kind) {
    case option_kind::choice: {
      std::string names;
      for (std::string_view n : choices_of(row)) names += (names.empty() ? "" : "|") + std::string(n);
      return row.key == "preset" ? "NAME" : names;
    }
    case option_kind::whole: return "N";
    case option_kind::real: return "X";
    case option_kind::reals: return "X1,X2,..";
    case option_kind::texts: return "TEXT";
    case option_kind::flag: break;
  }
  return "";
}

// Words of `text` in lines of at most `width`, each after `indent` spaces
// (the first line follows `left`, padded to the indent).
std::string wrapped(std::string left, std::string_view text, std::size_t indent = 25, std::size_t width = 80) {
  std::string out;
  std::string line = left.size() < indent ? left + std::string(indent - left.size(), ' ') : left + "\n" + std::string(indent, ' ');
  std::size_t start = line.rfind('\n') == std::string::npos ? 0 : line.rfind('\n') + 1;
  bool empty = true;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t space = text.find(' ', at);
    std::string_view word = text.substr(at, space == std::string_view::npos ? text.npos : space - at);
    if (!empty && line.size() - start + 1 + word.size() > width) {
      out += line + "\n";
      line = std::string(indent, ' ');
      start = 0;
      empty = true;
    }
    line += (empty ? "" : " ") + std::string(word);
    empty = false;
    at = space == std::string_view::npos ? text.size() : space + 1;
  }
  return out + line + "\n";
}

std::string explain_help() {
  std::string out = explain_intro;
  for (const option_row& row : option_table()) {
    std::string left = "  " + cli_flag(row.key);
    std::string hint = value_hint(row);
    if (!hint.empty()) left += " " + hint;
    std::string def = default_text(row);
    std::string help = std::string(row.help) + (def.empty() || def == "false" ? "" : " (default " + def + ")");
    out += wrapped(left, help);
  }
  return out + "\nExample: ndcg explain --k 10 3 2 0 1 0 0 2 1 0 0\n";
}

const char* trec_help =
    "Usage: ndcg trec [options] QRELS RUN\n"
    "       ndcg trec [options] --subtopics FILE RUN\n"
    "       ndcg trec --merge [-q] [--digits N] FILE...\n"
    "\n"
    "Evaluates a TREC run (`qid Q0 docid rank score tag`) against qrels\n"
    "(`qid 0 docid rel`) the way trec_eval 10.0 does: documents ranked by score,\n"
    "ties by docid descending, the rank column ignored, negative judgments worth 0.\n"
    "Output lines are `measure<TAB>qid<TAB>value`, with `all` for the mean; with no\n"
    "-m, the measures and lines of trec_eval's default output. RUN may be `-`\n"
    "(standard input). The run is read query by query, so memory holds the qrels\n"
    "and one query; a run whose queries are interleaved is read whole (from a\n"
    "file; on standard input it must be grouped by query).\n"
    "\n"
    "Options:\n"
    "  -q                     print every query, not only `all`\n"
    "  -m MEASURE             a measure, repeatable: runid, num_q, num_ret, num_rel,\n"
    "                         num_rel_ret, map, gm_map, Rprec, bpref, recip_rank,\n"
    "                         iprec_at_recall.0,.5,1, P.5,10, recall.10, ndcg,\n"
    "                         ndcg.1=1,2=3 (gains), ndcg_cut.5,10, success.1,5,10,\n"
    "                         err_cut.10, alpha_ndcg_cut.10 (needs --subtopics);\n"
    "                         `official` (the default set) or `all_trec` (every\n"
    "                         trec_eval measure offered; the rest are named on stderr)\n"
    "  -c                     score qrels queries missing from the run as 0\n"
    "                         (without it they are an error)\n"
    "  --shard                leave out qrels queries missing from the run (the run\n"
    "                         is one shard of a run split by query)\n"
    "  -l LEVEL               relevance level: rel >= LEVEL is relevant (default 1)\n"
    "  --digits N             decimals printed (default 4); 17 prints %.17g\n"
    "  --gain exp             2^rel - 1 gains for the ndcg measures\n"
    "  --preset NAME          gains and conventions of a preset (e.g. gdeval)\n"
    "  --subtopics FILE       subtopic qrels (`qid subtopic docid judgment`); given\n"
    "                         as QRELS too, or alone, it also gives the per-document\n"
    "                         judgments (1 when a document covers a subtopic)\n"
    "  --alpha A              alpha for alpha_ndcg_cut (default 0.5)\n"
    "  --err-max-grade G      ERR's largest grade (default: the largest in the qrels)\n"
    "  --tie-range            after the usual lines, per measure: how many queries\n"
    "                         change with the order of documents with equal scores\n"
    "                         (NAME:ties), and the mean under the worst and the best\n"
    "                         such order (NAME:worst, NAME:best; smaller or larger\n"
    "                         judged grades first); with -q also each such query\n"
    "  --merge                the files are -q outputs of shards (best printed with\n"
    "                         --digits 17 --shard): print the means of the whole run\n"
    "  -h, --help             this text\n"
    "\n"
    "Example: ndcg trec -q -m ndcg_cut.10 -m map qrels.txt run.txt\n";

std::string placed(const std::string& file, const error& e) {
  if (e.line == 0) return (file.empty() ? "" : file + ": ") + e.message;
  return file + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message;
}

std::optional<std::string> read_file(const std::string& path, std::istream& in, std::string& problem) {
  if (path == "-") return std::string(std::istreambuf_iterator<char>(in), {});
  struct stat info {};
  if (stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
    problem = "cannot read " + path + ": it is a directory";
    return std::nullopt;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    problem = "cannot read " + path + ": no such file, or not readable";
    return std::nullopt;
  }
  // One read into a string of the file's size: no second copy in memory.
  std::string text;
  if (S_ISREG(info.st_mode) && info.st_size > 0) {
    text.resize(static_cast<std::size_t>(info.st_size));
    file.read(&text[0], static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(file.gcount()));
    if (file.gcount() < info.st_size) return text;
  }
  char chunk[1 << 16];
  while (file.read(chunk, sizeof chunk) || file.gcount() > 0) text.append(chunk, static_cast<std::size_t>(file.gcount()));
  return text;
}

// Command-line words, consumed front to back.
class words {
 public:
  explicit words(const std::vector<std::string>& a) : args_(a) {}
  bool done() const { return at_ >= args_.size(); }
  const std::string& peek() const { return args_[at_]; }
  std::string take() { return args_[at_++]; }

 private:
  const std::vector<std::string>& args_;
  std::size_t at_ = 0;
};

// A word that reads as a number (finite or not) is a grade, even "-1".
bool is_number(const std::string& s) {
  double v = 0;
  return read_number(s, v) != number_status::not_a_number || s.find_first_of(",;|") != std::string::npos;
}

// Splits "--k=10" into name and value; `value` is taken from the next word
// when the option needs one.
struct option_word {
  std::string name;
  std::optional<std::string> value;
};

option_word split_option(const std::string& w) {
  auto eq = w.find('=');
  if (w.rfind("--", 0) == 0 && eq != std::string::npos) return {w.substr(0, eq), w.substr(eq + 1)};
  return {w, std::nullopt};
}

expected<std::uint64_t> whole_number(const std::string& option, const std::string& text) {
  long v = 0;
  bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  if (!digits || read_integer(text, v) != number_status::ok)
    return fail(option + " takes a whole number, 0 or more, got " + echo(text));
  return static_cast<std::uint64_t>(v);
}

// ---- explain -------------------------------------------------------------

struct explain_request {
  settings s;
  report_format format = report_format::text;
  std::string file;
  std::string qrels;
  std::string grades;  // from the command line
};

// Input and output options; everything else is a row of the option table.
bool apply_io_option(const std::string& name, const std::string& value, explain_request& r, status& result) {
  if (name == "--format") {
    auto f = parse_report_format(value);
    result = f ? status(done{}) : status(f.err());
    if (f) r.format = *f;
  } else if (name == "-f" || name == "--file") {
    r.file = value;
  } else if (name == "--qrels") {
    r.qrels = value;
  } else {
    return false;
  }
  return true;
}

bool is_io_option(const std::string& name) {
  return name == "--format" || name == "-f" || name == "--file" || name == "--qrels";
}

expected<explain_request> parse_explain_args(words& w) {
  explain_request r;
  std::vector<std::pair<std::string, std::string>> settings_given;
  bool only_grades = false;
  while (!w.done()) {
    std::string word = w.take();
    if (word == "--" && !only_grades) { only_grades = true; continue; }
    const bool long_option = word.size() > 2 && word[1] == '-' && std::isalpha(static_cast<unsigned char>(word[2]));
    if (only_grades || word == "-" || word[0] != '-' || (is_number(word) && !long_option)) {
      r.grades += (r.grades.empty() ? "" : " ") + word;
      continue;
    }
    option_word ow = split_option(word);
    const option_row* row = is_io_option(ow.name) || ow.name.rfind("--", 0) != 0 ? nullptr : find_option(ow.name);
    if (!row && !is_io_option(ow.name))
      return fail(error_code::unknown_option, "unknown option " + echo(ow.name) + " (see `ndcg explain --help`)")
          .in("options").with("found", ow.name);
    if (!ow.value && row && row->kind == option_kind::flag) ow.value = "true";
    if (!ow.value) {
      if (w.done())
        return fail(error_code::missing_value, "option " + echo(ow.name) + " needs a value (see `ndcg explain --help`)")
            .in("options");
      ow.value = w.take();
    }
    status io = done{};
    if (!row && apply_io_option(ow.name, *ow.value, r, io)) {
      if (!io) return io.err();
      continue;
    }
    settings_given.emplace_back(row->key, *ow.value);
  }
  auto s = settings_from(settings_given);
  if (!s) return s.err();
  r.s = std::move(*s);
  return r;
}

int explain_command(words& w, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!w.done() && (w.peek() == "-h" || w.peek() == "--help")) { out << explain_help(); return 0; }
  auto req = parse_explain_args(w);
  if (!req) { err << "ndcg explain: " << req.err().message << "\n"; return 2; }
  if (!req->grades.empty() && !req->file.empty()) {
    err << "ndcg explain: give grades as arguments or with -f, not both\n";
    return 2;
  }
  std::string source = req->grades.empty() ? (req->file.empty() || req->file == "-" ? "<stdin>" : req->file) : "<arguments>";
  std::string problem, text;
  if (!req->grades.empty()) text = req->grades;
  else if (auto t = read_file(req->file.empty() ? "-" : req->file, in, problem)) text = std::move(*t);
  else { err << "ndcg explain: " << problem << "\n"; return 2; }

  std::string judgments;
  if (!req->qrels.empty()) {
    auto qtext = read_file(req->qrels, in, problem);
    if (!qtext) { err << "ndcg explain: " << problem << "\n"; return 2; }
    judgments = std::move(*qtext);
  }
  auto e = explain_text(text, judgments, req->s.opt);
  if (!e) {
    const std::string& src = e.err().source;
    const std::string& where = src == "judgments" ? req->qrels : src == "ranking" ? source : std::string();
    err << "ndcg explain: " << placed(where, e.err()) << "\n";
    return 2;
  }
  out << render(e->result, req->format, context_of(*e, req->s));
  return 0;
}

// ---- trec ------------------------------------------------------------------

struct trec_request {
  trec_options opt;
  bool per_query = false;
  bool tie_range = false;
  bool merge = false;
  int digits = 4;
  std::string subtopics;
  std::vector<std::string> files;
};

status apply_trec_option(const std::string& name, const std::string& value, trec_request& r) {
  if (name == "-m") { r.opt.measures.push_back(value); return done{}; }
  if (name == "-l") {
    long v = 0;
    if (read_integer(value, v) != number_status::ok) return fail("-l takes a whole number, got " + echo(value));
    r.opt.relevance_level = v;
    return done{};
  }
  if (name == "--digits") {
    auto d = whole_number(name, value);
    if (!d) return d.err();
    if (*d > 17) return fail("--digits takes a whole number from 0 to 17, got " + echo(value));
    r.digits = static_cast<int>(*d);
    return done{};
  }
  if (name == "--gain") {
    if (value != "exp" && value != "linear") return fail("--gain takes exp or linear here, got " + echo(value));
    r.opt.exp_gain = value == "exp";
    return done{};
  }
  if (name == "--preset") { r.opt.preset = value; return done{}; }
  if (name == "--subtopics") { r.subtopics = value; return done{}; }
  if (name == "--alpha" || name == "--err-max-grade") {  // read as explain reads them
    auto s = settings_from({{name, value}});
    if (!s) return s.err();
    if (name == "--alpha") r.opt.alpha = s->opt.alpha;
    else r.opt.err_max_grade = s->opt.err_max_grade;
    return done{};
  }
  return fail("unknown option " + echo(name) + " (see `ndcg trec --help`)");
}

// Options that take no value.
bool apply_trec_flag(const std::string& word, trec_request& r) {
  if (word == "-q") r.per_query = true;
  else if (word == "-c") r.opt.complete = true;
  else if (word == "--shard") r.opt.shard = true;
  else if (word == "--merge") r.merge = true;
  else if (word == "--tie-range") r.tie_range = true;
  else return false;
  return true;
}

status check_trec_files(const trec_request& r) {
  const std::size_t n = r.files.size();
  if (r.merge) {
    if (n == 0) return fail("--merge needs the -q outputs to merge (see `ndcg trec --help`)");
    return done{};
  }
  if (n == 2 || (n == 1 && !r.subtopics.empty())) {
    if (std::count(r.files.begin(), r.files.end(), "-") + (r.subtopics == "-") > 1)
      return fail("only one input can be standard input (`-`)");
    return done{};
  }
  return fail("expected two files, QRELS and RUN, got " + std::to_string(n) + " (see `ndcg trec --help`)");
}

expected<trec_request> parse_trec_args(words& w) {
  trec_request r;
  while (!w.done()) {
    std::string word = w.take();
    if (word.size() < 2 || word[0] != '-') { r.files.push_back(word); continue; }
    if (apply_trec_flag(word, r)) continue;
    option_word ow = split_option(word);
    if (ow.name.size() > 2 && ow.name[1] != '-' && !ow.value) {  // "-mndcg", "-l2"
      ow.value = ow.name.substr(2);
      ow.name = ow.name.substr(0, 2);
    }
    if (!ow.value) {
      if (w.done()) return fail("option " + echo(ow.name) + " needs a value (see `ndcg trec --help`)");
      ow.value = w.take();
    }
    if (auto ok = apply_trec_option(ow.name, *ow.value, r); !ok) return ok.err();
  }
  if (auto ok = check_trec_files(r); !ok) return ok.err();
  return r;
}

std::string file_of(const trec_request& r, const std::string& source) {
  if (source == "qrels") return r.files.size() == 2 ? r.files[0] : r.subtopics;
  if (source == "run") return r.files.back();
  if (source == "subtopics") return r.subtopics;
  return "";
}

// Feeds the run to the stream in pieces of whole lines; a piece grows while
// one query (or one line) fills more than half of it.
expected<trec_result> stream_run(trec_stream& stream, std::istream& in) {
  std::vector<char> buf(std::size_t(1) << 20);
  std::size_t filled = 0;
  for (;;) {
    in.read(buf.data() + filled, static_cast<std::streamsize>(buf.size() - filled));
    filled += static_cast<std::size_t>(in.gcount());
    const bool last = !in;
    const std::string_view text(buf.data(), filled);
    const std::size_t line_end = last ? filled : text.rfind('\n');
    const bool too_long = line_end == std::string_view::npos && filled > limits{}.max_line;
    if (line_end != std::string_view::npos || too_long) {
      auto used = stream.feed(text.substr(0, too_long ? filled : line_end + 1), last || too_long);
      if (!used) return used.err();
      if (last || too_long) break;
      std::memmove(buf.data(), buf.data() + *used, filled - *used);
      filled -= *used;
    }
    if (filled * 2 > buf.size()) buf.resize(buf.size() * 2);
  }
  return stream.finish();
}

// The run file as a stream, or the same message read_file gives.
std::unique_ptr<std::istream> open_run(const std::string& path, std::string& problem) {
  struct stat info {};
  if (stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
    problem = "cannot read " + path + ": it is a directory";
    return nullptr;
  }
  auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*file) {
    problem = "cannot read " + path + ": no such file, or not readable";
    return nullptr;
  }
  return file;
}

expected<trec_result> evaluate_files(const trec_request& r, std::istream& in, const std::string& qrels,
                                     const std::string& subtopics, std::string& problem) {
  auto stream = trec_stream::open(qrels, r.opt, subtopics);
  if (!stream) return stream.err();
  const std::string& path = r.files.back();
  std::unique_ptr<std::istream> file = path == "-" ? nullptr : open_run(path, problem);
  if (path != "-" && !file) return fail(error_code::bad_file, problem).with("found", path);
  auto result = stream_run(*stream, file ? *file : in);
  if (result || result.err().code != error_code::ungrouped_run || !file) return result;
  // Interleaved queries in a file: read it whole and group them.
  auto text = read_file(path, in, problem);
  if (!text) return fail(error_code::bad_file, problem).with("found", path);
  return evaluate_trec(qrels, *text, r.opt, subtopics);
}

// --tie-range of a run file: streamed twice more, with equal scores in the
// worst and in the best order of grades.
expected<trec_tie_range> stream_ties(const trec_request& r, std::istream& in, const std::string& qrels,
                                     const std::string& subtopics, std::string& problem) {
  trec_request ordered = r;
  ordered.opt.tied_grades = -1;
  auto worst = evaluate_files(ordered, in, qrels, subtopics, problem);
  if (!worst) return worst.err();
  ordered.opt.tied_grades = 1;
  auto best = evaluate_files(ordered, in, qrels, subtopics, problem);
  if (!best) return best.err();
  return tie_range_of(std::move(*worst), std::move(*best));
}

// The usual evaluation and, with --tie-range, the two orders of ties (a run
// on standard input, which can be read once, is read whole).
expected<trec_result> evaluate_request(const trec_request& r, std::istream& in, const std::string& qrels,
                                       const std::string& subtopics, std::optional<trec_tie_range>& ties,
                                       std::string& problem) {
  if (!r.tie_range) return evaluate_files(r, in, qrels, subtopics, problem);
  if (r.files.back() != "-") {
    auto result = evaluate_files(r, in, qrels, subtopics, problem);
    if (!result) return result;
    auto t = stream_ties(r, in, qrels, subtopics, problem);
    if (!t) return t.err();
    ties = std::move(*t);
    return result;
  }
  auto text = read_file("-", in, problem);
  if (!text) return fail(error_code::bad_file, problem);
  auto result = evaluate_trec(qrels, *text, r.opt, subtopics);
  if (!result) return result;
  auto t = evaluate_tie_range(qrels, *text, r.opt, subtopics);
  if (!t) return t.err();
  ties = std::move(*t);
  return result;
}

int merge_command(const trec_request& r, std::istream& in, std::ostream& out, std::ostream& err) {
  std::vector<std::string> texts;
  std::string problem;
  for (const std::string& f : r.files) {
    auto text = read_file(f, in, problem);
    if (!text) { err << "ndcg trec: " << problem << "\n"; return 2; }
    texts.push_back(std::move(*text));
  }
  auto merged = merge_trec(std::vector<std::string_view>(texts.begin(), texts.end()));
  if (!merged) {
    const std::string& src = merged.err().source;
    const std::string file = src.empty() ? std::string() : r.files[std::stoul(src)];
    err << "ndcg trec: " << placed(file, merged.err()) << "\n";
    return 2;
  }
  out << format_trec(*merged, r.per_query, r.digits);
  return 0;
}

int trec_command(words& w, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!w.done() && (w.peek() == "-h" || w.peek() == "--help")) { out << trec_help; return 0; }
  auto req = parse_trec_args(w);
  if (!req) { err << "ndcg trec: " << req.err().message << "\n"; return 2; }
  if (req->merge) return merge_command(*req, in, out, err);
  std::string problem;
  std::optional<std::string> qrels = std::string();
  if (req->files.size() == 2) qrels = read_file(req->files[0], in, problem);
  std::optional<std::string> subtopics = std::string();
  if (qrels && !req->subtopics.empty()) subtopics = read_file(req->subtopics, in, problem);
  if (!qrels || !subtopics) { err << "ndcg trec: " << problem << "\n"; return 2; }
  std::optional<trec_tie_range> ties;
  auto result = evaluate_request(*req, in, *qrels, *subtopics, ties, problem);
  if (!result) {
    if (result.err().code == error_code::bad_file) { err << "ndcg trec: " << problem << "\n"; return 2; }
    err << "ndcg trec: " << placed(file_of(*req, result.err().source), result.err()) << "\n";
    return 2;
  }
  if (!result->not_offered.empty()) {
    std::string names;
    for (const std::string& n : result->not_offered) names += (names.empty() ? "" : ", ") + n;
    err << "ndcg trec: all_trec: not offered here (left out): " << names << "\n";
  }
  out << format_trec(*result, req->per_query, req->digits);
  if (ties) out << format_tie_range(*ties, req->per_query, req->digits);
  return 0;
}

// ---- compare -----------------------------------------------------------------

const char* compare_intro =
    "Usage: ndcg compare [options] QRELS RUN_A RUN_B [RUN...]\n"
    "\n"
    "Is B better than A? Evaluates every run as `ndcg trec` does and compares each\n"
    "run with the first (the baseline), or every pair with --all-pairs, query by\n"
    "query: for each measure the means, the mean difference B - A with a 95%\n"
    "bootstrap interval, the effect size d_z, wins/losses/ties, and the p-values of\n"
    "the paired t-test, the Wilcoxon signed-rank test, the sign test and a paired\n"
    "randomization test; with several pairs also Holm-adjusted p-values. Each run is\n"
    "also evaluated with its tied documents (equal scores) in their worst and best\n"
    "order: how many queries change, and the mean in both orders (see ndcg trec\n"
    "--tie-range).\n"
    "\n"
    "Options (--name VALUE or --name=VALUE; a true/false option alone means true):\n";

const char* compare_conventions =
    "\n"
    "Conventions (the same as SciPy's defaults, so the numbers can be checked there):\n"
    "  Every test is two-sided, on d = B - A per query (queries with a value in both).\n"
    "  t-test: t = mean(d) / (sd(d) / sqrt(n)), n - 1 degrees of freedom\n"
    "    (scipy.stats.ttest_rel). d_z = mean(d) / sd(d) (Cohen's paired effect size).\n"
    "  Wilcoxon signed-rank: zero differences are dropped (Wilcoxon's rule: a tie\n"
    "    says nothing about direction); equal |d| share their mean rank; statistic\n"
    "    W+. Exact distribution when n <= 50 with no ties and no zeros, or when\n"
    "    n <= 13 (every sign pattern of the ranks counted); otherwise the normal\n"
    "    approximation with tie-corrected variance and no continuity correction\n"
    "    (scipy.stats.wilcoxon, method auto). n counts zero differences too.\n"
    "  Sign test: zero differences are dropped (they favour neither run);\n"
    "    binomial with p = 1/2 on the rest (scipy.stats.binomtest).\n"
    "  Randomization: statistic |sum(d)|; all sign flips of the nonzero d are\n"
    "    counted when there are at most 30 (exact); otherwise --trials random\n"
    "    flips and p = (1 + hits) / (1 + trials): the observed labelling is one of\n"
    "    the permutations, so p is never 0. Flips within 1e-11 of the observed sum\n"
    "    count as ties (at least as extreme).\n"
    "  Bootstrap: --trials resamples of the queries; the 2.5% and 97.5% percentiles\n"
    "    of the resampled mean differences. The same --seed gives the same numbers.\n"
    "  Holm: over the pairs of each measure, on the --holm-test p-values.\n"
    "  Queries judged in QRELS but missing from a run are an error, or 0 with -c.\n"
    "\n"
    "Example: ndcg compare -m ndcg_cut.10 -m map qrels.txt base.run new.run\n";

std::string compare_help() {
  std::string out = compare_intro;
  for (const compare_option& row : compare_option_table()) {
    std::string left = "  " + (row.short_flag.empty() ? "" : std::string(row.short_flag) + ", ") + cli_flag(row.meta.key);
    std::string hint = value_hint(row.meta);
    if (!hint.empty()) left += " " + hint;
    const std::string def = row.show(compare_settings{});
    out += wrapped(left, std::string(row.meta.help) + (def.empty() || def == "false" ? "" : " (default " + def + ")"));
  }
  return out + compare_conventions;
}

struct compare_request {
  std::vector<std::pair<std::string, std::string>> given;
  std::vector<std::string> files;
};

expected<compare_request> parse_compare_args(words& w) {
  compare_request r;
  while (!w.done()) {
    std::string word = w.take();
    if (word.size() < 2 || word[0] != '-') { r.files.push_back(word); continue; }
    option_word ow = split_option(word);
    const compare_option* row = find_compare_option(ow.name);
    if (!row && ow.name[1] != '-' && ow.name.size() > 2) {  // "-mndcg"
      row = find_compare_option(ow.name.substr(0, 2));
      if (row) ow = {ow.name.substr(0, 2), ow.name.substr(2)};
    }
    if (!row || (ow.name[1] != '-' && row->short_flag != ow.name))
      return fail(error_code::unknown_option, "unknown option " + echo(ow.name) + " (see `ndcg compare --help`)")
          .in("options").with("found", ow.name);
    if (!ow.value && row->meta.kind == option_kind::flag) ow.value = "true";
    if (!ow.value) {
      if (w.done()) return fail(error_code::missing_value, "option " + echo(ow.name) + " needs a value (see `ndcg compare --help`)").in("options");
      ow.value = w.take();
    }
    r.given.emplace_back(row->meta.key, *ow.value);
  }
  if (r.files.size() < 3)
    return fail("expected QRELS and two runs or more, got " + std::to_string(r.files.size()) +
                " file" + (r.files.size() == 1 ? "" : "s") + " (see `ndcg compare --help`)");
  return r;
}

int compare_command(words& w, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!w.done() && (w.peek() == "-h" || w.peek() == "--help")) { out << compare_help(); return 0; }
  auto req = parse_compare_args(w);
  if (!req) { err << "ndcg compare: " << req.err().message << "\n"; return 2; }
  auto s = compare_settings_from(req->given);
  if (!s) { err << "ndcg compare: " << s.err().message << "\n"; return 2; }
  std::vector<std::string> texts;
  for (const std::string& path : req->files) {
    std::string problem;
    auto text = read_file(path, in, problem);
    if (!text) { err << "ndcg compare: " << problem << "\n"; return 2; }
    texts.push_back(std::move(*text));
  }
  for (std::size_t i = s->names.size(); i + 1 < req->files.size(); ++i) s->names.push_back(req->files[i + 1]);
  std::vector<std::string_view> runs(texts.begin() + 1, texts.end());
  auto result = compare_runs(texts[0], runs, *s);
  if (!result) {
    const error& e = result.err();
    const std::string file = e.source == "qrels" ? req->files[0] : e.source == "run" && e.index ? req->files[e.index] : "";
    err << "ndcg compare: " << placed(file, e) << "\n";
    return 2;
  }
  out << render_compare(*result, *s);
  return 0;
}

int presets_command(std::ostream& out) {
  for (const preset_info& p : presets()) out << p.name << "\t" << p.summary << "\n";
  return 0;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  words w(args);
  if (w.done()) { err << main_help; return 2; }
  std::string command = w.take();
  if (command == "-h" || command == "--help" || command == "help") { out << main_help; return 0; }
  if (command == "--version") { out << version << "\n"; return 0; }
  if (command == "explain") return explain_command(w, in, out, err);
  if (command == "trec") return trec_command(w, in, out, err);
  if (command == "compare") return compare_command(w, in, out, err);
  if (command == "presets") return presets_command(out);
  err << "ndcg: unknown command " << echo(command) << " (expected explain, trec, compare or presets; see `ndcg --help`)\n";
  return 2;
}

}  // namespace ndcg
