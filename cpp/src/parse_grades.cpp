// Grade lists as people paste them: "3 2 0 1", "3,2,0", "[3, 2, 0]", one
// per line, a Markdown row "| rel | 3 | 2 |" (with an optional row of
// positions above it), full-width digits and separators too.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parse_detail.hpp"

namespace ndcg::detail {
namespace {

constexpr std::string_view example_grades = "grades such as \"3 2 0 1\"";

bool has_pipe(std::string_view s) {
  std::size_t len = 1;
  for (std::size_t i = 0; i < s.size(); i += len) {
    if (ascii_twin(s, i, len) == '|') return true;
  }
  return false;
}

struct grade_cell {
  double value = 0;
  std::size_t column = 0;
};

struct grade_row {
  std::size_t line = 0;
  std::size_t first = 0;   // its cells are cells[first, first + count)
  std::size_t count = 0;
  bool labelled = false;   // a leading label cell was skipped ...
  field label;             // ... this one
  bool table = false;      // a Markdown row
};

// A row of positions: exactly 1, 2, ..., n in a table or after a label,
// as in the document's "| 位置 | 1 | 2 | ... | 10 |". When another row
// follows it, that row holds the grades and this one is dropped.
bool is_position_row(const grade_row& r, const std::vector<grade_cell>& cells) {
  if (r.count < 2 || !(r.table || r.labelled)) return false;
  for (std::size_t k = 0; k < r.count; ++k) {
    if (cells[r.first + k].value != static_cast<double>(k + 1)) return false;
  }
  return true;
}

// A label is a word ("相关性", "rel:"), not a broken number ("3x", "-").
bool is_label(std::string_view s) {
  std::size_t len = 1;
  const char c = ascii_twin(s, 0, len);
  if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.') return false;
  return !is_numeric(s);
}

bool all_blank(std::string_view text) {
  for (const char c : strip_bom(text)) {
    if (!is_space(c) && c != '\n' && c != '\r') return false;
  }
  return true;
}

}  // namespace

expected<parsed_ranking> parse_grades(std::string_view text, const limits& lim) {
  std::vector<grade_cell> cells;
  std::vector<grade_row> rows;
  std::vector<field> f;
  // A lone word on the first data line is a column header ("relevance"
  // above one grade per line) when grades follow it.
  std::optional<std::pair<field, std::size_t>> heading;
  bool first = true;
  line_reader lines(text);
  line l;
  while (lines.next(l)) {
    if (!is_data(l.text)) continue;
    split_list(l.text, list_separators, f);
    if (f.empty()) continue;  // only separators
    grade_row row;
    row.line = l.number;
    row.first = cells.size();
    row.table = has_pipe(l.text);
    std::size_t start = 0;
    double v = 0;
    if (is_label(f[0].text)) {
      if (f.size() > 1) {
        row.labelled = true;
        row.label = f[0];
        start = 1;
      } else if (first) {
        heading = std::make_pair(f[0], l.number);
        first = false;
        continue;
      }
    }
    first = false;
    for (std::size_t k = start; k < f.size(); ++k) {
      if (auto st = parse_number(f[k].text, v); st != number_status::ok) {
        return bad_number("a grade (a number)", f[k], l.number, st);
      }
      if (auto ok = count_item(cells.size(), lim, l.number, f[k].column); !ok) return ok.err();
      cells.push_back(grade_cell{v, f[k].column});
    }
    row.count = cells.size() - row.first;
    rows.push_back(row);
  }
  if (cells.empty()) {
    if (heading) {
      return bad_number("a grade (a number)", heading->first, heading->second, number_status::not_a_number);
    }
    return fail("expected " + std::string(example_grades) + ", got " +
                (all_blank(text) ? "an empty input" : "no numbers"));
  }

  parsed_ranking out;
  out.detected = format::grades;
  out.skipped_label = heading ? 1 : 0;
  out.items.reserve(cells.size());
  const grade_row* first_label = nullptr;
  const grade_row* first_plain = nullptr;  // the first row without a label
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const grade_row* row = &rows[i];
    if (i + 1 < rows.size() && is_position_row(rows[i], cells)) {
      const grade_row& next = rows[i + 1];
      if (next.count != rows[i].count) {
        return fail("expected " + std::to_string(rows[i].count) + " grades to match the positions on line " +
                        std::to_string(rows[i].line) + ", got " + std::to_string(next.count),
                    next.line, cells[next.first].column);
      }
      row = &next;
      ++i;
    }
    if (row->labelled) {
      // Two labelled rows are two lists ("a: 3 2" and "b: 1 0"), or
      // "id grade" lines gone wrong: either way not one ranking.
      if (first_label != nullptr) {
        return fail("expected one labelled row of grades, got a second label, " + echo(row->label.text) +
                        " (the first, " + echo(first_label->label.text) + ", is on line " +
                        std::to_string(first_label->line) + ")",
                    row->line, row->label.column);
      }
      first_label = row;
      ++out.skipped_label;
    } else if (first_plain == nullptr) {
      first_plain = row;
    }
    // A label names the one row of grades it stands before; other rows
    // beside it mean mixed formats ("3 2 1" above "d1 0.5 2").
    if (first_label != nullptr && first_plain != nullptr) {
      const grade_row& later = first_label->line > first_plain->line ? *first_label : *first_plain;
      const std::size_t column = later.labelled ? later.label.column : cells[later.first].column;
      return fail("expected one ranking in one format, got a row labelled " + echo(first_label->label.text) +
                      " and a row of bare grades (lines " + std::to_string(std::min(first_label->line, first_plain->line)) +
                      " and " + std::to_string(later.line) + ")",
                  later.line, column);
    }
    for (std::size_t k = 0; k < row->count; ++k) {
      item it;
      it.grade = cells[row->first + k].value;
      it.line = row->line;
      it.column = cells[row->first + k].column;
      out.items.push_back(std::move(it));
    }
  }
  return out;
}

}  // namespace ndcg::detail
