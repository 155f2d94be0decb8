// prefs_num_prefs_poss, _ful, _ful_ret (-R prefs or qrels_prefs): the
// preferences possible, fulfilled (one document retrieved counts as the
// retrieved one preferred), and fulfilled among retrieved documents only;
// the "all" lines are sums (m_prefs_num_prefs_*.c).
#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double possible(const query_state& q, const column&) {
  long n = 0;
  for (const pref_group& g : q.prefs.groups) n += g.possible_ret + g.possible_imp + g.possible_notoccur;
  return static_cast<double>(n);
}
double fulfilled(const query_state& q, const column&) {
  long n = 0;
  for (const pref_group& g : q.prefs.groups) n += g.fulfilled_ret + g.fulfilled_imp;
  return static_cast<double>(n);
}
double fulfilled_retrieved(const query_state& q, const column&) {
  long n = 0;
  for (const pref_group& g : q.prefs.groups) n += g.fulfilled_ret;
  return static_cast<double>(n);
}
constexpr unsigned needs = need_prefs;
}  // namespace

const family prefs_num_prefs_poss_measure =
    measure("prefs_num_prefs_poss", "preferences possible", possible).counted().reads(judgment_kind::prefs).needing(needs)
        .described("A before B, over every judgment group.");
const family prefs_num_prefs_ful_measure =
    measure("prefs_num_prefs_ful", "preferences fulfilled", fulfilled).counted().reads(judgment_kind::prefs).needing(needs)
        .described("A above B, or A ranked and B not.");
const family prefs_num_prefs_ful_ret_measure =
    measure("prefs_num_prefs_ful_ret", "preferences fulfilled among retrieved documents", fulfilled_retrieved)
        .counted()
        .reads(judgment_kind::prefs)
        .needing(needs)
        .described("A above B, both ranked.");

}  // namespace ndcg::trec_detail
