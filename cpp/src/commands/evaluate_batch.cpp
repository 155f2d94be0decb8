// evaluate_batch and read_judged (see commands.hpp): the one path from
// evaluate's inputs to its reply.
#include <atomic>
#include <optional>
#include <utility>

#include "commands/columns.hpp"
#include "ndcg/commands.hpp"
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

// The options read as `ndcg trec` reads its flags, the report's among them.
expected<batch_request> trec_settings(const option_pairs& options) {
  auto s = settings_from(options, command::trec);
  if (!s) return s.err();
  if (auto output = trec_output_of(s->batch); !output) return output.err();
  return s;
}

// The inputs evaluated on settings of their own (-Z's text goes into them).
expected<run_evaluation> evaluated(const evaluate_inputs& in, batch_settings& b, std::vector<batch_reading>& readings) {
  b.trec.zscores = std::string(in.zscores);
  input_reading ir = reading_of(b, in.group);
  if (!in.qrels_name.empty()) ir.qrels_name = std::string(in.qrels_name);
  if (!in.run_name.empty()) ir.run_names.emplace_back(in.run_name);
  if (in.run == nullptr) return evaluate_table(in.qrels, b, in.subtopics, ir, readings);
#ifndef __EMSCRIPTEN__
  if (in.qrels_file) return evaluate_run(*in.qrels_file, *in.run, b, in.subtopics, ir, readings);
#endif
  return evaluate_run(in.qrels, *in.run, b, in.subtopics, ir, readings);
}

// The report of an evaluation and its tie range.
std::string report_of(const run_evaluation& ev, const batch_settings& b) {
  const trec_output output = *trec_output_of(b);
  return ev.ties ? render_trec(ev.result, output, *ev.ties) : render_trec(ev.result, output);
}

void put_fields(const run_evaluation& ev, std::string_view text, const std::vector<batch_reading>& readings,
                field_sink& out) {
  if (ev.ties) put_trec_result(with_tie_range(ev.result, *ev.ties), out);
  else put_trec_result(ev.result, out);
  put_readings(readings, out);
  out.text("text", text);
}

}  // namespace

evaluate_reply evaluate_batch(const evaluate_inputs& in, const option_pairs& options,
                              std::vector<batch_reading>& readings) {
  auto s = trec_settings(options);
  evaluate_reply out{s ? evaluated(in, s->batch, readings) : expected<run_evaluation>(s.err()), {}};
  if (out.evaluated) out.text = report_of(*out.evaluated, s->batch);
  return out;
}

#ifndef __EMSCRIPTEN__  // the modules take no tables held as columns
evaluate_reply evaluate_batch(const column_inputs& in, const option_pairs& options,
                              std::vector<batch_reading>& readings) {
  auto s = trec_settings(options);
  if (s) s->batch.trec.zscores = std::string(in.zscores);
  evaluate_reply out{s ? detail::evaluate_columns(in, s->batch, readings) : expected<run_evaluation>(s.err()), {}};
  if (out.evaluated) out.text = report_of(*out.evaluated, s->batch);
  return out;
}

#endif

status put_evaluate_batch(const evaluate_inputs& in, const option_pairs& options, field_sink& out) {
  auto s = trec_settings(options);
  if (!s) return s.err();
  std::vector<batch_reading> readings;
  auto ev = evaluated(in, s->batch, readings);
  if (!ev) return ev.err();
  put_fields(*ev, report_of(*ev, s->batch), readings, out);
  return done{};
}

expected<judged_index> read_judged(std::string_view qrels, const option_pairs& options) {
  auto s = trec_settings(options);
  if (!s) return s.err();
  const batch_settings& b = s->batch;
  std::vector<batch_reading> readings;
  auto judged = judgments_for_runs(qrels, b, reading_of(b, {}), readings);
  if (!judged) return judged.err();
  return judged_index{std::move(*judged), std::move(readings)};
}

// An evaluation on judgments read once, told whether it runs alone on them
// now (then threads = 0 takes a second thread), with their readings first.
template <class Evaluate>
evaluate_reply on_judgments(const judged_index& index, const option_pairs& options, std::vector<batch_reading>& readings,
                            Evaluate evaluate) {
  struct counted {
    std::atomic<int>& n;
    ~counted() { --n; }
  } running{*index.running};
  const bool alone = running.n++ == 0;
  auto s = trec_settings(options);
  evaluate_reply out{s ? evaluate(s->batch, alone) : expected<run_evaluation>(s.err()), {}};
  readings.insert(readings.begin(), index.readings.begin(), index.readings.end());
  if (out.evaluated) out.text = report_of(*out.evaluated, s->batch);
  return out;
}

evaluate_reply evaluate_batch(const judged_index& index, run_source& run, const option_pairs& options,
                              std::vector<batch_reading>& readings, int threads) {
  return on_judgments(index, options, readings, [&](batch_settings& b, bool alone) {
    b.trec.second_thread = threads == 1 ? false : threads > 1 || alone;
    return evaluate_run(index.judged, run, b, reading_of(b, {}), readings);
  });
}

#ifndef __EMSCRIPTEN__  // the modules take no tables held as columns
expected<judged_index> read_judged(const column_table& qrels, std::string_view kind, const option_pairs& options) {
  auto s = trec_settings(options);
  if (!s) return s.err();
  std::vector<batch_reading> readings;
  auto judged = detail::judgments_of_columns(qrels, kind, readings);
  if (!judged) return judged.err();
  return judged_index{std::move(*judged), std::move(readings)};
}

evaluate_reply evaluate_batch(const judged_index& index, const column_table& run, std::string_view kind,
                              const option_pairs& options, std::vector<batch_reading>& readings, int threads) {
  return on_judgments(index, options, readings, [&](batch_settings& b, bool alone) {
    const unsigned n = threads > 0 ? static_cast<unsigned>(threads) : alone ? 0u : 1u;
    return detail::evaluate_columns(index.judged, run, kind, b, n, readings);
  });
}
#endif

void put_input_kind(std::string_view head, field_sink& out) { put_input_kind(kind_of(head), out); }

void put_evaluate_reply(const evaluate_reply& r, const std::vector<batch_reading>& readings, field_sink& out) {
  put_fields(*r.evaluated, r.text, readings, out);
}

}  // namespace ndcg
