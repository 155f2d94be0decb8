#include "ndcg/error.hpp"
namespace ndcg {
std::string describe(const error& e) {
  if (e.line == 0) return e.message;
  return "line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ": " + e.message;
}
}  // namespace ndcg
