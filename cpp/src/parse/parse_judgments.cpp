// Judgments for explain's --qrels: any format that gives ids and grades
// (qrels, subtopic qrels, "id grade" lines, CSV/TSV with an id column).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parse/parse_detail.hpp"

namespace ndcg {

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
