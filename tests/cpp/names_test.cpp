// The name unions of web/ndcg-types.d.ts are the core's tables: a preset or
// a measure added here fails this test until the types name it too.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "ndcg/metrics.hpp"
#include "ndcg/trec.hpp"
#include "support.hpp"

namespace {

// The quoted names of `export type NAME = 'a' | 'b' | ...;`.
std::vector<std::string> union_of(const std::string& dts, const std::string& name) {
  const std::string head = "export type " + name + " = ";
  const std::size_t at = dts.find(head);
  REQUIRE_MESSAGE(at != std::string::npos, "web/ndcg-types.d.ts has no type " << name);
  const std::string body = dts.substr(at + head.size(), dts.find(';', at) - at - head.size());
  std::vector<std::string> out;
  for (std::size_t open = body.find('\''); open != std::string::npos; open = body.find('\'', open + 1)) {
    const std::size_t close = body.find('\'', open + 1);
    out.push_back(body.substr(open + 1, close - open - 1));
    open = close;
  }
  return out;
}

template <class Names>
std::vector<std::string> strings(const Names& names) {
  std::vector<std::string> out;
  for (const auto& n : names) out.emplace_back(n);
  return out;
}

}  // namespace

#ifdef NDCG_TEST_DATA
TEST_CASE("the .d.ts names every preset and every measure of the core's tables, in their order") {
  const std::string dts = test_support::file_text(std::string(NDCG_TEST_DATA) + "/../../web/ndcg-types.d.ts");
  REQUIRE_MESSAGE(!dts.empty(), "cannot read web/ndcg-types.d.ts");
  std::vector<std::string> presets;
  for (const ndcg::preset_info& p : ndcg::presets()) presets.emplace_back(p.name);
  CHECK(union_of(dts, "PresetName") == presets);
  CHECK(union_of(dts, "MeasureName") == strings(ndcg::trec_measure_names()));
}
#endif
