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
#include "ndcg/commands.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/report.hpp"

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
  auto a = unlocked([&] {
    return ndcg::analyse_text(text, judgments, s, false);
  });
  return kept(a);
}

explained explain_grades(const std::vector<double>& grades, const std::string& judgments, const option_texts& options) {
  const ndcg::settings s = settings_of(options);
  auto a = unlocked([&] {
    return ndcg::analyse_grades(grades, judgments, s, false);
  });
  return kept(a);
}

// ---- evaluate ----------------------------------------------------------------------

ndcg::option_pairs without_zscores(const option_texts& options, std::string& zscores) {
  ndcg::option_pairs rows;
  for (const auto& pair : options) {
    if (pair.first == "zscores") zscores = pair.second;
    else rows.push_back(pair);
  }
  return rows;
}

namespace {

// A run given as a text, or the file at a path read in pieces.
template <class Evaluate>
ndcg::evaluate_reply on_run(const std::string& run, bool run_is_path, const Evaluate& evaluate) {
  if (!run_is_path) {
    ndcg::text_source source(run);
    return evaluate(source);
  }
  std::ifstream file(run, std::ios::binary);
  if (!file)
    return ndcg::evaluate_reply{ndcg::fail(ndcg::error_code::bad_file, "cannot read " + ndcg::echo(run)).in("run").with("found", run), {}};
  auto source = ndcg::stream_source(file, true);
  return evaluate(*source);
}

}  // namespace

py::dict reply_of(ndcg::evaluate_reply& reply, const std::vector<ndcg::batch_reading>& readings,
                  bool keep_columns) {
  value_or_raise(reply.evaluated);
  dict_sink sink(keep_columns);
  ndcg::put_evaluate_reply(reply, readings, sink);
  return sink.result();
}

py::dict reply_of(ndcg::compare_reply& reply, const std::vector<ndcg::batch_reading>& readings) {
  value_or_raise(reply.result);
  dict_sink sink;
  ndcg::put_compare_reply(reply, readings, sink);
  return sink.result();
}

py::dict columns_evaluation_of(const ndcg::trec_result& r, const ndcg::trec_output& output) {
  dict_sink sink(true);
  ndcg::put_trec_result(r, sink);
  ndcg::put_readings({}, sink);
  sink.text("text", ndcg::render_trec(r, output));
  return sink.result();
}

py::dict evaluate(const std::string& qrels, const std::string& run, bool run_is_path, bool has_run,
                  const std::string& subtopics, const std::string& group, const option_texts& options) {
  ndcg::evaluate_inputs in;
  std::string zscores;
  const ndcg::option_pairs rows = without_zscores(options, zscores);
  in.qrels = qrels;
  in.subtopics = subtopics;
  in.zscores = zscores;
  in.group = group;
  std::vector<ndcg::batch_reading> readings;
  auto reply = unlocked([&] {
    if (!has_run) return ndcg::evaluate_batch(in, rows, readings);
    return on_run(run, run_is_path, [&](ndcg::run_source& source) {
      in.run = &source;
      return ndcg::evaluate_batch(in, rows, readings);
    });
  });
  return reply_of(reply, readings);
}

ndcg::judged_index read_judgments(const std::string& qrels, const option_texts& options) {
  std::string zscores;
  const ndcg::option_pairs rows = without_zscores(options, zscores);
  auto index = unlocked([&] {
    return ndcg::read_judged(qrels, rows);
  });
  return std::move(value_or_raise(index));
}

py::dict evaluate_on(const ndcg::judged_index& index, const std::string& run, bool run_is_path, const option_texts& options,
                     int threads) {
  std::string zscores;
  const ndcg::option_pairs rows = without_zscores(options, zscores);
  std::vector<ndcg::batch_reading> readings;
  auto reply = unlocked([&] {
    return on_run(run, run_is_path, [&](ndcg::run_source& source) {
      return ndcg::evaluate_batch(index, source, rows, readings, threads);
    });
  });
  return reply_of(reply, readings);
}

// ---- compare ----------------------------------------------------------------------------

py::dict compare(const std::string& qrels, const std::vector<std::string>& runs, const std::string& group,
                 const option_texts& options) {
  ndcg::compare_inputs in;
  in.qrels = qrels;
  in.runs.assign(runs.begin(), runs.end());
  in.group = group;
  std::vector<ndcg::batch_reading> readings;
  auto reply = unlocked([&] {
    return ndcg::compare_batch(in, options, readings);
  });
  return reply_of(reply, readings);
}

py::dict compare_evaluated(const std::vector<ndcg::trec_result>& runs, const std::vector<std::string>* judged,
                           const option_texts& options) {
  auto reply = unlocked([&] {
    return ndcg::compare_batch(runs, judged, options);
  });
  return reply_of(reply, {});
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
