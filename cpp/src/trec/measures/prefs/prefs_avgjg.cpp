// prefs_avgjg (-R prefs or qrels_prefs): preferences fulfilled over
// possible within each judgment group, averaged over groups, so one
// assessor's many preferences do not outweigh another's few; _ret and _imp
// as for prefs_simp (m_prefs_avgjg*.c).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
template <class Ful, class Poss>
double over_groups(const query_state& q, Ful ful, Poss poss) {
  double sum = 0;
  for (const pref_group& g : q.prefs.groups)
    if (poss(g)) sum += static_cast<double>(ful(g)) / static_cast<double>(poss(g));
  return sum > 0.0 ? sum / static_cast<double>(q.prefs.groups.size()) : 0.0;
}

double by_group(const query_state& q, const column&) {
  return over_groups(q, [](const pref_group& g) { return g.fulfilled_ret + g.fulfilled_imp; },
                     [](const pref_group& g) { return g.possible_ret + g.possible_imp + g.possible_notoccur; });
}
double by_group_retrieved(const query_state& q, const column&) {
  return over_groups(q, [](const pref_group& g) { return g.fulfilled_ret; },
                     [](const pref_group& g) { return g.possible_ret; });
}
double by_group_implied(const query_state& q, const column&) {
  return over_groups(q, [](const pref_group& g) { return g.fulfilled_ret + g.fulfilled_imp; },
                     [](const pref_group& g) { return g.possible_ret + g.possible_imp; });
}
}  // namespace

const family prefs_avgjg_measure = measure("prefs_avgjg", "prefs_simp within each judgment group, averaged", by_group)
                                       .reads(judgment_kind::prefs)
                                       .needing(need_prefs)
        .described("prefs_simp per group, averaged over groups.");
const family prefs_avgjg_ret_measure =
    measure("prefs_avgjg_ret", "prefs_avgjg among retrieved documents", by_group_retrieved)
        .reads(judgment_kind::prefs)
        .needing(need_prefs)
        .described("Pairs both ranked.");
const family prefs_avgjg_imp_measure =
    measure("prefs_avgjg_imp", "prefs_avgjg over pairs with a document retrieved", by_group_implied)
        .reads(judgment_kind::prefs)
        .needing(need_prefs)
        .described("Without pairs neither ranked.");

}  // namespace ndcg::trec_detail
