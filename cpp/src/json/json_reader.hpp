// A small pull reader of JSON (RFC 8259): one token at a time, the text
// checked as it goes, nesting at most 64 deep, each token's line and column
// kept for messages. Several top-level values may follow one another (JSON
// Lines). Numbers are handed on as their text, for the one number reader.
// Not API.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"

namespace ndcg::detail {

class json_reader {
 public:
  enum class token { object_begin, object_end, array_begin, array_end, string, number, literal, end };
  static constexpr std::size_t max_depth = 64;

  explicit json_reader(std::string_view text);
  // A text that goes on from `line`, `column` of a longer one (a piece of
  // JSON Lines): its places are counted from there, no BOM looked for.
  json_reader(std::string_view text, std::size_t line, std::size_t column);
  // The next token; end once the text holds nothing more.
  expected<token> next();
  // The text of the last string (unescaped), number or literal token: a
  // view of the text, or of the reader's own copy when an escape made one
  // (copied(); then valid until the next token only).
  std::string_view value() const { return view_; }
  bool copied() const { return copied_; }
  bool is_key() const { return key_; }       // the last string is an object's key
  std::size_t depth() const { return stack_.size(); }
  std::size_t line() const { return tok_line_; }
  std::size_t column() const { return tok_column_; }
  // Where reading stands in the text; whether it read the text to its end.
  const char* position() const { return text_.data() + at_; }
  bool at_end() const { return at_ >= text_.size(); }
  // Skips the value whose first token was `t` (a container to its end).
  status skip(token t);

 private:
  enum class want { key_or_end, key, value_or_end, value, comma_or_end };
  struct frame {
    bool object;
    want next;
  };
  void skip_space();
  error unexpected(std::string_view what);
  expected<token> value_token();
  status read_string();
  status read_escaped();
  status read_number();
  status read_literal();
  void after_value();

  std::string_view text_;
  std::size_t at_ = 0, line_ = 1, line_start_ = 0;
  std::size_t tok_line_ = 1, tok_column_ = 1;
  std::vector<frame> stack_;
  std::string value_;  // an escaped string, unescaped
  std::string_view view_;
  bool copied_ = false, key_ = false;
};

}  // namespace ndcg::detail
