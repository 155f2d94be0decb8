#include "ndcg/pipeline.hpp"

#include <utility>

namespace ndcg {
namespace {

error from(error e, const char* source) {
  e.source = source;
  return e;
}

expected<text_explanation> finish(text_explanation t, std::string_view judgments_text, const options& opt,
                                  const limits& lim) {
  if (!judgments_text.empty()) {
    auto j = parse_judgments(judgments_text, lim);
    if (!j) return from(j.err(), "judgments");
    t.judgments = std::move(*j);
    t.has_judgments = true;
  } else if (!t.input.has_grades) {
    return fail("this ranking has no grades (a run has none): give judgments (qrels) for it");
  }
  auto e = explain(t.input.items, opt, t.has_judgments ? &t.judgments : nullptr);
  if (!e) return e.err().source.empty() ? from(e.err(), e.err().line ? "ranking" : "") : e.err();
  t.result = std::move(*e);
  return t;
}

}  // namespace

expected<text_explanation> explain_text(std::string_view ranking_text, std::string_view judgments_text,
                                        const options& opt, const limits& lim) {
  auto parsed = parse_ranking(ranking_text, lim);
  if (!parsed) return from(parsed.err(), "ranking");
  text_explanation t;
  t.input = std::move(*parsed);
  return finish(std::move(t), judgments_text, opt, lim);
}

expected<text_explanation> explain_grades(const std::vector<double>& grades, std::string_view judgments_text,
                                          const options& opt, const limits& lim) {
  if (grades.size() > lim.max_items)
    return fail("too many grades: " + std::to_string(grades.size()) + " (the limit is " + std::to_string(lim.max_items) + ")");
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

}  // namespace ndcg
