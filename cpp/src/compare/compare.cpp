// Comparing runs: compare's option table, the per-query values from
// evaluate_trec, and one comparison per measure and pair of runs.
#include "ndcg/compare.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ndcg/stats.hpp"
#include "ndcg/tie_range.hpp"

namespace ndcg {
namespace {

constexpr double none = std::numeric_limits<double>::quiet_NaN();
constexpr double max_whole = 9007199254740991.0;  // 2^53 - 1, as explain's table
constexpr double nan = none;

using kind = option_kind;
using detail::read_choice;
using detail::read_flag;
using detail::read_whole;

// A row's metadata as an explain row: no preset, no setter of explain's settings.
constexpr option_row meta(std::string_view key, kind k, std::string_view choices, double min, double max,
                          std::string_view help) {
  return option_row{key, k, choices, min, max, false, false, help, nullptr, nullptr};
}

std::string yes_no(bool v) { return v ? "true" : "false"; }

template <class T>
status set_whole(const option_row& row, T& into, std::string_view text) {
  auto v = read_whole(row, text);
  if (!v) return v.err();
  into = static_cast<T>(*v);
  return done{};
}

status set_bool(const option_row& row, bool& into, std::string_view text) {
  auto v = read_flag(row, text);
  if (!v) return v.err();
  into = *v;
  return done{};
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

const std::vector<compare_option> rows = {
    {meta("measures", kind::texts, "", none, none,
          "a measure in trec_eval's spelling, repeatable: ndcg_cut.10, map, P.5,10, recip_rank, ndcg, ..."),
     "-m",
     [](const option_row&, compare_settings& s, std::string_view t) -> status {
       s.trec.measures.emplace_back(t);
       return done{};
     },
     [](const compare_settings& s) { return joined(s.trec.measures.empty() ? default_compare_measures() : s.trec.measures); }},
    {meta("complete", kind::flag, "", none, none, "score judged queries missing from a run as 0 (else an error)"), "-c",
     [](const option_row& r, compare_settings& s, std::string_view t) { return set_bool(r, s.trec.complete, t); },
     [](const compare_settings& s) { return yes_no(s.trec.complete); }},
    {meta("relevance_level", kind::whole, "", 0, max_whole, "rel >= this is relevant (map, P, recip_rank)"), "-l",
     [](const option_row& r, compare_settings& s, std::string_view t) { return set_whole(r, s.trec.relevance_level, t); },
     [](const compare_settings& s) { return std::to_string(s.trec.relevance_level); }},
    {meta("gain", kind::choice, "linear,exp|exponential", none, none, "gains of the ndcg measures: rel (trec_eval) or 2^rel - 1"), "",
     [](const option_row& r, compare_settings& s, std::string_view t) -> status {
       auto i = read_choice(r, t);
       if (!i) return i.err();
       s.trec.exp_gain = *i == 1;
       return done{};
     },
     [](const compare_settings& s) { return std::string(s.trec.exp_gain ? "exp" : "linear"); }},
    {meta("trials", kind::whole, "", 1, 1000000, "bootstrap resamples and randomization flips"), "",
     [](const option_row& r, compare_settings& s, std::string_view t) { return set_whole(r, s.trials, t); },
     [](const compare_settings& s) { return std::to_string(s.trials); }},
    {meta("seed", kind::whole, "", 0, max_whole, "seed of the bootstrap and the randomization test"), "",
     [](const option_row& r, compare_settings& s, std::string_view t) { return set_whole(r, s.seed, t); },
     [](const compare_settings& s) { return std::to_string(s.seed); }},
    {meta("all_pairs", kind::flag, "", none, none, "compare every pair of runs, not each run against the first"), "",
     [](const option_row& r, compare_settings& s, std::string_view t) { return set_bool(r, s.all_pairs, t); },
     [](const compare_settings& s) { return yes_no(s.all_pairs); }},
    {meta("holm_test", kind::choice, "ttest,wilcoxon,sign,randomization", none, none,
          "the test whose p-values are Holm-adjusted over the pairs of each measure"), "",
     [](const option_row& r, compare_settings& s, std::string_view t) -> status {
       auto i = read_choice(r, t);
       if (!i) return i.err();
       s.holm = static_cast<adjusted_test>(*i);
       return done{};
     },
     [](const compare_settings& s) { return std::string(name_of(s.holm)); }},
    {meta("format", kind::choice, "text,markdown|md,json,csv,latex|tex", none, none, "the report's format"), "",
     [](const option_row& r, compare_settings& s, std::string_view t) -> status {
       auto i = read_choice(r, t);
       if (!i) return i.err();
       s.format = *parse_report_format(choices_of(r)[static_cast<std::size_t>(*i)]);
       return done{};
     },
     [](const compare_settings& s) {
       static constexpr std::string_view names[] = {"text", "markdown", "json", "csv", "latex"};
       return std::string(names[static_cast<int>(s.format)]);
     }},
    {meta("per_query", kind::flag, "", none, none, "per-query values too (text and JSON)"), "-q",
     [](const option_row& r, compare_settings& s, std::string_view t) { return set_bool(r, s.per_query, t); },
     [](const compare_settings& s) { return yes_no(s.per_query); }},
    {meta("digits", kind::whole, "", 0, 17, "decimals printed (text, Markdown, LaTeX)"), "",
     [](const option_row& r, compare_settings& s, std::string_view t) { return set_whole(r, s.digits, t); },
     [](const compare_settings& s) { return std::to_string(s.digits); }},
    {meta("names", kind::texts, "", none, none, "the runs' names in order, repeatable (default: file names; run1, run2, ...)"), "",
     [](const option_row&, compare_settings& s, std::string_view t) -> status {
       s.names.emplace_back(t);
       return done{};
     },
     [](const compare_settings& s) { return joined(s.names); }},
    {meta("tie_range", kind::flag, "", none, none,
          "also evaluate each run with tied documents in their worst and best order (3 evaluations a run)"), "",
     [](const option_row& r, compare_settings& s, std::string_view t) { return set_bool(r, s.tie_range, t); },
     [](const compare_settings& s) { return yes_no(s.tie_range); }},
};

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

comparison compare_pair(const std::vector<double>& va, const std::vector<double>& vb, const compare_settings& s) {
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
  const auto ci = stats::bootstrap_interval(d, s.trials, boot);
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

// Per-query values of one run: values[measure][query], without summary-only columns.
expected<trec_result> evaluate_run(std::string_view qrels, std::string_view run, const trec_options& opt,
                                   std::size_t index, const std::string& name) {
  auto r = evaluate_trec(qrels, run, opt);
  if (r) return r;
  error e = r.err();
  if (e.source == "run") e.index = index;
  if (e.code == error_code::missing_query) e.message += " (run " + echo(name) + ")";
  return e;
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
status add_tie_range(std::string_view qrels, std::string_view run, const trec_options& opt, std::size_t index,
                     const std::vector<std::size_t>& columns, compare_result& out) {
  auto t = evaluate_tie_range(qrels, run, opt);
  if (!t) {
    error e = t.err();
    if (e.source == "run") e.index = index;
    return e;
  }
  out.worst.push_back(columns_of(t->worst, columns, out.qids.size()));
  out.best.push_back(columns_of(t->best, columns, out.qids.size()));
  for (std::size_t m = 0; m < columns.size(); ++m) {
    if (!tie_range_applies(out.measures[m])) continue;
    out.ties.push_back({index - 1, m, t->changed[columns[m]], t->worst.mean[columns[m]], t->best.mean[columns[m]]});
  }
  return done{};
}

}  // namespace

const std::vector<compare_option>& compare_option_table() { return rows; }

const compare_option* find_compare_option(std::string_view key) {
  for (const compare_option& r : rows)
    if (!r.short_flag.empty() && r.short_flag == key) return &r;
  const std::string wanted = canonical_key(key);
  for (const compare_option& r : rows)
    if (r.meta.key == wanted) return &r;
  return nullptr;
}

expected<compare_settings> compare_settings_from(const std::vector<std::pair<std::string, std::string>>& given) {
  compare_settings s;
  for (const auto& [key, value] : given) {
    const compare_option* row = find_compare_option(key);
    if (!row) return fail(error_code::unknown_option, "unknown option " + echo(key)).in("options").with("found", key);
    if (auto ok = row->set(row->meta, s, value); !ok) return ok.err();
  }
  return s;
}

const std::vector<std::string>& default_compare_measures() {
  static const std::vector<std::string> measures{"ndcg_cut.10", "map", "P.10", "recip_rank"};
  return measures;
}

std::string_view name_of(adjusted_test t) {
  static constexpr std::string_view names[] = {"ttest", "wilcoxon", "sign", "randomization"};
  return names[static_cast<int>(t)];
}

expected<compare_result> compare_runs(std::string_view qrels_text, const std::vector<std::string_view>& run_texts,
                                      const compare_settings& s) {
  if (run_texts.size() < 2)
    return fail(error_code::bad_input, "compare needs two runs or more, got " + std::to_string(run_texts.size()))
        .in("options")
        .with("found", std::to_string(run_texts.size()));
  compare_result out;
  for (std::size_t i = 0; i < run_texts.size(); ++i)
    out.runs.push_back(i < s.names.size() ? s.names[i] : "run" + std::to_string(i + 1));
  trec_options opt = s.trec;
  if (opt.measures.empty()) opt.measures = default_compare_measures();
  opt.strict = true;  // paired tests need every run to answer every qrels query (or -c)
  std::vector<std::size_t> columns;  // the result columns compared (num_q is a count of queries)
  for (std::size_t i = 0; i < run_texts.size(); ++i) {
    auto r = evaluate_run(qrels_text, run_texts[i], opt, i + 1, out.runs[i]);
    if (!r) return r.err();
    if (i == 0) {
      out.qids = r->qids;
      for (std::size_t m = 0; m < r->names.size(); ++m)
        if (!r->summary_only[m]) columns.push_back(m), out.measures.push_back(r->names[m]);
    }
    out.values.push_back(columns_of(*r, columns, out.qids.size()));
    if (s.tie_range)
      if (auto ok = add_tie_range(qrels_text, run_texts[i], opt, i + 1, columns, out); !ok) return ok.err();
  }
  // By measure, then run, as the comparisons are listed.
  std::vector<tie_summary> by_measure;
  for (std::size_t m = 0; m < out.measures.size(); ++m)
    for (const tie_summary& t : out.ties)
      if (t.measure == m) by_measure.push_back(t);
  out.ties = std::move(by_measure);
  out.trials = s.trials;
  out.seed = s.seed;
  out.holm = s.holm;
  const auto pairs = pairs_of(run_texts.size(), s.all_pairs);
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

}  // namespace ndcg
