// compare_batch (see commands.hpp): the one path from compare's inputs to
// its reply.
#include <utility>

#include "ndcg/commands.hpp"
#include "ndcg/evaluate_run.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/option_table.hpp"

namespace ndcg {
namespace {

expected<compare_reply> replied(expected<compare_result> r, const batch_request& settings) {
  if (!r) return r.err();
  compare_reply out;
  out.text = render_compare(*r, settings.batch, settings.s.language);
  out.result = std::move(*r);
  return out;
}

}  // namespace

expected<compare_reply> compare_batch(const compare_inputs& in, const batch_request& settings,
                                      std::vector<std::string>& readings) {
  readings.clear();
  batch_settings b = settings.batch;
  // A run --names leaves unnamed takes its input's name.
  for (std::size_t i = b.names.size(); i < in.run_names.size(); ++i) b.names.push_back(in.run_names[i]);
  input_reading how;
  how.run_format = b.run_format;
  how.qrels_format = b.qrels_format;
  how.group = in.group;
  how.qrels_name = in.qrels_name;
  how.run_names = in.run_names;
  auto read = read_inputs(in.qrels, in.runs, how, judgments_are_qrels(b, in.qrels));
  if (!read) return read.err();
  readings = read->readings;
  std::vector<std::string_view> runs;
  for (const trec_text& t : read->runs) runs.push_back(t.text());
  return replied(compare_runs(read->qrels.text(), runs, b), settings);
}

expected<compare_reply> compare_batch(const compare_inputs& in, const option_pairs& options,
                                      std::vector<std::string>& readings) {
  readings.clear();
  auto s = settings_from(options, command::compare);
  if (!s) return s.err();
  return compare_batch(in, *s, readings);
}

expected<compare_reply> compare_batch(const std::vector<trec_result>& runs, const option_pairs& options) {
  auto s = settings_from(options, command::compare);
  if (!s) return s.err();
  // A merge holds evaluations, not the runs' documents their ties need.
  if (s->batch.tie_range)
    return fail(error_code::bad_input, "tie_range needs each run's documents, not its evaluation").in("options");
  return replied(compare_results(runs, s->batch), *s);
}

void put_compare_reply(const compare_reply& r, const std::vector<std::string>& readings, field_sink& out) {
  put_compare_result(r.result, out);
  out.texts("readings", std::vector<std::string_view>(readings.begin(), readings.end()));
  out.text("text", r.text);
}

}  // namespace ndcg
