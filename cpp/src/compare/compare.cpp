// Comparing runs: the per-query values from evaluate_trec, and one
// comparison per measure and pair of runs.
#include "ndcg/compare.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ndcg/evaluate_run.hpp"
#include "ndcg/trec.hpp"

namespace ndcg {
namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// ---- one comparison ------------------------------------------------------------

void summarise(const std::vector<double>& a, const std::vector<double>& b, comparison& c) {
  c.queries = a.size();
  c.mean_a = stats::mean(a);
  c.mean_b = stats::mean(b);
  for (std::size_t q = 0; q < a.size(); ++q) {
    if (b[q] > a[q]) ++c.wins;
    else if (b[q] < a[q]) ++c.losses;
    else ++c.ties;
  }
}

comparison compare_pair(const std::vector<double>& va, const std::vector<double>& vb, const batch_settings& s) {
  std::vector<double> a, b, d;
  for (std::size_t q = 0; q < va.size(); ++q) {
    if (std::isnan(va[q]) || std::isnan(vb[q])) continue;  // a query left out (IDCG = 0 under "skip")
    a.push_back(va[q]);
    b.push_back(vb[q]);
    d.push_back(vb[q] - va[q]);
  }
  comparison c;
  summarise(a, b, c);
  c.diff = stats::mean(d);
  // Each test has its own stream from the seed, so a pair's numbers do not
  // depend on which other runs or tests are in the same call.
  stats::random_source boot(s.seed), flips(s.seed ^ 0xA5A5A5A5A5A5A5A5ull);
  c.interval_withheld = d.size() < min_interval_queries;
  const auto ci = c.interval_withheld ? std::pair(nan, nan) : stats::bootstrap_interval(d, s.trials, boot);
  c.ci_low = ci.first;
  c.ci_high = ci.second;
  c.effect_size = stats::effect_size(d);
  c.p_ttest = stats::paired_t(d).p;
  const auto w = stats::wilcoxon(d);
  c.p_wilcoxon = w.p;
  c.wilcoxon_exact = w.exact;
  c.p_sign = stats::sign_test(c.wins, c.losses).p;
  const auto r = stats::randomization(d, s.trials, flips);
  c.p_randomization = r.p;
  c.randomization_exact = r.exact;
  c.p_holm = nan;
  return c;
}

double adjusted_p(const comparison& c, adjusted_test t) {
  switch (t) {
    case adjusted_test::wilcoxon: return c.p_wilcoxon;
    case adjusted_test::sign: return c.p_sign;
    case adjusted_test::randomization: return c.p_randomization;
    case adjusted_test::ttest: break;
  }
  return c.p_ttest;
}

// Holm over the pairs of one measure: comparisons [from, to).
void adjust(std::vector<comparison>& all, std::size_t from, std::size_t to, adjusted_test t) {
  if (to - from < 2) return;
  std::vector<double> p;
  for (std::size_t i = from; i < to; ++i) p.push_back(adjusted_p(all[i], t));
  const std::vector<double> h = stats::holm(p);
  for (std::size_t i = from; i < to; ++i) {
    all[i].p_holm = h[i - from];
    all[i].adjusted = true;
  }
}

std::vector<std::pair<std::size_t, std::size_t>> pairs_of(std::size_t runs, bool all_pairs) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t a = 0; a < (all_pairs ? runs : 1); ++a)
    for (std::size_t b = a + 1; b < runs; ++b) out.emplace_back(a, b);
  return out;
}

// A run's values in one order, by the compared columns: [measure][query].
std::vector<std::vector<double>> columns_of(const trec_result& r, const std::vector<std::size_t>& columns,
                                            std::size_t queries) {
  std::vector<std::vector<double>> out(columns.size(), std::vector<double>(queries, nan));
  for (std::size_t q = 0; q < r.values.size() && q < queries; ++q)
    for (std::size_t m = 0; m < columns.size(); ++m) out[m][q] = r.values[q][columns[m]];
  return out;
}

// The worst and best order of one run's ties, and what they change.
void add_tie_range(const trec_tie_range& t, std::size_t run, const std::vector<std::size_t>& columns,
                   compare_result& out) {
  out.worst.push_back(columns_of(t.worst, columns, out.qids.size()));
  out.best.push_back(columns_of(t.best, columns, out.qids.size()));
  for (std::size_t m = 0; m < columns.size(); ++m) {
    if (!tie_range_applies(out.measures[m])) continue;
    out.ties.push_back({run, m, t.changed[columns[m]], t.worst.mean[columns[m]], t.best.mean[columns[m]]});
  }
}

}  // namespace

std::string_view name_of(adjusted_test t) {
  static constexpr std::string_view names[] = {"ttest", "wilcoxon", "sign", "randomization"};
  return names[static_cast<int>(t)];
}

namespace {

// The runs' names, from --names or run1, run2, ...
std::string run_name(std::size_t i, const batch_settings& s) {
  return i < s.names.size() ? s.names[i] : "run" + std::to_string(i + 1);
}

compare_result named(std::size_t runs, const batch_settings& s) {
  compare_result out;
  for (std::size_t i = 0; i < runs; ++i) out.runs.push_back(run_name(i, s));
  return out;
}

// Every run must hold the first run's queries, in the same order.
status check_queries(const trec_result& first, const trec_result& r, std::size_t index, const std::string& name) {
  if (r.qids == first.qids) return done{};
  std::size_t q = 0;
  while (q < r.qids.size() && q < first.qids.size() && r.qids[q] == first.qids[q]) ++q;
  const std::string& at = q < first.qids.size() ? first.qids[q] : r.qids[q];
  error e = fail(error_code::missing_query, "run " + echo(name) + " does not have the same queries as the first run (" +
                                                std::to_string(r.qids.size()) + " against " + std::to_string(first.qids.size()) +
                                                "; they differ at query " + echo(at) + ")")
                .in("run")
                .with("found", at);
  e.index = index;
  return e;
}

// The comparisons of runs whose values are in out.values.
void add_comparisons(compare_result& out, const batch_settings& s) {
  // By measure, then run, as the comparisons are listed.
  std::vector<tie_summary> by_measure;
  for (std::size_t m = 0; m < out.measures.size(); ++m)
    for (const tie_summary& t : out.ties)
      if (t.measure == m) by_measure.push_back(t);
  out.ties = std::move(by_measure);
  out.trials = s.trials;
  out.seed = s.seed;
  out.holm = s.holm;
  const auto pairs = pairs_of(out.runs.size(), s.all_pairs);
  for (std::size_t m = 0; m < out.measures.size(); ++m) {
    const std::size_t from = out.comparisons.size();
    for (const auto& [a, b] : pairs) {
      comparison c = compare_pair(out.values[a][m], out.values[b][m], s);
      c.measure = m;
      c.a = a;
      c.b = b;
      out.comparisons.push_back(c);
    }
    adjust(out.comparisons, from, out.comparisons.size(), s.holm);
  }
}

// The compared columns of a result: every per-query measure.
void take_columns(const trec_result& r, compare_result& out, std::vector<std::size_t>& columns) {
  out.qids = r.qids;
  for (std::size_t m = 0; m < r.names.size(); ++m)
    if (!r.summary_only[m]) columns.push_back(m), out.measures.push_back(r.names[m]);
}

}  // namespace

status check_run_count(std::size_t runs) {
  if (runs >= 2) return done{};
  return fail(error_code::bad_input, "compare needs two runs or more, got " + std::to_string(runs))
      .in("options")
      .with("found", std::to_string(runs));
}

batch_settings compare_settings(const batch_settings& s) {
  batch_settings b = s;
  if (b.trec.measures.empty()) b.trec.measures = default_compare_measures();
  b.trec.strict = true;  // paired tests need every run to answer every qrels query (or -c)
  return b;
}

expected<compare_result> compare_evaluations(const std::vector<run_evaluation>& runs, const batch_settings& s) {
  if (auto ok = check_run_count(runs.size()); !ok) return ok.err();
  compare_result out = named(runs.size(), s);
  std::vector<std::size_t> columns;  // the result columns compared (num_q is a count of queries)
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const run_evaluation& ev = runs[i];
    if (i == 0) take_columns(ev.result, out, columns);
    out.values.push_back(columns_of(ev.result, columns, out.qids.size()));
    if (ev.ties) add_tie_range(*ev.ties, i, columns, out);
  }
  add_comparisons(out, s);
  return out;
}

error named_run_error(error e, std::size_t failed, const batch_settings& s) {
  if (e.code == error_code::missing_query && failed) e.message += " (run " + echo(run_name(failed - 1, s)) + ")";
  return e;
}

expected<compare_result> compare_runs(std::string_view qrels_text, const std::vector<std::string_view>& run_texts,
                                      const batch_settings& s, const input_reading& ir,
                                      std::vector<batch_reading>* readings) {
  if (auto ok = check_run_count(run_texts.size()); !ok) return ok.err();
  std::vector<batch_reading> said;
  std::size_t failed = 0;
  auto runs = evaluate_runs(qrels_text, run_texts, compare_settings(s), ir, readings ? *readings : said, &failed);
  if (!runs) return named_run_error(runs.err(), failed, s);
  return compare_evaluations(*runs, s);
}

expected<compare_result> compare_results(const std::vector<trec_result>& runs, const batch_settings& s) {
  if (auto ok = check_run_count(runs.size()); !ok) return ok.err();
  compare_result out = named(runs.size(), s);
  std::vector<std::size_t> columns;
  take_columns(runs[0], out, columns);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (auto ok = check_queries(runs[0], runs[i], i + 1, out.runs[i]); !ok) return ok.err();
    if (runs[i].names != runs[0].names) {
      error e = fail(error_code::bad_input, "run " + echo(out.runs[i]) + " was evaluated with other measures than the first").in("run");
      e.index = i + 1;
      return e;
    }
    out.values.push_back(columns_of(runs[i], columns, out.qids.size()));
  }
  add_comparisons(out, s);
  return out;
}

void put_tie_summary(const tie_summary& t, const compare_result& r, field_sink& out) {
  out.text("measure", r.measures[t.measure]);
  out.text("run", r.runs[t.run]);
  out.count("queries_changed", t.changed);
  out.number("mean_min", t.mean_min);
  out.number("mean_max", t.mean_max);
}

void put_comparison(const comparison& c, const compare_result& r, field_sink& out) {
  out.text("measure", r.measures[c.measure]);
  out.text("run_a", r.runs[c.a]);
  out.text("run_b", r.runs[c.b]);
  out.count("queries", c.queries);
  out.number("mean_a", c.mean_a);
  out.number("mean_b", c.mean_b);
  out.number("diff", c.diff);
  out.numbers("ci95", {c.ci_low, c.ci_high});
  out.text("interval", c.interval_withheld ? "withheld" : "bootstrap");
  out.number("effect_size", c.effect_size);
  out.count("wins", c.wins);
  out.count("losses", c.losses);
  out.count("ties", c.ties);
  out.number("p_ttest", c.p_ttest);
  out.number("p_wilcoxon", c.p_wilcoxon);
  out.number("p_sign", c.p_sign);
  out.number("p_randomization", c.p_randomization);
  if (c.adjusted) out.number("p_holm", c.p_holm);
  out.text("wilcoxon", c.wilcoxon_exact ? "exact" : "normal");
  out.text("randomization", c.randomization_exact ? "exact" : "sampled");
}

namespace {

// values[run][measure][query] as {measure: [each run's values in qid order]};
// null when not computed (the worst and best orders without tie_range).
void put_by_measure(std::string_view name, const compare_result& r,
                    const std::vector<std::vector<std::vector<double>>>& values, field_sink& out) {
  if (values.empty() && !r.runs.empty()) return out.null(name);
  out.begin_keys(name);
  for (std::size_t m = 0; m < r.measures.size(); ++m) {
    out.begin_list(r.measures[m]);
    for (const auto& run : values) out.numbers("", run[m]);
    out.end();
  }
  out.end();
}

template <class T, class Put>
void put_list(std::string_view name, const std::vector<T>& items, field_sink& out, Put put) {
  out.begin_list(name);
  for (const T& item : items) {
    out.begin("");
    put(item);
    out.end();
  }
  out.end();
}

std::vector<std::string_view> views_of(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

}  // namespace

void put_compare_result(const compare_result& r, field_sink& out) {
  out.texts("runs", views_of(r.runs));
  out.texts("measures", views_of(r.measures));
  out.texts("qids", views_of(r.qids));
  put_list("comparisons", r.comparisons, out, [&](const comparison& c) { put_comparison(c, r, out); });
  put_list("tie_ranges", r.ties, out, [&](const tie_summary& t) { put_tie_summary(t, r, out); });
  put_by_measure("per_query", r, r.values, out);
  put_by_measure("per_query_worst", r, r.worst, out);
  put_by_measure("per_query_best", r, r.best, out);
  out.count("trials", r.trials);
  out.count("seed", r.seed);
  out.text("holm_test", name_of(r.holm));
}

void put_measure_tables(field_sink& out) {
  out.texts("names", trec_measure_names());
  out.texts("not_offered", trec_measures_not_offered());
  std::vector<std::string_view> names;
  for (const trec_nickname& n : trec_nicknames()) names.push_back(n.name);
  out.texts("nicknames", names);
  out.begin_keys("nickname_families");
  for (const trec_nickname& n : trec_nicknames()) out.texts(n.name, n.families);
  out.end();
  out.texts("default", views_of(default_trec_measures()));
  out.texts("compare_default", views_of(default_compare_measures()));
  // Families whose parameters make one column (numbers, gains): pytrec_eval keys it by the family's name.
  std::vector<std::string_view> one_column;
  for (const trec_measure_info& m : trec_measures())
    if (m.parameters == "numbers" || m.parameters == "gains") one_column.push_back(m.name);
  out.texts("one_column", one_column);
}

}  // namespace ndcg
