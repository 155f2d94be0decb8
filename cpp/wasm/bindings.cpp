// The module's exports: plain C functions over the core, conversion only.
//
// In: JS writes each call's texts into one block of wasm memory, every text
// as a 4-byte little-endian length and its UTF-8 bytes (web/api/raw.js);
// options come as key/value texts read by the core's option table, grades as
// a block of doubles.
// Out: one reply, JSON text whose large parts point into two side blocks:
// {"$f":[at,n]} is n doubles of the number block (step columns, number
// lists: JS copies them out as typed arrays) and {"$s":[at,n]} n bytes of
// UTF-8 text (reports, ids). Errors are {ok: false, code, source, key, line,
// column, args, message}. The reply lives until ndcg_release().
#include <emscripten/emscripten.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/compare.hpp"
#include "ndcg/fields.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/report.hpp"
#include "ndcg/trec.hpp"

namespace {

// ---- in ----------------------------------------------------------------------

// The texts of one call, in order.
class pack {
 public:
  pack(const char* data, std::size_t size) : rest_(data, size) {}
  bool done() const { return rest_.size() < 4; }
  std::string_view next() {
    if (done()) return {};
    std::uint32_t n = 0;
    std::memcpy(&n, rest_.data(), 4);
    std::string_view out = rest_.substr(4, n);
    rest_.remove_prefix(4 + out.size());
    return out;
  }

 private:
  std::string_view rest_;
};

// The rest of a pack as key/value pairs, for settings_from and evaluateTrec.
std::vector<std::pair<std::string, std::string>> pairs_of(pack& p) {
  std::vector<std::pair<std::string, std::string>> out;
  while (!p.done()) {
    std::string key(p.next());
    out.emplace_back(std::move(key), std::string(p.next()));
  }
  return out;
}

// evaluateTrec's options object, as key/value texts (a list repeats its key).
class js_object {
 public:
  explicit js_object(std::vector<std::pair<std::string, std::string>> p) : pairs_(std::move(p)) {}
  bool has(std::string_view k) const { return find(k) != nullptr; }
  std::string text(std::string_view k) const { return *find(k); }
  bool boolean(std::string_view k) const { return *find(k) == "true"; }
  double number(std::string_view k) const {
    double v = 0;
    ndcg::read_number(*find(k), v);
    return v;
  }
  std::vector<std::string> texts(std::string_view k) const {
    std::vector<std::string> out;
    for (const auto& [key, value] : pairs_)
      if (key == k) out.push_back(value);
    return out;
  }

 private:
  const std::string* find(std::string_view k) const {
    for (const auto& [key, value] : pairs_)
      if (key == k) return &value;
    return nullptr;
  }
  std::vector<std::pair<std::string, std::string>> pairs_;
};

// ---- out ---------------------------------------------------------------------

struct reply_block {
  const char* json;
  std::uint32_t json_size;
  const double* numbers;
  std::uint32_t numbers_size;
  const char* bytes;
  std::uint32_t bytes_size;
};

// Writes one reply's JSON; `key` is "" for a list's items.
class reply {
 public:
  std::string json;
  std::vector<double> numbers;
  std::string bytes;

  void open(std::string_view key = {}) { name(key) += '{', firsts_.push_back(true); }
  void close() { json += '}', firsts_.pop_back(); }
  void open_list(std::string_view key = {}) { name(key) += '[', firsts_.push_back(true); }
  void close_list() { json += ']', firsts_.pop_back(); }
  void set(std::string_view key, bool v) { name(key) += v ? "true" : "false"; }
  void set(std::string_view key, double v) { name(key) += std::isfinite(v) ? ndcg::shortest(v) : "null"; }
  void set(std::string_view key, std::string_view v) { name(key) += ndcg::json_string(v); }
  void set(std::string_view key, const char* v) { set(key, std::string_view(v)); }
  void set(std::string_view key, const std::string& v) { set(key, std::string_view(v)); }
  void set_null(std::string_view key) { name(key) += "null"; }
  // Large texts skip JSON: their bytes go to the side block as they are.
  void set_bytes(std::string_view key, std::string_view v) {
    name(key) += "{\"$s\":[" + std::to_string(bytes.size()) + "," + std::to_string(v.size()) + "]}";
    bytes.append(v.data(), v.size());
  }
  template <class T>
  void set_numbers(std::string_view key, const std::vector<T>& v) {
    name(key) += "{\"$f\":[" + std::to_string(numbers.size()) + "," + std::to_string(v.size()) + "]}";
    numbers.insert(numbers.end(), v.begin(), v.end());
  }

 private:
  std::vector<bool> firsts_ = {true};
  std::string& name(std::string_view key) {
    if (!firsts_.back()) json += ',';
    firsts_.back() = false;
    if (!key.empty()) json += ndcg::json_string(key) + ":";
    return json;
  }
};

reply out;  // the one reply in flight
reply_block block;

const reply_block* sent() {
  block = {out.json.data(), static_cast<std::uint32_t>(out.json.size()), out.numbers.data(),
           static_cast<std::uint32_t>(out.numbers.size()), out.bytes.data(), static_cast<std::uint32_t>(out.bytes.size())};
  return &block;
}

void failure(reply& r, const ndcg::error& e, std::string_view key = {}) {
  r.open(key);
  r.set("ok", false);
  r.set("code", ndcg::name_of(e.code));
  r.set("message", e.message);
  r.set("line", static_cast<double>(e.line));
  r.set("column", static_cast<double>(e.column));
  r.set("source", e.source);
  r.set("key", e.key.empty() ? std::string() : ndcg::js_name(e.key));
  r.set("index", static_cast<double>(e.index));
  r.open("args");
  for (const ndcg::error_arg& a : e.args) r.set(a.name, a.value);
  r.close();
  r.close();
}

// A step table's columns: one number list per field, ids joined by "\n"
// (no id holds a line break) with a mask of which rows have one.
class column_sink : public ndcg::field_sink {
 public:
  std::vector<std::pair<std::string, std::vector<double>>> columns;
  std::string ids;
  std::vector<double> has_id;

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
    has_id.push_back(present ? 1 : 0);
  }
};

// Writes fields into the reply under their camelCase names.
class js_sink : public ndcg::field_sink {
 public:
  explicit js_sink(reply& r) : r_(r) {}
  void number(std::string_view n, double v) override { r_.set(ndcg::js_name(n), v); }
  void count(std::string_view n, std::uint64_t v) override { r_.set(ndcg::js_name(n), static_cast<double>(v)); }
  void boolean(std::string_view n, bool v) override { r_.set(ndcg::js_name(n), v); }
  void text(std::string_view n, std::string_view v) override { r_.set(ndcg::js_name(n), v); }
  void null(std::string_view n) override { r_.set_null(ndcg::js_name(n)); }
  void numbers(std::string_view n, const std::vector<double>& v) override { r_.set_numbers(ndcg::js_name(n), v); }
  void begin(std::string_view n) override { r_.open(ndcg::js_name(n)); }
  void end() override { r_.close(); }
  void steps(std::string_view n, const std::vector<ndcg::step>& rows) override {
    column_sink cols;
    for (const ndcg::step& s : rows) {
      ndcg::put_step(s, cols);
      if (&s == &rows.front())
        for (auto& c : cols.columns) c.second.reserve(rows.size());
    }
    r_.open(ndcg::js_name(n));
    r_.numbers.reserve(r_.numbers.size() + (cols.columns.size() + 1) * rows.size());
    for (const auto& [name, values] : cols.columns) r_.set_numbers(ndcg::js_name(name), values);
    r_.set_bytes("id", cols.ids);
    r_.set_numbers("hasId", cols.has_id);
    r_.set("length", static_cast<double>(rows.size()));
    r_.close();
  }

 private:
  reply& r_;
};

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

// Values [run][measure][query] as one number list.
std::vector<double> flat(const std::vector<std::vector<std::vector<double>>>& runs) {
  std::vector<double> out;
  for (const auto& run : runs)
    for (const auto& measure : run) out.insert(out.end(), measure.begin(), measure.end());
  return out;
}

void texts_to_js(reply& r, std::string_view key, const std::vector<std::string>& texts) {
  r.open_list(key);
  for (const std::string& t : texts) r.set("", t);
  r.close_list();
}

// compare_runs: comparisons and tie summaries through the core's field lists.
void compared_to_js(reply& r, const ndcg::compare_result& c, const ndcg::compare_settings& s) {
  r.open();
  r.set("ok", true);
  texts_to_js(r, "runs", c.runs);
  texts_to_js(r, "measures", c.measures);
  std::string qids;
  for (const std::string& q : c.qids) qids += (qids.empty() ? "" : "\n") + q;
  r.set_bytes("qids", qids);
  r.set("queries", static_cast<double>(c.qids.size()));
  r.open_list("comparisons");
  for (const ndcg::comparison& x : c.comparisons) {
    js_sink sink(r);
    r.open(), ndcg::put_comparison(x, c, sink), r.close();
  }
  r.close_list();
  r.open_list("tieRanges");
  for (const ndcg::tie_summary& t : c.ties) {
    js_sink sink(r);
    r.open(), ndcg::put_tie_summary(t, c, sink), r.close();
  }
  r.close_list();
  r.set_numbers("values", flat(c.values));
  r.set_numbers("worst", flat(c.worst));
  r.set_numbers("best", flat(c.best));
  r.set("trials", static_cast<double>(c.trials));
  r.set("seed", static_cast<double>(c.seed));
  r.set("holmTest", ndcg::name_of(c.holm));
  (void)s;  // reports are the command's; the JS API returns the values
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

// pack: qrels, run, subtopics, then evaluateTrec's options as key/value texts.
EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_evaluate_trec(const char* data, std::size_t size) {
  pack p(data, size);
  std::string_view qrels = p.next(), run = p.next(), subtopics = p.next();
  js_object js(pairs_of(p));
  ndcg::trec_options o;
  if (js.has("measures"))
    for (const std::string& m : js.texts("measures")) o.measures.push_back(m);
  if (js.has("complete")) o.complete = js.boolean("complete");
  if (js.has("shard")) o.shard = js.boolean("shard");
  if (js.has("relevanceLevel")) o.relevance_level = static_cast<long>(js.number("relevanceLevel"));
  if (js.has("preset")) o.preset = js.text("preset");
  if (js.has("gain")) o.exp_gain = js.text("gain") == "exp";
  if (js.has("alpha")) o.alpha = js.number("alpha");
  if (js.has("errMaxGrade")) o.err_max_grade = js.number("errMaxGrade");
  out = reply();
  auto r = ndcg::evaluate_trec(qrels, run, o, subtopics);
  if (!r) return failure(out, r.err()), sent();
  std::vector<double> flat;
  for (const auto& row : r->values) flat.insert(flat.end(), row.begin(), row.end());
  std::string names, qids;
  for (const std::string& n : r->names) names += (names.empty() ? "" : "\n") + n;
  for (const std::string& q : r->qids) qids += (qids.empty() ? "" : "\n") + q;
  out.open();
  out.set("ok", true);
  out.set_bytes("names", names);
  out.set_bytes("qids", qids);
  out.set_numbers("values", flat);
  out.set_numbers("mean", r->mean);
  out.set_numbers("isCount", std::vector<double>(r->is_count.begin(), r->is_count.end()));
  out.set_numbers("summaryOnly", std::vector<double>(r->summary_only.begin(), r->summary_only.end()));
  out.set("numQ", static_cast<double>(r->num_q));
  out.set_bytes("runId", r->run_id);
  std::string not_offered;
  for (const std::string& n : r->not_offered) not_offered += (not_offered.empty() ? "" : "\n") + n;
  out.set_bytes("notOffered", not_offered);
  out.set_bytes("text", ndcg::format_trec(*r, js.has("perQuery") && js.boolean("perQuery"),
                                          js.has("digits") ? static_cast<int>(js.number("digits")) : 4));
  out.close();
  return sent();
}

// pack: qrels, the number of runs, the runs, then compare's option keys and values.
EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_compare_runs(const char* data, std::size_t size) {
  pack p(data, size);
  std::string_view qrels = p.next(), count = p.next();
  std::vector<std::string_view> runs;
  for (char digit : count) runs.resize(runs.size() * 10 + static_cast<std::size_t>(digit - '0'));
  for (std::string_view& run : runs) run = p.next();
  auto s = ndcg::compare_settings_from(pairs_of(p));
  out = reply();
  if (!s) return failure(out, s.err()), sent();
  auto r = ndcg::compare_runs(qrels, runs, *s);
  if (r) compared_to_js(out, *r, *s);
  else failure(out, r.err());
  return sent();
}

EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_compare_option_schema() {
  out = reply();
  out.open_list();
  for (const ndcg::compare_option& r : ndcg::compare_option_table()) {
    out.open();
    out.set("key", ndcg::js_name(r.meta.key));
    out.set("flag", ndcg::cli_flag(r.meta.key));
    out.set("shortFlag", r.short_flag);
    out.set("kind", ndcg::name_of(r.meta.kind));
    out.open_list("choices");
    for (std::string_view c : ndcg::choices_of(r.meta)) out.set("", c);
    out.close_list();
    out.set("min", r.meta.min);
    out.set("max", r.meta.max);
    out.set("default", r.show(ndcg::compare_settings{}));
    out.set("help", r.meta.help);
    out.close();
  }
  out.close_list();
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

EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_option_schema() {
  out = reply();
  out.open_list();
  for (const ndcg::option_row& r : ndcg::option_table()) {
    out.open();
    out.set("key", ndcg::js_name(r.key));
    out.set("flag", ndcg::cli_flag(r.key));
    out.set("kind", ndcg::name_of(r.kind));
    out.open_list("choices");
    for (std::string_view c : ndcg::choices_of(r)) out.set("", c);
    out.close_list();
    out.set("min", r.min);
    out.set("max", r.max);
    out.set("aboveMin", r.above_min);
    out.set("default", ndcg::default_text(r));
    out.set("help", r.help);
    out.set("preset", r.preset_sets);
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
