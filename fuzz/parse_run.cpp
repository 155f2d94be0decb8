// Fuzzes parse_run (qid Q0 docid rank score tag) under the default and tiny
// limits, checking that every view it returns lies inside the text.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "ndcg/parse.hpp"

namespace {

void one(std::string_view text, const ndcg::limits& lim) {
  auto r = ndcg::parse_run(text, lim);
  if (!r) return fuzz::check_error(r.err(), text);
  std::size_t entries = 0;
  for (const ndcg::run_query& q : r->queries) {
    fuzz::require(!q.qid.empty() && fuzz::inside(q.qid, text), "qids are views into the text");
    fuzz::require(!q.entries.empty(), "a query has entries");
    std::size_t last_line = 0;
    for (const ndcg::run_entry& e : q.entries) {
      fuzz::require(!e.docid.empty() && fuzz::inside(e.docid, text), "docids are views into the text");
      fuzz::require(std::isfinite(e.score), "scores are finite");
      fuzz::require(e.line > last_line, "a query's entries keep file order");
      last_line = e.line;
    }
    entries += q.entries.size();
  }
  fuzz::require(entries == r->lines, "every line is one entry");
  fuzz::require(entries <= lim.max_items, "no more lines than the limit");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::under_both_limits(data, size, one);
}
