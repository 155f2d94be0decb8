// Fuzzes evaluate_batch and compare_batch on tables held as columns (pandas
// DataFrames, Dask partitions), and read_judged on a qrels table with a run
// table evaluated against the judgments it holds (Python's evaluator), and
// number_ids on each column of texts (a Dask partition's qids). The first
// bytes choose the options and each table's columns: a name from a menu (every role, an alias, a name of none) and
// whether the column holds texts, objects read as texts (one per distinct
// text, as a pandas object column), codes into distinct objects (-1 an
// empty cell, as a categorical), numbers or whole numbers; then each cell
// takes a byte (a text its role takes, or now and then a bad one, or a
// number: whole, a fraction, NaN, infinity). Against the same tables
// written as CSV (every cell quoted) and read by the text path, the reply
// must be the same: the same report, or the same error code on the same
// line (and, comparing, in the same run).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/commands.hpp"
#include "ndcg/numbers.hpp"

namespace {

const char* const name_menu[] = {"qid", "docid", "score", "rel", "rank", "tag", "query_id", "label", "other", "doc"};
const char* const bad_menu[] = {"", "a b", "#x", "x\ty", "nan", "1e999", "2.5", "-1", "d1", "1"};
const char* const qid_menu[] = {"q1", "q2", "q3"};
const char* const doc_menu[] = {"d1", "d2", "d3", "d4", "d5"};
const char* const number_menu[] = {"0", "1", "2", "3", "0.5"};

// A cell's text: most often one its column's role takes, now and then a bad one.
const char* text_of(std::string_view name, std::uint8_t b) {
  if (b >= 250) return bad_menu[b % 10];
  if (name == "qid" || name == "query_id") return qid_menu[b % 3];
  if (name == "docid" || name == "doc" || name == "tag") return doc_menu[b % 5];
  return number_menu[b % 5];
}
const char* const measure_menu[] = {"ndcg", "map", "P.2", "ndcg_cut.3", "num_rel", "relstring.3"};

double number_of(std::uint8_t b) {
  switch (b % 8) {
    case 6: return std::numeric_limits<double>::quiet_NaN();
    case 7: return b > 200 ? std::numeric_limits<double>::infinity() : 0.5;
    default: return static_cast<double>(b % 6) - 1;
  }
}

// An object's text: the objects here are the menus' texts themselves.
std::string_view object_text(const void* object) { return static_cast<const char*>(object); }

// A text's code among a coded column's distinct objects (added when new);
// -1 for none (a missing cell).
std::int32_t code_of(std::vector<const void*>& distinct, const char* text) {
  if (!text) return -1;
  for (std::size_t k = 0; k < distinct.size(); ++k)
    if (distinct[k] == text) return static_cast<std::int32_t>(k);
  distinct.push_back(text);
  return static_cast<std::int32_t>(distinct.size() - 1);
}

struct held_table {
  std::vector<std::vector<double>> numbers;
  std::vector<std::vector<std::int64_t>> integers;
  std::vector<std::vector<const void*>> objects;  // per row, or (coded) the distinct ones
  std::vector<std::vector<std::int32_t>> codes;
  ndcg::column_table table;
  std::string csv;
};

std::string quoted(std::string_view cell) {
  std::string out = "\"";
  for (char c : cell) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string cell_text(const ndcg::table_column& c, std::size_t row) {
  if (c.integers) return std::to_string(c.integers[row]);
  if (c.codes) return std::string(c.text_of(c.codes[row] < 0 ? c.missing : c.objects[c.codes[row]]));
  if (c.objects) return std::string(c.text_of(c.objects[row]));
  if (!c.numbers) return std::string(c.texts[row]);
  const double v = c.numbers[row];
  return std::isnan(v) ? std::string() : std::isfinite(v) ? ndcg::shortest(v) : (v > 0 ? "inf" : "-inf");
}

// A table of two to four columns and `rows` rows from the bytes, and its CSV
// text; `use`: 0 qrels, 1 a run, 2 both.
void make_table(fuzz::bytes& in, std::size_t rows, int use, held_table& t) {
  const std::uint8_t shape = in.take();
  const std::size_t columns = 2 + (shape % 4 ? 1 : 0) + (shape % 8 == 1);
  t.numbers.resize(columns);
  t.integers.resize(columns);
  t.objects.resize(columns);
  t.codes.resize(columns);
  t.table.rows = rows;
  for (std::size_t i = 0; i < columns; ++i) {
    const std::uint8_t kind = in.take();
    ndcg::table_column c;
    // Mostly the columns a run or qrels needs, in order; now and then another.
    const char* const usual[3][4] = {{"qid", "docid", "rel", "other"}, {"qid", "docid", "score", "tag"},
                                     {"qid", "rel", "score", "docid"}};  // qrels, run, both
    c.name = (kind & 15) < 12 ? usual[use][i] : name_menu[kind % 10];
    for (std::size_t r = 0; r < rows; ++r) {
      const std::uint8_t b = in.take();
      if (kind >> 6 == 1) t.numbers[i].push_back(number_of(b));  // NaN: an empty cell
      else if (kind >> 6 == 2) t.integers[i].push_back(static_cast<std::int64_t>(b % 5));
      else if (kind >> 6 == 3 && (kind & 32)) t.codes[i].push_back(code_of(t.objects[i], b % 17 == 16 ? nullptr : text_of(c.name, b)));
      else if (kind >> 6 == 3) t.objects[i].push_back(text_of(c.name, b));
      else c.texts.push_back(text_of(c.name, b));
    }
    if (kind >> 6 == 1) c.numbers = t.numbers[i].data();
    if (kind >> 6 == 2) c.integers = t.integers[i].data();
    if (kind >> 6 == 3) c.objects = t.objects[i].data(), c.text_of = object_text;
    if (kind >> 6 == 3 && (kind & 32)) c.codes = t.codes[i].data(), c.distinct = t.objects[i].size(), c.missing = "";
    t.table.columns.push_back(std::move(c));
  }
  for (std::size_t i = 0; i < columns; ++i) t.csv += (i ? "," : "") + quoted(t.table.columns[i].name);
  t.csv += "\n";
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t i = 0; i < columns; ++i) t.csv += (i ? "," : "") + quoted(cell_text(t.table.columns[i], r));
    t.csv += "\n";
  }
}

// Both replies succeed or fail alike: the same error (code, input, line)
// or the same report.
template <typename Reply>
void require_alike(const Reply& by_columns, const Reply& by_text, bool columns_ok, bool text_ok,
                   const ndcg::error* x, const ndcg::error* y) {
  fuzz::require(columns_ok == text_ok, "columns and CSV both succeed or both fail");
  if (!text_ok) {
    fuzz::require(x->code == y->code, "the same error code", y->message + " (CSV) | " + x->message + " (columns)");
    fuzz::require(x->source == y->source && x->index == y->index, "the same input named", y->source);
    // A query missing under --strict is named on the TREC text's line by the text path.
    if (x->code != ndcg::error_code::missing_query)
      fuzz::require(x->line == y->line, "the same line", y->message + " (CSV, line " + std::to_string(y->line) + ") | " + x->message + " (columns, line " + std::to_string(x->line) + ")");
    return;
  }
  fuzz::require(by_columns.text == by_text.text, "the same report");
}

// Two runs compared against the qrels, as columns and as CSV.
void compare_both(fuzz::bytes& in, const held_table& qrels, const held_table& run, std::uint8_t b,
                  const ndcg::option_pairs& given) {
  held_table second;
  make_table(in, (b >> 1) % 9, 1, second);
  ndcg::column_compare_inputs columns;
  columns.qrels = &qrels.table;
  columns.runs = {&run.table, &second.table};
  columns.threads = 1 + (b >> 7);
  std::vector<ndcg::batch_reading> readings, text_readings;
  const ndcg::compare_reply by_columns = ndcg::compare_batch(columns, given, readings);
  ndcg::compare_inputs texts;
  texts.qrels = qrels.csv;
  texts.runs = {run.csv, second.csv};
  const ndcg::compare_reply by_text = ndcg::compare_batch(texts, given, text_readings);
  const bool ok = by_columns.result.ok(), text_ok = by_text.result.ok();
  require_alike(by_columns, by_text, ok, text_ok, ok ? nullptr : &by_columns.result.err(),
                text_ok ? nullptr : &by_text.result.err());
}

// The qrels held as judgments first (an evaluator's), then the run against
// them, both as columns: the CSV path's reply too.
void by_judgments_held(const held_table& qrels, const held_table& run, const ndcg::option_pairs& given,
                       const ndcg::evaluate_reply& by_text, unsigned threads) {
  const bool text_ok = by_text.evaluated.ok();
  const ndcg::error* y = text_ok ? nullptr : &by_text.evaluated.err();
  auto index = ndcg::read_judged(qrels.table, "columns", given);
  if (!index) {
    const ndcg::evaluate_reply failed{index.err(), {}};
    require_alike(failed, by_text, false, text_ok, &index.err(), y);
    return;
  }
  std::vector<ndcg::batch_reading> readings;
  const ndcg::evaluate_reply held = ndcg::evaluate_batch(*index, run.table, "columns", given, readings, static_cast<int>(threads));
  const bool ok = held.evaluated.ok();
  require_alike(held, by_text, ok, text_ok, ok ? nullptr : &held.evaluated.err(), y);
}

// number_ids on each column of texts or objects: rows share a code exactly
// when they share a text, and the codes count the texts as they first come.
void ids_numbered(const held_table& t) {
  for (const ndcg::table_column& c : t.table.columns) {
    if (c.numbers || c.integers) continue;
    const ndcg::id_numbers n = ndcg::number_ids(c, t.table.rows);
    fuzz::require(n.codes.size() == t.table.rows, "a code per row");
    std::uint32_t next = 0;
    for (std::size_t r = 0; r < t.table.rows; ++r) {
      const std::uint32_t code = n.codes[r];
      fuzz::require(code < n.first.size() && n.first[code] <= r, "a code names an earlier or this row");
      fuzz::require(cell_text(c, n.first[code]) == cell_text(c, r), "a code's rows share its text");
      if (n.first[code] == r) fuzz::require(code == next++, "codes count the texts as they first come");
    }
    fuzz::require(next == n.first.size(), "a first row per code");
    std::set<std::string> distinct;
    for (const std::size_t r : n.first) distinct.insert(cell_text(c, r));
    fuzz::require(distinct.size() == n.first.size(), "a text per code");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::bytes in(data, size);
  const std::uint8_t a = in.take(), b = in.take();
  ndcg::option_pairs given = {{"qrels_format", "csv"}, {"run_format", "csv"}};
  for (int m = 0; m < 6; ++m)
    if (a & (1 << m)) given.emplace_back("measures", measure_menu[m]);
  if (a & 64) given.emplace_back("complete", "true");
  if (a & 128) given.emplace_back("judged_only", "true");
  const bool both = b & 1;
  held_table qrels, run;
  make_table(in, (b >> 1) % 9, both ? 2 : 0, qrels);
  if (!both) make_table(in, (b >> 4) % 9, 1, run);
  ids_numbered(qrels);
  ids_numbered(run);

  if (!both && (in.take() & 1)) {  // a byte the tables left: compare a second run
    given.emplace_back("trials", "50");
    compare_both(in, qrels, run, b, given);
    return 0;
  }
  ndcg::column_inputs columns;
  columns.qrels = &qrels.table;
  columns.run = both ? nullptr : &run.table;
  columns.threads = 1 + (b >> 7);
  std::vector<ndcg::batch_reading> readings, text_readings;
  const ndcg::evaluate_reply by_columns = ndcg::evaluate_batch(columns, given, readings);

  ndcg::evaluate_inputs texts;
  texts.qrels = qrels.csv;
  ndcg::text_source source(run.csv);
  if (!both) texts.run = &source;
  const ndcg::evaluate_reply by_text = ndcg::evaluate_batch(texts, given, text_readings);
  const bool ok = by_columns.evaluated.ok(), text_ok = by_text.evaluated.ok();
  require_alike(by_columns, by_text, ok, text_ok, ok ? nullptr : &by_columns.evaluated.err(),
                text_ok ? nullptr : &by_text.evaluated.err());
  if (!both) by_judgments_held(qrels, run, given, by_text, columns.threads);
  return 0;
}
