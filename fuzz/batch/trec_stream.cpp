// Fuzzes trec_stream (the run read in pieces, as `ndcg trec` reads a file
// or standard input) against evaluate_trec on the whole text: where the
// stream gives a result, the whole text gives the same output; where it
// stops, the whole text stops at the same place (unless the run is merely
// interleaved, which only the whole text can regroup). evaluate_run, the
// command's and the wasm module's way in, reads the run from a source that
// hands it over in pieces of a few bytes and gives the whole text's output
// or error too. The first byte chooses the measures, the next ones where
// the pieces end; the rest is "QRELS\0RUN".
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/evaluate_run.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/trec.hpp"

namespace {

// The run in pieces of 1 to 8 bytes, by turns.
class piece_source final : public ndcg::text_source {
 public:
  using text_source::text_source;
  std::size_t read(char* into, std::size_t size) override {
    return text_source::read(into, std::min(size, std::size_t(1) + (turn_++ % 8)));
  }

 private:
  std::size_t turn_ = 0;
};

// evaluate_run on the same inputs: the whole text's output, or its error.
void check_run_source(const std::string& qrels, const std::string& run, const ndcg::trec_options& opt,
                      const ndcg::expected<ndcg::trec_result>& whole) {
  if (ndcg::is_gzip(run)) return;  // read as gzip by evaluate_run, as text by evaluate_trec
  ndcg::batch_settings b;
  b.trec = opt;
  b.run_format = ndcg::input_format::trec;
  b.qrels_format = ndcg::input_format::trec;
  piece_source source(run);
  ndcg::input_reading ir;
  ir.qrels_format = ir.run_format = ndcg::input_format::trec;
  std::vector<ndcg::batch_reading> readings;
  auto r = ndcg::evaluate_run(qrels, source, b, {}, ir, readings);
  if (!whole) {
    fuzz::require(!r, "evaluate_run refuses what the whole text refuses", whole.err().message);
    return;
  }
  fuzz::require(r.ok(), "evaluate_run evaluates what the whole text evaluates", r ? "" : r.err().message);
  fuzz::require(ndcg::format_trec(r->result, true, 17) == ndcg::format_trec(*whole, true, 17), "evaluate_run's output");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::bytes in(data, size);
  const std::uint8_t pick = in.take();
  std::uint8_t cuts[4];
  for (std::uint8_t& c : cuts) c = in.take();
  ndcg::trec_options opt;
  opt.complete = pick & 1;
  opt.shard = pick & 2;
  if (pick & 4) opt.measures = {"ndcg_cut.3", "P.2"};  // cutoffs only: a partial sort
  const auto parts = fuzz::split(in.rest(), '\0', 2);
  const std::string qrels(parts[0]);
  const std::string run(parts.size() > 1 ? parts[1] : std::string_view());

  auto whole = ndcg::evaluate_trec(qrels, run, opt);
  check_run_source(qrels, run, opt, whole);
  // A run that parse_run refuses is refused with the same message: the
  // stream finds the first bad line as reading the whole file does. (Not a
  // docid repeated in two stretches of a query that is not judged: the
  // stream follows only judged queries, and such a query is never used.)
  auto parsed = ndcg::parse_run(run);
  if (!parsed && parsed.err().code != ndcg::error_code::duplicate_id) {
    fuzz::require(!whole, "a run parse_run refuses is refused", parsed.err().message);
    if (whole.err().source == "run")
      fuzz::require(whole.err().message == parsed.err().message, "the run's first error", parsed.err().message);
  }
  auto stream = ndcg::trec_stream::open(qrels, opt);
  if (!stream) {
    fuzz::require(!whole, "open fails only where the whole text fails");
    fuzz::require(whole.err().message == stream.err().message, "the same error", whole.err().message);
    return 0;
  }
  // Pieces end after the newline at or after each cut, as the command cuts.
  std::string pending;
  std::size_t at = 0;
  for (std::uint8_t c : cuts) {
    std::size_t end = run.find('\n', at + c);
    if (end == std::string::npos) break;
    pending += run.substr(at, end + 1 - at);
    at = end + 1;
    auto used = stream->feed(pending, false);
    if (!used) {
      if (used.err().code == ndcg::error_code::ungrouped_run) return 0;
      fuzz::require(!whole && whole.err().message == used.err().message, "the same error", used.err().message);
      return 0;
    }
    fuzz::require(*used <= pending.size(), "feed reads at most what it is given");
    pending.erase(0, *used);
  }
  pending += run.substr(at);
  auto last = stream->feed(pending, true);
  auto r = last ? stream->finish() : ndcg::expected<ndcg::trec_result>(last.err());
  if (!r) {
    if (r.err().code == ndcg::error_code::ungrouped_run) return 0;
    fuzz::require(!whole && whole.err().message == r.err().message, "the same error", r.err().message);
    return 0;
  }
  fuzz::require(whole.ok(), "the whole text gives a result too");
  fuzz::require(ndcg::format_trec(*r, true, 17) == ndcg::format_trec(*whole, true, 17), "the same output");
  return 0;
}
