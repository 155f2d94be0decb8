// Queries into the core as memory, not text (arrays.cpp): NumPy arrays,
// pandas columns and anything with the buffer protocol, and pytrec_eval's
// dicts; both reach evaluate_arrays and come back through put_trec_result.
#pragma once

#include <string>
#include <vector>

#include "convert.hpp"

namespace ndcg_python {

// labels and scores: one per row; sizes: the rows of each query in order;
// qids: one per query, or empty for 1, 2, ... (zero-padded). threads: 0 =
// every core. Returns put_trec_result's fields and "text".
py::dict evaluate_arrays(const py::buffer& labels, const py::buffer& scores, const py::buffer& sizes,
                         const std::vector<std::string>& qids, const option_texts& options, int threads);

// pytrec_eval's RelevanceEvaluator.evaluate: {qid: {docid: grade}} and
// {qid: {docid: score}}; a run query the qrels lack is left out, a run
// query with no documents is evaluated (its values are 0).
py::dict evaluate_dicts(const py::handle& qrels, const py::handle& run, const option_texts& options, int threads);

}  // namespace ndcg_python
