// The Python extension ndcg_calc._core: registrations only. Each entry
// point converts its arguments, calls the core and converts the result
// (convert.hpp); python/ndcg_calc/ is the Python layer over it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "arrays.hpp"
#include "convert.hpp"
#include "merge.hpp"
#include "rows.hpp"
#include "ndcg/compare.hpp"

namespace py = pybind11;
using namespace ndcg_python;

PYBIND11_MODULE(_core, m) {
  m.doc() = "The ndcg-calc core: explain, evaluate and compare (use the ndcg_calc package)";
  use_error_class(py::module_::import("ndcg_calc._impl.errors").attr("NdcgError"));
  ndcg::read_json_rankings();

  py::class_<explained>(m, "Explained")
      .def("fields", &explained::fields)
      .def("render", &explained::render, py::arg("format"));

  m.def("explain_text", &explain_text, py::arg("text"), py::arg("judgments"), py::arg("options"));
  m.def("explain_grades", &explain_grades, py::arg("grades"), py::arg("judgments"), py::arg("options"));
  m.def("evaluate", &evaluate, py::arg("qrels"), py::arg("run"), py::arg("run_is_path"), py::arg("has_run"),
        py::arg("subtopics"), py::arg("group"), py::arg("options"));
  py::class_<ndcg::judged_index>(m, "Judgments")
      .def(py::init(&read_judgments), py::arg("qrels"), py::arg("options"))
      .def(py::init(&judgments_of_columns), py::arg("columns"), py::arg("kind"), py::arg("options"))
      .def("evaluate", &evaluate_on, py::arg("run"), py::arg("run_is_path"), py::arg("options"), py::arg("threads"))
      .def("evaluate_columns", &evaluate_columns_on, py::arg("run"), py::arg("kind"), py::arg("options"),
           py::arg("threads"));
  m.def("compare", &compare, py::arg("qrels"), py::arg("runs"), py::arg("group"), py::arg("options"));

  m.def("evaluate_arrays", &evaluate_arrays, py::arg("labels"), py::arg("scores"), py::arg("sizes"), py::arg("qids"),
        py::arg("options"), py::arg("threads"));
  m.def("evaluate_columns", &evaluate_columns, py::arg("qrels"), py::arg("run"), py::arg("zscores"), py::arg("kind"),
        py::arg("options"), py::arg("threads"), py::arg("columns") = false);
  m.def("compare_columns", &compare_columns, py::arg("qrels"), py::arg("runs"), py::arg("kind"), py::arg("options"),
        py::arg("threads"));
  m.def("column_roles", &column_roles, py::arg("names"), py::arg("use"));
  m.def("id_codes", &id_codes, py::arg("ids"));
  m.def("number_texts", &number_texts, py::arg("numbers"));
  m.def("evaluate_dicts", &evaluate_dicts, py::arg("qrels"), py::arg("run"), py::arg("options"), py::arg("threads"));
  m.def("dcg_rows", &dcg_rows, py::arg("labels"), py::arg("scores"), py::arg("cols"), py::arg("depth"),
        py::arg("log_base"), py::arg("average_ties"), py::arg("with_ideal"), py::arg("threads"));
  m.def("merge", &merge, py::arg("parts"), py::arg("options"));
  m.def("compare_results", &compare_parts, py::arg("runs"), py::arg("judged"), py::arg("options"));
  m.attr("MERGE_FIELDS") = merge_fields();
  m.attr("RESULT_FIELDS") = result_fields();
  m.def("nested_text", &nested_text, py::arg("nested"), py::arg("run"), py::arg("source"));
  m.def("run_dict", &run_dict, py::arg("text"));
  m.def("qrels_dict", &qrels_dict, py::arg("text"));

  m.attr("MIN_INTERVAL_QUERIES") = ndcg::min_interval_queries;
  m.def("option_schema", &option_schema);
  m.def("compare_option_schema", &compare_option_schema);
  m.def("trec_option_schema", &trec_option_schema);
  m.def("error_codes", &error_codes);
  m.def("presets", &preset_list);
  m.def("measure_tables", &measure_tables);
  m.def("describe_measure", &describe_measure, py::arg("name"));
}
