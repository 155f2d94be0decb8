// CSV and TSV with a header row naming the columns: id, score, grade and
// subtopics under any of the names in `column_names`.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/hash_table.hpp"
#include "parse/parse_detail.hpp"

namespace ndcg::detail {
namespace {

// The header's column of each role; npos when absent.
struct header {
  std::size_t line = 0;
  std::size_t fields = 0;
  std::size_t id = std::string_view::npos;
  std::size_t score = std::string_view::npos;
  std::size_t grade = std::string_view::npos;
  std::size_t subtopics = std::string_view::npos;
};

expected<header> read_header(const line& l, const std::vector<cell>& cells) {
  header h;
  h.line = l.number;
  h.fields = cells.size();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const role r = role_of(cells[i].text);
    std::size_t* slot = r == role::id ? &h.id
                        : r == role::score ? &h.score
                        : r == role::grade ? &h.grade
                        : r == role::subtopics ? &h.subtopics
                                               : nullptr;
    if (slot == nullptr) continue;  // unknown columns are ignored
    if (*slot != std::string_view::npos) {
      return fail(error_code::duplicate_column,
                  "expected one " + std::string(role_name(r)) + " column, got a second one, " + echo(cells[i].text) +
                      " (the first is " + echo(cells[*slot].text) + ")",
                  l.number, cells[i].column)
          .with("found", cells[i].text)
          .with("first", cells[*slot].text);
    }
    *slot = i;
  }
  if (h.grade == std::string_view::npos) {
    return fail(error_code::no_grade_column,
                "expected a header naming a grade column (" + names_of(role::grade) + "), got " + echo(l.text),
                l.number, 1)
        .with("found", l.text);
  }
  return h;
}

// Fills one item from a data row whose field count matches the header.
status read_row(const header& h, const std::vector<cell>& cells, const line& l, item& it) {
  const std::size_t line_no = l.number;
  const auto number = [&](std::size_t col, const char* what, double& out) -> status {
    const field f{cells[col].text, cells[col].column};
    if (auto st = parse_number(f.text, out); st != number_status::ok) {
      return bad_number(what, f, line_no, st, l.text);
    }
    return done{};
  };
  it.line = line_no;
  if (h.id != std::string_view::npos) {
    if (cells[h.id].text.empty()) {
      return fail(error_code::empty_field, "expected an id, got an empty field", line_no, cells[h.id].column)
          .with("found", l.text);
    }
    it.id = cells[h.id].text;
    it.has_id = true;
  }
  if (h.score != std::string_view::npos) {
    if (auto ok = number(h.score, "a score (a number)", it.score); !ok) return ok;
    it.has_score = true;
  }
  if (auto ok = number(h.grade, "a grade (a number)", it.grade); !ok) return ok;
  it.column = cells[h.grade].column;
  if (h.subtopics != std::string_view::npos) {
    std::vector<field> names;
    split_list(cells[h.subtopics].text, "; \t", names);
    for (const auto& n : names) it.subtopics.emplace_back(n.text);
  }
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

// A table with a header row. An id may appear only once: a repeated
// document would count twice in DCG (trec_eval refuses it too).
expected<parsed_ranking> parse_table(std::string_view text, const limits& lim, format f, bool judgments) {
  const char delim = f == format::tsv ? '\t' : ',';
  parsed_ranking out;
  out.detected = f;
  std::vector<cell> cells;
  handle_table seen;  // ids, as indexes of out.items
  std::optional<header> h;
  line_reader lines(text);
  line l;
  while (lines.next(l)) {
    if (skippable(l.text)) continue;
    if (auto ok = split_delimited(l.text, delim, l.number, cells); !ok) return ok.err();
    if (!h) {
      auto read = read_header(l, cells);
      if (!read) return read.err();
      h = *read;
      out.has_ids = h->id != std::string_view::npos;
      out.has_scores = h->score != std::string_view::npos;
      out.has_subtopics = h->subtopics != std::string_view::npos;
      continue;
    }
    if (cells.size() != h->fields) {
      const std::size_t column = cells.size() > h->fields ? cells[h->fields].column : l.text.size() + 1;
      return fail(error_code::field_count,
                  "expected " + std::to_string(h->fields) + " fields as in the header on line " +
                      std::to_string(h->line) + ", got " + std::to_string(cells.size()),
                  l.number, column)
          .with("expected", std::to_string(h->fields))
          .with("found", std::to_string(cells.size()));
    }
    if (auto ok = count_item(out.items.size(), lim, l.number, 1); !ok) return ok.err();
    item it;
    if (auto ok = read_row(*h, cells, l, it); !ok) return ok.err();
    if (it.has_id) {
      const std::uint32_t first = add_index(seen, out.items, it.id, out.items.size());
      if (first != handle_table::none) return repeated_id(it.id, judgments, out.items[first].line, l.number, cells[h->id].column);
    }
    out.items.push_back(std::move(it));
  }
  if (out.items.empty()) {
    return fail(error_code::empty_input, h ? "expected rows after the header on line " + std::to_string(h->line) + ", got none"
                                           : "expected a header row, got an empty input");
  }
  return out;
}

}  // namespace ndcg::detail
