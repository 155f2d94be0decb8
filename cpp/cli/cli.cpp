// The `ndcg` command: `explain` one ranking, `trec` a whole run.
#include "cli.hpp"

#include <sys/stat.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <cstdint>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>

#include "ndcg/metrics.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/report.hpp"
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
    "  ndcg presets                         the named conventions and what they set\n"
    "  ndcg --help | --version\n"
    "\n"
    "Run `ndcg explain --help` or `ndcg trec --help` for the options.\n"
    "Exit status: 0 on success, 2 on any error (the message names file, line and column).\n";

const char* explain_help =
    "Usage: ndcg explain [options] [GRADES...]\n"
    "\n"
    "Reads one ranking from GRADES (e.g. `3 2 0 1` or `3,2,0,1`), from -f FILE, or\n"
    "from standard input. Any format the parser knows is accepted: a grade list\n"
    "(spaces, commas, semicolons, tabs, `|`, full-width digits), a Markdown table\n"
    "row, `id grade` or `id score grade` lines, CSV/TSV with a header naming its\n"
    "columns (id, score, rel/grade/label, subtopics), a single-query TREC run or qrels.\n"
    "Items with scores are ranked by score, highest first.\n"
    "\n"
    "Options:\n"
    "  -f, --file FILE        read the ranking from FILE (`-` = standard input)\n"
    "  --format F             text (default), markdown, json, csv or latex\n"
    "  --k N                  cutoff K; 0 = the whole list (default 0)\n"
    "  --gain G               exp (2^rel - 1, default), linear (rel) or table\n"
    "  --gain-table G0,G1,..  gains for grades 0, 1, 2, ... (implies --gain table)\n"
    "  --log-base B           discount log_B(i + 1) (default 2)\n"
    "  --weights W1,W2,..     weights of positions 1, 2, ... (weighted NDCG; others 1)\n"
    "  --ideal list|judgments ideal list from this ranking (default) or from --qrels\n"
    "  --qrels FILE           judgments: qrels, subtopic qrels, or `id grade` lines;\n"
    "                         the ranking's items take their grades from it by id\n"
    "  --ties input|trec|average\n"
    "                         equal scores: input order (default), docid descending\n"
    "                         (trec_eval), or averaged over the tied group (sklearn)\n"
    "  --zero-idcg zero|one|skip   NDCG when IDCG = 0 (default zero)\n"
    "  --negatives reject|zero|drop  negative grades: error (default), gain 0, or dropped\n"
    "  --relevance-level L    grade >= L is relevant for P, R, AP, RR (default 1)\n"
    "  --err-max-grade G      ERR's largest grade (default: the largest seen)\n"
    "  --alpha A              alpha-nDCG redundancy penalty (default 0.5)\n"
    "  --decimals D           rounding of printed terms in text/markdown/latex (default 3)\n"
    "  --preset NAME          a library's convention (see `ndcg presets`); other\n"
    "                         options given with it override it\n"
    "  -h, --help             this text\n"
    "\n"
    "Example: ndcg explain --k 10 3 2 0 1 0 0 2 1 0 0\n";

const char* trec_help =
    "Usage: ndcg trec [options] QRELS RUN\n"
    "\n"
    "Evaluates a TREC run (`qid Q0 docid rank score tag`) against qrels\n"
    "(`qid 0 docid rel`) the way trec_eval 10.0 does: documents ranked by score,\n"
    "ties by docid descending, the rank column ignored, negative judgments worth 0.\n"
    "Output lines are `measure<TAB>qid<TAB>value`, with `all` for the mean.\n"
    "\n"
    "Options:\n"
    "  -q                     print every query, not only `all`\n"
    "  -m MEASURE             a measure, repeatable: ndcg, ndcg.1=1,2=3 (gains),\n"
    "                         ndcg_cut.5,10, P.5,10, recall.10, map, recip_rank,\n"
    "                         num_q, num_ret, num_rel, num_rel_ret, err_cut.10,\n"
    "                         alpha_ndcg_cut.10 (needs --subtopics)\n"
    "  -c                     score qrels queries missing from the run as 0\n"
    "                         (without it they are an error)\n"
    "  -l LEVEL               relevance level: rel >= LEVEL is relevant (default 1)\n"
    "  --digits N             decimals printed (default 4); 17 prints %.17g\n"
    "  --gain exp             2^rel - 1 gains for the ndcg measures\n"
    "  --preset NAME          gains and conventions of a preset (e.g. gdeval)\n"
    "  --subtopics FILE       subtopic qrels (`qid subtopic docid judgment`)\n"
    "  --alpha A              alpha for alpha_ndcg_cut (default 0.5)\n"
    "  --err-max-grade G      ERR's largest grade (default: the largest in the qrels)\n"
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
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
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

bool is_number(const std::string& s) {
  if (s.empty()) return false;
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return *end == '\0' || s.find_first_of(",;|") != std::string::npos;
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
  char* end = nullptr;
  bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  unsigned long long v = digits ? std::strtoull(text.c_str(), &end, 10) : 0;
  if (!digits || (end && *end) || text.size() > 19)
    return fail(option + " takes a whole number, 0 or more, got " + echo(text));
  return static_cast<std::uint64_t>(v);
}

expected<double> real_number(const std::string& option, const std::string& text) {
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end || !std::isfinite(v))
    return fail(option + " takes a finite number, got " + echo(text));
  return v;
}

expected<std::vector<double>> number_list(const std::string& option, const std::string& text) {
  std::vector<double> out;
  std::stringstream parts(text);
  std::string part;
  while (std::getline(parts, part, ',')) {
    auto v = real_number(option, part);
    if (!v) return fail(option + " takes numbers separated by commas, got " + echo(text));
    out.push_back(*v);
  }
  if (out.empty()) return fail(option + " takes numbers separated by commas, got nothing");
  return out;
}

// ---- explain -------------------------------------------------------------

struct explain_request {
  options opt;
  std::string preset;
  report_format format = report_format::text;
  int decimals = 3;
  std::string file;
  std::string qrels;
  std::string grades;  // from the command line
};

// Applies one option. Options are applied after --preset, whatever their order.
status apply_explain_option(const std::string& name, const std::string& value, explain_request& r) {
  options& o = r.opt;
  auto set = [](auto parsed, auto& field) -> status {
    if (!parsed) return parsed.err();
    field = *parsed;
    return done{};
  };
  if (name == "--k") return set(whole_number(name, value), o.k);
  if (name == "--gain") return set(parse_gain_kind(value), o.gain);
  if (name == "--gain-table") {
    o.gain = gain_kind::table;
    return set(number_list(name, value), o.gain_table);
  }
  if (name == "--log-base") return set(real_number(name, value), o.log_base);
  if (name == "--weights") return set(number_list(name, value), o.weights);
  if (name == "--ideal") return set(parse_ideal_source(value), o.ideal);
  if (name == "--ties") return set(parse_tie_policy(value), o.ties);
  if (name == "--zero-idcg") return set(parse_zero_policy(value), o.zero_idcg);
  if (name == "--negatives") return set(parse_negative_policy(value), o.negatives);
  if (name == "--relevance-level") return set(real_number(name, value), o.relevance_level);
  if (name == "--err-max-grade") return set(real_number(name, value), o.err_max_grade);
  if (name == "--alpha") return set(real_number(name, value), o.alpha);
  if (name == "--format") return set(parse_report_format(value), r.format);
  if (name == "--decimals") {
    auto d = whole_number(name, value);
    if (!d) return d.err();
    if (*d > 17) return fail("--decimals takes a whole number from 0 to 17, got " + echo(value));
    r.decimals = static_cast<int>(*d);
    return done{};
  }
  if (name == "-f" || name == "--file") { r.file = value; return done{}; }
  if (name == "--qrels") { r.qrels = value; return done{}; }
  return fail("unknown option " + echo(name) + " (see `ndcg explain --help`)");
}

expected<explain_request> parse_explain_args(words& w) {
  explain_request r;
  std::vector<std::pair<std::string, std::string>> settings;
  bool only_grades = false;
  while (!w.done()) {
    std::string word = w.take();
    if (only_grades || word == "-" || (word[0] != '-' || is_number(word))) {
      if (word == "--") { only_grades = true; continue; }
      r.grades += (r.grades.empty() ? "" : " ") + word;
      continue;
    }
    if (word == "--") { only_grades = true; continue; }
    option_word ow = split_option(word);
    if (!ow.value) {
      if (w.done()) return fail("option " + echo(ow.name) + " needs a value (see `ndcg explain --help`)");
      ow.value = w.take();
    }
    if (ow.name == "--preset") r.preset = *ow.value;
    else settings.emplace_back(ow.name, *ow.value);
  }
  if (!r.preset.empty()) {
    auto p = preset(r.preset);
    if (!p) return p.err();
    r.opt = *p;
  }
  for (const auto& [name, value] : settings)
    if (auto ok = apply_explain_option(name, value, r); !ok) return ok.err();
  return r;
}

int explain_command(words& w, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!w.done() && (w.peek() == "-h" || w.peek() == "--help")) { out << explain_help; return 0; }
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
  auto e = explain_text(text, judgments, req->opt);
  if (!e) {
    const std::string& where = e.err().source == "judgments" ? req->qrels : e.err().source.empty() ? "" : source;
    err << "ndcg explain: " << placed(where, e.err()) << "\n";
    return 2;
  }
  report_context ctx;
  ctx.opt = &req->opt;
  ctx.input_format = name_of(e->input.detected);
  ctx.preset = req->preset.empty() ? matching_preset(req->opt) : std::string_view(req->preset);
  ctx.decimals = req->decimals;
  out << render(e->result, req->format, ctx);
  return 0;
}

// ---- trec ------------------------------------------------------------------

struct trec_request {
  trec_options opt;
  bool per_query = false;
  int digits = 4;
  std::string subtopics;
  std::vector<std::string> files;
};

status apply_trec_option(const std::string& name, const std::string& value, trec_request& r) {
  if (name == "-m") { r.opt.measures.push_back(value); return done{}; }
  if (name == "-l") {
    char* end = nullptr;
    long v = std::strtol(value.c_str(), &end, 10);
    if (value.empty() || *end) return fail("-l takes a whole number, got " + echo(value));
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
  if (name == "--alpha") {
    auto a = real_number(name, value);
    if (!a) return a.err();
    r.opt.alpha = *a;
    return done{};
  }
  if (name == "--err-max-grade") {
    auto g = real_number(name, value);
    if (!g) return g.err();
    r.opt.err_max_grade = *g;
    return done{};
  }
  return fail("unknown option " + echo(name) + " (see `ndcg trec --help`)");
}

expected<trec_request> parse_trec_args(words& w) {
  trec_request r;
  while (!w.done()) {
    std::string word = w.take();
    if (word.size() < 2 || word[0] != '-') { r.files.push_back(word); continue; }
    if (word == "-q") { r.per_query = true; continue; }
    if (word == "-c") { r.opt.complete = true; continue; }
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
  if (r.files.size() != 2)
    return fail("expected two files, QRELS and RUN, got " + std::to_string(r.files.size()) + " (see `ndcg trec --help`)");
  return r;
}

std::string file_of(const trec_request& r, const std::string& source) {
  if (source == "qrels") return r.files[0];
  if (source == "run") return r.files[1];
  if (source == "subtopics") return r.subtopics;
  return "";
}

int trec_command(words& w, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!w.done() && (w.peek() == "-h" || w.peek() == "--help")) { out << trec_help; return 0; }
  auto req = parse_trec_args(w);
  if (!req) { err << "ndcg trec: " << req.err().message << "\n"; return 2; }
  std::string problem;
  auto qrels = read_file(req->files[0], in, problem);
  auto run = qrels ? read_file(req->files[1], in, problem) : std::nullopt;
  std::optional<std::string> subtopics = std::string();
  if (run && !req->subtopics.empty()) subtopics = read_file(req->subtopics, in, problem);
  if (!qrels || !run || !subtopics) { err << "ndcg trec: " << problem << "\n"; return 2; }
  auto result = evaluate_trec(*qrels, *run, req->opt, *subtopics);
  if (!result) {
    err << "ndcg trec: " << placed(file_of(*req, result.err().source), result.err()) << "\n";
    return 2;
  }
  out << format_trec(*result, req->per_query, req->digits);
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
  if (command == "presets") return presets_command(out);
  err << "ndcg: unknown command " << echo(command) << " (expected explain, trec or presets; see `ndcg --help`)\n";
  return 2;
}

}  // namespace ndcg
