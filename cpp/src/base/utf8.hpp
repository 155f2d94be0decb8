// The one UTF-8 walker: which bytes form a character, and text with every
// control byte and every byte that is not UTF-8 written as \xNN, so that
// echoed input and table cells stay printable. Internal, not API.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ndcg::detail {

// Bytes in the well-formed UTF-8 character at s[i] (1 to 4), or 0 when the
// bytes there are not one: a stray continuation byte, a sequence cut short,
// an overlong form, a surrogate or a code point past U+10FFFF.
inline std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char b = at(0);
  const std::size_t n = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((at(k) & 0xC0) != 0x80) return 0;
  if (n == 3 && ((b == 0xE0 && at(1) < 0xA0) || (b == 0xED && at(1) >= 0xA0))) return 0;  // overlong, surrogate
  if (n == 4 && ((b == 0xF0 && at(1) < 0x90) || (b == 0xF4 && at(1) >= 0x90))) return 0;  // overlong, too large
  return n;
}

// Appends s to out, control bytes (below 0x20, and 0x7F) and bytes that are
// not UTF-8 as \xNN. Stops before a character that would end past byte
// `max` of s, never inside one; returns how many bytes of s it took.
inline std::size_t append_printable(std::string& out, std::string_view s, std::size_t max = std::string_view::npos) {
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t n = utf8_length(s, i);
    if (i + (n == 0 ? 1 : n) > max) break;
    const auto u = static_cast<unsigned char>(s[i]);
    if (n == 0 || u < 0x20 || u == 0x7F) {
      const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
      n = 1;
    } else {
      out.append(s.data() + i, n);
    }
    i += n;
  }
  return i;
}

// A whole text as append_printable writes it: ids in tables and messages.
inline std::string printable(std::string_view s) {
  std::string out;
  append_printable(out, s);
  return out;
}

}  // namespace ndcg::detail

namespace ndcg::detail {

// Columns a character takes on a terminal: 2 for East Asian wide and
// full-width characters (CJK, Hangul, kana, full-width forms, most emoji),
// 0 for combining marks, else 1.
inline std::size_t code_point_width(char32_t c) {
  if ((c >= 0x300 && c <= 0x36F) || (c >= 0x200B && c <= 0x200F) || (c >= 0xFE00 && c <= 0xFE0F)) return 0;
  const bool wide = (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
                    (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
                    (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
                    (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
                    (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD);
  return wide ? 2 : 1;
}

// Columns a printable text (append_printable's output) takes on screen.
inline std::size_t display_width(std::string_view s) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_length(s, i);
    if (n <= 1) {
      width += 1;
      i += 1;
      continue;
    }
    const auto b = [&](std::size_t k) { return static_cast<char32_t>(static_cast<unsigned char>(s[i + k]) & 0x3F); };
    const char32_t lead = static_cast<unsigned char>(s[i]) & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
    char32_t c = lead;
    for (std::size_t k = 1; k < n; ++k) c = (c << 6) | b(k);
    width += code_point_width(c);
    i += n;
  }
  return width;
}

}  // namespace ndcg::detail
