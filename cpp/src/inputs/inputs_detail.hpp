// Internals of the batch readers (inputs.hpp): a row as every reader hands
// it on, the writer that checks it and writes TREC lines, and one reader
// per format. Not API.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/hash_table.hpp"
#include "ndcg/error.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/parse.hpp"

namespace ndcg::detail {

// A value and where it stands in the file as given (line 0: absent).
struct value_at {
  std::string_view text;
  std::size_t line = 0, column = 0;
  bool given() const { return line != 0; }
};

// One row of a table, a JSON record or a LETOR line. A missing doc is the
// row's position in its query (1, 2, ...); a missing score with a rank is
// -rank, so the run is in rank order.
struct input_row {
  value_at qid, doc, score, rank, rel, tag;
};

// Ids seen, each with a number (its first line, say), found through the
// one hash table of the hot paths rather than a std::unordered_map (whose
// instantiations would weigh on the wasm module).
class id_numbers {
 public:
  // The number `id` came with before, or 0 once `number` (not 0) is kept for it.
  std::size_t add(std::string_view id, std::size_t number) {
    const auto handle = static_cast<std::uint32_t>(ids_.size());
    const std::uint32_t found = table_.insert(hash_of(id), handle, [&](std::uint32_t h) { return ids_[h].first == id; });
    if (found != handle_table::none) return ids_[found].second;
    ids_.emplace_back(std::string(id), number);
    return 0;
  }
  void clear() {
    ids_.clear();
    table_.reset(0);
  }

 private:
  std::vector<std::pair<std::string, std::size_t>> ids_;
  handle_table table_;
};

// What an input is read as: a run, qrels, or both from one file.
enum class input_use { run, qrels, both };

// Checks rows and writes them as TREC lines: ids without spaces, numbers
// by the one number reader, each doc once per query (the earlier line
// named), at most lim.max_items rows.
class trec_writer {
 public:
  trec_writer(input_use use, const limits& lim) : use_(use), lim_(lim) {}
  status add(const input_row& r);
  std::string run, qrels;
  std::size_t rows = 0;
  std::size_t queries() const { return queries_.size(); }

 private:
  status line_fits(std::size_t length, const value_at& where) const;  // a TREC line it wrote
  struct query_state {
    std::size_t count = 0;
    id_numbers docs;  // doc -> line
  };
  input_use use_;
  limits lim_;
  id_numbers index_;  // qid -> its query's index + 1
  std::vector<query_state> queries_;
};

// Where a text's data starts once a UTF-8 BOM is skipped.
std::string_view without_bom(std::string_view text);

// ---- CSV and TSV -------------------------------------------------------------

struct csv_cell {
  std::string text;        // unquoted; unquoted cells are trimmed of spaces
  std::size_t line = 0, column = 0;
};

// Records of comma- or tab-separated text, RFC 4180 quoting (a quoted cell
// may hold the separator, "" and line ends); lines end at \n, \r\n or \r.
class csv_records {
 public:
  csv_records(std::string_view text, char delim);
  // The next record that is not blank; false at the end.
  expected<bool> next(std::vector<csv_cell>& cells);
  std::size_t line() const { return line_; }

 private:
  void end_line(std::size_t& i);
  void skip_blank_lines();
  status quoted_cell(std::size_t& i, csv_cell& cell);
  status plain_cell(std::size_t& i, csv_cell& cell);

  std::string_view text_;
  std::size_t at_ = 0, line_ = 1, line_start_ = 0;
  char delim_;
};

// Which column gives each field of a row (-1: none), and the reading said
// about it: the header's names by the one table of names (role_of), with
// the rules of a run, qrels or both. Also for tables held as columns.
struct table_plan {
  long qid = -1, doc = -1, score = -1, rank = -1, rel = -1, tag = -1;
  std::string reading;
};
expected<table_plan> plan_of(const std::vector<csv_cell>& header, input_use use);

// A table with a header (format csv or tsv) as a run, qrels or both.
status read_table(std::string_view text, input_format f, input_use use, trec_writer& w, std::string& reading);

// ---- JSON ----------------------------------------------------------------------

// {qid: {docid: number}}, an array of records, or JSON Lines of records.
status read_json(std::string_view text, input_use use, trec_writer& w, std::string& reading);

// ---- LETOR ---------------------------------------------------------------------

// A LETOR / SVMlight file: its labels as qrels, and its lines in order
// (query, doc id) for the predictions that score them.
struct letor_file {
  std::string qrels;
  struct entry {
    std::string qid, doc;
  };
  std::vector<entry> lines;
  std::size_t queries = 0;
  bool docids_from_comments = false;
  bool from_group = false;
};
expected<letor_file> read_letor(std::string_view text, std::string_view group, const limits& lim);
// A predictions file scoring the LETOR file's lines, as a TREC run.
expected<std::string> letor_run(const letor_file& letor, std::string_view predictions, std::string_view letor_name,
                                const limits& lim);

}  // namespace ndcg::detail
