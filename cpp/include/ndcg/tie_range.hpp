// How far the order of tied documents can move trec_eval's values.
// trec_eval orders equal scores by docid, an accident of naming: two runs
// that differ only in document ids can score differently. The run is
// evaluated again with every group of equal scores in its worst order
// (smaller judged grades first) and in its best (larger grades first). That
// bounds every measure whose gain grows with the grade: ndcg, ndcg_cut, P,
// recall, map, recip_rank, err_cut (not alpha_ndcg_cut, whose best order
// depends on subtopics, nor an ndcg gain list that does not grow).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/trec.hpp"

namespace ndcg {

struct trec_tie_range {
  trec_result worst, best;           // evaluate_trec's measures and queries, in the two orders
  std::vector<std::size_t> changed;  // per measure: queries whose worst and best values differ
};

// The two results (the run evaluated with trec_options::tied_grades -1 and +1,
// whole or streamed) and the count of queries that move, per measure.
trec_tie_range tie_range_of(trec_result worst, trec_result best);

// The run evaluated twice more by `evaluate(options)` (whole, streamed, from
// a file), with equal scores in the worst and in the best order of grades.
template <class Evaluate>
expected<trec_tie_range> tie_range_by(trec_options opt, Evaluate&& evaluate) {
  opt.tied_grades = -1;
  auto worst = evaluate(opt);
  if (!worst) return worst.err();
  opt.tied_grades = 1;
  auto best = evaluate(opt);
  if (!best) return best.err();
  return tie_range_of(std::move(*worst), std::move(*best));
}

// Errors are evaluate_trec's for the same inputs.
expected<trec_tie_range> evaluate_tie_range(std::string_view qrels_text, std::string_view run_text,
                                            const trec_options& opt, std::string_view subtopics = {});

// False for the measures a grade order does not bound: their families say
// so (unbounded_by_ties: alpha_ndcg_cut_*, rbp_resid).
bool tie_range_applies(std::string_view measure);

// trec_eval-style lines after the usual ones, three per measure:
// "NAME:ties<TAB>all<TAB>queries that change", "NAME:worst<TAB>all<TAB>mean",
// "NAME:best<TAB>all<TAB>mean"; with per_query, also the worst and best of
// each query that changes.
std::string format_tie_range(const trec_tie_range& t, bool per_query, int digits = 4);

// `r` with the range as measures of its own, as the JSON and CSV reports and
// the bindings' fields carry it: for each measure it applies to, NAME:ties
// (on the "all" line alone: the queries that change), NAME:worst and
// NAME:best (every query's value in the worst and in the best order, and
// their means).
trec_result with_tie_range(const trec_result& r, const trec_tie_range& t);

// render_trec's report of `r` with the range: the text's lines after the
// usual ones (format_tie_range), JSON's and CSV's measures of with_tie_range.
std::string render_trec(const trec_result& r, const trec_output& out, const trec_tie_range& t);

}  // namespace ndcg
