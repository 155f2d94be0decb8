// Fuzzes the records path (how every format but TREC text is evaluated:
// records fed to the evaluation, judgments built from records) against the
// TREC text of the same records, written here: evaluate_run (with no run,
// evaluate_table) evaluates what evaluate_trec evaluates on that text, with
// the same output, and refuses what it refuses, at a place in its input;
// the judgments given as a source (a LETOR file then read in pieces) the same.
// The first byte names the formats; the rest is "QRELS\0RUN" (no RUN part:
// one input holding both).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/evaluate_run.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/trec.hpp"

namespace {

constexpr ndcg::input_format formats[] = {ndcg::input_format::automatic, ndcg::input_format::msmarco,
                                          ndcg::input_format::csv,       ndcg::input_format::tsv,
                                          ndcg::input_format::json,      ndcg::input_format::jsonl,
                                          ndcg::input_format::letor,     ndcg::input_format::automatic};

// Records as TREC lines: a run's (rank 1: the evaluation orders by score)
// and the qrels'.
class text_sink final : public ndcg::record_sink {
 public:
  ndcg::status add(const ndcg::input_record& r) override {
    run.append(r.qid).append(" Q0 ").append(r.doc).append(" 1 ").append(ndcg::shortest(r.score)).append(" ");
    run.append(r.tag).append("\n");
    qrels.append(r.qid).append(" 0 ").append(r.doc).append(" ").append(std::to_string(r.rel)).append("\n");
    return ndcg::done{};
  }
  std::string run, qrels;
};

struct texts {
  std::string qrels, run;
  bool read = true;  // false: a reader refused them
};

// The inputs as TREC text, each read by its reader.
texts as_text(const std::vector<std::string_view>& parts, const ndcg::input_reading& how) {
  texts out;
  const auto q = ndcg::unpack_input(parts[0], how.lim, "qrels");
  const ndcg::input_format qf = ndcg::format_of(*q, how.qrels_format, true);
  text_sink judged, run;
  if (qf == ndcg::input_format::letor) {
    const ndcg::unpacked_input predictions{{}, parts.size() > 1 ? parts[1] : std::string_view(), false};
    out.read = ndcg::read_letor_records(*q, nullptr, how, "run", judged).ok() && parts.size() > 1 &&
               ndcg::read_letor_records(*q, &predictions, how, "run", run).ok();
    out.qrels = judged.qrels, out.run = run.run;
    return out;
  }
  if (parts.size() == 1) {
    out.read = qf != ndcg::input_format::trec && ndcg::read_records(*q, qf, ndcg::input_use::both, how, "", judged).ok();
    out.qrels = judged.qrels, out.run = judged.run;
    return out;
  }
  const ndcg::unpacked_input r{{}, parts[1], false};
  const ndcg::input_format rf = ndcg::format_of(r, how.run_format, false);
  out.read = rf != ndcg::input_format::letor &&
             (qf == ndcg::input_format::trec || ndcg::read_records(*q, qf, ndcg::input_use::qrels, how, "", judged).ok()) &&
             (rf == ndcg::input_format::trec || ndcg::read_records(r, rf, ndcg::input_use::run, how, "", run).ok());
  out.qrels = qf == ndcg::input_format::trec ? std::string(parts[0]) : judged.qrels;
  out.run = rf == ndcg::input_format::trec ? std::string(parts[1]) : run.run;
  return out;
}

// The judgments from a source (a file: a LETOR file read in pieces on two
// threads) give what their text gives: the same output, or the same error.
void same_from_source(const std::vector<std::string_view>& parts, const ndcg::batch_settings& b,
                      const ndcg::input_reading& how, const ndcg::expected<ndcg::run_evaluation>& got) {
  std::vector<ndcg::batch_reading> readings;
  ndcg::text_source file(parts[0]), run(parts[1]);
  const auto again = ndcg::evaluate_run(file, run, b, {}, how, readings);
  fuzz::require(again.ok() == got.ok(), "judgments from a source read as their text");
  if (!got) {
    fuzz::require(again.err().line == got.err().line && again.err().column == got.err().column &&
                      again.err().message == got.err().message,
                  "the same error from a source", again.err().message);
    return;
  }
  fuzz::require(ndcg::format_trec(again->result, true, 17) == ndcg::format_trec(got->result, true, 17),
                "the same output from a source");
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
  std::vector<ndcg::batch_reading> readings;
  ndcg::text_source source(parts.size() > 1 ? parts[1] : std::string_view());
  const auto got = parts.size() > 1 ? ndcg::evaluate_run(parts[0], source, b, {}, how, readings)
                                    : ndcg::evaluate_table(parts[0], b, {}, how, readings);
  if (parts.size() > 1) same_from_source(parts, b, how, got);
  if (!got) {
    const std::string_view text = got.err().source == "run" && parts.size() > 1 ? parts[1] : parts[0];
    return fuzz::check_error(got.err(), text), 0;
  }
  const texts t = as_text(parts, how);
  fuzz::require(t.read, "what the records path evaluates, its readers read");
  const auto want = ndcg::evaluate_trec(t.qrels, t.run, b.trec);
  fuzz::require(want.ok(), "the records' TREC text evaluates", want ? "" : want.err().message);
  fuzz::require(ndcg::format_trec(got->result, true, 17) == ndcg::format_trec(*want, true, 17), "the same output");
  return 0;
}
