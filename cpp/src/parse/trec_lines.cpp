// The line scanner of trec_lines.hpp, out of line.
#include "parse/trec_lines.hpp"

namespace ndcg::detail {

// The one-pass scanner (next_plain), as the command reads. The light wasm
// module (one ranking at a time, small inputs) links its own copy of this
// file built with NDCG_CAREFUL_LINES (cmake/wasm.cmake), which reads every
// line the careful way and keeps the scanner's code out of its size.
#ifdef __EMSCRIPTEN__
bool read_record(line_reader& lines, const limits& lim, line& l, field* f, std::size_t cap, std::size_t& n,
                 status& problem) {
#ifdef NDCG_CAREFUL_LINES
  return next_careful_record(lines, lim, l, f, cap, n, problem);
#else
  return next_record(lines, lim, l, f, cap, n, problem);
#endif
}
#endif

}  // namespace ndcg::detail
