// The line scanner of trec_lines.hpp, out of line.
#include "parse/trec_lines.hpp"

namespace ndcg::detail {

// Natively the one-pass scanner (next_plain); the wasm modules read every
// line the careful way, which keeps the scanner's code out of their size
// budgets (web/budget.json).
bool read_record(line_reader& lines, const limits& lim, line& l, field* f, std::size_t cap, std::size_t& n,
                 status& problem) {
#ifndef __EMSCRIPTEN__
  return next_record(lines, lim, l, f, cap, n, problem);
#else
  return next_careful_record(lines, lim, l, f, cap, n, problem);
#endif
}

}  // namespace ndcg::detail
