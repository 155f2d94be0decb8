// What the Python module's registrations (module.cpp) convert through:
// core results into Python dicts and lists, core errors into NdcgError,
// Python's option texts into the core's settings. No calculation here.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/commands.hpp"
#include "ndcg/error.hpp"
#include "ndcg/report.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/trec.hpp"
#include "ndcg/field_sink.hpp"

namespace ndcg_python {

namespace py = pybind11;

// The core's call, with the GIL released while it runs (so Python threads
// run meanwhile, and calls on several threads run at once).
template <typename Call>
auto unlocked(Call call) {
  py::gil_scoped_release released;
  return call();
}

// Key/value texts, as the Python layer turns keyword arguments into them
// (values read by the core exactly as the CLI reads its words).
using option_texts = std::vector<std::pair<std::string, std::string>>;

// The Python class every error becomes (ndcg_calc._impl.errors.NdcgError),
// set once when the module is imported.
void use_error_class(py::object cls);

// Raises the error as an NdcgError made from its fields (put_error).
[[noreturn]] void raise_error(const ndcg::error& e);

template <class T>
T& value_or_raise(ndcg::expected<T>& r) {
  if (!r) raise_error(r.err());
  return *r;
}

// How Python values are made and nested (ndcg::tree_sink's backend): names
// as the core's (snake_case), a number that is not finite None, counts ints,
// texts str (bytes that are not UTF-8 replaced).
struct py_backend {
  using node = py::object;
  static py::object object() { return py::dict(); }
  static py::object list() { return py::list(); }
  static void add(py::object& into, bool is_list, bool data_key, std::string_view name, const py::object& v);
  static py::object number(double v);
  static py::object count(std::uint64_t v) { return py::int_(v); }
  static py::object boolean(bool v) { return py::bool_(v); }
  static py::object text(std::string_view v);
  static py::object null() { return py::none(); }
  static py::object numbers(const std::vector<double>& v);
  static py::object texts(const std::vector<std::string_view>& v);
};

// Writes the core's field lists into nested dicts and lists: a step table
// a list of dicts, one per row, a keyed table {row: {column: value}} or,
// when `keep_columns`, "columns": {column: [value per row]} (the arrays'
// results, read lazily, and what merge() reads).
class dict_sink : public ndcg::tree_sink<py_backend> {
 public:
  explicit dict_sink(bool keep_columns = false) : keep_columns_(keep_columns) {}
  py::dict result() const { return py::reinterpret_borrow<py::dict>(tree_sink::result()); }

  void steps(std::string_view n, const std::vector<ndcg::step>& rows) override;
  bool keyed(std::string_view n, const std::vector<std::string_view>& rows,
             const std::vector<ndcg::keyed_column>& columns) override;

 private:
  bool keep_columns_;
};

// A finite double as a float, anything else as None.
py::object number_or_none(double v);

// One explained ranking, kept so that it renders without computing again.
struct explained {
  ndcg::analysis a;
  py::dict fields() const;
  std::string render(const std::string& format) const;
};

explained explain_text(const std::string& text, const std::string& judgments, const option_texts& options);
explained explain_grades(const std::vector<double>& grades, const std::string& judgments, const option_texts& options);

// evaluate(): the run as text or, when run_is_path, a file streamed as
// `ndcg trec` streams it. Returns put_trec_result's fields ({"per_query":
// {qid: {name: value}}, "mean", ...}), "readings" and "text".
// An evaluation's reply as Python's dict, or its error raised; with
// `keep_columns`, the values per query as "columns" (as merge() reads them).
py::dict reply_of(ndcg::evaluate_reply& reply, const std::vector<ndcg::batch_reading>& readings,
                  bool keep_columns = false);
// A comparison's reply as Python's dict, or its error raised.
py::dict reply_of(ndcg::compare_reply& reply, const std::vector<ndcg::batch_reading>& readings);

py::dict evaluate(const std::string& qrels, const std::string& run, bool run_is_path, bool has_run,
                  const std::string& subtopics, const std::string& group, const option_texts& options);

// An evaluator's judgments (ndcg_calc.evaluator): the qrels read once, in
// the format the options name, then runs evaluated on them as evaluate()
// evaluates them, with the GIL released (runs on threads run at once).
// "zscores" among the pairs is -Z's text: an input, as subtopics, not an option row.
ndcg::option_pairs without_zscores(const option_texts& options, std::string& zscores);
ndcg::judged_index read_judgments(const std::string& qrels, const option_texts& options);
py::dict evaluate_on(const ndcg::judged_index& index, const std::string& run, bool run_is_path,
                     const option_texts& options, int threads);  // threads: as ndcg::evaluate_batch's

// The reply of an evaluation of arrays, or of parts merged, as evaluate()'s:
// put_trec_result's fields with the values per query kept as columns (read
// lazily), no readings (nothing was read from text here) and "text".
py::dict columns_evaluation_of(const ndcg::trec_result& r, const ndcg::trec_output& output);

// compare(): compare's own option table reads the options.
py::dict compare(const std::string& qrels, const std::vector<std::string>& runs, const std::string& group,
                 const option_texts& options);
// The same for runs evaluated already (dask.compare's parts merged), with
// the judged queries each must have when they are known.
py::dict compare_evaluated(const std::vector<ndcg::trec_result>& runs, const std::vector<std::string>* judged,
                           const option_texts& options);

// {qid: {docid: value}} as TREC text for the core's readers: qrels lines
// ("qid 0 docid rel") or, when `run`, run lines ("qid Q0 docid 0 score run")
// in the dicts' order. Each qid and docid must be one word of a line: not
// empty, no whitespace, and a qid not starting with '#' (a comment line).
// Grades are whole numbers as digits, scores the shortest round-trip text;
// anything else is written as it is for the reader to refuse, or, when no
// text can stand for it, refused here (bad-type, in `source`).
py::bytes nested_text(py::handle nested, bool run, const std::string& source);

// A run or qrels text as the core's readers read it: {qid: {docid: score}}
// or {qid: {docid: grade}} (pytrec_eval's parse_run and parse_qrel).
py::dict run_dict(const std::string& text);
py::dict qrels_dict(const std::string& text);

// The core's tables.
py::list option_schema();
py::list compare_option_schema();
py::list trec_option_schema();
py::list error_codes();
py::list preset_list();
py::dict measure_tables();
// One measure family explained (`ndcg trec --help-measure NAME`'s fields).
py::dict describe_measure(const std::string& name);

}  // namespace ndcg_python
