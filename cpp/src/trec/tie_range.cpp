// The run in its worst and best order of tied documents: evaluate_trec with
// equal scores ordered by grade (trec_options::tied_grades; see tie_range.hpp).
#include "ndcg/tie_range.hpp"

#include <cmath>
#include <utility>

#include "trec/measures/list.hpp"

namespace ndcg {
namespace {

bool differ(double a, double b) { return std::isnan(a) != std::isnan(b) || (!std::isnan(a) && a != b); }

}  // namespace

bool tie_range_applies(std::string_view measure) {
  const trec_detail::family* f = trec_detail::family_of_column(measure);
  return !f || !f->ties_unbounded;
}

trec_tie_range tie_range_of(trec_result worst, trec_result best) {
  trec_tie_range t;
  t.worst = std::move(worst);
  t.best = std::move(best);
  t.changed.assign(t.worst.names.size(), 0);
  for (std::size_t q = 0; q < t.worst.values.size(); ++q)
    for (std::size_t m = 0; m < t.changed.size(); ++m) t.changed[m] += differ(t.worst.values[q][m], t.best.values[q][m]);
  return t;
}

expected<trec_tie_range> evaluate_tie_range(std::string_view qrels_text, std::string_view run_text,
                                            const trec_options& opt, std::string_view subtopics) {
  trec_options in_order = opt;
  in_order.tied_grades = -1;
  auto worst = evaluate_trec(qrels_text, run_text, in_order, subtopics);
  if (!worst) return worst.err();
  in_order.tied_grades = 1;
  auto best = evaluate_trec(qrels_text, run_text, in_order, subtopics);
  if (!best) return best.err();
  return tie_range_of(std::move(*worst), std::move(*best));
}

std::string format_tie_range(const trec_tie_range& t, bool per_query, int digits) {
  // The worst and best results as trec lines under their own names.
  trec_result lines;
  for (std::size_t m = 0; m < t.worst.names.size(); ++m) {
    if (t.worst.summary_only[m] || t.worst.is_count[m] || t.worst.is_text[m] || t.worst.per_query_only[m] ||
        !tie_range_applies(t.worst.names[m]))
      continue;
    for (const char* part : {":ties", ":worst", ":best"}) {
      lines.names.push_back(t.worst.names[m] + part);
      lines.is_count.push_back(part[1] == 't');
      lines.summary_only.push_back(part[1] == 't');
      lines.per_query_only.push_back(0);
      lines.is_text.push_back(0);
      lines.geometric.push_back(0);
      const double mean = part[1] == 't' ? static_cast<double>(t.changed[m]) : (part[1] == 'w' ? t.worst : t.best).mean[m];
      lines.mean.push_back(mean);
    }
  }
  if (per_query) {
    lines.qids = t.worst.qids;
    for (std::size_t q = 0; q < t.worst.qids.size(); ++q) {
      std::vector<double> row;
      for (std::size_t m = 0; m < t.worst.names.size(); ++m) {
        if (t.worst.summary_only[m] || t.worst.is_count[m] || t.worst.is_text[m] || t.worst.per_query_only[m] ||
            !tie_range_applies(t.worst.names[m]))
          continue;
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
