// Fuzzes the records path (how `ndcg trec` reads every format but TREC
// text: records into the evaluation, judgments built from records) against
// the TREC text read_inputs writes of the same inputs: evaluate_run (with
// no run, evaluate_table) gives the output evaluate_trec gives on that
// text, and refuses, with the same code, what either of those refuses. The
// first byte names the formats; the rest is "QRELS\0RUN" (no RUN part: one
// input holding both).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/evaluate_run.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/trec.hpp"

namespace {

constexpr ndcg::input_format formats[] = {ndcg::input_format::automatic, ndcg::input_format::msmarco,
                                          ndcg::input_format::csv,       ndcg::input_format::tsv,
                                          ndcg::input_format::json,      ndcg::input_format::jsonl,
                                          ndcg::input_format::letor,     ndcg::input_format::automatic};

// The text path: read_inputs' TREC text, evaluated whole.
ndcg::expected<ndcg::trec_result> through_text(const std::vector<std::string_view>& parts, const ndcg::input_reading& how,
                                               const ndcg::batch_settings& b) {
  std::vector<std::string_view> runs(parts.begin() + 1, parts.end());
  auto in = ndcg::read_inputs(parts[0], runs, how, ndcg::judgments_are_qrels(b, parts[0]));
  if (!in) return in.err();
  return ndcg::evaluate_trec(in->qrels.text(), in->runs[0].text(), b.trec);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::bytes in(data, size);
  const std::uint8_t choice = in.take();
  const auto parts = fuzz::split(in.rest(), '\0', 2);
  ndcg::batch_settings b;
  b.trec.measures = {choice & 64 ? "all_trec" : "ndcg_cut.10"};
  ndcg::input_reading how;
  how.qrels_format = b.qrels_format = formats[choice & 7];
  how.run_format = b.run_format = formats[(choice >> 3) & 7];
  if (ndcg::is_gzip(parts[0]) || (parts.size() > 1 && ndcg::is_gzip(parts[1]))) return 0;  // the same bytes unpacked
  const auto want = through_text(parts, how, b);
  std::vector<ndcg::batch_reading> readings;
  ndcg::text_source source(parts.size() > 1 ? parts[1] : std::string_view());
  const auto got = parts.size() > 1 ? ndcg::evaluate_run(parts[0], source, b, {}, how, readings)
                                    : ndcg::evaluate_table(parts[0], b, {}, how, readings);
  if (!want) {
    fuzz::require(!got, "the records path refuses what the text path refuses", want.err().message);
    fuzz::require(got.err().code == want.err().code, "with the same code", got.err().message + " / " + want.err().message);
    return 0;
  }
  fuzz::require(got.ok(), "the records path evaluates what the text path evaluates", got ? "" : got.err().message);
  fuzz::require(ndcg::format_trec(got->result, true, 17) == ndcg::format_trec(*want, true, 17), "the same output");
  return 0;
}
