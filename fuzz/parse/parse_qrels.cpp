// Fuzzes parse_qrels (qid iter docid rel) under the default and tiny limits.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "ndcg/parse.hpp"

namespace {

void one(std::string_view text, const ndcg::limits& lim) {
  auto r = ndcg::parse_qrels(text, lim);
  if (!r) return fuzz::check_error(r.err(), text);
  fuzz::check_queries(*r, text, lim, [](const ndcg::qrels_query&, const ndcg::qrel_entry&) {});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::under_both_limits(data, size, one);
}
