#include "ndcg/error.hpp"

#include "base/utf8.hpp"

namespace ndcg {

const std::vector<error_code_info>& error_codes() {
  static const std::vector<error_code_info> table = {
#define NDCG_ERROR_ROW(id, name, args) {error_code::id, name, args},
      NDCG_ERROR_CODES(NDCG_ERROR_ROW)
#undef NDCG_ERROR_ROW
  };
  return table;
}

std::string_view name_of(error_code c) { return error_codes()[static_cast<std::size_t>(c)].name; }

error::error() = default;
error::error(const error&) = default;
error::error(error&&) noexcept = default;
error& error::operator=(const error&) = default;
error& error::operator=(error&&) noexcept = default;
error::~error() = default;

error& error::with(std::string_view name, std::string value) & {
  args.push_back({std::string(name), std::move(value)});
  return *this;
}

error&& error::with(std::string_view name, std::string value) && { return std::move(with(name, std::move(value))); }

error& error::with(std::string_view name, std::string_view value) & { return with(name, std::string(value)); }

error&& error::with(std::string_view name, std::string_view value) && { return std::move(with(name, std::string(value))); }

error& error::in(std::string_view where) & {
  source = std::string(where);
  return *this;
}

error&& error::in(std::string_view where) && { return std::move(in(where)); }

detail::error_box::error_box(error&& e) : e_(new error(std::move(e))) {}
detail::error_box::error_box(const error& e) : e_(new error(e)) {}
detail::error_box::error_box(const error_box& other) : e_(other.e_ ? new error(*other.e_) : nullptr) {}
void detail::error_box::release(error* e) { delete e; }

error fail(std::string message, std::size_t line, std::size_t column) {
  error e;
  e.message = std::move(message);
  e.line = line;
  e.column = column;
  return e;
}

error fail(error_code code, std::string message, std::size_t line, std::size_t column) {
  error e = fail(std::move(message), line, column);
  e.code = code;
  return e;
}

error option_fail(error_code code, std::string_view key, std::string message) {
  error e = fail(code, std::move(message));
  e.source = "options";
  e.key = std::string(key);
  return e;
}

namespace {

// The one prefix of a message: the input, then the place. `file` (the
// CLI's) names the input as a compiler does, "FILE:3:5: "; without it the
// source is named in words, "run 2: line 3, column 5: ".
// Appends "A<sep>B" for a line and a column; one string, no temporaries
// (this is in every module).
void append_place(std::string& out, const error& e, const char* before, const char* between) {
  out += before;
  out += std::to_string(e.line);
  out += between;
  out += std::to_string(e.column);
  out += ": ";
}

std::string prefix(const error& e, const std::string* file, bool with_source) {
  std::string out;
  if (file) {
    out = *file;
    if (e.line != 0) append_place(out, e, ":", ":");
    else if (!out.empty()) out += ": ";
    return out;
  }
  if (with_source && !e.source.empty() && e.source != "options") {
    out = e.source;
    if (e.index) {
      out += ' ';
      out += std::to_string(e.index);
    }
    out += ": ";
  }
  if (e.line != 0) append_place(out, e, "line ", ", column ");
  return out;
}

}  // namespace

std::string describe(const error& e) { return prefix(e, nullptr, false) += e.message; }
std::string placed(const error& e) { return prefix(e, nullptr, true) += e.message; }
std::string placed(const error& e, const std::string& file) { return prefix(e, &file, false) += e.message; }

std::string echo(std::string_view s) {
  std::string out = "\"";
  const std::size_t taken = detail::append_printable(out, s, 40);
  if (taken < s.size()) out += "...";
  return out + "\"";
}

}  // namespace ndcg
