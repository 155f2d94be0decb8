// prefs_pair (-R prefs or qrels_prefs): per document pair with any
// preference, the share of the groups' preferences between them that the
// ranking fulfils, averaged over pairs; pairs with neither document
// retrieved score 0. _ret: pairs both retrieved; _imp: at least one
// (m_prefs_pair*.c).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
// Pairs i < j of numbers in [from_i, to_i) x [.., to_j): the ranking puts i first.
void add_pairs(const prefs_state& s, std::size_t i_end, std::size_t j_from, std::size_t j_end, bool scored, double& sum,
               long& pairs, bool upper) {
  for (std::size_t i = 0; i < i_end; ++i)
    for (std::size_t j = upper ? i + 1 : j_from; j < j_end; ++j) {
      const unsigned ij = s.count(i, j), ji = s.count(j, i);
      if (!ij && !ji) continue;
      ++pairs;
      if (scored) sum += static_cast<double>(ij) / static_cast<double>(ij + ji);
    }
}

double average(const query_state& q, bool implied, bool unretrieved) {
  const prefs_state& s = q.prefs;
  double sum = 0;
  long pairs = 0;
  add_pairs(s, s.judged_ret, 0, s.judged_ret, true, sum, pairs, true);
  if (implied) add_pairs(s, s.judged_ret, s.judged_ret, s.judged, true, sum, pairs, false);
  if (unretrieved)
    for (std::size_t i = s.judged_ret; i < s.judged; ++i)
      for (std::size_t j = i + 1; j < s.judged; ++j) pairs += s.count(i, j) || s.count(j, i);
  return pairs ? sum / static_cast<double>(pairs) : 0.0;
}

double pair(const query_state& q, const column&) { return average(q, true, true); }
double pair_retrieved(const query_state& q, const column&) { return average(q, false, false); }
double pair_implied(const query_state& q, const column&) { return average(q, true, false); }
}  // namespace

const family prefs_pair_measure =
    measure("prefs_pair", "per document pair, the share of preferences fulfilled", pair)
        .reads(judgment_kind::prefs)
        .needing(need_prefs)
        .described("Per pair, the share fulfilled, averaged over pairs.");
const family prefs_pair_ret_measure = measure("prefs_pair_ret", "prefs_pair among retrieved documents", pair_retrieved)
                                          .reads(judgment_kind::prefs)
                                          .needing(need_prefs)
        .described("Pairs both ranked.");
const family prefs_pair_imp_measure =
    measure("prefs_pair_imp", "prefs_pair over pairs with a document retrieved", pair_implied)
        .reads(judgment_kind::prefs)
        .needing(need_prefs)
        .described("Without pairs neither ranked.");

}  // namespace ndcg::trec_detail
