#include "cli.hpp"

#include <ostream>

namespace ndcg {

int run_cli(const std::vector<std::string>&, std::istream&, std::ostream&, std::ostream& err) {
  err << "ndcg: not built yet\n";
  return 2;
}

}  // namespace ndcg
