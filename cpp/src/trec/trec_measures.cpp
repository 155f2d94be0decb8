// One query's values for trec_eval's measures, computed as trec_eval 10.0
// does (m_P.c, m_recall.c, m_map.c, m_recip_rank.c, m_ndcg.c, m_ndcg_cut.c):
// the same ranking, the same sums in the same order, so the doubles match
// bit for bit and print the same at %.17g.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "base/index_sort.hpp"
#include "explain/metrics_detail.hpp"
#include "explain/other_metrics.hpp"
#include "trec/trec_detail.hpp"

namespace ndcg::trec_detail {

// ---- doc_table --------------------------------------------------------------

void doc_table::start(std::size_t expected_size) {
  entries_.clear();
  index_.reset(expected_size);
}

void doc_table::add(std::string_view docid, int level) {
  index_.insert(detail::hash_of(docid), static_cast<std::uint32_t>(entries_.size()), [](std::uint32_t) { return false; });
  entries_.push_back(entry{docid, level});
}

const doc_table::entry* doc_table::find(std::string_view docid) const {
  const std::uint32_t at =
      index_.find(detail::hash_of(docid), [&](std::uint32_t e) { return entries_[e].docid == docid; });
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

query_evaluator::query_evaluator(const plan& p, const conventions& c, const grade_levels& g)
    : plan_(p), conv_(c), grades_(g), discounts_(c.opt.log_base), dcg_(p.schemes.size()),
      idcg_(p.schemes.size()) {}

void query_evaluator::evaluate(const query_input& q, std::vector<double>& row) {
  index_judgments(q);
  index_run(q);
  rank();
  if (plan_.needs(family::iprec_at_recall)) interpolated_precision();
  scheme_done_.assign(plan_.schemes.size(), false);
  row.assign(plan_.columns.size(), 0.0);
  for (std::size_t m = 0; m < plan_.columns.size(); ++m) {
    const column& c = plan_.columns[m];
    if ((c.kind == family::ndcg || c.kind == family::ndcg_cut) && !scheme_done_[c.scheme]) {
      ndcg_sums(c.scheme);
      scheme_done_[c.scheme] = true;
    }
    if (c.kind != family::alpha_ndcg_cut) row[m] = value_of(c);
  }
  if (plan_.needs(family::alpha_ndcg_cut)) alpha_values(q, row);
}

// Hashes the query's judgments and counts the ideal's pool per grade.
void query_evaluator::index_judgments(const query_input& q) {
  docs_.start(q.judged_count);
  level_counts_.assign(grades_.levels.size(), 0);
  num_rel_ = num_nonrel_ = positives_ = 0;
  for (std::size_t i = 0; i < q.judged_count; ++i) {
    const judged_doc& e = q.judged[i];
    const int level = e.rel < 0 ? judged_negative : grades_.index_of(e.rel);
    docs_.add(e.id(), level);
    if (level < 0) continue;
    ++level_counts_[static_cast<std::size_t>(level)];
    if (e.rel >= conv_.relevance_level) ++num_rel_;
    else ++num_nonrel_;
    if (e.rel > 0) ++positives_;
  }
}

// One lookup per retrieved document; unjudged ones are non-relevant.
void query_evaluator::index_run(const query_input& q) {
  const std::size_t n = q.run ? q.run_count : 0;
  entry_level_.resize(n);
  keys_.resize(n);
  relevant_retrieved_ = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const run_entry& e = q.run[i];
    const doc_table::entry* s = docs_.find(e.docid);
    const int level = s ? s->level : not_judged;
    entry_level_[i] = level;
    if (level >= 0 && grades_.levels[static_cast<std::size_t>(level)] >= conv_.relevance_level) ++relevant_retrieved_;
    const long grade = level >= 0 ? grades_.levels[static_cast<std::size_t>(level)] : 0;
    keys_[i] = sort_key{detail::comparable_score(e.score, conv_.opt), conv_.tied_grades * grade, e.docid,
                        static_cast<std::uint32_t>(i)};
  }
  retrieved_ = n;
}

// Score descending; equal scores by docid descending in byte order
// (trec_eval's comp_sim_docno), or in input order when the preset says so.
// Docids are unique within a query, so the order is total and the sorts
// (which, unlike stable_sort, never allocate) give one answer; when every
// measure stops at a cutoff, only that many ranks are put in order.
namespace {

// Highest score first, then the larger tier; the last key is the input
// order, or the docid descending (trec_eval). One comparator type for both
// tie orders, so the module carries one sort and one partial sort.
struct key_order {
  bool by_docid;
  bool operator()(const query_evaluator::sort_key& a, const query_evaluator::sort_key& b) const {
    if (a.score != b.score) return a.score > b.score;
    if (a.tier != b.tier) return a.tier > b.tier;
    return by_docid ? a.docid > b.docid : a.index < b.index;
  }
};

}  // namespace

void query_evaluator::rank() {
  const std::size_t n = keys_.size();
  const bool partial = plan_.sort_depth < n && conv_.opt.ties != tie_policy::average;
  const std::size_t depth = partial ? plan_.sort_depth : n;
  const auto mid = keys_.begin() + static_cast<std::ptrdiff_t>(depth);
  const key_order order{conv_.opt.ties != tie_policy::input};
  if (partial) std::partial_sort(keys_.begin(), mid, keys_.end(), order);
  else std::sort(keys_.begin(), keys_.end(), order);
  walk_ranking(depth);
}

// One pass down the ranked list: hits, AP's sum, the first hit, bpref.
void query_evaluator::walk_ranking(std::size_t depth) {
  ranked_level_.resize(depth);
  hits_.resize(depth + 1);
  hits_[0] = 0;
  precision_sum_ = bpref_ = 0;
  first_hit_ = 0;
  std::size_t nonrel_seen = 0;
  const double judged_nonrel = static_cast<double>(std::min(num_nonrel_, num_rel_));
  for (std::size_t r = 0; r < depth; ++r) {
    const int level = entry_level_[keys_[r].index];
    ranked_level_[r] = level;
    const bool relevant = level >= 0 && grades_.levels[static_cast<std::size_t>(level)] >= conv_.relevance_level;
    hits_[r + 1] = hits_[r] + (relevant ? 1 : 0);
    if (!relevant) {
      if (level >= 0) ++nonrel_seen;  // judged non-relevant (bpref skips the unjudged)
      continue;
    }
    precision_sum_ += static_cast<double>(hits_[r + 1]) / static_cast<double>(r + 1);
    if (first_hit_ == 0) first_hit_ = r + 1;
    bpref_ += nonrel_seen > 0
                  ? 1.0 - static_cast<double>(std::min(nonrel_seen, num_rel_)) / judged_nonrel
                  : 1.0;
  }
}

// Interpolated precision at the k-th relevant document: the best precision
// at it or at any later relevant one (trec_eval's iprec_at_recall).
void query_evaluator::interpolated_precision() {
  best_precision_.assign(relevant_retrieved_ + 1, 0.0);
  double best = 0;
  std::size_t k = relevant_retrieved_;
  for (std::size_t r = ranked_level_.size(); r > 0 && k > 0; --r) {
    if (hits_[r] == hits_[r - 1]) continue;
    best = std::max(best, static_cast<double>(k) / static_cast<double>(r));
    best_precision_[k--] = best;
  }
  best_precision_[0] = best;
}

// Prefix sums of DCG over the ranking and of IDCG over the ideal list, so
// that ndcg and every ndcg_cut_k read them. Terms are added in rank order and
// zero gains skipped, as in m_ndcg.c, which keeps the sums bit-identical.
void query_evaluator::ndcg_sums(std::size_t scheme) {
  const std::vector<double>& level_gain = grades_.gains[scheme];
  const std::size_t n = ranked_level_.size();
  gains_.resize(n);
  for (std::size_t r = 0; r < n; ++r)
    gains_[r] = ranked_level_[r] >= 0 ? level_gain[static_cast<std::size_t>(ranked_level_[r])] : 0.0;
  if (conv_.opt.ties == tie_policy::average) {
    detail::average_tied(
        n, [&](std::size_t r) -> double& { return gains_[r]; },
        [&](std::size_t a, std::size_t b) { return keys_[a].score == keys_[b].score && keys_[a].tier == keys_[b].tier; });
  }

  // The ideal's pool: every judged document, or (ideal from the list) the
  // retrieved ones only; gains <= 0 never enter it (m_ndcg.c stops there).
  const bool from_list = conv_.opt.ideal == ideal_source::list;
  if (from_list) {
    retrieved_counts_.assign(grades_.levels.size(), 0);
    for (int level : entry_level_)
      if (level >= 0) ++retrieved_counts_[static_cast<std::size_t>(level)];
  }
  const std::vector<long>& counts = from_list ? retrieved_counts_ : level_counts_;
  std::size_t ideal_size = 0;
  for (std::size_t level : grades_.by_gain[scheme])
    if (level_gain[level] > 0) ideal_size += static_cast<std::size_t>(counts[level]);
  if (conv_.opt.ideal_cut_to_retrieved) ideal_size = std::min(ideal_size, retrieved_);
  discounts_.reserve(std::max(n, ideal_size));

  std::vector<double>& dcg = dcg_[scheme];
  dcg.resize(n + 1);
  dcg[0] = 0;
  for (std::size_t r = 0; r < n; ++r)
    dcg[r + 1] = gains_[r] != 0 ? dcg[r] + gains_[r] / discounts_.at(r + 1) : dcg[r];

  std::vector<double>& idcg = idcg_[scheme];
  idcg.resize(ideal_size + 1);
  idcg[0] = 0;
  std::size_t at = 0;
  for (std::size_t level : grades_.by_gain[scheme]) {
    const double gain = level_gain[level];
    if (!(gain > 0)) break;
    for (long i = 0; i < counts[level] && at < ideal_size; ++i, ++at)
      idcg[at + 1] = idcg[at] + gain / discounts_.at(at + 1);
  }
}

double query_evaluator::value_of(const column& c) {
  const std::size_t n = retrieved_;
  const std::size_t top = std::min(c.cutoff, n);
  const double n_rel = static_cast<double>(num_rel_);
  switch (c.kind) {
    case family::runid: return std::numeric_limits<double>::quiet_NaN();
    case family::num_q: return 1.0;
    case family::num_ret: return static_cast<double>(n);
    case family::num_rel: return n_rel;
    case family::num_rel_ret: return static_cast<double>(relevant_retrieved_);
    case family::map:
    case family::gm_map: return relevant_retrieved_ ? precision_sum_ / n_rel : 0.0;
    case family::Rprec: {
      const std::size_t look = std::min(n, num_rel_);
      return look ? static_cast<double>(hits_[look]) / n_rel : 0.0;
    }
    case family::bpref: return num_rel_ ? bpref_ / n_rel : bpref_;
    case family::recip_rank: return first_hit_ ? 1.0 / static_cast<double>(first_hit_) : 0.0;
    case family::iprec_at_recall: {
      const auto at = static_cast<std::size_t>(std::lround(c.cutoff_value * n_rel));
      return at > relevant_retrieved_ ? 0.0 : best_precision_[at];
    }
    case family::P: return static_cast<double>(hits_[top]) / c.cutoff_value;
    case family::recall: return num_rel_ ? static_cast<double>(hits_[top]) / n_rel : 0.0;
    case family::success: return hits_[top] > 0 ? 1.0 : 0.0;
    case family::ndcg: return detail::ndcg_of(dcg_[c.scheme].back(), idcg_[c.scheme].back(), conv_.opt.zero_idcg);
    case family::ndcg_cut: {
      const std::vector<double>& idcg = idcg_[c.scheme];
      return detail::ndcg_of(dcg_[c.scheme][top], idcg[std::min(c.cutoff, idcg.size() - 1)], conv_.opt.zero_idcg);
    }
    case family::err_cut: return err_of(c);
    case family::alpha_ndcg_cut: break;
  }
  return 0.0;
}

// ERR@k over the grades in rank order; a query without a positive judgment
// has no value where the preset leaves such queries out (gdeval).
double query_evaluator::err_of(const column& c) {
  if (positives_ == 0 && conv_.opt.zero_idcg == zero_policy::skip) return std::numeric_limits<double>::quiet_NaN();
  const std::size_t top = std::min(c.cutoff, ranked_level_.size());
  grades_buf_.resize(top);
  for (std::size_t r = 0; r < top; ++r)
    grades_buf_[r] = ranked_level_[r] >= 0
                         ? static_cast<double>(grades_.levels[static_cast<std::size_t>(ranked_level_[r])])
                         : 0.0;
  return detail::expected_reciprocal_rank(grades_buf_, c.cutoff, conv_.err_max_grade);
}

// alpha-nDCG@K against ndeval-style judgments: binary per (document,
// subtopic), only positive judgments count; the ideal is greedy over every
// judged document, ties to the larger docid (ndeval), so the pool is handed
// to the greedy search in docid-descending order.
void query_evaluator::alpha_values(const query_input& q, std::vector<double>& row) {
  detail::handle_table index;  // docid -> its place in covers and docids
  std::vector<std::vector<std::string>> covers;
  std::vector<std::string_view> docids;
  const auto same_as = [&](std::string_view id) { return [&docids, id](std::uint32_t i) { return docids[i] == id; }; };
  if (q.subtopics)
    for (const subtopic_entry& e : q.subtopics->entries) {
      if (e.judgment <= 0) continue;
      std::uint32_t at = index.insert(detail::hash_of(e.docid), static_cast<std::uint32_t>(covers.size()), same_as(e.docid));
      if (at == detail::handle_table::none) {
        at = static_cast<std::uint32_t>(covers.size());
        covers.emplace_back();
        docids.push_back(e.docid);
      }
      std::vector<std::string>& list = covers[at];
      if (std::find(list.begin(), list.end(), e.subtopic) == list.end()) list.emplace_back(e.subtopic);
    }
  std::vector<std::size_t> by_docid(covers.size());
  for (std::size_t i = 0; i < by_docid.size(); ++i) by_docid[i] = i;
  detail::sort_indices(by_docid, [&](std::size_t a, std::size_t b) { return docids[a] > docids[b]; });
  std::vector<const std::vector<std::string>*> pool;
  for (std::size_t i : by_docid) pool.push_back(&covers[i]);

  static const std::vector<std::string> none;
  std::vector<const std::vector<std::string>*> order;
  for (std::size_t r = 0; r < std::min(keys_.size(), plan_.max_alpha_cutoff); ++r) {
    const sort_key& k = keys_[r];
    const std::uint32_t found = index.find(detail::hash_of(k.docid), same_as(k.docid));
    order.push_back(found == detail::handle_table::none ? &none : &covers[found]);
  }
  auto ideal = detail::alpha_ideal(pool, plan_.max_alpha_cutoff, conv_.alpha);
  for (std::size_t m = 0; m < plan_.columns.size(); ++m) {
    const column& c = plan_.columns[m];
    if (c.kind != family::alpha_ndcg_cut) continue;
    double idcg = detail::alpha_dcg(ideal, c.cutoff, conv_.alpha);
    row[m] = idcg > 0 ? detail::alpha_dcg(order, c.cutoff, conv_.alpha) / idcg : 0.0;
  }
}

}  // namespace ndcg::trec_detail
