// Arrays into the core as memory (arrays.hpp): a buffer of any integer or
// float type, contiguous or strided, read as doubles (float64 contiguous
// buffers in place, others copied once with the GIL released), then the
// queries evaluated by evaluate_arrays on several threads. The result
// leaves through put_trec_result and dict_sink.
#include "arrays.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>

#include <cstring>
#include <thread>

#include "ndcg/commands.hpp"
#include "ndcg/report.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/trec.hpp"

namespace ndcg_python {
namespace {

[[noreturn]] void refuse(const std::string& source, std::string message, const std::string& expected) {
  raise_error(ndcg::fail(ndcg::error_code::bad_type, std::move(message)).in(source).with("expected", expected));
}

// The buffer's element type from its struct format ("<d", "=q", "?").
char type_of(const py::buffer_info& b) {
  std::string f = b.format;
  while (!f.empty() && std::strchr("<>=!@", f[0])) f.erase(0, 1);
  return f.size() == 1 ? f[0] : '\0';
}

template <class T>
void copy_as_doubles(const py::buffer_info& b, std::vector<double>& out) {
  const auto* base = static_cast<const char*>(b.ptr);
  const std::size_t n = static_cast<std::size_t>(b.shape[0]);
  const auto stride = static_cast<std::ptrdiff_t>(b.strides[0]);
  out.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    T v;
    std::memcpy(&v, base + static_cast<std::ptrdiff_t>(i) * stride, sizeof v);
    out[i] = static_cast<double>(v);
  }
}

using converter = void (*)(const py::buffer_info&, std::vector<double>&);

converter converter_for(char type) {
  switch (type) {
    case 'd': return copy_as_doubles<double>;
    case 'f': return copy_as_doubles<float>;
    case 'b': return copy_as_doubles<signed char>;
    case 'B': return copy_as_doubles<unsigned char>;
    case '?': return copy_as_doubles<bool>;
    case 'h': return copy_as_doubles<short>;
    case 'H': return copy_as_doubles<unsigned short>;
    case 'i': return copy_as_doubles<int>;
    case 'I': return copy_as_doubles<unsigned int>;
    case 'l': return copy_as_doubles<long>;
    case 'L': return copy_as_doubles<unsigned long>;
    case 'q': return copy_as_doubles<long long>;
    case 'Q': return copy_as_doubles<unsigned long long>;
    default: return nullptr;
  }
}

}  // namespace

void read_doubles(const py::buffer& buffer, const std::string& source, doubles& out, bool ints_in_place) {
  out.info = buffer.request();
  const py::buffer_info& b = out.info;
  if (b.ndim != 1)
    refuse(source, source + ": expected one dimension, got " + std::to_string(b.ndim), "a one-dimensional array");
  const converter convert = converter_for(type_of(b));
  if (!convert || b.itemsize > 8)
    refuse(source, source + ": expected integers or floats, got the buffer format " + ndcg::echo(b.format),
           "integers or floats");
  out.size = static_cast<std::size_t>(b.shape[0]);
  if (type_of(b) == 'd' && b.strides[0] == static_cast<py::ssize_t>(sizeof(double))) {
    out.data = static_cast<const double*>(b.ptr);
    return;
  }
  if (ints_in_place && type_of(b) == 'i' && b.itemsize == 4 && b.strides[0] == 4) {
    out.ints = static_cast<const std::int32_t*>(b.ptr);
    return;
  }
  {
    py::gil_scoped_release unlocked;
    convert(b, out.kept);
  }
  out.data = out.kept.data();
}

unsigned threads_of(int wanted) {
  if (wanted > 0) return static_cast<unsigned>(wanted);
  return std::max(1u, std::thread::hardware_concurrency());
}

namespace {

// 1, 2, ... zero-padded to the width of the count, so that byte order is
// query order.
std::vector<std::string> numbered(std::size_t n) {
  const std::size_t width = std::to_string(n).size();
  std::vector<std::string> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::string digits = std::to_string(i + 1);
    out[i] = std::string(width - digits.size(), '0') + digits;
  }
  return out;
}

std::vector<std::size_t> starts_of(const doubles& sizes, std::size_t rows) {
  std::vector<std::size_t> starts{0};
  starts.reserve(sizes.size + 1);
  for (std::size_t i = 0; i < sizes.size; ++i) {
    const double s = sizes.data[i];
    if (!(s >= 1) || s != static_cast<double>(static_cast<std::size_t>(s)) || starts.back() + static_cast<std::size_t>(s) > rows)
      raise_error(ndcg::fail(ndcg::error_code::field_count, "group sizes are whole numbers of 1 or more that add up to the rows: " +
                                                          std::to_string(rows) + " rows, group " + std::to_string(i + 1) +
                                                          " is " + ndcg::shortest(s))
                .in("options")
                .with("expected", std::to_string(rows))
                .with("found", ndcg::shortest(s)));
    starts.push_back(starts.back() + static_cast<std::size_t>(s));
  }
  if (starts.back() != rows)
    raise_error(ndcg::fail(ndcg::error_code::field_count,
                     "group sizes add up to " + std::to_string(starts.back()) + " for " + std::to_string(rows) + " rows")
              .in("options")
              .with("expected", std::to_string(rows))
              .with("found", std::to_string(starts.back())));
  return starts;
}

struct request {
  ndcg::batch_settings batch;  // batch.trec: the evaluation's options; ci, trials, seed
  ndcg::trec_output output;
};

request request_of(const option_texts& options) {
  auto s = ndcg::settings_from(options, ndcg::command::trec);
  if (!s) raise_error(s.err());
  if (s->batch.tie_range)
    raise_error(ndcg::fail(ndcg::error_code::bad_input,
                           "tie_range needs the run as text or a file, not labels and scores in arrays")
                    .in("options"));
  auto output = ndcg::trec_output_of(s->batch);
  if (!output) raise_error(output.err());
  return request{s->batch, *output};
}


// The result, with the means' intervals when ci is asked for.
py::dict evaluated(ndcg::expected<ndcg::trec_result>& result, const request& req) {
  ndcg::trec_result& r = value_or_raise(result);
  ndcg::add_intervals(r, req.batch);
  return columns_evaluation_of(r, req.output);
}

// The evaluation of the buffers; what the core read them into (the query
// boundaries, the qids) is freed before the reply is built.
ndcg::expected<ndcg::trec_result> evaluated_buffers(const py::buffer& labels, const py::buffer& scores,
                                                    const py::buffer& sizes, const std::vector<std::string>& qids,
                                                    const request& req, int threads) {
  doubles l, s, g;
  read_doubles(labels, "labels", l, true);
  read_doubles(scores, "scores", s);
  if (l.size != s.size)
    raise_error(ndcg::fail(ndcg::error_code::field_count,
                     std::to_string(l.size) + " labels for " + std::to_string(s.size) + " scores")
              .in("run")
              .with("expected", std::to_string(l.size))
              .with("found", std::to_string(s.size)));
  read_doubles(sizes, "group", g);
  ndcg::array_queries in;
  in.labels = l.data;
  in.int_labels = l.ints;
  in.scores = s.data;
  in.starts = starts_of(g, l.size);
  if (!qids.empty() && qids.size() != in.starts.size() - 1)
    raise_error(ndcg::fail(ndcg::error_code::field_count, "qids do not match the groups").in("options"));
  in.qids = qids.empty() ? numbered(in.starts.size() - 1) : qids;
  py::gil_scoped_release unlocked;
  return ndcg::evaluate_arrays(in, req.batch.trec, threads_of(threads));
}

}  // namespace

py::dict evaluate_arrays(const py::buffer& labels, const py::buffer& scores, const py::buffer& sizes,
                         const std::vector<std::string>& qids, const option_texts& options, int threads) {
  const request req = request_of(options);
  auto result = evaluated_buffers(labels, scores, sizes, qids, req, threads);
  return evaluated(result, req);
}

}  // namespace ndcg_python

// ---- pytrec_eval's dicts -----------------------------------------------------------------

namespace ndcg_python {
namespace {

// A key's UTF-8 bytes, kept alive by `keep` (the view points into it).
std::string_view key_text(py::handle key, std::vector<py::object>& keep) {
  py::str text = PyUnicode_Check(key.ptr()) ? py::reinterpret_borrow<py::str>(key) : py::str(key);
  keep.push_back(text);
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (!data) throw py::error_already_set();
  return {data, static_cast<std::size_t>(size)};
}

double number_in(py::handle v, const char* source, const char* what) {
  if (PyBool_Check(v.ptr()) || !(PyFloat_Check(v.ptr()) || PyLong_Check(v.ptr()) || PyNumber_Check(v.ptr())))
    refuse(source, std::string(source) + ": expected " + what + " (a number), got " + Py_TYPE(v.ptr())->tp_name,
           std::string(what) + " (a number)");
  const double d = PyFloat_AsDouble(v.ptr());
  if (d == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    refuse(source, std::string(source) + ": expected " + what + " (a number)", std::string(what) + " (a number)");
  }
  return d;
}

py::dict dict_of(py::handle v, const char* source, const char* what) {
  if (!PyDict_Check(v.ptr()))
    refuse(source, std::string(source) + ": expected " + what + ", got " + Py_TYPE(v.ptr())->tp_name, what);
  return py::reinterpret_borrow<py::dict>(v);
}

// Columns of the run's queries that the qrels judge: each run document with
// its label (NaN when unjudged), then the judged documents it lacks.
struct dict_columns {
  std::vector<double> labels, scores, extra;
  std::vector<std::size_t> starts{0}, extra_starts{0};
  std::vector<std::string> qids;
  std::vector<std::string_view> ids;
  std::vector<py::object> keep;
};

void add_query(py::handle qid, const py::dict& run_q, const py::dict& judged, dict_columns& c) {
  c.qids.emplace_back(key_text(qid, c.keep));
  for (auto [doc, score] : run_q) {
    c.ids.push_back(key_text(doc, c.keep));
    c.scores.push_back(number_in(score, "run", "a score"));
    PyObject* grade = PyDict_GetItemWithError(judged.ptr(), doc.ptr());
    if (!grade && PyErr_Occurred()) throw py::error_already_set();
    c.labels.push_back(grade ? number_in(grade, "qrels", "a grade") : std::nan(""));
  }
  for (auto [doc, grade] : judged)
    if (!PyDict_Contains(run_q.ptr(), doc.ptr())) c.extra.push_back(number_in(grade, "qrels", "a grade"));
  c.starts.push_back(c.labels.size());
  c.extra_starts.push_back(c.extra.size());
}

}  // namespace

py::dict evaluate_dicts(const py::handle& qrels, const py::handle& run, const option_texts& options, int threads) {
  const request req = request_of(options);
  const py::dict judged = dict_of(qrels, "qrels", "a dict {qid: {docid: grade}}");
  dict_columns c;
  for (auto [qid, docs] : dict_of(run, "run", "a dict {qid: {docid: score}}")) {
    const py::dict run_q = dict_of(docs, "run", "a dict {docid: score} for each query");
    PyObject* judged_q = PyDict_GetItemWithError(judged.ptr(), qid.ptr());
    if (!judged_q && PyErr_Occurred()) throw py::error_already_set();
    if (judged_q) add_query(qid, run_q, dict_of(judged_q, "qrels", "a dict {docid: grade} for each query"), c);
  }
  ndcg::array_queries in;
  in.labels = c.labels.data();
  in.scores = c.scores.data();
  in.starts = c.starts;
  in.qids = c.qids;
  in.ids = c.ids;
  in.extra = c.extra.data();
  in.extra_starts = c.extra_starts;
  auto result = unlocked([&] {
    return ndcg::evaluate_arrays(in, req.batch.trec, threads_of(threads));
  });
  return evaluated(result, req);
}

}  // namespace ndcg_python

// ---- tables as columns (pandas DataFrames) --------------------------------------------

namespace ndcg_python {
namespace {

// A cell of an object column made one object_text reads as the table
// written as CSV holds it: a str as it is (its UTF-8 made now), None and
// NaN None (an empty cell), anything else its str(); a str with lone
// surrogates as bytes, as surrogateescape gives them back, else as
// surrogatepass. Made objects are held in `keep`.
PyObject* ready_cell(PyObject* v, std::vector<py::object>& keep) {
  if (PyUnicode_Check(v) && PyUnicode_IS_COMPACT_ASCII(v)) return v;
  if (v == Py_None || (PyFloat_Check(v) && std::isnan(PyFloat_AS_DOUBLE(v)))) return Py_None;
  if (!PyUnicode_Check(v)) {
    keep.push_back(py::str(py::handle(v)));
    v = keep.back().ptr();
  }
  Py_ssize_t size = 0;
  if (PyUnicode_AsUTF8AndSize(v, &size)) return v;
  PyErr_Clear();
  PyObject* raw = PyUnicode_AsEncodedString(v, "utf-8", "surrogateescape");
  if (!raw) PyErr_Clear(), raw = PyUnicode_AsEncodedString(v, "utf-8", "surrogatepass");
  if (!raw) throw py::error_already_set();
  keep.push_back(py::reinterpret_steal<py::object>(raw));
  return raw;
}

// A ready cell's text, read without the GIL (table_column::text_of).
std::string_view object_text(const void* cell) {
  auto* v = static_cast<PyObject*>(const_cast<void*>(cell));
  if (v == Py_None) return {};
  if (!PyUnicode_Check(v)) return {PyBytes_AS_STRING(v), static_cast<std::size_t>(PyBytes_GET_SIZE(v))};
  if (PyUnicode_IS_COMPACT_ASCII(v))
    return {static_cast<const char*>(PyUnicode_DATA(v)), static_cast<std::size_t>(PyUnicode_GET_LENGTH(v))};
  const auto* u = reinterpret_cast<const PyCompactUnicodeObject*>(v);
  return {u->utf8, static_cast<std::size_t>(u->utf8_length)};
}

// An object array's cells, ready: in place, or a copy (held in `keep`)
// from the first cell that is made anew.
const void* const* ready_cells(PyObject* const* cells, std::size_t n, std::vector<py::object>& keep) {
  std::vector<const void*>* copy = nullptr;
  for (std::size_t i = 0; i < n; ++i) {
    PyObject* ready = ready_cell(cells[i], keep);
    if (ready != cells[i] && !copy) {
      copy = new std::vector<const void*>(cells, cells + n);
      keep.push_back(py::capsule(copy, [](void* p) { delete static_cast<std::vector<const void*>*>(p); }));
    }
    if (copy) (*copy)[i] = ready;
  }
  return copy ? copy->data() : reinterpret_cast<const void* const*>(cells);
}

// One column: a float64 or int64 array in place, an object array as texts.
ndcg::table_column column_of(const py::handle& name, const py::array& values, std::vector<py::object>& keep) {
  ndcg::table_column c;
  c.name = py::str(name).cast<std::string>();
  const char kind = values.dtype().kind();
  if (values.ndim() != 1 || !(values.flags() & py::array::c_style))
    raise_error(ndcg::fail(ndcg::error_code::bad_type, "column " + ndcg::echo(c.name) + ": expected one contiguous dimension")
                    .with("expected", "a column"));
  if (kind == 'f' && values.itemsize() == 8) c.numbers = static_cast<const double*>(values.data());
  else if (kind == 'i' && values.itemsize() == 8) c.integers = static_cast<const std::int64_t*>(values.data());
  else if (kind != 'O')
    raise_error(ndcg::fail(ndcg::error_code::bad_type, "column " + ndcg::echo(c.name) + ": expected float64, int64 or objects")
                    .with("expected", "float64, int64 or objects"));
  else {
    c.objects = ready_cells(static_cast<PyObject* const*>(values.data()), static_cast<std::size_t>(values.size()), keep);
    c.text_of = object_text;
  }
  return c;
}

// A coded column (a categorical): int32 codes, each -1 (missing) or an
// index into `distinct`, an object array of the distinct cells.
ndcg::table_column coded_column_of(const py::handle& name, const py::array& codes, const py::array& distinct,
                                   std::vector<py::object>& keep) {
  ndcg::table_column c = column_of(name, distinct, keep);
  const auto bad = [&](const std::string& what) {
    raise_error(ndcg::fail(ndcg::error_code::bad_type, "column " + ndcg::echo(c.name) + ": expected " + what)
                    .with("expected", what));
  };
  if (!c.objects) bad("codes into an array of objects");
  if (codes.dtype().kind() != 'i' || codes.itemsize() != 4 || codes.ndim() != 1 || !(codes.flags() & py::array::c_style))
    bad("int32 codes in one contiguous dimension");
  c.codes = static_cast<const std::int32_t*>(codes.data());
  c.distinct = static_cast<std::size_t>(distinct.size());
  c.missing = Py_None;
  const auto n = static_cast<std::size_t>(codes.size());
  const auto top = static_cast<std::int64_t>(c.distinct);
  bool within = true;
  for (std::size_t i = 0; i < n; ++i) within &= c.codes[i] >= -1 && c.codes[i] < top;
  if (!within) bad("codes from -1 to " + std::to_string(top - 1));
  return c;
}

// [(name, array) or (name, codes, distinct), ...] as a table; `keep`
// holds the texts made here.
ndcg::column_table table_of(const py::list& columns, std::vector<py::object>& keep) {
  ndcg::column_table t;
  for (const py::handle item : columns) {
    const auto entry = item.cast<py::tuple>();
    const auto values = entry[1].cast<py::array>();
    if (entry.size() == 3) t.columns.push_back(coded_column_of(entry[0], values, entry[2].cast<py::array>(), keep));
    else t.columns.push_back(column_of(entry[0], values, keep));
    const auto rows = static_cast<std::size_t>(values.size());
    if (t.columns.size() > 1 && rows != t.rows)
      raise_error(ndcg::fail(ndcg::error_code::bad_type, "column " + ndcg::echo(t.columns.back().name) + ": expected " +
                                                             std::to_string(t.rows) + " rows, as the columns before it")
                      .with("expected", std::to_string(t.rows) + " rows"));
    t.rows = rows;
  }
  return t;
}

}  // namespace

py::dict evaluate_columns(const py::list& qrels, const py::object& run, const std::string& zscores,
                          const std::string& kind, const option_texts& options, int threads, bool columns) {
  std::vector<ndcg::batch_reading> readings;
  std::vector<py::object> keep;
  const ndcg::column_table judged = table_of(qrels, keep);
  ndcg::column_table ranked;
  if (!run.is_none()) ranked = table_of(run.cast<py::list>(), keep);
  ndcg::column_inputs in;
  in.qrels = &judged;
  in.run = run.is_none() ? nullptr : &ranked;
  in.zscores = zscores;
  in.kind = kind;
  in.threads = threads > 0 ? static_cast<unsigned>(threads) : 0;
  auto reply = unlocked([&] { return ndcg::evaluate_batch(in, options, readings); });
  return reply_of(reply, readings, columns);
}

py::dict compare_columns(const py::list& qrels, const py::list& runs, const std::string& kind,
                         const option_texts& options, int threads) {
  std::vector<ndcg::batch_reading> readings;
  std::vector<py::object> keep;
  const ndcg::column_table judged = table_of(qrels, keep);
  std::vector<ndcg::column_table> ranked;
  for (const py::handle run : runs) ranked.push_back(table_of(run.cast<py::list>(), keep));
  ndcg::column_compare_inputs in;
  in.qrels = &judged;
  for (const ndcg::column_table& t : ranked) in.runs.push_back(&t);
  in.kind = kind;
  in.threads = threads > 0 ? static_cast<unsigned>(threads) : 0;
  auto reply = unlocked([&] { return ndcg::compare_batch(in, options, readings); });
  return reply_of(reply, readings);
}

ndcg::judged_index judgments_of_columns(const py::list& qrels, const std::string& kind, const option_texts& options) {
  std::vector<py::object> keep;
  const ndcg::column_table judged = table_of(qrels, keep);
  std::string zscores;  // the evaluator's runs take none, as evaluate_on's
  const ndcg::option_pairs rows = without_zscores(options, zscores);
  auto index = unlocked([&] { return ndcg::read_judged(judged, kind, rows); });
  return std::move(value_or_raise(index));
}

py::dict evaluate_columns_on(const ndcg::judged_index& index, const py::list& run, const std::string& kind,
                             const option_texts& options, int threads) {
  std::vector<ndcg::batch_reading> readings;
  std::vector<py::object> keep;
  const ndcg::column_table ranked = table_of(run, keep);
  std::string zscores;
  const ndcg::option_pairs rows = without_zscores(options, zscores);
  auto reply = unlocked([&] { return ndcg::evaluate_batch(index, ranked, kind, rows, readings, threads); });
  return reply_of(reply, readings);
}

py::dict column_roles(const std::vector<std::string>& names, const std::string& use) {
  auto roles = ndcg::roles_of(names, use != "qrels", use != "run");
  if (!roles) raise_error(ndcg::error(roles.err()).in(use == "run" ? "run" : "qrels"));
  const ndcg::table_roles& r = *roles;
  py::dict out;
  const std::pair<const char*, long> fields[] = {{"query", r.query}, {"doc", r.doc},  {"score", r.score},
                                                 {"rank", r.rank},   {"rel", r.rel},  {"tag", r.tag}};
  for (const auto& [role, at] : fields) out[role] = at < 0 ? py::object(py::none()) : py::object(py::str(names[at]));
  return out;
}

py::tuple id_codes(const py::array& ids) {
  std::vector<py::object> keep;
  const ndcg::table_column c = column_of(py::str("ids"), ids, keep);
  if (!c.objects) raise_error(ndcg::fail(ndcg::error_code::bad_type, "ids: expected objects").with("expected", "objects"));
  const auto rows = static_cast<std::size_t>(ids.size());
  const ndcg::id_numbers n = unlocked([&] { return ndcg::number_ids(c, rows); });
  py::array_t<std::int32_t> codes(static_cast<py::ssize_t>(rows));
  std::copy(n.codes.begin(), n.codes.end(), codes.mutable_data());
  py::array_t<std::int64_t> first(static_cast<py::ssize_t>(n.first.size()));
  std::copy(n.first.begin(), n.first.end(), first.mutable_data());
  return py::make_tuple(codes, first, py_backend::texts(n.texts));
}

py::list number_texts(const py::array& numbers) {
  std::vector<py::object> keep;
  const ndcg::table_column c = column_of(py::str("ids"), numbers, keep);
  if (!c.numbers && !c.integers)
    raise_error(ndcg::fail(ndcg::error_code::bad_type, "ids: expected float64 or int64").with("expected", "numbers"));
  py::list out(static_cast<std::size_t>(numbers.size()));
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = py::str(ndcg::number_cell_text(c, i));
  return out;
}

}  // namespace ndcg_python
