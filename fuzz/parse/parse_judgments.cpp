// Fuzzes parse_judgments (explain's --qrels: qrels, subtopic qrels, or any
// ranking format with ids and grades) under the default and tiny limits.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/parse.hpp"

namespace {

void one(std::string_view text, const ndcg::limits& lim) {
  auto j = ndcg::parse_judgments(text, lim);
  if (!j) return fuzz::check_error(j.err(), text);
  for (const ndcg::item& it : *j) {
    fuzz::require(std::isfinite(it.grade), "judged grades are finite");
    fuzz::require(it.id.find_first_of("\r\n") == std::string::npos, "ids hold no line break", it.id);
  }
  // Rank the judged documents in file order against themselves.
  if (j->empty()) return;
  ndcg::options opt;
  opt.negatives = ndcg::negative_policy::zero;
  opt.ideal = ndcg::ideal_source::judgments;
  auto e = ndcg::explain(*j, opt, &*j);
  if (!e) fuzz::check_error(e.err(), text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ndcg::read_json_rankings();
  return fuzz::under_both_limits(data, size, one);
}
