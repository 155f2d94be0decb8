// Tables, for every reader (explain's tables, the batch readers of CSV,
// TSV, JSON and JSON Lines, format detection) and every message: the one
// tokenizer of comma- and tab-separated text (csv_records.cpp), and what a
// column means from its header name (columns.cpp). Not API.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"

namespace ndcg::detail {

// ---- the tokenizer (csv_records.cpp) ----------------------------------------

// A cell's text is a view into the piece being read (valid until the next
// record), or into `own` for a quoted cell (its "" made ", its line ends \n).
struct csv_cell {
  std::string_view text;   // unquoted; unquoted cells are trimmed of spaces
  std::size_t line = 0, column = 0;
  std::string own;
};

// More bytes of a text read in pieces: fills up to `size` bytes and says
// how many (fewer at the end).
using more_bytes = std::function<std::size_t(char* into, std::size_t size)>;

// Records of comma- or tab-separated text, RFC 4180 quoting (a quoted cell
// may hold the separator, "" and line ends); lines end at \n, \r\n or \r.
class csv_records {
 public:
  csv_records(std::string_view text, char delim);
  // The text in pieces: memory holds a piece and the record being read.
  csv_records(more_bytes more, char delim);
  // The next record that is not blank; false at the end.
  expected<bool> next(std::vector<csv_cell>& cells);
  std::size_t line() const { return line_; }
  // The last record as written, without its line end (valid as its cells are).
  std::string_view text() const { return text_.substr(record_at_, record_end_ - record_at_); }
  // Lines whose first character but spaces is '#' are skipped as comments
  // while this is on (before a header; everywhere in explain's tables).
  void skip_comments(bool on) { comments_ = on; }

 private:
  expected<bool> next_here(std::vector<csv_cell>& cells);
  bool plain_record(std::vector<csv_cell>& cells);
  void refill();
  void end_line(std::size_t& i);
  bool ends_cell(char c) const;
  std::size_t past_blanks(std::size_t i) const;
  std::size_t cell_end(std::size_t i) const;
  void skip_blank_lines();
  status quoted_cell(std::size_t& i, csv_cell& cell);
  status plain_cell(std::size_t& i, csv_cell& cell);

  std::string_view text_;
  std::size_t at_ = 0, line_ = 1, line_start_ = 0, record_at_ = 0, record_end_ = 0;
  char delim_;
  bool comments_ = false;
  more_bytes more_;   // pieces: empty for a whole text
  std::string piece_;
  bool last_ = true;  // the text's end is in text_
  // Pieces only, so that a module reading whole texts links no refill.
  void (*refill_)(csv_records&) = nullptr;
};

// ---- the header rule and the errors of a table's shape (columns.cpp) ----------

// A header names columns: two cells or more as the tokenizer splits them,
// none of them a number, at least one a known column name (role_of).
bool is_header(const std::vector<csv_cell>& cells);

// The separator of a line that is a header by that rule, tab tried first,
// then comma; 0 when the line is no header.
char header_separator(std::string_view line);

// "expected one rel column, got a second one, "grade" (the first is "rel")".
error second_column(std::string_view role, std::string_view first, std::string_view second, std::size_t line,
                    std::size_t column);

// "expected 3 fields as in the header on line 1, got 2": placed at the first
// cell too many, or just past the last cell (at a quoted cell that spans
// lines, where it starts). `as` says where the count comes from; a row has
// at least one cell.
error ragged_row(const std::vector<csv_cell>& cells, std::size_t expected, std::string_view as);

// ---- column names (columns.cpp) ---------------------------------------------

enum class role { none, query, id, score, grade, rank, subtopics, tag };
constexpr std::size_t role_count = static_cast<std::size_t>(role::tag) + 1;  // none included

// The role a header name gives its column, or none. Case is ignored and
// '-', ' ' and '.' count as '_' ("Query-ID", "corpus id" and "doc.id" are
// query_id, corpus_id and doc_id).
role role_of(std::string_view name);

// The role's own name, as --columns takes it: query, doc, score, rel,
// rank, subtopics, tag ("" for none).
std::string_view role_name(role r);

// "rel, relevance, grade, ... or judgment": every name of a role, for
// messages and docs/inputs.md.
std::string names_of(role r);

// An explicit column list ("query,doc,score,rel"; "-" or "skip" for a
// column to ignore), as --columns and the API's columns option give it.
// Each name is a role name or any alias of one.
expected<std::vector<role>> read_columns(std::string_view list);

}  // namespace ndcg::detail
