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
#include <cstdint>
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
  run_source* qrels_file = nullptr;  // natively, LETOR judgments read in pieces from their file, not `qrels`
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

// A table held in memory as columns (a pandas DataFrame, a partition of a
// Dask one): each column's name and its cells, as texts or as numbers.
// The names give the columns their roles by the table readers' rule (the
// one table of names, as a CSV header's); a number in an id's role is its
// shortest text, a text in a number's role is read by the one number
// reader, and a NaN is an empty cell. Errors name the row as the line of
// the table written as CSV (the header line 1, the first row line 2) and
// the column by its place (1-based).
// A column of objects (a pandas object column, read in place) is one
// pointer per row and `text_of`, which gives an object's text: the same
// object the same text (read once per distinct object), from any thread.
// A coded column (a pandas categorical) is one code per row into its
// distinct objects (`objects`, then one per code), -1 giving `missing`;
// every code must be below `distinct`.
struct table_column {
  std::string name;
  std::vector<std::string_view> texts;     // a text column: one per row
  const double* numbers = nullptr;         // or numbers, one per row
  const std::int64_t* integers = nullptr;  // or whole numbers (ids beyond 2^53 stay exact)
  const void* const* objects = nullptr;    // or objects, one per row, as texts
  std::string_view (*text_of)(const void* object) = nullptr;
  const std::int32_t* codes = nullptr;     // or codes into `objects`, one per row
  std::size_t distinct = 0;                // (how many objects the codes index)
  const void* missing = nullptr;           // (the object code -1 stands for)
};
struct column_table {
  std::vector<table_column> columns;
  std::size_t rows = 0;
};

// A number cell's text, as the table written as CSV holds it and as an id
// column of numbers is read: its shortest form, "" for NaN (an empty cell);
// and that of a float64 or int64 column's cell. Native only.
std::string number_cell_text(double v);
std::string number_cell_text(const table_column& c, std::size_t row);

// Each row of a column of texts or objects numbered by its text: codes[row]
// counts the distinct texts in the order they first come, first[code] is
// that row and texts[code] the text (as the column reader reads it: "" for
// an empty cell). An object is known by its address first (as the column
// reader knows it), so one object per distinct id has its text read once.
// What a Dask partition's qids travel as. Native only.
struct id_numbers {
  std::vector<std::uint32_t> codes;
  std::vector<std::size_t> first;
  std::vector<std::string_view> texts;
};
id_numbers number_ids(const table_column& c, std::size_t rows);

// Which column of a table named `names` (by place, -1: none) gives each
// field, as the table readers choose them for a run, qrels or (both) one
// table holding both; an error names a column missing or given twice.
// Native only.
struct table_roles {
  long query = -1, doc = -1, score = -1, rank = -1, rel = -1, tag = -1;
};
expected<table_roles> roles_of(const std::vector<std::string>& names, bool run, bool qrels);

// evaluate's inputs held as columns: no text between them and the evaluation.
struct column_inputs {
  const column_table* qrels = nullptr;  // judgments; with no run, the table holding both
  const column_table* run = nullptr;
  std::string_view zscores;             // -Z's means, as text
  std::string_view kind = "columns";    // what the readings call a table ("DataFrame")
  unsigned threads = 0;                 // the run's queries evaluated on so many (0: every core)
};
// The same reply as evaluate_batch's for the tables written as CSV and
// read by it (-R qrels; no subtopics). Native only.
evaluate_reply evaluate_batch(const column_inputs& in, const option_pairs& options,
                              std::vector<batch_reading>& readings);

// compare's inputs held as columns: one qrels table and two runs or more.
struct column_compare_inputs {
  const column_table* qrels = nullptr;
  std::vector<const column_table*> runs;
  std::string_view kind = "columns";  // what the readings call a table
  unsigned threads = 0;               // each run's queries evaluated on so many (0: every core)
};

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
// The same for tables held as columns (a DataFrame), native only: judgments
// from a qrels table, and a run table against judgments read either way
// (`threads` as above; a table's queries then go to that many, 0: every core).
expected<judged_index> read_judged(const column_table& qrels, std::string_view kind, const option_pairs& options);
evaluate_reply evaluate_batch(const judged_index& index, const column_table& run, std::string_view kind,
                              const option_pairs& options, std::vector<batch_reading>& readings, int threads = 0);

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
// The same reply as compare_batch's for the tables written as CSV and read
// by it. Native only.
compare_reply compare_batch(const column_compare_inputs& in, const option_pairs& options,
                            std::vector<batch_reading>& readings);
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
