// `ndcg explain`: one ranking, step by step.
#include "cli_support.hpp"

#include <cctype>
#include <fstream>
#include <iostream>
#include <string>

#include "ndcg/numbers.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/report.hpp"

namespace ndcg::cli {
namespace {


// The options part of `ndcg explain --help` comes from the option table.
const char* explain_intro =
    "Usage: ndcg explain [options] [GRADES... | FILE]\n"
    "\n"
    "Reads one ranking from GRADES (e.g. `3 2 0 1` or `3,2,0,1`), from -f FILE (or a\n"
    "lone word naming a file), or from standard input. Any format the parser knows\n"
    "is accepted: a grade list (spaces, commas, semicolons, tabs, `|`, full-width\n"
    "digits), a Markdown table row, `id grade` or `id score grade` lines, CSV/TSV\n"
    "with a header naming its columns (see docs/inputs.md: query, doc, score, rel, rank,\n"
    "subtopics and their aliases such as doc_id, docno, corpus-id, query_id, label),\n"
    "a TREC run or qrels. Items with scores are ranked by score, highest first.\n"
    "\n"
    "With --qrels, `id number` lines are ids and scores (ordered by score; the\n"
    "other reading is --columns doc,rel), and ids alone are a ranking in the order\n"
    "given; ids without a judgment count as grade 0 and are marked `*`. An input\n"
    "that holds several queries is never pooled: pick one with --query, or\n"
    "evaluate them all with `ndcg trec`. The first line of the output says how the\n"
    "input was read.\n"
    "\n"
    "Input and output:\n"
    "  -f, --file FILE        read the ranking from FILE (`-` = standard input)\n"
    "  --qrels FILE           judgments: qrels, subtopic qrels, `id grade` lines or a\n"
    "                         table; the ranking's items take their grades from it\n"
    "                         by id (judgments of several queries: the ranking's)\n"
    "  --format F             text (default), markdown, json, csv, latex or html\n"
    "  -h, --help             this text\n"
    "\n"
    "Options (--name VALUE or --name=VALUE; a true/false option alone means true):\n";

std::string explain_help() {
  return explain_intro + options_help(command::explain) + "\nExample: ndcg explain --k 10 3 2 0 1 0 0 2 1 0 0\n";
}

struct explain_request {
  settings s;
  report_format format = report_format::text;
  bool html = false;  // --format html (render_html, outside report_format)
  std::string file;
  std::string qrels;
  std::string grades;  // from the command line
  bool after_dashes = false;  // the grades came after `--`: never a file name
};

bool file_exists(const std::string& path) { return static_cast<bool>(std::ifstream(path)); }

// A lone word that names a file is that file (`ndcg explain run.csv`);
// one that only looks like a file name is refused, not read as an id.
status bare_word_file(explain_request& r) {
  const std::string& w = r.grades;
  if (r.after_dashes || !r.file.empty() || w.empty() || w.find(' ') != std::string::npos || is_number(w)) return done{};
  if (file_exists(w)) {
    r.file = w;
    r.grades.clear();
    return done{};
  }
  const std::size_t dot = w.rfind('.');
  const bool looks_like_file = w.find('/') != std::string::npos ||
                               (dot != std::string::npos && dot + 1 < w.size() && !is_number(w.substr(dot + 1)));
  if (!looks_like_file) return done{};
  return fail(error_code::bad_file, "no such file: " + echo(w) + " (to explain it as a one-item ranking, give `-- " + w + "`)")
      .in("options")
      .with("found", w);
}

// Input and output options; everything else is a row of the option table.
bool apply_io_option(const std::string& name, const std::string& value, explain_request& r, status& result) {
  if (name == "--format" && value == "html") {
    r.html = true;
  } else if (name == "--format") {
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
    if (word == "--" && !only_grades) { only_grades = r.after_dashes = true; continue; }
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

}  // namespace

int explain_command(words& w, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!w.done() && (w.peek() == "-h" || w.peek() == "--help")) { out << explain_help(); return 0; }
  auto req = parse_explain_args(w);
  if (req) {
    if (auto ok = bare_word_file(*req); !ok) req = ok.err();
  }
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
  auto e = explain_text(text, judgments, req->s.opt, limits{}, req->s.read);
  if (!e) {
    const std::string& src = e.err().source;
    const std::string& where = src == "judgments" ? req->qrels : src == "ranking" ? source : std::string();
    err << "ndcg explain: " << placed(e.err(), where) << "\n";
    return 2;
  }
  const result_context ctx = context_of(*e, req->s);
  out << (req->html ? render_html(e->result, ctx) : render(e->result, req->format, ctx));
  return 0;
}


}  // namespace ndcg::cli

