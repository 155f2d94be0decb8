// The one list of fields of an explanation and of a step-table row.

#include <string>

#include "ndcg/option_table.hpp"
#include "ndcg/report.hpp"

namespace ndcg {
namespace {

void put_text_or_null(field_sink& out, std::string_view name, std::string_view v) {
  if (v.empty()) out.null(name);
  else out.text(name, v);
}

void put_metrics(const other_metrics& m, field_sink& out) {
  out.begin("metrics");
  out.number("precision", m.precision);
  out.number("recall", m.recall);
  out.number("average_precision", m.average_precision);
  out.number("reciprocal_rank", m.reciprocal_rank);
  out.number("err", m.err);
  if (m.has_alpha) {
    out.number("alpha_dcg", m.alpha_dcg);
    out.number("alpha_idcg", m.alpha_idcg);
    out.number("alpha_ndcg", m.alpha_ndcg);
  }
  out.end();
}

}  // namespace

void put_step(const step& s, field_sink& out) {
  out.count("position", s.position);
  if (s.has_id) out.text("id", s.id);
  else out.null("id");
  out.number("rel", s.rel);
  out.number("gain", s.gain);
  out.number("discount", s.discount);
  out.number("weight", s.weight);
  out.number("contribution", s.contribution);
  out.number("cumulative", s.cumulative);
  out.boolean("judged", s.judged);
}

void put_explanation(const explanation& e, const result_context& ctx, field_sink& out) {
  static const settings defaults;
  put_text_or_null(out, "format", ctx.input_format);
  out.begin("reading");
  put_text_or_null(out, "note", reading_note(ctx, report_language::en));
  put_text_or_null(out, "columns", ctx.columns);
  put_text_or_null(out, "other", ctx.other_reading);
  put_text_or_null(out, "query", ctx.query);
  out.end();
  put_text_or_null(out, "preset", ctx.preset);
  out.begin("options");
  put_options(ctx.s ? *ctx.s : defaults, out);
  out.end();
  out.count("k", e.k);
  out.count("n", e.n);
  out.number("dcg", e.dcg);
  out.number("idcg", e.idcg);
  if (e.ndcg_defined) out.number("ndcg", e.ndcg);
  else out.null("ndcg");
  out.begin("tie_range");  // NDCG under the worst and the best order of tied items
  out.number("min", e.tie_min);
  out.number("max", e.tie_max);
  out.end();
  out.number("cg", e.other.cg);
  out.boolean("has_judgments", e.has_judgments);
  if (e.has_judgments) {
    out.count("unjudged", e.unjudged);
    out.number("idcg_list", e.idcg_list);
    out.number("ndcg_list", e.ndcg_list);
    out.number("idcg_judged", e.idcg_judged);
    out.number("ndcg_judged", e.ndcg_judged);
    out.count("missed", e.missed_ids.size());
    out.texts("missed_ids", std::vector<std::string_view>(e.missed_ids.begin(), e.missed_ids.end()));
  }
  out.boolean("in_ideal_order", e.in_ideal_order);
  put_metrics(e.other, out);
  out.steps("steps", e.steps);
  out.steps("ideal_steps", e.ideal_steps);
  out.numbers("ndcg_at", e.ndcg_at);
  out.numbers("loss", e.loss);
}

}  // namespace ndcg
