// JSON runs and qrels: {qid: {docid: number}} as pytrec_eval and ranx hold
// them, an array of records, or JSON Lines of records whose keys are names
// from the one table of column names (query_id, doc_id, score, rank, rel).
#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "inputs/inputs_detail.hpp"
#include "json/json_reader.hpp"
#include "parse/columns.hpp"

namespace ndcg::detail {
namespace {

using token = json_reader::token;

// A value kept while its record is read: a view of the text, or a copy
// when an escape made the reader's own (valid until its next token).
struct held {
  std::string_view text;
  std::size_t line = 0, column = 0;
  std::string own;
  bool owned = false;
  held() = default;
  held(const json_reader& j, std::size_t column_at) : line(j.line()), column(column_at) { take(j); }
  void take(const json_reader& j) {
    owned = j.copied();
    if (owned) own.assign(j.value());
    text = j.value();
  }
  std::string_view str() const { return owned ? std::string_view(own) : text; }
  value_at at() const { return line ? value_at{str(), line, column} : value_at{}; }
};

// The names of the keys a record gave each role, for the reading.
struct key_names {
  std::array<std::string, 8> by_role;
  std::vector<std::string> ignored;
  bool rank_order = false, score_as_rel = false;
  std::vector<std::pair<std::string, role>> known;  // keys met, by role: every record repeats them

  role role_of_key(std::string_view key) {
    for (const auto& k : known)
      if (k.first == key) return k.second;
    const role r = role_of(key);
    if (known.size() < 32) known.emplace_back(std::string(key), r);
    return r;
  }
};

error wrong(const json_reader& j, std::string what) {
  return fail(error_code::bad_input, "expected " + what + ", got " + echo(j.value()), j.line(), j.column())
      .with("found", j.value());
}

error wrong_token(const json_reader& j, token t, const std::string& what) {
  const char* found = t == token::object_begin ? "an object" : t == token::array_begin ? "an array"
                      : t == token::end ? "the end" : t == token::literal ? "a literal" : "a closing bracket";
  return fail(error_code::bad_input, "expected " + what + ", got " + found, j.line(), j.column()).with("found", found);
}

// A scalar value for a record's field: a string or a number.
status scalar(json_reader& j, token t, held& out) {
  if (t == token::literal) return wrong(j, "a string or a number");
  if (t != token::string && t != token::number) return wrong_token(j, t, "a string or a number");
  out.take(j);
  out.line = j.line();
  out.column = j.column() + (t == token::string ? 1 : 0);
  return done{};
}

// One record, its "{" read: every key's value kept by role, the rest skipped.
status read_record(json_reader& j, input_use use, record_checker& w, key_names& names, std::size_t line,
                   std::size_t column) {
  std::array<held, 8> fields;
  for (;;) {
    auto k = j.next();
    if (!k) return k.err();
    if (*k == token::object_end) break;
    std::string escaped_key;  // a key the next token would overwrite
    std::string_view key = j.value();
    if (j.copied()) key = escaped_key.assign(key);
    const role r = names.role_of_key(key);
    auto v = j.next();
    if (!v) return v.err();
    if (r == role::none || r == role::subtopics) {
      if (std::find(names.ignored.begin(), names.ignored.end(), key) == names.ignored.end()) names.ignored.emplace_back(key);
      if (auto ok = j.skip(*v); !ok) return ok;
      continue;
    }
    const std::size_t at = static_cast<std::size_t>(r);
    if (auto ok = scalar(j, *v, fields[at]); !ok) return ok;
    if (names.by_role[at].empty()) names.by_role[at] = key;
  }
  input_row row;
  row.qid = fields[static_cast<std::size_t>(role::query)].at();
  row.doc = fields[static_cast<std::size_t>(role::id)].at();
  row.score = fields[static_cast<std::size_t>(role::score)].at();
  row.rank = fields[static_cast<std::size_t>(role::rank)].at();
  row.rel = fields[static_cast<std::size_t>(role::grade)].at();
  row.tag = fields[static_cast<std::size_t>(role::tag)].at();
  if (use == input_use::qrels && !row.rel.given() && row.score.given()) {
    row.rel = row.score;
    names.score_as_rel = true;
  }
  if (use != input_use::qrels && !row.score.given() && row.rank.given()) names.rank_order = true;
  auto need = [&](const value_at& v, role r) -> status {
    if (v.given()) return done{};
    return fail(error_code::missing_value,
                "expected a " + std::string(role_name(r)) + " in this record (a key named " + names_of(r) + ")", line,
                column);
  };
  if (auto ok = need(row.qid, role::query); !ok) return ok;
  if (use != input_use::both)
    if (auto ok = need(row.doc, role::id); !ok) return ok;
  if (use != input_use::run)
    if (auto ok = need(row.rel, role::grade); !ok) return ok;
  return w.add(row);
}

// Records' reading: their keys by role (the score's as the judgment's
// when no record has a rel key).
void records_reading(key_names& n, bool lines, batch_reading& reading) {
  reading.shape = lines ? batch_reading::as::jsonl : batch_reading::as::json;
  std::string& score = n.by_role[static_cast<std::size_t>(role::score)];
  std::string& rel = n.by_role[static_cast<std::size_t>(role::grade)];
  if (n.score_as_rel && rel.empty()) {
    rel.swap(score);
    reading.notes |= batch_reading::score_is_rel;
  }
  if (n.by_role[static_cast<std::size_t>(role::id)].empty()) reading.notes |= batch_reading::doc_positions;
  if (n.rank_order) reading.notes |= batch_reading::rank_order;
  reading.columns.assign(std::make_move_iterator(n.by_role.begin()), std::make_move_iterator(n.by_role.end()));
  reading.ignored = std::move(n.ignored);
}

// {qid: {docid: number}}, the first qid's "{" read.
status read_dict(json_reader& j, input_use use, record_checker& w, held qid) {
  for (;;) {
    for (;;) {
      auto k = j.next();
      if (!k) return k.err();
      if (*k == token::object_end) break;
      input_row row;
      held doc(j, j.column() + 1);
      row.qid = qid.at();
      row.doc = doc.at();
      auto v = j.next();
      if (!v) return v.err();
      held number;
      if (*v != token::number && *v != token::string)
        return *v == token::literal ? wrong(j, "a number") : wrong_token(j, *v, "a number");
      number = held(j, j.column() + (*v == token::string ? 1 : 0));
      (use == input_use::run ? row.score : row.rel) = number.at();
      if (auto ok = w.add(row); !ok) return ok;
    }
    auto k = j.next();
    if (!k) return k.err();
    if (*k == token::object_end) return done{};
    qid = held(j, j.column() + 1);
    auto v = j.next();
    if (!v) return v.err();
    if (*v != token::object_begin) return wrong_token(j, *v, "{docid: number} for query " + echo(qid.str()));
  }
}

status expect_end(json_reader& j) {
  auto t = j.next();
  if (!t) return t.err();
  if (*t != token::end) return wrong_token(j, *t, "the end of the JSON text");
  return done{};
}

}  // namespace

status read_json(std::string_view text, input_format, input_use use, record_checker& w, batch_reading& reading) {
  json_reader j(text);
  auto t = j.next();
  if (!t) return t.err();
  key_names names;
  if (*t == token::array_begin) {
    for (;;) {
      auto r = j.next();
      if (!r) return r.err();
      if (*r == token::array_end) break;
      if (*r != token::object_begin) return wrong_token(j, *r, "a record (an object)");
      if (auto ok = read_record(j, use, w, names, j.line(), j.column()); !ok) return ok;
    }
    records_reading(names, false, reading);
    return expect_end(j);
  }
  if (*t != token::object_begin) return wrong_token(j, *t, "an object or an array");
  const std::size_t line = j.line(), column = j.column();
  // A first value that is an object makes a dict; else the text is records.
  json_reader probe = j;
  auto k = probe.next();
  if (!k) return k.err();
  if (*k == token::string) {
    held qid(probe, probe.column() + 1);
    auto v = probe.next();
    if (!v) return v.err();
    if (*v == token::object_begin) {
      if (use == input_use::both) {
        return fail(error_code::bad_input,
                    "expected records with a score and a rel: {qid: {docid: number}} holds a run or qrels, "
                    "not both (give the other file too)",
                    line, column)
            .with("found", "{qid: {docid: number}}");
      }
      if (auto ok = read_dict(probe, use, w, qid); !ok) return ok;
      reading.shape = batch_reading::as::dict;
      return expect_end(probe);
    }
  }
  std::size_t records = 0;
  for (;;) {
    if (auto ok = read_record(j, use, w, names, j.line(), j.column()); !ok) return ok;
    ++records;
    auto n = j.next();
    if (!n) return n.err();
    if (*n == token::end) break;
    if (*n != token::object_begin) return wrong_token(j, *n, "a record (an object) on each line");
  }
  records_reading(names, records > 1, reading);
  return done{};
}

#ifndef __EMSCRIPTEN__  // the wasm module reads runs whole
namespace {

// Whether a text starts as records rather than an array or {qid: {docid: number}}.
bool starts_as_records(std::string_view text) {
  json_reader j(text);
  auto t = j.next();
  if (!t || *t != token::object_begin) return false;
  auto k = j.next();
  if (!k || *k != token::string) return true;
  auto v = j.next();
  return !v || *v != token::object_begin;
}

// Up to `size` more bytes at the end of `text`; false once the text has ended.
bool read_piece(more_bytes& more, std::size_t size, std::string& text) {
  const std::size_t from = text.size();
  text.resize(from + size);
  const std::size_t got = more(&text[from], size);
  text.resize(from + got);
  return got == size;
}

}  // namespace

// JSON Lines from pieces, whole lines at a time: memory holds a piece, not
// the run. A record that spans lines and a piece's end is read again from
// its "{" with the next piece. Any other JSON is read whole.
status stream_json(more_bytes more, input_format f, input_use use, record_checker& w, batch_reading& reading) {
  constexpr std::size_t piece_size = std::size_t(1) << 20;
  key_names names;
  std::string piece;
  std::size_t line = 1, column = 1, records = 0;
  for (bool last = false, first = true; !last; first = false) {
    last = !read_piece(more, std::max(piece_size, piece.size()), piece);
    if (first && !starts_as_records(piece)) {
      while (read_piece(more, piece_size, piece)) continue;
      return read_json(piece, f, use, w, reading);
    }
    const std::size_t end = last ? piece.size() : piece.rfind('\n') + 1;  // npos + 1: no whole line yet
    const std::string_view text = std::string_view(piece).substr(0, end);
    json_reader j = first ? json_reader(text) : json_reader(text, line, column);
    std::size_t used = end;
    for (;;) {
      auto t = j.next();
      if (!t) return t.err();
      if (*t == token::end) break;
      if (*t != token::object_begin) return wrong_token(j, *t, "a record (an object) on each line");
      const std::size_t at = static_cast<std::size_t>(j.position() - piece.data()) - 1, l = j.line(), c = j.column();
      if (auto ok = read_record(j, use, w, names, l, c); !ok) {
        if (last || !j.at_end()) return ok;
        used = at, line = l, column = c;  // cut by the piece's end
        break;
      }
      ++records;
    }
    if (used == end) line = j.line(), column = j.column();
    piece.erase(0, used);
  }
  records_reading(names, records > 1, reading);
  return done{};
}
#endif

}  // namespace ndcg::detail
