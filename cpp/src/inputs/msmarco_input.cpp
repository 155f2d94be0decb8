// MS MARCO's run files: `qid<TAB>pid<TAB>rank` lines with no header, the
// score taken as -rank (rank order). Told apart by their first data line:
// exactly three tab-separated fields, the last a whole number (a TREC line
// has four or six fields; a table's header names its columns, not numbers).
#include <string>
#include <vector>

#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"

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

status read_msmarco(std::string_view text, input_format, input_use use, record_checker& w, std::string& reading) {
  if (use != input_use::run)
    return fail(error_code::bad_input, "expected a run: MS MARCO TSV (qid pid rank) holds no judgments");
  reading = "MS MARCO TSV: qid -> query, pid -> doc, rank -> rank; ordered by rank (score = -rank)";
  csv_records records(text, '\t');
  std::vector<csv_cell> cells;
  for (;;) {
    auto more = records.next(cells);
    if (!more) return more.err();
    if (!*more) return done{};
    if (cells.size() != 3) {
      const csv_cell& at = cells.size() > 3 ? cells[3] : cells.back();
      return fail(error_code::field_count,
                  "expected 3 fields (qid, pid, rank), got " + std::to_string(cells.size()), at.line,
                  at.column + (cells.size() > 3 ? 0 : at.text.size()))
          .with("expected", "3")
          .with("found", std::to_string(cells.size()));
    }
    input_row r;
    r.qid = {cells[0].text, cells[0].line, cells[0].column};
    r.doc = {cells[1].text, cells[1].line, cells[1].column};
    r.rank = {cells[2].text, cells[2].line, cells[2].column};
    if (auto ok = w.add(r); !ok) return ok;
  }
}

}  // namespace ndcg::detail
