// ndcg::dcg_of_rows over two float64 buffers (rows.hpp).
#include "rows.hpp"

#include <thread>

#include "ndcg/rows.hpp"

namespace ndcg_python {
namespace {

const double* doubles_of(const py::buffer_info& b, const char* source, std::size_t size) {
  const std::string f = b.format;
  const bool is_double = f == "d" || f == "<d" || f == "=d" || f == "@d";
  if (b.ndim != 1 || !is_double || b.strides[0] != static_cast<py::ssize_t>(sizeof(double)) ||
      static_cast<std::size_t>(b.shape[0]) != size)
    raise_error(ndcg::fail(ndcg::error_code::bad_type, std::string(source) + ": expected " + std::to_string(size) +
                                                           " contiguous float64 values")
                    .in(source)
                    .with("expected", "contiguous float64"));
  return static_cast<const double*>(b.ptr);
}

template <class T>
py::bytes bytes_of(const std::vector<T>& v) {
  return py::bytes(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

}  // namespace

py::dict dcg_rows(const py::buffer& labels, const py::buffer& scores, std::size_t cols, std::size_t depth,
                  double log_base, bool average_ties, bool with_ideal, int threads) {
  const py::buffer_info l = labels.request(), s = scores.request();
  ndcg::row_matrix m;
  m.cols = cols;
  m.rows = cols ? static_cast<std::size_t>(l.shape[0]) / cols : 0;
  m.labels = doubles_of(l, "labels", m.rows * cols);
  m.scores = doubles_of(s, "scores", m.rows * cols);
  m.depth = std::min(depth, cols);
  m.log_base = log_base;
  m.average_ties = average_ties;
  m.with_ideal = with_ideal;
  const unsigned wanted = threads > 0 ? static_cast<unsigned>(threads) : std::max(1u, std::thread::hardware_concurrency());
  ndcg::row_sums out;
  {
    py::gil_scoped_release unlocked;
    out = ndcg::dcg_of_rows(m, wanted);
  }
  py::dict d;
  d["dcg"] = bytes_of(out.dcg);
  d["ideal"] = bytes_of(out.ideal);
  d["ndcg"] = bytes_of(out.ndcg);
  d["tied"] = bytes_of(out.tied);
  return d;
}

}  // namespace ndcg_python
