// merge(): per-partition evaluations into the one-shot result, by the
// core's merge_trec (the rule of `ndcg trec --merge`). A part is the text
// of `ndcg trec -q --digits 17` (bytes) or a result as Python holds it
// (put_trec_result's fields: measures, qids, columns, mean, num_q,
// run_id), rebuilt here as a trec_result without computing anything.
#include "merge.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ndcg/option_table.hpp"
#include "ndcg/result_fields.hpp"

namespace ndcg_python {
namespace {

// The names it reads, off put_trec_result's list (a name not there does not
// compile); per_query comes as "columns", as a sink that keeps columns has it.
constexpr std::string_view measures_field = ndcg::field_of(ndcg::trec_result_fields, "measures");
constexpr std::string_view qids_field = ndcg::field_of(ndcg::trec_result_fields, "qids");
constexpr std::string_view mean_field = ndcg::field_of(ndcg::trec_result_fields, "mean");
constexpr std::string_view num_q_field = ndcg::field_of(ndcg::trec_result_fields, "num_q");
constexpr std::string_view run_id_field = ndcg::field_of(ndcg::trec_result_fields, "run_id");
constexpr std::string_view summary_only_field = ndcg::field_of(ndcg::trec_result_fields, "summary_only");
constexpr std::string_view columns_field = "columns";

// What a part must hold; run_id and summary_only are read when there.
constexpr std::string_view required_fields[] = {measures_field, qids_field, columns_field, mean_field, num_q_field};
constexpr std::string_view optional_fields[] = {run_id_field, summary_only_field};

std::string expected_fields() {
  std::string out = "an evaluation (";
  for (std::string_view name : required_fields) out.append(name).append(", ");
  out.resize(out.size() - 2);
  return out + ")";
}

[[noreturn]] void refuse(std::size_t part, const std::string& message) {
  raise_error(ndcg::fail(ndcg::error_code::bad_type, "part " + std::to_string(part) + ": " + message)
            .in(std::to_string(part))
            .with("expected", expected_fields()));
}

double number_of(py::handle v, std::size_t part) {
  if (v.is_none()) return std::numeric_limits<double>::quiet_NaN();
  if (PyBool_Check(v.ptr()) || !(PyFloat_Check(v.ptr()) || PyLong_Check(v.ptr())))
    refuse(part, std::string("expected a number or None, got ") + Py_TYPE(v.ptr())->tp_name);
  return PyFloat_AsDouble(v.ptr());
}

py::object field(const py::dict& d, std::string_view name, std::size_t part) {
  const py::str key(name.data(), name.size());
  if (!d.contains(key)) refuse(part, "no \"" + std::string(name) + "\"");
  return d[key];
}

py::dict dict_field(const py::dict& d, std::string_view name, std::size_t part) {
  py::object v = field(d, name, part);
  if (!PyDict_Check(v.ptr())) refuse(part, "\"" + std::string(name) + "\" is not a dict");
  return py::reinterpret_borrow<py::dict>(v);
}

// An optional field: None when absent.
py::object maybe(const py::dict& d, std::string_view name) {
  const py::str key(name.data(), name.size());
  return d.contains(key) ? py::object(d[key]) : py::object(py::none());
}

// One measure's column into the result: numbers, or texts (relstring).
void add_column(ndcg::trec_result& r, std::size_t m, const py::sequence& column, std::size_t part) {
  if (column.size() != r.qids.size()) refuse(part, "column " + r.names[m] + " does not have one value per query");
  const bool text = column.size() > 0 && py::isinstance<py::str>(column[0]);
  r.is_text[m] = text;
  if (text) r.text_columns.push_back(m);
  for (std::size_t q = 0; q < r.qids.size(); ++q) {
    if (text) r.texts[q].push_back(py::cast<std::string>(column[q]));
    else r.values[q][m] = number_of(column[q], part);
  }
}

ndcg::trec_result read_result(const py::dict& d, std::size_t part) {
  ndcg::trec_result r;
  r.names = py::cast<std::vector<std::string>>(field(d, measures_field, part));
  r.qids = py::cast<std::vector<std::string>>(field(d, qids_field, part));
  r.num_q = py::cast<std::size_t>(field(d, num_q_field, part));
  if (py::object id = maybe(d, run_id_field); !id.is_none()) r.run_id = py::cast<std::string>(id);
  const std::size_t width = r.names.size();
  r.is_text.assign(width, 0);
  r.values = ndcg::value_rows(r.qids.size(), width, std::numeric_limits<double>::quiet_NaN());
  r.texts.assign(r.qids.size(), {});
  r.mean.assign(width, std::numeric_limits<double>::quiet_NaN());
  const py::dict columns = dict_field(d, columns_field, part);
  const py::dict mean = dict_field(d, mean_field, part);
  for (std::size_t m = 0; m < width; ++m) {
    const py::str name(r.names[m]);
    if (!columns.contains(name)) continue;
    py::object column = columns[name];
    if (!PyList_Check(column.ptr()) && !PyTuple_Check(column.ptr())) refuse(part, "column " + r.names[m] + " is not a list");
    add_column(r, m, py::reinterpret_borrow<py::sequence>(column), part);
  }
  for (std::size_t m = 0; m < width; ++m) {
    const py::str name(r.names[m]);
    if (mean.contains(name) && r.names[m] != "runid") r.mean[m] = number_of(mean[name], part);
  }
  if (r.text_columns.empty()) r.texts.clear();
  return r;
}

// read_result, with a field of the wrong type refused as the others are.
ndcg::trec_result result_of(const py::dict& d, std::size_t part) {
  try {
    return read_result(d, part);
  } catch (const py::builtin_exception&) {
    refuse(part, "a field of the wrong type (measures and qids: lists of str, columns and mean: dicts, num_q: int)");
  }
}

// The summary-only flags (num_q, gm_map, runid) from the "summary_only" names.
void mark_summary_only(ndcg::trec_result& r, const py::dict& d) {
  r.summary_only.assign(r.names.size(), 0);
  py::object given = maybe(d, summary_only_field);
  if (given.is_none()) return;
  const auto names = py::cast<std::vector<std::string>>(given);
  for (std::size_t m = 0; m < r.names.size(); ++m)
    r.summary_only[m] = std::find(names.begin(), names.end(), r.names[m]) != names.end();
}

}  // namespace

py::dict merge_fields() {
  py::dict out;
  for (std::string_view name : required_fields) out[py::str(name.data(), name.size())] = true;
  for (std::string_view name : optional_fields) out[py::str(name.data(), name.size())] = false;
  return out;
}

py::dict result_fields() {
  auto list = [](const auto& fields) {
    py::list out;
    for (const ndcg::field_doc& f : fields) out.append(py::make_tuple(f.name, f.type, f.doc, f.when));
    return out;
  };
  py::dict out;
  out["trec_result"] = list(ndcg::trec_result_fields);
  out["compare_result"] = list(ndcg::compare_result_fields);
  out["explanation"] = list(ndcg::explanation_fields);
  return out;
}

namespace {

// A merge reads evaluations, not the runs' documents their ties need.
void refuse_tie_range(const ndcg::batch_settings& b) {
  if (b.tie_range)
    raise_error(ndcg::fail(ndcg::error_code::bad_input, "tie_range needs each run's documents, not its evaluation").in("options"));
}

}  // namespace

py::dict merge(const py::list& parts, const option_texts& options) {
  auto s = ndcg::settings_from(options, ndcg::command::trec);
  if (!s) raise_error(s.err());
  refuse_tie_range(s->batch);
  auto output = ndcg::trec_output_of(s->batch);
  if (!output) raise_error(output.err());
  std::vector<ndcg::trec_result> results;
  std::vector<std::string> texts;
  results.reserve(parts.size());
  texts.reserve(parts.size());
  std::vector<ndcg::merge_part> in(parts.size());
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (py::isinstance<py::bytes>(parts[i])) {
      texts.push_back(py::cast<std::string>(parts[i]));
      in[i].text = texts.back();
    } else if (py::isinstance<py::dict>(parts[i])) {
      results.push_back(result_of(py::cast<py::dict>(parts[i]), i));
      in[i].result = &results.back();
    } else {
      refuse(i, std::string("expected an evaluation or the text of `ndcg trec -q`, got ") + Py_TYPE(parts[i].ptr())->tp_name);
    }
  }
  auto merged = unlocked([&] {
    return ndcg::merge_trec(in);
  });
  return columns_evaluation_of(value_or_raise(merged), *output);  // the parts were read already
}

py::dict compare_parts(const py::list& runs, const std::optional<std::vector<std::string>>& judged,
                       const option_texts& options) {
  std::vector<ndcg::trec_result> results;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const py::dict run = py::cast<py::dict>(runs[i]);
    results.push_back(result_of(run, i));
    mark_summary_only(results.back(), run);
  }
  return compare_evaluated(results, judged ? &*judged : nullptr, options);
}

}  // namespace ndcg_python
