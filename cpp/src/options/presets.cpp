// Named conventions: each preset sets every option that a library fixes.
#include <array>
#include <string>

#include "ndcg/option_table.hpp"

namespace ndcg {
namespace {

options document_options() { return options{}; }

options trec_eval_options() {
  options o;
  o.gain = gain_kind::linear;
  o.ideal = ideal_source::judgments;
  o.ties = tie_policy::trec;
  o.negatives = negative_policy::zero;
  return o;
}

options gdeval_options() {
  options o;
  o.ideal = ideal_source::judgments;
  o.ties = tie_policy::trec;
  o.zero_idcg = zero_policy::skip;
  o.negatives = negative_policy::zero;
  o.max_grade = 4;
  o.err_max_grade = 4;
  return o;
}

options sklearn_options() {
  options o;
  o.gain = gain_kind::linear;
  o.ties = tie_policy::average;
  return o;
}

options lightgbm_options() {
  options o;
  o.zero_idcg = zero_policy::one;
  o.integer_grades = true;
  o.max_grade = 30;  // label_gain has 31 default entries
  return o;
}

options xgboost_options() {
  options o;
  o.zero_idcg = zero_policy::one;
  o.truncate_grades = true;
  o.float32_scores = true;
  return o;
}

// XGBoost's "ndcg@k-" (and "ndcg-"): a group with no relevant document scores 0.
options xgboost_minus_options() {
  options o = xgboost_options();
  o.zero_idcg = zero_policy::zero;
  return o;
}

options tf_ranking_options() {
  options o;
  o.negatives = negative_policy::drop;  // negative labels mark padding
  return o;
}

// torchmetrics' conventions are scikit-learn's.
options torchmetrics_options() { return sklearn_options(); }

options elasticsearch_options() {
  options o;
  o.ideal = ideal_source::judgments;
  o.ideal_cut_to_retrieved = true;
  return o;
}

// Spark MLlib's RankingMetrics.ndcgAt: the ideal from the whole label set,
// cut at k; 2^rel - 1, which is 1 for a label without a relevance value;
// the prediction array's order (no scores, so no ties).
options spark_options() {
  options o;
  o.ideal = ideal_source::judgments;
  return o;
}

struct preset_entry {
  preset_info info;
  options (*make)();
};

const std::array<preset_entry, 11>& table() {
  static const std::array<preset_entry, 11> entries{{
      {{"document", "2^rel - 1 gain, log2 discount, ideal from the ranking, ties in input order, NDCG 0 when IDCG is 0"}, document_options},
      {{"trec_eval", "linear gain, ideal from all judgments, ties by docid descending, negative judgments worth 0"}, trec_eval_options},
      {{"gdeval", "2^rel - 1 gain, grades 0 to 4, ideal from all judgments, ties by docid descending, queries without relevant documents left out (default cutoff 20)"}, gdeval_options},
      {{"sklearn", "linear gain, ideal from the same labels, tied scores averaged, NDCG 0 when IDCG is 0"}, sklearn_options},
      {{"lightgbm", "2^label - 1 gain, integer labels 0 to 30, ties in input order, NDCG 1 when IDCG is 0"}, lightgbm_options},
      {{"xgboost", "2^label - 1 gain, labels truncated to integers, float32 scores, ties in input order, NDCG 1 when IDCG is 0 (XGBoost's ndcg@k)"}, xgboost_options},
      {{"xgboost-", "as xgboost, but NDCG 0 when IDCG is 0 (XGBoost's ndcg@k-)"}, xgboost_minus_options},
      {{"tf-ranking", "2^label - 1 gain, negative labels dropped as padding; ties in input order (TF-Ranking shuffles them at random)"}, tf_ranking_options},
      {{"torchmetrics", "linear gain, tied scores averaged, NDCG 0 when IDCG is 0"}, torchmetrics_options},
      {{"elasticsearch", "2^rating - 1 gain, ideal from rated documents cut to the hits returned (rank_eval dcg with normalize: true)"}, elasticsearch_options},
      {{"spark", "MLlib's RankingMetrics.ndcgAt: 2^rel - 1 gain (a bare label: 1), ideal from all labels cut at k, input order, 0 for no labels"}, spark_options},
  }};
  return entries;
}

}  // namespace

const std::vector<preset_info>& presets() {
  static const std::vector<preset_info> list = [] {
    std::vector<preset_info> out;
    for (const preset_entry& e : table()) out.push_back(e.info);
    return out;
  }();
  return list;
}

expected<options> preset(std::string_view name) {
  std::string known;
  for (const preset_entry& e : table()) {
    if (e.info.name == name) return e.make();
    known += (known.empty() ? "" : ", ") + std::string(e.info.name);
  }
  return option_fail(error_code::unknown_choice, "preset", "unknown preset " + echo(name) + " (expected one of: " + known + ")")
      .with("found", name)
      .with("choices", known);
}

options trec_eval_conventions() { return trec_eval_options(); }

std::string_view matching_preset(const options& opt) {
  for (const preset_entry& e : table())
    if (same_convention(opt, e.make())) return e.info.name;
  return {};
}

}  // namespace ndcg
