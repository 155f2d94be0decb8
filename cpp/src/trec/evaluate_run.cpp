// evaluate_run: a run in pieces, streamed as TREC or read whole (see
// evaluate_run.hpp).
#include "ndcg/evaluate_run.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <utility>

namespace ndcg {

namespace {

// The first bytes of a run tell its format (detect_input reads this many).
constexpr std::size_t head_size = std::size_t(1) << 16;

// A source's first bytes, kept, then the rest of it: the head read to see
// the format is given again. Rewinding rewinds the source.
class headed_source final : public run_source {
 public:
  explicit headed_source(run_source& in) : in_(in) {
    head_.resize(head_size);
    head_.resize(in_.fill(&head_[0], head_size));
  }
  std::string_view head() const { return head_; }
  std::size_t read(char* into, std::size_t size) override {
    if (at_ == head_.size()) return in_.read(into, size);
    const std::size_t n = std::min(size, head_.size() - at_);
    std::memcpy(into, head_.data() + at_, n);
    at_ += n;
    return n;
  }
  bool rewind() override {
    if (!in_.rewind()) return false;
    head_.clear();
    at_ = 0;
    return true;
  }
  // The whole run from here on, read to its end.
  std::string rest() {
    std::string out;
    char piece[1 << 16];
    for (std::size_t got; (got = read(piece, sizeof piece)) != 0;) out.append(piece, got);
    return out;
  }

 private:
  run_source& in_;
  std::string head_;
  std::size_t at_ = 0;
};

// Once per set of conventions the measures name, the run read again from its
// start; `open` opens a stream for one set of options (on qrels text, or on
// judgments read once).
template <class Open>
expected<trec_result> streamed(const Open& open, run_source& run, const trec_options& opt) {
  bool first = true;
  auto once = [&](const trec_options& o) -> expected<trec_result> {
    if (!first && !run.rewind()) return fail(error_code::bad_file, "the run could not be read again from its start");
    first = false;
    auto stream = open(o);
    if (!stream) return stream.err();
    return stream->feed_all(run);
  };
  return evaluate_by_conventions(opt, once);
}

// A TREC run fed as it comes; its tie range, or measures of other conventions, by reading it again.
template <class Open>
expected<run_evaluation> evaluate_streamed(const Open& open, headed_source& run, const batch_settings& b) {
  run_evaluation out;
  auto passes = convention_passes(b.trec);
  if (!passes) return passes.err();
  if (!b.tie_range && *passes == 1) {
    auto r = streamed(open, run, b.trec);
    if (!r) return r.err();
    out.result = std::move(*r);
    return out;
  }
  // A source that cannot go back (standard input) is kept whole to be read again.
  std::string kept;
  std::optional<text_source> copy;
  run_source* again = &run;
  if (!run.rewind()) {
    kept = run.rest();
    again = &copy.emplace(kept);
  }
  auto r = streamed(open, *again, b.trec);
  if (!r) return r.err();
  out.result = std::move(*r);
  if (!b.tie_range) return out;
  auto ties = tie_range_by(b.trec, [&](const trec_options& o) -> expected<trec_result> {
    if (!again->rewind()) return fail(error_code::bad_file, "the run could not be read again from its start");
    return streamed(open, *again, o);
  });
  if (!ties) return ties.err();
  out.ties = std::move(*ties);
  return out;
}

auto on_text(std::string_view qrels, std::string_view subtopics) {
  return [qrels, subtopics](const trec_options& o) { return trec_stream::open(qrels, o, subtopics); };
}

// Inputs read whole as TREC text, evaluated in one piece.
expected<run_evaluation> evaluate_read(expected<trec_inputs> inputs, const batch_settings& b,
                                       std::string_view subtopics, std::vector<std::string>& readings) {
  if (!inputs) return inputs.err();
  readings = inputs->readings;
  run_evaluation out;
  const std::string_view q = inputs->qrels.text(), r = inputs->runs[0].text();
  auto result = evaluate_trec(q, r, b.trec, subtopics);
  if (!result) return result.err();
  out.result = std::move(*result);
  if (!b.tie_range) return out;
  auto ties = evaluate_tie_range(q, r, b.trec, subtopics);
  if (!ties) return ties.err();
  out.ties = std::move(*ties);
  return out;
}

// --ci: the means' intervals, on the result every door gets.
expected<run_evaluation> with_intervals(expected<run_evaluation> ev, const batch_settings& b) {
  if (ev) add_intervals(ev->result, b);
  return ev;
}

}  // namespace

bool judgments_are_qrels(const batch_settings& b, std::string_view qrels) {
  return b.trec.judgments == judgment_format::qrels && !qrels.empty();
}

expected<run_evaluation> evaluate_run(std::string_view qrels, run_source& run, const batch_settings& b,
                                      std::string_view subtopics, const input_reading& ir,
                                      std::vector<std::string>& readings) {
  const bool are_qrels = judgments_are_qrels(b, qrels);
  headed_source headed(run);
  trec_text q = trec_text::passed(qrels, input_format::trec);
  if (are_qrels) {
    auto read = read_qrels(qrels, ir);
    if (!read) return read.err();
    q = std::move(*read);
  }
  // Any other run is read whole and turned into TREC text first.
  if (!streams_as_trec(headed.head(), q, b.run_format)) {
    const std::string text = headed.rest();
    return with_intervals(evaluate_read(read_inputs(qrels, {text}, ir, are_qrels), b, subtopics, readings), b);
  }
  readings.clear();
  if (!q.reading.empty()) readings.push_back(q.reading);
  return with_intervals(evaluate_streamed(on_text(q.text(), subtopics), headed, b), b);
}

// A run in another format is read whole and turned into TREC text beside the judgments' text.
expected<run_evaluation> evaluate_run(const trec_judgments& judged, run_source& run, const batch_settings& b,
                                      const input_reading& ir, std::vector<std::string>& readings) {
  headed_source headed(run);
  readings.clear();
  const auto open = [&judged](const trec_options& o) { return trec_stream::open(judged, o); };
  if (streams_as_trec(headed.head(), trec_text::passed(judged.text(), input_format::trec), b.run_format))
    return with_intervals(evaluate_streamed(open, headed, b), b);
  const std::string text = headed.rest();
  auto in = read_inputs(judged.text(), {text}, ir, true);
  if (!in) return in.err();
  readings = in->readings;
  text_source converted(in->runs[0].text());
  headed_source again(converted);
  return with_intervals(evaluate_streamed(open, again, b), b);
}

expected<run_evaluation> evaluate_table(std::string_view table, const batch_settings& b, std::string_view subtopics,
                                        const input_reading& ir, std::vector<std::string>& readings) {
  const bool are_qrels = judgments_are_qrels(b, table);
  return with_intervals(evaluate_read(read_inputs(table, {}, ir, are_qrels), b, subtopics, readings), b);
}

std::size_t text_source::read(char* into, std::size_t size) {
  const std::size_t n = std::min(size, text_.size() - at_);
  std::memcpy(into, text_.data() + at_, n);
  at_ += n;
  return n;
}

bool text_source::rewind() {
  at_ = 0;
  return true;
}

}  // namespace ndcg
