// Fuzzes parse_subtopic_qrels (qid subtopic docid judgment, as ndeval reads)
// under the default and tiny limits.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "ndcg/parse.hpp"

namespace {

void one(std::string_view text, const ndcg::limits& lim) {
  auto r = ndcg::parse_subtopic_qrels(text, lim);
  if (!r) return fuzz::check_error(r.err(), text);
  fuzz::check_queries(*r, text, lim, [&](const ndcg::subtopic_query&, const ndcg::subtopic_entry& e) {
    fuzz::require(!e.subtopic.empty() && fuzz::inside(e.subtopic, text), "subtopics are views into the text");
    fuzz::require(e.judgment >= 0, "judgments are not negative");
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::under_both_limits(data, size, one);
}
