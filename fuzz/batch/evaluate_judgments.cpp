// Fuzzes judgments read once (trec_judgments) and runs evaluated on them:
// each run's result must be evaluate_trec's for the same qrels and run, to
// the last bit, or both must fail; every other run without the second
// thread (as an evaluator's call does while another runs). Input:
// "MEASURE\0QRELS\0RUN[\0RUN...]".
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/evaluate_run.hpp"
#include "ndcg/trec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::bytes in(data, size);
  const auto parts = fuzz::split(in.rest(), '\0', 6);
  if (parts.size() < 3) return 0;
  ndcg::batch_settings b;
  b.trec.measures.emplace_back(parts[0]);
  auto judged = ndcg::trec_judgments::read(std::string(parts[1]));
  for (std::size_t i = 2; i < parts.size(); ++i) {
    auto want = ndcg::evaluate_trec(parts[1], parts[i], b.trec);
    if (!judged) {
      fuzz::require(!want.ok(), "qrels that cannot be read once cannot be read at all");
      return 0;
    }
    b.trec.second_thread = i % 2 == 0;
    ndcg::text_source source(parts[i]);
    std::vector<ndcg::batch_reading> readings;
    auto got = ndcg::evaluate_run(*judged, source, b, ndcg::input_reading{}, readings);
    if (!got) {
      // A run that is not TREC is read as another format, which evaluate_trec does not read.
      fuzz::check_error(got.err(), got.err().source == "run" ? parts[i] : parts[1]);
      continue;
    }
    if (!want) continue;
    fuzz::require(ndcg::format_trec(got->result, true, 17) == ndcg::format_trec(*want, true, 17),
                  "the same result as evaluate_trec");
  }
  return 0;
}
