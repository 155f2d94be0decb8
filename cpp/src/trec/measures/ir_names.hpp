// ir_measures' names for the measure families ("nDCG@10", "P(rel=2)@5",
// "SetF(beta=0.5)"), read into the family, its parameter and the
// conventions the name asks for. The rows are in ir_names.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/error.hpp"
#include "trec/measures/measure.hpp"

namespace ndcg::trec_detail {

struct ir_measure {
  std::string given;                            // the name as written: its column's name
  const family* of = nullptr;                   // null: not an ir_measures name
  std::uint64_t cutoff = 0;                     // cutoff families: @k
  double level = 0;                             // iprec_at_recall: @recall
  std::vector<double> numbers;                  // set_F: beta
  std::vector<std::pair<long, double>> gains;   // nDCG's gains={grade:gain}
  std::optional<long> relevance_level;          // rel=: trec_eval's -l for this measure
  std::optional<bool> judged_only;              // judged_only=: trec_eval's -J for this measure
};

// `of` null when `text` is not written as an ir_measures name (it is then a
// trec_eval name, "P" or "ndcg_cut.10"); an error naming the parameter at
// fault when it is one that trec_eval's measures cannot give.
expected<ir_measure> read_ir_measure(std::string_view text);

}  // namespace ndcg::trec_detail
