// compare_batch (see commands.hpp): the one path from compare's inputs to
// its reply.
#include <set>
#include <unordered_set>
#include <utility>

#include "ndcg/commands.hpp"
#include "ndcg/evaluate_run.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/option_table.hpp"

namespace ndcg {
namespace {

expected<compare_reply> replied(expected<compare_result> r, const batch_request& settings) {
  if (!r) return r.err();
  std::string text = render_compare(*r, settings.batch, settings.s.language);
  return compare_reply{std::move(*r), std::move(text)};
}

// Every judged query in every run, unless -c scores a missing one 0.
status check_judged(const std::vector<trec_result>& runs, const std::vector<std::string>& judged) {
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const std::unordered_set<std::string> has(runs[i].qids.begin(), runs[i].qids.end());
    std::set<std::string> missing;
    for (const std::string& q : judged)
      if (has.count(q) == 0) missing.insert(q);
    if (missing.empty()) continue;
    std::string named;
    std::size_t n = 0;
    for (auto q = missing.begin(); q != missing.end() && n < 5; ++q, ++n) named += (n ? ", " : "") + *q;
    error e = fail(error_code::missing_query, "run " + std::to_string(i + 1) + " has no documents for " +
                                                  std::to_string(missing.size()) + " judged quer" +
                                                  (missing.size() == 1 ? "y: " : "ies: ") + named +
                                                  " (complete, -c, counts them as 0)")
                  .in("run")
                  .with("found", *missing.begin());
    e.index = i + 1;
    return e;
  }
  return done{};
}

// compare_batch on settings of its own (the runs' names go into them).
expected<compare_reply> compare_with(const compare_inputs& in, batch_request& settings,
                                     std::vector<std::string>& readings) {
  readings.clear();
  batch_settings& b = settings.batch;
  // A run --names leaves unnamed takes its input's name.
  for (std::size_t i = b.names.size(); i < in.run_names.size(); ++i) b.names.emplace_back(in.run_names[i]);
  input_reading how;
  how.run_format = b.run_format;
  how.qrels_format = b.qrels_format;
  how.group = in.group;
  if (!in.qrels_name.empty()) how.qrels_name = std::string(in.qrels_name);
  how.run_names.assign(in.run_names.begin(), in.run_names.end());
  auto read = read_inputs(in.qrels, in.runs, how, judgments_are_qrels(b, in.qrels));
  if (!read) return read.err();
  readings = std::move(read->readings);
  std::vector<std::string_view> runs;
  for (const trec_text& t : read->runs) runs.push_back(t.text());
  return replied(compare_runs(read->qrels.text(), runs, b), settings);
}

}  // namespace

expected<compare_reply> compare_batch(const compare_inputs& in, const batch_request& settings,
                                      std::vector<std::string>& readings) {
  batch_request own = settings;
  return compare_with(in, own, readings);
}

expected<compare_reply> compare_batch(const compare_inputs& in, const option_pairs& options,
                                      std::vector<std::string>& readings) {
  readings.clear();
  auto s = settings_from(options, command::compare);
  if (!s) return s.err();
  return compare_with(in, *s, readings);
}

expected<compare_reply> compare_batch(const std::vector<trec_result>& runs, const std::vector<std::string>* judged,
                                      const option_pairs& options) {
  auto s = settings_from(options, command::compare);
  if (!s) return s.err();
  // A merge holds evaluations, not the runs' documents their ties need:
  // compare's default leaves the ties out, asking for them is refused.
  for (const auto& option : options)
    if (option.first == "tie_range" && s->batch.tie_range)
      return option_fail(error_code::bad_input, "tie_range", "tie_range needs each run's documents, not its evaluation");
  s->batch.tie_range = false;
  if (judged && !s->batch.trec.complete)
    if (auto ok = check_judged(runs, *judged); !ok) return ok.err();
  return replied(compare_results(runs, s->batch), *s);
}

void put_compare_reply(const compare_reply& r, const std::vector<std::string>& readings, field_sink& out) {
  put_compare_result(r.result, out);
  out.texts("readings", std::vector<std::string_view>(readings.begin(), readings.end()));
  out.text("text", r.text);
}

}  // namespace ndcg
