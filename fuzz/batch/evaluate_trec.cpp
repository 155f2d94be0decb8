// Fuzzes evaluate_trec end to end and format_trec. The first four bytes
// choose the options and measures; the rest is
// "QRELS\0RUN[\0SUBTOPICS[\0MEASURE LINES[\0Z-SCORE LINES]]]".
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/trec.hpp"

namespace {

const char* const measure_menu[] = {"ndcg",     "ndcg_cut.5,10", "P.5",         "recall.10",  "map",
                                    "recip_rank", "num_rel",     "err_cut.10",  "alpha_ndcg_cut.5", "ndcg.1=1,2=3",
                                    "num_ret",  "ndcg_cut.1",    "official",    "bpref",      "iprec_at_recall.0,.5",
                                    "success",  "gm_map",        "Rprec",       "all_trec",   "all_prefs",
                                    "qrels_jg", "G.1=-2,3=0.5",  "rbp.p=0.5",   "11pt_avg.0.2,0.5", "relstring.3",
                                    "judged.2", "ndcg_rel",      "Rndcg",       "nDCG@10",    "P(rel=2)@5",
                                    "nDCG(judged_only=True)@5", "SetF(beta=0.5)", "nDCG(gains={0:0,1:1,2:3})@3"};
constexpr int menu_size = sizeof measure_menu / sizeof measure_menu[0];
const char* const judgments_menu[] = {"qrels", "qrels", "prefs", "qrels_prefs", "qrels_jg", "qrels", "qrels", "qrels"};
const char* const preset_menu[] = {"", "", "trec_eval", "gdeval", "sklearn", "lightgbm", "xgboost", "no-such"};

// --ci: each interval lies within the values it resamples, and the "all"
// lines keep trec_eval's three fields first.
void check_intervals(ndcg::trec_result r) {
  ndcg::add_intervals(r, 20, 1);
  for (std::size_t m = 0; m < r.names.size(); ++m) {
    if (!r.has_interval(m) || std::isnan(r.ci_low[m])) continue;
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& row : r.values)
      if (!std::isnan(row[m])) lo = std::min(lo, row[m]), hi = std::max(hi, row[m]);
    const double slack = 1e-12 * std::max(1.0, std::max(std::fabs(lo), std::fabs(hi)));
    fuzz::require(lo - slack <= r.ci_low[m] && r.ci_low[m] <= r.ci_high[m] && r.ci_high[m] <= hi + slack,
                  "the interval within the values", r.names[m]);
  }
  const std::string text = ndcg::format_trec(r, false, 4);
  for (std::string_view line : fuzz::split(text, '\n', text.size() + 1))
    fuzz::require(line.empty() || line.find('\t') < line.rfind('\t') || line.rfind("runid", 0) == 0, "name, qid, value first", line);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::bytes in(data, size);
  const std::uint8_t a = in.take(), b = in.take(), c = in.take(), d = in.take();
  // The options as the CLI and the API give them: key/text pairs read by
  // the option table's rows that `trec` takes.
  std::vector<std::pair<std::string, std::string>> given = {
      {"complete", (a & 1) ? "true" : "false"},
      {"gain", (a & 2) ? "exp" : "linear"},
      {"per_query", (a & 32) ? "true" : "false"},
      {"relevance_level", std::to_string(static_cast<std::int8_t>(b) % 4)},
      {"digits", std::to_string(c % 18)},
      {"alpha", (c >> 5) == 7 ? "1.5" : std::to_string((c >> 5) / 6.0)},
  };
  if (*preset_menu[(a >> 2) & 7]) given.emplace_back("preset", preset_menu[(a >> 2) & 7]);
  for (int m = 0; m < 8; ++m)
    if (d & (1 << m)) given.emplace_back("measures", measure_menu[(m + (b >> 3)) % menu_size]);
  // trec_eval's -R, -M and -J.
  given.emplace_back("judgments", judgments_menu[(b >> 2) & 7]);
  if (a & 64) given.emplace_back("max_docs", std::to_string(c & 7));
  if (a & 128) given.emplace_back("judged_only", "true");
  auto read = ndcg::settings_from(given, ndcg::command::trec);
  if (!read) {
    const std::string& key = read.err().key;
    fuzz::require(key == "preset" || key == "alpha", "only the preset and alpha menus hold a bad value");
    return 0;
  }
  ndcg::trec_options opt = read->batch.trec;
  const bool per_query = read->batch.per_query;
  const int digits = read->batch.digits;

  const auto parts = fuzz::split(in.rest(), '\0', 5);
  const std::string_view qrels = parts[0];
  const std::string_view run = parts.size() > 1 ? parts[1] : std::string_view();
  const std::string_view subtopics = parts.size() > 2 ? parts[2] : std::string_view();
  if (parts.size() > 3)
    for (std::string_view m : fuzz::split(parts[3], '\n', 8)) opt.measures.emplace_back(m);
  if (parts.size() > 4) opt.zscores = std::string(parts[4]);

  auto r = ndcg::evaluate_trec(qrels, run, opt, subtopics);
  if (!r) {
    const std::string& s = r.err().source;
    // A bad measure or option echoes what the caller typed, unplaced.
    if (s.empty() && r.err().line == 0) return 0;
    fuzz::check_error(r.err(), s == "qrels" ? qrels : s == "run" ? run : s == "zscores" ? std::string_view(opt.zscores) : subtopics);
    fuzz::require(r.err().line == 0 || !s.empty(), "a placed error names its input");
    return 0;
  }
  fuzz::require(r->qids.size() == r->values.size(), "one row per query");
  fuzz::require(r->mean.size() == r->names.size(), "one mean per measure");
  for (std::size_t q = 0; q < r->values.size(); ++q) {
    fuzz::require(r->values[q].size() == r->names.size(), "one value per measure");
    fuzz::require(q == 0 || r->qids[q - 1] < r->qids[q], "qids sorted and distinct", r->qids[q]);
    for (double v : r->values[q]) fuzz::require(!std::isinf(v), "values are finite or NaN");
  }
  // The worst and best order of ties bound every value a grade order bounds.
  auto ties = ndcg::evaluate_tie_range(qrels, run, opt, subtopics);
  fuzz::require(ties.ok(), "the tie range evaluates whatever evaluates");
  for (std::size_t q = 0; q < r->values.size(); ++q)
    for (std::size_t m = 0; m < r->names.size(); ++m) {
      const double v = r->values[q][m], lo = ties->worst.values[q][m], hi = ties->best.values[q][m];
      // A gain list given with ndcg.REL=GAIN need not grow with the grade: no bound then.
      const bool own_gains = r->names[m].find('=') != std::string::npos;
      // Tie-averaging gives a tied group's mean gain to each of its places,
      // which is the mean over its orders only for a sum of gains over fixed
      // discounts (ndcg, ndcg_cut): G, ndcg_rel, ERR and the others weigh a
      // place by the gains around it, so theirs may fall outside the range.
      const std::string& name = r->names[m];
      const bool linear = name == "ndcg" || name.rfind("ndcg_cut_", 0) == 0;
      const bool averaged = opt.conv.ties == ndcg::tie_policy::average && !linear;
      if (std::isnan(v) || r->is_count[m] || own_gains || averaged || !ndcg::tie_range_applies(name)) continue;
      fuzz::require(lo <= v + 1e-12 && v <= hi + 1e-12, "worst <= value <= best", r->names[m]);
    }
  // The range as measures of their own (JSON, CSV, the bindings): the same
  // queries, one value per measure, and no trec line in the JSON.
  const ndcg::trec_result wide = ndcg::with_tie_range(*r, *ties);
  fuzz::require(wide.qids == r->qids && wide.mean.size() == wide.names.size(), "the same queries, one mean per measure");
  for (const auto& row : wide.values) fuzz::require(row.size() == wide.names.size(), "one value per measure");
  ndcg::trec_output json;
  json.format = ndcg::report_format::json;
  json.per_query = per_query;
  const std::string report = ndcg::render_trec(*r, json, *ties);
  fuzz::require(report.find('\t') == std::string::npos && report.back() == '\n', "the JSON holds no trec line");
  // Every line is "name<TAB>qid<TAB>value", the value a number (qids may
  // hold anything; runid's value is the run's tag, relstring's a quoted
  // text, a 0 / 0 trec_eval's -nan).
  const std::string text = ndcg::format_trec(*r, per_query, digits) + ndcg::format_tie_range(*ties, per_query, digits);
  for (std::string_view line : fuzz::split(text, '\n', text.size() + 1)) {
    if (line.empty() || line.rfind("runid ", 0) == 0) continue;
    if (line.rfind("relstring", 0) == 0) {
      fuzz::require(line.size() >= 2 && line.back() == '\'' && line[line.rfind('\t') + 1] == '\'', "relstring's text is quoted", line);
      continue;
    }
    const std::string_view value = line.substr(line.rfind('\t') + 1);
    if (value == "  -nan" || value == "-nan") continue;  // trec_eval's 0 / 0 (Rndcg, iprec_at_recall under -J)
    fuzz::require(!value.empty() && value.find_first_not_of("0123456789.-+e") == std::string_view::npos,
                  "every printed value is a number", line);
  }
  check_intervals(*r);
  return 0;
}
