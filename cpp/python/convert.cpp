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

py::list texts_of(const std::vector<std::string>& v) {
  py::list out;
  for (const std::string& t : v) out.append(bytes_text(t));
  return out;
}

// The message as the JS API words it: "run 2: line 3, column 5: ...".
std::string message_of(const ndcg::error& e) {
  std::string where;
  if (!e.source.empty() && e.source != "options")
    where = e.source + (e.index ? " " + std::to_string(e.index) : "") + ": ";
  return where + ndcg::describe(e);
}

}  // namespace

void use_error_class(py::object cls) { error_class() = std::move(cls); }

void raise(const ndcg::error& e) {
  py::dict args;
  for (const ndcg::error_arg& a : e.args) args[bytes_text(a.name)] = bytes_text(a.value);
  py::object err = error_class()(bytes_text(message_of(e)), py::arg("code") = text_of(ndcg::name_of(e.code)),
                                 py::arg("source") = e.source, py::arg("key") = e.key, py::arg("index") = e.index,
                                 py::arg("line") = e.line, py::arg("column") = e.column, py::arg("args") = args);
  PyErr_SetObject(error_class().ptr(), err.ptr());
  throw py::error_already_set();
}

py::object number_or_none(double v) { return std::isfinite(v) ? py::object(py::float_(v)) : py::object(py::none()); }

// ---- the field sink ---------------------------------------------------------------

dict_sink::dict_sink() { open_.emplace_back(); }

void dict_sink::put(std::string_view n, py::object v) { open_.back()[text_of(n)] = std::move(v); }
void dict_sink::number(std::string_view n, double v) { put(n, number_or_none(v)); }
void dict_sink::count(std::string_view n, std::uint64_t v) { put(n, py::int_(v)); }
void dict_sink::boolean(std::string_view n, bool v) { put(n, py::bool_(v)); }
void dict_sink::text(std::string_view n, std::string_view v) { put(n, bytes_text(v)); }
void dict_sink::null(std::string_view n) { put(n, py::none()); }

void dict_sink::numbers(std::string_view n, const std::vector<double>& v) {
  py::list out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = number_or_none(v[i]);
  put(n, std::move(out));
}

void dict_sink::texts(std::string_view n, const std::vector<std::string_view>& v) {
  py::list out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = bytes_text(v[i]);
  put(n, std::move(out));
}

void dict_sink::begin(std::string_view n) {
  names_.emplace_back(n);
  open_.emplace_back();
}

void dict_sink::end() {
  py::dict done = std::move(open_.back());
  open_.pop_back();
  put(names_.back(), std::move(done));
  names_.pop_back();
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
  ndcg::trec_options trec;
  ndcg::trec_output output;  // the text's format, -q, -n, digits
  ndcg::input_format run_format, qrels_format;
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
  return evaluate_request{s->batch.trec, *output, s->batch.run_format, s->batch.qrels_format};
}

// A run file as `ndcg trec` reads it: streamed, or read whole when its
// queries are interleaved.
ndcg::expected<ndcg::trec_result> evaluate_file(std::string_view qrels, const std::string& path,
                                                const ndcg::trec_options& opt, const std::string& subtopics) {
  auto bad_file = [&] {
    return ndcg::fail(ndcg::error_code::bad_file, "cannot read " + ndcg::echo(path)).in("run").with("found", path);
  };
  auto stream = ndcg::trec_stream::open(qrels, opt, subtopics);
  if (!stream) return stream.err();
  std::ifstream file(path, std::ios::binary);
  if (!file) return bad_file();
  auto result = stream->feed_all(file);
  if (result || result.err().code != ndcg::error_code::ungrouped_run) return result;
  // Interleaved queries: the same judgments, the file read again and grouped.
  stream->regroup();
  file.clear();
  file.seekg(0);
  if (!file) return bad_file();
  return stream->feed_all(file);
}

py::object value_of(const ndcg::trec_result& r, std::size_t m, double v) {
  if (r.is_count[m] && std::isfinite(v)) return py::int_(static_cast<long long>(v));
  return number_or_none(v);
}

// The first bytes of a file, to tell its format; nullopt when it cannot be read.
std::optional<std::string> head_of(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::nullopt;
  std::string head(1 << 16, '\0');
  file.read(&head[0], static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(file.gcount()));
  return head;
}

std::optional<std::string> whole_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(file), {});
}

ndcg::input_reading reading_of(ndcg::input_format run, ndcg::input_format qrels, std::string_view group) {
  ndcg::input_reading how;
  how.run_format = run;
  how.qrels_format = qrels;
  how.group = group;
  return how;
}

// evaluate()'s inputs as `ndcg trec` reads them (inputs.hpp): a TREC run
// file streamed, any other read whole and turned into TREC text; no run:
// the qrels hold both. The readings taken go to `readings`.
ndcg::expected<ndcg::trec_result> evaluate_inputs(const std::string& qrels, const std::string& run, bool run_is_path,
                                                  bool has_run, const std::string& subtopics, const std::string& group,
                                                  const evaluate_request& req, std::vector<std::string>& readings) {
  const ndcg::input_reading how = reading_of(req.run_format, req.qrels_format, group);
  const bool are_qrels = req.trec.judgments == ndcg::judgment_format::qrels && !qrels.empty();
  std::optional<std::string> text;
  if (has_run && run_is_path) {
    auto head = head_of(run);
    if (!head) return ndcg::fail(ndcg::error_code::bad_file, "cannot read " + ndcg::echo(run)).in("run").with("found", run);
    ndcg::trec_text q = ndcg::trec_text::passed(qrels, ndcg::input_format::trec);
    if (are_qrels) {
      auto read = ndcg::read_qrels(qrels, how);
      if (!read) return read.err();
      q = std::move(*read);
    }
    if (ndcg::streams_as_trec(*head, q, req.run_format)) {
      if (!q.reading.empty()) readings.push_back(q.reading);
      return evaluate_file(q.text(), run, req.trec, subtopics);
    }
    text = whole_file(run);
    if (!text) return ndcg::fail(ndcg::error_code::bad_file, "cannot read " + ndcg::echo(run)).in("run").with("found", run);
  }
  std::vector<std::string_view> runs;
  if (has_run) runs.push_back(text ? std::string_view(*text) : std::string_view(run));
  auto in = ndcg::read_inputs(qrels, runs, how, are_qrels);
  if (!in) return in.err();
  readings = in->readings;
  return ndcg::evaluate_trec(in->qrels.text(), in->runs[0].text(), req.trec, subtopics);
}

py::dict trec_to_python(const ndcg::trec_result& r, const evaluate_request& req) {
  std::vector<py::str> names;
  for (const std::string& n : r.names) names.push_back(text_of(n));
  py::dict per_query;
  for (std::size_t q = 0; q < r.qids.size(); ++q) {
    py::dict row;
    for (std::size_t m = 0; m < names.size(); ++m) {
      if (r.summary_only[m]) continue;
      if (r.is_text[m]) row[names[m]] = bytes_text(r.text(q, m));  // relstring
      else row[names[m]] = value_of(r, m, r.values[q][m]);
    }
    per_query[bytes_text(r.qids[q])] = row;
  }
  py::dict mean;
  for (std::size_t m = 0; m < names.size(); ++m)
    if (!r.per_query_only[m]) mean[names[m]] = value_of(r, m, r.mean[m]);
  py::dict out;
  out["per_query"] = per_query;
  out["mean"] = mean;
  out["measures"] = texts_of(r.names);
  out["qids"] = texts_of(r.qids);
  out["num_q"] = r.num_q;
  out["run_id"] = bytes_text(r.run_id);
  out["not_offered"] = texts_of(r.not_offered);
  out["notes"] = texts_of(r.notes);
  out["text"] = text_of(ndcg::render_trec(r, req.output));
  return out;
}

}  // namespace

py::dict evaluate(const std::string& qrels, const std::string& run, bool run_is_path, bool has_run,
                  const std::string& subtopics, const std::string& group, const option_texts& options) {
  auto req = evaluate_request_of(options);
  const evaluate_request& r = value_or_raise(req);
  std::vector<std::string> readings;
  auto result = [&] {
    py::gil_scoped_release unlocked;
    return evaluate_inputs(qrels, run, run_is_path, has_run, subtopics, group, r, readings);
  }();
  py::dict out = trec_to_python(value_or_raise(result), r);
  out["readings"] = texts_of(readings);
  return out;
}

// ---- compare ----------------------------------------------------------------------------

namespace {

template <class T, class Put>
py::list records(const std::vector<T>& items, Put put) {
  py::list out;
  for (const T& item : items) {
    dict_sink sink;
    put(item, sink);
    out.append(sink.result());
  }
  return out;
}

// values[run][measure][query] as {measure: [[run's values in qid order], ...]}.
py::dict by_measure(const ndcg::compare_result& c, const std::vector<std::vector<std::vector<double>>>& values) {
  py::dict out;
  if (values.empty()) return out;
  for (std::size_t m = 0; m < c.measures.size(); ++m) {
    py::list runs;
    for (const auto& run : values) {
      py::list column;
      for (double v : run[m]) column.append(number_or_none(v));
      runs.append(column);
    }
    out[text_of(c.measures[m])] = runs;
  }
  return out;
}

}  // namespace

py::dict compare(const std::string& qrels, const std::vector<std::string>& runs, const std::string& group,
                 const option_texts& options) {
  auto s = ndcg::settings_from(options, ndcg::command::compare);
  const ndcg::batch_settings& settings = value_or_raise(s).batch;
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
  py::dict out = compare_to_python(value_or_raise(result), settings);
  out["readings"] = texts_of(readings);
  return out;
}

py::dict compare_to_python(const ndcg::compare_result& c, const ndcg::batch_settings& settings) {
  py::dict out;
  out["runs"] = texts_of(c.runs);
  out["measures"] = texts_of(c.measures);
  out["qids"] = texts_of(c.qids);
  out["comparisons"] = records(c.comparisons, [&](const ndcg::comparison& x, dict_sink& sink) { ndcg::put_comparison(x, c, sink); });
  out["tie_ranges"] = records(c.ties, [&](const ndcg::tie_summary& t, dict_sink& sink) { ndcg::put_tie_summary(t, c, sink); });
  out["per_query"] = by_measure(c, c.values);
  out["worst"] = by_measure(c, c.worst);
  out["best"] = by_measure(c, c.best);
  out["trials"] = c.trials;
  out["seed"] = c.seed;
  out["holm_test"] = text_of(ndcg::name_of(c.holm));
  out["readings"] = py::list();  // compare() says how it read its inputs
  out["text"] = bytes_text(ndcg::render_compare(c, settings));
  return out;
}

// ---- dicts as TREC text -------------------------------------------------------------------

namespace {

[[noreturn]] void refuse(ndcg::error_code code, const std::string& source, std::string message, const std::string& found,
                         const char* arg = "found") {
  raise(ndcg::fail(code, std::move(message)).in(source).with(arg, found));
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
  if (!run) raise(ndcg::error(run.err()).in("run"));
  return nested(*run);
}

py::dict qrels_dict(const std::string& text) {
  auto qrels = ndcg::parse_qrels(text);
  if (!qrels) raise(ndcg::error(qrels.err()).in("qrels"));
  return nested(*qrels);
}

// ---- the tables ---------------------------------------------------------------------------

namespace {

py::dict option_record(const ndcg::option_row& row, const std::string& default_value) {
  py::dict out;
  out["key"] = text_of(row.key);
  out["flag"] = ndcg::cli_flag(row.key);
  out["kind"] = text_of(ndcg::name_of(row.kind));
  py::list choices;
  for (std::string_view c : ndcg::choices_of(row)) choices.append(text_of(c));
  out["choices"] = choices;
  out["min"] = number_or_none(row.min);
  out["max"] = number_or_none(row.max);
  out["default"] = default_value;
  out["help"] = text_of(row.help);
  return out;
}

}  // namespace

py::list option_schema() {
  py::list out;
  for (const ndcg::option_row& row : ndcg::option_table()) {
    py::dict r = option_record(row, ndcg::default_text(row));
    r["above_min"] = row.above_min;
    r["preset"] = row.preset_sets;
    out.append(r);
  }
  return out;
}

// The rows a batch command takes, with its defaults.
py::list batch_option_schema(ndcg::command c) {
  py::list out;
  for (const ndcg::option_row* row : ndcg::option_rows(c)) {
    py::dict r = option_record(*row, ndcg::default_text(*row, c));
    r["short_flag"] = text_of(row->short_flag);
    out.append(r);
  }
  return out;
}

py::list compare_option_schema() { return batch_option_schema(ndcg::command::compare); }
py::list trec_option_schema() { return batch_option_schema(ndcg::command::trec); }

py::list error_codes() {
  py::list out;
  for (const ndcg::error_code_info& c : ndcg::error_codes()) {
    py::dict r;
    r["code"] = text_of(c.name);
    r["args"] = text_of(c.args);
    out.append(r);
  }
  return out;
}

py::list preset_list() {
  py::list out;
  for (const ndcg::preset_info& p : ndcg::presets()) {
    ndcg::settings s;
    s.opt = *ndcg::preset(p.name);
    dict_sink options;
    ndcg::put_options(s, options);
    py::dict r;
    r["name"] = text_of(p.name);
    r["summary"] = text_of(p.summary);
    r["options"] = options.result();
    out.append(r);
  }
  return out;
}

py::dict measure_tables() {
  py::list names, not_offered, nicknames;
  py::dict families;  // nickname -> the families it names
  for (std::string_view n : ndcg::trec_measure_names()) names.append(text_of(n));
  for (const ndcg::trec_nickname& n : ndcg::trec_nicknames()) {
    nicknames.append(text_of(n.name));
    py::list named;
    for (std::string_view f : n.families) named.append(text_of(f));
    families[text_of(n.name)] = named;
  }
  for (std::string_view n : ndcg::trec_measures_not_offered()) not_offered.append(text_of(n));
  py::dict out;
  out["names"] = names;
  out["not_offered"] = not_offered;
  out["nicknames"] = nicknames;
  out["nickname_families"] = families;
  out["default"] = texts_of(ndcg::default_trec_measures());
  out["compare_default"] = texts_of(ndcg::default_compare_measures());
  return out;
}

}  // namespace ndcg_python
