// Queries held as numbers in memory (evaluate_arrays in trec.hpp): the
// labels are checked once, their grades become the levels, and the
// queries are evaluated by the same query evaluator as a run's, on
// several threads when there are many; no docid is hashed or compared
// unless the caller gave ids.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cmath>
#include <limits>
#include <map>

#include "base/index_sort.hpp"
#include "ndcg/numbers.hpp"
#include "trec/trec_detail.hpp"
#include "trec/results/zscores.hpp"

#ifndef __EMSCRIPTEN__
#include <thread>
#endif

namespace ndcg {
namespace trec_detail {
namespace {

// Grades beyond this are absurd and would not fit the gain tables.
constexpr double largest_grade = 1e15;

error at_row(error e, std::string_view source, std::size_t row) {
  e.line = row + 1;
  e.column = 1;
  return std::move(e).in(source);
}

// A label is a whole number (or NaN: not judged, where `nan_ok`).
status check_label(double v, std::size_t row, bool nan_ok) {
  if (std::isnan(v) && nan_ok) return done{};
  if (!std::isfinite(v))
    return at_row(fail(error_code::not_a_number, "label " + shortest(v) + " is not a finite number").with("found", shortest(v)),
                  "labels", row);
  if (v != std::floor(v) || std::fabs(v) > largest_grade)
    return at_row(fail(error_code::not_whole, "label " + shortest(v) + " is not a whole number, as qrels grades are")
                      .with("found", shortest(v)),
                  "labels", row);
  return done{};
}

// What a pass over rows [begin, end) finds: whether every label is whole
// (or NaN) and every score finite, without a branch, so that the rows'
// own checks (with their messages) run only when one fails; and the first
// row of each grade. A whole number up to largest_grade survives the round
// trip through an integer; integer labels are whole and small by their type.
struct rows_seen {
  static constexpr long small = 64;  // the usual grades, without a map look-up per row
  bool plain = true;
  std::uint32_t small_first[small] = {};  // the row + 1 where each grade is first, 0 if none
  std::map<long, std::uint32_t> other_first;

  template <class T>
  void see_grades(const T* v, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      if (v[i] != v[i]) continue;  // NaN: not judged
      const long grade = static_cast<long>(v[i]);
      const auto line = static_cast<std::uint32_t>(std::min<std::size_t>(i + 1, UINT32_MAX));
      if (grade >= 0 && grade < small) {
        if (!small_first[grade]) small_first[grade] = line;
      } else {
        other_first.emplace(grade, line);
      }
    }
  }
  // A later share's findings (its rows all after this one's).
  void add(const rows_seen& later) {
    plain = plain && later.plain;
    for (long g = 0; g < small; ++g)
      if (!small_first[g]) small_first[g] = later.small_first[g];
    other_first.insert(later.other_first.begin(), later.other_first.end());
  }
};

void see_rows(const array_queries& in, std::size_t begin, std::size_t end, rows_seen& out) {
  bool ok = true;
  for (std::size_t i = begin; i < end; ++i) ok &= in.scores[i] - in.scores[i] == 0.0;
  if (in.int_labels) {
    out.plain = ok;
    return out.see_grades(in.int_labels, begin, end);
  }
  for (std::size_t i = begin; i < end; ++i) {
    const double v = in.labels[i], a = std::fabs(v), clamped = a <= largest_grade ? v : 0.0;
    ok &= static_cast<double>(static_cast<long long>(clamped)) == v || v != v;
  }
  out.plain = ok;
  // Read only when plain: a label that is not whole is refused before its grade matters.
  if (ok) out.see_grades(in.labels, begin, end);
}

// Every row seen once, in equal shares on up to `threads` threads (a
// 100M-row input is 1.2 GB to read).
rows_seen scan_rows(const array_queries& in, unsigned threads) {
  const std::size_t rows = in.starts.back();
  std::vector<rows_seen> shares(std::max(1u, threads));
  const auto edge = [&](std::size_t t) { return rows / shares.size() * t + std::min(t, rows % shares.size()); };
#ifndef __EMSCRIPTEN__
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < shares.size(); ++t)
    pool.emplace_back([&, t] { see_rows(in, edge(t), edge(t + 1), shares[t]); });
#endif
  see_rows(in, edge(0), edge(1), shares[0]);
#ifndef __EMSCRIPTEN__
  for (std::thread& t : pool) t.join();
#endif
  for (std::size_t t = 1; t < shares.size(); ++t) shares[0].add(shares[t]);
  return std::move(shares[0]);
}

double label_at(const array_queries& in, std::size_t i) {
  return in.int_labels ? static_cast<double>(in.int_labels[i]) : in.labels[i];
}

status check_rows(const array_queries& in, bool plain) {
  const std::size_t rows = in.starts.back();
  for (std::size_t i = plain ? rows : 0; i < rows; ++i) {
    if (auto ok = check_label(label_at(in, i), i, true); !ok) return ok;
    if (!std::isfinite(in.scores[i]))
      return at_row(fail(error_code::not_a_number, "score " + shortest(in.scores[i]) + " is not a finite number")
                        .with("found", shortest(in.scores[i])),
                    "scores", i);
  }
  const std::size_t extra = in.extra_starts.empty() ? 0 : in.extra_starts.back();
  for (std::size_t i = 0; i < extra; ++i)
    if (auto ok = check_label(in.extra[i], i, false); !ok) return ok;
  return done{};
}

// The grades seen, as judgments of one document each (the earliest row of
// each grade), so that make_levels gives them their gains and refuses a
// grade the conventions refuse at that row.
judgments grades_seen(const array_queries& in, rows_seen seen) {
  if (!in.extra_starts.empty()) seen.see_grades(in.extra, 0, in.extra_starts.back());
  std::map<long, std::uint32_t> first = std::move(seen.other_first);
  for (long g = 0; g < rows_seen::small; ++g)
    if (seen.small_first[g]) first.emplace(g, seen.small_first[g]);
  judgments j;
  for (const auto& [grade, line] : first) {
    j.push_back(std::string_view(), 0, grade);
    j.lines.push_back(line);
  }
  return j;
}

rows_input query_of(const array_queries& in, std::size_t q) {
  rows_input r;
  r.qid = in.qids[q];
  const std::size_t begin = in.starts[q];
  r.labels = in.int_labels ? nullptr : in.labels + begin;
  r.int_labels = in.int_labels ? in.int_labels + begin : nullptr;
  r.scores = in.scores + begin;
  r.ids = in.ids.empty() ? nullptr : in.ids.data() + begin;
  r.count = in.starts[q + 1] - begin;
  if (!in.extra_starts.empty()) {
    r.extra = in.extra + in.extra_starts[q];
    r.extra_count = in.extra_starts[q + 1] - in.extra_starts[q];
  }
  return r;
}

struct shared_inputs {
  const array_queries& in;
  const plan& p;
  const conventions& conv;
  const grade_levels& levels;
};

// Queries [begin, end) into their rows of `values` (width columns each)
// and of `texts`; the evaluator's notes go to `notes`.
void evaluate_range(const shared_inputs& s, std::size_t begin, std::size_t end, std::vector<double>& values,
                    std::vector<std::string>& texts, std::vector<std::string>& notes) {
  query_evaluator evaluator(s.p, s.conv, s.levels);
  const std::size_t width = s.p.columns.size();
  std::vector<double> row;
  std::vector<std::string> text;
  for (std::size_t q = begin; q < end; ++q) {
    evaluator.evaluate(query_of(s.in, q), row, text);
    std::copy(row.begin(), row.end(), values.begin() + static_cast<std::ptrdiff_t>(q * width));
    std::move(text.begin(), text.end(), texts.begin() + static_cast<std::ptrdiff_t>(q * text.size()));
  }
  notes = evaluator.notes();
}

// Threads pay from a few thousand rows on; each takes a contiguous share
// of the queries, so the notes stay in query order.
unsigned threads_for(std::size_t rows, std::size_t queries, unsigned wanted) {
#ifdef __EMSCRIPTEN__
  (void)rows, (void)queries, (void)wanted;
  return 1;
#else
  const std::size_t by_size = std::max<std::size_t>(1, rows / 20000);
  return static_cast<unsigned>(std::max<std::size_t>(1, std::min({static_cast<std::size_t>(wanted), by_size, queries})));
#endif
}

void evaluate_all(const shared_inputs& s, unsigned threads, std::vector<double>& values, std::vector<std::string>& texts,
                  std::vector<std::string>& notes) {
  const std::size_t queries = s.in.qids.size();
  std::vector<std::vector<std::string>> found(threads);
  // Shares of equal rows, not of equal queries (queries differ in length).
  const auto share = [&](unsigned t) {
    if (t == threads) return queries;
    const std::size_t row = s.in.starts.back() / threads * t;
    return static_cast<std::size_t>(std::lower_bound(s.in.starts.begin(), s.in.starts.end() - 1, row) - s.in.starts.begin());
  };
#ifndef __EMSCRIPTEN__
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back([&, t] { evaluate_range(s, share(t), share(t + 1), values, texts, found[t]); });
#endif
  evaluate_range(s, share(0), share(1), values, texts, found[0]);
#ifndef __EMSCRIPTEN__
  for (std::thread& t : pool) t.join();
#endif
  for (const auto& n : found) notes.insert(notes.end(), n.begin(), n.end());
}

status check_plan(const plan& p, const trec_options& opt) {
  if (opt.judgments != judgment_format::qrels)
    return option_fail(error_code::bad_measure, "judgments",
                       "labels are qrels: -R " + std::string(name_of(opt.judgments)) + " needs its own judgments file")
        .with("found", name_of(opt.judgments));
  if (p.wants(need_subtopics))
    return fail(error_code::needs_subtopics, "alpha_ndcg_cut needs subtopic qrels, which labels cannot hold")
        .in("subtopics");
  return done{};
}

// The rows, in trec_eval's order of qids (byte order; already so for
// zero-padded numbers, which are not sorted again).
void fill_result(const array_queries& in, std::size_t width, std::size_t text_width, std::vector<double> values,
                 std::vector<std::string>& texts, trec_result& r) {
  std::vector<std::size_t> order(in.qids.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  if (!std::is_sorted(in.qids.begin(), in.qids.end()))
    detail::sort_indices(order, [&](std::size_t a, std::size_t b) { return in.qids[a] < in.qids[b]; });
  r.qids.reserve(order.size());
  r.values = value_rows(std::move(values), order.size(), width);
  r.values.reorder(order);
  for (std::size_t q : order) {
    r.qids.push_back(in.qids[q]);
    if (!text_width) continue;
    const auto t = texts.begin() + static_cast<std::ptrdiff_t>(q * text_width);
    r.texts.emplace_back(std::make_move_iterator(t), std::make_move_iterator(t + static_cast<std::ptrdiff_t>(text_width)));
  }
  r.num_q = r.qids.size();
}

}  // namespace
}  // namespace trec_detail

using namespace trec_detail;

namespace {
expected<trec_result> evaluate_arrays_once(const array_queries& in, const trec_options& opt, unsigned threads) {
  auto p = make_plan(opt);
  if (!p) return p.err();
  if (auto ok = check_plan(*p, opt); !ok) return ok.err();
  auto conv = make_conventions(opt);
  if (!conv) return conv.err();
  zscore_table z;
  if (!opt.zscores.empty()) {
    auto read = read_zscores(opt.zscores);
    if (!read) return error(read.err()).in("zscores");
    z = std::move(*read);
  }
  const unsigned share = threads_for(in.starts.back(), in.qids.size(), threads);
  rows_seen seen = scan_rows(in, share);
  if (auto ok = check_rows(in, seen.plain); !ok) return ok.err();
  auto levels = make_levels(grades_seen(in, std::move(seen)), *p, *conv, std::string_view());
  if (!levels) return error(levels.err()).in("labels");
  trec_result r;
  describe_columns(*p, r);
  const std::size_t width = r.names.size(), text_width = r.text_columns.size();
  std::vector<double> values(in.qids.size() * width);
  std::vector<std::string> texts(in.qids.size() * text_width);
  std::vector<std::string> notes;
  evaluate_all(shared_inputs{in, *p, *conv, *levels}, share, values, texts, notes);
  fill_result(in, width, text_width, std::move(values), texts, r);
  r.run_id = "arrays";
  r.not_offered = p->not_offered;
  r.notes = p->notes;
  constexpr std::size_t shown = 5;
  r.notes.insert(r.notes.end(), notes.begin(), notes.begin() + static_cast<std::ptrdiff_t>(std::min(notes.size(), shown)));
  if (notes.size() > shown) r.notes.push_back("(and " + std::to_string(notes.size() - shown) + " more such notes)");
  if (!opt.zscores.empty()) apply_zscores(z, r);
  take_means(r);
  if (!opt.zscores.empty()) name_zscores(r);
  return r;
}

}  // namespace

expected<trec_result> evaluate_arrays(const array_queries& in, const trec_options& opt, unsigned threads) {
  auto once = [&](const trec_options& o) { return evaluate_arrays_once(in, o, threads); };
  return evaluate_by_conventions(opt, once);
}

}  // namespace ndcg
