// One error type and one way to report it. The core never throws: it is
// also built with -fno-exceptions for WebAssembly, so every fallible call
// returns an `expected<T>` that holds either a value or an `error`.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace ndcg {

// What went wrong and where. line and column are 1-based; 0 means "not tied
// to a place in the input" (a bad option, say).
struct error {
  std::string message;
  std::size_t line = 0;
  std::size_t column = 0;
  // Which input the place is in when a call reads several (evaluate_trec:
  // "qrels", "run", "subtopics"); empty otherwise. Callers map it to a file name.
  std::string source;
};

// Renders "line 3, column 7: message", or just the message when unplaced.
std::string describe(const error& e);

// How a message echoes what it found: quoted, at most 40 bytes (cut on a
// character boundary, "..." added), control bytes and bytes that are not
// UTF-8 shown as \xNN, so every message stays printable text.
std::string echo(std::string_view found);

// Either a T or an error, never both.
template <class T>
class expected {
 public:
  expected(T value) : state_(std::move(value)) {}
  expected(error e) : state_(std::move(e)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(state_); }
  const T& value() const { return std::get<0>(state_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const error& err() const { return std::get<1>(state_); }

 private:
  std::variant<T, error> state_;
};

// For calls that return nothing but may fail.
struct done {};
using status = expected<done>;

// The single place errors are made: the message should say what was
// expected and echo what was found.
inline error fail(std::string message, std::size_t line = 0, std::size_t column = 0) {
  error e;
  e.message = std::move(message);
  e.line = line;
  e.column = column;
  return e;
}

}  // namespace ndcg
