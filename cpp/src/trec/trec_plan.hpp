// What a batch evaluation computes, fixed before the first query: the
// columns (from the measure list and the -m arguments), the gain schemes,
// the conventions (-l, -M, -J, -N, presets) and the grades of the qrels.
// Shared by trec.cpp (building them), the query loop and the families.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/trec.hpp"
#include "trec/measures/measure.hpp"

namespace ndcg::trec_detail {

// gm_map's floor: trec_eval takes the log of max(AP, this).
inline constexpr double min_geo_mean = 0.00001;

// Per-level gain overrides of one gain scheme ("ndcg.1=1,2=3").
using gain_overrides = std::vector<std::pair<long, double>>;

struct plan {
  std::vector<column> columns;          // in print order
  std::vector<gain_overrides> schemes;  // [0] = no overrides
  std::size_t max_alpha_cutoff = 0;
  std::size_t sort_depth = SIZE_MAX;    // ranks that must be in order; less when every
                                        // measure stops at a cutoff (a partial sort)
  unsigned needs = 0;                   // the union of the families' needs
  judgment_kind judgments = judgment_kind::qrels;  // what the families read
  std::vector<std::string> notes;       // readings taken that the output should mention
  std::vector<std::string> not_offered; // trec_eval measures a nickname named that we lack
  bool wants(need n) const { return (needs & n) != 0; }
};
expected<plan> make_plan(const trec_options& opt);

// Conventions that are not measures, as the query loop reads them: the
// options as given (gain, ties, ideal source, IDCG = 0, log base, the
// relevance level: grade >= it is relevant, alpha), and trec_options'
// values resolved once.
struct conventions {
  options opt;
  double err_max_grade = 0;  // the option, or the largest grade judged
  long tied_grades = 0;      // trec_options::tied_grades as -1, 0 or +1
  std::size_t max_docs = SIZE_MAX;  // -M: ranks kept per query (0 there: all)
  bool judged_only = false;         // -J: unjudged documents leave the ranking
  double docs_in_collection = 0;    // -N: for utility's fourth coefficient
};
expected<conventions> make_conventions(const trec_options& opt);

// The non-negative grades judged anywhere in the qrels and their gains.
struct grade_levels {
  std::vector<long> levels;                       // ascending
  std::vector<std::vector<double>> gains;         // [scheme][level index]
  std::vector<std::vector<std::size_t>> by_gain;  // [scheme] level indices, largest gain first
  std::vector<int> small;                         // index_of(g) for 0 <= g < small.size()
  // -1 when the grade is negative or unknown; small grades (the usual ones)
  // by one lookup, as every judged document of every query asks.
  int index_of(long grade) const {
    if (grade >= 0 && static_cast<unsigned long>(grade) < small.size()) return small[static_cast<std::size_t>(grade)];
    return index_of_large(grade);
  }
  int index_of_large(long grade) const;
};

}  // namespace ndcg::trec_detail
