// Fuzzes the batch readers (inputs.hpp): CSV, TSV, JSON, JSON Lines, MS
// MARCO's run TSV and LETOR with predictions and a group file, detected or named. The first
// byte names the formats; the rest is "QRELS\0RUN[\0GROUP]" (no RUN part:
// one input holding both). Whatever is read must then be read by the TREC
// readers without an error: the converted text never fails them.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/parse.hpp"

namespace {

constexpr ndcg::input_format formats[] = {ndcg::input_format::automatic, ndcg::input_format::msmarco,
                                          ndcg::input_format::csv,       ndcg::input_format::tsv,
                                          ndcg::input_format::json,      ndcg::input_format::jsonl,
                                          ndcg::input_format::letor,     ndcg::input_format::trec};

void one(fuzz::bytes& in, const ndcg::limits& lim, std::uint8_t choice) {
  const auto parts = fuzz::split(in.rest(), '\0', 3);
  ndcg::input_reading how;
  how.qrels_format = formats[choice & 7];
  how.run_format = formats[(choice >> 3) & 7];
  how.lim = lim;
  if (parts.size() > 2) how.group = parts[2];
  std::vector<std::string_view> runs;
  if (parts.size() > 1) runs.push_back(parts[1]);
  auto r = ndcg::read_inputs(parts[0], runs, how);
  if (!r) {
    const std::string& src = r.err().source;
    const std::size_t part = src == "run" ? 1 : src == "group" ? 2 : 0;
    const std::string_view text = part < parts.size() ? parts[part] : std::string_view();
    // An error inside gzip names a line of the unpacked text.
    if (ndcg::is_gzip(text)) return fuzz::require(!r.err().message.empty(), "an error has a message");
    return fuzz::check_error(r.err(), text);
  }
  fuzz::require(!r->runs.empty(), "inputs have a run");
  const bool qrels_converted = r->qrels.format != ndcg::input_format::trec;
  if (qrels_converted) {
    auto q = ndcg::parse_qrels(r->qrels.text(), lim);
    fuzz::require(q.ok(), "converted qrels read as TREC", q.ok() ? "" : q.err().message);
  }
  for (const ndcg::trec_text& run : r->runs) {
    if (run.format == ndcg::input_format::trec) continue;
    auto p = ndcg::parse_run(run.text(), lim);
    fuzz::require(p.ok(), "a converted run reads as TREC", p.ok() ? "" : p.err().message);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::bytes in(data, size);
  const std::uint8_t choice = in.take();
  one(in, ndcg::limits{}, choice);
  one(in, fuzz::tiny_limits(), choice);
  return 0;
}
