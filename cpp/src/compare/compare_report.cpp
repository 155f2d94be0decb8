// compare's report: one table row per measure and pair (text, Markdown,
// LaTeX), one CSV line per row, or JSON whose comparisons are written by
// put_comparison, the same field list the JS API reads.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "ndcg/compare.hpp"
#include "ndcg/numbers.hpp"
#include "base/utf8.hpp"
#include "report/words.hpp"

namespace ndcg {
namespace {

std::string signed_fixed(double v, int digits) {
  std::string s = fixed_cell(v, digits);
  return std::isnan(v) || s[0] == '-' || s.find_first_not_of("0.") == std::string::npos ? s : "+" + s;
}

// A p-value: fixed decimals, or "<0.0001" when it would print as zero.
std::string p_cell(double p, int digits) {
  if (std::isnan(p)) return "n/a";
  double smallest = 1;
  for (int i = 0; i < digits; ++i) smallest /= 10;
  if (p > 0 && p < smallest / 2) return "<" + fixed_cell(smallest, digits);
  return fixed_cell(p, digits);
}

using detail::printable;

// Columns on screen, so names in any script line up (CJK counts two).
std::size_t width_of(const std::string& s) { return detail::display_width(s); }

bool any_withheld(const compare_result& r) {
  for (const comparison& c : r.comparisons)
    if (c.interval_withheld) return true;
  return false;
}

std::string interval_cell(const comparison& c, int d) {
  if (c.interval_withheld) return "withheld";
  return "[" + signed_fixed(c.ci_low, d) + ", " + signed_fixed(c.ci_high, d) + "]";
}

bool any_holm(const compare_result& r) {
  for (const comparison& c : r.comparisons)
    if (c.adjusted) return true;
  return false;
}

std::vector<std::string> header(const compare_result& r) {
  std::vector<std::string> h = {"measure", "A", "B", "mean A", "mean B", "B - A", "95% CI", "d_z", "W/L/T",
                                "p t-test", "p Wilcoxon", "p sign", "p rand."};
  if (any_holm(r)) h.push_back("p Holm");
  return h;
}

std::vector<std::string> cells(const comparison& c, const compare_result& r, int d) {
  std::vector<std::string> row = {
      r.measures[c.measure], printable(r.runs[c.a]), printable(r.runs[c.b]), fixed_cell(c.mean_a, d), fixed_cell(c.mean_b, d),
      signed_fixed(c.diff, d), interval_cell(c, d),
      fixed_cell(c.effect_size, std::min(d, 2)),
      std::to_string(c.wins) + "/" + std::to_string(c.losses) + "/" + std::to_string(c.ties),
      p_cell(c.p_ttest, d), p_cell(c.p_wilcoxon, d), p_cell(c.p_sign, d), p_cell(c.p_randomization, d)};
  if (any_holm(r)) row.push_back(p_cell(c.p_holm, d));
  return row;
}

std::string summary_line(const compare_result& r, const batch_settings& s, const detail::compare_words& w) {
  std::string line = detail::fill(w.runs_queries, {std::to_string(r.runs.size()), std::to_string(r.qids.size())});
  line += s.all_pairs ? std::string(w.every_pair) : detail::fill(w.against_first, {printable(r.runs[0])});
  line += detail::fill(w.trials, {std::to_string(r.trials), std::to_string(r.seed)});
  if (any_holm(r)) line += detail::fill(w.holm, {name_of(r.holm)});
  return line;
}

// Said under the table whenever an interval is withheld.
std::string few_queries_note(const compare_result& r, const detail::compare_words& w) {
  return any_withheld(r) ? detail::fill(w.few_queries, {std::to_string(min_interval_queries)}) : "";
}

std::string aligned(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> width(rows[0].size(), 0);
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], width_of(r[i]));
  std::string out;
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t i = 0; i < r.size(); ++i) {
      const std::string pad(width[i] - width_of(r[i]), ' ');
      line += "  " + (i < 3 ? r[i] + pad : pad + r[i]);
    }
    out += line.substr(0, line.find_last_not_of(' ') + 1) + "\n";
  }
  return out;
}

// "0.2100..0.3500" when the order of ties moves the value, else "".
std::string range_cell(const compare_result& r, std::size_t run, std::size_t m, std::size_t q, int d) {
  if (r.worst.empty()) return "";
  const double lo = r.worst[run][m][q], hi = r.best[run][m][q];
  return lo == hi || (std::isnan(lo) && std::isnan(hi)) ? "" : fixed_cell(lo, d) + ".." + fixed_cell(hi, d);
}

// The pairs compared on measure m, in the core's order (every measure has the same pairs).
std::vector<const comparison*> pairs_of(const compare_result& r, std::size_t m) {
  std::vector<const comparison*> out;
  for (const comparison& c : r.comparisons)
    if (c.measure == m) out.push_back(&c);
  return out;
}

double value_at(const compare_result& r, std::size_t run, std::size_t m, std::size_t q) { return r.values[run][m][q]; }

// B - A of one query; NaN when either run has no value.
double diff_at(const compare_result& r, const comparison& c, std::size_t q) {
  return value_at(r, c.b, c.measure, q) - value_at(r, c.a, c.measure, q);
}

std::string diff_name(const compare_result& r, const comparison& c) {
  return printable(r.runs[c.b]) + " - " + printable(r.runs[c.a]);
}

// Measure m query by query: each run's value (and its tie range with
// tie_range), then B - A for every pair compared; the header's first cell
// names the measure. The text, Markdown and LaTeX tables are these rows.
std::vector<std::vector<std::string>> per_query_rows(const compare_result& r, std::size_t m, int d) {
  const std::vector<const comparison*> pairs = pairs_of(r, m);
  std::vector<std::vector<std::string>> rows = {{r.measures[m]}};
  for (const std::string& run : r.runs) {
    rows[0].push_back(printable(run));
    if (!r.worst.empty()) rows[0].push_back("tie range");
  }
  for (const comparison* c : pairs) rows[0].push_back(diff_name(r, *c));
  for (std::size_t q = 0; q < r.qids.size(); ++q) {
    rows.push_back({printable(r.qids[q])});
    for (std::size_t run = 0; run < r.values.size(); ++run) {
      rows.back().push_back(fixed_cell(value_at(r, run, m, q), d));
      if (!r.worst.empty()) rows.back().push_back(range_cell(r, run, m, q, d));
    }
    for (const comparison* c : pairs) rows.back().push_back(signed_fixed(diff_at(r, *c, q), d));
  }
  return rows;
}

std::string per_query_text(const compare_result& r, int d) {
  std::string out;
  for (std::size_t m = 0; m < r.measures.size(); ++m) out += "\n" + aligned(per_query_rows(r, m, d));
  return out;
}


std::vector<std::vector<std::string>> ties_rows(const compare_result& r, int d) {
  std::vector<std::vector<std::string>> rows = {{"measure", "run", "queries", "worst order", "best order"}};
  for (const tie_summary& t : r.ties)
    rows.push_back({r.measures[t.measure], printable(r.runs[t.run]), std::to_string(t.changed), fixed_cell(t.mean_min, d),
                    fixed_cell(t.mean_max, d)});
  return rows;
}

// How far the order of tied documents moves each run's mean.
std::string ties_text(const compare_result& r, int d, const detail::compare_words& w) {
  if (r.ties.empty()) return "";
  return std::string("\n") + w.ties + aligned(ties_rows(r, d));
}

std::string render_text(const compare_result& r, const batch_settings& s, const detail::compare_words& w) {
  std::vector<std::vector<std::string>> rows = {header(r)};
  for (const comparison& c : r.comparisons) rows.push_back(cells(c, r, s.digits));
  std::string out = summary_line(r, s, w) + "\n\n" + aligned(rows) + "\n" + w.conventions + few_queries_note(r, w) +
                    ties_text(r, s.digits, w);
  return s.per_query ? out + per_query_text(r, s.digits) : out;
}

// A Markdown table: the first `left` columns aligned left, the others right.
std::string markdown_table(const std::vector<std::vector<std::string>>& rows, std::size_t left) {
  auto line = [](const std::vector<std::string>& cells) {
    std::string out = "|";
    for (const std::string& c : cells) out += " " + markdown_escape(c) + " |";
    return out + "\n";
  };
  std::string out = line(rows[0]) + "|";
  for (std::size_t i = 0; i < rows[0].size(); ++i) out += i < left ? "---|" : "---:|";
  out += "\n";
  for (std::size_t i = 1; i < rows.size(); ++i) out += line(rows[i]);
  return out;
}

// The comparisons' rows (a header, then one row per measure and pair).
std::vector<std::vector<std::string>> comparison_rows(const compare_result& r, int d) {
  std::vector<std::vector<std::string>> rows = {header(r)};
  for (const comparison& c : r.comparisons) rows.push_back(cells(c, r, d));
  return rows;
}

// The note before a table, as a Markdown paragraph in italics (one line).
std::string markdown_note(const std::string& text) {
  std::string line = text;
  std::replace(line.begin(), line.end(), '\n', ' ');
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return "_" + markdown_escape(line) + "_\n\n";
}

std::string render_markdown(const compare_result& r, const batch_settings& s, const detail::compare_words& w) {
  std::string out = markdown_note(summary_line(r, s, w)) + markdown_table(comparison_rows(r, s.digits), 3);
  if (any_withheld(r)) out += "\n" + markdown_note(few_queries_note(r, w));
  if (!r.ties.empty()) out += "\n" + markdown_note(w.ties) + markdown_table(ties_rows(r, s.digits), 2);
  if (s.per_query)
    for (std::size_t m = 0; m < r.measures.size(); ++m) out += "\n" + markdown_table(per_query_rows(r, m, s.digits), 1);
  return out;
}

// A tabular: the first `left` columns aligned left, the others right.
std::string latex_table(const std::vector<std::vector<std::string>>& rows, std::size_t left) {
  const std::size_t n = rows[0].size();
  std::string out = "\\begin{tabular}{" + std::string(std::min(left, n), 'l') + std::string(n - std::min(left, n), 'r') +
                    "}\n\\hline\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (std::size_t j = 0; j < rows[i].size(); ++j) out += (j ? " & " : "") + latex_escape(rows[i][j]);
    out += i == 0 ? " \\\\\n\\hline\n" : " \\\\\n";
  }
  return out + "\\hline\n\\end{tabular}\n";
}

std::string render_latex(const compare_result& r, const batch_settings& s, const detail::compare_words& w) {
  std::string out = "% " + summary_line(r, s, w) + "\n" + latex_table(comparison_rows(r, s.digits), 3);
  if (!r.ties.empty()) out += "\n% " + std::string(w.ties_latex) + "\n" +
                              latex_table(ties_rows(r, s.digits), 2);
  if (s.per_query)
    for (std::size_t m = 0; m < r.measures.size(); ++m) out += "\n" + latex_table(per_query_rows(r, m, s.digits), 1);
  return out;
}

// One CSV line per comparison: its fields by name, two-number fields split
// into _low and _high.
class csv_sink : public field_sink {
 public:
  std::vector<std::string> names, values;
  void number(std::string_view n, double v) override { add(n, std::isfinite(v) ? shortest(v) : ""); }
  void count(std::string_view n, std::uint64_t v) override { add(n, std::to_string(v)); }
  void boolean(std::string_view n, bool v) override { add(n, v ? "true" : "false"); }
  void text(std::string_view n, std::string_view v) override { add(n, csv_field(v)); }
  void null(std::string_view n) override { add(n, ""); }
  void numbers(std::string_view n, const std::vector<double>& v) override {
    for (std::size_t i = 0; i < v.size(); ++i)
      number(std::string(n) + (v.size() == 2 ? (i ? "_high" : "_low") : "_" + std::to_string(i + 1)), v[i]);
  }
  void begin(std::string_view) override {}
  void end() override {}
  void steps(std::string_view, const std::vector<step>&) override {}

 private:
  void add(std::string_view n, std::string v) {
    names.emplace_back(n);
    values.push_back(std::move(v));
  }
};

std::string csv_line(const std::vector<std::string>& cells) {
  std::string out;
  for (const std::string& c : cells) out += (out.empty() ? "" : ",") + c;
  return out + "\n";
}

// One CSV line per record that `put` writes into a sink, after a header of its field names.
template <class T, class Put>
std::string csv_records(const std::vector<T>& list, Put put) {
  std::string out;
  std::vector<std::string> names;
  for (const T& x : list) {
    csv_sink sink;
    put(x, sink);
    if (names.empty()) out += csv_line(names = sink.names);  // the p_holm column is in every row or none
    out += csv_line(sink.values);
  }
  return out;
}

// A CSV cell of text: quoted when it holds a comma, a quote or a line end.
std::string csv_text(std::string_view v) {
  csv_sink sink;
  sink.text("", v);
  return sink.values[0];
}

// A CSV cell of a number: shortest round-trip text, empty for no value.
std::string csv_number(double v) { return std::isfinite(v) ? shortest(v) : ""; }

// Every measure query by query, one line each with exact values: each run's
// (with tie_range also its worst and best order), then B - A of every pair.
std::string per_query_csv(const compare_result& r) {
  const std::vector<const comparison*> pairs = pairs_of(r, 0);
  std::string out = "measure,qid";
  for (const std::string& run : r.runs) {
    out += "," + csv_text(run);
    if (!r.worst.empty()) out += "," + csv_text(run + ":worst") + "," + csv_text(run + ":best");
  }
  for (const comparison* c : pairs) out += "," + csv_text(r.runs[c->b] + " - " + r.runs[c->a]);
  out += "\n";
  for (std::size_t m = 0; m < r.measures.size(); ++m) {
    for (std::size_t q = 0; q < r.qids.size(); ++q) {
      out += csv_text(r.measures[m]) + "," + csv_text(r.qids[q]);
      for (std::size_t run = 0; run < r.values.size(); ++run) {
        out += "," + csv_number(value_at(r, run, m, q));
        if (!r.worst.empty()) out += "," + csv_number(r.worst[run][m][q]) + "," + csv_number(r.best[run][m][q]);
      }
      for (const comparison* c : pairs_of(r, m)) out += "," + csv_number(diff_at(r, *c, q));
      out += "\n";
    }
  }
  return out;
}

// The header of a CSV of `put`'s records, when there are none.
template <class T, class Put>
std::string csv_header(Put put) {
  csv_sink sink;
  put(T{}, sink);
  return csv_line(sink.names);
}

// One table (s.table), so a spreadsheet reads the file as one rectangle.
std::string render_csv(const compare_result& r, const batch_settings& s) {
  auto tie = [&](const tie_summary& t, field_sink& sink) { put_tie_summary(t, r, sink); };
  switch (s.table) {
    case compare_table::tie_ranges:
      return r.ties.empty() ? csv_header<tie_summary>(tie) : csv_records(r.ties, tie);
    case compare_table::per_query: return per_query_csv(r);
    case compare_table::comparisons: break;
  }
  return csv_records(r.comparisons, [&](const comparison& c, field_sink& sink) { put_comparison(c, r, sink); });
}

std::string json_list(const std::vector<std::string>& texts) {
  std::string out = "[";
  for (std::size_t i = 0; i < texts.size(); ++i) out += (i ? "," : "") + json_string(texts[i]);
  return out + "]";
}

// "name": [[run 1's values], [run 2's], ...]
std::string json_values(const std::string& name, const std::vector<std::vector<std::vector<double>>>& values,
                        std::size_t m) {
  std::string out = ",\n    " + json_string(name) + ": [";
  for (std::size_t run = 0; run < values.size(); ++run) {
    out += run ? ", [" : "[";
    for (std::size_t q = 0; q < values[run][m].size(); ++q) {
      const double v = values[run][m][q];
      out += (q ? "," : "") + (std::isfinite(v) ? shortest(v) : std::string("null"));
    }
    out += "]";
  }
  return out + "]";
}

// Per measure the runs' values; with tie ranges also "NAME:worst" and "NAME:best".
std::string json_per_query(const compare_result& r) {
  std::string out = ",\n  \"per_query\": {\"qids\": " + json_list(r.qids);
  for (std::size_t m = 0; m < r.measures.size(); ++m) {
    out += json_values(r.measures[m], r.values, m);
    if (r.worst.empty()) continue;
    out += json_values(r.measures[m] + ":worst", r.worst, m) + json_values(r.measures[m] + ":best", r.best, m);
  }
  return out + "}";
}

template <class T, class Put>
std::string json_objects(const std::vector<T>& list, Put put) {
  std::string out = "[";
  for (std::size_t i = 0; i < list.size(); ++i)
    out += (i ? ",\n    " : "\n    ") + json_object([&](field_sink& sink) { put(list[i], sink); });
  return out + (list.empty() ? "]" : "\n  ]");
}

std::string render_json(const compare_result& r, const batch_settings& s) {
  std::string out = "{\n  \"runs\": " + json_list(r.runs) + ",\n  \"measures\": " + json_list(r.measures);
  out += ",\n  \"queries\": " + std::to_string(r.qids.size()) + ",\n  \"trials\": " + std::to_string(r.trials);
  out += ",\n  \"seed\": " + std::to_string(r.seed) + ",\n  \"holm_test\": " + json_string(name_of(r.holm));
  out += ",\n  \"comparisons\": " +
         json_objects(r.comparisons, [&](const comparison& c, field_sink& sink) { put_comparison(c, r, sink); });
  out += ",\n  \"tie_ranges\": " +
         json_objects(r.ties, [&](const tie_summary& t, field_sink& sink) { put_tie_summary(t, r, sink); });
  if (s.per_query) out += json_per_query(r);
  return out + "\n}\n";
}

}  // namespace

// Not inlined into its callers (compare_batch.cpp says why).
[[gnu::noinline]] std::string render_compare(const compare_result& r, const batch_settings& s,
                                             report_language language) {
  const detail::compare_words& w = detail::compare_words_of(language);
  switch (s.format) {
    case report_format::markdown: return render_markdown(r, s, w);
    case report_format::json: return render_json(r, s);
    case report_format::csv: return render_csv(r, s);
    case report_format::latex: return render_latex(r, s, w);
    case report_format::text: break;
  }
  return render_text(r, s, w);
}

}  // namespace ndcg
