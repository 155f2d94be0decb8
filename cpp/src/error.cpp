#include "ndcg/error.hpp"

#include "utf8.hpp"

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

std::string describe(const error& e) {
  if (e.line == 0) return e.message;
  return "line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ": " + e.message;
}

std::string echo(std::string_view s) {
  std::string out = "\"";
  const std::size_t taken = detail::append_printable(out, s, 40);
  if (taken < s.size()) out += "...";
  return out + "\"";
}

}  // namespace ndcg
