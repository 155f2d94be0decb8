// One error type and one way to report it. The core never throws: it is
// also built with -fno-exceptions for WebAssembly, so every fallible call
// returns an `expected<T>` that holds either a value or an `error`.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <optional>
#include <vector>

namespace ndcg {

// Every error code, once: its name as the JS API and the page see it, and
// the names of the values (args) its messages carry, so a page can say the
// same thing in another language without reading the English message.
#define NDCG_ERROR_CODES(X)                                                                  \
  X(bad_input, "bad-input", "found")              /* unreadable input, not more specific */ \
  X(empty_input, "empty-input", "")                                                         \
  X(not_a_number, "not-a-number", "found")                                                  \
  X(not_whole, "not-whole", "found")                                                        \
  X(empty_field, "empty-field", "found")                                                      \
  X(out_of_range, "out-of-range", "found,min,max")                                          \
  X(unknown_choice, "unknown-choice", "found,choices")                                      \
  X(unknown_option, "unknown-option", "found")                                              \
  X(missing_value, "missing-value", "")                                                     \
  X(bad_type, "bad-type", "expected")             /* JS only: wrong JS type */              \
  X(too_large, "too-large", "limit")                                                        \
  X(binary_input, "binary-input", "")                                                       \
  X(field_count, "field-count", "expected,found")                                           \
  X(duplicate_id, "duplicate-id", "found,first_line")                                       \
  X(duplicate_column, "duplicate-column", "found,first")                                    \
  X(no_grade_column, "no-grade-column", "found")                                            \
  X(unclosed_quote, "unclosed-quote", "")                                                   \
  X(mixed_formats, "mixed-formats", "found")                                                \
  X(several_queries, "several-queries", "found,first,count,queries")                                    \
  X(several_labels, "several-labels", "found,first")  /* two labelled rows of grades */     \
  X(no_grades, "no-grades", "")                   /* a run without judgments */             \
  X(no_ids, "no-ids", "")                         /* judgments without ids */               \
  X(no_gain_entry, "no-gain-entry", "found,max")                                        \
  X(gain_overflow, "gain-overflow", "found")                                                \
  X(sum_overflow, "sum-overflow", "")                                                       \
  X(all_dropped, "all-dropped", "")                                                         \
  X(missing_query, "missing-query", "found")                                                \
  X(no_common_query, "no-common-query", "")       /* run and qrels share no query */        \
  X(unknown_measure, "unknown-measure", "found")                                            \
  X(bad_measure, "bad-measure", "found")                                                    \
  X(needs_subtopics, "needs-subtopics", "")                                                 \
  X(bad_file, "bad-file", "found")                                                          \
  X(ungrouped_run, "ungrouped-run", "found,first_line")  /* streamed run not grouped */      \
  X(restarting, "restarting", "")                 /* JS only: wasm memory ran out */          \
  X(not_in_build, "not-in-build", "call")         /* JS only: the light module lacks it */

enum class error_code {
#define NDCG_ERROR_ENUM(id, name, args) id,
  NDCG_ERROR_CODES(NDCG_ERROR_ENUM)
#undef NDCG_ERROR_ENUM
};

struct error_code_info {
  error_code code;
  std::string_view name;  // "not-a-number"
  std::string_view args;  // comma-separated names of the values it carries
};
const std::vector<error_code_info>& error_codes();
std::string_view name_of(error_code c);

// One value a message carries, e.g. {"found", "x"} (raw, not echoed).
struct error_arg {
  std::string name;
  std::string value;
};

// What went wrong and where. line and column are 1-based; 0 means "not tied
// to a place in the input" (a bad option, say).
struct error {
  std::string message;
  std::size_t line = 0;
  std::size_t column = 0;
  // Which input it is in: "ranking", "judgments", "run", "qrels",
  // "subtopics" or "options"; empty when none. Callers map it to a file name.
  std::string source;
  error_code code = error_code::bad_input;
  std::string key;               // the option's key when source is "options"
  std::size_t index = 0;         // which of several inputs of the source, 1-based
                                 // (compare's runs); 0 when there is one
  std::vector<error_arg> args;   // the values named by the code's args

  // Out of line (error.cpp), as are the setters below: errors are made and
  // handed on at many call sites, and an inlined copy of each of these at
  // every one of them would grow the WebAssembly module.
  error();
  error(const error&);
  error(error&&) noexcept;
  error& operator=(const error&);
  error& operator=(error&&) noexcept;
  ~error();

  // Chainable setters for the fields beyond the message. On a temporary
  // (`return fail(...).with(...)`) they hand it on to be moved, not copied.
  error& with(std::string_view name, std::string value) &;
  error&& with(std::string_view name, std::string value) &&;
  // A found text as a view: the string is made once, in here, rather
  // than at every call site.
  error& with(std::string_view name, std::string_view value) &;
  error&& with(std::string_view name, std::string_view value) &&;
  error& with(std::string_view name, const char* value) & { return with(name, std::string_view(value)); }
  error&& with(std::string_view name, const char* value) && { return std::move(with(name, std::string_view(value))); }
  error& in(std::string_view where) &;
  error&& in(std::string_view where) &&;
};

// Renders "line 3, column 7: message", or just the message when unplaced.
std::string describe(const error& e);
// The message after where it is, built here alone: "run 2: line 3, column
// 7: message" as the APIs say it (the source named, with its index when
// there are several; an option's error has no prefix), or with `file`, the
// input's file name, "FILE:3:7: message" as the CLI says it.
std::string placed(const error& e);
std::string placed(const error& e, const std::string& file);

// How a message echoes what it found: quoted, at most 40 bytes (cut on a
// character boundary, "..." added), control bytes and bytes that are not
// UTF-8 shown as \xNN, so every message stays printable text.
std::string echo(std::string_view found);

namespace detail {
// An error on the heap, so an expected<T> moves as one pointer; its
// copying and freeing live out of line in error.cpp.
class error_box {
 public:
  error_box() = default;
  explicit error_box(error&& e);
  explicit error_box(const error& e);
  error_box(const error_box& other);
  error_box(error_box&& other) noexcept : e_(other.e_) { other.e_ = nullptr; }
  error_box& operator=(error_box other) noexcept {
    std::swap(e_, other.e_);
    return *this;
  }
  // Inline, so that the many statuses that hold no error cost a test.
  ~error_box() {
    if (e_) release(e_);
  }
  const error* get() const { return e_; }

 private:
  static void release(error* e);
  error* e_ = nullptr;
};
}  // namespace detail

// Either a T or an error, never both.
template <class T>
class expected {
 public:
  expected(T value) : value_(std::move(value)) {}
  // An error handed on (`return r.err();`) is copied straight into the
  // box: no temporary to move from and destroy at each such return.
  expected(const error& e) : error_(e) {}
  expected(error&& e) : error_(std::move(e)) {}

  bool ok() const { return error_.get() == nullptr; }
  explicit operator bool() const { return ok(); }
  T& value() { return *value_; }
  const T& value() const { return *value_; }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const error& err() const { return *error_.get(); }

 private:
  std::optional<T> value_;
  detail::error_box error_;
};

// For calls that return nothing but may fail.
struct done {};
using status = expected<done>;

// The single place errors are made: the message should say what was
// expected and echo what was found.
error fail(std::string message, std::size_t line = 0, std::size_t column = 0);
error fail(error_code code, std::string message, std::size_t line = 0, std::size_t column = 0);
// An option's error: source "options" and the option's key.
error option_fail(error_code code, std::string_view key, std::string message);

}  // namespace ndcg
