// The entry points for one ranking and for explain's judgments: check the
// input, detect its format and hand it to that format's reader
// (parse_detail.hpp lists them).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parse/parse_detail.hpp"

namespace ndcg {

expected<parsed_ranking> detail::parse_as(format f, std::string_view text, const limits& lim, bool judgments,
                                          const reading& r) {
  switch (f) {
    case format::grades: return parse_grades(text, lim);
    case format::id_grade:
    case format::id_score:
    case format::id_score_grade: return parse_id_lines(text, lim, f, judgments);
    case format::ids: return parse_ids(text, lim);
    case format::json:
      if (json_ranking_reader) return json_ranking_reader(text, lim, judgments, r);
      return fail(error_code::bad_input,
                  "expected a ranking in a format this build reads, got a JSON object: it is read by the full module "
                  "(dist/ndcg.js), the page, the command and Python")
          .with("found", "{");
    case format::csv:
    case format::tsv:
    case format::columns: return parse_table(text, lim, f, judgments, r);
    case format::trec_run: return ranking_from_run(text, lim, r.query);
    case format::trec_qrels: return ranking_from_qrels(text, lim, r.query);
    case format::subtopic_qrels: return ranking_from_subtopics(text, lim, r.query);
  }
  return fail(error_code::bad_input, "unknown input format").with("found", name_of(f));
}

expected<parsed_ranking> (*detail::json_ranking_reader)(std::string_view, const limits&, bool, const reading&) = nullptr;

error detail::repeated_id(std::string_view id, bool judgments, std::size_t first_line, std::size_t line_no,
                          std::size_t column) {
  return fail(error_code::duplicate_id,
              std::string("expected each id once in the ") + (judgments ? "judgments" : "ranking") + ", got " +
                  echo(id) + " again (first on line " + std::to_string(first_line) + ")",
              line_no, column)
      .with("found", id)
      .with("first_line", std::to_string(first_line));
}

expected<parsed_ranking> parse_ranking(std::string_view text, const limits& lim) {
  return parse_ranking(text, reading{}, lim);
}

expected<parsed_ranking> parse_ranking(std::string_view text, const reading& r, const limits& lim) {
  if (auto ok = detail::check_input(text, lim); !ok) return ok.err();
  auto p = detail::parse_as(detail::detect(text, false, r), text, lim, false, r);
  if (p) p->judged = r.judged;
  return p;
}

// Judgments for explain's --qrels: any format that gives ids and grades
// (qrels, subtopic qrels, "id grade" lines, CSV/TSV with an id column).
expected<std::vector<item>> parse_judgments(std::string_view text, const limits& lim, std::string_view query) {
  if (auto ok = detail::check_input(text, lim); !ok) return ok.err();
  const format f = detail::detect(text, true);
  const char* wanted = "expected judgments (qrels, \"id grade\" lines, or CSV/TSV with id and grade columns)";
  if (f == format::trec_run) {
    const std::vector<detail::line> lines = detail::sample(text);
    return fail(error_code::no_grades, std::string(wanted) + ", got a TREC run", lines[0].number,
                detail::first_column(text, lines[0].number));
  }
  reading r;
  r.query = query;
  auto parsed = detail::parse_as(f, text, lim, true, r);
  if (!parsed) return parsed.err();
  if (!parsed->has_ids) {
    const item& first = parsed->items.front();
    if (f == format::grades) {
      return fail(error_code::no_ids, std::string(wanted) + ", got grades without ids", first.line, first.column);
    }
    return fail(error_code::no_ids, std::string(wanted) + ", got a table without an id column",
                detail::sample(text)[0].number, 1);
  }
  return std::move(parsed->items);
}

}  // namespace ndcg
