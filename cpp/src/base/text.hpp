// Small text helpers shared by the parsers: lines, fields, numbers,
// full-width folding and short echoes of bad input. Internal, not API.
//
// Positions are 1-based byte offsets within a line, counted after a UTF-8
// BOM (which only the first line can carry), as an editor shows them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/settings.hpp"
#include "base/utf8.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace ndcg::detail {

inline constexpr std::size_t npos = std::string_view::npos;

// ---- lines ------------------------------------------------------------------

// The first `c` among the `n` bytes at `p`, or nullptr: memchr, but in
// WebAssembly, whose libc looks at 4 bytes a step, 8 a step (a 64-bit word
// whose bytes equal to `c` become zero, found by the borrow trick).
inline const char* find_byte(const char* p, std::size_t n, char c) {
#if defined(__wasm__)
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  const std::uint64_t pattern = ones * static_cast<unsigned char>(c);
  for (; n >= 8; p += 8, n -= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    w ^= pattern;
    // The lowest flagged byte is the first equal one (a borrow flags only bytes above it).
    if (const std::uint64_t hit = (w - ones) & ~w & highs) return p + (__builtin_ctzll(hit) >> 3);
  }
  for (; n != 0; ++p, --n)
    if (*p == c) return p;
  return nullptr;
#else
  return static_cast<const char*>(std::memchr(p, c, n));
#endif
}

inline bool starts_with_bom(std::string_view text) { return text.substr(0, 3) == "\xEF\xBB\xBF"; }

inline std::string_view strip_bom(std::string_view text) {
  if (starts_with_bom(text)) text.remove_prefix(3);
  return text;
}

struct field {
  std::string_view text;
  std::size_t column = 0;  // 1-based byte position of its first byte
};

struct line {
  std::string_view text;   // without its line end
  std::size_t number = 0;  // 1-based
};

// Lines end at "\n", "\r\n" or a lone "\r" (old Mac files, some pastes).
// Text ending in a line end has no extra empty line after it.
class line_reader {
 public:
  // A piece of a longer text (streamed) starts at line `first` and only
  // the text's own start may carry a BOM.
  explicit line_reader(std::string_view text, std::size_t first = 1, bool at_start = true)
      : rest_(at_start ? strip_bom(text) : text), number_(first - 1) {}

  // The next line when it is plain, with its fields (as split_whitespace
  // splits it) found in the same pass over its bytes: the count of fields,
  // of which at most `cap` are stored. A line is plain when it ends in
  // '\n', is at most `max_line` bytes long and holds no byte below 0x21 but
  // the separators (so no '\r', no NUL). npos otherwise, with nothing
  // consumed: next() then reads the line for the careful checks. Runs and
  // qrels are read this way, so each byte is looked at once.
  // With `Expect`, lines of exactly that many fields (a run's, a qrels')
  // are split with no loop and no check against `cap` (>= Expect).
  template <std::size_t Expect = 0>
  std::size_t next_plain(line& out, field* f, std::size_t cap, std::size_t max_line);

  // The next line when it is one field alone, at its start, plain (as
  // next_plain says) and ending in '\n': a predictions file's "0.25".
  // False otherwise, with nothing consumed.
  bool next_word(line& out, field& f, std::size_t max_line) {
    const char* const begin = rest_.data();
    const char* const end = begin + rest_.size();
    const char* p = begin;
    while (p != end && static_cast<unsigned char>(*p) > 0x20) ++p;
    const auto length = static_cast<std::size_t>(p - begin);
    if (p == end || *p != '\n' || length == 0 || length > max_line) return false;
    f = field{std::string_view(begin, length), 1};
    out.text = f.text;
    out.number = ++number_;
    rest_.remove_prefix(length + 1);
    return true;
  }

  std::size_t number() const { return number_; }  // of the last line read
#if defined(__SSE2__)
  template <std::size_t Expect>
  std::size_t next_short(line& out, field* f, std::size_t cap, std::size_t max_line);  // next_plain's fast case
#endif

  bool next(line& out) {
    if (rest_.empty()) return false;
    const char* p = rest_.data();
    const std::size_t n = rest_.size();
    // Lines end at '\n' nearly always: find it fast, then look for a '\r'.
    const char* nl = find_byte(p, n, '\n');
    std::size_t i = nl ? static_cast<std::size_t>(nl - p) : n;
    if (const char* cr = find_byte(p, i, '\r')) i = static_cast<std::size_t>(cr - p);
    out.text = rest_.substr(0, i);
    out.number = ++number_;
    if (i + 1 < n && p[i] == '\r' && p[i + 1] == '\n') ++i;
    rest_.remove_prefix(i < n ? i + 1 : n);
    return true;
  }

 private:
  std::string_view rest_;
  std::size_t number_ = 0;
#if defined(__SSE2__)
  // next_short's masks (byte_masks) of the 64 bytes at window_: a line
  // that ends within them is read without new ones (the next line of a
  // short run line, two or three qrels lines).
  const char* window_ = nullptr;
  std::uint64_t window_low_ = 0, window_blank_ = 0;
#endif
};

// The bytes that separate fields: space, tab, vertical tab, form feed. A
// table, because the readers ask it of every byte of every line.
struct byte_set {
  bool in[256] = {};
  constexpr explicit byte_set(std::string_view members) {
    for (const char c : members) in[static_cast<unsigned char>(c)] = true;
  }
  constexpr bool operator()(char c) const { return in[static_cast<unsigned char>(c)]; }
};
inline constexpr byte_set is_space{" \t\v\f"};

inline std::size_t leading_spaces(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && is_space(s[i])) ++i;
  return i;
}

// Blank lines and lines whose first non-space byte is '#' carry no data.
inline bool skippable(std::string_view s) {
  const std::size_t i = leading_spaces(s);
  return i == s.size() || s[i] == '#';
}

// Refuses input the parsers should not walk: too large as a whole ...
status check_size(std::string_view text, const limits& lim);
// The '\n' bytes of a text: room for its lines' records. Natively sixteen
// bytes a step, each lane's count kept in a byte for up to 255 steps, then
// summed (psadbw); qrels are counted before any thread parses them.
std::size_t newlines(std::string_view text);
status check_size(std::size_t bytes, const limits& lim);

// ... or holding a line longer than the limit, or binary (a NUL byte).
// Asked of every line: the check inline, the error built out of line.
error line_problem(const line& l, const limits& lim);
inline status check_line(const line& l, const limits& lim) {
  if (l.text.size() <= lim.max_line && (l.text.empty() || !find_byte(l.text.data(), l.text.size(), '\0')))
    return done{};
  return line_problem(l, lim);
}

// Both checks over the whole text, for parsers that look ahead.
inline status check_input(std::string_view text, const limits& lim) {
  if (auto ok = check_size(text, lim); !ok) return ok;
  line_reader lines(text);
  line l;
  while (lines.next(l)) {
    if (auto ok = check_line(l, lim); !ok) return ok;
  }
  return done{};
}

// ---- fields -----------------------------------------------------------------

// The first separator (is_space) in [p, end), or end. Eight bytes at a
// time where eight remain: a word with no byte below 0x21 holds none (the
// separators are 0x09, 0x0B, 0x0C and 0x20); the lowest such byte is found
// exactly (a borrow only runs upwards), then the table decides, since a
// control character other than a separator belongs to the field. Fields
// are the bytes of every line of a run and its qrels.
inline const char* next_space(const char* p, const char* end) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  while (end - p >= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    const std::uint64_t low = (w - ones * 0x21) & ~w & highs;  // bytes below 0x21
    if (low == 0) {
      p += 8;
      continue;
    }
    p += __builtin_ctzll(low) / 8;
    if (is_space(*p)) return p;
    ++p;
  }
#endif
  while (p != end && !is_space(*p)) ++p;
  return p;
}

// Splits at runs of spaces and tabs, as TREC files are written. Stores at
// most `cap` fields but returns how many there are, so callers can say
// "expected 6 fields, got 9" without storing all nine.
inline std::size_t split_whitespace(std::string_view s, field* out, std::size_t cap) {
  const char* const begin = s.data();
  const char* const end = begin + s.size();
  const char* p = begin;
  std::size_t count = 0;
  for (;;) {
    while (p != end && is_space(*p)) ++p;
    if (p == end) return count;
    const char* const start = p;
    p = next_space(p, end);
    if (count < cap)
      out[count] = field{std::string_view(start, static_cast<std::size_t>(p - start)),
                         static_cast<std::size_t>(start - begin) + 1};
    ++count;
  }
}

// The first byte below 0x21 (a separator, a line end or another control
// byte) in [p, end), or end: sixteen bytes at a time with SIMD where the
// target has it (SSE2, wasm simd128), else eight at a time (next_space's
// trick), then one at a time.
inline const char* first_low_byte(const char* p, const char* end) {
#if defined(__SSE2__) || defined(__wasm_simd128__)
  while (end - p >= 16) {
#if defined(__SSE2__)
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const auto low = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x20)), v)));
#else
    const v128_t v = wasm_v128_load(p);
    const auto low = static_cast<unsigned>(wasm_i8x16_bitmask(wasm_u8x16_le(v, wasm_u8x16_splat(0x20))));
#endif
    if (low != 0) return p + __builtin_ctz(low);
    p += 16;
  }
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  while (end - p >= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    const std::uint64_t low = (w - ones * 0x21) & ~w & highs;
    if (low != 0) return p + __builtin_ctzll(low) / 8;
    p += 8;
  }
#endif
  while (p != end && static_cast<unsigned char>(*p) > 0x20) ++p;
  return p;
}

#if defined(__SSE2__)
// Bit i of each mask stands for byte i of the 64 at p: below 0x21, a
// space or tab.
struct byte_masks {
  std::uint64_t low = 0, blank = 0;
};
inline byte_masks masks_of(const char* p) {
  byte_masks m;
  for (int k = 0; k < 4; ++k) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    const auto bits = [](__m128i b) { return static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(b))); };
    const __m128i blank = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t')));
    m.low |= bits(_mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x20)), v)) << (16 * k);
    m.blank |= bits(blank) << (16 * k);
  }
  return m;
}

// The fields of a line whose starts and ends are the bits of `starts` and
// `ends`, when there are exactly N: a straight run of stores (N is known),
// where a loop checked each against the room. False otherwise, with
// f[0..N) perhaps written.
template <std::size_t N>
inline bool exactly_fields(const char* begin, std::uint64_t starts, std::uint64_t ends, field* f) {
  for (std::size_t i = 0; i < N; ++i, starts &= starts - 1, ends &= ends - 1) {
    if (starts == 0) return false;
    const auto s = static_cast<std::size_t>(static_cast<unsigned>(__builtin_ctzll(starts)));
    const auto e = static_cast<std::size_t>(static_cast<unsigned>(__builtin_ctzll(ends)));
    f[i] = field{std::string_view(begin + s, e + 1 - s), s + 1};
  }
  return starts == 0;
}

// next_plain for a line that ends within the next 64 bytes and holds no
// byte below 0x21 but spaces and tabs (nearly every line of a run or
// qrels): its fields from the masks, each found by two bit scans instead
// of a pass per field. npos when the line is not such a line: its first
// byte below 0x21 that is not a space or tab must be its '\n'.
template <std::size_t Expect>
inline std::size_t line_reader::next_short(line& out, field* f, std::size_t cap, std::size_t max_line) {
  const char* const begin = rest_.data();
  // Past the window (or before it, or none yet) the difference wraps to far more than 64.
  const auto offset = reinterpret_cast<std::uintptr_t>(begin) - reinterpret_cast<std::uintptr_t>(window_);
  byte_masks m;
  if (offset < 64) m.low = window_low_ >> offset, m.blank = window_blank_ >> offset;  // bits past the window: 0
  std::uint64_t stops = m.low & ~m.blank;
  if (stops == 0) {  // the line goes on past the window: masks of the 64 bytes at its start
    m = masks_of(begin);
    window_ = begin, window_low_ = m.low, window_blank_ = m.blank;
    stops = m.low & ~m.blank;
    if (stops == 0) return npos;
  }
  const auto length = static_cast<std::size_t>(static_cast<unsigned>(__builtin_ctzll(stops)));
  if (begin[length] != '\n' || length > max_line) return npos;
  const std::uint64_t word = ~m.blank & ((std::uint64_t{1} << length) - 1);
  std::uint64_t starts = word & ~(word << 1), ends = word & ~(word >> 1);
  std::size_t count = 0;
  if constexpr (Expect != 0) {
    if (exactly_fields<Expect>(begin, starts, ends, f)) count = Expect, starts = 0;
  }
  for (; starts != 0; starts &= starts - 1, ends &= ends - 1, ++count) {
    const auto s = static_cast<std::size_t>(static_cast<unsigned>(__builtin_ctzll(starts)));
    const auto e = static_cast<std::size_t>(static_cast<unsigned>(__builtin_ctzll(ends)));
    if (count < cap) f[count] = field{std::string_view(begin + s, e + 1 - s), s + 1};
  }
  out.text = std::string_view(begin, length);
  out.number = ++number_;
  rest_.remove_prefix(length + 1);
  return count;
}
#endif

template <std::size_t Expect>
inline std::size_t line_reader::next_plain(line& out, field* f, std::size_t cap, std::size_t max_line) {
#if defined(__SSE2__)
  if (rest_.size() >= 64)
    if (const std::size_t n = next_short<Expect>(out, f, cap, max_line); n != npos) return n;
#endif
  const char* const begin = rest_.data();
  const char* const end = begin + rest_.size();
  const char* p = begin;
  std::size_t count = 0;
  for (;;) {
    while (p != end && (*p == ' ' || *p == '\t')) ++p;
    if (p == end || static_cast<unsigned char>(*p) <= 0x20) {
      if (p != end && *p == '\n') break;
      if (p == end || !is_space(*p)) return npos;  // no line end, or a byte for the careful path
      ++p;  // a vertical tab or form feed
      continue;
    }
    const char* const start = p;
    p = first_low_byte(p, end);
    if (count < cap)
      f[count] = field{std::string_view(start, static_cast<std::size_t>(p - start)), static_cast<std::size_t>(start - begin) + 1};
    ++count;
  }
  const auto length = static_cast<std::size_t>(p - begin);
  if (length > max_line) return npos;
  out.text = std::string_view(begin, length);
  out.number = ++number_;
  rest_.remove_prefix(length + 1);
  return count;
}

// The careful way alone: each line checked, blank and comment lines skipped.
// Natively never inlined: next_record, asked of every line, then keeps a
// small frame (the careful path's locals are set up only when it runs).
#if defined(__GNUC__) && !defined(__EMSCRIPTEN__)
__attribute__((noinline))
#endif
inline bool next_careful_record(line_reader& lines, const limits& lim, line& l, field* f, std::size_t cap,
                                std::size_t& n, status& problem) {
  while (lines.next(l)) {
    if (auto ok = check_line(l, lim); !ok) {
      problem = ok;
      return false;
    }
    if (skippable(l.text)) continue;
    n = split_whitespace(l.text, f, cap);
    return true;
  }
  return false;
}

// The next line that holds data, checked as check_line checks it, and its
// fields (`n` of them, at most `cap` stored): plain lines in one pass
// (line_reader::next_plain), others the careful way. False at the end, or
// at an error, which `problem` then holds. `Expect`: as next_plain's.
template <std::size_t Expect = 0>
inline bool next_record(line_reader& lines, const limits& lim, line& l, field* f, std::size_t cap, std::size_t& n,
                        status& problem) {
  for (;;) {
    n = lines.template next_plain<Expect>(l, f, cap, lim.max_line);
    if (n == npos) return next_careful_record(lines, lim, l, f, cap, n, problem);
    if (n != 0 && f[0].text[0] != '#') return true;
  }
}

// The ASCII character that the character at s[i] stands for, with `len` set
// to its length in bytes: itself when ASCII; the twin of a full-width form
// (U+FF01..U+FF5E, "３" -> '3', "，" -> ','), of the ideographic space and
// comma ("　", "、"), the no-break space and the minus sign U+2212; else 0
// with len = 1, so unknown and invalid bytes pass through one at a time.
inline char ascii_twin(std::string_view s, std::size_t i, std::size_t& len) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  len = 1;
  if (byte(0) < 0x80) return s[i];
  const std::size_t left = s.size() - i;
  if (left >= 2 && byte(0) == 0xC2 && byte(1) == 0xA0) {
    len = 2;
    return ' ';
  }
  if (utf8_length(s, i) != 3) return 0;
  const unsigned cp = ((byte(0) & 0x0Fu) << 12) | ((byte(1) & 0x3Fu) << 6) | (byte(2) & 0x3Fu);
  char c = 0;
  if (cp >= 0xFF01 && cp <= 0xFF5E) c = static_cast<char>(cp - 0xFEE0);
  else if (cp == 0x3000) c = ' ';
  else if (cp == 0x3001) c = ',';
  else if (cp == 0x2212) c = '-';
  if (c != 0) len = 3;
  return c;
}

// Copies s to out[0..cap) with every character replaced by its ASCII twin
// where it has one. Returns the length, or npos when it does not fit.
inline std::size_t fold_ascii(std::string_view s, char* out, std::size_t cap) {
  std::size_t n = 0;
  std::size_t len = 1;
  for (std::size_t i = 0; i < s.size(); i += len) {
    if (n == cap) return npos;
    const char c = ascii_twin(s, i, len);
    out[n++] = c != 0 ? c : s[i];
  }
  return n;
}

// Splits a pasted list: fields are separated by runs of any character in
// `separators` or of a full-width twin of one. With keep_empty, two of the
// separators that mark a cell (',', ';', '|') with only spaces between them
// stand for an empty field ("3,,2", "| 3 |  | 2 |"), which is kept as an
// empty field at the second one; at the start or end of a line they are
// frame, as in "| 3 | 2 |" or "3, 2,".
inline void split_list(std::string_view s, std::string_view separators, std::vector<field>& out,
                       bool keep_empty = false) {
  out.clear();
  std::size_t start = npos;
  std::size_t cell_marks = 0;  // separators that mark a cell since the last field
  std::size_t empty_at = 0;    // the second one's position
  std::size_t len = 1;
  for (std::size_t i = 0; i < s.size(); i += len) {
    const char c = ascii_twin(s, i, len);
    const bool sep = c != 0 && separators.find(c) != npos;
    if (sep) {
      if (start != npos) {
        out.push_back(field{s.substr(start, i - start), start + 1});
        start = npos;
        cell_marks = 0;
      }
      if ((c == ',' || c == ';' || c == '|') && ++cell_marks == 2) empty_at = i;
    } else if (start == npos) {
      if (keep_empty && cell_marks >= 2 && !out.empty()) out.push_back(field{s.substr(empty_at, 0), empty_at + 1});
      start = i;
    }
  }
  if (start != npos) out.push_back(field{s.substr(start), start + 1});
}

// ---- numbers ----------------------------------------------------------------

// One reader for every number (ndcg/numbers.hpp); the parsers call it by
// these names.
using ndcg::number_status;

inline number_status parse_number(std::string_view s, double& out) { return read_number(s, out); }

// Digits from p on, into m (past 19 of them m wraps: the callers refuse
// such texts): how many were read.
inline int decimal_digits(const char*& p, const char* end, std::uint64_t& m) {
  const char* const start = p;
  for (; p != end && static_cast<unsigned char>(*p - '0') < 10; ++p) m = m * 10 + static_cast<std::uint64_t>(*p - '0');
  return static_cast<int>(p - start);
}

// The same, natively eight a step where eight digits follow (a long
// fraction), their value found in three multiplications, not eight.
inline int decimal_digits_wide(const char*& p, const char* end, std::uint64_t& m) {
  const char* const start = p;
#ifndef __EMSCRIPTEN__  // the shorter code: the modules' size
  constexpr std::uint64_t zeros = 0x3030303030303030ull;
  for (std::uint64_t w; end - p >= 8; p += 8) {
    std::memcpy(&w, p, 8);
    // Each byte a digit: 0x30..0x39, so neither it minus '0' nor it plus 0x46 reaches 0x80.
    if ((((w + 0x4646464646464646ull) | (w - zeros)) & 0x8080808080808080ull) != 0) break;
    w -= zeros;  // the first digit in the lowest byte
    w = (w * 10 + (w >> 8)) & 0x00FF00FF00FF00FFull;    // pairs
    w = (w * 100 + (w >> 16)) & 0x0000FFFF0000FFFFull;  // fours
    w = (w * 10000 + (w >> 32)) & 0xFFFFFFFFull;        // eight
    m = m * 100000000 + w;
  }
#endif
  return static_cast<int>(p - start) + decimal_digits(p, end, m);
}

// m * 10^scale as strtod rounds it, for a whole m of up to 19 digits;
// false when that takes more (numbers.cpp).
bool exact_decimal(std::uint64_t m, int scale, bool negative, double& out);

// The scores of run files ("2.9", "-0.4375", "1.055058e+01",
// "22.316892425880432") read where they are, inline in the run's reader:
// at most 19 digits make a whole mantissa m that fits 64 bits. Below 2^53
// with a power of ten up to 10^22 (exact), m * 10^e or m / 10^-e is one
// correctly rounded operation (Clinger); natively a larger m (16 to 19
// digits, as Python and C write doubles) goes to exact_decimal. Either
// way strtod's double. False for anything else (more digits, a longer
// exponent, a '+', full-width forms), which read_number reads.
inline bool plain_decimal(std::string_view s, double& out) {
  static constexpr double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                      1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
#ifdef __EMSCRIPTEN__
  constexpr int most_digits = 15;
  if (s.size() > 12) return false;  // such texts rarely fit: no second scan
#else
  constexpr int most_digits = 19;
  if (s.size() > 26) return false;
#endif
  const char* p = s.data();
  const char* const end = p + s.size();
  const bool negative = p != end && *p == '-';
  if (negative) ++p;
  std::uint64_t m = 0;
  int digits = decimal_digits(p, end, m), scale = 0;
  if (p != end && *p == '.') {
    ++p;
    scale = -decimal_digits_wide(p, end, m);
    digits -= scale;
  }
  if (digits == 0 || digits > most_digits) return false;
  if (p != end && (*p == 'e' || *p == 'E')) {
    ++p;
    const bool down = p != end && *p == '-';
    if (p != end && (*p == '-' || *p == '+')) ++p;
    std::uint64_t e = 0;
    const int n = decimal_digits(p, end, e);
    if (n == 0 || n > 3) return false;
    scale += down ? -static_cast<int>(e) : static_cast<int>(e);
  }
  if (p != end) return false;
  if (m <= (std::uint64_t{1} << 53) && scale >= -22 && scale <= 22) {
    const double v = scale < 0 ? static_cast<double>(m) / powers[-scale] : static_cast<double>(m) * powers[scale];
    out = negative ? -v : v;
    return true;
  }
#ifdef __EMSCRIPTEN__
  return false;
#else
  return exact_decimal(m, scale, negative, out);
#endif
}

// A number read as read_number reads it, the common shapes inline.
inline number_status read_decimal(std::string_view s, double& out) {
  return plain_decimal(s, out) ? number_status::ok : read_number(s, out);
}
inline number_status parse_integer(std::string_view s, long& out) { return read_integer(s, out); }

// Decimal digits and nothing else (no sign, no spaces), at most 18 so the
// value cannot overflow: cutoffs and levels such as "P.5,10".
inline bool parse_digits(std::string_view s, unsigned long long& out) {
  if (s.empty() || s.size() > 18) return false;
  out = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + static_cast<unsigned long long>(c - '0');
  }
  return true;
}

inline bool is_numeric(std::string_view s) {
  double v = 0;
  return parse_number(s, v) != number_status::not_a_number;
}

// ---- messages ---------------------------------------------------------------

// What a message says was found in a field.
inline std::string got(std::string_view s) { return s.empty() ? "an empty field" : echo(s); }

// "expected a score (a number), got "abc"" and its non-finite variants:
// empty-field (found: `row`, the line or list that holds the empty field),
// not-a-number ("abc", "nan", "1e999"), or out-of-range for an integer
// past what a long holds.
error bad_number(std::string_view what, const field& f, std::size_t line, number_status st,
                 std::string_view row = {});

}  // namespace ndcg::detail
