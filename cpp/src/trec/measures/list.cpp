// The one list of measure families, in print order: trec_eval 10.0's
// measures.c order, then ours. And trec_eval's nicknames for sets of them.
// A family is added here by one line; its file says everything else.
#include "trec/measures/list.hpp"

#include <algorithm>

#include "trec/measures/ir_names.hpp"

namespace ndcg::trec_detail {

const std::vector<const family*>& families() {
  // trec_eval 10.0's measures.c, in its order.
  static const std::vector<const family*> list{
      &runid_measure, &num_q_measure, &num_ret_measure, &num_rel_measure, &num_rel_ret_measure, &map_measure,
      &gm_map_measure, &Rprec_measure, &bpref_measure, &recip_rank_measure, &iprec_at_recall_measure, &P_measure,
      &relstring_measure, &recall_measure, &infAP_measure, &gm_bpref_measure, &Rprec_mult_measure, &utility_measure,
      &eleven_point_measure, &binG_measure, &G_measure, &dcg_measure, &ideal_dcg_measure, &ndcg_measure,
      &ndcg_rel_measure, &Rndcg_measure, &ndcg_cut_measure, &map_cut_measure, &relative_P_measure, &success_measure,
      &set_P_measure, &set_relative_P_measure, &set_recall_measure, &set_map_measure, &set_F_measure,
      &num_nonrel_judged_ret_measure, &num_nonjudged_ret_measure, &prefs_num_prefs_poss_measure,
      &prefs_num_prefs_ful_measure, &prefs_num_prefs_ful_ret_measure, &prefs_simp_measure, &prefs_pair_measure,
      &prefs_avgjg_measure, &prefs_avgjg_Rnonrel_measure, &prefs_simp_ret_measure, &prefs_pair_ret_measure,
      &prefs_avgjg_ret_measure, &prefs_avgjg_Rnonrel_ret_measure, &prefs_simp_imp_measure, &prefs_pair_imp_measure,
      &prefs_avgjg_imp_measure, &map_avgjg_measure, &P_avgjg_measure, &Rprec_mult_avgjg_measure, &yaap_measure,
      &rbp_measure, &rbp_resid_measure, &unj_measure,
      // Ours.
      &err_cut_measure, &alpha_ndcg_cut_measure, &judged_measure,
  };
  return list;
}

// trec_eval 10.0's nicknames; all_qrels, which its usage text names but its
// table lacks, is all_trec.
const std::vector<nickname>& nicknames() {
  static const std::vector<std::string_view> all_trec{
      "runid",   "num_q",          "num_ret",   "num_rel",   "num_rel_ret", "map",        "gm_map",
      "Rprec",   "bpref",          "recip_rank", "iprec_at_recall", "P",    "relstring",  "recall",
      "unj",     "rbp",            "rbp_resid", "infAP",     "gm_bpref",    "utility",    "11pt_avg",
      "ndcg",    "relative_P",     "Rprec_mult", "success",  "map_cut",     "ndcg_cut",   "ndcg_rel",
      "Rndcg",   "binG",           "G",         "set_P",     "set_recall",  "set_relative_P", "set_map",
      "set_F",   "num_nonrel_judged_ret"};
  static const std::vector<nickname> list{
      {"official",
       {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
        "iprec_at_recall", "P"}},
      {"set", {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P", "set_recall",
               "set_relative_P", "set_map", "set_F"}},
      {"all_trec", all_trec},
      {"all_qrels", all_trec},
      {"all_prefs",
       {"runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful", "prefs_num_prefs_ful_ret", "prefs_simp",
        "prefs_pair", "prefs_avgjg", "prefs_avgjg_Rnonrel", "prefs_simp_ret", "prefs_pair_ret", "prefs_avgjg_ret",
        "prefs_avgjg_Rnonrel_ret", "prefs_simp_imp", "prefs_pair_imp", "prefs_avgjg_imp"}},
      {"prefs",
       {"runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful", "prefs_num_prefs_ful_ret", "prefs_simp",
        "prefs_pair", "prefs_avgjg"}},
      {"qrels_jg", {"runid", "num_q", "map_avgjg", "P_avgjg", "Rprec_mult_avgjg"}},
  };
  return list;
}

const family* find_family(std::string_view name) {
  for (const family* f : families())
    if (f->name == name) return f;
  return nullptr;
}

// Tries the longest prefix first: "map_cut_10" is map_cut's, not map's;
// then ir_measures' names ("nDCG@10" is ndcg_cut's).
const family* family_of_column(std::string_view printed) {
  for (std::size_t cut = printed.size(); cut > 0; cut = printed.rfind('_', cut - 1)) {
    if (const family* f = find_family(printed.substr(0, cut))) return f;
    if (cut == std::string_view::npos || cut == 0) break;
  }
  auto ir = read_ir_measure(printed);
  return ir ? ir->of : nullptr;
}

std::size_t order_of(const family& f) {
  const std::vector<const family*>& list = families();
  return static_cast<std::size_t>(std::find(list.begin(), list.end(), &f) - list.begin());
}

}  // namespace ndcg::trec_detail
