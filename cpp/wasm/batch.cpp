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
#include "ndcg/trec.hpp"

using namespace ndcg_wasm;

namespace {

// Values [run][measure][query] as one number list.
std::vector<double> flat(const std::vector<std::vector<std::vector<double>>>& runs) {
  std::vector<double> out;
  for (const auto& run : runs)
    for (const auto& measure : run) out.insert(out.end(), measure.begin(), measure.end());
  return out;
}

// One byte per measure (the result's flags) as numbers.
val js_flags(const std::vector<char>& flags) { return js_numbers(std::vector<double>(flags.begin(), flags.end())); }

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
  std::vector<double> values_flat;  // [query][measure]
  for (const auto& row : r->values) values_flat.insert(values_flat.end(), row.begin(), row.end());
  std::vector<std::string> texts;  // [query][text measure] (relstring)
  for (const auto& row : r->texts) texts.insert(texts.end(), row.begin(), row.end());
  val out = js_ok();
  out.set("names", js_texts(r->names));
  out.set("qids", js_texts(r->qids));
  out.set("values", js_numbers(values_flat));
  out.set("mean", js_numbers(r->mean));
  out.set("summaryOnly", js_flags(r->summary_only));
  out.set("perQueryOnly", js_flags(r->per_query_only));
  out.set("textColumns", js_numbers(std::vector<double>(r->text_columns.begin(), r->text_columns.end())));
  out.set("texts", js_texts(texts));
  out.set("numQ", val(static_cast<double>(r->num_q)));
  out.set("runId", js_text(r->run_id));
  out.set("notOffered", js_texts(r->not_offered));
  out.set("notes", js_texts(r->notes));
  out.set("readings", js_texts(in->readings));
  out.set("text", js_text(ndcg::render_trec(*r, *output)));
  return out;
}

// Comparisons and tie summaries through the core's field lists, and the
// report in the format asked for (`ndcg compare --format`'s bytes).
val compared(const ndcg::compare_result& c, const ndcg::batch_request& request) {
  val out = js_ok();
  out.set("runs", js_texts(c.runs));
  out.set("measures", js_texts(c.measures));
  out.set("qids", js_texts(c.qids));
  val comparisons = val::array(), ties = val::array();
  for (std::size_t i = 0; i < c.comparisons.size(); ++i)
    comparisons.set(js_index(i), js_object([&](ndcg::field_sink& s) { ndcg::put_comparison(c.comparisons[i], c, s); }));
  for (std::size_t i = 0; i < c.ties.size(); ++i)
    ties.set(js_index(i), js_object([&](ndcg::field_sink& s) { ndcg::put_tie_summary(c.ties[i], c, s); }));
  out.set("comparisons", comparisons);
  out.set("tieRanges", ties);
  out.set("values", js_numbers(flat(c.values)));
  out.set("worst", js_numbers(flat(c.worst)));
  out.set("best", js_numbers(flat(c.best)));
  out.set("trials", val(static_cast<double>(c.trials)));
  out.set("seed", val(static_cast<double>(c.seed)));
  out.set("holmTest", js_text(ndcg::name_of(c.holm)));
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
