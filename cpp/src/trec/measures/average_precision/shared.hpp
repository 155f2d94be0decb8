// Per-query values two measures share: the arithmetic one (map, bpref) and
// its geometric-mean twin (gm_map, gm_bpref) differ only in how queries combine.
#pragma once

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {

double average_precision(const query_state& q, const column&);  // map.cpp
double bpref(const query_state& q, const column&);              // bpref.cpp

}  // namespace ndcg::trec_detail
