// -Z: z-scores against a mean file (see zscores.hpp).
#include "trec/results/zscores.hpp"

#include <algorithm>
#include <cmath>

#include "base/index_sort.hpp"
#include "parse/trec_lines.hpp"
#include "trec/trec_plan.hpp"

namespace ndcg::trec_detail {
namespace {

constexpr detail::layout zscore_layout{4, "qid measure mean stddev", 6, "a run"};

status read_value(const detail::field& f, std::size_t line, double& v) {
  if (auto s = detail::parse_number(f.text, v); s != detail::number_status::ok)
    return detail::bad_number("a number", f, line, s);
  return done{};
}

bool before(const zscore_line& a, std::string_view qid, std::string_view measure) {
  return a.qid != qid ? a.qid < qid : a.measure < measure;
}

double converted(const zscore_table& z, std::string_view qid, std::string_view measure, double v) {
  const auto at = std::lower_bound(z.lines.begin(), z.lines.end(), 0,
                                   [&](const zscore_line& l, int) { return before(l, qid, measure); });
  if (at == z.lines.end() || at->qid != qid || at->measure != measure) return missing_zscore;
  if (at->stddev != 0) return (v - at->mean) / at->stddev;
  return v == at->mean ? 0.0 : missing_zscore;
}

}  // namespace

expected<zscore_table> read_zscores(std::string_view text) {
  zscore_table z;
  const status read = detail::for_each_record(text, limits{}, zscore_layout,
                                              [&](std::size_t line, const detail::field* f) -> status {
                                                zscore_line l{f[0].text, f[1].text, 0, 0};
                                                if (auto ok = read_value(f[2], line, l.mean); !ok) return ok;
                                                if (auto ok = read_value(f[3], line, l.stddev); !ok) return ok;
                                                z.lines.push_back(l);
                                                return done{};
                                              });
  if (!read) return read.err();
  std::vector<std::size_t> order(z.lines.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  detail::sort_indices(order, [&](std::size_t a, std::size_t b) {
    return before(z.lines[a], z.lines[b].qid, z.lines[b].measure);
  });
  std::vector<zscore_line> sorted;
  for (std::size_t i : order) sorted.push_back(z.lines[i]);
  z.lines.swap(sorted);
  return z;
}

void apply_zscores(const zscore_table& z, trec_result& r) {
  for (std::size_t q = 0; q < r.qids.size(); ++q)
    for (std::size_t m = 0; m < r.names.size(); ++m) {
      if (r.is_text[m] || r.names[m] == "num_q" || r.names[m] == "runid") continue;
      double& v = r.values[q][m];
      if (std::isnan(v) && !is_trec_nan(v)) continue;
      if (r.geometric[m] == 1) v = std::log(std::max(v, min_geo_mean));
      v = converted(z, r.qids[q], r.names[m], v);
    }
  for (char& g : r.geometric)
    if (g == 1) g = 2;
}

void name_zscores(trec_result& r) {
  r.zscores = true;
  for (std::size_t m = 0; m < r.names.size(); ++m) {
    if (r.is_text[m] || r.names[m] == "runid") continue;
    r.names[m].insert(0, 1, 'Z');
    r.is_count[m] = 0;
  }
}

}  // namespace ndcg::trec_detail
