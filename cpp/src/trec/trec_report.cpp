// Writing a batch result: trec_eval's text lines, JSON in pytrec_eval's
// shape, or CSV; one walk over the same cells, so the three carry the same
// values (the text rounded to --digits, JSON and CSV exact).
#include <cmath>
#include <string>

#include "ndcg/numbers.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/report.hpp"
#include "ndcg/trec.hpp"

namespace ndcg {
namespace {

bool missing(double v) { return std::isnan(v) && !is_trec_nan(v); }

// A measure's name padded to 22 columns, as trec_eval's "%-22s"; under -Z
// trec_eval prints "Z%-22s", so a Z name takes 23.
void append_name(std::string& out, std::string_view name, std::size_t width) {
  out += name;
  if (name.size() < width) out.append(width - name.size(), ' ');
}

// A value as trec_eval prints it: counts whole, the rest "%6.4f" (or
// --digits decimals, or %.17g), a 0 / 0 as "-nan".
std::string text_value(double value, bool is_count, int digits) {
  if (is_trec_nan(value) || std::isnan(value)) return digits >= 17 ? "-nan" : "  -nan";
  if (std::isinf(value) && digits < 17) return value > 0 ? "   inf" : "  -inf";  // "%6.4f"'s width
  // A count past long long (merged shards of a hostile input) prints whole, without the cast's overflow.
  if (is_count && std::fabs(value) < 9e18) return std::to_string(static_cast<long long>(value));
  if (is_count) return fixed_text(value, 0);
  if (digits >= 17) return significant_text(value, 17);
  return fixed_text(value, std::max(digits, 0));
}

void append_line(std::string& out, const std::string& name, std::string_view qid, std::string_view value,
                 std::size_t width = 22) {
  append_name(out, name, width);
  out += '\t';
  out += qid;
  out += '\t';
  out += value;
  out += '\n';
}

// The cells of a result, row by row: each query (with -q), then "all".
// cell(qid, m, value, text) is called for each value that is printed.
template <class Row, class Cell>
void each_cell(const trec_result& r, const trec_output& o, Row row, Cell cell) {
  if (o.per_query)
    for (std::size_t q = 0; q < r.qids.size(); ++q) {
      row(r.qids[q]);
      for (std::size_t m = 0; m < r.names.size(); ++m) {
        if (r.summary_only[m]) continue;
        if (r.is_text[m]) cell(r.qids[q], m, 0.0, &r.text(q, m));
        else if (!missing(r.values[q][m])) cell(r.qids[q], m, r.values[q][m], nullptr);
      }
    }
  if (!o.summary) return;
  row("all");
  for (std::size_t m = 0; m < r.names.size(); ++m) {
    if (r.names[m] == "runid") cell("all", m, 0.0, &r.run_id);
    else if (!r.per_query_only[m] && !missing(r.mean[m])) cell("all", m, r.mean[m], nullptr);
  }
}

// --ci on an "all" line: two more tab-separated fields after the value,
// "[low, high]" (or "[withheld]") and "n=QUERIES"; a reader of trec_eval's
// three fields still reads the value, and without --ci nothing changes.
void append_interval(std::string& value, const trec_result& r, std::size_t m, int digits) {
  if (std::isnan(r.ci_low[m])) value += "\t[withheld";
  else (((value += "\t[") += text_value(r.ci_low[m], false, digits)) += ", ") += text_value(r.ci_high[m], false, digits);
  (value += "]\tn=") += std::to_string(r.ci_queries[m]);
}

std::string render_text(const trec_result& r, const trec_output& o) {
  std::string out;
  each_cell(
      r, o, [](std::string_view) {},
      [&](std::string_view qid, std::size_t m, double v, const std::string* text) {
        std::string value = text ? std::string() : text_value(v, r.is_count[m], o.digits);
        if (!text && qid == "all" && r.has_interval(m)) append_interval(value, r, m, o.digits);
        if (!text) append_line(out, r.names[m], qid, value, r.zscores ? 23 : 22);
        else if (r.names[m] == "runid") append_line(out, r.names[m], qid, *text);
        else append_line(out, r.names[m], qid, "'" + *text + "'");
      });
  return out;
}

std::string json_value(double v, const std::string* text) {
  if (text) return json_string(*text);
  if (std::isnan(v) || std::isinf(v)) return "null";  // JSON has no NaN: trec_eval's -nan
  return shortest(v);
}

// --ci: "ci95": {measure: [low, high]} (null when withheld) and
// "ci_queries": {measure: queries}, beside the rows.
std::string json_intervals(const trec_result& r) {
  std::string bounds, queries;
  for (std::size_t m = 0; m < r.names.size(); ++m) {
    if (!r.has_interval(m)) continue;
    const std::string key = (bounds.empty() ? "" : ", ") + json_string(r.names[m]) + ": ";
    bounds += key + "[" + json_value(r.ci_low[m], nullptr) + ", " + json_value(r.ci_high[m], nullptr) + "]";
    queries += key + std::to_string(r.ci_queries[m]);
  }
  return "\"ci95\": {" + bounds + "},\n\"ci_queries\": {" + queries + "}";
}

std::string render_json(const trec_result& r, const trec_output& o) {
  std::string out = "{";
  bool first_row = true, first_cell = true;
  each_cell(
      r, o,
      [&](std::string_view qid) {
        out += first_row ? "\n" : "},\n";
        out += json_string(qid) + ": {";
        first_row = false;
        first_cell = true;
      },
      [&](std::string_view, std::size_t m, double v, const std::string* text) {
        out += (first_cell ? "" : ", ") + json_string(r.names[m]) + ": " + json_value(v, text);
        first_cell = false;
      });
  const bool with_ci = !r.ci_queries.empty() && o.summary;  // the "all" row is there too
  if (with_ci) out += "},\n" + json_intervals(r);
  out += first_row ? "}\n" : with_ci ? "\n}\n" : "}\n}\n";
  return out;
}

// --ci: rows ci95_low, ci95_high and ci_queries after "all", a cell for
// each measure that has an interval.
void append_interval_rows(const trec_result& r, std::string& out) {
  if (r.ci_queries.empty()) return;
  const char* rows[] = {"ci95_low", "ci95_high", "ci_queries"};
  for (int row = 0; row < 3; ++row) {
    out += std::string("\n") + rows[row];
    for (std::size_t m = 0; m < r.names.size(); ++m) {
      out += ',';
      if (!r.has_interval(m)) continue;
      const double v = row == 0 ? r.ci_low[m] : r.ci_high[m];
      out += row == 2 ? std::to_string(r.ci_queries[m]) : std::isnan(v) ? "nan" : shortest(v);
    }
  }
}

std::string render_csv(const trec_result& r, const trec_output& o) {
  std::string out = "query";
  for (const std::string& n : r.names) out += "," + csv_field(n);
  std::vector<std::string> cells;
  const auto flush = [&] {
    for (const std::string& c : cells) out += "," + c;
    cells.assign(r.names.size(), std::string());
  };
  bool started = false;
  each_cell(
      r, o,
      [&](std::string_view qid) {
        if (started) flush();
        cells.assign(r.names.size(), std::string());
        out += "\n" + csv_field(qid);
        started = true;
      },
      [&](std::string_view, std::size_t m, double v, const std::string* text) {
        cells[m] = text ? csv_field(*text) : (std::isnan(v) ? std::string("nan") : shortest(v));
      });
  if (started) flush();
  if (o.summary) append_interval_rows(r, out);
  return out + "\n";
}

}  // namespace

std::string render_trec(const trec_result& r, const trec_output& o) {
  switch (o.format) {
    case report_format::json: return render_json(r, o);
    case report_format::csv: return render_csv(r, o);
    default: return render_text(r, o);
  }
}

expected<trec_output> trec_output_of(const batch_settings& b) {
  const report_format f = b.format;
  if (f != report_format::text && f != report_format::json && f != report_format::csv) {
    const char* found = f == report_format::markdown ? "markdown" : "latex";
    return fail(error_code::unknown_choice, std::string("ndcg trec writes text, json or csv, not ") + found)
        .with("found", found)
        .with("choices", "text, json, csv");
  }
  trec_output o;
  o.format = f;
  o.per_query = b.per_query;
  o.summary = !b.no_summary;
  o.digits = b.digits;
  return o;
}

namespace {

std::vector<std::string_view> views_of(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

// The per-query values as columns, one per measure; a summary-only
// measure's (num_q, runid, gm_map) are in no row.
std::vector<keyed_column> per_query_columns(const trec_result& r) {
  std::vector<keyed_column> out;
  for (std::size_t m = 0; m < r.names.size(); ++m) {
    keyed_column& c = out.emplace_back();
    c.name = r.names[m];
    c.in_rows = !r.summary_only[m];
    c.is_text = r.is_text[m];
    c.counts = r.is_count[m];
    for (std::size_t q = 0; q < r.qids.size(); ++q) {
      if (c.is_text) c.texts.push_back(r.text(q, m));
      else c.numbers.push_back(r.values[q][m]);
    }
  }
  return out;
}

void put_means(const trec_result& r, field_sink& out) {
  out.begin_keys("mean");
  for (std::size_t m = 0; m < r.names.size(); ++m) {
    const double v = r.mean[m];
    if (r.per_query_only[m]) continue;
    if (r.names[m] == "runid") out.null(r.names[m]);  // the tag is run_id
    else if (r.is_count[m] && v >= 0 && v < 9e18) out.count(r.names[m], static_cast<std::uint64_t>(v));
    else out.number(r.names[m], v);
  }
  out.end();
}

}  // namespace

// The values per query cross as one column per measure (a million queries:
// one list each), which a sink lays out as {qid: {measure: value}} or keeps.
void put_trec_result(const trec_result& r, field_sink& out) {
  out.texts("measures", views_of(r.names));
  out.texts("qids", views_of(r.qids));
  put_keyed(out, "per_query", views_of(r.qids), per_query_columns(r));
  put_means(r, out);
  out.count("num_q", r.num_q);
  out.text("run_id", r.run_id);
  std::vector<std::string_view> summary_only, counts;
  for (std::size_t m = 0; m < r.names.size(); ++m) {
    if (r.summary_only[m]) summary_only.push_back(r.names[m]);
    if (r.is_count[m]) counts.push_back(r.names[m]);
  }
  out.texts("summary_only", summary_only);
  out.texts("counts", counts);  // printed as whole numbers (num_q, num_ret, ...), not with -digits
  out.texts("not_offered", views_of(r.not_offered));
  out.texts("notes", views_of(r.notes));
  if (r.ci_queries.empty()) return;
  out.begin_keys("ci95");
  for (std::size_t m = 0; m < r.names.size(); ++m)
    if (r.has_interval(m)) out.numbers(r.names[m], {r.ci_low[m], r.ci_high[m]});
  out.end();
  out.begin_keys("ci_queries");
  for (std::size_t m = 0; m < r.names.size(); ++m)
    if (r.has_interval(m)) out.count(r.names[m], r.ci_queries[m]);
  out.end();
}

std::string format_trec(const trec_result& r, bool per_query, int digits) {
  trec_output o;
  o.per_query = per_query;
  o.digits = digits;
  return render_text(r, o);
}

}  // namespace ndcg
