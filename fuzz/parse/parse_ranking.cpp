// Fuzzes parse_ranking (every pasted format: grade lists, id/score lines,
// CSV/TSV, single-query runs and qrels) under the default and tiny limits,
// then explains what it read with the default options.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/parse.hpp"

namespace {

void check_ranking(const ndcg::parsed_ranking& r, std::string_view text) {
  fuzz::require(!r.items.empty(), "a ranking read without error has items");
  const fuzz::shape s = fuzz::shape_of(text);
  for (const ndcg::item& it : r.items) {
    fuzz::require(it.line >= 1 && it.line <= s.lines, "an item's line is in the text");
    fuzz::require(!r.has_grades || std::isfinite(it.grade), "grades are finite");
    fuzz::require(!it.has_score || std::isfinite(it.score), "scores are finite");
    // The wasm bindings join ids with '\n': no id may hold a line break.
    fuzz::require(it.id.find_first_of("\r\n") == std::string::npos, "ids hold no line break", it.id);
    fuzz::require(it.has_id || it.id.empty(), "an item without an id has an empty id");
  }
}

void one(std::string_view text, const ndcg::limits& lim) {
  auto r = ndcg::parse_ranking(text, lim);
  if (!r) return fuzz::check_error(r.err(), text);
  fuzz::require(r->items.size() <= lim.max_items, "no more items than the limit");
  check_ranking(*r, text);
  auto e = ndcg::explain(r->items, ndcg::options{});
  if (!e) fuzz::check_error(e.err(), text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ndcg::read_json_rankings();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)ndcg::detect_format(text);
  one(text, ndcg::limits{});
  one(text, fuzz::tiny_limits());
  return 0;
}
