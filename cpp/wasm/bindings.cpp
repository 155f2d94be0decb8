// Embind bindings: conversion between JS values and the core, nothing else.
// Options arrive as two arrays (keys and their values as text) and are read
// by the core's option table. Results are written by the core's field lists
// into a JS sink; step tables and number lists leave as typed arrays copied
// out of wasm memory (`slice`), so JS owns them. Errors come back as
// {ok: false, code, source, key, line, column, args, message}: Emscripten
// 3.1.6 would turn a C++ exception into a bare number, and the core never
// throws anyway.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ndcg/fields.hpp"
#include "ndcg/option_table.hpp"
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

val finite_or_null(double v) { return std::isfinite(v) ? val(v) : val::null(); }

val failure(const ndcg::error& e) {
  val out = val::object();
  out.set("ok", false);
  out.set("code", std::string(ndcg::name_of(e.code)));
  out.set("message", e.message);
  out.set("line", static_cast<double>(e.line));
  out.set("column", static_cast<double>(e.column));
  out.set("source", e.source);
  out.set("key", e.key.empty() ? std::string() : ndcg::js_name(e.key));
  val args = val::object();
  for (const ndcg::error_arg& a : e.args) args.set(a.name, a.value);
  out.set("args", args);
  return out;
}

// A step table's columns: one typed array per number, ids joined by "\n"
// (no id holds a line break) with a mask of which rows have one.
class column_sink : public ndcg::field_sink {
 public:
  std::vector<std::pair<std::string, std::vector<double>>> columns;
  std::string ids;
  std::vector<std::uint8_t> has_id;

  void number(std::string_view n, double v) override { column(n).push_back(v); }
  void count(std::string_view n, std::uint64_t v) override { column(n).push_back(static_cast<double>(v)); }
  void text(std::string_view, std::string_view v) override { add_id(true, v); }
  void null(std::string_view) override { add_id(false, {}); }
  void boolean(std::string_view, bool) override {}
  void numbers(std::string_view, const std::vector<double>&) override {}
  void begin(std::string_view) override {}
  void end() override {}
  void steps(std::string_view, const std::vector<ndcg::step>&) override {}

 private:
  // Every row writes its fields in the same order: try the next column first.
  std::vector<double>& column(std::string_view n) {
    if (next_ >= columns.size()) next_ = 0;
    if (next_ < columns.size() && columns[next_].first == n) return columns[next_++].second;
    for (next_ = 0; next_ < columns.size(); ++next_)
      if (columns[next_].first == n) return columns[next_++].second;
    next_ = columns.size() + 1;
    return columns.emplace_back(std::string(n), std::vector<double>()).second;
  }
  std::size_t next_ = 0;
  void add_id(bool present, std::string_view v) {
    if (!has_id.empty()) ids += '\n';
    ids.append(v.data(), v.size());
    has_id.push_back(present);
  }
};

// Writes fields into JS objects under their camelCase names.
class js_sink : public ndcg::field_sink {
 public:
  std::vector<val> stack{val::object()};

  void number(std::string_view n, double v) override { set(n, finite_or_null(v)); }
  void count(std::string_view n, std::uint64_t v) override { set(n, val(static_cast<double>(v))); }
  void boolean(std::string_view n, bool v) override { set(n, val(v)); }
  void text(std::string_view n, std::string_view v) override { set(n, val(std::string(v))); }
  void null(std::string_view n) override { set(n, val::null()); }
  void numbers(std::string_view n, const std::vector<double>& v) override { set(n, copy_out(v)); }
  void begin(std::string_view n) override {
    val child = val::object();
    set(n, child);
    stack.push_back(child);
  }
  void end() override { stack.pop_back(); }
  void steps(std::string_view n, const std::vector<ndcg::step>& rows) override {
    column_sink cols;
    for (const ndcg::step& s : rows) {
      ndcg::put_step(s, cols);
      if (&s == &rows.front())
        for (auto& c : cols.columns) c.second.reserve(rows.size());
    }
    val out = val::object();
    for (const auto& [name, values] : cols.columns) out.set(ndcg::js_name(name), copy_out(values));
    out.set("id", cols.ids);
    out.set("hasId", copy_out(cols.has_id));
    out.set("length", static_cast<double>(rows.size()));
    set(n, out);
  }

 private:
  void set(std::string_view n, val v) { stack.back().set(ndcg::js_name(n), v); }
};

ndcg::expected<ndcg::settings> settings_of(val keys, val values) {
  std::vector<std::pair<std::string, std::string>> given;
  auto k = emscripten::vecFromJSArray<std::string>(keys);
  auto v = emscripten::vecFromJSArray<std::string>(values);
  for (std::size_t i = 0; i < k.size() && i < v.size(); ++i) given.emplace_back(k[i], v[i]);
  return ndcg::settings_from(given);
}

val preset_scores(const ndcg::analysis& a) {
  if (a.presets.empty()) return val::null();
  val out = val::array();
  for (const ndcg::preset_score& p : a.presets) {
    val row = val::object();
    row.set("name", std::string(p.name));
    row.set("dcg", p.dcg);
    row.set("idcg", p.idcg);
    row.set("ndcg", p.defined ? val(p.ndcg) : val::null());
    row.set("error", p.ok ? val::null() : failure(p.problem));
    out.call<void>("push", row);
  }
  return out;
}

// The analyses an export may still render (a core store, one per module).
ndcg::analysis_store kept;

val analysed_to_js(ndcg::analysis a, bool keep) {
  js_sink sink;
  ndcg::put_explanation(a.text.result, ndcg::context_of(a.text, a.s), sink);
  val out = val::object();
  out.set("ok", true);
  out.set("explanation", sink.stack.front());
  out.set("items", static_cast<double>(a.text.input.items.size()));
  out.set("matchingPreset", std::string(ndcg::matching_preset(a.s.opt)));
  out.set("unweightedNdcg", a.weighted && a.unweighted_defined ? val(a.unweighted_ndcg) : val::null());
  out.set("presets", preset_scores(a));
  out.set("id", keep ? static_cast<double>(kept.keep(std::move(a))) : 0.0);
  return out;
}

val analyse_text(std::string text, std::string judgments, val keys, val values, bool compare, bool keep) {
  auto s = settings_of(keys, values);
  if (!s) return failure(s.err());
  auto a = ndcg::analyse_text(text, judgments, *s, compare);
  return a ? analysed_to_js(std::move(*a), keep) : failure(a.err());
}

val analyse_grades(val grades, std::string judgments, val keys, val values, bool compare, bool keep) {
  auto s = settings_of(keys, values);
  if (!s) return failure(s.err());
  auto a = ndcg::analyse_grades(emscripten::convertJSArrayToNumberVector<double>(grades), judgments, *s, compare);
  return a ? analysed_to_js(std::move(*a), keep) : failure(a.err());
}

// A kept analysis as a report; null once it has been dropped.
val render_kept(double id, std::string format) {
  const ndcg::analysis* a = kept.find(static_cast<std::uint32_t>(id));
  if (!a) return val::null();
  auto f = ndcg::parse_report_format(format);
  if (!f) return failure(f.err());
  val out = val::object();
  out.set("ok", true);
  out.set("text", ndcg::render(*a, *f));
  return out;
}

val settings_to_js(const ndcg::settings& s) {
  js_sink sink;
  ndcg::put_options(s, sink);
  return sink.stack.front();
}

val evaluate_trec(std::string qrels, std::string run, std::string subtopics, val js) {
  ndcg::trec_options o;
  if (js.hasOwnProperty("measures"))
    for (const std::string& m : emscripten::vecFromJSArray<std::string>(js["measures"])) o.measures.push_back(m);
  if (js.hasOwnProperty("complete")) o.complete = js["complete"].as<bool>();
  if (js.hasOwnProperty("shard")) o.shard = js["shard"].as<bool>();
  if (js.hasOwnProperty("relevanceLevel")) o.relevance_level = static_cast<long>(js["relevanceLevel"].as<double>());
  if (js.hasOwnProperty("preset")) o.preset = js["preset"].as<std::string>();
  if (js.hasOwnProperty("gain")) o.exp_gain = js["gain"].as<std::string>() == "exp";
  if (js.hasOwnProperty("alpha")) o.alpha = js["alpha"].as<double>();
  if (js.hasOwnProperty("errMaxGrade")) o.err_max_grade = js["errMaxGrade"].as<double>();
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
  out.set("runId", r->run_id);
  std::string not_offered;
  for (const std::string& n : r->not_offered) not_offered += (not_offered.empty() ? "" : "\n") + n;
  out.set("notOffered", not_offered);
  out.set("text", ndcg::format_trec(*r, js.hasOwnProperty("perQuery") && js["perQuery"].as<bool>(),
                                    js.hasOwnProperty("digits") ? js["digits"].as<int>() : 4));
  return out;
}

val preset_list() {
  val out = val::array();
  for (const ndcg::preset_info& p : ndcg::presets()) {
    ndcg::settings s;
    s.opt = *ndcg::preset(p.name);
    val entry = val::object();
    entry.set("name", std::string(p.name));
    entry.set("summary", std::string(p.summary));
    entry.set("options", settings_to_js(s));
    out.call<void>("push", entry);
  }
  return out;
}

val option_schema() {
  val out = val::array();
  for (const ndcg::option_row& r : ndcg::option_table()) {
    val row = val::object();
    row.set("key", ndcg::js_name(r.key));
    row.set("flag", ndcg::cli_flag(r.key));
    row.set("kind", std::string(ndcg::name_of(r.kind)));
    val choices = val::array();
    for (std::string_view c : ndcg::choices_of(r)) choices.call<void>("push", std::string(c));
    row.set("choices", choices);
    row.set("min", finite_or_null(r.min));
    row.set("max", finite_or_null(r.max));
    row.set("aboveMin", r.above_min);
    row.set("default", ndcg::default_text(r));
    row.set("help", std::string(r.help));
    row.set("preset", r.preset_sets);
    out.call<void>("push", row);
  }
  return out;
}

val error_codes() {
  val out = val::array();
  for (const ndcg::error_code_info& c : ndcg::error_codes()) {
    val row = val::object();
    row.set("code", std::string(c.name));
    row.set("args", std::string(c.args));
    out.call<void>("push", row);
  }
  return out;
}

val matching_preset(val keys, val values) {
  auto s = settings_of(keys, values);
  return s ? val(std::string(ndcg::matching_preset(s->opt))) : failure(s.err());
}

std::string detect_format(std::string text) { return std::string(ndcg::name_of(ndcg::detect_format(text))); }

}  // namespace

EMSCRIPTEN_BINDINGS(ndcg_module) {
  emscripten::function("renderKept", &render_kept);
  emscripten::function("analyseText", &analyse_text);
  emscripten::function("analyseGrades", &analyse_grades);
  emscripten::function("evaluateTrec", &evaluate_trec);
  emscripten::function("presetList", &preset_list);
  emscripten::function("optionSchema", &option_schema);
  emscripten::function("errorCodes", &error_codes);
  emscripten::function("matchingPreset", &matching_preset);
  emscripten::function("detectFormat", &detect_format);
}
