// Named conventions: each preset sets every option that a library fixes.
#include <array>
#include <string>

#include "ndcg/metrics.hpp"

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

options tf_ranking_options() {
  options o;
  o.negatives = negative_policy::drop;  // negative labels mark padding
  return o;
}

options torchmetrics_options() {
  options o;
  o.gain = gain_kind::linear;
  o.ties = tie_policy::average;
  return o;
}

options elasticsearch_options() {
  options o;
  o.ideal = ideal_source::judgments;
  o.ideal_cut_to_retrieved = true;
  return o;
}

struct preset_entry {
  preset_info info;
  options (*make)();
};

const std::array<preset_entry, 9>& table() {
  static const std::array<preset_entry, 9> entries{{
      {{"document", "2^rel - 1 gain, log2 discount, ideal from the ranking, ties in input order, NDCG 0 when IDCG is 0"}, document_options},
      {{"trec_eval", "linear gain, ideal from all judgments, ties by docid descending, negative judgments worth 0"}, trec_eval_options},
      {{"gdeval", "2^rel - 1 gain, grades 0 to 4, ideal from all judgments, ties by docid descending, queries without relevant documents left out (default cutoff 20)"}, gdeval_options},
      {{"sklearn", "linear gain, ideal from the same labels, tied scores averaged, NDCG 0 when IDCG is 0"}, sklearn_options},
      {{"lightgbm", "2^label - 1 gain, integer labels 0 to 30, ties in input order, NDCG 1 when IDCG is 0"}, lightgbm_options},
      {{"xgboost", "2^label - 1 gain, labels truncated to integers, float32 scores, ties in input order, NDCG 1 when IDCG is 0"}, xgboost_options},
      {{"tf-ranking", "2^label - 1 gain, negative labels dropped as padding; ties in input order (TF-Ranking shuffles them at random)"}, tf_ranking_options},
      {{"torchmetrics", "linear gain, tied scores averaged, NDCG 0 when IDCG is 0"}, torchmetrics_options},
      {{"elasticsearch", "2^rating - 1 gain, ideal from rated documents cut to the hits returned (rank_eval dcg with normalize: true)"}, elasticsearch_options},
  }};
  return entries;
}

// The fields a preset decides; K, weights and the like stay the user's.
bool same_convention(const options& a, const options& b) {
  return a.gain == b.gain && a.log_base == b.log_base && a.ideal == b.ideal &&
         a.ideal_cut_to_retrieved == b.ideal_cut_to_retrieved && a.ties == b.ties &&
         a.zero_idcg == b.zero_idcg && a.negatives == b.negatives &&
         a.integer_grades == b.integer_grades && a.truncate_grades == b.truncate_grades &&
         a.float32_scores == b.float32_scores && a.max_grade == b.max_grade &&
         a.err_max_grade == b.err_max_grade;
}

template <class Enum, std::size_t N>
expected<Enum> parse_enum(std::string_view s, const std::array<Enum, N>& values, const char* what) {
  std::string known;
  for (Enum v : values) {
    if (name_of(v) == s) return v;
    known += (known.empty() ? "" : ", ") + std::string(name_of(v));
  }
  return fail(std::string("unknown ") + what + " " + echo(s) + " (expected one of: " + known + ")");
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
  return fail("unknown preset " + echo(name) + " (expected one of: " + known + ")");
}

std::string_view matching_preset(const options& opt) {
  for (const preset_entry& e : table())
    if (same_convention(opt, e.make()) && opt.gain_table.empty()) return e.info.name;
  return {};
}

std::string_view name_of(gain_kind v) {
  switch (v) {
    case gain_kind::linear: return "linear";
    case gain_kind::table: return "table";
    case gain_kind::exponential: break;
  }
  return "exp";
}
std::string_view name_of(ideal_source v) { return v == ideal_source::list ? "list" : "judgments"; }
std::string_view name_of(tie_policy v) {
  switch (v) {
    case tie_policy::trec: return "trec";
    case tie_policy::average: return "average";
    case tie_policy::input: break;
  }
  return "input";
}
std::string_view name_of(zero_policy v) {
  switch (v) {
    case zero_policy::one: return "one";
    case zero_policy::skip: return "skip";
    case zero_policy::zero: break;
  }
  return "zero";
}
std::string_view name_of(negative_policy v) {
  switch (v) {
    case negative_policy::zero: return "zero";
    case negative_policy::drop: return "drop";
    case negative_policy::reject: break;
  }
  return "reject";
}

expected<gain_kind> parse_gain_kind(std::string_view s) {
  if (s == "exponential") return gain_kind::exponential;
  return parse_enum(s, std::array{gain_kind::exponential, gain_kind::linear, gain_kind::table}, "gain");
}
expected<ideal_source> parse_ideal_source(std::string_view s) {
  return parse_enum(s, std::array{ideal_source::list, ideal_source::judgments}, "ideal source");
}
expected<tie_policy> parse_tie_policy(std::string_view s) {
  return parse_enum(s, std::array{tie_policy::input, tie_policy::trec, tie_policy::average}, "tie policy");
}
expected<zero_policy> parse_zero_policy(std::string_view s) {
  return parse_enum(s, std::array{zero_policy::zero, zero_policy::one, zero_policy::skip}, "IDCG = 0 policy");
}
expected<negative_policy> parse_negative_policy(std::string_view s) {
  return parse_enum(s, std::array{negative_policy::reject, negative_policy::zero, negative_policy::drop}, "negative-grade policy");
}

}  // namespace ndcg
