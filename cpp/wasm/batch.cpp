// The module's batch entry points, registered with Embind: evaluateTrec
// (trec_eval-compatible runs over qrels), compareRuns, and the option rows
// of every command. Only the full module links this file; the light module
// for embedding one ranking leaves it out, and the JS layer says so if called.
#include <emscripten/bind.h>
#include <emscripten/emmalloc.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "js_values.hpp"
#include "ndcg/commands.hpp"
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

// A file the JS layer opened (a file: URL in Node): {fileSize, readAt(view,
// at)}, which reads into a view of wasm memory from the file's byte `at`,
// so the file comes into the module's memory once, with no JS copy of it.
bool is_file(const val& v) { return !v.isString() && !v["readAt"].isUndefined(); }

std::size_t read_file_at(const val& file, char* into, std::size_t size, std::size_t at) {
  const val view(emscripten::typed_memory_view(size, reinterpret_cast<unsigned char*>(into)));
  return static_cast<std::size_t>(file.call<val>("readAt", view, js_index(at)).as<double>());
}

// An input whole in wasm memory: a file read straight there, else text_of's copy.
js_bytes input_of(const val& v) {
  if (!is_file(v)) return text_of(v);
  js_bytes out(static_cast<std::size_t>(v["fileSize"].as<double>()));
  std::size_t got = 0;
  for (std::size_t n = 1; got < out.size() && n != 0; got += n) n = read_file_at(v, out.data() + got, out.size() - got, got);
  out.keep(got);
  return out;
}

// A run's JS bytes (a Uint8Array), string or file handed to the core in
// pieces, each copied (a string's encoded as UTF-8) by the engine straight
// into wasm memory: the run is never there whole (each first touch of a page
// of it costs more than reading it), nor, when a string, encoded whole in JS.
class js_run_source final : public ndcg::run_source {
 public:
  explicit js_run_source(const val& v)
      : run_(v), is_text_(v.isString()), is_file_(is_file(v)),
        size_(is_file_ ? static_cast<std::size_t>(v["fileSize"].as<double>()) : length_of(v)) {}
  std::size_t read(char* into, std::size_t size) override {
    if (is_file_) {
      const std::size_t n = std::min(size, size_ - at_) == 0 ? 0 : read_file_at(run_, into, std::min(size, size_ - at_), at_);
      at_ += n;
      return n;
    }
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
  bool is_text_, is_file_;
  std::size_t size_;  // bytes, or a string's UTF-16 units
  std::size_t at_ = 0;
  std::string pending_;  // a character's bytes that did not fit, given from held_ on
  std::size_t held_ = 0;
};

// qrels, run (null: the qrels hold both), subtopics, zscores (-Z's means),
// group (LETOR's group sizes): JS strings or bytes (qrels and run files too); keys, values:
// evaluateTrec's option texts.
val evaluate_entry(const val& qrels, const val& run, const val& subtopics, const val& zscores, const val& group,
                  const val& keys, const val& values) {
  const js_bytes qrels_text = input_of(qrels), subtopics_text = text_of(subtopics), zscores_text = text_of(zscores),
                 group_text = text_of(group);
  ndcg::evaluate_inputs in;
  in.qrels = qrels_text;
  in.subtopics = subtopics_text;
  in.zscores = zscores_text;
  in.group = group_text;
  std::optional<js_run_source> source;
  if (!run.isNull() && !run.isUndefined()) in.run = &source.emplace(run);
  ndcg::status done = ndcg::done{};
  val out = batch_object([&](ndcg::field_sink& sink) { done = ndcg::put_evaluate_batch(in, pairs_of(keys, values), sink); });
  return done ? out : js_error(done.err());
}

// runs: an array of JS strings, bytes or files; group: LETOR's group sizes.
val compare_entry(const val& qrels, const val& runs, const val& group, const val& keys, const val& values) {
  const js_bytes qrels_text = input_of(qrels), group_text = text_of(group);
  std::vector<js_bytes> run_texts;
  const std::size_t count = length_of(runs);
  for (std::size_t i = 0; i < count; ++i) run_texts.push_back(input_of(runs[js_index(i)]));
  ndcg::compare_inputs in;
  in.qrels = qrels_text;
  in.runs.assign(run_texts.begin(), run_texts.end());
  in.group = group_text;
  ndcg::status done = ndcg::done{};
  val out = batch_object([&](ndcg::field_sink& sink) { done = ndcg::put_compare_batch(in, pairs_of(keys, values), sink); });
  return done ? out : js_error(done.err());
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

// What a batch input seems to hold, from its first lines: {format, use, grouped}.
val input_kind(const val& text) {
  const js_bytes head = text_of(text);
  return js_object([&](ndcg::field_sink& sink) { ndcg::put_input_kind(head, sink); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(ndcg_batch) {
  ndcg::read_json_rankings();  // the full module reads JSON rankings; the light one, without this file, does not
  emscripten::function("evaluateTrec", &evaluate_entry);
  emscripten::function("compareRuns", &compare_entry);
  emscripten::function("batchOptionSchema", &batch_option_schema);
  emscripten::function("readBatchOption", &read_batch_option);
  emscripten::function("reserveMemory", &reserve_memory);
  emscripten::function("describeMeasure", &describe_measure);
  emscripten::function("inputKind", &input_kind);
}
