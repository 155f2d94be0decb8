// Per-partition evaluations merged into the one-shot result (merge.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "convert.hpp"

namespace ndcg_python {

// parts: bytes (`ndcg trec -q --digits 17` text) or dicts of
// put_trec_result's fields (measures, qids, columns, mean, num_q, run_id).
// options: the output options (per_query, digits, format, no_summary) for
// "text". Returns put_trec_result's fields of the merged result and "text".
py::dict merge(const py::list& parts, const option_texts& options);

// runs: each run's merged evaluation (merge()'s fields, summary_only
// included), compared as compare() compares runs: the same queries and
// measures in each; judged: the judged queries each must have (None: not
// known). options: compare's.
py::dict compare_parts(const py::list& runs, const std::optional<std::vector<std::string>>& judged,
                       const option_texts& options);

// The fields merge() reads: {name: True when a part must have it}.
py::dict merge_fields();

// Some of the core's result field lists (result_fields.hpp), for the
// Python layer: {list: [(name, type, doc, when)]}.
py::dict result_fields();

}  // namespace ndcg_python
