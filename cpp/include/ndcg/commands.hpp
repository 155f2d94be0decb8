// The batch commands from their inputs to what every door hands out: one
// call each for `ndcg trec` / evaluateTrec / ndcg_calc.evaluate, for
// `ndcg compare` / compareRuns / ndcg_calc.compare, and for an evaluator's
// judgments read once. The CLI, the wasm module and the Python package
// each make that call and only convert: their values into the inputs
// here, the reply's fields (put_evaluate_reply, put_compare_reply) into
// theirs, an error into their error. Which reader, the tie range, --ci,
// the report and the readings are decided here, once.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/compare.hpp"
#include "ndcg/error.hpp"
#include "ndcg/evaluate_run.hpp"
#include "ndcg/field_sink.hpp"
#include "ndcg/settings.hpp"
#include "ndcg/trec.hpp"

namespace ndcg {

// Option texts as settings_from reads them (key, value).
using option_pairs = std::vector<std::pair<std::string, std::string>>;

// evaluate's inputs, as given (any format the readers read; gzip).
struct evaluate_inputs {
  std::string_view qrels;        // judgments; with no run, the table that holds both
  run_source* run = nullptr;     // the run in pieces; null: qrels holds the run too
  std::string_view subtopics;    // --subtopics
  std::string_view zscores;      // -Z's means
  std::string_view group;        // LETOR's group sizes
  std::string_view qrels_name, run_name;  // as the readings name them ("": "qrels", "run")
};

// An evaluation: its result (with --ci's intervals) and the tie range when
// asked for, or why not; and the report of both in the format asked for.
// Made where it is returned, so the result is never moved or copied.
struct evaluate_reply {
  expected<run_evaluation> evaluated;
  std::string text;  // when evaluated
};

// The options are texts, read by command::trec's rows (settings_from).
// `readings` (empty; how inputs that are not plain TREC were read) is
// filled also when the evaluation then fails: the reading may be why. Errors name
// their input in error::source ("qrels", "run", "group", "subtopics",
// "zscores"; an option's has none).
evaluate_reply evaluate_batch(const evaluate_inputs& in, const option_pairs& options,
                              std::vector<batch_reading>& readings);
// The same, its reply's fields (put_evaluate_reply's) written into `out`:
// the wasm module's call, which keeps no reply.
status put_evaluate_batch(const evaluate_inputs& in, const option_pairs& options, field_sink& out);

// Judgments read once for many runs (Python's evaluator): in the format
// the options name, indexed, with how they were read, and how many
// evaluations run on them now (for the threads they may take).
struct judged_index {
  trec_judgments judged;
  std::vector<batch_reading> readings;
  std::shared_ptr<std::atomic<int>> running = std::make_shared<std::atomic<int>>(0);
};
expected<judged_index> read_judged(std::string_view qrels, const option_pairs& options);
// One run against them; `readings` starts with the judgments' own.
// `threads`: 1, the calling thread alone; 2 or more, a second thread
// evaluates queries while the calling one reads; 0, a second thread unless
// another evaluation runs on `index` then (callers on several threads then
// ask for no more threads than they are, and one call alone keeps its two).
evaluate_reply evaluate_batch(const judged_index& index, run_source& run, const option_pairs& options,
                              std::vector<batch_reading>& readings, int threads = 0);

// compare's inputs, as given: the judgments and two runs or more.
struct compare_inputs {
  std::string_view qrels;
  std::vector<std::string_view> runs;
  std::string_view group;
  std::string_view qrels_name;              // for the readings ("": "qrels")
  std::vector<std::string_view> run_names;  // for the readings
};

struct compare_reply {
  expected<compare_result> result;
  std::string text;  // render_compare's, in the settings' format and language
};

// The options are texts, read by command::compare's rows.
compare_reply compare_batch(const compare_inputs& in, const option_pairs& options,
                            std::vector<batch_reading>& readings);
status put_compare_batch(const compare_inputs& in, const option_pairs& options, field_sink& out);
// Runs evaluated already (each one's per-query result, merged from
// partitions: Python's dask.compare); tie_range needs their documents and
// is refused. `judged`: the judged queries, each of which every run must
// have (unless complete), as compare_runs requires; null: not known.
compare_reply compare_batch(const std::vector<trec_result>& runs, const std::vector<std::string>* judged,
                            const option_pairs& options);

// What a batch input seems to hold, from its first lines (the page's
// inputKind(), placing a dropped file): put_input_kind's fields of kind_of.
void put_input_kind(std::string_view head, field_sink& out);

// The fields of a reply that holds its result, as the bindings return them: the result's
// (put_trec_result, the tie range's measures among the others;
// put_compare_result), "readings" and "inputs" (put_readings) and "text".
void put_evaluate_reply(const evaluate_reply& r, const std::vector<batch_reading>& readings, field_sink& out);
void put_compare_reply(const compare_reply& r, const std::vector<batch_reading>& readings, field_sink& out);

}  // namespace ndcg
