// Lines of "id grade", "id score grade" or (with judgments) "id score",
// separated by spaces, tabs, commas, semicolons or pipes; and ids alone.
// An id may appear only once.
#include <string>
#include <string_view>
#include <vector>

#include "base/hash_table.hpp"
#include "parse/parse_detail.hpp"

namespace ndcg::detail {

expected<parsed_ranking> parse_id_lines(std::string_view text, const limits& lim, format fmt, bool judgments) {
  const bool scores = fmt != format::id_grade;
  const bool grades = fmt != format::id_score;
  const std::size_t want = fmt == format::id_score_grade ? 3 : 2;
  const char* names = fmt == format::id_score_grade ? "id score grade" : grades ? "id grade" : "id score";
  parsed_ranking out;
  out.detected = fmt;
  out.has_ids = true;
  out.has_scores = scores;
  out.has_grades = grades;
  handle_table seen;  // ids, as indexes of out.items
  std::vector<field> f;
  line_reader lines(text);
  line l;
  while (lines.next(l)) {
    if (!is_data(l.text)) continue;
    split_list(l.text, id_separators, f, true);
    if (f.empty()) continue;
    for (const field& cell : f) {
      if (cell.text.empty()) {
        return fail(error_code::empty_field, "expected a value between the separators, got an empty field", l.number,
                    cell.column)
            .with("found", l.text);
      }
    }
    if (f.size() != want) {
      const std::size_t column = f.size() > want ? f[want].column : f.back().column + f.back().text.size();
      return fail(error_code::field_count,
                  "expected " + std::to_string(want) + " fields (" + names +
                      "), got " + std::to_string(f.size()),
                  l.number, column)
          .with("expected", std::to_string(want))
          .with("found", std::to_string(f.size()));
    }
    if (auto ok = count_item(out.items.size(), lim, l.number, f[0].column); !ok) return ok.err();
    item it;
    it.id = f[0].text;
    it.has_id = true;
    it.line = l.number;
    if (scores) {
      if (auto st = parse_number(f[1].text, it.score); st != number_status::ok) {
        return bad_number("a score (a number)", f[1], l.number, st);
      }
      it.has_score = true;
    }
    if (grades) {
      if (auto st = parse_number(f.back().text, it.grade); st != number_status::ok)
        return bad_number("a grade (a number)", f.back(), l.number, st);
    }
    it.column = f.back().column;
    {
      const std::uint32_t first = add_index(seen, out.items, f[0].text, out.items.size());
      if (first != handle_table::none) return repeated_id(f[0].text, judgments, out.items[first].line, l.number, f[0].column);
    }
    out.items.push_back(std::move(it));
  }
  if (out.items.empty()) return fail(error_code::empty_input, std::string("expected lines of \"") + names + "\", got none");
  return out;
}

// Ids alone, one per line or separated as a grade list is: with judgments
// they are a ranking in the order given.
expected<parsed_ranking> parse_ids(std::string_view text, const limits& lim) {
  parsed_ranking out;
  out.detected = format::ids;
  out.has_ids = true;
  out.has_grades = false;
  handle_table seen;
  std::vector<field> f;
  line_reader lines(text);
  line l;
  while (lines.next(l)) {
    if (!is_data(l.text)) continue;
    split_list(l.text, list_separators, f);
    for (const field& id : f) {
      if (auto ok = count_item(out.items.size(), lim, l.number, id.column); !ok) return ok.err();
      const std::uint32_t first = add_index(seen, out.items, id.text, out.items.size());
      if (first != handle_table::none) return repeated_id(id.text, false, out.items[first].line, l.number, id.column);
      item it;
      it.id = id.text;
      it.has_id = true;
      it.line = l.number;
      it.column = id.column;
      out.items.push_back(std::move(it));
    }
  }
  if (out.items.empty()) return fail(error_code::empty_input, "expected document ids, got none");
  return out;
}

}  // namespace ndcg::detail
