// Measures named with their own conventions (ir_measures' rel= and
// judged_only=) evaluated in one pass per set of conventions, the columns
// then joined query by query (every pass evaluates the same queries).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <unordered_map>

#include "ndcg/trec.hpp"
#include "trec/measures/ir_names.hpp"

namespace ndcg {
namespace {

struct pass {
  double level = 1;
  bool judged_only = false;
  std::vector<std::string> measures;
};

expected<std::vector<pass>> passes_of(const trec_options& opt) {
  std::vector<pass> out{pass{opt.conv.relevance_level, opt.judged_only, {}}};
  for (const std::string& text : opt.measures) {
    auto ir = trec_detail::read_ir_measure(text);
    if (!ir) return ir.err();
    pass want{opt.conv.relevance_level, opt.judged_only, {}};
    if (*ir && (*ir)->relevance_level) want.level = static_cast<double>(*(*ir)->relevance_level);
    if (*ir && (*ir)->judged_only) want.judged_only = *(*ir)->judged_only;
    auto same = std::find_if(out.begin(), out.end(),
                             [&](const pass& p) { return p.level == want.level && p.judged_only == want.judged_only; });
    if (same == out.end()) same = out.insert(out.end(), std::move(want));
    same->measures.push_back(text);
  }
  if (out.size() > 1 && out[0].measures.empty()) out.erase(out.begin());  // no measure of the options' own
  return out;
}

// The columns of `more` after those of `r`, row by row by qid.
void append_columns(trec_result& r, trec_result&& more) {
  std::unordered_map<std::string_view, std::size_t> rows;
  for (std::size_t q = 0; q < more.qids.size(); ++q) rows.emplace(more.qids[q], q);
  std::vector<std::size_t> row_of(r.qids.size(), SIZE_MAX);
  for (std::size_t q = 0; q < r.qids.size(); ++q) {
    auto at = rows.find(r.qids[q]);
    if (at != rows.end()) row_of[q] = at->second;
  }
  for (std::size_t m = 0; m < more.names.size(); ++m) {
    r.names.push_back(more.names[m]);
    r.is_count.push_back(more.is_count[m]);
    r.summary_only.push_back(more.summary_only[m]);
    r.per_query_only.push_back(more.per_query_only[m]);
    r.is_text.push_back(0);  // ir_measures' names are never text measures
    r.geometric.push_back(more.geometric[m]);
    r.mean.push_back(more.mean[m]);
    for (std::size_t q = 0; q < r.qids.size(); ++q)
      r.values[q].push_back(row_of[q] == SIZE_MAX ? std::numeric_limits<double>::quiet_NaN() : more.values[row_of[q]][m]);
  }
  r.notes.insert(r.notes.end(), more.notes.begin(), more.notes.end());
}

}  // namespace

expected<std::size_t> convention_passes(const trec_options& opt) {
  auto passes = passes_of(opt);
  if (!passes) return passes.err();
  return passes->size();
}

expected<trec_result> evaluate_by_conventions(const trec_options& opt, const trec_evaluate_fn& evaluate) {
  auto passes = passes_of(opt);
  if (!passes) return passes.err();
  if (passes->size() == 1 && passes->front().level == opt.conv.relevance_level &&
      passes->front().judged_only == opt.judged_only)
    return evaluate(opt);
  std::optional<trec_result> joined;
  for (pass& p : *passes) {
    trec_options o = opt;
    o.conv.relevance_level = p.level;
    o.judged_only = p.judged_only;
    o.measures = std::move(p.measures);
    auto r = evaluate(o);
    if (!r) return r.err();
    if (!joined) joined = std::move(*r);
    else append_columns(*joined, std::move(*r));
  }
  return std::move(*joined);
}

}  // namespace ndcg
