// Conversion between JS values and the core's types, for the Embind
// registrations (bindings.cpp, batch.cpp): texts in, as JS strings or
// bytes; option keys and values in, as two arrays of strings; the core's
// field lists out (val_sink), as plain JS objects whose names are the
// camelCase of the core's; number lists out as Float64Arrays copied once;
// errors out as {ok: false, code, source, key, line, column, index, args,
// message}. Nothing here decides anything: the core does.
#pragma once

#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/field_sink.hpp"
#include "ndcg/option_table.hpp"

namespace ndcg_wasm {

using emscripten::val;

// Texts cross as JS strings (js_text, text_of) and counts and indices as
// doubles: the only wire types registered are val, double, bool and the
// two memory views (wire_types.cpp), so the glue carries no string or
// integer converters.
inline val js_index(std::size_t i) { return val(static_cast<double>(i)); }

// Texts as a JS array; where `present` is given, rows it marks 0 are null.
val js_text_list(const std::vector<std::string_view>& texts, const std::vector<char>* present = nullptr);

// A JS array's or typed array's length (0 for anything without one).
std::size_t length_of(const val& list);

// A JS string (as UTF-8) or bytes (a Uint8Array) in wasm memory, copied
// there once, by the engine, into a block not zeroed first (a std::string
// of the size would be: at -Oz libc's memset is a byte loop, a tenth of
// evaluateTrec's time on a 50 MB run).
class js_bytes {
 public:
  explicit js_bytes(std::size_t size) : data_(new char[size]), size_(size) {}
  char* data() { return data_.get(); }
  std::size_t size() const { return size_; }
  void keep(std::size_t n) { size_ = std::min(n, size_); }  // the first n bytes only (a file read short)
  operator std::string_view() const { return {data_.get(), size_}; }

 private:
  std::unique_ptr<char[]> data_;
  std::size_t size_;
};
js_bytes text_of(const val& v);
// The one TextEncoder that text_of and a run read in pieces (batch.cpp) encode with.
const val& text_encoder();

// Numbers (a JS array or typed array) as doubles, converted by the engine
// straight into wasm memory.
std::vector<double> numbers_of(const val& list);

// Two arrays of strings, keys and values, as the core's key/text pairs.
std::vector<std::pair<std::string, std::string>> pairs_of(const val& keys, const val& values);

// Bytes as a JS string (UTF-8; bytes that are not UTF-8 become U+FFFD).
val js_text(std::string_view s);

// Texts as a JS array of strings.
val js_texts(const std::vector<std::string>& texts);

// Numbers as a Float64Array of JS's own, copied out of wasm memory once.
val js_numbers(const double* values, std::size_t n);
inline val js_numbers(const std::vector<double>& v) { return js_numbers(v.data(), v.size()); }

// How JS values are made and nested (ndcg::tree_sink's backend): names in
// camelCase, but not inside an object of data keys; a number that is not
// finite is null; number lists are Float64Arrays.
struct js_backend {
  using node = val;
  static val object() { return val::object(); }
  static val list() { return val::array(); }
  static void add(val& into, bool is_list, bool data_key, std::string_view name, const val& v);
  static val number(double v);
  static val count(std::uint64_t v) { return val(static_cast<double>(v)); }
  static val boolean(bool v) { return val(v); }
  static val text(std::string_view v) { return js_text(v); }
  static val null() { return val::null(); }
  static val numbers(const std::vector<double>& v) { return js_numbers(v); }
  static val texts(const std::vector<std::string_view>& v) { return js_text_list(v); }
};

// Writes the core's field lists into a JS object. A step table becomes
// {rows: n, columns: {name: column}}: one Float64Array per number field and
// one array per text field (null where a row has none), which the JS layer
// turns into rows.
class val_sink : public ndcg::tree_sink<js_backend> {
 public:
  void name(std::string_view n, std::string_view core_name) override;
  void steps(std::string_view n, const std::vector<ndcg::step>& rows) override;
};

// The fields `put` writes, as one JS object.
template <class Put>
val js_object(Put&& put) {
  val_sink sink;
  put(sink);
  return sink.result();
}

// {ok: true} and {ok: false, ...} for a core error.
val js_ok();
val js_error(const ndcg::error& e);

// One option's text read by its row (read_option): {ok: true, value} or the
// error; a null row is a key the command has no row for.
val js_read_option(const ndcg::option_row* row, std::string_view key, std::string_view text);

}  // namespace ndcg_wasm
