// The `ndcg` command as a function, so the tests can run it in-process.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace ndcg {

// Runs the command with `args` (without the program name). Returns the exit
// code: 0 success, 1 usage shown after a bad command line, 2 bad input.
int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
            std::ostream& err);

}  // namespace ndcg
