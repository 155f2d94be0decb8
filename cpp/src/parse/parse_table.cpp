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

status place(header& h, role r, std::size_t i, const std::vector<cell>& cells, std::size_t line_no) {
  h.names += (i ? "," : "") + std::string(r == role::none ? std::string_view("-") : role_name(r));
  if (r == role::none) return done{};
  if (h.has(r)) {
    const std::string second = cells.empty() ? std::string(role_name(r)) : cells[i].text;
    const std::string first = cells.empty() ? std::string(role_name(r)) : cells[h.of(r)].text;
    return fail(error_code::duplicate_column,
                "expected one " + std::string(role_name(r)) + " column, got a second one, " + echo(second) +
                    " (the first is " + echo(first) + ")",
                line_no, cells.empty() ? 1 : cells[i].column)
        .with("found", second)
        .with("first", first);
  }
  h.of(r) = i;
  return done{};
}

expected<header> read_header(const line& l, const std::vector<cell>& cells) {
  header h;
  h.line = l.number;
  h.fields = cells.size();
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (auto ok = place(h, role_of(cells[i].text), i, cells, l.number); !ok) return ok.err();
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

status split_row(std::string_view s, char delim, std::size_t line_no, std::vector<cell>& out) {
  if (delim != 0) return split_delimited(s, delim, line_no, out);
  std::vector<field> f;
  split_list(s, id_separators, f);
  out.clear();
  for (const field& x : f) out.push_back({std::string(x.text), x.column});
  return done{};
}

status number_at(const std::vector<cell>& cells, std::size_t col, const char* what, const line& l, double& out) {
  const field f{cells[col].text, cells[col].column};
  if (auto st = parse_number(f.text, out); st != number_status::ok) return bad_number(what, f, l.number, st, l.text);
  return done{};
}

// Fills one item from a data row whose field count matches the header.
status read_row(const header& h, const std::vector<cell>& cells, const line& l, item& it) {
  it.line = l.number;
  if (h.has(role::id)) {
    const cell& c = cells[h.of(role::id)];
    if (c.text.empty())
      return fail(error_code::empty_field, "expected an id, got an empty field", l.number, c.column).with("found", l.text);
    it.id = c.text;
    it.has_id = true;
  }
  if (h.has(role::score)) {
    if (auto ok = number_at(cells, h.of(role::score), "a score (a number)", l, it.score); !ok) return ok;
    it.has_score = true;
  } else if (h.has(role::rank)) {
    double rank = 0;
    if (auto ok = number_at(cells, h.of(role::rank), "a rank (a number)", l, rank); !ok) return ok;
    it.score = -rank;  // rank 1 first
    it.has_score = true;
  }
  if (h.has(role::grade)) {
    if (auto ok = number_at(cells, h.of(role::grade), "a grade (a number)", l, it.grade); !ok) return ok;
    it.column = cells[h.of(role::grade)].column;
  } else {
    it.column = cells[h.has(role::id) ? h.of(role::id) : 0].column;
  }
  if (h.has(role::subtopics)) {
    std::vector<field> names;
    split_list(cells[h.of(role::subtopics)].text, "; \t", names);
    for (const auto& n : names) it.subtopics.emplace_back(n.text);
  }
  return done{};
}

error row_length(const header& h, const std::vector<cell>& cells, const line& l) {
  const std::size_t column = cells.size() > h.fields ? cells[h.fields].column : l.text.size() + 1;
  const std::string as = h.line ? "as in the header on line " + std::to_string(h.line) : "as the columns " + h.names;
  return fail(error_code::field_count,
              "expected " + std::to_string(h.fields) + " fields " + as + ", got " + std::to_string(cells.size()),
              l.number, column)
      .with("expected", std::to_string(h.fields))
      .with("found", std::to_string(cells.size()));
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

}  // namespace

// Splits one CSV or TSV line. A field may be double-quoted to hold the
// delimiter, with "" for a quote inside; fields cannot span lines.
// Spaces around fields are dropped (tabs too, in CSV).
status split_delimited(std::string_view s, char delim, std::size_t line_no, std::vector<cell>& out) {
  out.clear();
  const auto pad = [&](char c) { return c == ' ' || (c == '\t' && delim != '\t'); };
  const std::size_t n = s.size();
  std::size_t i = 0;
  for (;;) {
    while (i < n && pad(s[i])) ++i;
    cell c;
    c.column = i + 1;
    if (i < n && s[i] == '"') {
      const std::size_t open = i++;
      for (;;) {
        if (i == n) {
          return fail(error_code::unclosed_quote,
                      "expected a closing quote, got the end of the line (a field cannot span lines)", line_no,
                      open + 1);
        }
        if (s[i] == '"') {
          if (i + 1 < n && s[i + 1] == '"') {
            c.text += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        c.text += s[i++];
      }
      while (i < n && pad(s[i])) ++i;
      if (i < n && s[i] != delim) {
        const std::size_t end = s.find(delim, i);
        return fail(error_code::bad_input, "expected a delimiter after the closing quote, got " + echo(s.substr(i, end - i)),
                    line_no, i + 1)
            .with("found", s.substr(i, end - i));
      }
    } else {
      const std::size_t start = i;
      while (i < n && s[i] != delim) ++i;
      std::size_t end = i;
      while (end > start && pad(s[end - 1])) --end;
      c.text.assign(s.substr(start, end - start));
    }
    out.push_back(std::move(c));
    if (i >= n) return done{};
    ++i;  // past the delimiter; a trailing one leaves an empty last field
  }
}

// Reads the table: header (or the given columns), rows, then the query.
expected<parsed_ranking> parse_table(std::string_view text, const limits& lim, format f, bool judgments,
                                     const reading& r) {
  const char delim = f == format::tsv ? '\t' : f == format::csv ? ',' : 0;
  parsed_ranking out;
  out.detected = f;
  std::vector<cell> cells;
  header h;
  bool have_header = false;
  if (!r.columns.empty()) {
    auto given = given_header(r.columns);
    if (!given) return given.err();
    h = std::move(*given);
    have_header = true;
    if (judgments) score_as_grade(h);
    if (auto ok = check_header(h, !judgments && r.judged, {}); !ok) return in_columns_option(ok.err());
  }
  query_choice choice;
  std::vector<std::size_t> of_query;  // each item's index in choice
  std::vector<std::size_t> id_columns;  // each item's id column, for a repeated id
  line_reader lines(text);
  line l;
  while (lines.next(l)) {
    if (skippable(l.text)) continue;
    if (auto ok = split_row(l.text, delim, l.number, cells); !ok) return ok.err();
    if (!have_header) {
      auto read = read_header(l, cells);
      if (!read) return read.err();
      h = std::move(*read);
      have_header = true;
      if (judgments) score_as_grade(h);
      if (auto ok = check_header(h, !judgments && r.judged, l.text); !ok) return ok.err();
      continue;
    }
    if (cells.size() != h.fields) return row_length(h, cells, l);
    if (auto ok = count_item(out.items.size(), lim, l.number, 1); !ok) return ok.err();
    item it;
    if (auto ok = read_row(h, cells, l, it); !ok) return ok.err();
    id_columns.push_back(h.has(role::id) ? cells[h.of(role::id)].column : 1);
    if (h.has(role::query)) {
      const cell& q = cells[h.of(role::query)];
      of_query.push_back(choice.add(q.text, l.number, q.column));
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
  out.has_ids = h.has(role::id);
  out.has_scores = h.has(role::score) || h.has(role::rank);
  out.by_rank = !h.has(role::score) && h.has(role::rank);
  out.has_grades = h.has(role::grade);
  out.has_subtopics = h.has(role::subtopics);
  out.columns = h.names;
  return out;
}

}  // namespace ndcg::detail
