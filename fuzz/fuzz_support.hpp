// Shared by the libFuzzer targets: reading option bytes off the front of an
// input, splitting the rest into texts, and the invariants every target
// checks. A broken invariant prints what broke and aborts, so libFuzzer
// saves the input as a crash like any sanitizer report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/parse.hpp"

namespace fuzz {

inline void require(bool ok, const char* what, std::string_view detail = {}) {
  if (ok) return;
  std::fprintf(stderr, "invariant broken: %s\n  %.*s\n", what, static_cast<int>(detail.size() > 400 ? 400 : detail.size()),
               detail.data());
  std::abort();
}

// Whether a view returned by a parser lies inside the text it was given.
inline bool inside(std::string_view part, std::string_view text) {
  return part.data() >= text.data() && part.data() + part.size() <= text.data() + text.size();
}

// Takes bytes off the front of the input; 0 once it runs out.
class bytes {
 public:
  bytes(const std::uint8_t* data, std::size_t size) : rest_(reinterpret_cast<const char*>(data), size) {}
  std::uint8_t take() {
    if (rest_.empty()) return 0;
    const auto b = static_cast<std::uint8_t>(rest_[0]);
    rest_.remove_prefix(1);
    return b;
  }
  std::string_view rest() const { return rest_; }

 private:
  std::string_view rest_;
};

// Splits at every `sep` byte; at most `max_parts` parts (the last keeps the rest).
inline std::vector<std::string_view> split(std::string_view text, char sep, std::size_t max_parts) {
  std::vector<std::string_view> parts;
  while (parts.size() + 1 < max_parts) {
    const std::size_t at = text.find(sep);
    if (at == std::string_view::npos) break;
    parts.push_back(text.substr(0, at));
    text.remove_prefix(at + 1);
  }
  parts.push_back(text);
  return parts;
}

// Small limits, so that short inputs reach every "too large" path.
inline ndcg::limits tiny_limits() {
  ndcg::limits lim;
  lim.max_bytes = 3000;
  lim.max_line = 200;
  lim.max_items = 40;
  return lim;
}

// The usual body of a parser target: check the input as text under the
// default limits and under tiny ones.
template <class Check>
int under_both_limits(const std::uint8_t* data, std::size_t size, Check check) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check(text, ndcg::limits{});
  check(text, tiny_limits());
  return 0;
}

// What every TREC-shaped file's parse must hold: each qid and docid a view
// into the text, each query with entries, no more lines than the limit.
// `each(query, entry)` checks what is the file's own. Returns the entries.
template <class File, class Each>
std::size_t check_queries(const File& file, std::string_view text, const ndcg::limits& lim, Each each) {
  std::size_t entries = 0;
  for (const auto& q : file.queries) {
    require(!q.qid.empty() && inside(q.qid, text), "qids are views into the text");
    require(!q.entries.empty(), "a query has entries");
    for (const auto& e : q.entries) {
      require(!e.docid.empty() && inside(e.docid, text), "docids are views into the text");
      each(q, e);
    }
    entries += q.entries.size();
  }
  require(entries <= lim.max_items, "no more lines than the limit");
  return entries;
}

// Lines as the parsers count them (\n, \r\n or a lone \r), and the longest.
struct shape {
  std::size_t lines = 0;
  std::size_t longest = 0;
};
inline shape shape_of(std::string_view text) {
  shape s;
  std::size_t length = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text[i] == '\r') {
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      ++s.lines;
      s.longest = length > s.longest ? length : s.longest;
      length = 0;
    } else {
      ++length;
    }
  }
  s.longest = length > s.longest ? length : s.longest;
  s.lines += 1;
  return s;
}

// What every error must be: a short message without raw control bytes
// (they echo user input into terminals and pages), placed inside the text.
inline bool place_fits(const ndcg::error& e, std::string_view text) {
  if (e.line == 0) return true;
  const shape s = shape_of(text);
  return e.line <= s.lines && e.column >= 1 && e.column <= s.longest + 1;
}

inline void check_error(const ndcg::error& e, std::string_view text) {
  require(!e.message.empty(), "an error has a message");
  require(e.message.size() < 2000, "error messages stay short", e.message);
  for (char c : e.message)
    require(static_cast<unsigned char>(c) >= 0x20 && c != 0x7F, "no raw control bytes in messages", e.message);
  require(place_fits(e, text), "the error's line and column are in the text it names", e.message);
}

// A strict JSON syntax check: one value, strings without raw control
// bytes and in valid UTF-8, numbers in JSON's grammar, nothing after it.
class json {
 public:
  static bool valid(std::string_view s) { return problem_at(s) == std::string_view::npos; }

  // Where the text stops being JSON, or npos when it is valid.
  static std::size_t problem_at(std::string_view s) {
    json j(s);
    const bool ok = j.value(0);
    if (ok) j.space();
    return ok && j.at_ == s.size() ? std::string_view::npos : j.at_;
  }

  // The text around `at`, for messages.
  static std::string_view around(std::string_view s, std::size_t at) {
    const std::size_t from = at > 80 ? at - 80 : 0;
    return s.substr(from, 160);
  }

 private:
  explicit json(std::string_view s) : s_(s) {}
  bool more() const { return at_ < s_.size(); }
  char peek() const { return more() ? s_[at_] : '\0'; }
  void space() {
    while (more() && (peek() == ' ' || peek() == '\n' || peek() == '\r' || peek() == '\t')) ++at_;
  }
  bool word(std::string_view w) {
    if (s_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }
  bool value(int depth) {
    if (depth > 100) return false;
    space();
    switch (peek()) {
      case '{': return members(depth, '}', true);
      case '[': return members(depth, ']', false);
      case '"': return string();
      case 't': return word("true");
      case 'f': return word("false");
      case 'n': return word("null");
      default: return number();
    }
  }
  bool members(int depth, char close, bool keyed) {
    ++at_;
    space();
    if (peek() == close) return ++at_, true;
    for (;;) {
      space();
      if (keyed) {
        if (peek() != '"' || !string()) return false;
        space();
        if (peek() != ':') return false;
        ++at_;
      }
      if (!value(depth + 1)) return false;
      space();
      if (peek() == ',') { ++at_; continue; }
      if (peek() == close) return ++at_, true;
      return false;
    }
  }
  bool digits() {
    const std::size_t start = at_;
    while (peek() >= '0' && peek() <= '9') ++at_;
    return at_ > start;
  }
  bool number() {
    if (peek() == '-') ++at_;
    if (peek() == '0') ++at_;
    else if (!digits()) return false;
    if (peek() == '.' && (++at_, !digits())) return false;
    if (peek() == 'e' || peek() == 'E') {
      ++at_;
      if (peek() == '+' || peek() == '-') ++at_;
      if (!digits()) return false;
    }
    return true;
  }
  bool string() {
    ++at_;
    while (more()) {
      const auto c = static_cast<unsigned char>(s_[at_]);
      if (c == '"') return ++at_, true;
      if (c < 0x20) return false;
      if (c == '\\') {
        ++at_;
        const char e = peek();
        if (e == 'u') {
          for (int k = 1; k <= 4; ++k) {
            const char h = at_ + k < s_.size() ? s_[at_ + k] : '\0';
            if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F'))) return false;
          }
          at_ += 5;
        } else if (std::string_view("\"\\/bfnrt").find(e) != std::string_view::npos && e != '\0') {
          ++at_;
        } else {
          return false;
        }
        continue;
      }
      if (c < 0x80) { ++at_; continue; }
      if (!utf8()) return false;
    }
    return false;
  }
  bool utf8() {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s_[at_ + k]); };
    const unsigned char c = b(0);
    const std::size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (len == 0 || at_ + len > s_.size()) return false;
    for (std::size_t k = 1; k < len; ++k)
      if ((b(k) & 0xC0) != 0x80) return false;
    if ((c == 0xE0 && b(1) < 0xA0) || (c == 0xED && b(1) >= 0xA0) || (c == 0xF0 && b(1) < 0x90) ||
        (c == 0xF4 && b(1) >= 0x90))
      return false;
    at_ += len;
    return true;
  }

  std::string_view s_;
  std::size_t at_ = 0;
};

}  // namespace fuzz
