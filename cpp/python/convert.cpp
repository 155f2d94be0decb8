// Conversion between the core and Python (see convert.hpp). Every value
// the core computes reaches Python through the core's own field lists
// (put_explanation, put_comparison, put_tie_summary) or its result structs.
#include "convert.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <optional>
#include <limits>

#include "base/text.hpp"
#include "ndcg/evaluate_run.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/report.hpp"
#include "ndcg/tie_range.hpp"

namespace ndcg_python {
namespace {

// Kept for the process's life: a static py::object would be released
// after the interpreter has gone.
py::object& error_class() {
  static py::object* cls = new py::object();
  return *cls;
}

py::str text_of(std::string_view v) { return py::str(v.data(), v.size()); }

// A text that may hold bytes that are not UTF-8 (ids, qids): decoded with
// surrogateescape, so that it goes back to the same bytes.
py::str bytes_text(std::string_view v) {
  PyObject* s = PyUnicode_DecodeUTF8(v.data(), static_cast<Py_ssize_t>(v.size()), "surrogateescape");
  if (!s) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

}  // namespace

void use_error_class(py::object cls) { error_class() = std::move(cls); }

void raise_error(const ndcg::error& e) {
  dict_sink fields;
  ndcg::put_error(e, fields);
  py::object err = error_class()(**fields.result());
  PyErr_SetObject(error_class().ptr(), err.ptr());
  throw py::error_already_set();
}

py::object number_or_none(double v) { return std::isfinite(v) ? py::object(py::float_(v)) : py::object(py::none()); }

// ---- the field sink ---------------------------------------------------------------

// Inside a list an entry has no name: it is appended.
void py_backend::add(py::object& into, bool is_list, bool, std::string_view name, const py::object& v) {
  if (is_list) py::reinterpret_borrow<py::list>(into).append(v);
  else py::reinterpret_borrow<py::dict>(into)[bytes_text(name)] = v;
}

py::object py_backend::number(double v) { return number_or_none(v); }
py::object py_backend::text(std::string_view v) { return bytes_text(v); }

py::object py_backend::numbers(const std::vector<double>& v) {
  py::list out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = number_or_none(v[i]);
  return std::move(out);
}

py::object py_backend::texts(const std::vector<std::string_view>& v) {
  py::list out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = bytes_text(v[i]);
  return std::move(out);
}

void dict_sink::steps(std::string_view n, const std::vector<ndcg::step>& rows) {
  py::list out(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    dict_sink row;
    ndcg::put_step(rows[i], row);
    out[i] = row.result();
  }
  put(n, std::move(out));
}

namespace {

// One cell as put_cell writes it: a text, an int for a whole count, a float or None.
py::object cell_of(const ndcg::keyed_column& c, std::size_t row) {
  if (c.is_text) return bytes_text(c.texts[row]);
  const double v = c.numbers[row];
  if (c.counts && std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9e18) return py::int_(static_cast<long long>(v));
  return number_or_none(v);
}

}  // namespace

// Built here rather than through begin/end per row: a million queries.
bool dict_sink::keyed(std::string_view n, const std::vector<std::string_view>& rows,
                      const std::vector<ndcg::keyed_column>& columns) {
  std::vector<py::str> names;
  for (const ndcg::keyed_column& c : columns) names.push_back(bytes_text(c.name));
  py::dict out;
  if (keep_columns_) {
    for (std::size_t i = 0; i < columns.size(); ++i) {
      py::list column(rows.size());
      for (std::size_t r = 0; r < rows.size(); ++r) column[r] = cell_of(columns[i], r);
      out[names[i]] = column;
    }
    put("columns", std::move(out));  // the name merge() and ArrayEvaluation read
    return true;
  }
  for (std::size_t r = 0; r < rows.size(); ++r) {
    py::dict row;
    for (std::size_t i = 0; i < columns.size(); ++i)
      if (columns[i].in_rows) row[names[i]] = cell_of(columns[i], r);
    out[bytes_text(rows[r])] = row;
  }
  put(n, std::move(out));
  return true;
}

// ---- explain --------------------------------------------------------------------

py::dict explained::fields() const {
  dict_sink sink;
  ndcg::put_explanation(a.text.result, ndcg::context_of(a.text, a.s), sink);
  py::dict out = sink.result();
  out["items"] = a.text.input.items.size();
  out["matching_preset"] = text_of(ndcg::matching_preset(a.s.opt));
  return out;
}

std::string explained::render(const std::string& format) const {
  if (format == "html") return ndcg::render_html(a.text.result, ndcg::context_of(a.text, a.s));
  auto f = ndcg::parse_report_format(format);
  return ndcg::render(a, value_or_raise(f));
}

namespace {

ndcg::settings settings_of(const option_texts& options) {
  auto s = ndcg::settings_from(options);
  return value_or_raise(s);
}

explained kept(ndcg::expected<ndcg::analysis>& a) { return explained{std::move(value_or_raise(a))}; }

}  // namespace

explained explain_text(const std::string& text, const std::string& judgments, const option_texts& options) {
  const ndcg::settings s = settings_of(options);
  auto a = [&] {
    py::gil_scoped_release unlocked;
    return ndcg::analyse_text(text, judgments, s, false);
  }();
  return kept(a);
}

explained explain_grades(const std::vector<double>& grades, const std::string& judgments, const option_texts& options) {
  const ndcg::settings s = settings_of(options);
  auto a = [&] {
    py::gil_scoped_release unlocked;
    return ndcg::analyse_grades(grades, judgments, s, false);
  }();
  return kept(a);
}

// ---- evaluate ----------------------------------------------------------------------

namespace {

// evaluate()'s options are the rows of the option table that `ndcg trec`
// takes, read as the command reads them.
struct evaluate_request {
  ndcg::batch_settings batch;
  ndcg::trec_output output;  // the text's format, -q, -n, digits
};

// "zscores" among the pairs is -Z's text (an input, as subtopics, not an option row).
ndcg::expected<evaluate_request> evaluate_request_of(const option_texts& options) {
  option_texts rows;
  std::string zscores;
  for (const auto& pair : options) {
    if (pair.first == "zscores") zscores = pair.second;
    else rows.push_back(pair);
  }
  auto s = ndcg::settings_from(rows, ndcg::command::trec);
  if (!s) return s.err();
  auto output = ndcg::trec_output_of(s->batch);
  if (!output) return output.err();
  s->batch.trec.zscores = std::move(zscores);
  return evaluate_request{s->batch, *output};
}

ndcg::input_reading reading_of(ndcg::input_format run, ndcg::input_format qrels, std::string_view group) {
  ndcg::input_reading how;
  how.run_format = run;
  how.qrels_format = qrels;
  how.group = group;
  return how;
}

// evaluate()'s inputs as `ndcg trec` reads them (evaluate_run): a TREC run,
// a file or a text, streamed, any other read whole and turned into TREC
// text; no run: the qrels hold both. The readings taken go to `readings`.
ndcg::expected<ndcg::run_evaluation> evaluate_inputs(const std::string& qrels, const std::string& run, bool run_is_path,
                                                     bool has_run, const std::string& subtopics, const std::string& group,
                                                     const evaluate_request& req, std::vector<std::string>& readings) {
  const ndcg::input_reading how = reading_of(req.batch.run_format, req.batch.qrels_format, group);
  if (!has_run) return ndcg::evaluate_table(qrels, req.batch, subtopics, how, readings);
  if (!run_is_path) {
    ndcg::text_source source(run);
    return ndcg::evaluate_run(qrels, source, req.batch, subtopics, how, readings);
  }
  std::ifstream file(run, std::ios::binary);
  if (!file) return ndcg::fail(ndcg::error_code::bad_file, "cannot read " + ndcg::echo(run)).in("run").with("found", run);
  auto source = ndcg::stream_source(file, true);
  return ndcg::evaluate_run(qrels, *source, req.batch, subtopics, how, readings);
}

}  // namespace

py::dict evaluation_of(const ndcg::trec_result& r, const std::vector<std::string>& readings,
                       const ndcg::trec_output& output, const std::optional<ndcg::trec_tie_range>& ties, bool columns) {
  dict_sink sink(columns);
  ndcg::put_trec_result(ties ? ndcg::with_tie_range(r, *ties) : r, sink);
  sink.texts("readings", std::vector<std::string_view>(readings.begin(), readings.end()));
  sink.text("text", ties ? ndcg::render_trec(r, output, *ties) : ndcg::render_trec(r, output));
  return sink.result();
}

py::dict evaluate(const std::string& qrels, const std::string& run, bool run_is_path, bool has_run,
                  const std::string& subtopics, const std::string& group, const option_texts& options) {
  auto req = evaluate_request_of(options);
  const evaluate_request& r = value_or_raise(req);
  std::vector<std::string> readings;
  auto result = [&] {
    py::gil_scoped_release unlocked;
    return evaluate_inputs(qrels, run, run_is_path, has_run, subtopics, group, r, readings);
  }();
  const ndcg::run_evaluation& evaluated = value_or_raise(result);
  return evaluation_of(evaluated.result, readings, r.output, evaluated.ties);
}

judgments_index read_judgments(const std::string& qrels, const option_texts& options) {
  auto req = evaluate_request_of(options);
  const ndcg::batch_settings& b = value_or_raise(req).batch;
  auto index = [&]() -> ndcg::expected<judgments_index> {
    py::gil_scoped_release unlocked;
    auto text = ndcg::read_qrels(qrels, reading_of(b.run_format, b.qrels_format, {}));
    if (!text) return text.err();
    auto judged = ndcg::trec_judgments::read(std::string(text->text()), b.trec.judgments);
    if (!judged) return judged.err();
    std::vector<std::string> readings;
    if (!text->reading.empty()) readings.push_back(text->reading);
    return judgments_index{std::move(*judged), std::move(readings)};
  }();
  return std::move(value_or_raise(index));
}

py::dict evaluate_on(const judgments_index& index, const std::string& run, bool run_is_path, const option_texts& options,
                     int threads) {
  auto req = evaluate_request_of(options);
  evaluate_request& r = value_or_raise(req);
  std::vector<std::string> readings;
  auto result = [&]() -> ndcg::expected<ndcg::run_evaluation> {
    py::gil_scoped_release unlocked;
    struct counted {
      std::atomic<int>& n;
      ~counted() { --n; }
    } running{*index.running};
    const bool alone = running.n++ == 0;
    r.batch.trec.second_thread = threads == 1 ? false : threads > 1 || alone;
    const ndcg::input_reading how = reading_of(r.batch.run_format, r.batch.qrels_format, {});
    if (!run_is_path) {
      ndcg::text_source source(run);
      return ndcg::evaluate_run(index.judged, source, r.batch, how, readings);
    }
    std::ifstream file(run, std::ios::binary);
    if (!file) return ndcg::fail(ndcg::error_code::bad_file, "cannot read " + ndcg::echo(run)).in("run").with("found", run);
    auto source = ndcg::stream_source(file, true);
    return ndcg::evaluate_run(index.judged, *source, r.batch, how, readings);
  }();
  const ndcg::run_evaluation& evaluated = value_or_raise(result);
  readings.insert(readings.begin(), index.readings.begin(), index.readings.end());
  return evaluation_of(evaluated.result, readings, r.output, evaluated.ties);
}

// ---- compare ----------------------------------------------------------------------------

namespace {

// A comparison's fields, how its inputs were read, and the report.
py::dict comparison_of(const ndcg::compare_result& c, const std::vector<std::string>& readings,
                       const ndcg::batch_request& request) {
  dict_sink sink;
  ndcg::put_compare_result(c, sink);
  sink.texts("readings", std::vector<std::string_view>(readings.begin(), readings.end()));
  sink.text("text", ndcg::render_compare(c, request.batch, request.s.language));
  return sink.result();
}

}  // namespace

py::dict compare(const std::string& qrels, const std::vector<std::string>& runs, const std::string& group,
                 const option_texts& options) {
  auto s = ndcg::settings_from(options, ndcg::command::compare);
  const ndcg::batch_request& request = value_or_raise(s);
  const ndcg::batch_settings& settings = request.batch;
  std::vector<std::string> readings;
  auto result = [&]() -> ndcg::expected<ndcg::compare_result> {
    py::gil_scoped_release unlocked;
    const bool are_qrels = settings.trec.judgments == ndcg::judgment_format::qrels;
    auto in = ndcg::read_inputs(qrels, std::vector<std::string_view>(runs.begin(), runs.end()),
                                reading_of(settings.run_format, settings.qrels_format, group), are_qrels);
    if (!in) return in.err();
    readings = in->readings;
    std::vector<std::string_view> texts;
    for (const ndcg::trec_text& t : in->runs) texts.push_back(t.text());
    return ndcg::compare_runs(in->qrels.text(), texts, settings);
  }();
  return comparison_of(value_or_raise(result), readings, request);
}

py::dict compare_to_python(const ndcg::compare_result& c, const ndcg::batch_request& request) {
  return comparison_of(c, {}, request);
}

// ---- dicts as TREC text -------------------------------------------------------------------

namespace {

[[noreturn]] void refuse(ndcg::error_code code, const std::string& source, std::string message, const std::string& found,
                         const char* arg = "found") {
  raise_error(ndcg::fail(code, std::move(message)).in(source).with(arg, found));
}

std::string type_name(py::handle v) { return Py_TYPE(v.ptr())->tp_name; }

// A key's bytes (any str, or the str() of another key), checked as one word of a line.
std::string word_of(py::handle key, const std::string& source, const char* what, bool qid) {
  py::str text = PyUnicode_Check(key.ptr()) ? py::reinterpret_borrow<py::str>(key) : py::str(key);
  PyObject* raw = PyUnicode_AsEncodedString(text.ptr(), "utf-8", "surrogateescape");
  if (!raw) {
    PyErr_Clear();
    raw = PyUnicode_AsEncodedString(text.ptr(), "utf-8", "surrogatepass");
    if (!raw) throw py::error_already_set();
  }
  std::string out = py::reinterpret_steal<py::bytes>(raw);
  const bool spaced = std::any_of(out.begin(), out.end(), [](char c) {
    return ndcg::detail::is_space(c) || c == '\n' || c == '\r';
  });
  if (out.empty() || spaced || (qid && out[0] == '#'))
    refuse(ndcg::error_code::bad_input, source,
           std::string("the ") + what + " " + ndcg::echo(out) + " is not one word of a TREC line (" +
               (out.empty() ? "empty" : spaced ? "it holds whitespace" : "a line starting with # is a comment") + ")",
           out);
  return out;
}

// A Python number as the double it holds; bool and non-numbers are refused.
double number_of(py::handle v, const std::string& source, const char* what) {
  if (PyBool_Check(v.ptr()) || !(PyFloat_Check(v.ptr()) || PyIndex_Check(v.ptr()) || PyNumber_Check(v.ptr())))
    refuse(ndcg::error_code::bad_type, source, std::string("expected ") + what + " (a number), got " + type_name(v),
           std::string(what) + " (a number)", "expected");
  const double d = PyFloat_AsDouble(v.ptr());
  if (d == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    refuse(ndcg::error_code::bad_type, source, std::string("expected ") + what + " (a number), got " + type_name(v),
           std::string(what) + " (a number)", "expected");
  }
  return d;
}

void append_value(std::string& out, py::handle v, bool run, const std::string& source) {
  if (!run && PyIndex_Check(v.ptr()) && !PyBool_Check(v.ptr())) {  // a whole number, as digits
    out += py::str(py::reinterpret_steal<py::object>(PyNumber_Index(v.ptr()))).cast<std::string>();
    return;
  }
  const double d = number_of(v, source, run ? "a score" : "a grade");
  if (!run && std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9007199254740992.0) {
    out += std::to_string(static_cast<long long>(d));
    return;
  }
  char buf[ndcg::max_shortest];
  if (std::isfinite(d)) out.append(buf, ndcg::write_shortest(d, buf));
  else out += std::isnan(d) ? "nan" : (d > 0 ? "inf" : "-inf");  // the reader refuses these with their place
}

py::dict as_dict(py::handle v, const std::string& source, const char* what) {
  if (PyDict_Check(v.ptr())) return py::reinterpret_borrow<py::dict>(v);
  if (!py::hasattr(v, "items"))
    refuse(ndcg::error_code::bad_type, source, std::string("expected ") + what + ", got " + type_name(v), what, "expected");
  return py::dict(py::reinterpret_borrow<py::object>(v));
}

}  // namespace

py::bytes nested_text(py::handle nested, bool run, const std::string& source) {
  std::string out;
  for (auto [qid_key, docs] : as_dict(nested, source, "a dict {qid: {docid: value}}")) {
    const std::string qid = word_of(qid_key, source, "qid", true);
    for (auto [doc_key, value] : as_dict(docs, source, "a dict {docid: value} for each query")) {
      const std::string docid = word_of(doc_key, source, "docid", false);
      out.append(qid).append(run ? " Q0 " : " 0 ").append(docid).append(run ? " 0 " : " ");
      append_value(out, value, run, source);
      out += run ? " run\n" : "\n";
    }
  }
  return py::bytes(out);
}

// ---- runs and qrels as dicts ------------------------------------------------------------

namespace {
py::object value_of_entry(const ndcg::run_entry& e) { return py::float_(e.score); }
py::object value_of_entry(const ndcg::qrel_entry& e) { return py::int_(e.rel); }
}  // namespace

namespace {

// {qid: {docid: value}} from a file the core has read (queries in order).
template <class File>
py::dict nested(const File& file) {
  py::dict out;
  for (const auto& q : file.queries) {
    py::dict docs;
    for (const auto& e : q.entries) docs[bytes_text(e.docid)] = value_of_entry(e);
    out[bytes_text(q.qid)] = docs;
  }
  return out;
}

}  // namespace

py::dict run_dict(const std::string& text) {
  auto run = ndcg::parse_run(text);
  if (!run) raise_error(ndcg::error(run.err()).in("run"));
  return nested(*run);
}

py::dict qrels_dict(const std::string& text) {
  auto qrels = ndcg::parse_qrels(text);
  if (!qrels) raise_error(ndcg::error(qrels.err()).in("qrels"));
  return nested(*qrels);
}

// ---- the tables ---------------------------------------------------------------------------

namespace {

// The list `put` writes under `name`.
template <class Put>
py::list listed(const char* name, Put put) {
  dict_sink sink;
  put(sink);
  return sink.result()[name];
}

}  // namespace

py::list option_schema() {
  return listed("rows", [](dict_sink& s) { ndcg::put_option_rows(s); });
}
py::list compare_option_schema() {
  return listed("rows", [](dict_sink& s) { ndcg::put_option_rows(ndcg::command::compare, s); });
}
py::list trec_option_schema() {
  return listed("rows", [](dict_sink& s) { ndcg::put_option_rows(ndcg::command::trec, s); });
}
py::list error_codes() {
  return listed("codes", [](dict_sink& s) { ndcg::put_error_codes(s); });
}
py::list preset_list() {
  return listed("presets", [](dict_sink& s) { ndcg::put_presets(s); });
}

py::dict measure_tables() {
  dict_sink sink;
  ndcg::put_measure_tables(sink);
  return sink.result();
}

py::dict describe_measure(const std::string& name) {
  dict_sink sink;
  auto found = ndcg::put_measure_description(name, sink);
  if (!found) raise_error(found.err());
  return sink.result();
}

}  // namespace ndcg_python
