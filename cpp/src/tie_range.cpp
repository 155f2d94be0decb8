// The run in its worst and best order of tied documents, evaluated through
// evaluate_trec's public entry (see tie_range.hpp).
#include "ndcg/tie_range.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "hash_table.hpp"
#include "metrics_detail.hpp"
#include "ndcg/parse.hpp"

namespace ndcg {
namespace {

// The judged grade of every (qid, docid), negative ones as 0, in the one
// hash table of the TREC code.
class grade_index {
  struct entry {
    std::string_view qid, docid;
    long grade;
  };
  struct same {  // the handle's entry is this (qid, docid)
    const std::vector<entry>& entries;
    std::string_view qid, docid;
    bool operator()(std::uint32_t h) const { return entries[h].qid == qid && entries[h].docid == docid; }
  };
  static std::size_t key(std::string_view qid, std::string_view docid) {
    return detail::mix(detail::hash_of(qid), detail::hash_of(docid));
  }
  std::vector<entry> entries_;
  detail::handle_table table_;

 public:
  explicit grade_index(const qrels_file& qrels) {
    std::size_t count = 0;
    for (const qrels_query& q : qrels.queries) count += q.entries.size();
    table_.reset(count);
    for (const qrels_query& q : qrels.queries)
      for (const qrel_entry& e : q.entries) {
        const auto handle = static_cast<std::uint32_t>(entries_.size());
        entries_.push_back({q.qid, e.docid, std::max(e.rel, 0L)});
        table_.insert(key(q.qid, e.docid), handle, same{entries_, q.qid, e.docid});
      }
  }
  long grade(std::string_view qid, std::string_view docid) const {
    const std::uint32_t h = table_.find(key(qid, docid), same{entries_, qid, docid});
    return h == detail::handle_table::none ? 0 : entries_[h].grade;
  }
};

std::size_t index_in(const std::vector<double>& sorted, double v) {
  return static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), v) - sorted.begin());
}

std::vector<double> distinct_sorted(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

// One query's lines with new scores: the rank of (score, grade), so every
// group of equal scores is ordered by grade (best: larger first) and only
// documents of equal grade, whose order changes nothing, still tie.
void append_query(const run_query& q, const grade_index& grades, const options& conv, bool best, std::string& out) {
  const std::size_t n = q.entries.size();
  std::vector<double> scores(n), levels(n), keys(n);
  for (std::size_t i = 0; i < n; ++i) {
    scores[i] = detail::comparable_score(q.entries[i].score, conv);
    levels[i] = static_cast<double>(grades.grade(q.qid, q.entries[i].docid));
  }
  const std::vector<double> score_order = distinct_sorted(scores), level_order = distinct_sorted(levels);
  const auto count = static_cast<double>(level_order.size());
  for (std::size_t i = 0; i < n; ++i) {
    const auto level = static_cast<double>(index_in(level_order, levels[i]));
    keys[i] = static_cast<double>(index_in(score_order, scores[i])) * count + (best ? level : count - 1 - level);
  }
  const std::vector<double> ranks = distinct_sorted(keys);  // compact: no more distinct scores than documents
  for (std::size_t i = 0; i < n; ++i) {
    out.append(q.qid).append(" Q0 ").append(q.entries[i].docid).append(" 0 ");
    out.append(std::to_string(index_in(ranks, keys[i]) + 1)).append(" t\n");
  }
}

std::string reordered_run(const run_file& run, const grade_index& grades, const options& conv, bool best) {
  std::string out;
  for (const run_query& q : run.queries) append_query(q, grades, conv, best, out);
  return out;
}

bool differ(double a, double b) { return std::isnan(a) != std::isnan(b) || (!std::isnan(a) && a != b); }

}  // namespace

bool tie_range_applies(std::string_view measure) { return measure.rfind("alpha_ndcg_cut", 0) != 0; }

expected<trec_tie_range> evaluate_tie_range(std::string_view qrels_text, std::string_view run_text,
                                            const trec_options& opt, std::string_view subtopics) {
  auto conv = preset(opt.preset.empty() ? std::string_view("trec_eval") : std::string_view(opt.preset));
  if (!conv) return conv.err();
  auto qrels = parse_qrels(qrels_text);
  if (!qrels) return error(qrels.err()).in("qrels");
  auto run = parse_run(run_text);
  if (!run) return error(run.err()).in("run");
  const grade_index grades(*qrels);
  trec_tie_range t;
  auto worst = evaluate_trec(qrels_text, reordered_run(*run, grades, *conv, false), opt, subtopics);
  if (!worst) return worst.err();
  auto best = evaluate_trec(qrels_text, reordered_run(*run, grades, *conv, true), opt, subtopics);
  if (!best) return best.err();
  t.worst = std::move(*worst);
  t.best = std::move(*best);
  t.changed.assign(t.worst.names.size(), 0);
  for (std::size_t q = 0; q < t.worst.values.size(); ++q)
    for (std::size_t m = 0; m < t.changed.size(); ++m) t.changed[m] += differ(t.worst.values[q][m], t.best.values[q][m]);
  return t;
}

std::string format_tie_range(const trec_tie_range& t, bool per_query, int digits) {
  // The worst and best results as trec lines under their own names.
  trec_result lines;
  for (std::size_t m = 0; m < t.worst.names.size(); ++m) {
    if (t.worst.summary_only[m] || t.worst.is_count[m] || !tie_range_applies(t.worst.names[m])) continue;
    for (const char* part : {":ties", ":worst", ":best"}) {
      lines.names.push_back(t.worst.names[m] + part);
      lines.is_count.push_back(part[1] == 't');
      lines.summary_only.push_back(part[1] == 't');
      const double mean = part[1] == 't' ? static_cast<double>(t.changed[m]) : (part[1] == 'w' ? t.worst : t.best).mean[m];
      lines.mean.push_back(mean);
    }
  }
  if (per_query) {
    lines.qids = t.worst.qids;
    for (std::size_t q = 0; q < t.worst.qids.size(); ++q) {
      std::vector<double> row;
      for (std::size_t m = 0; m < t.worst.names.size(); ++m) {
        if (t.worst.summary_only[m] || t.worst.is_count[m] || !tie_range_applies(t.worst.names[m])) continue;
        const bool moves = differ(t.worst.values[q][m], t.best.values[q][m]);
        const double none = std::nan("");
        row.insert(row.end(), {none, moves ? t.worst.values[q][m] : none, moves ? t.best.values[q][m] : none});
      }
      lines.values.push_back(std::move(row));
    }
  }
  return format_trec(lines, per_query, digits);
}

}  // namespace ndcg
