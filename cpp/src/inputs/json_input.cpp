// JSON runs and qrels: {qid: {docid: number}} as pytrec_eval and ranx hold
// them, an array of records, or JSON Lines of records whose keys are names
// from the one table of column names (query_id, doc_id, score, rank, rel).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "base/hash_table.hpp"
#include "base/text.hpp"
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

// Equal keys: a short key (the names of columns are) by two loads that
// cover it rather than a byte at a time.
#if defined(__GNUC__)
[[gnu::always_inline]]
#endif
inline bool same_key(std::string_view a, std::string_view b) {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
#ifdef __EMSCRIPTEN__  // the shorter code: the modules' size
  const bool loads = false;
#else
  const bool loads = n >= 4 && n <= 16;
#endif
  if (!loads) return same_id(a, b);
  const char *x = a.data(), *y = b.data();
  if (n >= 8) {
    std::uint64_t x0, x1, y0, y1;
    std::memcpy(&x0, x, 8), std::memcpy(&x1, x + n - 8, 8), std::memcpy(&y0, y, 8), std::memcpy(&y1, y + n - 8, 8);
    return x0 == y0 && x1 == y1;
  }
  std::uint32_t x0, x1, y0, y1;
  std::memcpy(&x0, x, 4), std::memcpy(&x1, x + n - 4, 4), std::memcpy(&y0, y, 4), std::memcpy(&y1, y + n - 4, 4);
  return x0 == y0 && x1 == y1;
}

// The names of the keys a record gave each role, for the reading.
struct key_names {
  std::array<std::string, 8> by_role;
  std::vector<std::string> ignored;
  bool rank_order = false, score_as_rel = false;
  std::vector<std::pair<std::string, role>> known;  // keys met, by role: every record repeats them

  // `hint`: where the key may be in `known` (records repeat their keys' order).
  role role_of_key(std::string_view key, std::size_t hint = 0) {
    if (hint < known.size() && same_key(known[hint].first, key)) return known[hint].second;
    for (const auto& k : known)
      if (same_id(k.first, key)) return k.second;
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

// A record's row: the keys it needs checked, then handed on.
#if defined(__GNUC__)
[[gnu::always_inline]]
#endif
inline status add_row(input_row& row, input_use use, record_checker& w, key_names& names, std::size_t line,
               std::size_t column) {
  if (use == input_use::qrels && !row.rel.given() && row.score.given()) {
    row.rel = row.score;
    names.score_as_rel = true;
  }
  if (use != input_use::qrels && !row.score.given() && row.rank.given()) names.rank_order = true;
  if (row.qid.given() && (use == input_use::both || row.doc.given()) && (use == input_use::run || row.rel.given()))
    return w.add(row);  // all it needs: nearly every record
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

// A record's values by role, kept, made a row and handed on.
status add_record(const std::array<held, role_count>& fields, input_use use, record_checker& w, key_names& names,
                  std::size_t line, std::size_t column) {
  const auto of = [&](role r) { return fields[static_cast<std::size_t>(r)].at(); };
  input_row row{of(role::query), of(role::id), of(role::score), of(role::rank), of(role::grade), of(role::tag)};
  return add_row(row, use, w, names, line, column);
}

// One record, its "{" read: every key's value kept by role, the rest skipped.
status read_record(json_reader& j, input_use use, record_checker& w, key_names& names, std::size_t line,
                   std::size_t column) {
  std::array<held, role_count> fields;
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
  return add_record(fields, use, w, names, line, column);
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

// The last plain record's shape, as a tool writes every record alike: the
// bytes around its values (keys, quotes, spaces, ':' and ','), each value's
// role and whether it is a string. A record of the same shape is read by
// comparing those bytes and scanning the values alone.
struct record_shape {
  struct part {
    std::string bytes;  // before a value (the last part's: after the last value through its "}")
    role r = role::none;
    bool quoted = false;  // the value is a string
    char head[16] = {};   // the bytes' first 16, compared in one step
    unsigned mask = 0;    // bit i: head[i] is one of the bytes
  };
  std::vector<part> parts;
  bool known = false;

  void add(std::string_view bytes, role r, bool quoted) {
    part& p = parts.emplace_back();
    p.bytes = bytes;
    p.r = r;
    p.quoted = quoted;
    const std::size_t n = std::min<std::size_t>(bytes.size(), 16);
    std::memcpy(p.head, bytes.data(), n);
    p.mask = (1u << n) - 1;
  }
  // Whether the text from p (to end) starts with the part's bytes.
#if defined(__GNUC__)
  [[gnu::always_inline]]
#endif
  static bool starts(const part& s, const char* p, const char* end) {
    const std::size_t n = s.bytes.size();
#if defined(__SSE2__)
    if (n <= 16 && end - p >= 16) {
      const __m128i same = _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)),
                                          _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.head)));
      return (static_cast<unsigned>(_mm_movemask_epi8(same)) & s.mask) == s.mask;
    }
#endif
    return static_cast<std::size_t>(end - p) >= n && same_key(std::string_view(p, n), s.bytes);
  }
};

// A plain record's row, and where each role's value goes in it (a value of
// no role, or of subtopics, aside).
struct row_slots {
  input_row row;
  value_at aside;
  const std::array<value_at*, role_count> at{&aside, &row.qid, &row.doc, &row.score, &row.rel, &row.rank, &aside, &row.tag};
  row_slots() = default;
  void clear() { row.qid.line = row.doc.line = row.score.line = row.rank.line = row.rel.line = row.tag.line = 0; }
  row_slots(const row_slots&) = delete;
  row_slots& operator=(const row_slots&) = delete;
};

// Records read straight from the text where they are plain: on one line,
// their keys strings with no escape, their values such strings or numbers.
// Places are counted as json_reader counts them; anything else is left to
// it (the record read again from its "{"), which also says what is wrong.
class plain_records {
 public:
  plain_records(std::string_view text, std::size_t at, std::size_t line, std::size_t column) : text_(text) {
    resume(at, line, column);
  }
  // Goes on from where json_reader left off.
  void resume(std::size_t at, std::size_t line, std::size_t column) {
    at_ = at, line_ = line, line_start_ = at - (column - 1);  // wraps below 0, as json_reader's
  }
  std::size_t at() const { return at_; }
  std::size_t line() const { return line_; }
  std::size_t column() const { return at_ - line_start_ + 1; }

  // JSON's spaces and line ends skipped; false at the text's end.
  bool more() {
    if (at_ + 1 < text_.size() && text_[at_] == '\n' && text_[at_ + 1] == '{') {  // as records are written, nearly always
      ++line_;
      line_start_ = ++at_;
      return true;
    }
    for (; at_ < text_.size(); ++at_) {
      const char c = text_[at_];
      if (c == '\n' || (c == '\r' && (at_ + 1 == text_.size() || text_[at_ + 1] != '\n'))) {
        ++line_;
        line_start_ = at_ + 1;
      } else if (c != ' ' && c != '\t' && c != '\r') {
        return true;
      }
    }
    return false;
  }

  // The record at the "{" here, its values by role; false (nothing read,
  // `fields` to be forgotten) when it is not plain.
  bool record(row_slots& fields, key_names& names, record_shape& shape) {
    const char* const begin = text_.data();
    const char* const end = begin + text_.size();
    const char* p = begin + at_;
    if (*p != '{') return false;
    ++p;
    const char* after = begin + at_;  // the last value's end (the shape's bytes run from there)
    shape.known = false;
    shape.parts.clear();
    for (std::size_t k = 0;; ++k) {
      const char* key = spaces(p, end);
      if (!(p = string_end(key, end))) return false;
      const std::string_view name(key + 1, static_cast<std::size_t>(p - key) - 2);
      p = spaces(p, end);
      if (p == end || *p != ':') return false;
      const char* value = spaces(p + 1, end);
      const bool quoted = value != end && *value == '"';
      const role r = names.role_of_key(name, k);
      const auto i = static_cast<std::size_t>(r);
      std::string_view text;
      if (!(p = value_end(value, end, quoted, text, own_[i]))) return false;
      shape.add(std::string_view(after, static_cast<std::size_t>(value - after)), r, quoted);
      after = p;
      if (r == role::none || r == role::subtopics) {
        if (std::find(names.ignored.begin(), names.ignored.end(), name) == names.ignored.end()) names.ignored.emplace_back(name);
      } else {
        *fields.at[i] = value_at{text, line_, static_cast<std::size_t>(value + quoted - begin) - line_start_ + 1};
        if (names.by_role[i].empty()) names.by_role[i] = name;
      }
      if ((p = spaces(p, end)) == end) return false;
      const char c = *p++;
      if (c == '}') break;
      if (c != ',') return false;
    }
    shape.add(std::string_view(after, static_cast<std::size_t>(p - after)), role::none, false);
    shape.known = true;
    at_ = static_cast<std::size_t>(p - begin);
    return true;
  }

  // The record at the "{" here when it has `shape`, its values by role;
  // false (nothing read, `fields` to be forgotten) when it has not.
  bool like(const record_shape& shape, row_slots& fields) {
    if (!shape.known) return false;
    const char* const begin = text_.data();
    const char* const end = begin + text_.size();
    const std::size_t line = line_, line_start = line_start_;  // held here: the stores below might be to them
    const char* p = begin + at_;
    const record_shape::part* part = shape.parts.data();
    const record_shape::part* const last = part + shape.parts.size() - 1;
    for (;; ++part) {
      if (!record_shape::starts(*part, p, end)) return false;
      p += part->bytes.size();
      if (part == last) break;
      const char* value = p;
      const auto i = static_cast<std::size_t>(part->r);
      std::string_view text;
      if (!(p = value_end(value, end, part->quoted, text, own_[i]))) return false;
      *fields.at[i] = value_at{text, line, static_cast<std::size_t>(value + part->quoted - begin) - line_start + 1};
    }
    at_ = static_cast<std::size_t>(p - begin);
    return true;
  }

 private:
  static const char* spaces(const char* p, const char* end) {
    while (p != end && (*p == ' ' || *p == '\t')) ++p;
    return p;
  }
  // Past the string at p, which has no escape or control character; null if not so.
  static const char* string_end(const char* p, const char* end) {
    if (p == end || *p != '"') return nullptr;
    p = special(p + 1, end);
    return p != end && *p == '"' ? p + 1 : nullptr;
  }
  // Past the value at p (a string when `quoted`, else a number), its text in
  // `text`: a view of the bytes, or of `own` where a string's escapes are
  // undone; null when it is not plain.
#if defined(__GNUC__)
  [[gnu::always_inline]]
#endif
  static const char* value_end(const char* p, const char* end, bool quoted, std::string_view& text, std::string& own) {
    if (!quoted) {
      const char* e = number_end(p, end);
      if (e) text = std::string_view(p, static_cast<std::size_t>(e - p));
      return e;
    }
    if (p == end || *p != '"') return nullptr;
    const char* q = special(p + 1, end);
    if (q != end && *q == '"') {
      text = std::string_view(p + 1, static_cast<std::size_t>(q - p) - 1);
      return q + 1;
    }
    return escaped(p + 1, q, end, text, own);
  }
  // The rest of a string from its first escape at q, unescaped into `own`
  // as json_reader does; null at \u (rare: json_reader reads it), a control
  // character or no closing quote.
  static const char* escaped(const char* start, const char* q, const char* end, std::string_view& text,
                             std::string& own) {
    static constexpr char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    own.assign(start, q);
    while (q != end && *q == '\\' && end - q >= 2) {
      const char* f = std::char_traits<char>::find(from, 8, q[1]);
      if (!f) return nullptr;
      own += to[f - from];
      const char* next = special(q + 2, end);
      own.append(q + 2, next);
      q = next;
    }
    if (q == end || *q != '"') return nullptr;
    text = own;
    return q + 1;
  }
  // The first '"', '\\' or control character from p on, or end.
#if defined(__GNUC__)
  [[gnu::always_inline]]
#endif
  static const char* special(const char* p, const char* end) {
#if defined(__SSE2__)
    for (; end - p >= 16; p += 16) {  // sixteen bytes at a time: a key or an id in one step
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"')), escape = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
      const __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
      if (const auto m = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, escape), control))))
        return p + __builtin_ctz(m);
    }
#endif
    for (; end - p >= 8; p += 8) {  // eight bytes at a time
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      if (const std::uint64_t m = specials(w)) return p + __builtin_ctzll(m) / 8;
    }
    for (; p != end; ++p) {
      const auto c = static_cast<unsigned char>(*p);
      if (c == '"' || c == '\\' || c < 0x20) return p;
    }
    return end;
  }
  // The bytes of w (little-endian) that are '"', '\\' or below 0x20, each as
  // its high bit: exact up to the first such byte, which is all that is read.
  static std::uint64_t specials(std::uint64_t w) {
    constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    const auto zero = [](std::uint64_t x) { return (x - ones) & ~x & highs; };
    return zero(w ^ (ones * '"')) | zero(w ^ (ones * '\\')) | ((w - ones * 0x20) & ~w & highs);
  }
  // Past the number at p, as JSON writes it (json_reader's grammar); null if none.
  static const char* number_end(const char* p, const char* end) {
#if defined(__SSE2__)
    if (const char* e = short_number_end(p, end)) return e;
#endif
    const auto digits = [&] {
      const char* start = p;
      p = digits_end(p, end);
      return p != start;
    };
    if (p != end && *p == '-') ++p;
    if (p != end && *p == '0') ++p;
    else if (!digits()) return nullptr;
    if (p != end && *p == '.' && (++p, !digits())) return nullptr;
    if (p != end && (*p == 'e' || *p == 'E')) {
      ++p;
      if (p != end && (*p == '+' || *p == '-')) ++p;
      if (!digits()) return nullptr;
    }
    return p;
  }
  // Past the digits from p on.
  static const char* digits_end(const char* p, const char* end) {
    while (p != end && *p >= '0' && *p <= '9') ++p;
    return p;
  }
#if defined(__SSE2__)
  // A number whose digits end within the 32 bytes from its first one, as
  // scores are written: its end, from one mask of those bytes' digits; null
  // for any other, which number_end reads.
  static const char* short_number_end(const char* p, const char* end) {
    const char* s = p + (p != end && *p == '-');
    if (end - s < 32) return nullptr;
    const auto others = [](const char* at) {  // bit i: at[i] is no digit
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
      const __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
      return static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(digit)) ^ 0xFFFFu);
    };
    const std::uint64_t stops = others(s) | others(s + 16) << 16 | std::uint64_t{1} << 32;  // bit 32: the bytes' end
    auto e = static_cast<unsigned>(__builtin_ctzll(stops));
    if (e == 0 || e == 32) return nullptr;
    if (*s == '0') e = 1;  // a leading 0 stands alone
    const auto digits_from = [&](unsigned at) {  // at: past the '.' or the exponent's 'e' and sign
      const auto n = static_cast<unsigned>(__builtin_ctzll(stops >> at));
      e = n == 0 || at + n >= 32 ? 32 : at + n;  // 32: none, or past the bytes
    };
    if (s[e] == '.') digits_from(e + 1);
    if (e < 32 && (s[e] == 'e' || s[e] == 'E')) digits_from(e + 1 + (s[e + 1] == '+' || s[e + 1] == '-'));
    return e < 32 ? s + e : nullptr;
  }
#endif

  std::string_view text_;
  std::array<std::string, role_count> own_;  // values whose escapes were undone, by role
  std::size_t at_ = 0, line_ = 1, line_start_ = 0;
};

// Up to `size` more bytes after the `filled` bytes of `buf`, which grows
// only when it must (its bytes are not cleared for each piece); false once
// the text has ended.
bool read_piece(more_bytes& more, std::size_t size, std::string& buf, std::size_t& filled) {
  if (buf.size() < filled + size) buf.resize(filled + size);
  const std::size_t got = more(&buf[filled], size);
  filled += got;
  return got == size;
}

}  // namespace

// JSON Lines from pieces, whole lines at a time: memory holds a piece, not
// the run. A record that spans lines and a piece's end is read again from
// its "{" with the next piece. Any other JSON is read whole.
status stream_json(more_bytes more, input_format f, input_use use, record_checker& w, batch_reading& reading) {
  constexpr std::size_t piece_size = std::size_t(1) << 20;
  key_names names;
  record_shape shape;
  std::string piece;
  std::size_t filled = 0, line = 1, column = 1, records = 0;
  for (bool last = false, first = true; !last; first = false) {
    last = !read_piece(more, std::max(piece_size, filled), piece, filled);
    if (first && !starts_as_records(std::string_view(piece.data(), filled))) {
      while (read_piece(more, piece_size, piece, filled)) continue;
      piece.resize(filled);
      return read_json(piece, f, use, w, reading);
    }
    const std::string_view held(piece.data(), filled);
    const std::size_t end = last ? filled : held.rfind('\n') + 1;  // npos + 1: no whole line yet
    const std::string_view text = held.substr(0, end);
    plain_records plain(text, first ? text.size() - strip_bom(text).size() : 0, line, column);
    std::size_t used = end;
    row_slots fields;
    while (plain.more()) {
      const std::size_t at = plain.at(), l = plain.line(), c = plain.column();
      fields.clear();
      if (plain.like(shape, fields) || plain.record(fields, names, shape)) {
        if (auto ok = add_row(fields.row, use, w, names, l, c); !ok) return ok;
        ++records;
        continue;
      }
      json_reader j(text.substr(at), l, c);  // any other record
      auto t = j.next();
      if (!t) return t.err();
      if (*t != token::object_begin) return wrong_token(j, *t, "a record (an object) on each line");
      if (auto ok = read_record(j, use, w, names, l, c); !ok) {
        if (last || !j.at_end()) return ok;
        used = at, line = l, column = c;  // cut by the piece's end
        break;
      }
      ++records;
      plain.resume(static_cast<std::size_t>(j.position() - text.data()), j.line(), j.column() + 1);
    }
    if (used == end) line = plain.line(), column = plain.column();
    std::memmove(&piece[0], piece.data() + used, filled - used);
    filled -= used;
  }
  records_reading(names, records > 1, reading);
  return done{};
}
#endif

}  // namespace ndcg::detail
