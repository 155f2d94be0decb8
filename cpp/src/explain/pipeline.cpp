#include "ndcg/pipeline.hpp"

#include "base/text.hpp"
#include "ndcg/report.hpp"

#include <utility>

namespace ndcg {
namespace {

expected<text_explanation> finish(text_explanation t, std::string_view judgments_text, const options& opt,
                                  const limits& lim, std::string_view query = {}) {
  if (!judgments_text.empty()) {
    // Judgments of several queries are read for the ranking's own.
    auto j = parse_judgments(judgments_text, lim, t.input.query.empty() ? query : std::string_view(t.input.query));
    if (!j) return error(j.err()).in("judgments");
    t.judgments = std::move(*j);
    t.has_judgments = true;
  } else if (!t.input.has_grades) {
    return fail(error_code::no_grades, "this ranking has no grades (a run has none): give judgments (qrels) for it")
        .in("ranking");
  }
  auto e = explain(t.input.items, opt, t.has_judgments ? &t.judgments : nullptr);
  if (!e) return e.err();  // explain names the input (ranking, judgments or options)
  t.result = std::move(*e);
  return t;
}

}  // namespace

expected<text_explanation> explain_text(std::string_view ranking_text, std::string_view judgments_text,
                                        const options& opt, const limits& lim, const reading& r) {
  reading read = r;
  read.judged = !judgments_text.empty();
  auto parsed = parse_ranking(ranking_text, read, lim);
  if (!parsed) return error(parsed.err()).in(parsed.err().source.empty() ? "ranking" : parsed.err().source);
  if (!r.query.empty() && parsed->query.empty() && judgments_text.empty())
    return option_fail(error_code::missing_query, "query",
                       "expected query " + echo(r.query) + " in the ranking, got an input without query ids")
        .with("found", r.query);
  text_explanation t;
  t.input = std::move(*parsed);
  return finish(std::move(t), judgments_text, opt, lim, r.query);
}

expected<text_explanation> explain_grades(const std::vector<double>& grades, std::string_view judgments_text,
                                          const options& opt, const limits& lim) {
  if (grades.size() > lim.max_items)
    return fail(error_code::too_large,
                "too many grades: " + std::to_string(grades.size()) + " (the limit is " + std::to_string(lim.max_items) + ")")
        .in("ranking")
        .with("limit", std::to_string(lim.max_items));
  text_explanation t;
  t.input.detected = format::grades;
  t.input.items.resize(grades.size());
  for (std::size_t i = 0; i < grades.size(); ++i) {
    t.input.items[i].grade = grades[i];
    t.input.items[i].line = 1;
    t.input.items[i].column = i + 1;  // the array index, 1-based
  }
  return finish(std::move(t), judgments_text, opt, lim);
}

namespace {

bool any_weight(const std::vector<step>& steps) {
  for (const step& s : steps)
    if (s.weight != 1) return true;
  return false;
}

preset_score score_under(const preset_info& p, const text_explanation& t, const options& mine) {
  options o = *preset(p.name);
  o.k = mine.k;  // the cutoff and weights are the user's, not the convention's
  o.weights = mine.weights;
  preset_score out;
  out.name = p.name;
  auto e = explain(t.input.items, o, t.has_judgments ? &t.judgments : nullptr);
  if (!e) {
    out.ok = false;
    out.problem = e.err();
    return out;
  }
  out.dcg = e->dcg;
  out.idcg = e->idcg;
  out.ndcg = e->ndcg;
  out.defined = e->ndcg_defined;
  return out;
}

expected<analysis> analyse(expected<text_explanation> t, const settings& s, bool compare) {
  if (!t) return t.err();
  analysis a;
  a.text = std::move(*t);
  a.s = s;
  a.matching = matching_preset(s.opt);
  const explanation& e = a.text.result;
  a.weighted = any_weight(e.steps) || any_weight(e.ideal_steps);
  if (a.weighted) {
    options plain = s.opt;
    plain.weights.clear();
    auto u = explain(a.text.input.items, plain, a.text.has_judgments ? &a.text.judgments : nullptr);
    a.unweighted_ndcg = u ? u->ndcg : 0;
    a.unweighted_defined = u && u->ndcg_defined;
  }
  if (compare && a.text.input.items.size() <= preset_compare_limit)
    for (const preset_info& p : presets()) a.presets.push_back(score_under(p, a.text, s.opt));
  return a;
}

// The format and how it was read, which every report states.
void read_as(const parsed_ranking& p, result_context& ctx) {
  ctx.input_format = name_of(p.detected);
  ctx.columns_named = p.detected != format::columns;
  ctx.by_rank = p.by_rank;
  ctx.judged = p.judged;
  ctx.has_scores = p.has_scores;
  ctx.other_reading = other_reading(p);
  ctx.query = p.query;
  ctx.columns = p.columns;
}

}  // namespace

result_context context_of(const text_explanation& t, const settings& s) {
  result_context ctx;
  ctx.s = &s;
  read_as(t.input, ctx);
  ctx.preset = s.preset.empty() ? matching_preset(s.opt) : std::string_view(s.preset);
  return ctx;
}

result_context context_of(const analysis& a) {
  result_context ctx;
  ctx.s = &a.s;
  read_as(a.text.input, ctx);
  ctx.preset = a.s.preset.empty() ? a.matching : std::string_view(a.s.preset);
  return ctx;
}

namespace {

void put_preset_score(const preset_score& p, field_sink& out) {
  out.text("name", p.name);
  out.number("dcg", p.dcg);
  out.number("idcg", p.idcg);
  if (p.defined) out.number("ndcg", p.ndcg);
  else out.null("ndcg");
  if (p.ok) return out.null("error");
  out.begin("error");
  put_error(p.problem, out);
  out.end();
}

}  // namespace

void put_analysis(const analysis& a, field_sink& out) {
  out.begin("explanation");
  put_explanation(a.text.result, context_of(a), out);
  out.end();
  out.count("items", a.text.input.items.size());
  out.text("matching_preset", a.matching);
  if (a.weighted && a.unweighted_defined) out.number("unweighted_ndcg", a.unweighted_ndcg);
  else out.null("unweighted_ndcg");
  if (a.presets.empty()) return out.null("presets");
  out.begin_list("presets");
  for (const preset_score& p : a.presets) {
    out.begin("");
    put_preset_score(p, out);
    out.end();
  }
  out.end();
}

expected<analysis> analyse_text(std::string_view ranking_text, std::string_view judgments_text, const settings& s,
                                bool compare, const limits& lim) {
  return analyse(explain_text(ranking_text, judgments_text, s.opt, lim, s.read), s, compare);
}

expected<analysis> analyse_grades(const std::vector<double>& grades, std::string_view judgments_text,
                                  const settings& s, bool compare, const limits& lim) {
  return analyse(explain_grades(grades, judgments_text, s.opt, lim), s, compare);
}

std::string render(const analysis& a, report_format f) { return render(a.text.result, f, context_of(a)); }

std::uint32_t analysis_store::keep(analysis a) {
  // A report reads the explanation, not the parsed input: let that go now.
  a.text.input.items = {};
  a.text.judgments = {};
  if (kept_.size() == capacity) kept_.erase(kept_.begin());
  const std::uint32_t id = next_++;
  if (next_ == 0) next_ = 1;
  kept_.emplace_back(id, std::move(a));
  return id;
}

const analysis* analysis_store::find(std::uint32_t id) const {
  for (const auto& [k, a] : kept_)
    if (k == id) return &a;
  return nullptr;
}

}  // namespace ndcg
