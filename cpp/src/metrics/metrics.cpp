// NDCG@K explained: ordering, gains, discounts, the ideal list, the curve.
#include "ndcg/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>

#include "base/big_memory.hpp"
#include "base/hash_table.hpp"
#include "base/index_sort.hpp"
#include "base/log2.hpp"
#include "metrics/metrics_detail.hpp"
#include "metrics/other_metrics.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/option_table.hpp"

namespace ndcg {
namespace {

// An error about one item, placed at its line and column (when it has
// them) in its input: "ranking", or "judgments" for a judged grade.
error at_item(error e, const item& it, const char* source) {
  e.line = it.line;
  e.column = it.line ? std::max<std::size_t>(it.column, 1) : 0;
  return e.in(source);
}

error with_grade(error_code code, const std::string& message, double grade) {
  return fail(code, message).with("found", shortest(grade));
}

// A ranked row before it becomes a step: the item and its gain.
// The pointer beside the flag: 32 bytes in wasm32, 40 natively.
struct row {
  double grade;
  double own_gain;  // gain(grade)
  double gain;      // what the row scores: own_gain, or its tied group's mean
  const item* source;
  bool judged = true;  // false: judgments were given and hold no grade for it (grade 0)
};

// Applies the grade conventions (truncation, limits, negatives) to one
// grade; errors are not yet placed (see at_item).
expected<double> checked_grade(double grade, const options& opt) {
  if (!std::isfinite(grade)) return with_grade(error_code::not_a_number, "grade is not a finite number: " + shortest(grade), grade);
  if (opt.truncate_grades) grade = std::trunc(grade);
  if (opt.integer_grades && grade != std::floor(grade))
    return with_grade(error_code::not_whole, "grade " + shortest(grade) + " is not a whole number (this convention takes integer labels only)", grade);
  if (opt.max_grade > 0 && grade > opt.max_grade)
    return with_grade(error_code::out_of_range, "grade " + shortest(grade) + " is above the largest allowed grade " + shortest(opt.max_grade), grade)
        .with("min", "")
        .with("max", shortest(opt.max_grade));
  if (grade < 0 && opt.negatives == negative_policy::reject)
    return with_grade(error_code::out_of_range, "grade " + shortest(grade) + " is negative; negative grades are not allowed here (choose negatives zero or drop)", grade)
        .with("min", "0")
        .with("max", "");
  return grade;
}

// The checked grade and its gain, or the error placed at the item.
expected<double> checked_gain(const item& place, const char* source, double grade, const options& opt) {
  auto gain = gain_of(grade, opt);
  if (!gain) return at_item(gain.err(), place, source);
  return *gain;
}

double gain_or_zero(double grade, double gain, const options& opt) {
  return grade < 0 && opt.negatives != negative_policy::reject ? 0.0 : gain;
}

// Grades of the ranking's items, from the items or looked up in judgments.
// An error about a judged grade points at its line in the judgments.
expected<std::vector<row>> grade_rows(const std::vector<item>& ranking, const options& opt,
                                      const std::vector<item>* judgments) {
  detail::handle_table judged;  // indexes of *judgments, the first of each id
  if (judgments)
    for (std::size_t j = 0; j < judgments->size(); ++j) detail::add_index(judged, *judgments, (*judgments)[j].id, j);
  std::vector<row> rows;
  detail::reserve_huge(rows, ranking.size());
  for (const item& it : ranking) {
    double grade = it.grade;
    const item* graded_by = nullptr;  // the judgment the grade came from
    if (judgments) {
      if (!it.has_id) {
        return at_item(fail(error_code::no_ids, "judgments need document ids in the ranking, but this item has none"), it,
                       "ranking");
      }
      const std::uint32_t found = detail::index_of(judged, *judgments, it.id);
      graded_by = found == detail::handle_table::none ? nullptr : &(*judgments)[found];
      grade = graded_by ? graded_by->grade : 0.0;
    }
    const item& place = graded_by ? *graded_by : it;
    const char* source = graded_by ? "judgments" : "ranking";
    auto checked = checked_grade(grade, opt);
    if (!checked) return at_item(checked.err(), place, source);
    if (*checked < 0 && opt.negatives == negative_policy::drop) continue;
    auto gain = checked_gain(place, source, *checked < 0 ? 0.0 : *checked, opt);
    if (!gain) return gain.err();
    double g = gain_or_zero(*checked, *gain, opt);
    rows.push_back({*checked, g, g, &it, !judgments || graded_by != nullptr});
  }
  return rows;
}

bool scores_tie(const row& a, const row& b, const options& opt) {
  return detail::comparable_score(a.source->score, opt) == detail::comparable_score(b.source->score, opt);
}

// Orders rows by score, highest first, under the tie policy. Rankings
// without scores keep their input order.
// The order of both stable sorts: by score (scores_of set) or by gain,
// largest first.
struct row_order {
  const options* scores_of = nullptr;
  bool operator()(const row& a, const row& b) const {
    if (!scores_of) return a.gain > b.gain;
    double sa = detail::comparable_score(a.source->score, *scores_of), sb = detail::comparable_score(b.source->score, *scores_of);
    if (sa != sb) return sa > sb;
    if (scores_of->ties == tie_policy::trec) return std::strcmp(a.source->id.c_str(), b.source->id.c_str()) > 0;
    return false;
  }
};

// A stable sort through the one index sort (index_sort.hpp): equal rows
// keep their input order because the position is the last key. The module
// then carries no std::stable_sort (about 4 KB of wasm).
void stable_order(std::vector<row>& rows, const row_order& order) {
  std::vector<std::size_t> at(rows.size());
  for (std::size_t i = 0; i < at.size(); ++i) at[i] = i;
  detail::sort_indices(at, [&](std::size_t a, std::size_t b) {
    return order(rows[a], rows[b]) || (!order(rows[b], rows[a]) && a < b);
  });
  std::vector<row> sorted;
  sorted.reserve(rows.size());
  for (std::size_t i : at) sorted.push_back(rows[i]);
  rows.swap(sorted);
}

void order_by_score(std::vector<row>& rows, const options& opt) {
  bool scored = !rows.empty() &&
                std::all_of(rows.begin(), rows.end(), [](const row& r) { return r.source->has_score; });
  if (!scored) return;
  stable_order(rows, row_order{&opt});
}

// Under tie_policy::average, every item of a tied group scores the
// group's mean gain.
void average_tied_gains(std::vector<row>& rows, const options& opt) {
  if (opt.ties != tie_policy::average || rows.empty() || !rows.front().source->has_score) return;
  detail::average_tied(
      rows.size(), [&](std::size_t i) -> double& { return rows[i].gain; },
      [&](std::size_t a, std::size_t b) { return scores_tie(rows[a], rows[b], opt); });
}

double weight_at(std::size_t position, const options& opt) {
  return position <= opt.weights.size() ? opt.weights[position - 1] : 1.0;
}

std::vector<step> make_steps(const std::vector<row>& rows, std::size_t depth,
                             const discount_table& discounts, const options& opt) {
  std::vector<step> steps(depth);
  double total = 0;
  for (std::size_t i = 0; i < depth; ++i) {
    step& s = steps[i];
    s.position = i + 1;
    s.has_id = rows[i].source && rows[i].source->has_id;
    if (s.has_id) s.id = rows[i].source->id;
    s.judged = rows[i].judged;
    s.rel = rows[i].grade;
    s.gain = rows[i].gain;
    s.discount = discounts.at(i + 1);
    s.weight = weight_at(i + 1, opt);
    s.contribution = s.weight * s.gain / s.discount;
    total += s.contribution;
    s.cumulative = total;
  }
  return steps;
}

// A row as the ideal holds it: only a positive gain has a place there, and
// the ideal ranks by each row's own gain (tie averaging is about the
// ranking only).
bool in_ideal(const row& r) { return r.own_gain > 0; }
row as_ideal(row r) {
  r.gain = r.own_gain;
  return r;
}

// The ideal order of rows with more distinct gains than ideal_rows counts.
std::vector<row> sorted_ideal(const std::vector<row>& from) {
  std::vector<row> ideal;
  for (const row& r : from)
    if (in_ideal(r)) ideal.push_back(as_ideal(r));
  stable_order(ideal, row_order{});
  return ideal;
}

// The ideal order: every row with a positive gain, largest gain first,
// equal gains in input order (the stable sort's order). When the rows hold
// at most 16 distinct gains, as graded labels do, each is placed by
// counting straight from `from`: no copy of the whole list and no n log n
// comparisons on a long one.
std::vector<row> ideal_rows(const std::vector<row>& from) {
  constexpr std::size_t most = 16;
  double gains[most];
  std::size_t distinct = 0, count[most] = {};
  for (const row& r : from) {
    if (!in_ideal(r)) continue;
    std::size_t g = 0;
    while (g < distinct && gains[g] != r.own_gain) ++g;
    if (g == most) return sorted_ideal(from);
    if (g == distinct) gains[distinct++] = r.own_gain;
    ++count[g];
  }
  // A gain's rows start after those of every larger gain.
  std::size_t start[most] = {}, total = 0;
  for (std::size_t a = 0; a < distinct; ++a) {
    total += count[a];
    for (std::size_t b = 0; b < distinct; ++b)
      if (gains[b] > gains[a]) start[a] += count[b];
  }
  std::vector<row> ideal;
  detail::reserve_huge(ideal, total);
  ideal.resize(total);
  for (const row& r : from) {
    if (!in_ideal(r)) continue;
    std::size_t g = 0;
    while (gains[g] != r.own_gain) ++g;
    ideal[start[g]++] = as_ideal(r);
  }
  return ideal;
}

expected<std::vector<row>> judged_pool(const std::vector<item>& judgments, const options& opt) {
  std::vector<row> pool;
  pool.reserve(judgments.size());
  for (const item& j : judgments) {
    auto checked = checked_grade(j.grade, opt);
    if (!checked) return at_item(checked.err(), j, "judgments");
    if (*checked < 0) continue;  // judged negative: never part of the ideal
    auto gain = checked_gain(j, "judgments", *checked, opt);
    if (!gain) return gain.err();
    pool.push_back({*checked, *gain, *gain, &j});
  }
  return pool;
}

void release(std::vector<row>& rows) { std::vector<row>().swap(rows); }

std::size_t cut(std::size_t n, std::uint64_t k) { return k == 0 || k >= n ? n : static_cast<std::size_t>(k); }

double sum_to(const std::vector<row>& rows, std::size_t depth, const discount_table& d,
              const options& opt) {
  double total = 0;
  for (std::size_t i = 0; i < depth; ++i) total += weight_at(i + 1, opt) * rows[i].gain / d.at(i + 1);
  return total;
}

// NDCG@k for every k = 1..n, from running sums of both lists. Discounts
// past the table's (the cut's) are computed, not kept: a table of a long
// list's every position would be 8 bytes an item.
std::vector<double> ndcg_curve(const std::vector<row>& rows, const std::vector<row>& ideal,
                               const discount_table& d, const options& opt) {
  std::vector<double> curve;
  detail::reserve_huge(curve, rows.size());
  curve.resize(rows.size());
  double dcg = 0, idcg = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const double discount = i < d.size() ? d.at(i + 1) : d.of(i + 1);
    dcg += weight_at(i + 1, opt) * rows[i].gain / discount;
    if (i < ideal.size()) idcg += weight_at(i + 1, opt) * ideal[i].gain / discount;
    curve[i] = detail::ndcg_of(dcg, idcg, opt.zero_idcg);
  }
  return curve;
}

// DCG with every group of tied rows in its worst (best = false) or best
// order. Within a group the gains are paired with the group's position
// factors w_i / d_i (0 beyond the cutoff): largest with largest is the
// best order, largest with smallest the worst (the rearrangement
// inequality; with plain discounts, larger gains first). An item alone
// adds its term as make_steps does, so with no ties both equal the DCG to
// the last bit.
double tied_order_dcg(const std::vector<row>& rows, std::size_t depth, const discount_table& d,
                      const options& opt, bool best) {
  const bool scored = std::all_of(rows.begin(), rows.end(), [](const row& r) { return r.source->has_score; });
  std::vector<double> gains, factors;
  double total = 0;
  for (std::size_t i = 0; i < rows.size();) {
    std::size_t j = i + 1;
    while (scored && j < rows.size() && scores_tie(rows[i], rows[j], opt)) ++j;
    if (j == i + 1) {
      if (i < depth) total += weight_at(i + 1, opt) * rows[i].own_gain / d.at(i + 1);
      i = j;
      continue;
    }
    gains.clear();
    factors.clear();
    for (std::size_t p = i; p < j; ++p) {
      gains.push_back(rows[p].own_gain);
      factors.push_back(p < depth ? weight_at(p + 1, opt) / d.at(p + 1) : 0.0);
    }
    detail::sort_values(gains);
    detail::sort_values(factors);
    for (std::size_t t = 0; t < gains.size(); ++t) total += gains[best ? t : gains.size() - 1 - t] * factors[t];
    i = j;
  }
  return total;
}

std::vector<double> position_loss(const std::vector<step>& steps, const std::vector<step>& ideal) {
  std::vector<double> loss(steps.size());
  for (std::size_t i = 0; i < steps.size(); ++i)
    loss[i] = (i < ideal.size() ? ideal[i].contribution : 0.0) - steps[i].contribution;
  return loss;
}

// True when the top K follows the ideal order: each position's gain is the
// ideal's at that position (a missing row counts as 0). Decided by the order
// itself, not by DCG = IDCG, which two different orders can round to.
bool follows_ideal(const std::vector<step>& steps, const std::vector<step>& ideal) {
  auto gain_at = [](const std::vector<step>& s, std::size_t i) { return i < s.size() ? s[i].gain : 0.0; };
  for (std::size_t i = 0; i < std::max(steps.size(), ideal.size()); ++i)
    if (gain_at(steps, i) != gain_at(ideal, i)) return false;
  return true;
}

// The judged items with a gain that the ranking does not hold, largest gain
// first (judged_ideal's order): what a candidate pool missed.
std::vector<std::string> missed_items(const std::vector<item>& ranking, const std::vector<row>& judged_ideal) {
  detail::handle_table retrieved;
  retrieved.reset(ranking.size());
  for (std::size_t i = 0; i < ranking.size(); ++i) detail::add_index(retrieved, ranking, ranking[i].id, i);
  std::vector<std::string> out;
  for (const row& r : judged_ideal)
    if (r.gain > 0 && detail::index_of(retrieved, ranking, r.source->id) == detail::handle_table::none)
      out.push_back(r.source->id);
  return out;
}

}  // namespace

// log2_exact: the command and the wasm module must print the same bits.
discount_table::discount_table(double log_base)
    : base_(log_base), scale_(log_base == 2.0 ? 1.0 : detail::log2_exact(log_base)) {}

double discount_table::of(std::size_t position) const {
  return detail::log2_exact(static_cast<double>(position) + 1.0) / scale_;
}

void discount_table::reserve(std::size_t n) {
  // Doubling: the batch evaluator's table grows query by query.
  if (n > table_.capacity()) detail::reserve_huge(table_, std::max(n, 2 * table_.capacity()));
  for (std::size_t i = table_.size() + 1; i <= n; ++i) table_.push_back(of(i));
}

expected<double> gain_of(double grade, const options& opt) {
  if (!std::isfinite(grade)) return with_grade(error_code::not_a_number, "grade is not a finite number: " + shortest(grade), grade);
  double gain = grade;
  if (opt.gain == gain_kind::exponential) {
    gain = std::exp2(grade) - 1.0;
  } else if (opt.gain == gain_kind::table) {
    if (grade != std::floor(grade) || grade < 0 || grade >= static_cast<double>(opt.gain_table.size()))
      return with_grade(error_code::no_gain_entry,
                        "grade " + shortest(grade) + " has no entry in the gain table (it has entries for grades 0 to " +
                            std::to_string(opt.gain_table.size() - 1) + ")",
                        grade)
          .with("max", std::to_string(opt.gain_table.size() - 1));
    gain = opt.gain_table[static_cast<std::size_t>(grade)];
  }
  if (!std::isfinite(gain)) return with_grade(error_code::gain_overflow, "grade " + shortest(grade) + " gives a gain that is not finite (2^grade overflows)", grade);
  return gain;
}

// The rows' ranges (option_table.cpp), then what no single row can say.
status validate(const options& opt) {
  if (auto ok = check_ranges(opt); !ok) return ok;
  if (opt.gain == gain_kind::table && opt.gain_table.empty())
    return option_fail(error_code::missing_value, "gain_table", "a table gain needs a gain table (gains for grades 0, 1, 2, ...)");
  return done{};
}

expected<explanation> explain(const std::vector<item>& ranking, const options& opt,
                              const std::vector<item>* judgments) {
  if (auto ok = validate(opt); !ok) return ok.err();
  if (ranking.empty()) return fail(error_code::empty_input, "the ranking is empty: give at least one grade").in("ranking");
  auto graded = grade_rows(ranking, opt, judgments);
  if (!graded) return graded.err();
  std::vector<row>& rows = *graded;
  if (rows.empty()) return fail(error_code::all_dropped, "every item was dropped (all grades are negative)").in("ranking");
  order_by_score(rows, opt);
  average_tied_gains(rows, opt);

  std::vector<row> list_ideal = ideal_rows(rows);
  std::vector<row> judged_ideal;
  bool use_judged = opt.ideal == ideal_source::judgments && judgments;
  if (judgments) {
    auto pool = judged_pool(*judgments, opt);
    if (!pool) return pool.err();
    judged_ideal = ideal_rows(*pool);
  }
  std::vector<row>& ideal = use_judged ? judged_ideal : list_ideal;
  if (opt.ideal_cut_to_retrieved && ideal.size() > rows.size()) ideal.resize(rows.size());

  const std::size_t longest = std::max({rows.size(), list_ideal.size(), judged_ideal.size()});
  discount_table discounts(opt.log_base);
  discounts.reserve(cut(longest, opt.k));  // the curve computes the rest

  explanation e;
  e.k = opt.k;
  e.n = rows.size();
  for (const row& r : rows) e.unjudged += r.judged ? 0 : 1;
  e.steps = make_steps(rows, cut(rows.size(), opt.k), discounts, opt);
  e.ideal_steps = make_steps(ideal, cut(ideal.size(), opt.k), discounts, opt);
  e.dcg = e.steps.empty() ? 0.0 : e.steps.back().cumulative;
  e.idcg = e.ideal_steps.empty() ? 0.0 : e.ideal_steps.back().cumulative;
  if (!std::isfinite(e.dcg) || !std::isfinite(e.idcg))
    return fail(error_code::sum_overflow, "the sums overflow (DCG " + shortest(e.dcg) + ", IDCG " + shortest(e.idcg) +
                "): the gains or weights are too large to add up; use smaller grades, linear gain or smaller weights")
        .in("ranking");
  e.ndcg = detail::ndcg_of(e.dcg, e.idcg, opt.zero_idcg);
  e.ndcg_defined = !std::isnan(e.ndcg);
  if (!e.ndcg_defined) e.ndcg = 0;
  if (judgments) {
    e.has_judgments = true;
    e.idcg_list = sum_to(list_ideal, cut(list_ideal.size(), opt.k), discounts, opt);
    e.idcg_judged = sum_to(judged_ideal, cut(judged_ideal.size(), opt.k), discounts, opt);
    e.ndcg_list = detail::ndcg_of(e.dcg, e.idcg_list, opt.zero_idcg);
    e.ndcg_judged = detail::ndcg_of(e.dcg, e.idcg_judged, opt.zero_idcg);
    e.missed_ids = missed_items(ranking, judged_ideal);
  }
  e.in_ideal_order = follows_ideal(e.steps, e.ideal_steps);
  const std::size_t depth = cut(rows.size(), opt.k);
  e.tie_min = detail::ndcg_of(tied_order_dcg(rows, depth, discounts, opt, false), e.idcg, opt.zero_idcg);
  e.tie_max = detail::ndcg_of(tied_order_dcg(rows, depth, discounts, opt, true), e.idcg, opt.zero_idcg);
  e.ndcg_at = ndcg_curve(rows, ideal, discounts, opt);
  e.loss = position_loss(e.steps, e.ideal_steps);
  // A long list's rows are most of the memory: each goes once it has served.
  release(list_ideal);
  release(judged_ideal);
  std::vector<detail::ranked> ranked;
  detail::reserve_huge(ranked, rows.size());
  ranked.resize(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) ranked[i] = {rows[i].source, rows[i].grade};
  release(rows);
  e.other = detail::other_metrics_of(ranked, depth, opt, judgments);
  return e;
}

double ndcg_at_k(const std::vector<double>& scores, const std::vector<double>& relevances,
                 std::size_t k) {
  std::vector<item> items(std::min(scores.size(), relevances.size()));
  for (std::size_t i = 0; i < items.size(); ++i) {
    items[i].score = scores[i];
    items[i].has_score = true;
    items[i].grade = relevances[i];
  }
  options opt;
  opt.k = k;
  auto e = explain(items, opt);
  return e ? e->ndcg : std::nan("");
}

}  // namespace ndcg
