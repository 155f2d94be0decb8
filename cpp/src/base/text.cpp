// The error builders of text.hpp, out of line: they are called from many
// places, and a copy of each at every call would grow the WebAssembly module.
#include "base/text.hpp"

#include <cstring>
#include <limits>
#include <string>

namespace ndcg::detail {

status check_size(std::size_t bytes, const limits& lim) {
  if (bytes <= lim.max_bytes) return done{};
  return fail(error_code::too_large,
              "expected at most " + std::to_string(lim.max_bytes) + " bytes of input, got " + std::to_string(bytes))
      .with("limit", std::to_string(lim.max_bytes));
}

status check_size(std::string_view text, const limits& lim) { return check_size(text.size(), lim); }

std::size_t newlines(std::string_view text) {
  std::size_t n = 0;
  const char* p = text.data();
  const char* const end = p + text.size();
#if defined(__SSE2__)
  const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
  while (end - p >= 16) {
    __m128i lanes = zero;
    for (int step = 0; step < 255 && end - p >= 16; ++step, p += 16)
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), nl));
    const __m128i sums = _mm_sad_epu8(lanes, zero);
    n += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) + static_cast<std::size_t>(_mm_extract_epi16(sums, 4));
  }
  for (; p != end; ++p) n += *p == '\n';
#else
  for (; p != end; ++n) {
    p = find_byte(p, static_cast<std::size_t>(end - p), '\n');
    if (!p) break;
    ++p;
  }
#endif
  return n;
}

error line_problem(const line& l, const limits& lim) {
  if (l.text.size() > lim.max_line) {
    return fail(error_code::too_large,
                "expected lines of at most " + std::to_string(lim.max_line) + " bytes, got one of " +
                    std::to_string(l.text.size()),
                l.number, lim.max_line + 1)
        .with("limit", std::to_string(lim.max_line));
  }
  const auto at = static_cast<std::size_t>(static_cast<const char*>(std::memchr(l.text.data(), '\0', l.text.size())) -
                                           l.text.data());
  return fail(error_code::binary_input, "expected text, got a NUL byte (is this a binary file?)", l.number, at + 1);
}

error bad_number(std::string_view what, const field& f, std::size_t line, number_status st,
                        std::string_view row) {
  std::string m = "expected ";
  m += what;
  m += ", got " + got(f.text);
  if (st == number_status::not_finite) m += ", which is not a finite number";
  if (st == number_status::out_of_range) m += ", which is out of range";
  if (f.text.empty()) return fail(error_code::empty_field, std::move(m), line, f.column).with("found", row);
  if (st != number_status::out_of_range) {
    return fail(error_code::not_a_number, std::move(m), line, f.column).with("found", f.text);
  }
  return fail(error_code::out_of_range, std::move(m), line, f.column)
      .with("found", f.text)
      .with("min", std::to_string(std::numeric_limits<long>::min()))
      .with("max", std::to_string(std::numeric_limits<long>::max()));
}

}  // namespace ndcg::detail
