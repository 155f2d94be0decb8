// Fuzzes merge_trec (`ndcg trec --merge`): any texts, split at NUL bytes,
// are either merged into a result whose lines print as numbers, or refused
// with an error placed in the text it names. A merged result is then split
// by query into results held in memory (Python's merge() of partitions),
// which must merge back into the same values; merged with itself, it must
// be refused for its repeated queries.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/trec.hpp"

namespace {

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// The queries of r dealt to two results by `pick`, each with r's columns.
std::vector<ndcg::trec_result> split(const ndcg::trec_result& r, std::uint8_t pick) {
  std::vector<ndcg::trec_result> parts(2, r);
  for (ndcg::trec_result& p : parts) p.qids.clear(), p.values.clear(), p.texts.clear();
  for (std::size_t q = 0; q < r.qids.size(); ++q) {
    ndcg::trec_result& p = parts[(pick >> (q % 8)) & 1];
    p.qids.push_back(r.qids[q]);
    p.values.push_back(r.values[q]);
    if (!r.texts.empty()) p.texts.push_back(r.texts[q]);
  }
  for (ndcg::trec_result& p : parts) p.num_q = p.qids.size();
  return parts;
}

void check_in_memory(const ndcg::trec_result& r, std::uint8_t pick) {
  const std::vector<ndcg::trec_result> parts = split(r, pick);
  auto back = ndcg::merge_trec(std::vector<ndcg::merge_part>{{{}, &parts[0]}, {{}, &parts[1]}});
  fuzz::require(back.ok(), "the parts of a merged result merge", back.ok() ? "" : back.err().message);
  fuzz::require(back->qids == r.qids && back->names == r.names, "the same queries and measures");
  for (std::size_t q = 0; q < r.qids.size(); ++q)
    for (std::size_t m = 0; m < r.names.size(); ++m)
      if (!r.is_text[m] && r.names[m] != "num_q")
        fuzz::require(same(back->values[q][m], r.values[q][m]), "the same values", r.qids[q]);
  auto twice = ndcg::merge_trec(std::vector<ndcg::merge_part>{{{}, &r}, {{}, &r}});
  fuzz::require(!twice.ok() && twice.err().message.find("more than one part") != std::string::npos,
                "a result merged with itself is refused");
}

}  // namespace

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
  check_in_memory(*r, digits);
  return 0;
}
