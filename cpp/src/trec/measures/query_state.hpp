// What every family reads about one query: the ranking, walked once, and
// the arrays the walk fills. The query evaluator (trec_measures.cpp) fills
// it; a family's value function only reads it.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "trec/measures/groups/groups.hpp"
#include "trec/measures/prefs/prefs_counts.hpp"
#include "trec/measures/measure.hpp"
#include "trec/trec_plan.hpp"

namespace ndcg {
class discount_table;
}

namespace ndcg::trec_detail {

// v when `keep`, else +0, by a mask rather than a branch: the measures
// summing over ranks keep terms at ranks that fall at random (judged or
// not, a gain or none), where a branch is mispredicted every other rank.
// Adding the +0 leaves a sum as it was (a sum from +0 never becomes -0).
inline double kept_if(bool keep, double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof v);
  bits &= std::uint64_t(0) - static_cast<std::uint64_t>(keep);
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

// std::lround(x) (halves away from 0), without the library's call where x is
// at least 0 and below 2^52 (then x minus its whole part is exact): the
// recall levels' ranks (iprec_at_recall, 11pt_avg), asked per level per query.
inline long rounded(double x) {
  if (!(x >= 0 && x < 0x1p52)) return std::lround(x);
  const long whole = static_cast<long>(x);
  return whole + (x - static_cast<double>(whole) >= 0.5);
}

// rbp's persistence p: 0.9 unless the column says p= (rbp.cpp).
double persistence_of(const column& c);

struct query_state {
  const conventions* conv = nullptr;
  const grade_levels* grades = nullptr;
  const discount_table* discounts = nullptr;
  const std::vector<gain_overrides>* schemes = nullptr;  // each gain scheme's level overrides

  // Counts, as trec_eval's res_rels holds them.
  std::size_t num_ret = 0;       // ranked documents (after -M and -J)
  std::size_t num_rel = 0;       // judged with grade >= the relevance level
  std::size_t num_nonrel = 0;    // judged with 0 <= grade < the relevance level
  std::size_t num_rel_ret = 0;   // ranked and relevant
  std::size_t num_nonpool = 0;   // ranked without a qrels line
  std::size_t num_unjudged = 0;  // ranked with a negative judgment
  std::size_t positives = 0;     // judged with a grade above 0
  long num_rel_levels = 0;       // the largest grade judged in the query, plus one (0: none)

  // Per rank r (0-based) for r < depth; depth = num_ret unless every
  // measure stops at a cutoff.
  std::size_t depth = 0;
  std::vector<long> rel;                 // the grade, not_in_pool or unjudged
  // Prefix arrays, index r = 0..depth: over the top r ranks.
  std::vector<std::size_t> hits;         // relevant documents
  std::vector<double> precision_sum;     // precision at each relevant document, summed
  std::size_t first_hit = 0;             // rank of the first relevant document, 0 = none

  // Each relevant document ranked, in rank order (need_hit_list), so that
  // the measures summing over them (bpref, infAP, binG) skip the others.
  struct hit {
    std::size_t rank;            // 0-based
    std::size_t nonrel_above;    // judged with 0 <= grade < the relevance level, above it
    std::size_t unjudged_above;  // judged negative (pooled, not judged), above it
    hit() {}  // uninitialised: the list's room is resized for each query, then written
    hit(std::size_t r, std::size_t nonrel, std::size_t negative) : rank(r), nonrel_above(nonrel), unjudged_above(negative) {}
  };
  std::vector<hit> hits_listed;

  // p^r for r = 0..depth (need_powers), each as the walk down the ranking
  // multiplies it out, per persistence the columns name; kept from query to
  // query and grown as the depth needs.
  std::vector<std::pair<double, std::vector<double>>> powers;
  const double* powers_of(double p) const {
    for (const auto& [of, table] : powers)
      if (std::memcmp(&of, &p, sizeof p) == 0) return table.data();  // -0 apart from 0
    return nullptr;
  }

  // Per gain scheme (filled when a family needs gain sums).
  std::vector<std::vector<double>> gain;        // [scheme][r]: the gain at rank r
  // [scheme]: the ranks whose gain is not 0, in order (need_gained): the measures summing
  // gain terms (rbp, G, ndcg_rel) add only these, as the rest add +0.
  std::vector<std::vector<std::size_t>> gained;
  std::vector<std::vector<double>> dcg;         // [scheme][r], r = 0..depth
  std::vector<std::vector<double>> ideal_gain;  // [scheme][i]: the ideal list's positive gains
  std::vector<std::vector<double>> idcg;        // [scheme][i], i = 0..ideal size

  // Interpolated precision at the k-th relevant document (iprec, 11pt_avg).
  std::vector<double> best_precision;  // [k], k = 0..num_rel_ret; [0] = the best anywhere

  // alpha-nDCG: subtopic sets of the ranked documents and of the ideal list.
  std::vector<const std::vector<std::string>*> alpha_order, alpha_ideal;

  prefs_state prefs;    // -R prefs or qrels_prefs
  groups_state groups;  // -R qrels_jg

  bool relevant(long grade) const { return grade >= conv->opt.relevance_level; }
  // The top min(k, depth) ranks.
  std::size_t top(std::size_t k) const { return k < depth ? k : depth; }
};

}  // namespace ndcg::trec_detail
