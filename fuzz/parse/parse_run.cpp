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
  const ndcg::run_query* last_query = nullptr;
  std::size_t last_line = 0;
  auto entries = fuzz::check_queries(*r, text, lim, [&](const ndcg::run_query& q, const ndcg::run_entry& e) {
    if (&q != last_query) {
      last_query = &q;
      last_line = 0;
    }
    fuzz::require(std::isfinite(e.score), "scores are finite");
    fuzz::require(e.line > last_line, "a query's entries keep file order");
    last_line = e.line;
  });
  fuzz::require(entries == r->lines, "every line is one entry");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::under_both_limits(data, size, one);
}
