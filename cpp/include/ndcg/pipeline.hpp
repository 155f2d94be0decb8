// From pasted text to an explanation in one call: parse the ranking, read
// the judgments, explain. The CLI, the wasm module and the page all go
// through here, so they can never disagree.
#pragma once

#include <string_view>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/parse.hpp"

namespace ndcg {

struct text_explanation {
  parsed_ranking input;
  std::vector<item> judgments;
  bool has_judgments = false;
  explanation result;
};

// `judgments_text` may be empty. An error says in error::source which text
// it is in: "ranking" or "judgments" (empty for a bad option).
expected<text_explanation> explain_text(std::string_view ranking_text, std::string_view judgments_text,
                                        const options& opt, const limits& lim = {});

// The same for grades given as numbers (an API caller's array).
expected<text_explanation> explain_grades(const std::vector<double>& grades, std::string_view judgments_text,
                                          const options& opt, const limits& lim = {});

}  // namespace ndcg
