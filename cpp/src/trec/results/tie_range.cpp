// The run in its worst and best order of tied documents: evaluate_trec with
// equal scores ordered by grade (trec_options::tied_grades; see trec.hpp).
#include "ndcg/trec.hpp"

#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "trec/measures/list.hpp"

namespace ndcg {
namespace {

bool differ(double a, double b) { return std::isnan(a) != std::isnan(b) || (!std::isnan(a) && a != b); }

// A measure whose order of ties the range reports: a number per query, with
// an "all" line, that a grade order bounds.
bool ranged(const trec_result& r, std::size_t m) {
  return !(r.summary_only[m] || r.is_count[m] || r.is_text[m] || r.per_query_only[m]) && tie_range_applies(r.names[m]);
}

// Adds a number column to `r`: its name, whether it is the count of queries
// that change (on the "all" line only), and its mean.
void add_column(trec_result& r, std::string name, bool ties, double mean) {
  r.names.push_back(std::move(name));
  r.is_count.push_back(ties);
  r.summary_only.push_back(ties);
  r.per_query_only.push_back(0);
  r.is_text.push_back(0);
  r.geometric.push_back(0);
  r.mean.push_back(mean);
}

constexpr const char* parts[] = {":ties", ":worst", ":best"};

double mean_of(const trec_tie_range& t, std::size_t m, const char* part) {
  if (part[1] == 't') return static_cast<double>(t.changed[m]);
  return (part[1] == 'w' ? t.worst : t.best).mean[m];
}

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
  return tie_range_by(opt, [&](const trec_options& o) { return evaluate_trec(qrels_text, run_text, o, subtopics); });
}

std::string format_tie_range(const trec_tie_range& t, bool per_query, int digits) {
  // The worst and best results as trec lines under their own names; with
  // per_query, the queries that change.
  trec_result lines;
  for (std::size_t m = 0; m < t.worst.names.size(); ++m)
    if (ranged(t.worst, m))
      for (const char* part : parts) add_column(lines, t.worst.names[m] + part, part[1] == 't', mean_of(t, m, part));
  if (per_query) {
    lines.qids = t.worst.qids;
    for (std::size_t q = 0; q < t.worst.qids.size(); ++q) {
      std::vector<double> row;
      for (std::size_t m = 0; m < t.worst.names.size(); ++m) {
        if (!ranged(t.worst, m)) continue;
        const bool moves = differ(t.worst.values[q][m], t.best.values[q][m]);
        const double none = std::nan("");
        row.insert(row.end(), {none, moves ? t.worst.values[q][m] : none, moves ? t.best.values[q][m] : none});
      }
      lines.values.push_back(std::move(row));
    }
  }
  return format_trec(lines, per_query, digits);
}

trec_result with_tie_range(const trec_result& r, const trec_tie_range& t) {
  // The three evaluations read the same queries, sorted the same way.
  trec_result out = r;
  const bool same_queries = t.worst.qids == r.qids && t.best.qids == r.qids;
  std::vector<std::vector<double>> columns;
  for (std::size_t m = 0; m < t.worst.names.size(); ++m) {
    if (!ranged(t.worst, m)) continue;
    for (const char* part : parts) {
      add_column(out, t.worst.names[m] + part, part[1] == 't', mean_of(t, m, part));
      const trec_result& from = part[1] == 'b' ? t.best : t.worst;
      std::vector<double>& column = columns.emplace_back(out.qids.size(), std::nan(""));
      if (part[1] != 't' && same_queries)
        for (std::size_t q = 0; q < out.qids.size(); ++q) column[q] = from.values[q][m];
    }
  }
  out.values.add_columns(columns);
  return out;
}

std::string render_trec(const trec_result& r, const trec_output& out, const trec_tie_range& t) {
  if (out.format != report_format::text) return render_trec(with_tie_range(r, t), out);
  return render_trec(r, out) + format_tie_range(t, out.per_query, out.digits);
}

}  // namespace ndcg
