// Tables: CSV, TSV, or (with an explicit column list) fields split as
// "id grade" lines are. The header row or --columns says what each column
// is (columns.hpp); unknown columns are ignored. A table with a query
// column yields the rows of one query (query_choice.cpp).
#include <string>
#include <string_view>
#include <vector>

#include "parse/parse_detail.hpp"

namespace ndcg::detail {
namespace {

constexpr std::size_t absent = std::string_view::npos;

// Which column holds each role (absent when none).
struct header {
  std::size_t line = 0;  // 0 when the columns were given, not read
  std::size_t fields = 0;
  std::size_t at[role_count] = {absent, absent, absent, absent, absent, absent, absent, absent};
  std::string names;     // "query,doc,-,score": the columns as read
  std::size_t& of(role r) { return at[static_cast<std::size_t>(r)]; }
  std::size_t of(role r) const { return at[static_cast<std::size_t>(r)]; }
  bool has(role r) const { return of(r) != absent; }
};

status place(header& h, role r, std::size_t i, const std::vector<csv_cell>& cells, std::size_t line_no) {
  h.names += (i ? "," : "") + std::string(r == role::none ? std::string_view("-") : role_name(r));
  if (r == role::none) return done{};
  if (h.has(r)) {
    const std::string_view second = cells.empty() ? role_name(r) : cells[i].text;
    const std::string_view first = cells.empty() ? role_name(r) : cells[h.of(r)].text;
    return second_column(role_name(r), first, second, line_no, cells.empty() ? 1 : cells[i].column);
  }
  h.of(r) = i;
  return done{};
}

expected<header> read_header(const std::vector<csv_cell>& cells) {
  header h;
  h.line = cells[0].line;
  h.fields = cells.size();
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (auto ok = place(h, role_of(cells[i].text), i, cells, h.line); !ok) return ok.err();
  return h;
}

// An error in the columns option names it.
error in_columns_option(error e) {
  e.key = "columns";
  e.line = e.column = 0;  // a place in the option's text, not in the input
  return e.in("options");
}

expected<header> given_header(std::string_view list) {
  auto roles = read_columns(list);
  if (!roles) return in_columns_option(roles.err());
  header h;
  h.fields = roles->size();
  for (std::size_t i = 0; i < roles->size(); ++i)
    if (auto ok = place(h, (*roles)[i], i, {}, 0); !ok) return in_columns_option(ok.err());
  return h;
}

// Judgments in a table with a score column and no grade column are
// BEIR's qrels (query-id corpus-id score): the score is the judgment.
void score_as_grade(header& h) {
  if (h.has(role::grade) || !h.has(role::score)) return;
  h.of(role::grade) = h.of(role::score);
  h.of(role::score) = absent;
}

// A ranking needs grades, unless judgments supply them (then ids to look
// them up by).
status check_header(const header& h, bool judged, std::string_view text) {
  if (h.has(role::grade) || (judged && h.has(role::id))) return done{};
  const std::string where = h.line ? echo(text) : "the columns " + h.names;
  std::string m = "expected a grade column (" + names_of(role::grade) + "), got " + where;
  if (h.has(role::score) || h.has(role::rank)) m += ": a run without grades needs judgments (--qrels)";
  return fail(error_code::no_grade_column, std::move(m), h.line, 1).with("found", h.line ? text : h.names);
}

status number_at(const std::vector<csv_cell>& cells, std::size_t col, const char* what, std::string_view row,
                 double& out) {
  const csv_cell& c = cells[col];
  const field f{c.text, c.column};
  if (auto st = parse_number(f.text, out); st != number_status::ok) return bad_number(what, f, c.line, st, row);
  return done{};
}

// The rows of a table as cells: the tokenizer's records for CSV and TSV
// (# comment lines skipped, as everywhere in pasted text), or, for given
// columns without a separator, fields split as "id grade" lines are.
class table_rows {
 public:
  table_rows(std::string_view text, char delim) : delim_(delim), records_(text, delim ? delim : ','), lines_(text) {
    records_.skip_comments(true);
  }
  expected<bool> next(std::vector<csv_cell>& cells) {
    if (delim_ != 0) return records_.next(cells);
    line l;
    while (lines_.next(l)) {
      if (skippable(l.text)) continue;
      split_list(l.text, id_separators, fields_);
      if (fields_.empty()) continue;  // separators alone ("|"): no cells, as a blank line
      cells.resize(fields_.size());
      for (std::size_t i = 0; i < fields_.size(); ++i) cells[i] = csv_cell{fields_[i].text, l.number, fields_[i].column, {}};
      row_ = l.text;
      return true;
    }
    return false;
  }
  // The row as written, for messages.
  std::string_view text() const { return delim_ != 0 ? records_.text() : row_; }

 private:
  char delim_;
  csv_records records_;
  line_reader lines_;
  std::vector<field> fields_;
  std::string_view row_;
};

// An id or query id from a quoted cell that spans lines (each of its line
// ends made \n by the tokenizer) is refused: reports and bindings hold one
// id a line.
status one_line(const csv_cell& c, const char* what) {
  if (c.text.find('\n') == std::string_view::npos) return done{};
  return fail(error_code::bad_input, std::string("expected ") + what + " on one line, got " + echo(c.text), c.line, c.column)
      .with("found", c.text);
}

// Fills one item from a data row whose field count matches the header.
status read_row(const header& h, const std::vector<csv_cell>& cells, std::string_view row, item& it) {
  it.line = cells[0].line;
  if (h.has(role::id)) {
    const csv_cell& c = cells[h.of(role::id)];
    if (c.text.empty())
      return fail(error_code::empty_field, "expected an id, got an empty field", c.line, c.column).with("found", row);
    if (auto ok = one_line(c, "an id"); !ok) return ok;
    it.id = c.text;
    it.has_id = true;
  }
  if (h.has(role::score)) {
    if (auto ok = number_at(cells, h.of(role::score), "a score (a number)", row, it.score); !ok) return ok;
    it.has_score = true;
  } else if (h.has(role::rank)) {
    double rank = 0;
    if (auto ok = number_at(cells, h.of(role::rank), "a rank (a number)", row, rank); !ok) return ok;
    it.score = -rank;  // rank 1 first
    it.has_score = true;
  }
  if (h.has(role::grade)) {
    if (auto ok = number_at(cells, h.of(role::grade), "a grade (a number)", row, it.grade); !ok) return ok;
    it.column = cells[h.of(role::grade)].column;
  } else {
    it.column = cells[h.has(role::id) ? h.of(role::id) : 0].column;
  }
  if (h.has(role::subtopics)) {
    std::vector<field> names;
    split_list(cells[h.of(role::subtopics)].text, "; \t\r\n", names);
    for (const auto& n : names) it.subtopics.emplace_back(n.text);
  }
  return done{};
}

error row_length(const header& h, const std::vector<csv_cell>& cells) {
  const std::string as = h.line ? "as in the header on line " + std::to_string(h.line) : "as the columns " + h.names;
  return ragged_row(cells, h.fields, as);
}

// The rows of the chosen query, each id once: a repeated document would
// count twice in DCG (trec_eval refuses it too).
status keep_query(std::vector<item>& items, const std::vector<std::size_t>& of_query, std::size_t chosen,
                  bool judgments, const std::vector<std::size_t>& id_columns) {
  std::vector<item> kept;
  handle_table seen;  // ids, as indexes of kept
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!of_query.empty() && of_query[i] != chosen) continue;
    item& it = items[i];
    if (it.has_id) {
      const std::uint32_t first = add_index(seen, kept, it.id, kept.size());
      if (first != handle_table::none) return repeated_id(it.id, judgments, kept[first].line, it.line, id_columns[i]);
    }
    kept.push_back(std::move(it));
  }
  items.swap(kept);
  return done{};
}

// The header from the first row, or the columns given; false when the
// text holds no row.
expected<bool> find_header(table_rows& rows, std::vector<csv_cell>& cells, bool judgments, const reading& r, header& h) {
  if (!r.columns.empty()) {
    auto given = given_header(r.columns);
    if (!given) return given.err();
    h = std::move(*given);
    if (judgments) score_as_grade(h);
    if (auto ok = check_header(h, !judgments && r.judged, {}); !ok) return in_columns_option(ok.err());
    return true;
  }
  auto got = rows.next(cells);
  if (!got || !*got) return got;
  auto read = read_header(cells);
  if (!read) return read.err();
  h = std::move(*read);
  if (judgments) score_as_grade(h);
  if (auto ok = check_header(h, !judgments && r.judged, rows.text()); !ok) return ok.err();
  return true;
}

// What the table says of the ranking as a whole, once its rows are read.
void describe(const header& h, parsed_ranking& out) {
  out.has_ids = h.has(role::id);
  out.has_scores = h.has(role::score) || h.has(role::rank);
  out.by_rank = !h.has(role::score) && h.has(role::rank);
  out.has_grades = h.has(role::grade);
  out.has_subtopics = h.has(role::subtopics);
  out.columns = h.names;
}

}  // namespace

// Reads the table: header (or the given columns), rows, then the query.
expected<parsed_ranking> parse_table(std::string_view text, const limits& lim, format f, bool judgments,
                                     const reading& r) {
  parsed_ranking out;
  out.detected = f;
  table_rows rows(text, f == format::tsv ? '\t' : f == format::csv ? ',' : 0);
  std::vector<csv_cell> cells;
  header h;
  auto found = find_header(rows, cells, judgments, r, h);
  if (!found) return found.err();
  query_choice choice;
  std::vector<std::size_t> of_query;  // each item's index in choice
  std::vector<std::size_t> id_columns;  // each item's id column, for a repeated id
  for (;;) {
    auto more = rows.next(cells);
    if (!more) return more.err();
    if (!*more) break;
    if (cells.size() != h.fields) return row_length(h, cells);
    if (auto ok = count_item(out.items.size(), lim, cells[0].line, 1); !ok) return ok.err();
    item it;
    if (auto ok = read_row(h, cells, rows.text(), it); !ok) return ok.err();
    id_columns.push_back(h.has(role::id) ? cells[h.of(role::id)].column : 1);
    if (h.has(role::query)) {
      const csv_cell& q = cells[h.of(role::query)];
      if (auto ok = one_line(q, "a query id"); !ok) return ok.err();
      of_query.push_back(choice.add(q.text, q.line, q.column));
    }
    out.items.push_back(std::move(it));
  }
  if (out.items.empty()) {
    return fail(error_code::empty_input, h.line ? "expected rows after the header on line " + std::to_string(h.line) + ", got none"
                                                : "expected a header row, got an empty input");
  }
  auto chosen = choice.pick(r.query);
  if (!chosen) return chosen.err();
  if (!choice.queries.empty()) out.query = choice.queries[*chosen].id;
  if (auto ok = keep_query(out.items, of_query, *chosen, judgments, id_columns); !ok) return ok.err();
  describe(h, out);
  return out;
}

}  // namespace ndcg::detail
