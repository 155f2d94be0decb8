// Records of CSV (RFC 4180) and TSV text, with the line and column of
// each cell as an editor shows them.
#include <string>

#include "inputs/inputs_detail.hpp"

namespace ndcg::detail {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

void trim(std::string& s, char delim) {
  std::size_t b = 0, e = s.size();
  while (b < e && is_blank(s[b]) && s[b] != delim) ++b;
  while (e > b && is_blank(s[e - 1]) && s[e - 1] != delim) --e;
  s = s.substr(b, e - b);
}

}  // namespace

csv_records::csv_records(std::string_view text, char delim) : delim_(delim) {
  text_ = without_bom(text);
  at_ = 0;
}

expected<bool> csv_records::next(std::vector<csv_cell>& cells) {
  cells.clear();
  const std::string_view t = text_;
  const std::size_t n = t.size();
  auto end_line = [&](std::size_t& i) {  // i at '\r' or '\n'
    if (t[i] == '\r' && i + 1 < n && t[i + 1] == '\n') ++i;
    ++i;
    ++line_;
    line_start_ = i;
  };
  // Blank lines between records carry nothing.
  while (at_ < n) {
    std::size_t i = at_;
    while (i < n && is_blank(t[i]) && t[i] != delim_) ++i;
    if (i < n && (t[i] == '\n' || t[i] == '\r')) {
      end_line(i);
      at_ = i;
      continue;
    }
    if (i == n) at_ = n;
    break;
  }
  if (at_ >= n) return false;
  std::size_t i = at_;
  for (;;) {
    csv_cell cell;
    cell.line = line_;
    std::size_t lead = i;
    while (lead < n && is_blank(t[lead]) && t[lead] != delim_) ++lead;
    cell.column = lead - line_start_ + 1;
    if (lead < n && t[lead] == '"') {
      const std::size_t open_line = line_, open_column = cell.column;
      i = lead + 1;
      for (;;) {
        if (i >= n) {
          return fail(error_code::unclosed_quote, "expected a closing \" for the quote opened here", open_line,
                      open_column);
        }
        const char c = t[i];
        if (c == '"') {
          if (i + 1 < n && t[i + 1] == '"') {
            cell.text += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        if (c == '\n' || c == '\r') {
          cell.text += '\n';
          end_line(i);
          continue;
        }
        cell.text += c;
        ++i;
      }
      while (i < n && is_blank(t[i]) && t[i] != delim_) ++i;
      if (i < n && t[i] != delim_ && t[i] != '\n' && t[i] != '\r') {
        return fail(error_code::bad_input,
                    std::string("expected a separator or the line's end after a quoted cell, got ") +
                        echo(t.substr(i, 1)),
                    line_, i - line_start_ + 1)
            .with("found", t.substr(i, 1));
      }
    } else {
      std::size_t e = i;
      while (e < n && t[e] != delim_ && t[e] != '\n' && t[e] != '\r') ++e;
      cell.text.assign(t.substr(i, e - i));
      trim(cell.text, delim_);
      if (cell.text.find('\0') != std::string::npos) {
        return fail(error_code::binary_input, "expected text, got a NUL byte (is this a binary file?)", line_,
                    cell.column);
      }
      i = e;
    }
    cells.push_back(std::move(cell));
    if (i < n && t[i] == delim_) {
      ++i;
      continue;
    }
    if (i < n) end_line(i);
    at_ = i;
    return true;
  }
}

}  // namespace ndcg::detail
