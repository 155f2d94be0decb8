// Fuzzes compare_runs end to end and every format of its report (each CSV
// table one rectangle). The first
// four bytes choose the options and measures; the rest is
// "QRELS\0RUN_A\0RUN_B[\0RUN_C]".
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/compare.hpp"

namespace {

const char* const measure_menu[] = {"ndcg_cut.10", "map", "P.5", "recip_rank", "ndcg", "num_rel", "recall.10", "ndcg.1=1,2=3"};
const char* const holm_menu[] = {"ttest", "wilcoxon", "sign", "randomization"};
const char* const format_menu[] = {"text", "markdown", "json", "csv", "latex", "md", "tex", "html"};
const char* const table_menu[] = {"comparisons", "tie_ranges", "per_query", "all"};

bool p_value(double p) { return std::isnan(p) || (p >= 0 && p <= 1); }

void check_comparisons(const ndcg::compare_result& r) {
  for (const ndcg::comparison& c : r.comparisons) {
    fuzz::require(c.wins + c.losses + c.ties == c.queries, "every query is a win, a loss or a tie");
    fuzz::require(c.queries <= r.qids.size(), "no more queries than judged");
    for (double p : {c.p_ttest, c.p_wilcoxon, c.p_sign, c.p_randomization, c.p_holm})
      fuzz::require(p_value(p), "p-values are in [0, 1] or undefined");
    fuzz::require(c.p_randomization > 0, "the randomization p is never 0");
    fuzz::require(c.queries == 0 || !(c.ci_low > c.ci_high), "the interval is ordered");
    const double own = r.holm == ndcg::adjusted_test::ttest     ? c.p_ttest
                       : r.holm == ndcg::adjusted_test::wilcoxon ? c.p_wilcoxon
                       : r.holm == ndcg::adjusted_test::sign     ? c.p_sign
                                                                 : c.p_randomization;
    fuzz::require(!c.adjusted || std::isnan(own) || c.p_holm >= own, "Holm never lowers a p-value");
  }
}

// A CSV is one table: every record (quoted cells may hold commas and line ends) has the header's cells.
void check_rectangle(const std::string& csv) {
  std::size_t cells = 1, width = 0;
  bool quoted = false;
  for (char ch : csv) {
    if (ch == '"') quoted = !quoted;
    else if (!quoted && ch == ',') ++cells;
    else if (!quoted && ch == '\n') {
      fuzz::require(width == 0 || cells == width, "every CSV line has the header's cells");
      width = cells;
      cells = 1;
    }
  }
  fuzz::require(!quoted && width > 0, "the CSV ends its last line");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::bytes in(data, size);
  const std::uint8_t a = in.take(), b = in.take(), c = in.take(), d = in.take();
  std::vector<std::pair<std::string, std::string>> given = {
      {"trials", std::to_string(1 + (a & 63))},
      {"seed", std::to_string(b)},
      {"all_pairs", (a & 64) ? "true" : "false"},
      {"complete", (a & 128) ? "true" : "false"},
      {"holm_test", holm_menu[b & 3]},
      {"format", format_menu[c & 7]},
      {"per_query", (c & 8) ? "true" : "false"},
      {"digits", std::to_string((c >> 4) % 18)},
      {"table", table_menu[(b >> 2) & 3]},
      {"language", (b & 128) ? "zh" : "en"},
  };
  for (int m = 0; m < 8; ++m)
    if (d & (1 << m)) given.emplace_back("measures", measure_menu[m]);
  auto s = ndcg::settings_from(given, ndcg::command::compare);
  if (!s) {
    fuzz::require(s.err().key == "format" || s.err().key == "table", "only the format and table menus hold a bad value");
    return 0;
  }
  const auto parts = fuzz::split(in.rest(), '\0', 4);
  std::vector<std::string_view> runs(parts.begin() + (parts.empty() ? 0 : 1), parts.end());
  const std::string_view qrels = parts.empty() ? std::string_view() : parts[0];
  auto r = ndcg::compare_runs(qrels, runs, s->batch);
  if (!r) {
    const ndcg::error& e = r.err();
    if (e.source == "run") {
      fuzz::require(e.index >= 1 && e.index <= runs.size(), "a run's error says which run");
      fuzz::check_error(e, runs[e.index - 1]);
    } else {
      fuzz::check_error(e, e.source == "qrels" ? qrels : std::string_view());
    }
    return 0;
  }
  fuzz::require(runs.size() >= 2, "two runs or more");
  check_comparisons(*r);
  const std::string report = ndcg::render_compare(*r, s->batch, s->s.language);
  if (s->batch.format == ndcg::report_format::csv) check_rectangle(report);
  if (s->batch.format == ndcg::report_format::json) {
    const std::size_t at = fuzz::json::problem_at(report);
    fuzz::require(at == std::string_view::npos, "the JSON report is JSON",
                  at == std::string_view::npos ? std::string_view() : fuzz::json::around(report, at));
  }
  return 0;
}
