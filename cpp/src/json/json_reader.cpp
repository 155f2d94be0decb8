// The pull reader of JSON (json_reader.hpp).
#include "json/json_reader.hpp"

#include <string>

#include "base/text.hpp"

namespace ndcg::detail {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace

json_reader::json_reader(std::string_view text) : text_(strip_bom(text)) {}

// line_start_ wraps below 0 so that the first line's columns start at `column`.
json_reader::json_reader(std::string_view text, std::size_t line, std::size_t column)
    : text_(text), line_(line), line_start_(std::size_t(0) - (column - 1)), tok_line_(line), tok_column_(column) {}

void json_reader::skip_space() {
  while (at_ < text_.size()) {
    const char c = text_[at_];
    if (c == '\n') {
      ++at_;
      ++line_;
      line_start_ = at_;
    } else if (c == '\r') {
      ++at_;
      if (at_ < text_.size() && text_[at_] == '\n') ++at_;
      ++line_;
      line_start_ = at_;
    } else if (c == ' ' || c == '\t') {
      ++at_;
    } else {
      break;
    }
  }
  tok_line_ = line_;
  tok_column_ = at_ - line_start_ + 1;
}

error json_reader::unexpected(std::string_view what) {
  const std::string_view found = at_ < text_.size() ? text_.substr(at_, 1) : std::string_view();
  return fail(error_code::bad_input,
              "expected " + std::string(what) + ", got " + (found.empty() ? std::string("the end") : echo(found)),
              line_, at_ - line_start_ + 1)
      .with("found", found);
}

void json_reader::after_value() {
  if (!stack_.empty()) stack_.back().next = want::comma_or_end;
}

expected<json_reader::token> json_reader::next() {
  key_ = false;
  for (;;) {
    skip_space();
    if (stack_.empty()) {
      if (at_ >= text_.size()) return token::end;
      return value_token();
    }
    if (at_ >= text_.size()) return unexpected(stack_.back().object ? "a key or }" : "a value or ]");
    frame& f = stack_.back();
    const char c = text_[at_];
    const char close = f.object ? '}' : ']';
    switch (f.next) {
      case want::comma_or_end:
        if (c == ',') {
          ++at_;
          f.next = f.object ? want::key : want::value;
          continue;
        }
        if (c != close) return unexpected(f.object ? ", or }" : ", or ]");
        [[fallthrough]];
      case want::key_or_end:
      case want::value_or_end:
        if (c == close) {
          const bool object = f.object;
          ++at_;
          stack_.pop_back();
          after_value();
          return object ? token::object_end : token::array_end;
        }
        if (!f.object) return value_token();
        [[fallthrough]];
      case want::key: {
        if (c != '"') return unexpected("a key (a string in double quotes)");
        if (auto ok = read_string(); !ok) return ok.err();
        skip_space();
        if (at_ >= text_.size() || text_[at_] != ':') return unexpected(": after the key");
        ++at_;
        stack_.back().next = want::value;
        key_ = true;
        return token::string;
      }
      case want::value:
        return value_token();
    }
  }
}

expected<json_reader::token> json_reader::value_token() {
  const char c = text_[at_];
  if (c == '{' || c == '[') {
    if (stack_.size() >= max_depth) {
      return fail(error_code::too_large, "expected at most 64 levels of nesting, got more", line_,
                  at_ - line_start_ + 1)
          .with("limit", "64");
    }
    ++at_;
    stack_.push_back(frame{c == '{', c == '{' ? want::key_or_end : want::value_or_end});
    return c == '{' ? token::object_begin : token::array_begin;
  }
  status ok = done{};
  token t = token::string;
  if (c == '"') {
    ok = read_string();
  } else if (c == '-' || is_digit(c)) {
    ok = read_number();
    t = token::number;
  } else if (c == 't' || c == 'f' || c == 'n') {
    ok = read_literal();
    t = token::literal;
  } else {
    return unexpected("a JSON value");
  }
  if (!ok) return ok.err();
  after_value();
  return t;
}

// A string with no escape is a view of the text; one with an escape is
// unescaped into value_ from its first escape on.
status json_reader::read_string() {
  const std::size_t start = ++at_;
  copied_ = false;
  for (; at_ < text_.size(); ++at_) {
    const char c = text_[at_];
    if (c == '"') {
      view_ = text_.substr(start, at_++ - start);
      return done{};
    }
    if (c == '\\' || static_cast<unsigned char>(c) < 0x20) break;
  }
  value_.assign(text_.substr(start, at_ - start));
  return read_escaped();
}

status json_reader::read_escaped() {
  for (;;) {
    if (at_ >= text_.size()) return unexpected("a closing \"");
    const char c = text_[at_];
    if (c == '"') {
      ++at_;
      view_ = value_;
      copied_ = true;
      return done{};
    }
    if (static_cast<unsigned char>(c) < 0x20) return unexpected("a character (control characters are escaped in JSON)");
    if (c != '\\') {
      value_ += c;
      ++at_;
      continue;
    }
    if (at_ + 1 >= text_.size()) return unexpected("an escape");
    const char e = text_[++at_];
    const char* simple = "\"\\/bfnrt";
    const char* to = "\"\\/\b\f\n\r\t";
    if (const char* p = std::char_traits<char>::find(simple, 8, e)) {
      value_ += to[p - simple];
      ++at_;
      continue;
    }
    if (e != 'u') return unexpected("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
    auto hex4 = [&](std::size_t from, unsigned& out) {
      if (from + 4 > text_.size()) return false;
      out = 0;
      for (std::size_t k = from; k < from + 4; ++k) {
        const int h = hex_value(text_[k]);
        if (h < 0) return false;
        out = out * 16 + static_cast<unsigned>(h);
      }
      return true;
    };
    unsigned cp = 0;
    if (!hex4(at_ + 1, cp)) return unexpected("four hex digits after \\u");
    at_ += 5;
    unsigned low = 0;
    if (cp >= 0xD800 && cp < 0xDC00 && at_ + 1 < text_.size() && text_[at_] == '\\' && text_[at_ + 1] == 'u' &&
        hex4(at_ + 2, low) && low >= 0xDC00 && low < 0xE000) {
      cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
      at_ += 6;
    } else if (cp >= 0xD800 && cp < 0xE000) {
      cp = 0xFFFD;  // a lone surrogate has no UTF-8
    }
    append_utf8(value_, cp);
  }
}

status json_reader::read_number() {
  const std::size_t start = at_;
  auto digits = [&] {
    const std::size_t from = at_;
    while (at_ < text_.size() && is_digit(text_[at_])) ++at_;
    return at_ > from;
  };
  if (text_[at_] == '-') ++at_;
  if (at_ < text_.size() && text_[at_] == '0') {
    ++at_;
  } else if (!digits()) {
    return unexpected("a digit");
  }
  if (at_ < text_.size() && text_[at_] == '.') {
    ++at_;
    if (!digits()) return unexpected("a digit after the decimal point");
  }
  if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
    ++at_;
    if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
    if (!digits()) return unexpected("a digit in the exponent");
  }
  view_ = text_.substr(start, at_ - start);
  copied_ = false;
  return done{};
}

status json_reader::read_literal() {
  for (std::string_view word : {"true", "false", "null"}) {
    if (text_.substr(at_, word.size()) == word) {
      view_ = word;
      copied_ = false;
      at_ += word.size();
      return done{};
    }
  }
  return unexpected("true, false or null");
}

status json_reader::skip(token t) {
  if (t != token::object_begin && t != token::array_begin) return done{};
  const std::size_t depth = stack_.size();
  while (stack_.size() >= depth) {
    auto n = next();
    if (!n) return n.err();
  }
  return done{};
}

}  // namespace ndcg::detail
