// What every export shares: reading one call's texts and writing its reply.
//
// In: JS writes each call's texts into one block of wasm memory, every text
// as a 4-byte little-endian length and its UTF-8 bytes (web/api/raw.js);
// options come as key/value texts read by the core's option table, grades as
// a block of doubles.
// Out: one reply, JSON text whose large parts point into two side blocks:
// {"$f":[at,n]} is n doubles of the number block (step columns, number
// lists: JS copies them out as typed arrays) and {"$s":[at,n]} n bytes of
// UTF-8 text (reports, ids). Errors are {ok: false, code, source, key, line,
// column, args, message}. The reply lives until ndcg_release().
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/fields.hpp"
#include "ndcg/option_table.hpp"

namespace ndcg_wasm {

// The texts of one call, in order.
class pack {
 public:
  pack(const char* data, std::size_t size) : rest_(data, size) {}
  bool done() const { return rest_.size() < 4; }
  std::string_view next() {
    if (done()) return {};
    std::uint32_t n = 0;
    std::memcpy(&n, rest_.data(), 4);
    std::string_view out = rest_.substr(4, n);
    rest_.remove_prefix(4 + out.size());
    return out;
  }

 private:
  std::string_view rest_;
};

// The rest of a pack as key/value pairs (option texts).
std::vector<std::pair<std::string, std::string>> pairs_of(pack& p);

struct reply_block {
  const char* json;
  std::uint32_t json_size;
  const double* numbers;
  std::uint32_t numbers_size;
  const char* bytes;
  std::uint32_t bytes_size;
};

// Writes one reply's JSON; `key` is "" for a list's items.
class reply {
 public:
  std::string json;
  std::vector<double> numbers;
  std::string bytes;

  void open(std::string_view key = {}) { name(key) += '{', firsts_.push_back('\1'); }
  void close() { json += '}', firsts_.pop_back(); }
  void open_list(std::string_view key = {}) { name(key) += '[', firsts_.push_back('\1'); }
  void close_list() { json += ']', firsts_.pop_back(); }
  void set(std::string_view key, bool v) { name(key) += v ? "true" : "false"; }
  void set(std::string_view key, double v);
  void set(std::string_view key, std::string_view v);
  void set(std::string_view key, const char* v) { set(key, std::string_view(v)); }
  void set(std::string_view key, const std::string& v) { set(key, std::string_view(v)); }
  void set_null(std::string_view key) { name(key) += "null"; }
  // Large texts skip JSON: their bytes go to the side block as they are.
  void set_bytes(std::string_view key, std::string_view v);
  template <class T>
  void set_numbers(std::string_view key, const std::vector<T>& v) {
    numbers_at(key, v.size());
    numbers.insert(numbers.end(), v.begin(), v.end());
  }

 private:
  std::string firsts_ = "\1";  // as in report.cpp's json_sink: a string, not vector<bool>
  std::string& name(std::string_view key);
  void numbers_at(std::string_view key, std::size_t n);
};

extern reply out;  // the one reply in flight

// The reply's block for JS (valid until the next reply).
const reply_block* sent();

void failure(reply& r, const ndcg::error& e, std::string_view key = {});

// A row of the option table as the schema gives it (key, flag, shortFlag,
// kind, choices, min, max, aboveMin, preset, help), in an object left open
// for its defaults.
void open_option_row(reply& r, const ndcg::option_row& row);

// Writes fields into the reply under their camelCase names.
class js_sink : public ndcg::field_sink {
 public:
  explicit js_sink(reply& r) : r_(r) {}
  void number(std::string_view n, double v) override;
  void count(std::string_view n, std::uint64_t v) override;
  void boolean(std::string_view n, bool v) override;
  void text(std::string_view n, std::string_view v) override;
  void null(std::string_view n) override;
  void numbers(std::string_view n, const std::vector<double>& v) override;
  void begin(std::string_view n) override;
  void end() override;
  void steps(std::string_view n, const std::vector<ndcg::step>& rows) override;

 private:
  reply& r_;
};

}  // namespace ndcg_wasm
