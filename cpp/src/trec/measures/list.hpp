// The list of measure families (print order) and trec_eval's nicknames.
#pragma once

#include <string_view>
#include <vector>

#include "trec/measures/measure.hpp"

namespace ndcg::trec_detail {

const std::vector<const family*>& families();

// A name -m takes for a set of families ("official", "all_trec", ...).
struct nickname {
  std::string_view name;
  std::vector<std::string_view> families;
};
const std::vector<nickname>& nicknames();

// The family named so, or null.
const family* find_family(std::string_view name);
// The family a printed name belongs to ("P_10" -> P, "ndcg_1=2" -> ndcg).
const family* family_of_column(std::string_view printed);
// Its place in the print order.
std::size_t order_of(const family& f);

}  // namespace ndcg::trec_detail
