// `ndcg explain`: one ranking, step by step.
#include "cli_support.hpp"

#include <cctype>
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
};

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

}  // namespace

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
  const result_context ctx = context_of(*e, req->s);
  out << (req->html ? render_html(e->result, ctx) : render(e->result, req->format, ctx));
  return 0;
}


}  // namespace ndcg::cli

