// Grade lists as people paste them: "3 2 0 1", "3,2,0", "[3, 2, 0]", one
// per line, a Markdown row "| rel | 3 | 2 |" (with an optional row of
// positions above it), full-width digits and separators too.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/big_memory.hpp"
#include "parse/parse_detail.hpp"

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

// 16 bytes, as an item's place is held (inputs are at most 256 MB).
struct grade_cell {
  double value = 0;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// A line of grades, or several plain lines in a row: one grade a line is
// one row for the whole list, not a row a line (a million lines).
struct grade_row {
  std::size_t line = 0;    // its first line
  std::size_t first = 0;   // its cells are cells[first, first + count)
  std::size_t count = 0;
  bool labelled = false;   // a leading label cell was skipped ...
  field label;             // ... this one
  bool table = false;      // a Markdown row
  bool open = false;       // plain lines that follow may join it
};

bool plain(const grade_row& r) { return !r.labelled && !r.table; }

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

// What the lines hold before they become items.
struct grade_lines {
  std::vector<grade_cell> cells;
  std::vector<grade_row> rows;
  // A lone word on the first data line is a column header ("relevance"
  // above one grade per line) when grades follow it.
  std::optional<std::pair<field, std::size_t>> heading;
};

// A plain row joins the plain row before it, unless that one follows a
// table row or a labelled one: it may be the grades below a row of
// positions, which must have as many cells as that row on its own.
void add_row(std::vector<grade_row>& rows, grade_row row) {
  if (plain(row) && !rows.empty() && rows.back().open) {
    rows.back().count += row.count;
    return;
  }
  row.open = plain(row) && (rows.empty() || plain(rows.back()));
  rows.push_back(row);
}

status read_lines(std::string_view text, const limits& lim, grade_lines& g) {
  // Room for the most cells the text can hold (a digit and a separator
  // each): a long list is written once, not copied as it doubles. Pages
  // never written are never touched.
  reserve_huge(g.cells, std::min<std::size_t>(text.size() / 2 + 1, lim.max_items));
  std::vector<field> f;
  bool first = true;
  line_reader lines(text);
  line l;
  while (lines.next(l)) {
    if (!is_data(l.text)) continue;
    split_list(l.text, list_separators, f, true);
    if (f.empty()) continue;  // only separators
    grade_row row;
    row.line = l.number;
    row.first = g.cells.size();
    row.table = has_pipe(l.text);
    std::size_t start = 0;
    double v = 0;
    if (is_label(f[0].text)) {
      if (f.size() > 1) {
        row.labelled = true;
        row.label = f[0];
        start = 1;
      } else if (first) {
        g.heading = std::make_pair(f[0], l.number);
        first = false;
        continue;
      }
    }
    first = false;
    for (std::size_t k = start; k < f.size(); ++k) {
      if (auto st = parse_number(f[k].text, v); st != number_status::ok) {
        return bad_number("a grade (a number)", f[k], l.number, st, l.text);
      }
      if (auto ok = count_item(g.cells.size(), lim, l.number, f[k].column); !ok) return ok.err();
      g.cells.push_back(grade_cell{v, static_cast<std::uint32_t>(l.number), static_cast<std::uint32_t>(f[k].column)});
    }
    row.count = g.cells.size() - row.first;
    add_row(g.rows, row);
  }
  return done{};
}

// Two labelled rows are two lists ("a: 3 2" and "b: 1 0"), or "id grade"
// lines gone wrong: either way not one ranking.
error second_label(const grade_row& first, const grade_row& second) {
  return fail(error_code::several_labels,
              "expected one labelled row of grades, got a second label, " + echo(second.label.text) +
                  " (the first, " + echo(first.label.text) + ", is on line " + std::to_string(first.line) + ")",
              second.line, second.label.column)
      .with("found", second.label.text)
      .with("first", first.label.text);
}

// A label names the one row of grades it stands before; other rows beside
// it mean mixed formats ("3 2 1" above "d1 0.5 2").
error label_and_bare(const grade_row& label, const grade_row& plain, const std::vector<grade_cell>& cells) {
  const grade_row& later = label.line > plain.line ? label : plain;
  const std::size_t column = later.labelled ? later.label.column : cells[later.first].column;
  return fail(error_code::mixed_formats,
              "expected one ranking in one format, got a row labelled " + echo(label.label.text) +
                  " and a row of bare grades (lines " + std::to_string(std::min(label.line, plain.line)) + " and " +
                  std::to_string(later.line) + ")",
              later.line, column)
      .with("found", label.label.text);
}

expected<parsed_ranking> to_items(const grade_lines& g) {
  const std::vector<grade_cell>& cells = g.cells;
  const std::vector<grade_row>& rows = g.rows;
  parsed_ranking out;
  out.detected = format::grades;
  out.skipped_label = g.heading ? 1 : 0;
  reserve_huge(out.items, cells.size());
  const grade_row* first_label = nullptr;
  const grade_row* first_plain = nullptr;  // the first row without a label
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const grade_row* row = &rows[i];
    if (i + 1 < rows.size() && is_position_row(rows[i], cells)) {
      const grade_row& next = rows[i + 1];
      if (next.count != rows[i].count) {
        return fail(error_code::field_count,
                    "expected " + std::to_string(rows[i].count) + " grades to match the positions on line " +
                        std::to_string(rows[i].line) + ", got " + std::to_string(next.count),
                    next.line, cells[next.first].column)
            .with("expected", std::to_string(rows[i].count))
            .with("found", std::to_string(next.count));
      }
      row = &next;
      ++i;
    }
    if (row->labelled) {
      if (first_label != nullptr) return second_label(*first_label, *row);
      first_label = row;
      ++out.skipped_label;
    } else if (first_plain == nullptr) {
      first_plain = row;
    }
    if (first_label != nullptr && first_plain != nullptr) return label_and_bare(*first_label, *first_plain, cells);
    for (std::size_t k = 0; k < row->count; ++k) {
      item it;
      it.grade = cells[row->first + k].value;
      it.line = cells[row->first + k].line;
      it.column = cells[row->first + k].column;
      out.items.push_back(std::move(it));
    }
  }
  return out;
}

}  // namespace

expected<parsed_ranking> parse_grades(std::string_view text, const limits& lim) {
  grade_lines g;
  if (auto ok = read_lines(text, lim, g); !ok) return ok.err();
  if (g.cells.empty()) {
    if (g.heading) {
      return bad_number("a grade (a number)", g.heading->first, g.heading->second, number_status::not_a_number);
    }
    return fail(error_code::empty_input,
                "expected " + std::string(example_grades) + ", got " + (all_blank(text) ? "an empty input" : "no numbers"));
  }
  return to_items(g);
}

}  // namespace ndcg::detail
