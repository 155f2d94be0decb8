// `ndcg trec`: a whole run, as trec_eval evaluates it; `--merge` of shards.
#include "cli_support.hpp"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "ndcg/numbers.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/tie_range.hpp"
#include "ndcg/trec.hpp"

namespace ndcg::cli {
namespace {


struct trec_request {
  trec_options opt;
  trec_output output;
  bool tie_range = false;
  bool merge = false;
  std::string subtopics;
  std::string zscores_file;
  std::vector<std::string> files;
};

using apply_fn = status (*)(trec_request& r, const std::string& value);

// One option of `ndcg trec`: its flag, trec_eval's long name, the value it
// takes (null for a flag), its help, and what it sets. The parser and
// --help read this list.
struct trec_flag {
  const char* name;
  const char* trec_eval_name;  // trec_eval's long option, or ""
  const char* value;           // "N", "FILE", ... or null for a flag
  const char* help;
  apply_fn apply;
};

// Options read as `ndcg explain` reads them (the one option table).
template <class Set>
status through_table(const std::string& flag, const std::string& value, Set set) {
  auto s = settings_from({{flag, value}});
  if (!s) return s.err();
  set(s->opt);
  return done{};
}

status whole(const std::string& flag, const std::string& value, std::uint64_t& out) {
  auto n = whole_number(flag, value);
  if (!n) return n.err();
  out = *n;
  return done{};
}

const trec_flag trec_flags[] = {
    {"-q", "--query_eval_wanted", nullptr, "print every query, not only `all`",
     [](trec_request& r, const std::string&) -> status { r.output.per_query = true; return done{}; }},
    {"-m", "--measure", "MEASURE", "a measure or a nickname, repeatable (see below)",
     [](trec_request& r, const std::string& v) -> status { r.opt.measures.push_back(v); return done{}; }},
    {"-c", "--complete_rel_info_wanted", nullptr,
     "score qrels queries missing from the run (0 on every measure but num_rel) and average over all qrels queries",
     [](trec_request& r, const std::string&) -> status { r.opt.complete = true; return done{}; }},
    {"--strict", "", nullptr, "a qrels query missing from the run is an error (without it, as trec_eval documents, it is left out)",
     [](trec_request& r, const std::string&) -> status { r.opt.strict = true; return done{}; }},
    {"-l", "--level_for_rel", "LEVEL", "relevance level: rel >= LEVEL is relevant (default 1)",
     [](trec_request& r, const std::string& v) -> status {
       long level = 0;
       if (read_integer(v, level) != number_status::ok) return fail("-l takes a whole number, got " + echo(v));
       r.opt.relevance_level = level;
       return done{};
     }},
    {"-n", "--nosummary", nullptr, "no `all` lines",
     [](trec_request& r, const std::string&) -> status { r.output.summary = false; return done{}; }},
    {"-M", "--Max_retrieved_per_topic", "N", "keep the top N documents of each query (by score), drop the rest",
     [](trec_request& r, const std::string& v) -> status { return whole("-M", v, r.opt.max_docs); }},
    {"-J", "--Judged_docs_only", nullptr,
     "drop documents without a judgment from each ranking before any measure (trec_eval warns: easy to forget it was used)",
     [](trec_request& r, const std::string&) -> status { r.opt.judged_only = true; return done{}; }},
    {"-N", "--Number_docs_in_coll", "N", "documents in the collection (for utility's fourth coefficient)",
     [](trec_request& r, const std::string& v) -> status {
       std::uint64_t n = 0;
       if (auto ok = whole("-N", v, n); !ok) return ok;
       r.opt.docs_in_collection = static_cast<double>(n);
       return done{};
     }},
    {"-R", "--Rel_info_format", "FORMAT",
     "what QRELS holds: qrels (default), qrels_jg (the iter field names a judgment group), prefs (qid group subgroup "
     "docid level) or qrels_prefs (qrels read as preferences)",
     [](trec_request& r, const std::string& v) -> status {
       auto f = judgment_format_named(v);
       if (!f) return f.err();
       r.opt.judgments = *f;
       return done{};
     }},
    {"-T", "--Results_format", "FORMAT", "what RUN holds: trec_results, the only format trec_eval 10.0 has",
     [](trec_request&, const std::string& v) -> status {
       if (v == "trec_results") return done{};
       return fail("-T takes trec_results (the run format trec_eval 10.0 reads), got " + echo(v));
     }},
    {"-Z", "--Zscore", "FILE",
     "print z-scores against FILE's means and standard deviations (lines \"qid measure mean stddev\"; a value with "
     "none becomes -1000000)",
     [](trec_request& r, const std::string& v) -> status { r.zscores_file = v; return done{}; }},
    {"--digits", "", "N", "decimals printed (default 4); 17 prints %.17g",
     [](trec_request& r, const std::string& v) -> status {
       std::uint64_t d = 0;
       if (auto ok = whole("--digits", v, d); !ok) return ok;
       if (d > 17) return fail("--digits takes a whole number from 0 to 17, got " + echo(v));
       r.output.digits = static_cast<int>(d);
       return done{};
     }},
    {"--format", "", "text|json|csv",
     "text (trec_eval's lines), json ({\"qid\": {\"measure\": value}} and \"all\", as pytrec_eval) or csv (a row per "
     "query, a column per measure); JSON and CSV values are exact",
     [](trec_request& r, const std::string& v) -> status {
       if (v != "text" && v != "json" && v != "csv")
         return fail("--format takes text, json or csv here, got " + echo(v));
       r.output.format = v == "json" ? report_format::json : v == "csv" ? report_format::csv : report_format::text;
       return done{};
     }},
    {"--k", "", "K", "the cutoff of cutoff measures named without one (-m ndcg_cut -m P --k 10: ndcg_cut_10, P_10)",
     [](trec_request& r, const std::string& v) -> status {
       if (auto ok = whole("--k", v, r.opt.cutoff); !ok) return ok;
       if (r.opt.cutoff == 0) return fail("--k takes a whole number of 1 or more here, got " + echo(v));
       return done{};
     }},
    {"--gain", "", "exp|linear", "gains of the gain measures: linear (trec_eval: the grade) or exp (2^rel - 1)",
     [](trec_request& r, const std::string& v) -> status {
       if (v != "exp" && v != "linear") return fail("--gain takes exp or linear here, got " + echo(v));
       r.opt.exp_gain = v == "exp";
       return done{};
     }},
    {"--zero-idcg", "", "zero|one|skip", "ndcg when IDCG is 0: 0 (trec_eval), 1, or no value (left out of the mean)",
     [](trec_request& r, const std::string& v) -> status {
       return through_table("--zero-idcg", v, [&](const options& o) { r.opt.zero_idcg = o.zero_idcg; });
     }},
    {"--ties", "", "trec|input|average",
     "equal scores: trec (docid descending, trec_eval), input (file order) or average (tie-averaged gains)",
     [](trec_request& r, const std::string& v) -> status {
       return through_table("--ties", v, [&](const options& o) { r.opt.ties = o.ties; });
     }},
    {"--preset", "", "NAME", "gains and conventions of a preset (e.g. gdeval, xgboost-; see `ndcg explain --help`)",
     [](trec_request& r, const std::string& v) -> status { r.opt.preset = v; return done{}; }},
    {"--subtopics", "", "FILE",
     "subtopic qrels (`qid subtopic docid judgment`) for alpha_ndcg_cut; given as QRELS too, or alone, it also gives "
     "the per-document judgments (1 when a document covers a subtopic)",
     [](trec_request& r, const std::string& v) -> status { r.subtopics = v; return done{}; }},
    {"--alpha", "", "A", "alpha for alpha_ndcg_cut (default 0.5)",
     [](trec_request& r, const std::string& v) -> status {
       return through_table("--alpha", v, [&](const options& o) { r.opt.alpha = o.alpha; });
     }},
    {"--err-max-grade", "", "G", "ERR's largest grade (default: the largest in the qrels)",
     [](trec_request& r, const std::string& v) -> status {
       return through_table("--err-max-grade", v, [&](const options& o) { r.opt.err_max_grade = o.err_max_grade; });
     }},
    {"--tie-range", "", nullptr,
     "after the usual lines, per measure: how many queries change with the order of documents with equal scores "
     "(NAME:ties), and the mean under the worst and the best such order (NAME:worst, NAME:best); with -q also each such query",
     [](trec_request& r, const std::string&) -> status { r.tie_range = true; return done{}; }},
    {"--shard", "", nullptr, "the run is one shard of a run split by query (no error when it shares no query with the qrels)",
     [](trec_request& r, const std::string&) -> status { r.opt.shard = true; return done{}; }},
    {"--merge", "", nullptr, "the files are -q outputs of shards (best printed with --digits 17): print the whole run's",
     [](trec_request& r, const std::string&) -> status { r.merge = true; return done{}; }},
};

const trec_flag* find_flag(const std::string& name) {
  for (const trec_flag& f : trec_flags)
    if (name == f.name || (*f.trec_eval_name && name == f.trec_eval_name)) return &f;
  return nullptr;
}

// The measure list of --help, from the list of families.
std::string measure_help() {
  std::string out = "Measures (-m NAME, or NAME.PARAMS):\n";
  for (const trec_measure_info& m : trec_measures()) {
    std::string left = "  " + std::string(m.name);
    if (m.parameters == "cutoffs") left += ".K,...";
    else if (m.parameters == "fractions") left += ".X,...";
    else if (m.parameters == "numbers") left += ".X,...";
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
  out += "Nicknames:\n";
  for (const trec_nickname& n : trec_nicknames()) {
    std::string names;
    for (std::string_view f : n.families) names += (names.empty() ? "" : " ") + std::string(f);
    out += wrapped("  " + std::string(n.name), names, 32);
  }
  return out;
}

std::string trec_help() {
  std::string out =
      "Usage: ndcg trec [options] QRELS RUN\n"
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
      "Options (trec_eval's long names work too):\n";
  for (const trec_flag& f : trec_flags) {
    std::string left = "  " + std::string(f.name) + (f.value ? " " + std::string(f.value) : "");
    out += wrapped(left, f.help, 25);
  }
  out += wrapped("  -h, --help", "this text", 25);
  out += "\n" + measure_help();
  out += "\nExample: ndcg trec -q -m ndcg_cut.10 -m map qrels.txt run.txt\n";
  return out;
}

status check_trec_files(const trec_request& r) {
  const std::size_t n = r.files.size();
  if (r.merge) {
    if (n == 0) return fail("--merge needs the -q outputs to merge (see `ndcg trec --help`)");
    return done{};
  }
  if (n == 2 || (n == 1 && !r.subtopics.empty())) {
    if (std::count(r.files.begin(), r.files.end(), "-") + (r.subtopics == "-") + (r.zscores_file == "-") > 1)
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
    option_word ow = split_option(word);
    const trec_flag* f = find_flag(ow.name);
    if (!f && ow.name.size() > 2 && ow.name[1] != '-' && !ow.value) {  // "-mndcg", "-l2", "-M50"
      ow.value = ow.name.substr(2);
      ow.name = ow.name.substr(0, 2);
      f = find_flag(ow.name);
    }
    if (!f) return fail("unknown option " + echo(ow.name) + " (see `ndcg trec --help`)");
    if (f->value && !ow.value) {
      if (w.done()) return fail("option " + echo(ow.name) + " needs a value (see `ndcg trec --help`)");
      ow.value = w.take();
    }
    if (!f->value && ow.value) return fail("option " + echo(ow.name) + " takes no value, got " + echo(*ow.value));
    if (auto ok = f->apply(r, ow.value ? *ow.value : std::string()); !ok) return ok.err();
  }
  if (auto ok = check_trec_files(r); !ok) return ok.err();
  return r;
}

std::string file_of(const trec_request& r, const std::string& source) {
  if (source == "qrels") return r.files.size() == 2 ? r.files[0] : r.subtopics;
  if (source == "run") return r.files.back();
  if (source == "subtopics") return r.subtopics;
  if (source == "zscores") return r.zscores_file;
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


expected<trec_result> evaluate_files(const trec_request& r, std::istream& in, const std::string& qrels,
                                     const std::string& subtopics, std::string& problem) {
  auto stream = trec_stream::open(qrels, r.opt, subtopics);
  if (!stream) return stream.err();
  const std::string& path = r.files.back();
  std::unique_ptr<std::istream> file = path == "-" ? nullptr : open_file(path, problem);
  if (path != "-" && !file) return fail(error_code::bad_file, problem).with("found", path);
  auto result = stream_run(*stream, file ? *file : in);
  if (result || result.err().code != error_code::ungrouped_run || !file) return result;
  // Interleaved queries in a file: the same judgments, the file read again and grouped.
  stream->regroup();
  file->clear();
  file->seekg(0);
  return stream_run(*stream, *file);
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
  out << render_trec(*merged, r.output);
  return 0;
}

}  // namespace

int trec_command(words& w, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!w.done() && (w.peek() == "-h" || w.peek() == "--help")) { out << trec_help(); return 0; }
  auto req = parse_trec_args(w);
  if (!req) { err << "ndcg trec: " << req.err().message << "\n"; return 2; }
  if (req->merge) return merge_command(*req, in, out, err);
  std::string problem;
  std::optional<std::string> qrels = std::string();
  if (req->files.size() == 2) qrels = read_file(req->files[0], in, problem);
  std::optional<std::string> subtopics = std::string();
  if (qrels && !req->subtopics.empty()) subtopics = read_file(req->subtopics, in, problem);
  if (qrels && subtopics && !req->zscores_file.empty()) {
    auto z = read_file(req->zscores_file, in, problem);
    if (z) req->opt.zscores = std::move(*z);
    else qrels.reset();
  }
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
  for (const std::string& note : result->notes) err << "ndcg trec: " << note << "\n";
  out << render_trec(*result, req->output);
  if (ties) out << format_tie_range(*ties, req->output.per_query, req->output.digits);
  return 0;
}

}  // namespace ndcg::cli

