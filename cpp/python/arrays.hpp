// Queries into the core as memory, not text (arrays.cpp): NumPy arrays,
// pandas columns and anything with the buffer protocol, and pytrec_eval's
// dicts; both reach evaluate_arrays and come back through put_trec_result.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <pybind11/numpy.h>

#include "convert.hpp"

namespace ndcg_python {

// A one-dimensional buffer of numbers as doubles: in place when it is
// float64 and contiguous, else copied into `kept`.
struct doubles {
  py::buffer_info info;
  std::vector<double> kept;
  const double* data = nullptr;
  std::size_t size = 0;
  const std::int32_t* ints = nullptr;  // int32 and contiguous, when `read_doubles` may leave them so
};

// Reads `buffer` (one dimension, any integer or float type) into `out`;
// refuses anything else naming `source`. ints_in_place: int32 contiguous
// buffers are left as they are (out.ints).
void read_doubles(const py::buffer& buffer, const std::string& source, doubles& out, bool ints_in_place = false);

// The threads to use: `wanted`, or every core when 0 or less.
unsigned threads_of(int wanted);

// labels and scores: one per row; sizes: the rows of each query in order;
// qids: one per query, or empty for 1, 2, ... (zero-padded). threads: 0 =
// every core. Returns put_trec_result's fields and "text".
py::dict evaluate_arrays(const py::buffer& labels, const py::buffer& scores, const py::buffer& sizes,
                         const std::vector<std::string>& qids, const option_texts& options, int threads);

// pytrec_eval's RelevanceEvaluator.evaluate: {qid: {docid: grade}} and
// {qid: {docid: score}}; a run query the qrels lack is left out, a run
// query with no documents is evaluated (its values are 0).
py::dict evaluate_dicts(const py::handle& qrels, const py::handle& run, const option_texts& options, int threads);

// A table's columns, as the core's evaluate_batch takes them: qrels and
// run (None: the qrels hold both) as [(name, array)], each array float64,
// int64 or objects (texts; None and NaN empty cells), one-dimensional and
// contiguous. kind: what the readings call a table ("DataFrame"); threads:
// for the run's queries (0: every core); columns: the values per query as
// "columns" {measure: [value per query]} (a Dask partition's, for merge()).
py::dict evaluate_columns(const py::list& qrels, const py::object& run, const std::string& zscores,
                          const std::string& kind, const option_texts& options, int threads, bool columns);

// compare() on tables held as columns: qrels and each run as for
// evaluate_columns; the reply of compare_batch.
py::dict compare_columns(const py::list& qrels, const py::list& runs, const std::string& kind,
                         const option_texts& options, int threads);

// An evaluator's judgments from a qrels table held as columns (as for
// evaluate_columns), and a run table evaluated against judgments read
// either way; threads as the text runs' (evaluate_on).
ndcg::judged_index judgments_of_columns(const py::list& qrels, const std::string& kind, const option_texts& options);
py::dict evaluate_columns_on(const ndcg::judged_index& index, const py::list& run, const std::string& kind,
                             const option_texts& options, int threads);

// The column that gives each field of a table named `names` ({"query":
// name, "doc": ..., "score", "rank", "rel", "tag"}; None: no such column),
// as the core's table readers choose them for use "run", "qrels" or "both".
py::dict column_roles(const std::vector<std::string>& names, const std::string& use);

// An object column's ids numbered by their text (ndcg::number_ids): (codes,
// int32 per row, first, int64 per code: the row where its text first comes,
// texts: each code's text as the column reader reads it, "" an empty cell).
py::tuple id_codes(const py::array& ids);
// Each of a float64 or int64 array's numbers as an id column of them is
// read (ndcg::number_cell_text): "" for NaN.
py::list number_texts(const py::array& numbers);

}  // namespace ndcg_python
