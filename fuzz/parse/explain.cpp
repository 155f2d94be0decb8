// Fuzzes explain end to end: explain_text over a ranking and optional
// judgments, every report format, and analyse_text (the page's one call). The first four bytes choose the
// options; the rest is "RANKING[\0JUDGMENTS[\0COLUMNS\tQUERY]]" (the
// --columns and --query readings).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "fuzz_support.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/report.hpp"

namespace {

ndcg::options options_from(fuzz::bytes& in, ndcg::report_format& format, int& decimals) {
  ndcg::options o;
  const std::uint8_t a = in.take(), b = in.take(), c = in.take(), d = in.take();
  const ndcg::gain_kind gains[] = {ndcg::gain_kind::exponential, ndcg::gain_kind::linear, ndcg::gain_kind::table,
                                   ndcg::gain_kind::exponential};
  o.gain = gains[a & 3];
  if (o.gain == ndcg::gain_kind::table) o.gain_table = {0, 1, 3, 7, 15};
  o.ties = static_cast<ndcg::tie_policy>((a >> 2) % 3);
  o.zero_idcg = static_cast<ndcg::zero_policy>((a >> 4) % 3);
  o.negatives = static_cast<ndcg::negative_policy>((a >> 6) % 3);

  const std::size_t big[] = {0, 1, 2, 3, 5, 10, 20, 1000000000000, std::numeric_limits<std::size_t>::max()};
  o.k = b < 200 ? b % 12 : big[b % 9];

  o.ideal = (c & 1) ? ndcg::ideal_source::judgments : ndcg::ideal_source::list;
  o.ideal_cut_to_retrieved = c & 2;
  o.integer_grades = c & 4;
  o.truncate_grades = c & 8;
  o.float32_scores = c & 16;
  if (c & 32) o.weights = {2, 0, 0.5};
  if (c & 64) o.max_grade = 4;
  if (c & 128) o.relevance_level = 2;

  const double bases[] = {2, 10, 2.718281828459045, 1.0001, 1e300, 1, 0.5, std::nan("")};
  o.log_base = bases[d & 7];
  const ndcg::report_format formats[] = {ndcg::report_format::text, ndcg::report_format::markdown,
                                         ndcg::report_format::json, ndcg::report_format::csv,
                                         ndcg::report_format::latex};
  format = formats[(d >> 3) % 5];
  decimals = (d >> 5) == 7 ? 17 : (d >> 5);
  return o;
}

// With non-negative gains from the ranking's own grades and no weights,
// NDCG is a ratio of a sum to its largest value.
bool bounded_by_one(const ndcg::options& o) {
  return o.weights.empty() && o.ideal == ndcg::ideal_source::list && o.gain != ndcg::gain_kind::table;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ndcg::read_json_rankings();
  fuzz::bytes in(data, size);
  ndcg::report_format format = ndcg::report_format::text;
  int decimals = 3;
  const ndcg::options opt = options_from(in, format, decimals);
  const auto parts = fuzz::split(in.rest(), '\0', 3);
  const std::string_view ranking = parts[0], judgments = parts.size() > 1 ? parts[1] : std::string_view();
  ndcg::reading read;
  if (parts.size() > 2) {
    const auto r = fuzz::split(parts[2], '\t', 2);
    read.columns = std::string(r[0]);
    if (r.size() > 1) read.query = std::string(r[1]);
  }

  auto t = ndcg::explain_text(ranking, judgments, opt, fuzz::tiny_limits(), read);
  if (!t) {
    // The place must be in the text the error names (fuzzing found errors
    // about judged grades placed in the ranking; fixed in 8f4fc97).
    const ndcg::error& e = t.err();
    fuzz::check_error(e, e.source == "judgments" ? judgments : ranking);
    return 0;
  }
  const ndcg::explanation& e = t->result;
  // Sums that overflow are an error (fuzzing found grades 1023 1023 1023
  // reported as a success with DCG = inf).
  fuzz::require(std::isfinite(e.dcg) && std::isfinite(e.idcg), "DCG and IDCG are finite");
  fuzz::require(std::isfinite(e.ndcg), "NDCG is a number (0 when undefined)");
  fuzz::require(e.steps.size() <= e.n, "no more steps than items");
  fuzz::require(e.ndcg_at.size() == e.n, "one NDCG@k per position");
  if (bounded_by_one(opt)) {
    fuzz::require(e.ndcg >= 0 && e.ndcg <= 1 + 1e-9, "NDCG in [0, 1] for a list ideal without weights",
                  ndcg::shortest(e.ndcg));
  }

  ndcg::settings s;
  s.opt = opt;
  s.decimals = decimals;
  s.read = read;
  s.language = ranking.size() % 2 ? ndcg::report_language::zh : ndcg::report_language::en;  // both proses
  const ndcg::result_context ctx = ndcg::context_of(*t, s);
  const std::string text = ndcg::render(e, format, ctx);
  fuzz::require(!text.empty(), "a report is never empty");
  const std::string html = ndcg::render_html(e, ctx);
  for (std::size_t at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1))
    fuzz::require(std::string_view("dphtueslb/").find(html[at + 1]) != std::string_view::npos,
                  "the HTML report's only tags are its own (every input text escaped)", html.substr(at, 40));
  const std::string json = ndcg::render(e, ndcg::report_format::json, ctx);
  const std::size_t bad = fuzz::json::problem_at(json);
  if (bad != std::string_view::npos) fuzz::require(false, "the JSON report is valid JSON", fuzz::json::around(json, bad));

  // The page's one call: the same explanation, and reports from the kept analysis.
  auto a = ndcg::analyse_text(ranking, judgments, s, true, fuzz::tiny_limits());
  fuzz::require(a.ok(), "analyse_text succeeds where explain_text did");
  fuzz::require(a->text.result.dcg == e.dcg && a->text.result.idcg == e.idcg, "analyse_text explains as explain_text does");
  const bool compared = a->text.input.items.size() <= ndcg::preset_compare_limit;
  fuzz::require(a->presets.size() == (compared ? ndcg::presets().size() : 0), "one score per preset");
  ndcg::analysis_store store;
  const std::uint32_t id = store.keep(std::move(*a));
  fuzz::require(store.find(id) && ndcg::render(*store.find(id), format) == ndcg::render(e, format, ndcg::context_of(store.find(id)->text, s)),
                "a kept analysis renders as the explanation does");
  return 0;
}
