// trec_stream::feed_all: a run from a stream, in pieces (the command's and
// the Python package's run files). Its own file, so that the wasm modules,
// which never read a stream, link no iostream code.
#include <cstring>
#include <istream>

#include "base/big_memory.hpp"
#include "ndcg/trec.hpp"

namespace ndcg {

namespace {

// Pieces of whole lines; a piece grows while one query (or one line) fills
// more than half of it.
expected<trec_result> feed_pieces(trec_stream& stream, std::istream& in) {
  detail::big_vector<char> buf(detail::big_block);  // one huge page
  std::size_t filled = 0;
  for (;;) {
    in.read(buf.data() + filled, static_cast<std::streamsize>(buf.size() - filled));
    filled += static_cast<std::size_t>(in.gcount());
    const bool last = !in;
    const std::string_view text(buf.data(), filled);
    const std::size_t line_end = last ? filled : text.rfind('\n');
    const bool too_long = line_end == std::string_view::npos && filled > limits{}.max_line;
    if (line_end != std::string_view::npos || too_long) {
      auto used = stream.feed(text.substr(0, too_long ? filled : line_end + 1), last || too_long);
      if (!used) return used.err();
      if (last || too_long) break;
      std::memmove(buf.data(), buf.data() + *used, filled - *used);
      filled -= *used;
    }
    if (filled * 2 > buf.size()) buf.resize(buf.size() * 2);
  }
  return stream.finish();
}

}  // namespace

// A run whose queries are interleaved is read again from its start when
// the stream can go back there (a file), grouped against the same judgments.
expected<trec_result> trec_stream::feed_all(std::istream& in) {
  auto result = feed_pieces(*this, in);
  if (result || result.err().code != error_code::ungrouped_run) return result;
  in.clear();
  in.seekg(0);
  if (in.fail()) return result;  // standard input: it must be grouped
  regroup();
  return feed_pieces(*this, in);
}

}  // namespace ndcg
