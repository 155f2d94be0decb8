// The `ndcg` command as a function, so the tests can run it in-process.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace ndcg {

// Runs the command with `args` (without the program name). Returns the exit
// code: 0 success, 2 for any error (bad input, bad option, unreadable file),
// with one message on `err` naming the file, line and column.
int run_cli(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
            std::ostream& err);

}  // namespace ndcg
