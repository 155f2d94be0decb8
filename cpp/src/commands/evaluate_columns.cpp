// Tables held as columns (see columns.hpp). Each row is checked in row
// order, field by field, as the table readers check a CSV row, so a table
// and its CSV text fail on the same row with the same error; the column is
// named by its place. Then the qrels become judgments and each query of the
// run goes to the query loop as the TREC stream would hand it on.
#include "commands/columns.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <optional>
#include <string_view>
#include <utility>

#include "base/big_memory.hpp"
#include "base/hash_table.hpp"
#include "base/text.hpp"
#include "commands/address_cache.hpp"
#include "inputs/inputs_detail.hpp"
#include "ndcg/numbers.hpp"
#include "trec/trec_worker.hpp"

#ifndef __EMSCRIPTEN__  // the modules take no tables held as columns
#include <thread>

namespace ndcg::detail {
namespace {

// One column's cells as a reader of the table sees them: texts as they
// are, numbers as numbers, either read as the other when its role asks.
class column_cells {
 public:
  column_cells() = default;
  column_cells(const table_column* c, std::size_t place) : c_(c), column_(place + 1) {}
  bool given() const { return c_ != nullptr; }
  bool is_text() const { return c_ && !c_->numbers && !c_->integers; }
  const table_column* column_held() const { return c_; }
  // A text column's cell, and what tells it from others (address_cache.hpp).
  std::string_view text_at(std::size_t row) const { return text_of_cell(*c_, row); }
  cell_key key_at(std::size_t row) const { return key_of_cell(*c_, row); }
  // A number the same as the row before's (a query's rows come together).
  bool repeats(std::size_t row) const {
    return row > 0 && (c_->integers ? c_->integers[row] == c_->integers[row - 1] : c_->numbers[row] == c_->numbers[row - 1]);
  }
  std::size_t column() const { return column_; }
  // A number's text: its shortest form, "" for NaN (an empty cell), as a
  // table written as CSV holds it.
  std::string_view text(std::size_t row, std::string& buf) const {
    if (!c_->numbers && !c_->integers) return text_at(row);
    return buf = number_cell_text(*c_, row);
  }
  // A float64 column's numbers: a cell not finite is read as its text, to
  // the same number (infinity) or an error.
  const double* held_numbers() const { return c_->numbers; }
  const std::int64_t* held_integers() const { return c_->integers; }
  // A number held as one (finite), without a text to read.
  bool held_number(std::size_t row, double& out) const {
    if (c_->numbers && std::isfinite(c_->numbers[row])) return out = c_->numbers[row], true;
    if (c_->integers) return out = static_cast<double>(c_->integers[row]), true;
    return false;
  }
  number_status number(std::size_t row, double& out, std::string& buf) const {
    if (held_number(row, out)) return number_status::ok;
    return parse_number(text(row, buf), out);
  }

 private:
  const table_column* c_ = nullptr;
  std::size_t column_ = 0;
};

std::size_t line_of_row(std::size_t row) { return row + 2; }  // the header is line 1

// A qid, docid or tag is one word of a TREC line (the table readers' rule).
status check_word(std::string_view text, const column_cells& c, std::size_t row, const char* what, bool opens_line = false) {
  return check_id(value_at{text, line_of_row(row), c.column()}, what, opens_line);
}

status number_at(const column_cells& c, std::size_t row, const char* what, double& out, std::string& buf) {
  const number_status s = c.number(row, out, buf);
  if (s == number_status::ok) return done{};
  return bad_number(what, field{c.text(row, buf), c.column()}, line_of_row(row), s);
}

// A judgment or a rank: a whole number ("1.0" is 1).
status whole_at(const column_cells& c, std::size_t row, const char* what, long& out, std::string& buf) {
  double d = 0;
  if (auto ok = number_at(c, row, what, d, buf); !ok) return ok;
  if (d != std::floor(d) || std::fabs(d) > 9.0e15)
    return fail(error_code::not_whole, std::string("expected ") + what + ", got " + echo(c.text(row, buf)), line_of_row(row),
                c.column())
        .with("found", c.text(row, buf));
  out = static_cast<long>(d);
  return done{};
}

// The columns the plan gives each field.
struct table_cells {
  column_cells qid, doc, score, rank, rel, tag;
};

column_cells cells_at(const column_table& t, long place) {
  return place < 0 ? column_cells() : column_cells(&t.columns[static_cast<std::size_t>(place)], static_cast<std::size_t>(place));
}

expected<table_cells> plan_cells(const column_table& t, input_use use, batch_reading& reading) {
  std::vector<csv_cell> header;
  for (std::size_t i = 0; i < t.columns.size(); ++i) header.push_back(csv_cell{t.columns[i].name, 1, i + 1, {}});
  auto p = plan_of(header, use);
  if (!p) return p.err();
  reading = p->reading;
  return table_cells{cells_at(t, p->qid), cells_at(t, p->doc), cells_at(t, p->score), cells_at(t, p->rank), cells_at(t, p->rel), cells_at(t, p->tag)};
}

// A row in its query's place: its doc's number and its score or, in qrels
// without scores, its judgment (a whole number within 9e15: a double holds
// it exactly). Passes over a query's rows then read one array in order.
struct grouped_row {
  double value;
  std::uint32_t doc, row;
};

// The rows read: ids as views (into the columns, or `owned` for ids made of
// numbers and positions), grouped by query in order of first appearance;
// each distinct doc text numbered once, a row holding its doc's number.
struct table_rows {
  std::vector<std::string_view> qids;     // per query
  std::vector<std::size_t> starts{0};     // per query, into `grouped`
  big_raw_vector<grouped_row> grouped;    // the rows, query by query
  std::vector<std::string_view> docs;     // per distinct doc text
  std::vector<std::uint32_t> doc_hash;    // and its hash_of, taken once
  big_raw_vector<std::uint32_t> doc_of;   // per row: its doc's number
  big_raw_vector<double> score;           // per row (runs), unless `held_score`
  const double* held_score = nullptr;     // a float64 score column: read there
  big_raw_vector<long> rel;               // per row (qrels)
  std::string_view run_id = "run";        // the last row's tag
  std::deque<std::string> owned;          // the texts made here (a deque: they never move)
  std::size_t doc_column = 0;             // the doc column's place (the qid's when none)
  bool ungrouped = false;                 // a query's rows come back after others'
  bool repeats = false;                   // a run's query gives a doc twice (or may: !by_text)
  bool by_text = true;                    // one number per doc text (else per cell missed)
  std::string_view doc_at(std::size_t row) const { return docs[doc_of[row]]; }
  std::uint32_t hash_at(std::size_t row) const { return doc_hash[doc_of[row]]; }
  bool has_scores() const { return held_score || !score.empty(); }
  // Two docs' numbers giving one text: one number, or (numbers per cell) one text.
  bool same_text(std::uint32_t a, std::uint32_t b) const {
    return a == b || (!by_text && doc_hash[a] == doc_hash[b] && docs[a] == docs[b]);
  }
  bool same_doc(std::size_t a, std::size_t b) const { return same_text(doc_of[a], doc_of[b]); }
  long judgment(const grouped_row& g) const { return has_scores() ? rel[g.row] : static_cast<long>(g.value); }
  const double& score_at(std::size_t row) const { return held_score ? held_score[row] : score[row]; }
  void set_score(std::size_t row, double v) {
    if (!held_score) score[row] = v;
  }
};

// A doc given again in its query, as the records path names it (a run's
// docid, the judgments' doc id).
error repeated_doc(const table_rows& out, std::string_view doc, std::size_t row, std::size_t first, std::uint32_t q,
                   std::size_t place, bool run) {
  return fail(error_code::duplicate_id,
              std::string(run ? "expected each docid" : "expected each doc id") + " once per query, got " + echo(doc) +
                  " again in query " + echo(out.qids[q]) + " (first on line " + std::to_string(line_of_row(first)) + ")",
              line_of_row(row), place)
      .with("found", doc)
      .with("first_line", std::to_string(line_of_row(first)));
}

// Rows ahead whose cache lines are asked for before they are read (the
// lookups land anywhere in tables larger than the cache).
constexpr std::size_t ahead = 16;

// What one row gives, each field checked in the order a CSV row's are.
struct row_reader {
  const table_cells& c;
  input_use use;
  table_rows& out;
  big_raw_vector<std::uint32_t> query_of;  // per row
  std::vector<std::size_t> positions;    // per query: rows so far
  std::vector<std::uint32_t> position_docs;  // per place in a query: its text's number
  std::size_t missed = 0;                // docs' cells not in the cache so far
  handle_table queries;                  // qid -> query
  handle_table docs;                     // doc text -> its number
  handle_table integer_ids;              // a whole-number id -> its text's place below
  std::vector<std::int64_t> integers;
  std::vector<std::string_view> integer_texts;
  std::uint32_t last = handle_table::none;
  std::string buf;
  std::string_view made[3];              // per slot: the last text made of a number
  handle_table block;                    // a run: the docs of the rows since its qid last changed
  std::size_t block_start = 0;           // the first row of that block
  address_cache qid_at, doc_at;          // a qid's query, a doc's number, by the cell

  row_reader(const table_cells& cells, input_use u, table_rows& rows, std::size_t n)
      : c(cells), use(u), out(rows), query_of(n), qid_at(n, cells.qid.column_held()), doc_at(n, cells.doc.column_held()) {}

  // A text cell's view, or the text made of a number, kept in `owned`.
  std::string_view id(const column_cells& cell, std::size_t row, int slot) {
    if (cell.is_text()) return cell.text_at(row);
    if (cell.repeats(row)) return made[slot];  // the text made for the row before
    if (const std::int64_t* whole = cell.held_integers()) return made[slot] = integer_text(whole[row]);
    return made[slot] = out.owned.emplace_back(cell.text(row, buf));
  }
  // A whole number's text, made once per distinct number (so it keys the
  // caches as an object's text does).
  std::string_view integer_text(std::int64_t v) {
    const auto next = static_cast<std::uint32_t>(integers.size());
    const auto same = [&](std::uint32_t n) { return integers[n] == v; };
    const std::uint32_t found = integer_ids.insert(mix(static_cast<std::size_t>(v), 0), next, same);
    if (found != handle_table::none) return integer_texts[found];
    integers.push_back(v);
    return integer_texts.emplace_back(out.owned.emplace_back(std::to_string(v)));
  }
  // The cell's key: a text cell's own, else that of the text made of it
  // (then read by made_id).
  cell_key key(const column_cells& cell, std::size_t row, int slot) {
    if (cell.is_text()) return cell.key_at(row);
    const std::string_view made_now = id(cell, row, slot);
    return cell_key{made_now.data(), made_now.size()};
  }
  std::string_view made_id(const column_cells& cell, std::size_t row, int slot) const {
    return cell.is_text() ? cell.text_at(row) : made[slot];
  }
  status add(std::size_t row);
  status add_doc(std::size_t row);
  status add_numbers(std::size_t row);
  std::uint32_t query(std::string_view qid);
  std::uint32_t came_again(std::uint32_t q);
  std::uint32_t doc_number(std::string_view doc, std::size_t row);
  status repeated_in_block(std::size_t row);
};

// A run's doc given again among the rows of its query since the qid last
// changed, as the records path looks for it while the rows come. Up to
// eight rows are compared one by one; a longer block gets a table.
status row_reader::repeated_in_block(std::size_t row) {
  if (row == 0 || query_of[row] != query_of[row - 1]) return block_start = row, done{};
  const auto same = [&](std::uint32_t r) { return out.same_doc(r, row); };
  std::uint32_t first = handle_table::none;
  if (row - block_start < 8) {
    for (std::size_t r = block_start; r < row && first == handle_table::none; ++r)
      if (same(static_cast<std::uint32_t>(r))) first = static_cast<std::uint32_t>(r);
  } else {
    if (row - block_start == 8) {  // the first eight differ: no insert finds one
      block.reset(16);
      for (std::size_t r = block_start; r < row; ++r) block.insert(out.hash_at(r), static_cast<std::uint32_t>(r), same);
    }
    first = block.insert(out.hash_at(row), static_cast<std::uint32_t>(row), same);
  }
  if (first == handle_table::none) return done{};
  return repeated_doc(out, out.doc_at(row), row, first, query_of[row], out.doc_column, true);
}

// A known query's row: its query has come back unless it is the last one.
std::uint32_t row_reader::came_again(std::uint32_t q) {
  if (q != last) out.ungrouped = true;
  return last = q;
}

// Rows of a query mostly come together: the last one is tried first.
std::uint32_t row_reader::query(std::string_view qid) {
  if (last != handle_table::none && out.qids[last] == qid) return last;
  const auto handle = static_cast<std::uint32_t>(out.qids.size());
  const std::uint32_t found = queries.insert(hash_of(qid), handle, [&](std::uint32_t h) { return out.qids[h] == qid; });
  if (found != handle_table::none) return came_again(found);
  out.qids.push_back(qid);
  positions.push_back(0);
  return last = handle;
}

// A doc text's number (checked already when it is new), a new one next.
// Where most cells miss the cache (a text per row, as read_csv makes them)
// the table of texts costs more than it saves: past 65,536 rows with more
// than a quarter missed, each missed cell gets a number of its own, and
// equal texts may then have two (out.by_text says which).
std::uint32_t row_reader::doc_number(std::string_view doc, std::size_t row) {
  const auto hash = static_cast<std::uint32_t>(hash_of(doc));
  const auto next = static_cast<std::uint32_t>(out.docs.size());
  if (out.by_text && ++missed > row / 4 && row >= 65536) out.by_text = false;
  if (out.by_text) {
    const std::uint32_t found = docs.insert(hash, next, [&](std::uint32_t n) { return out.docs[n] == doc; });
    if (found != handle_table::none) return found;
  }
  out.docs.push_back(doc);
  out.doc_hash.push_back(hash);
  return next;
}

status row_reader::add_doc(std::size_t row) {
  const cell_key k = key(c.doc, row, 1);
  if (const std::uint32_t* known = doc_at.find(k)) return out.doc_of[row] = *known, done{};
  const std::string_view doc = made_id(c.doc, row, 1);
  if (auto ok = check_word(doc, c.doc, row, "a doc id"); !ok) return ok;
  out.doc_of[row] = doc_number(doc, row);
  doc_at.put(k, out.doc_of[row]);
  return done{};
}

// The row's score (or rank) and judgment, as its use asks.
status row_reader::add_numbers(std::size_t row) {
  double v = 0;
  if (use == input_use::run && c.score.given() && c.score.held_number(row, v))  // the common case, cheaply
    return out.set_score(row, v), done{};
  if (use == input_use::qrels && c.rel.given() && c.rel.held_number(row, v) && v == std::floor(v) && std::fabs(v) <= 9.0e15)
    return out.rel[row] = static_cast<long>(v), done{};
  if (use != input_use::qrels) {
    if (c.score.given()) {
      if (auto ok = number_at(c.score, row, "a score (a number)", v, buf); !ok) return ok;
      out.set_score(row, v);
    } else {
      long rank = 0;
      if (auto ok = whole_at(c.rank, row, "a rank (a whole number)", rank, buf); !ok) return ok;
      out.set_score(row, static_cast<double>(-rank));
    }
  }
  if (use != input_use::run) return whole_at(c.rel, row, "a judgment (a whole number)", out.rel[row], buf);
  return done{};
}

status row_reader::add(std::size_t row) {
  if (row + ahead < query_of.size()) {
    if (c.qid.is_text()) qid_at.fetch(c.qid.key_at(row + ahead));
    if (c.doc.is_text()) doc_at.fetch(c.doc.key_at(row + ahead));
  }
  const cell_key qid_key = key(c.qid, row, 0);
  const std::uint32_t* known = qid_at.find(qid_key);
  const std::string_view qid = known ? std::string_view() : made_id(c.qid, row, 0);
  if (!known)
    if (auto ok = check_word(qid, c.qid, row, "a query id", true); !ok) return ok;
  if (c.doc.given())
    if (auto ok = add_doc(row); !ok) return ok;
  if (c.tag.given()) {
    out.run_id = id(c.tag, row, 2);
    if (auto ok = check_word(out.run_id, c.tag, row, "a run tag"); !ok) return ok;
  }
  if (auto ok = add_numbers(row); !ok) return ok;
  const std::uint32_t q = known ? came_again(*known) : query(qid);
  if (!known) qid_at.put(qid_key, q);
  query_of[row] = q;
  if (!c.doc.given()) {  // the row's place in its query (from 1), its text made once
    const std::size_t p = positions[q]++;
    if (p == position_docs.size()) position_docs.push_back(doc_number(out.owned.emplace_back(std::to_string(p + 1)), 0));
    out.doc_of[row] = position_docs[p];
  }
  return use == input_use::run ? repeated_in_block(row) : done{};
}
// Each query's rows in their order (a counting sort), each with what the
// passes after read: the rows are read in order, their places written at
// random (stores, which do not wait, rather than loads).
void group_rows(table_rows& out, const big_raw_vector<std::uint32_t>& query_of, std::size_t rows) {
  out.starts.assign(out.qids.size() + 1, 0);
  for (std::size_t row = 0; row < rows; ++row) ++out.starts[query_of[row] + 1];
  for (std::size_t q = 0; q < out.qids.size(); ++q) out.starts[q + 1] += out.starts[q];
  std::vector<std::size_t> next(out.starts.begin(), out.starts.end() - 1);
  out.grouped.resize(rows);
  const bool scores = out.has_scores();
  for (std::size_t row = 0; row < rows; ++row) {
    if (row + ahead < rows) __builtin_prefetch(&out.grouped[next[query_of[row + ahead]]], 1);
    const double value = scores ? out.score_at(row) : static_cast<double>(out.rel[row]);
    out.grouped[next[query_of[row]]++] = grouped_row{value, out.doc_of[row], static_cast<std::uint32_t>(row)};
  }
}

// A doc given twice in a query: the second row, the first, the query.
struct repeat {
  std::uint32_t row = handle_table::none, first = 0, query = 0;
};

// The earliest row that repeats a doc of its query. Query by query, each
// doc (one number per text) stamped with the last query that gave it and
// its first row there.
repeat first_repeat_by_number(const table_rows& out) {
  std::vector<std::uint32_t> last_query(out.docs.size(), 0), first_row(out.docs.size(), 0);
  repeat worst;
  for (std::uint32_t q = 0; q + 1 < out.starts.size(); ++q)
    for (std::size_t i = out.starts[q]; i < out.starts[q + 1]; ++i) {
      const grouped_row& g = out.grouped[i];
      if (last_query[g.doc] != q + 1) {
        last_query[g.doc] = q + 1, first_row[g.doc] = g.row;
        continue;
      }
      if (g.row < worst.row) worst = {g.row, first_row[g.doc], q};
      break;
    }
  return worst;
}

// The same where equal texts may have two numbers: a small table a query.
repeat first_repeat_by_text(const table_rows& out) {
  handle_table seen;
  repeat worst;
  const grouped_row* g = out.grouped.data();
  for (std::uint32_t q = 0; q + 1 < out.starts.size(); ++q) {
    seen.reset(out.starts[q + 1] - out.starts[q]);
    for (std::size_t i = out.starts[q]; i < out.starts[q + 1]; ++i) {
      const auto same = [&](std::uint32_t o) { return out.same_text(g[o].doc, g[i].doc); };
      const std::uint32_t first = seen.insert(out.doc_hash[g[i].doc], static_cast<std::uint32_t>(i), same);
      if (first == handle_table::none) continue;
      if (g[i].row < worst.row) worst = {g[i].row, g[first].row, q};
      break;
    }
  }
  return worst;
}

// The earliest row that repeats a doc of its query; done when none does.
status first_repeat(const table_rows& out, std::size_t place, bool run) {
  const repeat r = out.by_text ? first_repeat_by_number(out) : first_repeat_by_text(out);
  if (r.row == handle_table::none) return done{};
  return repeated_doc(out, out.doc_at(r.row), r.row, r.first, r.query, place, run);
}

// The rows of a table, checked and grouped by query. A repeated doc before
// the first row that fails is the error, as row order has it.
expected<table_rows> read_rows(const column_table& t, const table_cells& c, input_use use) {
  const limits lim;
  if (t.rows > lim.max_items)
    return fail(error_code::too_large, "expected at most " + std::to_string(lim.max_items) + " rows, got more",
                line_of_row(lim.max_items), c.qid.column())
        .with("limit", std::to_string(lim.max_items));
  table_rows out;
  out.doc_column = (c.doc.given() ? c.doc : c.qid).column();
  out.doc_of.resize(t.rows);
  if (use != input_use::qrels) {  // a float64 column's scores are read where they are
    out.held_score = c.score.given() ? c.score.held_numbers() : nullptr;
    if (!out.held_score) out.score.resize(t.rows);
  }
  if (use != input_use::run) out.rel.resize(t.rows);
  row_reader r(c, use, out, t.rows);
  std::size_t rows = 0;
  status failed = done{};
  for (; rows < t.rows && failed; ++rows) failed = r.add(rows);
  if (use == input_use::run) {  // its repeats were looked for row by row, as they came
    if (!failed) return failed.err();
    group_rows(out, r.query_of, rows);
    // Grouped, a query whose rows came apart may give a doc twice: the
    // evaluation then looks for it as the records path does.
    out.repeats = out.ungrouped && (!out.by_text || first_repeat_by_number(out).row != handle_table::none);
    return out;
  }
  group_rows(out, r.query_of, failed ? rows : rows - 1);
  const status repeated = first_repeat(out, out.doc_column, false);
  if (!repeated) return repeated.err();  // a repeat before the first row that fails
  if (!failed) return failed.err();
  return out;
}

// The judgments of the rows (each doc once per query, checked already), by
// the builder every reader of judgments feeds, with the docids' hashes.
expected<trec_judgments> judged_of(const table_rows& t) {
  judgments_builder built;
  std::size_t bytes = 0;
  for (const std::string_view q : t.qids) bytes += q.size();
  for (const grouped_row& g : t.grouped) bytes += t.docs[g.doc].size();
  built.repeats_checked();
  built.reserve(t.grouped.size(), bytes);
  for (std::size_t q = 0; q + 1 < t.starts.size(); ++q)
    for (std::size_t i = t.starts[q]; i < t.starts[q + 1]; ++i) {
      const grouped_row& g = t.grouped[i];
      built.add(t.qids[q], t.docs[g.doc], t.judgment(g), line_of_row(g.row), t.doc_column, t.doc_hash[g.doc]);
    }
  auto judged = built.finish();
  if (!judged) return error(judged.err()).in("qrels");
  return judged;
}

// A doc a judged query of the run gives twice, its rows apart (a run whose
// queries come back): the records path finds it when it evaluates such a
// run's queries grouped, in the judgments' order; the run's other queries
// are not evaluated. Read off the entries, which hold the rows in order.
// Here judged queries [from, to).
status repeats_among(const table_rows& run, const handle_table& run_qids, const std::vector<std::string_view>& judged_qids,
                     std::size_t from, std::size_t to) {
  handle_table seen;
  for (std::size_t k = from; k < to; ++k) {
    const std::string_view qid = judged_qids[k];
    const std::uint32_t q = run_qids.find(hash_of(qid), [&](std::uint32_t o) { return run.qids[o] == qid; });
    if (q == handle_table::none) continue;
    seen.reset(run.starts[q + 1] - run.starts[q]);
    const grouped_row* g = run.grouped.data();
    for (std::size_t i = run.starts[q]; i < run.starts[q + 1]; ++i) {
      const auto same = [&](std::uint32_t o) { return run.same_text(g[o].doc, g[i].doc); };
      const std::uint32_t first = seen.insert(run.doc_hash[g[i].doc], static_cast<std::uint32_t>(i), same);
      if (first != handle_table::none)
        return repeated_doc(run, run.docs[g[i].doc], g[i].row, g[first].row, q, run.doc_column, true);
    }
  }
  return done{};
}

// The same over every judged query; a large run's in two halves on two
// threads (the first half's repeat, if any, comes first).
status judged_repeats(const table_rows& run, const std::vector<std::string_view>& judged_qids, unsigned threads) {
  if (!run.ungrouped || !run.repeats) return done{};  // rows of a query together: looked at as they came
  handle_table run_qids;
  for (std::size_t q = 0; q < run.qids.size(); ++q)
    run_qids.insert(hash_of(run.qids[q]), static_cast<std::uint32_t>(q),
                    [&](std::uint32_t o) { return run.qids[o] == run.qids[q]; });
  const auto among = [&](std::size_t from, std::size_t to) { return repeats_among(run, run_qids, judged_qids, from, to); };
  if (threads < 2 || run.grouped.size() <= 100000) return among(0, judged_qids.size());
  const auto halves = trec_detail::in_two_halves(judged_qids.size(), among);
  return !halves.first ? halves.first : halves.second;
}

unsigned threads_of(unsigned wanted) { return wanted ? wanted : std::max(1u, std::thread::hardware_concurrency()); }

// One evaluation of the run's queries against the judgments.
expected<trec_result> evaluate_rows(const trec_judgments& judged, const table_rows& run, unsigned threads,
                                    const trec_options& o) {
  auto stream = trec_stream::open(judged, o);
  if (!stream) return stream.err();
  // Each query's entries made when it is evaluated, on its thread: rows
  // held by number, not as entries (32 bytes a row, fresh memory).
  const auto fill = [&](std::size_t q, std::vector<run_entry>& entries, std::vector<std::uint32_t>& hashes) {
    entries.clear();
    hashes.clear();
    for (std::size_t i = run.starts[q]; i < run.starts[q + 1]; ++i) {
      const grouped_row& g = run.grouped[i];
      entries.push_back(run_entry{run.docs[g.doc], g.value, line_of_row(g.row)});
      hashes.push_back(run.doc_hash[g.doc]);
    }
  };
  if (auto ok = stream->add_queries(run.qids, run.starts, fill, threads); !ok) return ok.err();
  stream->set_run_id(run.run_id);
  return stream->finish();
}

expected<run_evaluation> evaluated_rows(const trec_judgments& judged, const table_rows& run, const batch_settings& b,
                                        unsigned threads) {
  const auto once = [&](const trec_options& o) { return evaluate_rows(judged, run, threads_of(threads), o); };
  const auto conventions = [&](const trec_options& o) {
    auto each = once;
    return evaluate_by_conventions(o, each);
  };
  auto r = conventions(b.trec);
  if (!r) return r.err();
  run_evaluation out{std::move(*r), {}};
  if (b.tie_range) {
    auto ties = tie_range_by(b.trec, conventions);
    if (!ties) return ties.err();
    out.ties = std::move(*ties);
  }
  add_intervals(out.result, b);
  return out;
}

// A run's rows (read already) against the judgments.
expected<run_evaluation> evaluated_run(const trec_judgments& judged, const table_rows& run, const batch_settings& b,
                                       unsigned threads) {
  if (auto ok = judged_repeats(run, judged.query_ids(), threads_of(threads)); !ok) return error(ok.err()).in("run");
  return evaluated_rows(judged, run, b, threads);
}

// A table read as `use`, named `name` in its errors and its reading.
expected<table_rows> read_column_table(const column_table& t, input_use use, std::string_view name,
                                       std::string_view kind, std::vector<batch_reading>& readings) {
  batch_reading reading;
  auto c = plan_cells(t, use, reading);
  if (!c) return error(c.err()).in(std::string(name));
  reading.name = std::string(name);
  reading.format = input_format::csv;  // said as a table's
  reading.shape = batch_reading::as::frame;
  reading.of = std::string(kind);
  reading.both = use == input_use::both;
  readings.push_back(std::move(reading));
  if (t.rows == 0) return fail(error_code::empty_input, "expected rows after the header, got none").in(std::string(name));
  auto rows = read_rows(t, *c, use);
  if (!rows) return error(rows.err()).in(std::string(name));
  return rows;
}

}  // namespace

}  // namespace ndcg::detail

namespace ndcg {

std::string number_cell_text(double v) { return std::isnan(v) ? std::string() : shortest(v); }

std::string number_cell_text(const table_column& c, std::size_t row) {
  return c.integers ? std::to_string(c.integers[row]) : number_cell_text(c.numbers[row]);
}

expected<table_roles> roles_of(const std::vector<std::string>& names, bool run, bool qrels) {
  std::vector<detail::csv_cell> header;
  for (std::size_t i = 0; i < names.size(); ++i) header.push_back(detail::csv_cell{names[i], 1, i + 1, {}});
  auto p = detail::plan_of(header, run && qrels ? input_use::both : run ? input_use::run : input_use::qrels);
  if (!p) return p.err();
  return table_roles{p->qid, p->doc, p->score, p->rank, p->rel, p->tag};
}

}  // namespace ndcg

namespace ndcg::detail {

expected<run_evaluation> evaluate_columns(const column_inputs& in, const batch_settings& b,
                                          std::vector<batch_reading>& readings) {
  if (!in.qrels) return fail(error_code::empty_input, "expected qrels, got none").in("qrels");
  if (!in.run) {
    auto both = read_column_table(*in.qrels, input_use::both, "qrels", in.kind, readings);
    if (!both) return both.err();
    auto judged = judged_of(*both);
    if (!judged) return judged.err();
    return evaluated_rows(*judged, *both, b, in.threads);
  }
  // The run is read beside the qrels, on a second thread: its rows and
  // theirs are independent until the evaluation.
  std::vector<batch_reading> run_readings;
  std::optional<expected<table_rows>> run;
  std::thread reader([&] { run = read_column_table(*in.run, input_use::run, "run", in.kind, run_readings); });
  struct joined {
    std::thread& t;
    ~joined() {
      if (t.joinable()) t.join();
    }
  } join_on_error{reader};
  auto judged = judgments_of_columns(*in.qrels, in.kind, readings);
  if (!judged) return judged.err();
  reader.join();
  readings.insert(readings.end(), run_readings.begin(), run_readings.end());
  if (!*run) return run->err();
  return evaluated_run(*judged, **run, b, in.threads);
}

expected<trec_judgments> judgments_of_columns(const column_table& qrels, std::string_view kind,
                                              std::vector<batch_reading>& readings) {
  auto rows = read_column_table(qrels, input_use::qrels, "qrels", kind, readings);
  if (!rows) return rows.err();
  return judged_of(*rows);
}

expected<run_evaluation> evaluate_columns(const trec_judgments& judged, const column_table& run, std::string_view kind,
                                          const batch_settings& b, unsigned threads,
                                          std::vector<batch_reading>& readings) {
  auto rows = read_column_table(run, input_use::run, "run", kind, readings);
  if (!rows) return rows.err();
  return evaluated_run(judged, *rows, b, threads);
}

// Run `at` (1-based) read and evaluated on compare's settings `b`; an error
// in it says which run, as compare_runs' do.
expected<run_evaluation> compared_run(const column_compare_inputs& in, std::size_t at, const trec_judgments& judged,
                                      const batch_settings& b, std::vector<batch_reading>& readings) {
  const std::size_t said = readings.size();
  auto ev = evaluate_columns(judged, *in.runs[at - 1], in.kind, b, in.threads, readings);
  for (std::size_t k = said; k < readings.size(); ++k) readings[k].run = at;
  if (ev) return ev;
  error e = ev.err();
  if (e.source == "run") e.index = at;
  return named_run_error(std::move(e), at, b);
}

expected<compare_result> compare_columns(const column_compare_inputs& in, const batch_settings& s,
                                         std::vector<batch_reading>& readings) {
  if (auto ok = check_run_count(in.runs.size()); !ok) return ok.err();
  if (!in.qrels) return fail(error_code::empty_input, "expected qrels, got none").in("qrels");
  const batch_settings b = compare_settings(s);
  auto judged = judgments_of_columns(*in.qrels, in.kind, readings);
  if (!judged) return judged.err();
  std::vector<run_evaluation> runs;
  for (std::size_t at = 1; at <= in.runs.size(); ++at) {
    auto ev = compared_run(in, at, *judged, b, readings);
    if (!ev) return readings.clear(), ev.err();
    runs.push_back(std::move(*ev));
  }
  return compare_evaluations(runs, s);
}

}  // namespace ndcg::detail

#endif  // __EMSCRIPTEN__
