// Fuzzes parse_qrels (qid iter docid rel) under the default and tiny limits.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "ndcg/parse.hpp"

namespace {

void one(std::string_view text, const ndcg::limits& lim) {
  auto r = ndcg::parse_qrels(text, lim);
  if (!r) return fuzz::check_error(r.err(), text);
  std::size_t entries = 0;
  for (const ndcg::qrels_query& q : r->queries) {
    fuzz::require(!q.qid.empty() && fuzz::inside(q.qid, text), "qids are views into the text");
    for (const ndcg::qrel_entry& e : q.entries)
      fuzz::require(!e.docid.empty() && fuzz::inside(e.docid, text), "docids are views into the text");
    entries += q.entries.size();
  }
  fuzz::require(entries <= lim.max_items, "no more lines than the limit");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::under_both_limits(data, size, one);
}
