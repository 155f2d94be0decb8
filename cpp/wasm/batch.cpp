// The module's batch entry points, registered with Embind: evaluateTrec
// (trec_eval-compatible runs over qrels), compareRuns, and the option rows
// of every command. Only the full module links this file; the light module
// for embedding one ranking leaves it out, and the JS layer says so if called.
#include <emscripten/bind.h>

#include <string>
#include <string_view>
#include <vector>

#include "js_values.hpp"
#include "ndcg/compare.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/tie_range.hpp"
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

bool are_qrels(const ndcg::batch_settings& b, std::string_view qrels) {
  return b.trec.judgments == ndcg::judgment_format::qrels && !qrels.empty();
}

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
  const bool no_run = run.isNull() || run.isUndefined();
  const js_bytes run_text = text_of(no_run ? val("") : run);
  std::vector<std::string_view> runs;
  if (!no_run) runs.push_back(run_text);
  auto in = ndcg::read_inputs(qrels_text, runs, reading_of(b, group_text), are_qrels(b, qrels_text));
  if (!in) return js_error(in.err());
  auto r = ndcg::evaluate_trec(in->qrels.text(), in->runs[0].text(), b.trec, subtopics_text);
  if (!r) return js_error(r.err());
  if (!b.tie_range) return evaluated(*r, ndcg::render_trec(*r, *output), in->readings);
  auto ties = ndcg::evaluate_tie_range(in->qrels.text(), in->runs[0].text(), b.trec, subtopics_text);
  if (!ties) return js_error(ties.err());
  return evaluated(ndcg::with_tie_range(*r, *ties), ndcg::render_trec(*r, *output, *ties), in->readings);
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
                              reading_of(s->batch, group_text), are_qrels(s->batch, qrels_text));
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

}  // namespace

EMSCRIPTEN_BINDINGS(ndcg_batch) {
  ndcg::read_json_rankings();  // the full module reads JSON rankings; the light one, without this file, does not
  emscripten::function("evaluateTrec", &evaluate_trec);
  emscripten::function("compareRuns", &compare_runs);
  emscripten::function("batchOptionSchema", &batch_option_schema);
  emscripten::function("readBatchOption", &read_batch_option);
}
