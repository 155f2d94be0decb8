// The multi-query inputs people hold, read for `ndcg trec` and `ndcg
// compare`. A reader hands on records (query, doc, score or grade), every
// field checked where the file has it, so an error names the line and
// column of the file as given: the evaluation (evaluate_run.hpp) feeds a
// run's records to the evaluation query by query and builds judgments from
// them. No format is turned into TREC text.
//
// Formats, told apart by content (a format named in input_reading wins);
// each is a row of the registry in cpp/src/inputs/formats.cpp:
//   trec    runs and qrels as trec_eval reads them (passed through, not copied)
//   csv     comma-separated with a header (RFC 4180 quotes), column names
//   tsv     from the one table of names (query_id, doc_id, score, rel, ...;
//           BEIR's qrels `query-id corpus-id score`: score is the judgment)
//   json    {qid: {docid: number}} (pytrec_eval, ranx), or records
//           [{"query_id": ..., "doc_id": ..., "score": ...}]
//   jsonl   JSON Lines of such records
//   letor   LETOR / SVMlight lines `label qid:Q 1:v 2:v ... # docid = D`:
//           the labels are the judgments, a predictions file (one number
//           per line, in the file's order) scores each line
//   msmarco MS MARCO's run TSV, `qid<TAB>pid<TAB>rank` with no header
// gzip (by its magic bytes) is unpacked first where the build has zlib
// (natively; the JS API unpacks in Node and the page), at most max_bytes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/field_sink.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/settings.hpp"

namespace ndcg {


// How the inputs are read. Names are only for the readings ("run.csv read
// as CSV: ...").
struct input_reading {
  input_format qrels_format = input_format::automatic;
  input_format run_format = input_format::automatic;
  std::string_view group;                 // LETOR: a group-size file's text (LightGBM .query,
                                          // XGBoost .group): lines carry no qid:
  std::string qrels_name = "qrels";
  std::vector<std::string> run_names;     // one per run; "run" when missing
  limits lim;                             // max_bytes also bounds what gzip unpacks to
};

// What an input is read as: a run, qrels, or both from one file.
enum class input_use { run, qrels, both };

// How one input was read, as fields: put_readings writes them (the
// result's "inputs"), reading_line words them as `ndcg trec` says them
// ("run.csv read as CSV: query_id -> query, doc_id -> doc, ...").
struct batch_reading {
  // What is noted besides the columns, as bits.
  enum note : unsigned {
    score_is_rel = 1,   // no rel column (key): the score is the judgment
    doc_positions = 2,  // doc ids are each row's (record's, line's) position in its query
    rank_order = 4,     // no score: ordered by rank (score = -rank)
    from_group = 8,     // LETOR: queries from the group file
  };
  std::string name;            // the input's ("qrels", "run", a file's name)
  std::size_t run = 0;         // the run's number, 1 on; 0 for the judgments (and both in one file)
  input_format format = input_format::automatic;  // the registry's row; automatic: TREC as given, nothing to say
  // Where the format's row does not say it all: JSON as records (one, or
  // lines of them) or {qid: {docid: number}}, a LETOR file's predictions,
  // a table held as columns (Python's DataFrames).
  enum class as : unsigned char { row, json, jsonl, dict, predictions, frame };
  as shape = as::row;
  bool gzip = false, both = false;
  std::vector<std::string> columns;    // by role (parse/columns.hpp): the column or key read as it
  unsigned notes = 0;
  std::vector<std::string> ignored;    // columns or keys read as nothing
  std::size_t lines = 0, queries = 0;  // LETOR's
  std::string of;              // predictions: the LETOR file they score; frame: what the table is (DataFrame)
  bool said() const { return format != input_format::automatic; }
};

// What a batch input seems to hold, from its first lines (the page places
// a file by it): its format as detect_input tells it, and what it is for.
struct input_kind {
  // scores: one number a line (a LETOR file's predictions, or its group sizes).
  enum class use : unsigned char { unknown, run, qrels, scores };
  input_format format = input_format::trec;
  use is = use::unknown;
  bool grouped = true;  // false: LETOR lines without qid: (a group file says where queries end)
};
input_kind kind_of(std::string_view head);
// Its fields: format (the registry's name), use ("", "run", "qrels", "scores"), grouped.
void put_input_kind(const input_kind& k, field_sink& out);

// The reading of TREC text unpacked from gzip (`run`: the run's number, 0 for the judgments).
batch_reading gzip_trec_reading(const std::string& name, std::size_t run);
// The reading in one English line, as the CLI says it on stderr.
std::string reading_line(const batch_reading& r);
// A reply's "readings" (the lines) and "inputs" (the fields), in order.
void put_readings(const std::vector<batch_reading>& readings, field_sink& out);

// One record of a run or of judgments, checked where the file gave it:
// ids with no spaces, numbers read once.
struct input_record {
  std::string_view qid, doc;   // doc: as given, or the record's position in its query
  double score = 0;            // a run's score, or -rank (rank order)
  long rel = 0;                // a judgment
  std::string_view tag;        // a run's tag ("run" when none)
  std::size_t line = 0, column = 0;  // the doc's place (the qid's for a position)
  std::size_t qid_line = 0, qid_column = 0;
  std::size_t doc_hash = 0;    // hash_of(doc) when the reader took it, else 0 (taken again)
};

// Where a reader's records go (evaluate_run.cpp's one sink: a run evaluated
// query by query, or judgments built).
class record_sink {
 public:
  virtual ~record_sink() = default;
  virtual status add(const input_record& r) = 0;
};

// An input as bytes: given, or unpacked from gzip (kept here).
struct unpacked_input {
  std::string owned;
  std::string_view given;
  bool gzip = false;
  std::string_view text() const { return gzip ? std::string_view(owned) : given; }
};
// Errors name `source` ("qrels", "run").
expected<unpacked_input> unpack_input(std::string_view bytes, const limits& lim, std::string_view source);

// The format an input is read in: `named` unless automatic, else its
// content's (detect_input).
input_format format_of(const unpacked_input& u, input_format named, bool judgments);

// One input in format `f` (neither TREC, which the evaluation reads as it
// is, nor LETOR) read as `use` asks, each record checked and handed to
// `sink`. Returns how the input was read (name, gzip, both: the caller's); an
// error names its place in the file as given (source unset).
expected<batch_reading> read_records(const unpacked_input& u, input_format f, input_use use, const input_reading& r,
                                   const std::string& name, record_sink& sink);

// A LETOR file's labels as judgments, or, with `predictions`, the run they
// make (each line scored by the prediction on the same line). Returns the
// reading of the LETOR file, or of the predictions.
expected<batch_reading> read_letor_records(const unpacked_input& letor, const unpacked_input* predictions,
                                         const input_reading& r, const std::string& run_name, record_sink& sink);

// The format the start of a text is in (the first data lines decide);
// gzip is not looked for here. `judgments`: read as qrels, not a run.
input_format detect_input(std::string_view head, bool judgments);

// True when `bytes` start with gzip's magic bytes (1f 8b).
bool is_gzip(std::string_view bytes);
// The bytes a gzip file holds (several members are read one after the
// other), at most max_bytes; a build without zlib (WebAssembly) says to
// unpack it first. Errors have source `source` and no line.
expected<std::string> gunzip(std::string_view bytes, std::size_t max_bytes, std::string_view source);

}  // namespace ndcg
