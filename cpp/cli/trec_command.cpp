// `ndcg trec`: a whole run, as trec_eval evaluates it; `--merge` of shards.
#include "cli_support.hpp"
#include "file_bytes.hpp"

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <streambuf>
#include <string>

#include "ndcg/commands.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/trec.hpp"

namespace ndcg::cli {
namespace {


// The options part of `ndcg trec --help` comes from the option table, the
// measure list from the measures.
const char* trec_intro =
    "Usage: ndcg trec [options] QRELS RUN\n"
    "       ndcg trec [options] LETOR PREDICTIONS\n"
    "       ndcg trec [options] TABLE\n"
    "       ndcg trec [options] --subtopics FILE RUN\n"
    "       ndcg trec --merge [-q] [--digits N] FILE...\n"
    "\n"
    "Evaluates a TREC run (`qid Q0 docid rank score tag`) against qrels\n"
    "(`qid 0 docid rel`) the way trec_eval 10.0 does: documents ranked by score,\n"
    "ties by docid descending, the rank column ignored, negative judgments worth 0,\n"
    "queries only in the qrels or only in the run left out. Output lines are\n"
    "`measure<TAB>qid<TAB>value`, with `all` for the mean; with no -m, the measures\n"
    "and lines of trec_eval's default output. RUN may be `-` (standard input). The\n"
    "run is read query by query, so memory holds the qrels and one query; a run\n"
    "whose queries are interleaved is read again and grouped (from a file; on\n"
    "standard input it must be grouped by query).\n"
    "\n"
    "--tie-range adds, per measure, how many queries change with the order of\n"
    "documents with equal scores (NAME:ties) and the mean under the worst and the\n"
    "best such order (NAME:worst, NAME:best: smaller or larger judged grades\n"
    "first), after the usual lines; with -q also each query that changes. In JSON\n"
    "and CSV they are measures beside the others, every query's value included.\n"
    "\n"
    "QRELS and RUN may also be CSV or TSV with a header (query_id, doc_id, score,\n"
    "rel, rank, ...; BEIR's `query-id corpus-id score`, where score is the\n"
    "judgment), JSON {qid: {docid: number}}, JSON records or JSON Lines with such\n"
    "keys (a run with only a rank is ordered by rank), and gzip of any of them:\n"
    "told apart by content, said on stderr, overridden by --run-format and\n"
    "--qrels-format. A LETOR/SVMlight file (`label qid:Q 1:v ... # docid = D`) is\n"
    "the judgments (its labels) and PREDICTIONS scores its lines, one number per\n"
    "line in the file's order (doc ids from `#docid =` comments, else each line's\n"
    "position in its query). One TABLE with score (or rank) and rel columns is the\n"
    "run and the qrels at once (qid,label,score: an LTR evaluation set).\n"
    "\n"
    "Input and output:\n"
    "  --subtopics FILE       subtopic qrels (`qid subtopic docid judgment`) for\n"
    "                         alpha_ndcg_cut; given as QRELS too, or alone, it also\n"
    "                         gives the per-document judgments (1 when a document\n"
    "                         covers a subtopic)\n"
    "  -Z FILE                z-scores against FILE's means and standard deviations\n"
    "                         (lines `qid measure mean stddev`; a value without one\n"
    "                         becomes -1000000), as trec_eval's -Z\n"
      "  --merge                the files are -q outputs of shards (best printed with\n"
    "                         --digits 17): print the means of the whole run\n"
    "  --group FILE           LETOR lines without qid: ; FILE has one query size\n"
    "                         per line (LightGBM .query, XGBoost .group), queries\n"
    "                         named 1, 2, ...\n"
    "  --help-measure NAME    what NAME computes: its formula, parameters, and how\n"
    "                         ties, unjudged documents, -l and -J touch it (first\n"
    "                         word after trec; `ndcg measures` lists them all)\n"
    "  -h, --help             this text\n"
    "\n"
    "Options (--name VALUE or --name=VALUE, short flags as trec_eval's: -q, -c,\n"
    "-m MEASURE or -mMEASURE, -l LEVEL or -l2, -M50; a true/false option alone\n"
    "means true):\n";

// The measure list of --help, from the list of families.
std::string measure_help() {
  std::string out = "Measures (-m NAME, or NAME.PARAMS; cutoffs K, fractions X, numbers X or gains\n"
                    "REL=GAIN, comma-separated):\n";
  for (const trec_measure_info& m : trec_measures()) {
    std::string left = "  " + std::string(m.name);
    if (m.parameters == "cutoffs") left += ".K,...";
    else if (m.parameters == "fractions" || m.parameters == "numbers") left += ".X,...";
    else if (m.parameters == "gains") left += ".REL=GAIN,...";
    std::string text(m.help);
    if (!m.defaults.empty()) {
      std::string d;
      for (double v : m.defaults) d += (d.empty() ? "" : ",") + shortest(v);
      text += " (default " + d + ")";
    }
    if (m.judgments == "prefs") text += " [-R prefs or qrels_prefs]";
    else if (m.judgments == "qrels_jg") text += " [-R qrels_jg]";
    out += wrapped(left, text, 32);
  }
  out += "Nicknames (-m NAME):\n";
  for (const trec_nickname& n : trec_nicknames()) {
    std::string names;
    for (std::string_view f : n.families) names += (names.empty() ? "" : " ") + std::string(f);
    out += wrapped("  " + std::string(n.name), names, 32);
  }
  std::string ir;
  for (std::string_view name : ir_measure_names()) ir += (ir.empty() ? "" : " ") + std::string(name);
  out += "ir_measures' names (-m 'nDCG@10', 'P(rel=2)@5', 'SetF(beta=0.5)'; rel= is -l and\n"
         "judged_only=True -J, for that measure alone; named as given in the output):\n";
  out += wrapped(" ", ir, 2);
  return out;
}

// `ndcg trec --help-measure NAME` (or --help-measure=NAME).
int help_measure(words& w, std::ostream& out, std::ostream& err) {
  const std::string flag = w.take();
  const std::size_t eq = flag.find('=');
  if (eq == std::string::npos && w.done()) {
    err << "ndcg trec: --help-measure needs a measure's name (see `ndcg measures`)\n";
    return 2;
  }
  const std::string name = eq == std::string::npos ? w.take() : flag.substr(eq + 1);
  auto text = describe_measure(name);
  if (!text) { err << "ndcg trec: " << text.err().message << "\n"; return 2; }
  out << *text;
  return 0;
}

std::string trec_help() {
  return trec_intro + options_help(command::trec) + "\n" + measure_help() +
         "\nExample: ndcg trec -q -m ndcg_cut.10 -m map qrels.txt run.txt\n";
}

struct trec_request {
  option_pairs given;     // the options, as evaluate_batch reads them
  batch_settings batch;   // the same read here, to refuse a bad one before any file is read
  bool merge = false;
  std::string subtopics;
  std::string zscores;  // -Z FILE
  std::string group;    // --group FILE
  std::vector<std::string> files;
};

status check_trec_files(const trec_request& r) {
  const std::size_t n = r.files.size();
  if (r.merge) {
    if (n == 0) return fail("--merge needs the -q outputs to merge (see `ndcg trec --help`)");
    return done{};
  }
  if (n == 2 || n == 1) {
    if (std::count(r.files.begin(), r.files.end(), "-") + (r.subtopics == "-") + (r.zscores == "-") > 1)
      return fail("only one input can be standard input (`-`)");
    return done{};
  }
  return fail("expected two files, QRELS and RUN, got " + std::to_string(n) + " (see `ndcg trec --help`)");
}

const std::vector<io_flag> trec_io = {
    {"--subtopics", true}, {"-Z", true}, {"--zscores", true}, {"--merge", false},
    {"--group", true}};

expected<trec_request> parse_trec_args(words& w) {
  auto line = read_command_line(w, command::trec, trec_io);
  if (!line) return line.err();
  trec_request r;
  for (const auto& [name, value] : line->io) {
    if (name == "--merge") r.merge = value == "true";
    else if (name == "-Z" || name == "--zscores") r.zscores = value;
    else if (name == "--group") r.group = value;
    else r.subtopics = value;
  }
  auto s = settings_from(line->given, command::trec);
  if (!s) return s.err();
  r.batch = std::move(s->batch);
  r.given = std::move(line->given);
  r.files = std::move(line->files);
  if (auto o = trec_output_of(r.batch); !o) return o.err();
  if (auto ok = check_trec_files(r); !ok) return ok.err();
  return r;
}

std::string file_of(const trec_request& r, const std::string& source) {
  if (source == "qrels") return r.files.size() == 2 || r.subtopics.empty() ? r.files[0] : r.subtopics;
  if (source == "group") return r.group;
  if (source == "run") return r.files.back();
  if (source == "subtopics") return r.subtopics;
  if (source == "zscores") return r.zscores;
  return "";
}

// The run file (or standard input) in pieces, streamed when it is a TREC
// run; none when one table holds both.
evaluate_reply evaluate_files(const trec_request& r, std::istream& in, evaluate_inputs& inputs,
                              std::vector<batch_reading>& readings, std::string& problem) {
  inputs.qrels_name = r.files[0];
  std::unique_ptr<std::istream> file;
  std::unique_ptr<run_source> source;
  if (r.files.size() == 2 || !r.subtopics.empty()) {
    const std::string& path = r.files.back();
    inputs.run_name = path;
    // Read in pieces into one reused block (one huge page), not mapped: the
    // reader on the mapping's 4 KB pages, each faulted in as it came, took
    // 5-10% longer on the 1M-line run.
    if (path != "-" && !(file = open_file(path, problem)))
      return evaluate_reply{fail(error_code::bad_file, problem).with("found", path), {}};
    source = stream_source(file ? *file : in, file != nullptr);
    inputs.run = source.get();
  }
  return evaluate_batch(inputs, r.given, readings);
}

// The judgments beside a run, natively, when the core reads them in pieces
// from their file (a LETOR file, not held; its `text`, mapped, is left
// untouched). None otherwise: the core reads `text`.
struct qrels_file {
  std::unique_ptr<std::istream> file;
  std::unique_ptr<run_source> source;
  void open([[maybe_unused]] const trec_request& r, [[maybe_unused]] const file_bytes& read) {
#ifndef __EMSCRIPTEN__  // the command on Node reads files whole
    std::string problem;
    const std::string_view text = read.view();
    if (r.files.size() != 2 || !read.from_regular_file() || !judgments_in_pieces(text.substr(0, 1 << 16), r.batch))
      return;
    if ((file = open_file(r.files[0], problem))) source = stream_source(*file, true);
#endif
  }
};

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
    err << "ndcg trec: " << placed(merged.err(), file) << "\n";
    return 2;
  }
  out << render_trec(*merged, *trec_output_of(r.batch));
  return 0;
}

}  // namespace

int trec_command(words& w, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!w.done() && (w.peek() == "-h" || w.peek() == "--help")) { out << trec_help(); return 0; }
  if (!w.done() && w.peek().rfind("--help-measure", 0) == 0) return help_measure(w, out, err);
  auto req = parse_trec_args(w);
  if (!req) { err << "ndcg trec: " << req.err().message << "\n"; return 2; }
  if (req->merge) return merge_command(*req, in, out, err);
  std::string problem;
  const bool one_table = req->files.size() == 1 && req->subtopics.empty();
  std::optional<file_bytes> qrels = file_bytes();
  if (req->files.size() == 2 || one_table) qrels = file_bytes::read(req->files[0], in, problem);
  std::optional<std::string> subtopics = std::string(), zscores = std::string(), group = std::string();
  if (qrels && !req->subtopics.empty()) subtopics = read_file(req->subtopics, in, problem);
  if (qrels && subtopics && !req->zscores.empty()) zscores = read_file(req->zscores, in, problem);
  if (qrels && subtopics && zscores && !req->group.empty()) group = read_file(req->group, in, problem);
  if (!qrels || !subtopics || !zscores || !group) { err << "ndcg trec: " << problem << "\n"; return 2; }
  evaluate_inputs inputs;
  inputs.qrels = qrels->view();
  qrels_file judged;
  judged.open(*req, *qrels);
  inputs.qrels_file = judged.source.get();
  inputs.subtopics = *subtopics;
  inputs.zscores = *zscores;
  inputs.group = *group;
  std::vector<batch_reading> readings;
  const evaluate_reply reply = evaluate_files(*req, in, inputs, readings, problem);
  for (const batch_reading& reading : readings) err << "ndcg trec: " << reading_line(reading) << "\n";
  const expected<run_evaluation>& evaluated = reply.evaluated;
  if (!evaluated) {
    if (evaluated.err().code == error_code::bad_file) { err << "ndcg trec: " << problem << "\n"; return 2; }
    err << "ndcg trec: " << placed(evaluated.err(), file_of(*req, evaluated.err().source)) << "\n";
    return 2;
  }
  for (const std::string& note : evaluated->result.notes) err << "ndcg trec: " << note << "\n";
  out << reply.text;
  return 0;
}

int measures_command(words& w, std::ostream& out, std::ostream& err) {
  if (!w.done() && (w.peek() == "-h" || w.peek() == "--help")) {
    out << "Usage: ndcg measures\n\nLists the measures `ndcg trec -m` takes and trec_eval's nicknames for sets of them.\n"
           "`ndcg trec --help-measure NAME` explains one.\n";
    return 0;
  }
  if (!w.done()) {
    err << "ndcg measures: takes no arguments, got " << echo(w.peek()) << " (for one measure: ndcg trec --help-measure NAME)\n";
    return 2;
  }
  out << measure_help() << "\nFor one in full: ndcg trec --help-measure NAME\n";
  return 0;
}

}  // namespace ndcg::cli

