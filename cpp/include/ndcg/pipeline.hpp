// From pasted text to an explanation in one call: parse the ranking, read
// the judgments, explain. The CLI, the wasm module and the page all go
// through here, so they can never disagree.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/report.hpp"

namespace ndcg {

struct text_explanation {
  parsed_ranking input;
  std::vector<item> judgments;
  bool has_judgments = false;
  explanation result;
};

// `judgments_text` may be empty. An error says in error::source which text
// it is in: "ranking" or "judgments" (empty for a bad option).
// `r` gives --columns and --query; whether judgments come is known here.
expected<text_explanation> explain_text(std::string_view ranking_text, std::string_view judgments_text,
                                        const options& opt, const limits& lim = {}, const reading& r = {});

// The same for grades given as numbers (an API caller's array).
expected<text_explanation> explain_grades(const std::vector<double>& grades, std::string_view judgments_text,
                                          const options& opt, const limits& lim = {});

// What a report says about an explanation: its options, the detected
// format, and the preset (the one given, else the one the options match).
result_context context_of(const text_explanation& t, const settings& s);

// One ranking under one preset, for the side-by-side comparison.
struct preset_score {
  std::string_view name;
  double dcg = 0, idcg = 0, ndcg = 0;
  bool defined = true;  // false when NDCG is left out (IDCG = 0 under "skip")
  bool ok = true;       // false when the preset refuses this input (see problem)
  error problem;
};

// Rankings longer than this are not compared under every preset.
constexpr std::size_t preset_compare_limit = 20000;

// Everything the page shows for one input, from one parse: the explanation,
// the matching preset, NDCG without the weights (when weights are set) and
// the same input under every preset.
struct analysis {
  text_explanation text;
  settings s;
  std::string_view matching;           // the preset the options match, "" when none (found once)
  bool weighted = false;
  double unweighted_ndcg = 0;          // meaningful when weighted
  bool unweighted_defined = true;
  std::vector<preset_score> presets;   // empty above preset_compare_limit
};

// `compare` false leaves out the preset comparison (an API caller that
// asked for one explanation does not pay for nine more).
expected<analysis> analyse_text(std::string_view ranking_text, std::string_view judgments_text, const settings& s,
                                bool compare = true, const limits& lim = {});
expected<analysis> analyse_grades(const std::vector<double>& grades, std::string_view judgments_text,
                                  const settings& s, bool compare = true, const limits& lim = {});

// The same for an analysis, whose matching preset is already known.
result_context context_of(const analysis& a);

// The fields of an analysis: explanation (put_explanation's), items,
// matching_preset, unweighted_ndcg (null without weights) and presets
// (null when not compared: each {name, dcg, idcg, ndcg, error}).
void put_analysis(const analysis& a, field_sink& out);

// The analysis's explanation as a report, without computing it again.
std::string render(const analysis& a, report_format f);

// The last few analyses, kept so an export renders one already computed;
// older ones are dropped (their callers compute again).
class analysis_store {
 public:
  static constexpr std::size_t capacity = 4;
  std::uint32_t keep(analysis a);                  // its id, never 0
  const analysis* find(std::uint32_t id) const;    // nullptr once dropped

 private:
  std::vector<std::pair<std::uint32_t, analysis>> kept_;
  std::uint32_t next_ = 1;
};

}  // namespace ndcg
