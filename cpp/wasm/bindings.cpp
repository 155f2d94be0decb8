// The module's interface for one ranking, registered with Embind: explain,
// analyse, render and the core's tables. Each entry point converts its
// arguments, calls the core once and converts the result (js_values.hpp);
// web/api/api.js is the JS layer over them. The batch entry points
// (evaluateTrec, compareRuns) are in batch.cpp, which the light module of
// the embed page and the <ndcg-calc> element leaves out.
#include <emscripten/bind.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "js_values.hpp"
#include "ndcg/fields.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/report.hpp"

using namespace ndcg_wasm;

namespace {

// The analyses an export may still render (a core store, one per module).
ndcg::analysis_store kept;

val preset_scores(const ndcg::analysis& a) {
  if (a.presets.empty()) return val::null();
  val out = val::array();
  for (std::size_t i = 0; i < a.presets.size(); ++i) {
    const ndcg::preset_score& p = a.presets[i];
    val score = val::object();
    score.set("name", js_text(p.name));
    score.set("dcg", val(p.dcg));
    score.set("idcg", val(p.idcg));
    score.set("ndcg", p.defined ? val(p.ndcg) : val::null());
    score.set("error", p.ok ? val::null() : js_error(p.problem));
    out.set(js_index(i), score);
  }
  return out;
}

val analysed(ndcg::expected<ndcg::analysis> a, bool keep) {
  if (!a) return js_error(a.err());
  val out = js_ok();
  out.set("explanation", js_object([&](ndcg::field_sink& s) { ndcg::put_explanation(a->text.result, ndcg::context_of(*a), s); }));
  out.set("items", val(static_cast<double>(a->text.input.items.size())));
  out.set("matchingPreset", js_text(a->matching));
  out.set("unweightedNdcg", a->weighted && a->unweighted_defined ? val(a->unweighted_ndcg) : val::null());
  out.set("presets", preset_scores(*a));
  out.set("id", val(keep ? static_cast<double>(kept.keep(std::move(*a))) : 0.0));
  return out;
}

// text, judgments: JS strings or bytes; keys, values: the option texts.
val analyse_text(const val& text, const val& judgments, const val& keys, const val& values, bool compare, bool keep) {
  auto s = ndcg::settings_from(pairs_of(keys, values));
  if (!s) return js_error(s.err());
  const js_bytes ranking = text_of(text), qrels = text_of(judgments);
  return analysed(ndcg::analyse_text(ranking, qrels, *s, compare), keep);
}

// grades: a Float64Array.
val analyse_grades(const val& grades, const val& judgments, const val& keys, const val& values, bool compare, bool keep) {
  auto s = ndcg::settings_from(pairs_of(keys, values));
  if (!s) return js_error(s.err());
  const js_bytes qrels = text_of(judgments);
  return analysed(ndcg::analyse_grades(numbers_of(grades), qrels, *s, compare), keep);
}

// A kept analysis as a report; null once it has been dropped.
// format: a JS string.
val render_kept(double id, const val& format) {
  const ndcg::analysis* a = kept.find(static_cast<std::uint32_t>(id));
  if (!a) return val::null();
  auto f = ndcg::parse_report_format(text_of(format));
  if (!f) return js_error(f.err());
  val out = js_ok();
  out.set("text", js_text(ndcg::render(*a, *f)));
  return out;
}

// The list `put` writes under `name`.
template <class Put>
val listed(const char* name, Put put) {
  return js_object(put)[name];
}

val preset_list() {
  val out = val::array();
  const auto& all = ndcg::presets();
  for (std::size_t i = 0; i < all.size(); ++i) {
    ndcg::settings s;
    s.opt = *ndcg::preset(all[i].name);
    val p = val::object();
    p.set("name", js_text(all[i].name));
    p.set("summary", js_text(all[i].summary));
    p.set("options", js_object([&](ndcg::field_sink& sink) { ndcg::put_options(s, sink); }));
    out.set(js_index(i), p);
  }
  return out;
}

// The rows of the option table that explain takes, with their defaults
// (batch.cpp gives the other commands' rows).
val option_schema() {
  return listed("rows", [](ndcg::field_sink& s) { ndcg::put_option_rows(s); });
}

val error_codes() {
  val out = val::array();
  const auto& codes = ndcg::error_codes();
  for (std::size_t i = 0; i < codes.size(); ++i) {
    val c = val::object();
    c.set("code", js_text(codes[i].name));
    c.set("args", js_text(codes[i].args));
    out.set(js_index(i), c);
  }
  return out;
}

val matching_preset(const val& keys, const val& values) {
  auto s = ndcg::settings_from(pairs_of(keys, values));
  return s ? js_text(ndcg::matching_preset(s->opt)) : js_error(s.err());
}

val detect_format(const val& text) { return js_text(ndcg::name_of(ndcg::detect_format(text_of(text)))); }

// One option of explain's rows read from its text: {ok, value} or the error.
val read_option(const val& key, const val& text) {
  const js_bytes k = text_of(key);
  return js_read_option(ndcg::find_option(k), k, text_of(text));
}

// The names of a step row's fields, in put_step's order: the build writes
// the JS layer's row maker from them (scripts/build-web.mjs).
val step_fields() {
  const val row = js_object([](ndcg::field_sink& s) { ndcg::put_step(ndcg::step{}, s); });
  return val::global("Object").call<val>("keys", row);
}

// Bytes of wasm memory in use (for the API's leak checks).
double memory_bytes() { return static_cast<double>(__builtin_wasm_memory_size(0)) * 65536; }

}  // namespace

EMSCRIPTEN_BINDINGS(ndcg_explain) {
  emscripten::function("analyseText", &analyse_text);
  emscripten::function("analyseGrades", &analyse_grades);
  emscripten::function("renderKept", &render_kept);
  emscripten::function("presetList", &preset_list);
  emscripten::function("optionSchema", &option_schema);
  emscripten::function("errorCodes", &error_codes);
  emscripten::function("matchingPreset", &matching_preset);
  emscripten::function("detectFormat", &detect_format);
  emscripten::function("readOption", &read_option);
  emscripten::function("stepFields", &step_fields);
  emscripten::function("memoryBytes", &memory_bytes);
}
