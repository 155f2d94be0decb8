// The module's exports for one ranking: explain, analyse, render and the
// core's tables, as plain C functions over the core (conversion only).
// The batch exports (evaluateTrec) live in batch.cpp, which the light module
// leaves out; reply.hpp describes the layout of a call's texts and replies.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/fields.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/report.hpp"
#include "reply.hpp"

using namespace ndcg_wasm;

namespace {

ndcg::expected<ndcg::settings> settings_of(pack& p) { return ndcg::settings_from(pairs_of(p)); }

void preset_scores(reply& r, const ndcg::analysis& a) {
  if (a.presets.empty()) return r.set_null("presets");
  r.open_list("presets");
  for (const ndcg::preset_score& p : a.presets) {
    r.open();
    r.set("name", p.name);
    r.set("dcg", p.dcg);
    r.set("idcg", p.idcg);
    if (p.defined) r.set("ndcg", p.ndcg);
    else r.set_null("ndcg");
    if (p.ok) r.set_null("error");
    else failure(r, p.problem, "error");
    r.close();
  }
  r.close_list();
}

// The analyses an export may still render (a core store, one per module).
ndcg::analysis_store kept;

void analysed_to_js(reply& r, ndcg::analysis a, bool keep) {
  r.open();
  r.set("ok", true);
  r.open("explanation");
  js_sink sink(r);
  ndcg::put_explanation(a.text.result, ndcg::context_of(a.text, a.s), sink);
  r.close();
  r.set("items", static_cast<double>(a.text.input.items.size()));
  r.set("matchingPreset", ndcg::matching_preset(a.s.opt));
  if (a.weighted && a.unweighted_defined) r.set("unweightedNdcg", a.unweighted_ndcg);
  else r.set_null("unweightedNdcg");
  preset_scores(r, a);
  r.set("id", keep ? static_cast<double>(kept.keep(std::move(a))) : 0.0);
  r.close();
}

void settings_to_js(reply& r, const ndcg::settings& s) {
  r.open("options");
  js_sink sink(r);
  ndcg::put_options(s, sink);
  r.close();
}

}  // namespace

extern "C" {

// Frees the last reply once JS has read it.
EMSCRIPTEN_KEEPALIVE void ndcg_release() { out = reply(); }

// pack: text, judgments, then option keys and values.
EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_analyse_text(const char* data, std::size_t size, int compare, int keep) {
  pack p(data, size);
  std::string_view text = p.next(), judgments = p.next();
  auto s = settings_of(p);
  out = reply();
  if (!s) return failure(out, s.err()), sent();
  auto a = ndcg::analyse_text(text, judgments, *s, compare != 0);
  if (a) analysed_to_js(out, std::move(*a), keep != 0);
  else failure(out, a.err());
  return sent();
}

// pack: judgments, then option keys and values; grades: n doubles.
EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_analyse_grades(const double* grades, std::size_t n, const char* data,
                                                            std::size_t size, int compare, int keep) {
  pack p(data, size);
  std::string_view judgments = p.next();
  auto s = settings_of(p);
  out = reply();
  if (!s) return failure(out, s.err()), sent();
  auto a = ndcg::analyse_grades(std::vector<double>(grades, grades + n), judgments, *s, compare != 0);
  if (a) analysed_to_js(out, std::move(*a), keep != 0);
  else failure(out, a.err());
  return sent();
}

// A kept analysis as a report; null once it has been dropped. pack: format.
EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_render_kept(double id, const char* data, std::size_t size) {
  pack p(data, size);
  out = reply();
  const ndcg::analysis* a = kept.find(static_cast<std::uint32_t>(id));
  auto f = ndcg::parse_report_format(p.next());
  if (!a) out.set_null("");
  else if (!f) failure(out, f.err());
  else out.open(), out.set("ok", true), out.set_bytes("text", ndcg::render(*a, *f)), out.close();
  return sent();
}

EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_preset_list() {
  out = reply();
  out.open_list();
  for (const ndcg::preset_info& p : ndcg::presets()) {
    ndcg::settings s;
    s.opt = *ndcg::preset(p.name);
    out.open();
    out.set("name", p.name);
    out.set("summary", p.summary);
    settings_to_js(out, s);
    out.close();
  }
  out.close_list();
  return sent();
}

// The rows of the option table that explain takes, with their defaults
// (batch.cpp gives the batch commands' rows).
EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_option_schema() {
  out = reply();
  out.open_list();
  for (const ndcg::option_row& r : ndcg::option_table()) {
    open_option_row(out, r);
    out.open("defaults");
    out.set("explain", ndcg::default_text(r));
    out.close();
    out.close();
  }
  out.close_list();
  return sent();
}

EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_error_codes() {
  out = reply();
  out.open_list();
  for (const ndcg::error_code_info& c : ndcg::error_codes()) {
    out.open();
    out.set("code", c.name);
    out.set("args", c.args);
    out.close();
  }
  out.close_list();
  return sent();
}

// pack: option keys and values.
EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_matching_preset(const char* data, std::size_t size) {
  pack p(data, size);
  auto s = settings_of(p);
  out = reply();
  if (s) out.set("", ndcg::matching_preset(s->opt));
  else failure(out, s.err());
  return sent();
}

// pack: text.
EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_detect_format(const char* data, std::size_t size) {
  pack p(data, size);
  out = reply();
  out.set("", ndcg::name_of(ndcg::detect_format(p.next())));
  return sent();
}

}  // extern "C"
