// The module's batch entry points, registered with Embind: evaluateTrec
// (trec_eval-compatible runs over qrels), compareRuns, and the option rows
// of every command. Only the full module links this file; the light module
// for embedding one ranking leaves it out, and the JS layer says so if called.
#include <emscripten/bind.h>
#include <emscripten/emmalloc.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "js_values.hpp"
#include "ndcg/compare.hpp"
#include "ndcg/evaluate_run.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/trec.hpp"

using namespace ndcg_wasm;

namespace {

// The batch results' sink: a keyed table (a run's values per query, a
// million queries at most) crosses by columns, {keyedRows: [row names],
// columns: {name: column}} of the columns rows hold, one Float64Array or
// text list each, which the JS layer lays out as {row: {column: value}}.
// Here and not in val_sink: the light module has no tables.
class batch_sink : public val_sink {
 public:
  bool keyed(std::string_view n, const std::vector<std::string_view>& rows,
             const std::vector<ndcg::keyed_column>& columns) override {
    val cols = val::object();
    for (const ndcg::keyed_column& c : columns)
      if (c.in_rows) cols.set(js_text(c.name), c.is_text ? js_text_list(c.texts) : js_numbers(c.numbers));
    val out = val::object();
    out.set("keyedRows", js_text_list(rows));
    out.set("columns", cols);
    put(n, out);
    return true;
  }
};

// A result's field list as one JS object, {ok: true, ...}.
template <class Put>
val batch_object(Put&& put) {
  batch_sink sink;
  put(sink);
  val out = sink.result();
  out.set("ok", val(true));
  return out;
}

// How the inputs are read (inputs.hpp): the formats the options name, the
// group file, the names the readings give.
ndcg::input_reading reading_of(const ndcg::batch_settings& b, std::string_view group) {
  ndcg::input_reading ir;
  ir.run_format = b.run_format;
  ir.qrels_format = b.qrels_format;
  ir.group = group;
  return ir;
}

// A run's JS bytes (a Uint8Array) or string handed to the core in pieces,
// each copied (a string's encoded as UTF-8) by the engine straight into
// wasm memory: the run is never there whole (each first touch of a page of
// it costs more than reading it), nor, when a string, encoded whole in JS.
class js_run_source final : public ndcg::run_source {
 public:
  explicit js_run_source(const val& v) : run_(v), is_text_(v.isString()), size_(length_of(v)) {}
  std::size_t read(char* into, std::size_t size) override {
    if (!is_text_) {
      const std::size_t n = std::min(size, size_ - at_);
      if (n != 0) view_of(into, n).call<void>("set", run_.call<val>("subarray", js_index(at_), js_index(at_ + n)));
      at_ += n;
      return n;
    }
    std::size_t n = 0;
    while (n < size && held_ < pending_.size()) into[n++] = pending_[held_++];
    if (n == size || at_ == size_) return n;
    // Room for few characters: the next one (one or two units) encoded aside, given a byte at a time.
    if (size - n < 8) {
      pending_ = std::string(text_of(run_.call<val>("substring", js_index(at_), js_index(unit_end(at_ + 1)))));
      held_ = 0;
      at_ = unit_end(at_ + 1);
      return n + read(into + n, size - n);
    }
    // At most 3 bytes a unit; what did not fit (a pair at the end) comes next time.
    const std::size_t end = unit_end(std::min(size_, at_ + (size - n) / 3));
    const val done = text_encoder().call<val>("encodeInto", run_.call<val>("substring", js_index(at_), js_index(end)), view_of(into + n, size - n));
    at_ += static_cast<std::size_t>(done["read"].as<double>());
    return n + static_cast<std::size_t>(done["written"].as<double>());
  }
  bool rewind() override {
    at_ = held_ = 0;
    pending_.clear();
    return true;
  }

 private:
  static val view_of(char* at, std::size_t n) {
    return val(emscripten::typed_memory_view(n, reinterpret_cast<unsigned char*>(at)));
  }
  // `end`, or one unit on when a piece would end between a surrogate pair's halves.
  std::size_t unit_end(std::size_t end) const {
    if (end >= size_) return size_;
    const double unit = run_.call<val>("charCodeAt", js_index(end - 1)).as<double>();
    return unit >= 0xD800 && unit <= 0xDBFF ? end + 1 : end;
  }
  val run_;
  bool is_text_;
  std::size_t size_;  // bytes, or a string's UTF-16 units
  std::size_t at_ = 0;
  std::string pending_;  // a character's bytes that did not fit, given from held_ on
  std::size_t held_ = 0;
};

// A result's fields (the tie range's measures among them when asked for),
// how the inputs were read, and the report.
val evaluated(const ndcg::trec_result& r, const std::string& text, const std::vector<std::string>& readings) {
  val out = batch_object([&](ndcg::field_sink& sink) { ndcg::put_trec_result(r, sink); });
  out.set("readings", js_texts(readings));
  out.set("text", js_text(text));
  return out;
}

// qrels, run (null: the qrels hold both), subtopics, zscores (-Z's means),
// group (LETOR's group sizes): JS strings or bytes; keys, values:
// evaluateTrec's option texts.
val evaluate_trec(const val& qrels, const val& run, const val& subtopics, const val& zscores, const val& group,
                  const val& keys, const val& values) {
  auto s = ndcg::settings_from(pairs_of(keys, values), ndcg::command::trec);
  if (!s) return js_error(s.err());
  ndcg::batch_settings& b = s->batch;
  const js_bytes zscores_text = text_of(zscores);
  b.trec.zscores = std::string(zscores_text);
  auto output = ndcg::trec_output_of(b);
  if (!output) return js_error(output.err());
  const js_bytes qrels_text = text_of(qrels), subtopics_text = text_of(subtopics), group_text = text_of(group);
  const ndcg::input_reading ir = reading_of(b, group_text);
  std::vector<std::string> readings;
  auto ev = [&] {
    if (run.isNull() || run.isUndefined()) return ndcg::evaluate_table(qrels_text, b, subtopics_text, ir, readings);
    js_run_source source(run);
    return ndcg::evaluate_run(qrels_text, source, b, subtopics_text, ir, readings);
  }();
  if (!ev) return js_error(ev.err());
  const std::string text = ev->ties ? ndcg::render_trec(ev->result, *output, *ev->ties) : ndcg::render_trec(ev->result, *output);
  return evaluated(ev->ties ? ndcg::with_tie_range(ev->result, *ev->ties) : ev->result, text, readings);
}

// The result's field list (put_compare_result), and the report in the
// format asked for (`ndcg compare --format`'s bytes).
val compared(const ndcg::compare_result& c, const ndcg::batch_request& request) {
  val out = batch_object([&](ndcg::field_sink& sink) { ndcg::put_compare_result(c, sink); });
  out.set("text", js_text(ndcg::render_compare(c, request.batch, request.s.language)));
  return out;
}

// runs: an array of JS strings or bytes; group: LETOR's group sizes.
val compare_runs(const val& qrels, const val& runs, const val& group, const val& keys, const val& values) {
  auto s = ndcg::settings_from(pairs_of(keys, values), ndcg::command::compare);
  if (!s) return js_error(s.err());
  const js_bytes qrels_text = text_of(qrels), group_text = text_of(group);
  std::vector<js_bytes> run_texts;
  const std::size_t count = length_of(runs);
  for (std::size_t i = 0; i < count; ++i) run_texts.push_back(text_of(runs[js_index(i)]));
  auto in = ndcg::read_inputs(qrels_text, std::vector<std::string_view>(run_texts.begin(), run_texts.end()),
                              reading_of(s->batch, group_text), ndcg::judgments_are_qrels(s->batch, qrels_text));
  if (!in) return js_error(in.err());
  std::vector<std::string_view> texts;
  for (const ndcg::trec_text& t : in->runs) texts.push_back(t.text());
  auto r = ndcg::compare_runs(in->qrels.text(), texts, s->batch);
  if (!r) return js_error(r.err());
  val out = compared(*r, *s);
  out.set("readings", js_texts(in->readings));
  return out;
}

// The rows command ("trec" or "compare") takes, with its defaults
// (optionSchema() gives explain's).
val batch_option_schema(const val& command) {
  const ndcg::command c = std::string_view(text_of(command)) == "trec" ? ndcg::command::trec : ndcg::command::compare;
  return js_object([&](ndcg::field_sink& s) { ndcg::put_option_rows(c, s); })["rows"];
}

// One option of the rows only trec and compare take, read from its text:
// {ok, value} or the error (readOption reads explain's rows).
val read_batch_option(const val& key, const val& text) {
  const js_bytes k = text_of(key);
  const ndcg::option_row* row = ndcg::find_option(k, ndcg::command::trec);
  return js_read_option(row ? row : ndcg::find_option(k, ndcg::command::compare), k, text_of(text));
}

// Makes room for `bytes` (at most the largest input, 256 MiB) free in the
// heap, writing once to each page of what it allocates for that: the first
// write to a fresh page of wasm memory costs up to 15 us on some hosts, more
// than an evaluation's own work on that page, and a caller that knows what
// is coming (the page, while its files are read) can pay for it while it
// waits anyway. Room the heap has free already counts; an allocation may
// take in the free end of the heap, hence the loop.
void reserve_memory(double bytes) {
  const double most = static_cast<double>(ndcg::limits{}.max_bytes);
  const std::size_t want = bytes >= 1 ? static_cast<std::size_t>(std::min(bytes, most)) : 0;  // NaN: none
  const std::size_t goal = emmalloc_dynamic_heap_size() - emmalloc_free_dynamic_memory() + want;
  void* held = nullptr;  // the blocks taken, each holding the one before at its start
  for (std::size_t size; (size = emmalloc_dynamic_heap_size()) < goal;) {
    const std::size_t n = std::max(goal - size, sizeof(void*));
    void* p = std::malloc(n);
    if (p == nullptr) break;  // no more memory: the evaluation will say so if it needs it
    for (std::size_t at = 0; at < n; at += 4096) static_cast<volatile char*>(p)[at] = 0;
    *static_cast<void**>(p) = held;
    held = p;
  }
  while (held != nullptr) {
    void* next = *static_cast<void**>(held);
    std::free(held);
    held = next;
  }
}

// One measure family explained (`ndcg trec --help-measure`): {ok, name,
// help, about, parameters, ..., text} or the unknown measure's error.
val describe_measure(const val& name) {
  const js_bytes n = text_of(name);
  ndcg::status found = ndcg::done{};
  val out = js_object([&](ndcg::field_sink& sink) { found = ndcg::put_measure_description(n, sink); });
  if (!found) return js_error(found.err());
  out.set("ok", val(true));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(ndcg_batch) {
  ndcg::read_json_rankings();  // the full module reads JSON rankings; the light one, without this file, does not
  emscripten::function("evaluateTrec", &evaluate_trec);
  emscripten::function("compareRuns", &compare_runs);
  emscripten::function("batchOptionSchema", &batch_option_schema);
  emscripten::function("readBatchOption", &read_batch_option);
  emscripten::function("reserveMemory", &reserve_memory);
  emscripten::function("describeMeasure", &describe_measure);
}
