// One ranking as people paste it, and judgments for explain's --qrels.
//
// detect_format picks the format from the first few data lines; each
// format then has its own small reader. Every error names the 1-based line
// and byte column of the offending field and echoes what was found there.

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ndcg/parse.hpp"
#include "text.hpp"

namespace ndcg {
namespace {

using detail::field;
using detail::line;
using detail::line_reader;
using detail::number_status;
using detail::quote;

// Separators of a pasted grade list ("3, 2; 0", "| 3 | 2 |", "[3, 2, 0]").
// Lines of "id grade" use the same minus the brackets, which ids may hold.
// Full-width twins ("，", "、", "｜", "　") count as well.
constexpr std::string_view list_separators = " \t\v\f,;|[]";
constexpr std::string_view id_separators = " \t\v\f,;|";

constexpr std::string_view example_grades = "grades such as \"3 2 0 1\"";

// A Markdown rule such as "|---|:---:|", a "---" line, or "+---+" of
// ASCII tables. A lone "-" is not one: it is a bad grade.
bool is_table_rule(std::string_view s) {
  std::size_t dashes = 0;
  bool frame = false;
  std::size_t len = 1;
  for (std::size_t i = 0; i < s.size(); i += len) {
    const char c = detail::ascii_twin(s, i, len);
    if (c == '-' || c == '=') {
      ++dashes;
    } else if (c == '|' || c == '+') {
      frame = true;
    } else if (c != ':' && c != ' ' && c != '\t') {
      return false;
    }
  }
  return dashes >= 3 || (frame && dashes > 0);
}

bool is_data(std::string_view s) { return !detail::skippable(s) && !is_table_rule(s); }

bool has_pipe(std::string_view s) {
  std::size_t len = 1;
  for (std::size_t i = 0; i < s.size(); i += len) {
    if (detail::ascii_twin(s, i, len) == '|') return true;
  }
  return false;
}

bool is_integer(std::string_view s) {
  long v = 0;
  return detail::parse_integer(s, v) == number_status::ok;
}

status count_item(std::size_t count, const limits& lim, std::size_t line_no, std::size_t column) {
  if (count < lim.max_items) return done{};
  return fail("expected at most " + std::to_string(lim.max_items) + " items, got more", line_no, column);
}

// ---- CSV and TSV --------------------------------------------------------------

enum class role { none, id, score, grade, subtopics };

struct column_name {
  std::string_view name;
  role r;
};

constexpr column_name column_names[] = {
    {"id", role::id},           {"docid", role::id},        {"doc", role::id},
    {"item", role::id},         {"name", role::id},         {"score", role::score},
    {"prediction", role::score}, {"pred", role::score},     {"y_score", role::score},
    {"rel", role::grade},       {"relevance", role::grade}, {"grade", role::grade},
    {"label", role::grade},     {"y_true", role::grade},    {"gain", role::grade},
    {"judgment", role::grade},  {"subtopics", role::subtopics}, {"subtopic", role::subtopics},
    {"aspects", role::subtopics},
};

role role_of(std::string_view cell) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  for (const auto& c : column_names) {
    if (c.name.size() != cell.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < cell.size() && same; ++i) same = lower(cell[i]) == c.name[i];
    if (same) return c.r;
  }
  return role::none;
}

const char* role_name(role r) {
  switch (r) {
    case role::id: return "id";
    case role::score: return "score";
    case role::grade: return "grade";
    case role::subtopics: return "subtopics";
    case role::none: break;
  }
  return "";
}

// "rel, relevance, ... or judgment", from the table so the two agree.
std::string grade_column_names() {
  std::vector<std::string_view> names;
  for (const auto& c : column_names) {
    if (c.r == role::grade) names.push_back(c.name);
  }
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

struct cell {
  std::string text;        // unquoted and trimmed
  std::size_t column = 0;  // where the field starts
};

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
          return fail("expected a closing quote, got the end of the line (a field cannot span lines)", line_no,
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
        return fail("expected a delimiter after the closing quote, got " + quote(s.substr(i, end - i)), line_no,
                    i + 1);
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
      return fail(std::string("expected one ") + role_name(r) + " column, got a second one, " + quote(cells[i].text) +
                      " (the first is " + quote(cells[*slot].text) + ")",
                  l.number, cells[i].column);
    }
    *slot = i;
  }
  if (h.grade == std::string_view::npos) {
    return fail("expected a header naming a grade column (" + grade_column_names() + "), got " + quote(l.text),
                l.number, 1);
  }
  return h;
}

// Fills one item from a data row whose field count matches the header.
status read_row(const header& h, const std::vector<cell>& cells, std::size_t line_no, item& it) {
  const auto number = [&](std::size_t col, const char* what, double& out) -> status {
    const field f{cells[col].text, cells[col].column};
    if (auto st = detail::parse_number(f.text, out); st != number_status::ok) {
      return detail::bad_number(what, f, line_no, st);
    }
    return done{};
  };
  it.line = line_no;
  if (h.id != std::string_view::npos) {
    if (cells[h.id].text.empty()) return fail("expected an id, got an empty field", line_no, cells[h.id].column);
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
    detail::split_list(cells[h.subtopics].text, "; \t", names);
    for (const auto& n : names) it.subtopics.emplace_back(n.text);
  }
  return done{};
}

// A table with a header row. An id may appear only once: a repeated
// document would count twice in DCG (trec_eval refuses it too).
expected<parsed_ranking> parse_table(std::string_view text, const limits& lim, format f, bool judgments) {
  const char delim = f == format::tsv ? '\t' : ',';
  parsed_ranking out;
  out.detected = f;
  std::vector<cell> cells;
  std::unordered_map<std::string, std::size_t> seen;
  std::optional<header> h;
  line_reader lines(text);
  line l;
  while (lines.next(l)) {
    if (detail::skippable(l.text)) continue;
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
      return fail("expected " + std::to_string(h->fields) + " fields as in the header on line " +
                      std::to_string(h->line) + ", got " + std::to_string(cells.size()),
                  l.number, column);
    }
    if (auto ok = count_item(out.items.size(), lim, l.number, 1); !ok) return ok.err();
    item it;
    if (auto ok = read_row(*h, cells, l.number, it); !ok) return ok.err();
    if (it.has_id) {
      const auto [at, added] = seen.emplace(it.id, l.number);
      if (!added) {
        return fail(std::string("expected each id once in the ") + (judgments ? "judgments" : "ranking") + ", got " + quote(it.id) + " again (first on line " +
                        std::to_string(at->second) + ")",
                    l.number, cells[h->id].column);
      }
    }
    out.items.push_back(std::move(it));
  }
  if (out.items.empty()) {
    return fail(h ? "expected rows after the header on line " + std::to_string(h->line) + ", got none"
                  : "expected a header row, got an empty input");
  }
  return out;
}

// ---- detection --------------------------------------------------------------

constexpr std::size_t sample_size = 5;

std::vector<line> sample(std::string_view text) {
  std::vector<line> out;
  line_reader lines(text);
  line l;
  while (out.size() < sample_size && lines.next(l)) {
    if (is_data(l.text)) out.push_back(l);
  }
  return out;
}

// A header names columns: nothing in it is a number, and something is a
// name we know. Tabs make it TSV, else commas make it CSV.
std::optional<format> header_format(std::string_view s) {
  const char delim = s.find('\t') != std::string_view::npos ? '\t' : s.find(',') != std::string_view::npos ? ',' : 0;
  if (delim == 0) return std::nullopt;
  std::vector<cell> cells;
  if (!split_delimited(s, delim, 1, cells)) return std::nullopt;
  bool known = false;
  for (const auto& c : cells) {
    if (detail::is_numeric(c.text)) return std::nullopt;
    known = known || role_of(c.text) != role::none;
  }
  if (!known) return std::nullopt;
  return delim == '\t' ? format::tsv : format::csv;
}

enum class shape { other, run, qrels, subtopic, ambiguous };

struct trec_line {
  shape kind = shape::other;
  bool q0 = false;  // the 2nd field is "0" or "Q0"
};

// What a line looks like in TREC terms. "Q0" marks a run or qrels line;
// otherwise the docid must not be a number, as "rel 3 2 1" and
// "rel 0 1 2 0 1" are labelled grade lists. Four fields that could be
// either ("301 0 7 1") are `ambiguous`.
trec_line trec_shape(std::string_view s) {
  field f[8];
  const std::size_t n = detail::split_whitespace(s, f, 8);
  trec_line t;
  if (n < 3) return t;
  const bool named_q0 = f[1].text == "Q0";
  t.q0 = named_q0 || f[1].text == "0";
  const bool word_docid = !detail::is_numeric(f[2].text);
  if (n == 6 && (named_q0 || (t.q0 && word_docid))) t.kind = shape::run;
  if (n == 4 && is_integer(f[3].text)) {
    t.kind = named_q0 ? shape::qrels : !word_docid ? shape::ambiguous : t.q0 ? shape::qrels : shape::subtopic;
  } else if (n == 4 && t.q0 && word_docid) {
    t.kind = shape::qrels;  // a qrels line with a bad judgment: let the qrels reader name it
  }
  return t;
}

// The first data line decides whether this is a TREC file, so that a
// broken later line gets its own message instead of a wrong guess.
// Qrels and subtopic qrels both have 4 fields. Qrels' 2nd field is the
// iteration, written "0" (or "Q0") by convention; subtopic qrels hold a
// subtopic number there. So: if any sampled line's 2nd field is neither
// "0" nor "Q0", the file is subtopic qrels, else qrels. Lines with a
// numeric docid ("301 0 7 1", "rel 3 2 1") are a grade list, except when
// judgments are asked for (a list without ids is no use there) and every
// 2nd field is 0: qrels with numeric docids, as MS MARCO's.
std::optional<format> trec_format(const std::vector<line>& lines, bool judgments) {
  const shape first = trec_shape(lines[0].text).kind;
  if (first == shape::run) return format::trec_run;
  if (first != shape::qrels && first != shape::subtopic && first != shape::ambiguous) return std::nullopt;
  // One line such as "3 2 x 1" is far likelier a grade list with a typo
  // than a one-line subtopic qrels pasted as a ranking.
  if (first == shape::subtopic && lines.size() < 2 && !judgments) return std::nullopt;
  bool subtopics = false;
  for (const auto& l : lines) {
    const trec_line t = trec_shape(l.text);
    if (t.kind != shape::other && t.kind != shape::run) subtopics = subtopics || !t.q0;
  }
  if (first == shape::ambiguous && !(judgments && !subtopics)) return std::nullopt;
  return subtopics ? format::subtopic_qrels : format::trec_qrels;
}

// "id grade" or "id score grade" on the first data line, and a second line
// that starts with an id too (a grade list has at most one labelled row,
// so two lines starting with words are ids). A single such line reads as
// well as a labelled grade list ("rel 3 2"), which wins, except for
// judgments, which need ids. The first line sets the field count; a later
// line that differs gets its own message.
std::optional<format> id_format(const std::vector<line>& lines, bool judgments) {
  std::vector<field> f;
  detail::split_list(lines[0].text, id_separators, f);
  if (f.size() < 2 || f.size() > 3 || detail::is_numeric(f[0].text)) return std::nullopt;
  for (std::size_t i = 1; i < f.size(); ++i) {
    if (!detail::is_numeric(f[i].text)) return std::nullopt;
  }
  const std::size_t n = f.size();
  if (lines.size() < 2) {
    if (!judgments) return std::nullopt;
  } else {
    detail::split_list(lines[1].text, id_separators, f);
    if (f.empty() || detail::is_numeric(f[0].text)) return std::nullopt;
  }
  return n == 2 ? format::id_grade : format::id_score_grade;
}

format detect(std::string_view text, bool judgments) {
  const std::vector<line> lines = sample(text);
  if (lines.empty()) return format::grades;
  if (auto f = header_format(lines[0].text)) return *f;
  if (auto f = trec_format(lines, judgments)) return *f;
  if (auto f = id_format(lines, judgments)) return *f;
  return format::grades;
}

// ---- grade lists --------------------------------------------------------------

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
  const char c = detail::ascii_twin(s, 0, len);
  if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.') return false;
  return !detail::is_numeric(s);
}

bool all_blank(std::string_view text) {
  for (const char c : detail::strip_bom(text)) {
    if (!detail::is_space(c) && c != '\n' && c != '\r') return false;
  }
  return true;
}

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
    detail::split_list(l.text, list_separators, f);
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
      if (auto st = detail::parse_number(f[k].text, v); st != number_status::ok) {
        return detail::bad_number("a grade (a number)", f[k], l.number, st);
      }
      if (auto ok = count_item(cells.size(), lim, l.number, f[k].column); !ok) return ok.err();
      cells.push_back(grade_cell{v, f[k].column});
    }
    row.count = cells.size() - row.first;
    rows.push_back(row);
  }
  if (cells.empty()) {
    if (heading) {
      return detail::bad_number("a grade (a number)", heading->first, heading->second, number_status::not_a_number);
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
        return fail("expected one labelled row of grades, got a second label, " + quote(row->label.text) +
                        " (the first, " + quote(first_label->label.text) + ", is on line " +
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
      return fail("expected one ranking in one format, got a row labelled " + quote(first_label->label.text) +
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

// ---- lines of "id grade" and "id score grade" ---------------------------------

expected<parsed_ranking> parse_id_lines(std::string_view text, const limits& lim, format fmt, bool judgments) {
  const bool scores = fmt == format::id_score_grade;
  const std::size_t want = scores ? 3 : 2;
  parsed_ranking out;
  out.detected = fmt;
  out.has_ids = true;
  out.has_scores = scores;
  std::unordered_map<std::string_view, std::size_t> seen;
  std::vector<field> f;
  line_reader lines(text);
  line l;
  while (lines.next(l)) {
    if (!is_data(l.text)) continue;
    detail::split_list(l.text, id_separators, f);
    if (f.empty()) continue;
    if (f.size() != want) {
      const std::size_t column = f.size() > want ? f[want].column : f.back().column + f.back().text.size();
      return fail("expected " + std::to_string(want) + " fields (" + (scores ? "id score grade" : "id grade") +
                      "), got " + std::to_string(f.size()),
                  l.number, column);
    }
    if (auto ok = count_item(out.items.size(), lim, l.number, f[0].column); !ok) return ok.err();
    item it;
    it.id = f[0].text;
    it.has_id = true;
    it.line = l.number;
    if (scores) {
      if (auto st = detail::parse_number(f[1].text, it.score); st != number_status::ok) {
        return detail::bad_number("a score (a number)", f[1], l.number, st);
      }
      it.has_score = true;
    }
    if (auto st = detail::parse_number(f.back().text, it.grade); st != number_status::ok) {
      return detail::bad_number("a grade (a number)", f.back(), l.number, st);
    }
    it.column = f.back().column;
    {
      const auto [at, added] = seen.emplace(f[0].text, l.number);
      if (!added) {
        return fail(std::string("expected each id once in the ") + (judgments ? "judgments" : "ranking") + ", got " + quote(f[0].text) + " again (first on line " +
                        std::to_string(at->second) + ")",
                    l.number, f[0].column);
      }
    }
    out.items.push_back(std::move(it));
  }
  if (out.items.empty()) return fail("expected lines of \"id grade\", got none");
  return out;
}

// ---- TREC files as one ranking ------------------------------------------------

// Column of the first field on a line, for errors about a whole line.
std::size_t first_column(std::string_view text, std::size_t line_no) {
  line_reader lines(text);
  line l;
  while (lines.next(l)) {
    if (l.number == line_no) return detail::leading_spaces(l.text) + 1;
  }
  return 1;
}

// Columns of field k (0-based) on lines `at` (ascending), in one walk.
std::vector<std::size_t> field_columns(std::string_view text, const std::vector<std::size_t>& at, std::size_t k) {
  std::vector<std::size_t> out(at.size(), 0);
  field f[8];
  line_reader lines(text);
  line l;
  std::size_t next = 0;
  while (next < at.size() && lines.next(l)) {
    if (l.number != at[next]) continue;
    if (detail::split_whitespace(l.text, f, 8) > k) out[next] = f[k].column;
    ++next;
  }
  return out;
}

// explain looks at one query; several belong to `ndcg trec`.
template <class Query>
status one_query(const std::vector<Query>& queries, std::string_view text) {
  if (queries.empty()) return fail("expected lines for one query, got none");
  if (queries.size() == 1) return done{};
  const std::size_t line_no = queries[1].entries.front().line;
  return fail("expected one query, got a second one, " + quote(queries[1].qid) + " (the first is " +
                  quote(queries[0].qid) + "); use `ndcg trec` to evaluate several queries",
              line_no, first_column(text, line_no));
}

expected<parsed_ranking> ranking_from_run(std::string_view text, const limits& lim) {
  auto run = parse_run(text, lim);
  if (!run) return run.err();
  if (auto ok = one_query(run->queries, text); !ok) return ok.err();
  parsed_ranking out;
  out.detected = format::trec_run;
  out.has_ids = true;
  out.has_scores = true;
  out.has_grades = false;  // the judgments supply them
  for (const auto& e : run->queries[0].entries) {
    item it;
    it.id = e.docid;
    it.has_id = true;
    it.score = e.score;
    it.has_score = true;
    it.line = e.line;
    out.items.push_back(std::move(it));
  }
  return out;
}

expected<parsed_ranking> ranking_from_qrels(std::string_view text, const limits& lim) {
  auto qrels = parse_qrels(text, lim);
  if (!qrels) return qrels.err();
  if (auto ok = one_query(qrels->queries, text); !ok) return ok.err();
  const auto& entries = qrels->queries[0].entries;
  std::vector<std::size_t> at;
  for (const auto& e : entries) at.push_back(e.line);
  const std::vector<std::size_t> columns = field_columns(text, at, 3);
  parsed_ranking out;
  out.detected = format::trec_qrels;
  out.has_ids = true;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    item it;
    it.id = entries[i].docid;
    it.has_id = true;
    it.grade = static_cast<double>(entries[i].rel);
    it.line = entries[i].line;
    it.column = columns[i];
    out.items.push_back(std::move(it));
  }
  return out;
}

// One item per docid in order of first appearance: grade 1 when it covers
// any subtopic, which are listed; grade 0 when judged for none.
expected<parsed_ranking> ranking_from_subtopics(std::string_view text, const limits& lim) {
  auto file = parse_subtopic_qrels(text, lim);
  if (!file) return file.err();
  if (auto ok = one_query(file->queries, text); !ok) return ok.err();
  parsed_ranking out;
  out.detected = format::subtopic_qrels;
  out.has_ids = true;
  out.has_subtopics = true;
  std::unordered_map<std::string_view, std::size_t> index;
  for (const auto& e : file->queries[0].entries) {
    const auto [at, added] = index.emplace(e.docid, out.items.size());
    if (added) {
      item it;
      it.id = e.docid;
      it.has_id = true;
      it.line = e.line;
      out.items.push_back(std::move(it));
    }
    item& it = out.items[at->second];
    if (e.judgment > 0) {
      it.grade = 1;
      it.subtopics.emplace_back(e.subtopic);
    }
  }
  return out;
}

expected<parsed_ranking> parse_as(format f, std::string_view text, const limits& lim, bool judgments) {
  switch (f) {
    case format::grades: return parse_grades(text, lim);
    case format::id_grade:
    case format::id_score_grade: return parse_id_lines(text, lim, f, judgments);
    case format::csv:
    case format::tsv: return parse_table(text, lim, f, judgments);
    case format::trec_run: return ranking_from_run(text, lim);
    case format::trec_qrels: return ranking_from_qrels(text, lim);
    case format::subtopic_qrels: return ranking_from_subtopics(text, lim);
  }
  return fail("unknown input format");
}

}  // namespace

std::string_view name_of(format f) {
  switch (f) {
    case format::grades: return "grades";
    case format::id_grade: return "id_grade";
    case format::id_score_grade: return "id_score_grade";
    case format::csv: return "csv";
    case format::tsv: return "tsv";
    case format::trec_run: return "trec_run";
    case format::trec_qrels: return "trec_qrels";
    case format::subtopic_qrels: return "subtopic_qrels";
  }
  return "unknown";
}

format detect_format(std::string_view text) { return detect(text, false); }

expected<parsed_ranking> parse_ranking(std::string_view text, const limits& lim) {
  if (auto ok = detail::check_input(text, lim); !ok) return ok.err();
  return parse_as(detect(text, false), text, lim, false);
}

expected<std::vector<item>> parse_judgments(std::string_view text, const limits& lim) {
  if (auto ok = detail::check_input(text, lim); !ok) return ok.err();
  const format f = detect(text, true);
  const char* wanted = "expected judgments (qrels, \"id grade\" lines, or CSV/TSV with id and grade columns)";
  if (f == format::trec_run) {
    const std::vector<line> lines = sample(text);
    return fail(std::string(wanted) + ", got a TREC run", lines[0].number, first_column(text, lines[0].number));
  }
  auto parsed = parse_as(f, text, lim, true);
  if (!parsed) return parsed.err();
  if (!parsed->has_ids) {
    const item& first = parsed->items.front();
    if (f == format::grades) {
      return fail(std::string(wanted) + ", got grades without ids", first.line, first.column);
    }
    return fail(std::string(wanted) + ", got a table without an id column", sample(text)[0].number, 1);
  }
  return std::move(parsed->items);
}

}  // namespace ndcg
