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
#include "ndcg/option_table.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/report.hpp"

using namespace ndcg_wasm;

namespace {

// The analyses an export may still render (a core store, one per module).
ndcg::analysis_store kept;

// An analysis as its field list writes it (put_analysis), with the id of
// the copy kept for exports (0 when none is kept).
val analysed(ndcg::expected<ndcg::analysis> a, bool keep) {
  if (!a) return js_error(a.err());
  val out = js_object([&](ndcg::field_sink& s) { ndcg::put_analysis(*a, s); });
  out.set("ok", val(true));
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

val preset_list() { return listed("presets", [](ndcg::field_sink& s) { ndcg::put_presets(s); }); }

// The rows of the option table that explain takes, with their defaults
// (batch.cpp gives the other commands' rows).
val option_schema() {
  return listed("rows", [](ndcg::field_sink& s) { ndcg::put_option_rows(s); });
}

val error_codes() { return listed("codes", [](ndcg::field_sink& s) { ndcg::put_error_codes(s); }); }

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
  emscripten::function("memoryBytes", &memory_bytes);
}
