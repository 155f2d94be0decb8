// evaluate_batch and read_judged (see commands.hpp): the one path from
// evaluate's inputs to its reply.
#include <optional>
#include <utility>

#include "ndcg/commands.hpp"
#include "ndcg/evaluate_run.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/trec.hpp"

namespace ndcg {
namespace {

// How the inputs are read: the formats the options name, the group
// sizes, the names the readings give.
input_reading reading_of(const batch_settings& b, std::string_view group) {
  input_reading ir;
  ir.run_format = b.run_format;
  ir.qrels_format = b.qrels_format;
  ir.group = group;
  return ir;
}

// The result with its tie range's measures, and the report of both.
expected<evaluate_reply> replied(expected<run_evaluation> ev, const trec_output& output) {
  if (!ev) return ev.err();
  const std::optional<trec_tie_range>& ties = ev->ties;
  evaluate_reply out;
  out.text = ties ? render_trec(ev->result, output, *ties) : render_trec(ev->result, output);
  out.result = ties ? with_tie_range(ev->result, *ties) : std::move(ev->result);
  return out;
}

// The options read as `ndcg trec` reads its flags; -Z's text beside them.
expected<batch_request> trec_settings(const option_pairs& options) {
  auto s = settings_from(options, command::trec);
  if (!s) return s.err();
  if (auto output = trec_output_of(s->batch); !output) return output.err();
  return s;
}

}  // namespace

expected<evaluate_reply> evaluate_batch(const evaluate_inputs& in, const batch_request& settings,
                                        std::vector<std::string>& readings) {
  readings.clear();
  auto output = trec_output_of(settings.batch);
  if (!output) return output.err();
  batch_settings b = settings.batch;
  b.trec.zscores = std::string(in.zscores);
  input_reading ir = reading_of(b, in.group);
  ir.qrels_name = in.qrels_name;
  ir.run_names = {in.run_name};
  if (in.run == nullptr) return replied(evaluate_table(in.qrels, b, in.subtopics, ir, readings), *output);
  return replied(evaluate_run(in.qrels, *in.run, b, in.subtopics, ir, readings), *output);
}

expected<evaluate_reply> evaluate_batch(const evaluate_inputs& in, const option_pairs& options,
                                        std::vector<std::string>& readings) {
  readings.clear();
  auto s = trec_settings(options);
  if (!s) return s.err();
  return evaluate_batch(in, *s, readings);
}

expected<judged_index> read_judged(std::string_view qrels, const option_pairs& options) {
  auto s = trec_settings(options);
  if (!s) return s.err();
  const batch_settings& b = s->batch;
  auto text = read_qrels(qrels, reading_of(b, {}));
  if (!text) return text.err();
  auto judged = trec_judgments::read(std::string(text->text()), b.trec.judgments);
  if (!judged) return judged.err();
  judged_index out{std::move(*judged), {}};
  if (!text->reading.empty()) out.readings.push_back(text->reading);
  return out;
}

expected<evaluate_reply> evaluate_batch(const judged_index& index, run_source& run, const option_pairs& options,
                                        std::vector<std::string>& readings, int threads) {
  readings.clear();
  auto s = trec_settings(options);
  if (!s) return s.err();
  batch_settings& b = s->batch;
  struct counted {
    std::atomic<int>& n;
    ~counted() { --n; }
  } running{*index.running};
  const bool alone = running.n++ == 0;
  b.trec.second_thread = threads == 1 ? false : threads > 1 || alone;
  auto ev = evaluate_run(index.judged, run, b, reading_of(b, {}), readings);
  readings.insert(readings.begin(), index.readings.begin(), index.readings.end());
  return replied(std::move(ev), *trec_output_of(b));
}

void put_evaluate_reply(const evaluate_reply& r, const std::vector<std::string>& readings, field_sink& out) {
  put_trec_result(r.result, out);
  out.texts("readings", std::vector<std::string_view>(readings.begin(), readings.end()));
  out.text("text", r.text);
}

}  // namespace ndcg
