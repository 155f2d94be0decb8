// The module's batch exports: evaluateTrec (trec_eval-compatible runs over
// qrels) and compareRuns, their options read by the one option table. Only the full module links this file; the light module for
// embedding one ranking leaves it out, and the JS layer says so if called.
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/compare.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/trec.hpp"
#include "reply.hpp"

using namespace ndcg_wasm;

namespace {

// Values [run][measure][query] as one number list.
std::vector<double> flat(const std::vector<std::vector<std::vector<double>>>& runs) {
  std::vector<double> out;
  for (const auto& run : runs)
    for (const auto& measure : run) out.insert(out.end(), measure.begin(), measure.end());
  return out;
}

// Texts as one byte string, a line each (qids and names may hold anything but a line end).
std::string lines_of(const std::vector<std::string>& texts) {
  std::string out;
  for (const std::string& t : texts) out += (out.empty() ? "" : "\n") + t;
  return out;
}

void texts_to_js(reply& r, std::string_view key, const std::vector<std::string>& texts) {
  r.open_list(key);
  for (const std::string& t : texts) r.set("", t);
  r.close_list();
}

// compare_runs: comparisons and tie summaries through the core's field lists,
// and the report in the format asked for (`ndcg compare --format`'s bytes).
void compared_to_js(reply& r, const ndcg::compare_result& c, const ndcg::batch_settings& s) {
  r.open();
  r.set("ok", true);
  texts_to_js(r, "runs", c.runs);
  texts_to_js(r, "measures", c.measures);
  r.set_bytes("qids", lines_of(c.qids));
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
  r.set_bytes("text", ndcg::render_compare(c, s));
  r.close();
}

}  // namespace

extern "C" {

// pack: qrels, run, subtopics, then evaluateTrec's option keys and values.
EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_evaluate_trec(const char* data, std::size_t size) {
  pack p(data, size);
  std::string_view qrels = p.next(), run = p.next(), subtopics = p.next();
  auto s = ndcg::settings_from(pairs_of(p), ndcg::command::trec);
  out = reply();
  if (!s) return failure(out, s.err()), sent();
  const ndcg::batch_settings& b = s->batch;
  auto r = ndcg::evaluate_trec(qrels, run, b.trec, subtopics);
  if (!r) return failure(out, r.err()), sent();
  std::vector<double> flat;
  for (const auto& row : r->values) flat.insert(flat.end(), row.begin(), row.end());
  out.open();
  out.set("ok", true);
  out.set_bytes("names", lines_of(r->names));
  out.set_bytes("qids", lines_of(r->qids));
  out.set_numbers("values", flat);
  out.set_numbers("mean", r->mean);
  out.set_numbers("isCount", std::vector<double>(r->is_count.begin(), r->is_count.end()));
  out.set_numbers("summaryOnly", std::vector<double>(r->summary_only.begin(), r->summary_only.end()));
  out.set("numQ", static_cast<double>(r->num_q));
  out.set_bytes("runId", r->run_id);
  out.set_bytes("notOffered", lines_of(r->not_offered));
  out.set_bytes("text", ndcg::format_trec(*r, b.per_query, b.digits));
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
  auto s = ndcg::settings_from(pairs_of(p), ndcg::command::compare);
  out = reply();
  if (!s) return failure(out, s.err()), sent();
  auto r = ndcg::compare_runs(qrels, runs, s->batch);
  if (r) compared_to_js(out, *r, s->batch);
  else failure(out, r.err());
  return sent();
}

// Every row of the option table, with its default for each command that
// takes it: { explain, trec, compare }.
EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_batch_option_schema() {
  out = reply();
  out.open_list();
  for (const auto* table : {&ndcg::option_table(), &ndcg::batch_option_table()}) {
    for (const ndcg::option_row& r : *table) {
      open_option_row(out, r);
      out.open("defaults");
      for (ndcg::command c : {ndcg::command::explain, ndcg::command::trec, ndcg::command::compare})
        if (ndcg::takes(r, c)) out.set(ndcg::name_of(c), ndcg::default_text(r, c));
      out.close();
      out.close();
    }
  }
  out.close_list();
  return sent();
}

}  // extern "C"
