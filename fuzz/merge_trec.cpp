// Fuzzes merge_trec (`ndcg trec --merge`): any texts, split at NUL bytes,
// are either merged into a result whose lines print as numbers, or refused
// with an error placed in the text it names.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/trec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::bytes in(data, size);
  const std::uint8_t digits = in.take() % 18;
  const auto parts = fuzz::split(in.rest(), '\0', 8);
  const std::vector<std::string_view> texts(parts.begin(), parts.end());
  auto r = ndcg::merge_trec(texts);
  if (!r) {
    const std::string& s = r.err().source;
    if (s.empty()) return 0;
    const std::size_t i = std::stoul(s);
    fuzz::require(i < texts.size(), "the error names one of the texts", s);
    fuzz::check_error(r.err(), texts[i]);
    return 0;
  }
  fuzz::require(r->mean.size() == r->names.size(), "one mean per measure");
  for (const auto& row : r->values) fuzz::require(row.size() == r->names.size(), "one value per measure");
  const std::string text = ndcg::format_trec(*r, true, digits);
  fuzz::require(text.empty() || text.back() == '\n', "whole lines");
  return 0;
}
