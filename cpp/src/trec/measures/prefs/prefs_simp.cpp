// prefs_simp (-R prefs or qrels_prefs): preferences fulfilled over
// preferences possible, over all judgment groups; _ret counts only pairs
// with both documents retrieved, _imp those with at least one (where the
// retrieved one is taken as preferred); m_prefs_simp*.c.
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double ratio(long ful, long poss) { return poss ? static_cast<double>(ful) / static_cast<double>(poss) : 0.0; }

double simple(const query_state& q, const column&) {
  long ful = 0, poss = 0;
  for (const pref_group& g : q.prefs.groups)
    ful += g.fulfilled_ret + g.fulfilled_imp, poss += g.possible_ret + g.possible_imp + g.possible_notoccur;
  return ratio(ful, poss);
}
double simple_retrieved(const query_state& q, const column&) {
  long ful = 0, poss = 0;
  for (const pref_group& g : q.prefs.groups) ful += g.fulfilled_ret, poss += g.possible_ret;
  return ratio(ful, poss);
}
double simple_implied(const query_state& q, const column&) {
  long ful = 0, poss = 0;
  for (const pref_group& g : q.prefs.groups)
    ful += g.fulfilled_ret + g.fulfilled_imp, poss += g.possible_ret + g.possible_imp;
  return ratio(ful, poss);
}
}  // namespace

const family prefs_simp_measure =
    measure("prefs_simp", "preferences fulfilled over possible", simple).reads(judgment_kind::prefs).needing(need_prefs)
        .described("Fulfilled / possible; A ranked and B not fulfils it, neither ranked fails it.");
const family prefs_simp_ret_measure = measure("prefs_simp_ret", "prefs_simp among retrieved documents", simple_retrieved)
                                          .reads(judgment_kind::prefs)
                                          .needing(need_prefs)
        .described("Pairs both ranked.");
const family prefs_simp_imp_measure =
    measure("prefs_simp_imp", "prefs_simp over pairs with a document retrieved", simple_implied)
        .reads(judgment_kind::prefs)
        .needing(need_prefs)
        .described("Without pairs neither ranked.");

}  // namespace ndcg::trec_detail
