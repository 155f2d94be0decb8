// -Z: per-query values as z-scores against a file of means and standard
// deviations ("qid measure mean stddev" lines), as trec_eval's
// convert_zscores.c: (value - mean) / stddev; a value with no line, or with
// stddev 0 and another value than the mean, becomes -1000000.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/trec.hpp"

namespace ndcg::trec_detail {

struct zscore_line {
  std::string_view qid, measure;
  double mean = 0, stddev = 0;
};
struct zscore_table {
  std::vector<zscore_line> lines;  // by qid, then measure (byte order)
};

// The text must outlive the table (its names are views into it).
expected<zscore_table> read_zscores(std::string_view text);
// Converts every per-query value (not text, not num_q); gm_map and gm_bpref
// are converted as the logs trec_eval keeps, and their mean becomes exp of
// the mean (geometric = 2).
void apply_zscores(const zscore_table& z, trec_result& r);
// After the means: the names as trec_eval prints them under -Z ("Zmap",
// "Znum_ret"; relstring and runid keep theirs) and counts shown as the
// z-scores they now are (-2.7605, not -2).
void name_zscores(trec_result& r);

inline constexpr double missing_zscore = -1000000.0;

}  // namespace ndcg::trec_detail
