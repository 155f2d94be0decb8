#include "ndcg/error.hpp"

namespace ndcg {
namespace {

// Bytes in the well-formed UTF-8 sequence at s[i], or 0 when there is none.
std::size_t sequence_length(std::string_view s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const std::size_t n = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  return n;
}

}  // namespace

const std::vector<error_code_info>& error_codes() {
  static const std::vector<error_code_info> table = {
#define NDCG_ERROR_ROW(id, name, args) {error_code::id, name, args},
      NDCG_ERROR_CODES(NDCG_ERROR_ROW)
#undef NDCG_ERROR_ROW
  };
  return table;
}

std::string_view name_of(error_code c) { return error_codes()[static_cast<std::size_t>(c)].name; }

std::string describe(const error& e) {
  if (e.line == 0) return e.message;
  return "line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ": " + e.message;
}

std::string echo(std::string_view s) {
  constexpr std::size_t max = 40;
  std::string out = "\"";
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t n = sequence_length(s, i);
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
  if (i < s.size()) out += "...";
  return out + "\"";
}

}  // namespace ndcg
