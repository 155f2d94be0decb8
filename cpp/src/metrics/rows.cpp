// DCG of many rows at once (metrics.hpp): one sort per row, on several threads.
#include "ndcg/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <thread>

#include "metrics/metrics_detail.hpp"

namespace ndcg {
namespace {

struct scored {
  double score;
  double label;
};

struct row_work {
  std::vector<scored> items;
  std::vector<double> gains;
};

bool higher(const scored& a, const scored& b) { return a.score > b.score; }

double sum_to_depth(const std::vector<double>& gains, std::size_t depth, const discount_table& d) {
  double total = 0;
  for (std::size_t i = 0; i < depth; ++i) total += gains[i] / d.at(i + 1);
  return total;
}

// Orders the items so that the first `depth` positions are the ranking's,
// and returns how many leading items are in order: the ones above the
// depth-th score sorted, then every item that ties with it (its whole tied
// group, as averaging needs). Items further down never count.
std::size_t rank_top(std::vector<scored>& items, std::size_t depth) {
  if (depth >= items.size()) {
    std::sort(items.begin(), items.end(), higher);
    return items.size();
  }
  const auto nth = items.begin() + static_cast<std::ptrdiff_t>(depth - 1);
  std::nth_element(items.begin(), nth, items.end(), higher);
  const double cut = nth->score;
  const auto above = std::partition(items.begin(), items.end(), [cut](const scored& s) { return s.score > cut; });
  const auto tied = std::partition(above, items.end(), [cut](const scored& s) { return s.score == cut; });
  std::sort(items.begin(), above, higher);
  return static_cast<std::size_t>(tied - items.begin());
}

// Labels that are small whole numbers (the usual grades) are counted, not
// sorted: the same gains in the same order, so the same sum to the bit.
bool counted_ideal(const double* labels, const row_matrix& m, std::vector<double>& gains) {
  constexpr std::size_t grades = 32;
  std::size_t count[grades] = {};
  for (std::size_t i = 0; i < m.cols; ++i) {
    const double l = labels[i];
    if (!(l >= 0 && l < grades) || l != static_cast<double>(static_cast<std::size_t>(l))) return false;
    ++count[static_cast<std::size_t>(l)];
  }
  gains.clear();
  for (std::size_t g = grades; g-- > 0 && gains.size() < m.depth;)
    gains.insert(gains.end(), std::min(count[g], m.depth - gains.size()), static_cast<double>(g));
  return true;
}

double ideal_of(const double* labels, const row_matrix& m, const discount_table& d, std::vector<double>& gains) {
  if (counted_ideal(labels, m, gains)) return sum_to_depth(gains, m.depth, d);
  gains.assign(labels, labels + m.cols);
  const auto top = gains.begin() + static_cast<std::ptrdiff_t>(m.depth);
  if (m.depth < m.cols) std::nth_element(gains.begin(), top - 1, gains.end(), std::greater<double>());
  std::sort(gains.begin(), top, std::greater<double>());
  return sum_to_depth(gains, m.depth, d);
}

void one_row(const row_matrix& m, std::size_t r, const discount_table& d, row_work& w, row_sums& out) {
  if (m.depth == 0) return;  // nothing counts: every sum is 0
  const double* labels = m.labels + r * m.cols;
  const double* scores = m.scores + r * m.cols;
  w.items.resize(m.cols);
  // A NaN would break the ordering: it goes last (the Python layer refuses it before).
  for (std::size_t i = 0; i < m.cols; ++i)
    w.items[i] = {std::isnan(scores[i]) ? -std::numeric_limits<double>::infinity() : scores[i], labels[i]};
  const std::size_t ranked = rank_top(w.items, m.depth);
  w.gains.resize(ranked);
  for (std::size_t i = 0; i < ranked; ++i) w.gains[i] = w.items[i].label;
  const auto tie = [&](std::size_t a, std::size_t b) { return w.items[a].score == w.items[b].score; };
  if (m.average_ties) {
    detail::average_tied(ranked, [&](std::size_t i) -> double& { return w.gains[i]; }, tie);
  } else {
    for (std::size_t i = 1; i < ranked && !out.tied[r]; ++i) out.tied[r] = tie(i - 1, i) && w.gains[i - 1] != w.gains[i];
  }
  out.dcg[r] = sum_to_depth(w.gains, m.depth, d);
  if (!m.with_ideal) return;
  out.ideal[r] = ideal_of(labels, m, d, w.gains);
  out.ndcg[r] = out.ideal[r] != 0 ? out.dcg[r] / out.ideal[r] : 0.0;
}

void rows_from(const row_matrix& m, std::size_t first, std::size_t last, const discount_table& d, row_sums& out) {
  row_work w;
  for (std::size_t r = first; r < last; ++r) one_row(m, r, d, w, out);
}

}  // namespace

row_sums dcg_of_rows(const row_matrix& m, unsigned threads) {
  row_sums out;
  out.dcg.resize(m.rows);
  out.ideal.resize(m.rows);
  out.ndcg.resize(m.rows);
  out.tied.assign(m.rows, 0);
  discount_table d(m.log_base);
  d.reserve(std::max<std::size_t>(m.depth, 1));
#ifdef __EMSCRIPTEN__
  threads = 1;
#endif
  const std::size_t parts = std::max<std::size_t>(1, std::min<std::size_t>(threads, m.rows * m.cols / 50000 + 1));
  const auto share = [&](std::size_t t) { return m.rows * t / parts; };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < parts; ++t) pool.emplace_back([&, t] { rows_from(m, share(t), share(t + 1), d, out); });
  rows_from(m, 0, share(1), d, out);
  for (std::thread& t : pool) t.join();
  return out;
}

}  // namespace ndcg
