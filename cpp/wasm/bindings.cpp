// Embind bindings: conversion between JS values and the core, nothing else.
// Arrays leave as typed arrays copied out of wasm memory (`slice`), so JS
// owns every result and there is no handle to free. Errors come back as
// {ok: false, message, line, column, source}: Emscripten 3.1.6 would turn a
// C++ exception into a bare number, and the core never throws anyway.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "ndcg/metrics.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/report.hpp"
#include "ndcg/trec.hpp"

using emscripten::val;

namespace {

template <class T>
val copy_out(const std::vector<T>& v) {
  return val(emscripten::typed_memory_view(v.size(), v.data())).call<val>("slice");
}

val failure(const ndcg::error& e) {
  val out = val::object();
  out.set("ok", false);
  out.set("message", e.message);
  out.set("line", static_cast<double>(e.line));
  out.set("column", static_cast<double>(e.column));
  out.set("source", e.source);
  return out;
}

bool given(const val& js, const char* key) {
  return js.hasOwnProperty(key) && !js[key].isUndefined() && !js[key].isNull();
}

template <class T>
ndcg::status read_enum(const val& js, const char* key, ndcg::expected<T> (*parse)(std::string_view), T& field) {
  if (!given(js, key)) return ndcg::done{};
  auto parsed = parse(js[key].as<std::string>());
  if (!parsed) return parsed.err();
  field = *parsed;
  return ndcg::done{};
}

void read_number(const val& js, const char* key, double& field) {
  if (given(js, key)) field = js[key].as<double>();
}

// Fields missing from `js` keep the core's defaults. The JS layer has
// already checked types and merged any preset.
ndcg::expected<ndcg::options> options_from(const val& js) {
  ndcg::options o;
  if (js.isUndefined() || js.isNull()) return o;
  for (auto s : {read_enum(js, "gain", ndcg::parse_gain_kind, o.gain),
                 read_enum(js, "ideal", ndcg::parse_ideal_source, o.ideal),
                 read_enum(js, "ties", ndcg::parse_tie_policy, o.ties),
                 read_enum(js, "zeroIdcg", ndcg::parse_zero_policy, o.zero_idcg),
                 read_enum(js, "negatives", ndcg::parse_negative_policy, o.negatives)})
    if (!s) return s.err();
  if (given(js, "k")) o.k = static_cast<std::uint64_t>(js["k"].as<double>());  // a safe integer, checked in JS
  if (given(js, "gainTable")) o.gain_table = emscripten::convertJSArrayToNumberVector<double>(js["gainTable"]);
  if (given(js, "weights")) o.weights = emscripten::convertJSArrayToNumberVector<double>(js["weights"]);
  read_number(js, "logBase", o.log_base);
  read_number(js, "maxGrade", o.max_grade);
  read_number(js, "relevanceLevel", o.relevance_level);
  read_number(js, "errMaxGrade", o.err_max_grade);
  read_number(js, "alpha", o.alpha);
  if (given(js, "idealCutToRetrieved")) o.ideal_cut_to_retrieved = js["idealCutToRetrieved"].as<bool>();
  if (given(js, "integerGrades")) o.integer_grades = js["integerGrades"].as<bool>();
  if (given(js, "truncateGrades")) o.truncate_grades = js["truncateGrades"].as<bool>();
  if (given(js, "float32Scores")) o.float32_scores = js["float32Scores"].as<bool>();
  return o;
}

val options_to_js(const ndcg::options& o) {
  val out = val::object();
  out.set("gain", std::string(ndcg::name_of(o.gain)));
  out.set("gainTable", copy_out(o.gain_table));
  out.set("logBase", o.log_base);
  out.set("weights", copy_out(o.weights));
  out.set("k", static_cast<double>(o.k));
  out.set("ideal", std::string(ndcg::name_of(o.ideal)));
  out.set("idealCutToRetrieved", o.ideal_cut_to_retrieved);
  out.set("ties", std::string(ndcg::name_of(o.ties)));
  out.set("zeroIdcg", std::string(ndcg::name_of(o.zero_idcg)));
  out.set("negatives", std::string(ndcg::name_of(o.negatives)));
  out.set("integerGrades", o.integer_grades);
  out.set("truncateGrades", o.truncate_grades);
  out.set("float32Scores", o.float32_scores);
  out.set("maxGrade", o.max_grade);
  out.set("relevanceLevel", o.relevance_level);
  out.set("errMaxGrade", o.err_max_grade);
  out.set("alpha", o.alpha);
  return out;
}

// A step table as columns; ids joined by "\n" (no id can hold a line break).
val steps_to_js(const std::vector<ndcg::step>& steps) {
  std::vector<double> rel, gain, discount, weight, contribution, cumulative;
  std::vector<std::uint8_t> has_id;
  std::string ids;
  for (const ndcg::step& s : steps) {
    rel.push_back(s.rel);
    gain.push_back(s.gain);
    discount.push_back(s.discount);
    weight.push_back(s.weight);
    contribution.push_back(s.contribution);
    cumulative.push_back(s.cumulative);
    has_id.push_back(s.has_id);
    if (&s != &steps.front()) ids += '\n';
    ids += s.id;
  }
  val out = val::object();
  out.set("rel", copy_out(rel));
  out.set("gain", copy_out(gain));
  out.set("discount", copy_out(discount));
  out.set("weight", copy_out(weight));
  out.set("contribution", copy_out(contribution));
  out.set("cumulative", copy_out(cumulative));
  out.set("hasId", copy_out(has_id));
  out.set("ids", ids);
  return out;
}

val metrics_to_js(const ndcg::other_metrics& m) {
  val out = val::object();
  out.set("cg", m.cg);
  out.set("precision", m.precision);
  out.set("recall", m.recall);
  out.set("averagePrecision", m.average_precision);
  out.set("reciprocalRank", m.reciprocal_rank);
  out.set("err", m.err);
  out.set("hasAlpha", m.has_alpha);
  out.set("alphaDcg", m.alpha_dcg);
  out.set("alphaIdcg", m.alpha_idcg);
  out.set("alphaNdcg", m.alpha_ndcg);
  return out;
}

val explained_to_js(const ndcg::text_explanation& t, const ndcg::options& o) {
  const ndcg::explanation& e = t.result;
  val out = val::object();
  out.set("ok", true);
  out.set("format", std::string(ndcg::name_of(t.input.detected)));
  out.set("items", static_cast<double>(t.input.items.size()));
  out.set("options", options_to_js(o));
  out.set("matchingPreset", std::string(ndcg::matching_preset(o)));
  out.set("k", static_cast<double>(e.k));
  out.set("n", static_cast<double>(e.n));
  out.set("dcg", e.dcg);
  out.set("idcg", e.idcg);
  out.set("ndcg", e.ndcg);
  out.set("ndcgDefined", e.ndcg_defined);
  out.set("hasJudgments", e.has_judgments);
  out.set("idcgList", e.idcg_list);
  out.set("ndcgList", e.ndcg_list);
  out.set("idcgJudged", e.idcg_judged);
  out.set("ndcgJudged", e.ndcg_judged);
  out.set("steps", steps_to_js(e.steps));
  out.set("idealSteps", steps_to_js(e.ideal_steps));
  out.set("ndcgAt", copy_out(e.ndcg_at));
  out.set("loss", copy_out(e.loss));
  out.set("metrics", metrics_to_js(e.other));
  return out;
}

val explain_text(std::string text, std::string judgments, val js_options) {
  auto o = options_from(js_options);
  if (!o) return failure(o.err());
  auto t = ndcg::explain_text(text, judgments, *o);
  return t ? explained_to_js(*t, *o) : failure(t.err());
}

val explain_grades(val grades, std::string judgments, val js_options) {
  auto o = options_from(js_options);
  if (!o) return failure(o.err());
  auto t = ndcg::explain_grades(emscripten::convertJSArrayToNumberVector<double>(grades), judgments, *o);
  return t ? explained_to_js(*t, *o) : failure(t.err());
}

val render_report(std::string text, std::string judgments, val js_options, std::string format, int decimals,
                  std::string preset_name) {
  auto o = options_from(js_options);
  if (!o) return failure(o.err());
  auto f = ndcg::parse_report_format(format);
  if (!f) return failure(f.err());
  auto t = ndcg::explain_text(text, judgments, *o);
  if (!t) return failure(t.err());
  ndcg::report_context ctx;
  ctx.opt = &*o;
  ctx.input_format = ndcg::name_of(t->input.detected);
  ctx.preset = preset_name.empty() ? ndcg::matching_preset(*o) : std::string_view(preset_name);
  ctx.decimals = decimals;
  val out = val::object();
  out.set("ok", true);
  out.set("text", ndcg::render(t->result, *f, ctx));
  return out;
}

val evaluate_trec(std::string qrels, std::string run, std::string subtopics, val js) {
  ndcg::trec_options o;
  if (given(js, "measures"))
    for (const std::string& m : emscripten::vecFromJSArray<std::string>(js["measures"])) o.measures.push_back(m);
  if (given(js, "complete")) o.complete = js["complete"].as<bool>();
  if (given(js, "relevanceLevel")) o.relevance_level = static_cast<long>(js["relevanceLevel"].as<double>());
  if (given(js, "preset")) o.preset = js["preset"].as<std::string>();
  if (given(js, "gain")) o.exp_gain = js["gain"].as<std::string>() == "exp";
  read_number(js, "alpha", o.alpha);
  read_number(js, "errMaxGrade", o.err_max_grade);
  auto r = ndcg::evaluate_trec(qrels, run, o, subtopics);
  if (!r) return failure(r.err());
  std::vector<double> flat;
  for (const auto& row : r->values) flat.insert(flat.end(), row.begin(), row.end());
  std::string names, qids;
  for (const std::string& n : r->names) names += (names.empty() ? "" : "\n") + n;
  for (const std::string& q : r->qids) qids += (qids.empty() ? "" : "\n") + q;
  std::vector<std::uint8_t> counts(r->is_count.begin(), r->is_count.end());
  std::vector<std::uint8_t> summary(r->summary_only.begin(), r->summary_only.end());
  val out = val::object();
  out.set("ok", true);
  out.set("names", names);
  out.set("qids", qids);
  out.set("values", copy_out(flat));
  out.set("mean", copy_out(r->mean));
  out.set("isCount", copy_out(counts));
  out.set("summaryOnly", copy_out(summary));
  out.set("numQ", static_cast<double>(r->num_q));
  out.set("text", ndcg::format_trec(*r, given(js, "perQuery") && js["perQuery"].as<bool>(),
                                    given(js, "digits") ? js["digits"].as<int>() : 4));
  return out;
}

val preset_list() {
  val out = val::array();
  for (const ndcg::preset_info& p : ndcg::presets()) {
    val entry = val::object();
    entry.set("name", std::string(p.name));
    entry.set("summary", std::string(p.summary));
    entry.set("options", options_to_js(*ndcg::preset(p.name)));
    out.call<void>("push", entry);
  }
  return out;
}

val matching_preset(val js_options) {
  auto o = options_from(js_options);
  return o ? val(std::string(ndcg::matching_preset(*o))) : failure(o.err());
}

std::string detect_format(std::string text) { return std::string(ndcg::name_of(ndcg::detect_format(text))); }

}  // namespace

EMSCRIPTEN_BINDINGS(ndcg_module) {
  emscripten::function("explainText", &explain_text);
  emscripten::function("explainGrades", &explain_grades);
  emscripten::function("renderReport", &render_report);
  emscripten::function("evaluateTrec", &evaluate_trec);
  emscripten::function("presetList", &preset_list);
  emscripten::function("matchingPreset", &matching_preset);
  emscripten::function("detectFormat", &detect_format);
}
