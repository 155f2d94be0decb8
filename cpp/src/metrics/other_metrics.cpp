#include "metrics/other_metrics.hpp"

#include "base/hash_table.hpp"
#include "base/log2.hpp"

#include <algorithm>
#include <cmath>
#include <queue>
#include <string>

namespace ndcg::detail {
namespace {

bool relevant(double grade, const options& opt) { return grade >= opt.relevance_level; }

// Relevant items overall: from the judgments when given, else the list.
std::size_t total_relevant(const std::vector<ranked>& list, const options& opt,
                           const std::vector<item>* judgments) {
  std::size_t count = 0;
  if (judgments) {
    for (const item& j : *judgments) count += relevant(j.grade, opt);
  } else {
    for (const ranked& r : list) count += relevant(r.grade, opt);
  }
  return count;
}

void precision_family(const std::vector<ranked>& list, std::size_t depth, const options& opt,
                      std::size_t all_relevant, other_metrics& m) {
  std::size_t hits = 0;
  double precision_sum = 0;
  for (std::size_t i = 0; i < depth; ++i) {
    m.cg += std::max(list[i].grade, 0.0);
    if (!relevant(list[i].grade, opt)) continue;
    ++hits;
    precision_sum += static_cast<double>(hits) / static_cast<double>(i + 1);
    if (m.reciprocal_rank == 0) m.reciprocal_rank = 1.0 / static_cast<double>(i + 1);
  }
  double denominator = opt.k == 0 ? static_cast<double>(list.size()) : static_cast<double>(opt.k);
  m.precision = denominator > 0 ? static_cast<double>(hits) / denominator : 0.0;
  if (all_relevant) {
    m.recall = static_cast<double>(hits) / static_cast<double>(all_relevant);
    m.average_precision = precision_sum / static_cast<double>(all_relevant);
  }
}

double largest_grade(const std::vector<ranked>& list, const std::vector<item>* judgments) {
  double top = 0;
  for (const ranked& r : list) top = std::max(top, r.grade);
  if (judgments)
    for (const item& j : *judgments) top = std::max(top, j.grade);
  return top;
}

double subtopic_gain(const std::vector<std::string>& subtopics,
                     const text_counts& seen, double alpha) {
  double gain = 0;
  for (const std::string& s : subtopics) gain += std::pow(1.0 - alpha, seen.count(s));
  return gain;
}

void alpha_family(const std::vector<ranked>& list, std::size_t depth, const options& opt,
                  const std::vector<item>* judgments, other_metrics& m) {
  handle_table judged;  // indexes of *judgments, the first of each id
  bool judged_subtopics = false;
  if (judgments)
    for (std::size_t j = 0; j < judgments->size(); ++j) {
      add_index(judged, *judgments, (*judgments)[j].id, j);
      judged_subtopics = judged_subtopics || !(*judgments)[j].subtopics.empty();
    }
  static const std::vector<std::string> none;
  std::vector<const std::vector<std::string>*> order(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    const item& it = *list[i].source;
    const std::uint32_t found = judged_subtopics ? index_of(judged, *judgments, it.id) : handle_table::none;
    order[i] = found != handle_table::none ? &(*judgments)[found].subtopics : judged_subtopics ? &none : &it.subtopics;
    m.has_alpha = m.has_alpha || !order[i]->empty();
  }
  if (!m.has_alpha && !judged_subtopics) return;
  m.has_alpha = true;
  std::vector<const std::vector<std::string>*> pool = order;
  if (judged_subtopics) {
    pool.clear();
    for (const item& j : *judgments) pool.push_back(&j.subtopics);
  }
  std::size_t ideal_depth = opt.k == 0 || opt.k >= pool.size() ? pool.size() : static_cast<std::size_t>(opt.k);
  m.alpha_dcg = alpha_dcg(order, depth, opt.alpha);
  m.alpha_idcg = alpha_dcg(alpha_ideal(pool, ideal_depth, opt.alpha), ideal_depth, opt.alpha);
  m.alpha_ndcg = m.alpha_idcg > 0 ? m.alpha_dcg / m.alpha_idcg : 0.0;
}

}  // namespace

double expected_reciprocal_rank(const std::vector<double>& grades, std::size_t depth, double g_max) {
  if (!(g_max > 0)) return 0.0;
  const double scale = std::exp2(g_max);
  double err = 0, not_stopped = 1;
  for (std::size_t r = 0; r < depth && r < grades.size(); ++r) {
    double stop = std::clamp((std::exp2(std::max(grades[r], 0.0)) - 1.0) / scale, 0.0, 1.0);
    err += not_stopped * stop / static_cast<double>(r + 1);
    not_stopped *= 1.0 - stop;
  }
  return err;
}

double alpha_dcg(const std::vector<const std::vector<std::string>*>& order, std::size_t depth,
                 double alpha) {
  text_counts seen;
  double total = 0;
  for (std::size_t j = 0; j < depth && j < order.size(); ++j) {
    total += subtopic_gain(*order[j], seen, alpha) / detail::log2_exact(static_cast<double>(j) + 2.0);
    for (const std::string& s : *order[j]) seen.add(s);
  }
  return total;
}

std::vector<const std::vector<std::string>*> alpha_ideal(
    const std::vector<const std::vector<std::string>*>& pool, std::size_t depth, double alpha) {
  // Lazy greedy: marginal gains only shrink as subtopics are covered, so a
  // stale gain is an upper bound and only the top candidate needs a refresh.
  struct candidate {
    double gain;
    std::size_t index;
    bool operator<(const candidate& o) const {
      return gain != o.gain ? gain < o.gain : index > o.index;
    }
  };
  text_counts seen;
  std::priority_queue<candidate> heap;
  for (std::size_t i = 0; i < pool.size(); ++i) heap.push({subtopic_gain(*pool[i], seen, alpha), i});
  std::vector<const std::vector<std::string>*> ideal;
  while (ideal.size() < depth && !heap.empty()) {
    candidate top = heap.top();
    heap.pop();
    top.gain = subtopic_gain(*pool[top.index], seen, alpha);
    if (!heap.empty() && top < heap.top()) {
      heap.push(top);
      continue;
    }
    ideal.push_back(pool[top.index]);
    for (const std::string& s : *pool[top.index]) seen.add(s);
  }
  return ideal;
}

other_metrics other_metrics_of(const std::vector<ranked>& list, std::size_t depth,
                               const options& opt, const std::vector<item>* judgments) {
  other_metrics m;
  precision_family(list, depth, opt, total_relevant(list, opt, judgments), m);
  std::vector<double> grades(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) grades[i] = list[i].grade;
  double g_max = opt.err_max_grade > 0 ? opt.err_max_grade : largest_grade(list, judgments);
  m.err = expected_reciprocal_rank(grades, depth, g_max);
  alpha_family(list, depth, opt, judgments, m);
  return m;
}

}  // namespace ndcg::detail
