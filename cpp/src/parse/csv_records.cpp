// The one tokenizer of CSV (RFC 4180) and TSV text, for explain's tables,
// the batch readers and detection: records of cells, with the line and
// column of each cell as an editor shows them. A quoted cell may hold the
// separator, "" and line ends; a quote inside an unquoted cell is a
// character like any other (as Python's csv and pandas read it); a quoted
// cell that never closes is refused at the line and column where it opens.
#include <algorithm>
#include <string>
#include <utility>

#include "base/text.hpp"
#include "parse/columns.hpp"

namespace ndcg::detail {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

}  // namespace

csv_records::csv_records(std::string_view text, char delim) : delim_(delim) {
  text_ = strip_bom(text);
  at_ = 0;
}

csv_records::csv_records(more_bytes more, char delim) : delim_(delim), more_(std::move(more)), last_(false) {
  refill_ = [](csv_records& r) { r.refill(); };
  refill();
  if (strip_bom(text_).size() != text_.size()) piece_.erase(0, 3), text_ = piece_;
}

// The lines from the current one on kept at the start, then the next piece
// after them (as large as what is kept, so a long record doubles it).
void csv_records::refill() {
  const std::size_t keep_from = line_start_;
  piece_.erase(0, keep_from);
  at_ -= keep_from;
  line_start_ = 0;
  const std::size_t kept = piece_.size(), want = std::max<std::size_t>(kept, std::size_t(1) << 20);
  piece_.resize(kept + want);
  const std::size_t got = more_(&piece_[kept], want);
  piece_.resize(kept + got);
  last_ = got < want;
  text_ = piece_;
}

// A record that reaches the end of the piece may go on in the next one:
// it is read again once that has come.
expected<bool> csv_records::next(std::vector<csv_cell>& cells) {
  for (;;) {
    const std::size_t at = at_, line = line_, start = line_start_;
    auto got = next_here(cells);
    const bool cut = at_ == text_.size() || (!got && got.err().code == error_code::unclosed_quote);
    if (last_ || !cut) return got;
    at_ = at, line_ = line, line_start_ = start;
    refill_(*this);
  }
}

// Past line i's end (i at '\r' or '\n'), counting the line.
void csv_records::end_line(std::size_t& i) {
  if (text_[i] == '\r' && i + 1 < text_.size() && text_[i + 1] == '\n') ++i;
  ++i;
  ++line_;
  line_start_ = i;
}

bool csv_records::ends_cell(char c) const { return c == delim_ || c == '\n' || c == '\r'; }

// Past the spaces (and tabs, unless they separate) from i on.
std::size_t csv_records::past_blanks(std::size_t i) const {
  while (i < text_.size() && is_blank(text_[i]) && text_[i] != delim_) ++i;
  return i;
}

// Where the cell from i ends: at its separator or its line's end.
std::size_t csv_records::cell_end(std::size_t i) const {
  while (i < text_.size() && !ends_cell(text_[i])) ++i;
  return i;
}

// Blank lines between records carry nothing, nor do comments while they
// are skipped; at_ moves to the next record.
void csv_records::skip_blank_lines() {
  const std::size_t n = text_.size();
  while (at_ < n) {
    std::size_t i = past_blanks(at_);
    if (comments_ && i < n && text_[i] == '#')
      while (i < n && text_[i] != '\n' && text_[i] != '\r') ++i;
    if (i < n && (text_[i] == '\n' || text_[i] == '\r')) {
      end_line(i);
      at_ = i;
      continue;
    }
    if (i == n) at_ = n;
    return;
  }
}

// A quoted cell from its opening quote at i: "" is a quote, line ends are
// kept (as \n). Its text is its own (cell.own); quoted cells are few.
status csv_records::quoted_cell(std::size_t& i, csv_cell& cell) {
  const std::string_view t = text_;
  const std::size_t n = t.size(), open_line = line_, open_column = cell.column;
  for (++i;;) {
    if (i >= n) {
      return fail(error_code::unclosed_quote, "expected a closing quote for the quoted cell that opens here, got the end of the input",
                  open_line, open_column);
    }
    const char c = t[i];
    if (c == '"' && i + 1 < n && t[i + 1] == '"') {
      cell.own += '"';
      i += 2;
    } else if (c == '"') {
      ++i;
      break;
    } else if (c == '\n' || c == '\r') {
      cell.own += '\n';
      end_line(i);
    } else {
      cell.own += c;
      ++i;
    }
  }
  i = past_blanks(i);
  if (i < n && !ends_cell(t[i])) {
    const std::string_view found = t.substr(i, cell_end(i) - i);
    return fail(error_code::bad_input, "expected a separator or the line's end after a quoted cell, got " + echo(found),
                line_, i - line_start_ + 1)
        .with("found", found);
  }
  return done{};
}

// An unquoted cell from i (past its leading spaces) to the separator or the
// line's end, trimmed; a quote in it is a character like any other.
status csv_records::plain_cell(std::size_t& i, csv_cell& cell) {
  const std::string_view t = text_;
  std::size_t e = i;
  bool nul = false;  // found in the same pass: this is the hot loop of a CSV run
  for (; e < t.size() && !ends_cell(t[e]); ++e) nul |= t[e] == '\0';
  std::size_t end = e;
  while (end > i && is_blank(t[end - 1])) --end;
  cell.text = t.substr(i, end - i);
  i = e;
  if (!nul) return done{};
  return fail(error_code::binary_input, "expected text, got a NUL byte (is this a binary file?)", line_, cell.column);
}

// The cells of the last record are reused: no allocation a record.
expected<bool> csv_records::next_here(std::vector<csv_cell>& cells) {
  skip_blank_lines();
  const std::size_t n = text_.size();
  std::size_t k = 0;
  if (at_ >= n) return cells.clear(), false;
  record_at_ = at_;
  for (std::size_t i = at_;;) {
    if (k == cells.size()) cells.emplace_back();
    csv_cell& cell = cells[k++];
    cell.own.clear();
    cell.text = {};  // an empty quoted cell sets no text of its own
    cell.line = line_;
    i = past_blanks(i);
    cell.column = i - line_start_ + 1;
    const bool quoted = i < n && text_[i] == '"';
    if (auto ok = quoted ? quoted_cell(i, cell) : plain_cell(i, cell); !ok) return ok.err();
    if (i < n && text_[i] == delim_) {
      ++i;
      continue;
    }
    record_end_ = i;
    if (i < n) end_line(i);
    at_ = i;
    cells.erase(cells.begin() + static_cast<std::ptrdiff_t>(k), cells.end());
    for (csv_cell& c : cells)  // a quoted cell's text, now that the cells stay where they are
      if (!c.own.empty()) c.text = c.own;
    return true;
  }
}

}  // namespace ndcg::detail
