// Internals of the batch readers (inputs.hpp): a row as every reader hands
// it on, the checker that makes it a record, and one reader per format.
// Not API.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/big_memory.hpp"
#include "base/hash_table.hpp"
#include "base/text.hpp"
#include "ndcg/error.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/parse.hpp"
#include "parse/columns.hpp"

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
// instantiations would weigh on the wasm module). The ids are copied, or
// (Id std::string_view) views that must outlive them.
template <class Id>
class basic_id_numbers {
 public:
  // The number `id` came with before, or 0 once `number` (not 0) is kept for it.
  std::size_t add(std::string_view id, std::size_t number) { return add(id, number, hash_of(id)); }
  std::size_t add(std::string_view id, std::size_t number, std::size_t hash) {
    const auto handle = static_cast<std::uint32_t>(ids_.size());
    const std::uint32_t found = table_.insert(hash, handle, [&](std::uint32_t h) { return ids_[h].first == id; });
    if (found != handle_table::none) return ids_[found].second;
    ids_.emplace_back(Id(id), number);
    return 0;
  }
  // Empty, with room for about `expected` ids.
  void clear(std::size_t expected = 0) {
    ids_.clear();
    table_.reset(expected);
  }

 private:
  std::vector<std::pair<Id, std::size_t>> ids_;
  handle_table table_;
};
using id_numbers = basic_id_numbers<std::string>;

// A qid or docid becomes one field of a whitespace-separated line. A qid
// opens the line: a '#' would make it a comment, and a byte-order mark on
// the text's first line would be dropped by the reader (a mark in the middle
// of a table is a file pasted into another).
inline constexpr byte_set breaks_id{std::string_view(" \t\v\f\n\r\0", 7)};

// Whether an id holds a byte that breaks it. Eight bytes a step where
// eight remain (the last word may overlap the one before), an id of 4 to 7
// bytes as two words that overlap: a word with no byte below 0x21 holds
// none, as every breaking byte is below 0x21.
inline bool holds_id_break(std::string_view id) {
  bool bad = false;
#ifdef __EMSCRIPTEN__  // the shorter code: the modules' size
  for (const char c : id) bad |= breaks_id(c);
#else
  const char* p = id.data();
  const std::size_t n = id.size();
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  if (n < 8) {
    if (n < 4) {
      for (std::size_t i = 0; i < n; ++i) bad |= breaks_id(p[i]);  // no early exit: branch-free
      return bad;
    }
    std::uint32_t a, b;  // two words that cover the id
    std::memcpy(&a, p, 4), std::memcpy(&b, p + n - 4, 4);
    const std::uint64_t w = static_cast<std::uint64_t>(a) << 32 | b;
    if ((w - ones * 0x21) & ~w & highs)
      for (std::size_t i = 0; i < n; ++i) bad |= breaks_id(p[i]);
    return bad;
  }
  for (std::size_t i = 0;; i += 8) {
    if (i + 8 > n) i = n - 8;
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    if ((w - ones * 0x21) & ~w & highs)
      for (std::size_t k = i; k < i + 8; ++k) bad |= breaks_id(p[k]);
    if (bad || i + 8 == n) break;
  }
#endif
  return bad;
}

error bad_id(const value_at& v, const char* what, bool opens_line);

// An id as every reader of records takes it (a table's cells, a DataFrame's
// too): inline, as it is asked of every id of every row.
inline status check_id(const value_at& v, const char* what, bool opens_line = false) {
  const bool bad = v.text.empty() || (opens_line && (v.text[0] == '#' || starts_with_bom(v.text))) || holds_id_break(v.text);
  if (!bad) return done{};
  return bad_id(v, what, opens_line);
}

// Checks rows and hands them on as records: ids without spaces, numbers
// by the one number reader (each read once), a missing doc numbered by its
// position in its query, at most lim.max_items rows. Each doc once per
// query is the sink's to check (it holds the query).
class record_checker {
 public:
  record_checker(input_use use, const limits& lim, record_sink& sink) : use_(use), lim_(lim), sink_(sink) {}
  status add(const input_row& r);
  const limits& lim() const { return lim_; }
  std::size_t rows = 0;

 private:
  input_use use_;
  limits lim_;
  record_sink& sink_;
  id_numbers positions_;           // qid -> its query's index + 1, when docs are positions
  std::vector<std::size_t> count_; // per such query: its rows so far
  std::string position_;
  input_record out_;
};

// Where a text's data starts once a UTF-8 BOM is skipped.
std::string_view without_bom(std::string_view text);

// ---- CSV and TSV (the tokenizer: parse/columns.hpp) --------------------------

// Which column gives each field of a row (-1: none), and the reading said
// about it: the header's names by the one table of names (role_of), with
// the rules of a run, qrels or both. Also for tables held as columns.
struct table_plan {
  long qid = -1, doc = -1, score = -1, rank = -1, rel = -1, tag = -1;
  batch_reading reading;
};
expected<table_plan> plan_of(const std::vector<csv_cell>& header, input_use use);

// ---- The registry of formats (formats.cpp) --------------------------------------

// The first lines of a text as detection sees them: the first two that are
// not blank, and the first that is neither blank nor a # comment.
struct text_head {
  std::string_view first, second, data;
};

// One format: its name (--run-format), its title in readings ("read as
// CSV"), how its first lines are told (null: never detected) and how its
// records are read (null: TREC, which the evaluation reads as it is, and
// LETOR, judgments whose runs are predictions).
struct format_row {
  input_format format;
  std::string_view name, title;
  bool (*detect)(const text_head& head, bool judgments);
  status (*read)(std::string_view text, input_format f, input_use use, record_checker& w, batch_reading& reading);
  // The same from pieces (null: the format is read whole).
  status (*stream)(more_bytes more, input_format f, input_use use, record_checker& w, batch_reading& reading);
};
// read_records (inputs.hpp) from pieces, for a format whose row streams.
expected<batch_reading> stream_records(more_bytes more, input_format f, input_use use, const input_reading& r,
                                     const std::string& name, record_sink& sink);

// In the order detection tries them.
const std::vector<format_row>& format_rows();
const format_row& row_of(input_format f);

// ---- LETOR ---------------------------------------------------------------------

// A LETOR / SVMlight file's lines as judgments (its labels), or with
// `predictions` as a run (each line scored by the prediction on the same
// line of that file). What it found is said in the reading.
struct letor_counts {
  std::size_t lines = 0, queries = 0;
  bool docids_from_comments = false;
  bool from_group = false;
};
expected<letor_counts> read_letor(std::string_view text, std::string_view group, const limits& lim, record_sink& sink,
                                  const std::string_view* predictions = nullptr, std::string_view letor_name = {});
// The same from pieces (natively), and its reading as judgments.
expected<letor_counts> stream_letor(more_bytes more, std::string_view group, const limits& lim, record_sink& sink);
expected<batch_reading> stream_letor_records(more_bytes more, const input_reading& r, record_sink& sink);
// The scores of a LETOR file's `lines` lines: its predictions, one number a
// line in the file's order, as many as it has lines.
using scores = big_vector<double>;
expected<scores> read_predictions(std::string_view text, std::size_t lines, std::string_view letor_name,
                                  const limits& lim);
// The same from pieces.
expected<scores> read_predictions(more_bytes more, std::size_t lines, std::string_view letor_name, const limits& lim);
// The run a LETOR file of `lines` lines makes with `predictions`: each
// line's score, in the file's order, into `out`. Returns the reading of
// the predictions.
expected<batch_reading> read_letor_scores(const unpacked_input& predictions, std::size_t lines, const input_reading& r,
                                        const std::string& run_name, scores& out);
// The same from pieces.
expected<batch_reading> stream_letor_scores(more_bytes more, std::size_t lines, const input_reading& r,
                                          const std::string& run_name, scores& out);
// Predictions read from pieces before the LETOR file's lines are counted
// (beside it, on another thread), at most `most` + 1 of them (`most`: a
// bound on the LETOR file's lines; room made for `room`), then settled
// against the count with the errors read_predictions gives.
struct predictions_ahead {
  scores read;
  std::optional<error> problem;  // met after read.size() predictions
  std::size_t last_line = 0, bytes = 0, most = 0;
  // Where prediction `index` is when not on the line after the last one's,
  // at column 1: {index, line, column}.
  std::vector<std::array<std::size_t, 3>> moved;
};
predictions_ahead read_predictions_ahead(more_bytes more, std::size_t most, std::size_t room);
expected<scores> settle_predictions(predictions_ahead& ahead, std::size_t lines, std::string_view letor_name);
expected<batch_reading> settle_letor_scores(predictions_ahead& ahead, std::size_t lines, const input_reading& r,
                                          const std::string& run_name, scores& out);

}  // namespace ndcg::detail
