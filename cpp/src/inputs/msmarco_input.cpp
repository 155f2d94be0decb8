// MS MARCO's run files: `qid<TAB>pid<TAB>rank` lines with no header, the
// score taken as -rank (rank order). Told apart by their first data line:
// exactly three tab-separated fields, the last a whole number (a TREC line
// has four or six fields; a table's header names its columns, not numbers).
#include <string>
#include <vector>

#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"
#include "parse/columns.hpp"

namespace ndcg::detail {

bool is_msmarco(const text_head& h, bool judgments) {
  if (judgments) return false;  // MS MARCO's qrels are TREC qrels
  std::size_t cells = 1;
  for (char c : h.data) cells += c == '\t';
  if (cells != 3 || h.data.find(' ') != std::string_view::npos) return false;
  const std::string_view rank = h.data.substr(h.data.rfind('\t') + 1);
  long v = 0;
  return h.data[0] != '\t' && h.data.find("\t\t") == std::string_view::npos && read_integer(rank, v) == number_status::ok;
}

// Cells split at tabs alone: ids are taken as they are, quotes included.
status read_msmarco(std::string_view text, input_format, input_use use, record_checker& w, batch_reading& reading) {
  if (use != input_use::run)
    return fail(error_code::bad_input, "expected a run: MS MARCO TSV (qid pid rank) holds no judgments");
  reading.columns.resize(role_count);
  reading.columns[static_cast<std::size_t>(role::query)] = "qid";
  reading.columns[static_cast<std::size_t>(role::id)] = "pid";
  reading.columns[static_cast<std::size_t>(role::rank)] = "rank";
  reading.notes = batch_reading::rank_order;
  if (auto ok = check_size(text, w.lim()); !ok) return ok;
  line_reader lines(text);
  line l;
  value_at cells[4];
  while (lines.next(l)) {
    if (auto ok = check_line(l, w.lim()); !ok) return ok;
    if (leading_spaces(l.text) == l.text.size()) continue;
    std::size_t n = 0, start = 0;
    for (std::size_t i = 0; i <= l.text.size() && n < 4; ++i) {
      if (i < l.text.size() && l.text[i] != '\t') continue;
      cells[n++] = value_at{l.text.substr(start, i - start), l.number, start + 1};
      start = i + 1;
    }
    if (n != 3) {
      const value_at& at = cells[n - 1];
      return fail(error_code::field_count, "expected 3 fields (qid, pid, rank), got " + std::string(n > 3 ? "more" : std::to_string(n)),
                  l.number, n > 3 ? at.column : at.column + at.text.size())
          .with("expected", "3")
          .with("found", n > 3 ? "more" : std::to_string(n));
    }
    input_row r;
    r.qid = cells[0];
    r.doc = cells[1];
    r.rank = cells[2];
    if (auto ok = w.add(r); !ok) return ok;
  }
  return done{};
}

}  // namespace ndcg::detail
