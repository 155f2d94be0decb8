// compare_batch (see commands.hpp): the one path from compare's inputs to
// its reply.
#include <set>
#include <unordered_set>
#include <utility>

#include "commands/columns.hpp"
#include "ndcg/commands.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/option_table.hpp"

namespace ndcg {
namespace {


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

// The inputs read and compared. This, put_fields and render_compare are
// kept out of the wasm binding's compare_entry (noinline): link-time
// inlining of them there packs dist/ndcg.js 0.3 KB larger gzipped.
[[gnu::noinline]] expected<compare_result> compared(const compare_inputs& in, batch_settings& b,
                                                    std::vector<batch_reading>& readings) {
  input_reading how;
  how.run_format = b.run_format;
  how.qrels_format = b.qrels_format;
  how.group = in.group;
  if (!in.qrels_name.empty()) how.qrels_name = std::string(in.qrels_name);
  how.run_names.assign(in.run_names.begin(), in.run_names.end());
  return compare_runs(in.qrels, in.runs, b, how, &readings);
}

[[gnu::noinline]] void put_fields(const compare_result& r, std::string_view text,
                                   const std::vector<batch_reading>& readings, field_sink& out) {
  put_compare_result(r, out);
  put_readings(readings, out);
  out.text("text", text);
}

// compare's options read, then `compare` of its settings, and the report.
template <typename Compare>
compare_reply reply_of(const option_pairs& options, Compare compare) {
  auto s = settings_from(options, command::compare);
  compare_reply out{s ? compare(s->batch) : expected<compare_result>(s.err()), {}};
  if (out.result) out.text = render_compare(*out.result, s->batch, s->s.language);
  return out;
}

}  // namespace

compare_reply compare_batch(const compare_inputs& in, const option_pairs& options,
                            std::vector<batch_reading>& readings) {
  return reply_of(options, [&](batch_settings& b) { return compared(in, b, readings); });
}

#ifndef __EMSCRIPTEN__  // the modules take no tables held as columns
compare_reply compare_batch(const column_compare_inputs& in, const option_pairs& options,
                            std::vector<batch_reading>& readings) {
  return reply_of(options, [&](batch_settings& b) { return detail::compare_columns(in, b, readings); });
}
#endif

status put_compare_batch(const compare_inputs& in, const option_pairs& options, field_sink& out) {
  auto s = settings_from(options, command::compare);
  if (!s) return s.err();
  std::vector<batch_reading> readings;
  auto r = compared(in, s->batch, readings);
  if (!r) return r.err();
  put_fields(*r, render_compare(*r, s->batch, s->s.language), readings, out);
  return done{};
}

// The checks a comparison of evaluated runs needs before compare_results.
static status evaluated_runs_fit(const std::vector<trec_result>& runs, const std::vector<std::string>* judged,
                          const option_pairs& options, batch_settings& b) {
  // A merge holds evaluations, not the runs' documents their ties need:
  // compare's default leaves the ties out, asking for them is refused.
  for (const auto& option : options)
    if (option.first == "tie_range" && b.tie_range)
      return option_fail(error_code::bad_input, "tie_range", "tie_range needs each run's documents, not its evaluation");
  b.tie_range = false;
  if (judged && !b.trec.complete) return check_judged(runs, *judged);
  return done{};
}

compare_reply compare_batch(const std::vector<trec_result>& runs, const std::vector<std::string>* judged,
                            const option_pairs& options) {
  auto s = settings_from(options, command::compare);
  status fits = s ? evaluated_runs_fit(runs, judged, options, s->batch) : status(s.err());
  compare_reply out{fits ? compare_results(runs, s->batch) : expected<compare_result>(fits.err()), {}};
  if (out.result) out.text = render_compare(*out.result, s->batch, s->s.language);
  return out;
}

void put_compare_reply(const compare_reply& r, const std::vector<batch_reading>& readings, field_sink& out) {
  put_fields(*r.result, r.text, readings, out);
}

}  // namespace ndcg
