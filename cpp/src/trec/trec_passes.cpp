// Measures named with their own conventions (ir_measures' rel= and
// judged_only=) evaluated in one pass per set of conventions, the columns
// then joined (every pass evaluates the same queries, in the same order).
#include <algorithm>

#include "ndcg/trec.hpp"
#include "trec/measures/ir_names.hpp"

namespace ndcg {
namespace {

struct pass {
  double level;
  bool judged_only;
  std::vector<std::string> measures;
};

// The passes, the options' own first; its measures empty when it has none
// (then it is not evaluated, unless it is the only one).
expected<std::vector<pass>> passes_of(const trec_options& opt) {
  std::vector<pass> out(1);
  out[0].level = opt.conv.relevance_level;
  out[0].judged_only = opt.judged_only;
  for (const std::string& text : opt.measures) {
    auto ir = trec_detail::read_ir_measure(text);
    if (!ir) return ir.err();
    const double level = ir->relevance_level ? static_cast<double>(*ir->relevance_level) : out[0].level;
    const bool judged_only = ir->judged_only ? *ir->judged_only : out[0].judged_only;
    std::size_t p = 0;
    while (p < out.size() && (out[p].level != level || out[p].judged_only != judged_only)) ++p;
    if (p == out.size()) out.push_back(pass{level, judged_only, {}});
    out[p].measures.push_back(text);
  }
  return out;
}

// The columns of `more` after those of `r`.
status append_columns(trec_result& r, trec_result& more) {
  if (more.qids != r.qids)
    return fail(error_code::bad_input, "the measures' evaluations under their conventions gave other queries");
  for (std::size_t m = 0; m < more.names.size(); ++m) {
    r.names.push_back(std::move(more.names[m]));
    r.is_count.push_back(more.is_count[m]);
    r.summary_only.push_back(more.summary_only[m]);
    r.per_query_only.push_back(more.per_query_only[m]);
    r.is_text.push_back(0);  // ir_measures' names are never text measures
    r.geometric.push_back(more.geometric[m]);
    r.mean.push_back(more.mean[m]);
  }
  std::vector<std::vector<double>> columns(more.names.size(), std::vector<double>(r.qids.size()));
  for (std::size_t q = 0; q < r.qids.size(); ++q)
    for (std::size_t m = 0; m < columns.size(); ++m) columns[m][q] = more.values[q][m];
  r.values.add_columns(columns);
  r.notes.insert(r.notes.end(), more.notes.begin(), more.notes.end());
  return done{};
}

}  // namespace

expected<std::size_t> convention_passes(const trec_options& opt) {
  auto passes = passes_of(opt);
  if (!passes) return passes.err();
  return passes->size() - (passes->size() > 1 && passes->front().measures.empty());
}

expected<trec_result> evaluate_by_conventions(const trec_options& opt, trec_evaluate_ref evaluate) {
  auto passes = passes_of(opt);
  if (!passes) return passes.err();
  if (passes->size() == 1) return evaluate(opt);
  trec_result joined;
  trec_options o = opt;
  bool first = true;
  for (pass& p : *passes) {
    if (p.measures.empty()) continue;  // the options' own, without a measure
    o.conv.relevance_level = p.level;
    o.judged_only = p.judged_only;
    o.measures = std::move(p.measures);
    auto r = evaluate(o);
    if (!r) return r.err();
    if (first) joined = std::move(*r);
    else if (auto ok = append_columns(joined, *r); !ok) return ok.err();
    first = false;
  }
  return joined;
}

}  // namespace ndcg
