// One query's values: the query is ranked once (trec_eval's order: score
// descending, docid descending), cut to -M, rid of unjudged documents under
// -J, and walked once into the shared state (hits, precision sums, DCG and
// IDCG prefix sums per gain scheme); each column's family then reads its
// value from that state. The sums are added in trec_eval's order, so the
// doubles match its output bit for bit.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#include "base/index_sort.hpp"
#include "metrics/metrics_detail.hpp"
#include "metrics/other_metrics.hpp"
#include "trec/trec_detail.hpp"

namespace ndcg::trec_detail {

// ---- doc_table --------------------------------------------------------------

// The entries stay sized between queries (start() makes room for those
// expected) and are written in place, field by field: an entry built whole
// and then copied was read back before its stores were done (a stall per
// line), and a vector's growth check per document cost more than the
// table's own work. Natively add() and retrieve() go into the per-document
// loops (a call each was as dear again); the modules keep the calls (their size).
#ifdef __EMSCRIPTEN__
#define NDCG_PER_DOCUMENT inline
#else
#define NDCG_PER_DOCUMENT [[gnu::always_inline]] inline
#endif

void doc_table::start(std::size_t expected_size) {
  used_ = 0;
  if (entries_.size() < expected_size) entries_.resize(expected_size);
  index_.reset(expected_size);
}

NDCG_PER_DOCUMENT doc_table::entry& doc_table::next_entry() {
  if (used_ == entries_.size()) entries_.resize(2 * used_ + 16);
  return entries_[used_++];
}

NDCG_PER_DOCUMENT void doc_table::add(std::string_view docid, std::uint32_t hash, int level) {
  index_.insert(hash, static_cast<std::uint32_t>(used_), [](std::uint32_t) { return false; });
  entry& e = next_entry();
  e.docid = docid;
  e.level = level;
  e.retrieved = false;
}

NDCG_PER_DOCUMENT const doc_table::entry* doc_table::retrieve(std::string_view docid, std::uint32_t hash) {
  const std::uint32_t at = index_.insert(hash, static_cast<std::uint32_t>(used_),
                                         [&](std::uint32_t e) { return detail::same_id(entries_[e].docid, docid); });
  if (at == detail::handle_table::none) {
    entry& e = next_entry();
    e.docid = docid;
    e.level = not_judged;
    e.retrieved = true;
    return &e;
  }
  entry& e = entries_[at];
  if (e.retrieved) return nullptr;
  e.retrieved = true;
  return &e;
}
#undef NDCG_PER_DOCUMENT

const doc_table::entry* doc_table::find(std::string_view docid) const {
  const std::uint32_t at =
      index_.find(detail::hash_of(docid), [&](std::uint32_t e) { return detail::same_id(entries_[e].docid, docid); });
  return at == detail::handle_table::none ? nullptr : &entries_[at];
}

// ---- places -----------------------------------------------------------------

// Counted as the parsers count: 1-based bytes after the line's start (any
// of \n, \r\n, \r), and after a UTF-8 BOM on the first line.
std::size_t column_of(std::string_view text, std::string_view part) {
  std::less_equal<const char*> le;
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (part.data() == nullptr || !le(begin, part.data()) || !le(part.data(), end)) return 1;
  const std::size_t offset = static_cast<std::size_t>(part.data() - begin);
  const std::size_t line_end = offset == 0 ? std::string_view::npos : text.find_last_of("\r\n", offset - 1);
  std::size_t line_start = line_end == std::string_view::npos ? 0 : line_end + 1;
  if (line_start == 0 && text.substr(0, 3) == "\xEF\xBB\xBF" && offset >= 3) line_start = 3;
  return offset - line_start + 1;
}

// ---- query_evaluator --------------------------------------------------------

namespace {

// Highest score first, then the larger tier; the last key is the input
// order, or the docid descending (trec_eval). One comparator type for both
// tie orders, so the module carries one sort and one partial sort.
struct key_order {
  bool by_docid;
  const run_entry* run;
  const std::string_view* ids;  // when run is null; neither: documents named by their positions
  bool operator()(const query_evaluator::sort_key& a, const query_evaluator::sort_key& b) const {
    if (a.score != b.score) return a.score > b.score;
    if (a.tier != b.tier) return a.tier > b.tier;
    if (!by_docid) return a.index < b.index;
    if (a.prefix != b.prefix) return a.prefix > b.prefix;
    if (run) return run[a.index].docid > run[b.index].docid;
    // Positions' names sharing eight digits: the longer, else the later, is the larger.
    return ids ? ids[a.index] > ids[b.index] : a.index > b.index;
  }
};

// The prefix of a document named by its position (1, 2, ...: its name in
// every input read by position), written in decimal as the readers write it,
// so equal scores order as those names do as docids ("9" before "10").
std::uint64_t position_prefix(std::size_t n) {
  char digits[24];
  std::size_t length = 0;
  do {
    digits[length++] = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n != 0);
  std::uint64_t p = 0;
  for (std::size_t i = 0; i < 8; ++i) p = p << 8 | (i < length ? static_cast<unsigned char>(digits[length - 1 - i]) : 0u);
  return p;
}

// trec_eval's -c scores a query missing from the run against this ranking.
const run_entry missing_query_ranking[] = {run_entry{std::string_view(), 1.0, 0}};

// Cuts this deep or shallower are found with no branch on a score
// (highest_at), and index_rows keeps keys only for the rows that reach them.
constexpr std::size_t shallow_cut = 16;

// The depth-th highest of the n scores score(i) (0 < depth <= n); `scratch`
// holds them on the way. A cut deeper than shallow_cut selects among them.
// A shallower one has no branch on a score: each of `depth` slices of the
// rows has a highest, so the least of those is at most the answer, and the
// rows below it drop out (about three in four of uniform scores under a cut
// of 10); each row left goes into a sorted list of `depth` by min and max
// alone. An insertion sort's branch was mispredicted at about a third of the
// rows. Any floor gives a right answer: rows above it hold the top `depth`,
// or fewer are left and the answer is -inf (every row then keeps its key).
template <class Score>
double highest_at(std::size_t n, std::size_t depth, Score score, std::vector<double>& scratch) {
  constexpr double none = -std::numeric_limits<double>::infinity();
  if (scratch.size() < n) scratch.resize(n);
  double* const v = scratch.data();
  if (depth > shallow_cut) {
    for (std::size_t i = 0; i < n; ++i) v[i] = score(i);
    std::nth_element(v, v + depth - 1, v + n, std::greater<double>());
    return v[depth - 1];
  }
  double floor = std::numeric_limits<double>::infinity();
  for (std::size_t slice = 0, begin = 0; slice < depth; ++slice) {
    const std::size_t end = (slice + 1) * n / depth;
    double most = none;
    for (std::size_t i = begin; i < end; ++i) most = std::max(most, v[i] = score(i));
    floor = std::min(floor, most);
    begin = end;
  }
  std::size_t left = 0;
  for (std::size_t i = 0; i < n; ++i) {
    v[left] = v[i];
    left += v[i] >= floor;
  }
  double top[shallow_cut];  // descending
  std::fill(top, top + depth, none);
  // By value, not std::max's reference: then a min or max instruction, not a branch.
  const auto larger = [](double a, double b) { return a > b ? a : b; };
  const auto smaller = [](double a, double b) { return a < b ? a : b; };
  for (std::size_t i = 0; i < left; ++i) {
    const double x = v[i];
    for (std::size_t j = depth - 1; j > 0; --j) top[j] = larger(top[j], smaller(top[j - 1], x));
    top[0] = larger(top[0], x);
  }
  return top[depth - 1];
}

// keys[0..depth) made the first `depth` of keys[0..kept) in `order`, in
// order (the order is total, so the ranks are partial_sort's). The
// depth-th highest score is found among the bare scores (a plain double
// comparison each, in `scores`, reused); only the keys at or above it are
// then ordered with the whole key.
#ifndef __EMSCRIPTEN__
// `named(first, last)` gives keys their docids' prefixes before the whole
// key orders them (rows named by position get theirs only here).
template <class Named>
void select_top(query_evaluator::key_list& keys, std::vector<double>& scores, std::size_t depth,
                std::size_t kept, const key_order& order, Named named) {
  if (depth == 0) return;
  const double edge = highest_at(kept, depth, [&](std::size_t i) { return keys[i].score; }, scores);
  const auto first = keys.begin(), mid = first + static_cast<std::ptrdiff_t>(depth);
  auto end = std::partition(first, first + static_cast<std::ptrdiff_t>(kept),
                            [edge](const query_evaluator::sort_key& k) { return k.score >= edge; });
  named(first, end);
  if (end - mid > static_cast<std::ptrdiff_t>(4 * depth)) {  // many tied at the edge
    std::nth_element(first, mid, end, order);
    end = mid;
  }
  std::sort(first, end, order);
}

// The score's bits as a number that orders as the scores do, highest
// first; -0 is 0. NaN has no place: the caller checks.
std::uint64_t descending_bits(double score) {
  if (score == 0) score = 0;
  std::uint64_t b;
  std::memcpy(&b, &score, sizeof b);
  b = b >> 63 ? ~b : b | std::uint64_t(1) << 63;  // ascending as the doubles
  return ~b;
}
#endif

#ifndef __EMSCRIPTEN__
// Keys of one score put in order, comparing the docids' prefixes first
// (the scores are equal, and so are the tiers unless grades order ties);
// a short run by insertion, cheaper than the sort's calls.
void order_tied(query_evaluator::key_list::iterator first,
                query_evaluator::key_list::iterator last, const key_order& order) {
  const auto before = [&](const query_evaluator::sort_key& a, const query_evaluator::sort_key& b) {
    if (order.by_docid && a.tier == b.tier && a.prefix != b.prefix) return a.prefix > b.prefix;
    return order(a, b);
  };
  if (last - first > 16) return std::sort(first, last, before);
  for (auto k = first + 1; k < last; ++k) {
    const query_evaluator::sort_key key = *k;
    auto to = k;
    for (; to != first && before(key, to[-1]); --to) *to = to[-1];
    *to = key;
  }
}

#endif

// Runs are mostly written in rank order. When the scores already descend,
// each group of equal scores put in order (tier, then docid) orders the
// ranking; only the groups down to rank `depth` are ordered. False, with
// nothing changed, when the scores do not descend.
template <class Named>
bool order_written(query_evaluator::key_list::iterator first,
                   query_evaluator::key_list::iterator last, std::size_t depth, const key_order& order,
                   Named named) {
  for (auto k = first; k != last && k + 1 != last; ++k)
    if (k[1].score > k[0].score) return false;
  const auto cut = first + static_cast<std::ptrdiff_t>(depth);
  for (auto group = first; group < cut;) {
    auto end = group + 1;
    while (end != last && end->score == group->score) ++end;
    if (end - group > 1) {
      named(group, end);
      if (end > cut) std::partial_sort(group, cut, end, order);
#ifdef __EMSCRIPTEN__
      else std::sort(group, end, order);  // the sort the module has already (its size)
#else
      else order_tied(group, end, order);
#endif
    }
    group = end;
  }
  return true;
}

}  // namespace

#ifndef __EMSCRIPTEN__
// keys_[0..kept) by score, highest first, sorted as one word each: the
// score's bits, their lowest ones given to the key's position (so the
// words are unique, and the sort moves words alone). Scores that differ
// only in those bits may come out of order: order_written, which orders
// equal scores after, then finds the scores not descending. False, with
// nothing changed, where a score is NaN.
bool query_evaluator::sort_by_score(std::size_t kept) {
  unsigned low = 0;
  while ((std::size_t(1) << low) < kept) ++low;
  const std::uint64_t mask = (std::uint64_t(1) << low) - 1;
  order_.resize(kept);
  for (std::size_t i = 0; i < kept; ++i) {
    if (std::isnan(keys_[i].score)) return false;
    order_[i] = (descending_bits(keys_[i].score) & ~mask) | i;
  }
  std::sort(order_.begin(), order_.end());
  keys_spare_.resize(kept);
  for (std::size_t i = 0; i < kept; ++i) keys_spare_[i] = keys_[order_[i] & mask];
  std::copy(keys_spare_.begin(), keys_spare_.end(), keys_.begin());
  return true;
}
#endif

query_evaluator::query_evaluator(const plan& p, const conventions& c, const grade_levels& g)
    : plan_(p), conv_(c), grades_(g), discounts_(c.opt.log_base) {
  state_.conv = &c;
  state_.grades = &g;
  state_.discounts = &discounts_;
  state_.schemes = &p.schemes;
  const std::size_t schemes = p.schemes.size();
  state_.gain.resize(schemes);
  state_.gained.resize(schemes);
  state_.dcg.resize(schemes);
  state_.ideal_gain.resize(schemes);
  state_.idcg.resize(schemes);
  scheme_needed_.assign(schemes, 0);
  static_assert(judged_negative == -2 && not_judged == -1, "the standings are indexed by level + 2");
  standing_grades_.assign(g.levels.size() + 2, unjudged);
  standing_flags_.assign(g.levels.size() + 2, standing_negative);
  standing_grades_[1] = not_in_pool;
  standing_flags_[1] = 0;
  for (std::size_t i = 0; i < g.levels.size(); ++i) {
    standing_grades_[i + 2] = g.levels[i];
    standing_flags_[i + 2] = g.levels[i] >= c.opt.relevance_level ? standing_relevant : standing_nonrel;
  }
  for (std::size_t m = 0; m < p.columns.size(); ++m) {
    const column& col = p.columns[m];
    if (col.of->needs & need_gain_sums) scheme_needed_[col.scheme] = 1;
    if (col.of->kind == value_kind::text || col.of->note) {
      other_columns_.push_back(m);
    } else {
      plain_columns_[0].push_back(m);
      if (!col.of->zero_when_missing) plain_columns_[1].push_back(m);
    }
    text_columns_ += col.of->kind == value_kind::text;
    if ((col.of->needs & need_powers) && !state_.powers_of(persistence_of(col)))
      state_.powers.emplace_back(persistence_of(col), std::vector<double>());
  }
}

// The ranking ordered, then the passes over it that the plan's measures read.
void query_evaluator::ranking_passes() {
  rank();
  walk_ranking();
  if (plan_.wants(need_powers)) powers_to_depth();
  for (std::size_t s = 0; s < scheme_needed_.size(); ++s)
    if (scheme_needed_[s]) gain_sums(s);
  if (plan_.wants(need_interpolated)) interpolated_precision();
}

status query_evaluator::evaluate(const query_input& q, std::vector<double>& row, std::vector<std::string>& texts) {
  const bool missing = q.run == nullptr;
  index_judgments(q, missing ? 1 : q.run_count);
  if (!(missing ? index_run(missing_query_ranking, 1, nullptr) : index_run(q.run, q.run_count, q.run_hashes)))
    return fail(error_code::duplicate_id, "a docid twice in the run of query " + echo(q.qid)).in("run");
  ranking_passes();
  if (plan_.wants(need_subtopics)) subtopic_lists(q);
  if (plan_.wants(need_prefs))
    if (auto ok = preference_counts(q); !ok) return ok;
  if (plan_.wants(need_groups)) group_rankings(q);
  values_of(q.qid, missing, row, texts);
  return done{};
}

// Each column's value from the state, and the text columns' texts. Most
// columns are a value call and nothing else, so they go by a list of
// their own (all_trec has a hundred columns; the query loop asks each).
void query_evaluator::values_of(std::string_view qid, bool missing, std::vector<double>& row,
                                std::vector<std::string>& texts) {
  row.assign(plan_.columns.size(), 0.0);
  texts.resize(text_columns_);
  double* out = row.data();
  const column* columns = plan_.columns.data();
  for (const std::size_t m : plain_columns_[missing]) out[m] = columns[m].of->value(state_, columns[m]);  // the others: trec_eval's 0
  std::size_t text = 0;
  for (const std::size_t m : other_columns_) {
    const column& c = plan_.columns[m];
    if (c.of->kind == value_kind::text) {
      c.of->text(state_, c, texts[text++]);
      continue;
    }
    if (missing && c.of->zero_when_missing) continue;
    row[m] = c.of->value(state_, c);
    std::string note = c.of->note(state_, c);
    if (!note.empty()) notes_.push_back(c.name + ", query " + std::string(qid) + ": " + note);
  }
  if (missing) std::fill(texts.begin(), texts.end(), std::string());
}

// A query held as numbers: no docid to look up, each label is its row's
// judgment (evaluate_arrays checked them: whole numbers or NaN).
void query_evaluator::evaluate(const rows_input& q, std::vector<double>& row, std::vector<std::string>& texts) {
  index_rows(q);
  ranking_passes();
  if (plan_.wants(need_subtopics)) subtopic_lists(query_input{});
  values_of(q.qid, false, row, texts);
}

// The pool's counts (num_rel, num_nonrel, positives, num_rel_levels) from
// the documents per level, once per query rather than once per row.
void query_evaluator::counts_from_levels() {
  state_.num_rel = state_.num_nonrel = state_.positives = 0;
  state_.num_rel_levels = 0;
  for (std::size_t level = 0; level < level_counts_.size(); ++level) {
    const long n = level_counts_[level], grade = grades_.levels[level];
    if (n == 0) continue;
    (grade >= conv_.opt.relevance_level ? state_.num_rel : state_.num_nonrel) += static_cast<std::size_t>(n);
    if (grade > 0) state_.positives += static_cast<std::size_t>(n);
    state_.num_rel_levels = std::max(state_.num_rel_levels, grade + 1);
  }
}

// A label's standing: not judged (NaN), judged negative, or its level.
int query_evaluator::level_of_label(double label) const {
  if (std::isnan(label)) return not_judged;
  const long grade = static_cast<long>(label);
  return grade < 0 ? judged_negative : grades_.index_of(grade);
}


// Under a cutoff of at most `shallow_cut` ranks that every measure stops at,
// only the rows whose score reaches the cutoff-th highest get a key (ties
// with it too, so the group at the cut is whole): a list of 100 rows under
// a cutoff of 10 keeps some 10 keys for rank() instead of 100.
bool query_evaluator::trims(std::size_t rows) const {
  const std::size_t depth = plan_.sort_depth;
  // Not when -M or -J drops rows, nor when a step reads the rows past the cut.
  return depth > 0 && depth < rows && depth <= shallow_cut && conv_.max_docs >= rows && !conv_.judged_only &&
         conv_.opt.ideal != ideal_source::list && !plan_.wants(need_prefs) && !plan_.wants(need_groups) &&
         !plan_.wants(need_subtopics);
}

void query_evaluator::index_rows(const rows_input& q) {
  run_ = nullptr;
  ids_ = q.ids;
  level_counts_.assign(grades_.levels.size(), 0);
  for (std::size_t i = 0; i < q.extra_count; ++i)
    if (const int level = level_of_label(q.extra[i]); level >= 0) ++level_counts_[static_cast<std::size_t>(level)];
  keys_.resize(q.count);
  const bool by_docid = conv_.opt.ties != tie_policy::input;
#ifndef __EMSCRIPTEN__
  positions_unnamed_ = by_docid && !q.ids;
#endif
  const long tied = conv_.tied_grades;
  trimmed_ = trims(q.count);
  const double edge = trimmed_ ? highest_at(q.count, plan_.sort_depth, [&](std::size_t i) {
    return detail::comparable_score(q.scores[i], conv_.opt);
  }, top_scores_) : -std::numeric_limits<double>::infinity();
  retrieved_counts counts;
  std::size_t keys = 0;
  for (std::size_t i = 0; i < q.count; ++i) {
    const double label = q.int_labels ? static_cast<double>(q.int_labels[i]) : q.labels[i];
    const int level = level_of_label(label);
    long grade = 0;
    if (level >= 0) {
      ++level_counts_[static_cast<std::size_t>(level)];
      grade = static_cast<long>(label);
    }
    tally(counts, level);
    const double score = detail::comparable_score(q.scores[i], conv_.opt);
#ifdef __EMSCRIPTEN__
    const std::uint64_t prefix = !by_docid ? 0 : q.ids ? docid_prefix(q.ids[i]) : position_prefix(i + 1);
#else  // positions' prefixes wait for rank(), which needs few of them under a cutoff
    const std::uint64_t prefix = by_docid && q.ids ? docid_prefix(q.ids[i]) : 0;
#endif
    keys_[keys] = sort_key{score, tied * grade, prefix, static_cast<std::uint32_t>(i), level};
    keys += score >= edge;  // written always, kept when it reaches the cut: no branch a row
  }
  keys_.resize(keys);
  counts.rows = q.count;
  trimmed_counts_ = counts;
  counts_from_levels();
}

// Hashes the query's judgments and counts the ideal's pool per grade.
// Judgment groups and preferences are read by their own steps.
void query_evaluator::index_judgments(const query_input& q, std::size_t retrieved) {
  const bool graded = plan_.judgments == judgment_kind::qrels;
  const std::size_t count = graded ? q.judged_end - q.judged_begin : 0;
  docs_.start(count + retrieved);
  level_counts_.assign(grades_.levels.size(), 0);
  // Counted in locals: the table's stores could alias the state's members,
  // which were then read and written back in memory at every document.
  std::size_t num_rel = 0, num_nonrel = 0, positives = 0;
  const long relevance_level = conv_.opt.relevance_level;
  long largest = -1;
  for (std::size_t i = 0; i < count; ++i) {
    const judgments& j = *q.judged;
    const std::size_t d = q.judged_begin + i;
#ifndef __EMSCRIPTEN__
    __builtin_prefetch(j.docs[d].docid);  // the qrels' bytes have left the cache since reading; the run's lookups compare them
#endif
    const long rel = j.rel(d);
    const int level = rel < 0 ? judged_negative : grades_.index_of(rel);
    docs_.add(j.id(d), j.docs[d].hash, level);
    if (level < 0) continue;
    ++level_counts_[static_cast<std::size_t>(level)];
    if (rel >= relevance_level) ++num_rel;
    else ++num_nonrel;
    if (rel > 0) ++positives;
    largest = std::max(largest, rel);
  }
  state_.num_rel = num_rel;
  state_.num_nonrel = num_nonrel;
  state_.positives = positives;
  state_.num_rel_levels = largest + 1;
}

// One lookup per retrieved document, which also finds a docid given twice;
// unjudged ones are non-relevant.
bool query_evaluator::index_run(const run_entry* run, std::size_t n, const std::uint32_t* hashes) {
  run_ = run;
  ids_ = nullptr;
  trimmed_ = false;
#ifndef __EMSCRIPTEN__
  positions_unnamed_ = false;
#endif
  keys_.resize(n);
  // Read once, into locals: the stores below could alias them, and each
  // document would load them again.
  const bool by_docid = conv_.opt.ties != tie_policy::input;
  const long tied = conv_.tied_grades;
  const long* grades = grades_.levels.data();
  sort_key* keys = keys_.data();
  for (std::size_t i = 0; i < n; ++i) {
    const run_entry& e = run[i];
    const auto hash = hashes ? hashes[i] : static_cast<std::uint32_t>(detail::hash_of(e.docid));
    const doc_table::entry* s = docs_.retrieve(e.docid, hash);
    if (!s) return false;
    const int level = s->level;
    const long grade = level >= 0 ? grades[level] : 0;
    keys[i] = sort_key{detail::comparable_score(e.score, conv_.opt), tied * grade, by_docid ? docid_prefix(e.docid) : 0,
                       static_cast<std::uint32_t>(i), level};
  }
  return true;
}

// Score descending; equal scores by docid descending in byte order
// (trec_eval's comp_sim_docno), or in input order when the preset says so.
// Docids are unique within a query, so the order is total and the sorts
// (which, unlike stable_sort, never allocate) give one answer. -M keeps the
// top M (found by nth_element); -J then drops the unjudged among them; when
// every measure stops at a cutoff, only that many ranks are put in order.
void query_evaluator::rank() {
  const key_order order{conv_.opt.ties != tie_policy::input, run_, ids_};
  std::size_t kept = keys_.size();
  const auto named = [&](key_list::iterator from, key_list::iterator to) {
#ifndef __EMSCRIPTEN__
    if (positions_unnamed_)
      for (; from != to; ++from) from->prefix = position_prefix(from->index + std::size_t(1));
#else
    (void)from, (void)to;
#endif
  };
  if (conv_.max_docs < kept) {
    named(keys_.begin(), keys_.end());
    std::nth_element(keys_.begin(), keys_.begin() + static_cast<std::ptrdiff_t>(conv_.max_docs), keys_.end(), order);
    kept = conv_.max_docs;
  }
  if (conv_.judged_only) {
    const auto end = std::remove_if(keys_.begin(), keys_.begin() + static_cast<std::ptrdiff_t>(kept),
                                    [](const sort_key& k) { return k.level < 0; });
    kept = static_cast<std::size_t>(end - keys_.begin());
  }
  kept_ = trimmed_ ? trimmed_counts_.rows : kept;
  const bool partial = plan_.sort_depth < kept;
  std::size_t depth = partial ? plan_.sort_depth : kept;
  const auto first = keys_.begin(), mid = first + static_cast<std::ptrdiff_t>(depth),
             last = first + static_cast<std::ptrdiff_t>(kept);
  if (partial) {
    if (!order_written(first, last, depth, order, named)) {
#ifdef __EMSCRIPTEN__
      std::partial_sort(first, mid, last, order);  // the same ranks, in less code (the modules' size)
#else
      select_top(keys_, top_scores_, depth, kept, order, named);
#endif
    }
  } else {
    if (!order_written(first, last, depth, order, named)
#ifndef __EMSCRIPTEN__
        && !(sort_by_score(kept) && order_written(first, last, depth, order, named))
#endif
    ) {
      named(first, last);
      std::sort(first, last, order);
    }
  }
  if (partial && depth > 0 && conv_.opt.ties == tie_policy::average) {
    // Averaging reads whole groups of equal scores: the group at the cut is
    // brought in whole (its other members all order after the cut's last).
    const sort_key edge = keys_[depth - 1];
    const auto rest = std::partition(mid, last, [&](const sort_key& k) { return k.score == edge.score && k.tier == edge.tier; });
    named(mid, rest);
    std::sort(mid, rest, order);
    depth = static_cast<std::size_t>(rest - first);
  }
  state_.num_ret = kept_;
  state_.depth = depth;
  // Counted in a local: stores to the state's counts could alias the
  // grades, which were then reloaded at every document. Trimmed rows were
  // counted as they were read.
  retrieved_counts counts = trimmed_counts_;
  if (!trimmed_) {
    counts = retrieved_counts();
    for (std::size_t i = 0; i < kept; ++i) tally(counts, keys_[i].level);
  }
  state_.num_rel_ret = counts.rel_ret;
  state_.num_nonpool = counts.nonpool;
  state_.num_unjudged = counts.unjudged;
}

// One retrieved document's standing into `c`: not in the pool, judged
// negative, or relevant by its level's grade.
void query_evaluator::tally(retrieved_counts& c, int level) const {
  c.nonpool += level == not_judged;
  c.unjudged += level == judged_negative;
  c.rel_ret += level >= 0 && grades_.levels[static_cast<std::size_t>(level)] >= conv_.opt.relevance_level;
}

// One pass down the ranked list: grades, hits and precision sums per rank,
// and (when a measure sums over them) each relevant document ranked with
// the judged ones above it, gathered without a branch (they fall at random).
// Each rank's standing is one lookup; the arrays are read through pointers,
// as a store to one could otherwise be taken for a change to another's.
void query_evaluator::walk_ranking() {
  query_state& s = state_;
  const std::size_t depth = s.depth;
  s.rel.resize(depth);
  s.hits.resize(depth + 1);
  s.precision_sum.resize(depth + 1);
  const bool listing = plan_.needs & (need_hit_list | need_interpolated);
  s.hits_listed.resize(listing ? depth : 0);
  long* rel = s.rel.data();
  std::size_t* hits = s.hits.data();
  double* precision = s.precision_sum.data();
  query_state::hit* listed = s.hits_listed.data();
  const sort_key* keys = keys_.data();
  const long* grade_of = standing_grades_.data() + 2;  // by level: judged_negative is -2
  const char* flags_of = standing_flags_.data() + 2;
  hits[0] = 0;
  precision[0] = 0;
  std::size_t found = 0, nonrel = 0, negative = 0;
  double precision_sum = 0;
  for (std::size_t r = 0; r < depth; ++r) {
    const int level = keys[r].level;
    const int flags = flags_of[level];
    const bool relevant = flags & standing_relevant;
    rel[r] = grade_of[level];
    if (listing) {
      listed[found] = query_state::hit{r, nonrel, negative};
      nonrel += (flags & standing_nonrel) != 0;
      negative += (flags & standing_negative) != 0;
    }
    found += relevant;
    hits[r + 1] = found;
    if (relevant) precision_sum += static_cast<double>(found) / static_cast<double>(r + 1);
    precision[r + 1] = precision_sum;
  }
  s.hits_listed.resize(listing ? found : 0);
  // The first relevant document's rank (0: none), where the hits reach 1.
  s.first_hit = found ? static_cast<std::size_t>(std::lower_bound(hits, hits + depth + 1, std::size_t(1)) - hits) : 0;
}

// p^r down to the ranking's end for each persistence: the table grows by
// the same products a walk multiplying p rank by rank takes, so sums read
// from it are that walk's to the bit.
void query_evaluator::powers_to_depth() {
  for (auto& [p, table] : state_.powers)
    while (table.size() <= state_.depth) table.push_back(table.empty() ? 1.0 : table.back() * p);
}

// Interpolated precision at the k-th relevant document: the best precision
// at it or at any later relevant one (trec_eval's iprec_at_recall).
void query_evaluator::interpolated_precision() {
  query_state& s = state_;
  s.best_precision.assign(s.hits_listed.size() + 1, 0.0);
  double best = 0;
  for (std::size_t k = s.hits_listed.size(); k > 0; --k) {
    best = std::max(best, static_cast<double>(k) / static_cast<double>(s.hits_listed[k - 1].rank + 1));
    s.best_precision[k] = best;
  }
  s.best_precision[0] = best;
}

namespace {
struct gain_entry {
  long level;
  double gain;
  bool owns;  // the level's first entry: the one holding its documents
};

// glibc's qsort, a top-down merge sort, under gain_init.c's comparison,
// which truncates the gains' difference to an int (x86: INT_MIN when out
// of range): gains less than 1 apart tie, so the order is the merge's.
void merge_as_qsort(gain_entry* a, std::size_t n, gain_entry* spare) {
  if (n <= 1) return;
  const std::size_t half = n / 2;
  merge_as_qsort(a, half, spare);
  merge_as_qsort(a + half, n - half, spare);
  std::size_t i = 0, j = half, k = 0;
  while (i < half && j < n) {
    const double d = a[i].gain - a[j].gain;
    spare[k++] = d >= 1.0 && d < 2147483648.0 ? a[j++] : a[i++];
  }
  while (i < half) spare[k++] = a[i++];
  std::copy(spare, spare + k, a);
}

// trec_eval's ideal under LEVEL=GAIN parameters (setup_gains, m_ndcg.c):
// its table (the parameters as given, then the query's other levels
// 0 .. largest grade) walked down from its sorted top, each level adding
// its documents, until a gain <= 0 is reached.
void ideal_as_trec_eval(const gain_overrides& given, const std::vector<double>& level_gain, const grade_levels& grades,
                        const std::vector<long>& counts, long num_rel_levels, std::vector<double>& ideal) {
  std::vector<gain_entry> table;
  const auto given_before = [&](std::size_t end, long level) {
    return std::any_of(given.begin(), given.begin() + static_cast<std::ptrdiff_t>(end),
                       [&](const auto& o) { return o.first == level; });
  };
  for (std::size_t i = 0; i < given.size(); ++i)
    table.push_back({given[i].first, given[i].second, !given_before(i, given[i].first)});
  for (long level = 0; level < num_rel_levels; ++level) {
    if (given_before(given.size(), level)) continue;
    const int at = grades.index_of(level);
    table.push_back({level, at >= 0 ? level_gain[static_cast<std::size_t>(at)] : static_cast<double>(level), true});
  }
  std::vector<gain_entry> spare(table.size());
  merge_as_qsort(table.data(), table.size(), spare.data());
  for (std::size_t e = table.size(); e-- > 0;) {
    const int at = table[e].owns ? grades.index_of(table[e].level) : -1;
    const long count = at >= 0 ? counts[static_cast<std::size_t>(at)] : 0;
    if (!(table[e].gain > 0) && (count > 0 || e + 1 == table.size())) break;
    if (count > 0) ideal.insert(ideal.end(), static_cast<std::size_t>(count), table[e].gain);
  }
}
}  // namespace

// Gains per rank, prefix sums of DCG over the ranking and of IDCG over the
// ideal list, so that every gain measure reads them. Terms are added in rank
// order and zero gains skipped, as in m_ndcg.c, which keeps the sums
// bit-identical.
void query_evaluator::gain_sums(std::size_t scheme) {
  query_state& s = state_;
  const std::vector<double>& level_gain = grades_.gains[scheme];
  const std::size_t n = s.depth;
  std::vector<double>& gains = s.gain[scheme];
  gains.resize(n);
  for (std::size_t r = 0; r < n; ++r)
    gains[r] = keys_[r].level >= 0 ? level_gain[static_cast<std::size_t>(keys_[r].level)] : 0.0;
  if (conv_.opt.ties == tie_policy::average) {
    detail::average_tied(
        n, [&](std::size_t r) -> double& { return gains[r]; },
        [&](std::size_t a, std::size_t b) { return keys_[a].score == keys_[b].score && keys_[a].tier == keys_[b].tier; });
  }

  // The ideal's pool: every judged document, or (ideal from the list) the
  // ranked ones only; gains <= 0 never enter it (m_ndcg.c stops there).
  std::vector<long>& counts = ideal_counts_;
  counts = level_counts_;  // into the scratch's room: no allocation per query
  if (conv_.opt.ideal == ideal_source::list) {
    std::fill(counts.begin(), counts.end(), 0);
    for (std::size_t i = 0; i < kept_; ++i)
      if (keys_[i].level >= 0) ++counts[static_cast<std::size_t>(keys_[i].level)];
  }
  std::vector<double>& ideal = s.ideal_gain[scheme];
  ideal.clear();
  if (!plan_.schemes[scheme].empty() && s.num_rel_levels <= 4096)
    ideal_as_trec_eval(plan_.schemes[scheme], level_gain, grades_, counts, s.num_rel_levels, ideal);
  else
    for (std::size_t level : grades_.by_gain[scheme]) {
      const double gain = level_gain[level];
      if (!(gain > 0)) break;
      ideal.insert(ideal.end(), static_cast<std::size_t>(counts[level]), gain);
    }
  if (conv_.opt.ideal_cut_to_retrieved && ideal.size() > kept_) ideal.resize(kept_);
  discounts_.reserve(std::max(n, ideal.size()));

  std::vector<double>& dcg = s.dcg[scheme];
  dcg.resize(n + 1);
  dcg[0] = 0;
  // A zero gain adds nothing (m_ndcg.c skips it): a +0 by a mask, not a
  // branch; the other ranks are gathered (need_gained), without a branch either.
  // The sum runs in a register: read back from dcg, each rank would wait
  // on the store before (the arrays, both of doubles, may overlap).
  const bool gathering = plan_.wants(need_gained);
  std::vector<std::size_t>& gained = s.gained[scheme];
  gained.resize(gathering ? n : 0);
  std::size_t* next = gained.data();
  const double* gain = gains.data();
  double* sums = dcg.data();
  double sum = 0;
  for (std::size_t r = 0; r < n; ++r) {
    sum += kept_if(gain[r] != 0, gain[r] / discounts_.at(r + 1));
    sums[r + 1] = sum;
    if (!gathering) continue;
    *next = r;
    next += gain[r] != 0;
  }
  gained.resize(static_cast<std::size_t>(next - gained.data()));
  std::vector<double>& idcg = s.idcg[scheme];
  idcg.resize(ideal.size() + 1);
  double ideal_sum = 0;
  idcg[0] = 0;
  for (std::size_t i = 0; i < ideal.size(); ++i) idcg[i + 1] = ideal_sum += ideal[i] / discounts_.at(i + 1);
}

// alpha-nDCG against ndeval-style judgments: binary per (document,
// subtopic), only positive judgments count; the ideal is greedy over every
// judged document, ties to the larger docid (ndeval), so the pool is handed
// to the greedy search in docid-descending order.
void query_evaluator::subtopic_lists(const query_input& q) {
  covers_.clear();
  cover_docids_.clear();
  detail::handle_table index;  // docid -> its place in covers_ and cover_docids_
  const auto same_as = [&](std::string_view id) { return [this, id](std::uint32_t i) { return cover_docids_[i] == id; }; };
  if (q.subtopics)
    for (const subtopic_entry& e : q.subtopics->entries) {
      if (e.judgment <= 0) continue;
      std::uint32_t at = index.insert(detail::hash_of(e.docid), static_cast<std::uint32_t>(covers_.size()), same_as(e.docid));
      if (at == detail::handle_table::none) {
        at = static_cast<std::uint32_t>(covers_.size());
        covers_.emplace_back();
        cover_docids_.push_back(e.docid);
      }
      std::vector<std::string>& list = covers_[at];
      if (std::find(list.begin(), list.end(), e.subtopic) == list.end()) list.emplace_back(e.subtopic);
    }
  std::vector<std::size_t> by_docid(covers_.size());
  for (std::size_t i = 0; i < by_docid.size(); ++i) by_docid[i] = i;
  detail::sort_indices(by_docid, [&](std::size_t a, std::size_t b) { return cover_docids_[a] > cover_docids_[b]; });
  std::vector<const std::vector<std::string>*> pool;
  for (std::size_t i : by_docid) pool.push_back(&covers_[i]);

  static const std::vector<std::string> none;
  state_.alpha_order.clear();
  for (std::size_t r = 0; r < std::min(state_.depth, plan_.max_alpha_cutoff); ++r) {
    const std::string_view docid = docid_of(keys_[r]);
    const std::uint32_t found = index.find(detail::hash_of(docid), same_as(docid));
    state_.alpha_order.push_back(found == detail::handle_table::none ? &none : &covers_[found]);
  }
  state_.alpha_ideal = detail::alpha_ideal(pool, plan_.max_alpha_cutoff, conv_.opt.alpha);
}

// The query's preference lines and its retrieved documents in trec_eval's
// order for preferences (score descending, docid ascending; cut by -M).
status query_evaluator::preference_counts(const query_input& q) {
  const judgments& j = *q.judged;
  pref_lines_.clear();
  for (std::size_t i = q.judged_begin; i < q.judged_end; ++i)
    pref_lines_.push_back(pref_line{j.group[i], j.subgroup[i], j.id(i), j.level[i], j.lines[i]});
  // Positions through the shared index sort (no std::sort of its own in
  // the module); docids are unique in a query, so the order is total.
  std::vector<std::size_t> by_score(keys_.size());
  for (std::size_t i = 0; i < by_score.size(); ++i) by_score[i] = i;
  detail::sort_indices(by_score, [this](std::size_t a, std::size_t b) {
    const sort_key &x = keys_[a], &y = keys_[b];
    return x.score != y.score ? x.score > y.score : docid_of(x) < docid_of(y);
  });
  if (by_score.size() > conv_.max_docs) by_score.resize(conv_.max_docs);
  pref_ranked_.clear();
  for (const std::size_t i : by_score) pref_ranked_.push_back(docid_of(keys_[i]));
  return count_prefs(pref_lines_, pref_ranked_, state_.prefs);
}

// Each judgment group's view of the ranking: the group's grades looked up
// for every ranked document; under -J each group drops its own unjudged.
void query_evaluator::group_rankings(const query_input& q) {
  const judgments& j = *q.judged;
  groups_state& out = state_.groups;
  group_order_.clear();
  for (std::size_t i = q.judged_begin; i < q.judged_end; ++i) group_order_.push_back(i);
  detail::sort_indices(group_order_, [&](std::size_t a, std::size_t b) {
    return j.group[a] != j.group[b] ? j.group[a] < j.group[b] : a < b;
  });
  out.count = 0;
  for (std::size_t at = 0; at < group_order_.size();) {
    std::size_t end = at;
    while (end < group_order_.size() && j.group[group_order_[end]] == j.group[group_order_[at]]) ++end;
    if (out.groups.size() <= out.count) out.groups.emplace_back();
    group_ranking& g = out.groups[out.count++];
    docs_.start(end - at);
    g.num_rel = 0;
    for (std::size_t i = at; i < end; ++i) {
      const std::size_t d = group_order_[i];
      const long rel = j.rel(d);
      // The table's level holds the group's grade here (grades beyond int are absurd).
      docs_.add(j.id(d), j.docs[d].hash, rel < 0 ? judged_negative : static_cast<int>(std::min<long>(rel, INT_MAX)));
      if (rel >= 0 && rel >= conv_.opt.relevance_level) ++g.num_rel;
    }
    g.rel.clear();
    g.num_rel_ret = 0;
    for (std::size_t r = 0; r < kept_; ++r) {
      const doc_table::entry* e = docs_.find(docid_of(keys_[r]));
      long grade = not_in_pool;
      if (e) grade = e->level == judged_negative ? unjudged : e->level;
      if (conv_.judged_only && grade < 0) continue;
      g.rel.push_back(grade);
      if (grade >= 0 && grade >= conv_.opt.relevance_level) ++g.num_rel_ret;
    }
    g.num_ret = g.rel.size();
    at = end;
  }
}

}  // namespace ndcg::trec_detail
