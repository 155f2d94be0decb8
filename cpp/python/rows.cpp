// ndcg::dcg_of_rows over two buffers of numbers, read as arrays.cpp reads them (metrics.hpp).
#include "rows.hpp"

#include "arrays.hpp"

#include "ndcg/metrics.hpp"

namespace ndcg_python {
namespace {

template <class T>
py::bytes bytes_of(const std::vector<T>& v) {
  return py::bytes(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

}  // namespace

py::dict dcg_rows(const py::buffer& labels, const py::buffer& scores, std::size_t cols, std::size_t depth,
                  double log_base, bool average_ties, bool with_ideal, int threads) {
  doubles l, s;
  read_doubles(labels, "labels", l);
  read_doubles(scores, "scores", s);
  if (s.size != l.size || (cols && l.size % cols))
    raise_error(ndcg::fail(ndcg::error_code::bad_type, "labels and scores: expected rows of " + std::to_string(cols) +
                                                           " values each, got " + std::to_string(l.size) + " and " +
                                                           std::to_string(s.size))
                    .in("scores")
                    .with("expected", "rows of equal length"));
  ndcg::row_matrix m;
  m.cols = cols;
  m.rows = cols ? l.size / cols : 0;
  m.labels = l.data;
  m.scores = s.data;
  m.depth = std::min(depth, cols);
  m.log_base = log_base;
  m.average_ties = average_ties;
  m.with_ideal = with_ideal;
  ndcg::row_sums out;
  {
    py::gil_scoped_release unlocked;
    out = ndcg::dcg_of_rows(m, threads_of(threads));
  }
  py::dict d;
  d["dcg"] = bytes_of(out.dcg);
  d["ideal"] = bytes_of(out.ideal);
  d["ndcg"] = bytes_of(out.ndcg);
  d["tied"] = bytes_of(out.tied);
  return d;
}

}  // namespace ndcg_python
