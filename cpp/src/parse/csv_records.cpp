// The one tokenizer of CSV (RFC 4180) and TSV text, for explain's tables,
// the batch readers and detection: records of cells, with the line and
// column of each cell as an editor shows them. A quoted cell may hold the
// separator, "" and line ends; a quote inside an unquoted cell is a
// character like any other (as Python's csv and pandas read it); a quoted
// cell that never closes is refused at the line and column where it opens.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "base/text.hpp"
#include "parse/columns.hpp"

namespace ndcg::detail {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

#if defined(__SSE2__)
// Bit i of each mask stands for byte i of the 64 at p: a byte that ends
// the fast path ('"', a line end, NUL), a separator, a blank that trims.
// Blocks of 16 after the first that holds a stop are not looked at.
struct line_masks {
  std::uint64_t stops = 0, delims = 0, blanks = 0;
};
line_masks masks_at(const char* p, char delim) {
  line_masks m;
  const auto is = [](__m128i v, char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
  for (int k = 0; k < 4 && m.stops == 0; ++k) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    const auto bits = [&](__m128i b) {
      return static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(b))) << (16 * k);
    };
    m.stops |= bits(_mm_or_si128(_mm_or_si128(is(v, '"'), is(v, '\n')), _mm_or_si128(is(v, '\r'), is(v, '\0'))));
    m.delims |= bits(is(v, delim));
    m.blanks |= bits(_mm_or_si128(is(v, ' '), is(v, '\t')));
  }
  m.blanks &= ~m.delims;  // a tab that separates is no blank
  return m;
}
#endif

}  // namespace

csv_records::csv_records(std::string_view text, char delim) : delim_(delim) {
  text_ = strip_bom(text);
  at_ = 0;
}

csv_records::csv_records(more_bytes more, char delim) : delim_(delim), more_(std::move(more)), last_(false) {
  refill_ = [](csv_records& r) { r.refill(); };
  refill();
  text_ = strip_bom(text_);
}

// The lines from the current one on kept at the start, then the next piece
// after them (as large as what is kept, so a long record doubles it).
// The buffer only grows: its bytes are not cleared for each piece.
void csv_records::refill() {
  const std::size_t keep_from = line_start_, kept = text_.size() - keep_from;
  if (kept > 0) std::memmove(&piece_[0], text_.data() + keep_from, kept);
  at_ -= keep_from;
  line_start_ = 0;
  const std::size_t want = std::max<std::size_t>(kept, std::size_t(1) << 20);
  if (piece_.size() < kept + want) piece_.resize(kept + want);
  const std::size_t got = more_(&piece_[kept], want);
  last_ = got < want;
  text_ = std::string_view(piece_.data(), kept + got);
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

// A record on one line that ends within the next 64 bytes (at \n or \r\n)
// and holds no quote and no NUL, as nearly every line of a large table:
// its cells found by bit scans of the line's masks, as the careful path
// below would find them. False, nothing read, for any other record.
#if defined(__SSE2__)
bool csv_records::plain_record(std::vector<csv_cell>& cells) {
  const char* const p = text_.data() + at_;
  const line_masks m = masks_at(p, delim_);
  if (m.stops == 0) return false;
  const auto length = static_cast<std::size_t>(__builtin_ctzll(m.stops));
  std::size_t next = at_ + length + 1;
  if (p[length] == '\r' && next < text_.size() && text_[next] == '\n') ++next;
  else if (p[length] != '\n') return false;
  std::uint64_t delims = m.delims & ((std::uint64_t{1} << length) - 1);
  std::size_t k = 0;
  for (std::size_t start = 0;; ++k) {
    std::size_t b = start, e = delims ? static_cast<std::size_t>(__builtin_ctzll(delims)) : length;
    while (b < e && (m.blanks >> b & 1)) ++b;
    while (e > b && (m.blanks >> (e - 1) & 1)) --e;
    if (k == cells.size()) cells.emplace_back();
    csv_cell& c = cells[k];
    c.text = std::string_view(p + b, e - b);
    c.line = line_;
    c.column = at_ + b - line_start_ + 1;
    if (delims == 0) break;
    start = static_cast<std::size_t>(__builtin_ctzll(delims)) + 1;
    delims &= delims - 1;
  }
  if (cells.size() > k + 1) cells.resize(k + 1);
  record_end_ = at_ + length;
  ++line_;
  at_ = line_start_ = next;
  return true;
}
#endif

// The cells of the last record are reused: no allocation a record.
expected<bool> csv_records::next_here(std::vector<csv_cell>& cells) {
  const std::size_t n = text_.size();
  record_at_ = at_;
#if defined(__SSE2__)
  if (n - at_ >= 64) {  // a line that starts with a cell's first byte has no blank lines to skip
    const char c = text_[at_];
    if (!is_blank(c) && c != '\n' && c != '\r' && (c != '#' || !comments_) && plain_record(cells)) return true;
  }
#endif
  skip_blank_lines();
  std::size_t k = 0;
  if (at_ >= n) return cells.clear(), false;
  record_at_ = at_;
#if defined(__SSE2__)
  if (n - at_ >= 64 && plain_record(cells)) return true;
#endif
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
