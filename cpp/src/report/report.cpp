// Renders an explanation: the document's step tables (text, Markdown,
// LaTeX) and machine formats (JSON, CSV) with round-trip numbers.
#include "ndcg/report.hpp"

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "ndcg/option_table.hpp"

#include "base/utf8.hpp"
#include "report/words.hpp"

namespace ndcg {
namespace {

// Sum lines list at most this many terms; longer lists end in "…".
constexpr std::size_t max_sum_terms = 40;

// Whole gains print as the document prints them ("7"), others rounded.
std::string gain_cell(double v, int decimals) {
  return std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15 ? shortest(v) : fixed_cell(v, decimals);
}

std::string cut_label(const explanation& e) { return e.k ? "@" + std::to_string(e.k) : ""; }

std::string discount_label(const options& opt) {
  if (opt.log_base == 2.0) return "log2(i+1)";
  return "log_" + shortest(opt.log_base) + "(i+1)";
}

std::string gain_label(const options& opt) {
  switch (opt.gain) {
    case gain_kind::linear: return opt.ties == tie_policy::average ? "gain" : "gain=rel_i";
    case gain_kind::table: return "gain(rel_i)";
    case gain_kind::exponential: break;
  }
  return "2^rel-1";
}

std::string gain_formula(const options& opt, const detail::report_words& w) {
  switch (opt.gain) {
    case gain_kind::linear: return w.linear_gain;
    case gain_kind::table: return w.table_gain;
    case gain_kind::exponential: break;
  }
  return "2^rel-1";
}

bool any_ids(const std::vector<step>& steps) {
  for (const step& s : steps)
    if (s.has_id) return true;
  return false;
}

bool any_weights(const std::vector<step>& steps) {
  for (const step& s : steps)
    if (s.weight != 1) return true;
  return false;
}

struct columns {
  bool ids, weights;
};

std::vector<std::string> header(const columns& c, const options& opt) {
  std::vector<std::string> h = {"i"};
  if (c.ids) h.push_back("id");
  h.insert(h.end(), {"rel_i", gain_label(opt), discount_label(opt)});
  if (c.weights) h.push_back("w_i");
  h.insert(h.end(), {"term", "running"});
  return h;
}

// An id as a table shows it: control bytes and bytes that are not UTF-8
// as \xNN, so a pasted id can never move the cursor, clear a terminal or
// break a row.
using detail::printable;

std::vector<std::string> cells(const step& s, const columns& c, int d) {
  std::vector<std::string> row = {std::to_string(s.position)};
  if (c.ids) row.push_back(s.has_id ? printable(s.id) + (s.judged ? "" : " *") : "");
  row.insert(row.end(), {shortest(s.rel), gain_cell(s.gain, d), fixed_cell(s.discount, d)});
  if (c.weights) row.push_back(shortest(s.weight));
  row.insert(row.end(), {fixed_cell(s.contribution, d), fixed_cell(s.cumulative, d)});
  return row;
}

// "DCG@10 = 7.000 + 1.893 + ... = 10.639"
std::string sum_line(const std::string& name, const std::vector<step>& steps, double total, int d,
                     const detail::report_words& w) {
  std::string line = name + " = ";
  for (std::size_t i = 0; i < steps.size() && i < max_sum_terms; ++i)
    line += (i ? " + " : "") + fixed_cell(steps[i].contribution, d);
  if (steps.size() > max_sum_terms) line += detail::fill(w.more_terms, {std::to_string(steps.size() - max_sum_terms)});
  if (steps.empty()) line += "0";
  return line + " = " + fixed_cell(total, d);
}

std::string ndcg_line(const explanation& e, int d, const detail::report_words& w) {
  std::string k = cut_label(e);
  std::string value = e.ndcg_defined ? fixed_cell(e.ndcg, d) : w.undefined_ndcg;
  return "NDCG" + k + " = DCG" + k + " / IDCG" + k + " = " + fixed_cell(e.dcg, d) + " / " + fixed_cell(e.idcg, d) + " = " + value;
}

// When items tie, how far their order can move NDCG (empty when it cannot).
std::string tie_line(const explanation& e, const options& opt, int d, const detail::report_words& w) {
  if (!(e.tie_min < e.tie_max)) return "";
  return detail::fill(w.tie_range, {cut_label(e), fixed_cell(e.tie_min, d), fixed_cell(e.tie_max, d),
                                    w.tie_policies[static_cast<int>(opt.ties)]});
}

// The two NDCGs of a ranking with judgments, a line each after `bullet`.
std::string pool_lines(const explanation& e, int d, const std::string& bullet, const detail::report_words& w) {
  if (!e.has_judgments) return "";
  const std::string k = cut_label(e), dcg = fixed_cell(e.dcg, d);
  return bullet + detail::fill(w.own_ideal, {k}) + dcg + " / " + fixed_cell(e.idcg_list, d) + " = " + fixed_cell(e.ndcg_list, d) + "\n" +
         bullet + detail::fill(w.all_judgments, {k}) + dcg + " / " + fixed_cell(e.idcg_judged, d) + " = " + fixed_cell(e.ndcg_judged, d) + "\n";
}

std::string notes(const options& opt, const detail::report_words& w) {
  return std::string(w.rounding_note) + (opt.ties == tie_policy::average ? std::string(" ") + w.tie_note : "");
}

// "* 2 of the 5 items have no judgment: each counts as grade 0."
std::string unjudged_note(const explanation& e, const detail::report_words& w) {
  if (e.unjudged == 0) return "";
  const std::string n = std::to_string(e.n);
  return e.unjudged == 1 ? detail::fill(w.unjudged_one, {n}) : detail::fill(w.unjudged_many, {std::to_string(e.unjudged), n});
}

// "columns query,doc,score; ordered by score, grades from the judgments":
// how the ranking was read besides its format's name, "" when that says it all.
std::string reading_note(const result_context& ctx, const detail::report_words& w) {
  std::string out;
  const auto add = [&](std::string_view part) { out += (out.empty() ? "" : w.part_sep) + std::string(part); };
  if (!ctx.columns.empty()) add(ctx.columns_named ? detail::fill(w.read_columns, {ctx.columns}) : std::string(ctx.columns));
  if (ctx.by_rank) add(w.read_by_rank);
  if (ctx.judged) add(ctx.has_scores ? w.read_by_score_judged : w.read_in_order_judged);
  if (!ctx.query.empty()) add(detail::fill(w.read_query, {ctx.query}));
  return out;
}

// "Ranking of 10 items (read as grades); K = 10; gain 2^rel-1; ..."
std::string about_line(const explanation& e, const result_context& ctx, const detail::report_words& w) {
  const options& opt = ctx.s->opt;
  std::string out = e.n == 1 ? std::string(w.ranking_one) : detail::fill(w.ranking_many, {std::to_string(e.n)});
  if (!ctx.input_format.empty()) {
    out += detail::fill(w.read_as, {ctx.input_format});
    if (const std::string note = reading_note(ctx, w); !note.empty()) out += w.reading_sep + note;
    if (!ctx.other_reading.empty()) out += detail::fill(w.other_reading, {ctx.other_reading});
    out += w.close;
  }
  out += detail::fill(w.k_is, {e.k ? std::to_string(e.k) : std::string(w.k_whole)});
  out += detail::fill(w.gain_discount, {gain_formula(opt, w), discount_label(opt)});
  if (!ctx.preset.empty()) out += detail::fill(w.preset_is, {ctx.preset});
  return out;
}

// The ideal table's title: "IDCG@K: the ideal order (...)".
std::string ideal_title(const explanation& e, const options& opt, const detail::report_words& w) {
  return detail::fill(w.ideal_title, {cut_label(e), opt.ideal == ideal_source::judgments && e.has_judgments ? w.ideal_judged : w.ideal_own});
}

// ---- text --------------------------------------------------------------

std::string text_table(const std::vector<step>& steps, const columns& c, const options& opt, int d) {
  std::vector<std::vector<std::string>> rows = {header(c, opt)};
  for (const step& s : steps) rows.push_back(cells(s, c, d));
  std::vector<std::size_t> width(rows[0].size(), 0);
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], detail::display_width(r[i]));
  std::string out;
  for (const auto& r : rows) {
    for (std::size_t i = 0; i < r.size(); ++i) {
      bool left = c.ids && i == 1;
      std::string pad(width[i] - detail::display_width(r[i]), ' ');
      out += (i ? "  " : "  ") + (left ? r[i] + pad : pad + r[i]);
    }
    out += "\n";
  }
  return out;
}

std::string render_text(const explanation& e, const result_context& ctx) {
  const options& opt = ctx.s->opt;
  const detail::report_words& w = detail::words_of(ctx.s->language);
  int d = ctx.s->decimals;
  columns c{any_ids(e.steps) || any_ids(e.ideal_steps), any_weights(e.steps) || any_weights(e.ideal_steps)};
  std::string k = cut_label(e), out = about_line(e, ctx, w);
  out += "\n\n" + detail::fill(w.as_given, {k}) + "\n" + text_table(e.steps, c, opt, d);
  out += sum_line("DCG" + k, e.steps, e.dcg, d, w) + "\n\n";
  out += ideal_title(e, opt, w) + "\n";
  out += text_table(e.ideal_steps, c, opt, d);
  out += sum_line("IDCG" + k, e.ideal_steps, e.idcg, d, w) + "\n\n";
  out += ndcg_line(e, d, w) + "\n" + pool_lines(e, d, "  ", w);
  if (const std::string ties = tie_line(e, opt, d, w); !ties.empty()) out += ties + "\n";
  if (const std::string u = unjudged_note(e, w); !u.empty()) out += u + "\n";
  out += "\n" + notes(opt, w) + "\n";
  return out;
}

// ---- Markdown ----------------------------------------------------------


std::string markdown_table(const std::vector<step>& steps, const columns& c, const options& opt, int d) {
  auto line = [](const std::vector<std::string>& r) {
    std::string s = "|";
    for (const std::string& cell : r) s += " " + cell + " |";
    return s + "\n";
  };
  std::vector<std::string> h = header(c, opt);
  std::string out = line(h) + "|" ;
  for (std::size_t i = 0; i < h.size(); ++i) out += (c.ids && i == 1) ? "---|" : "---:|";
  out += "\n";
  for (const step& s : steps) {
    std::vector<std::string> r = cells(s, c, d);
    if (c.ids) r[1] = markdown_escape(r[1]);
    out += line(r);
  }
  return out;
}

std::string render_markdown(const explanation& e, const result_context& ctx) {
  const options& opt = ctx.s->opt;
  const detail::report_words& w = detail::words_of(ctx.s->language);
  int d = ctx.s->decimals;
  columns c{any_ids(e.steps) || any_ids(e.ideal_steps), any_weights(e.steps) || any_weights(e.ideal_steps)};
  std::string k = cut_label(e);
  std::string out = "**DCG" + k + "**\n\n" + markdown_table(e.steps, c, opt, d) + "\n" +
                    sum_line("DCG" + k, e.steps, e.dcg, d, w) + "\n\n";
  out += "**IDCG" + k + "**" + w.ideal_heading + "\n\n" + markdown_table(e.ideal_steps, c, opt, d) + "\n" +
         sum_line("IDCG" + k, e.ideal_steps, e.idcg, d, w) + "\n\n";
  out += "**" + ndcg_line(e, d, w) + "**\n\n" + pool_lines(e, d, "- ", w);
  if (const std::string ties = tie_line(e, opt, d, w); !ties.empty()) out += ties + "\n\n";
  if (const std::string u = unjudged_note(e, w); !u.empty()) out += "\\" + u + "\n\n";
  out += std::string(e.has_judgments ? "\n" : "") + "_" + notes(opt, w) + "_\n";
  return out;
}

// ---- LaTeX -------------------------------------------------------------


// A column label as LaTeX: formulas in math mode, words as text.
std::string latex_label(const std::string& h) {
  if (h == "2^rel-1") return "$2^{\\mathit{rel}_i}-1$";
  if (h == "log2(i+1)") return "$\\log_2(i+1)$";
  if (h.rfind("log_", 0) == 0) return "$\\log_{" + h.substr(4, h.find('(') - 4) + "}(i+1)$";
  if (h == "rel_i") return "$\\mathit{rel}_i$";
  if (h == "gain=rel_i") return "gain $=\\mathit{rel}_i$";
  if (h == "gain(rel_i)") return "gain$(\\mathit{rel}_i)$";
  if (h == "i" || h == "w_i") return "$" + h + "$";
  return latex_escape(h);
}

std::string latex_table(const std::vector<step>& steps, const columns& c, const options& opt, int d) {
  std::vector<std::string> h = header(c, opt);
  std::string spec;
  for (std::size_t i = 0; i < h.size(); ++i) spec += (c.ids && i == 1) ? "l" : "r";
  std::string out = "\\begin{tabular}{" + spec + "}\n\\hline\n";
  for (std::size_t i = 0; i < h.size(); ++i) out += (i ? " & " : "") + latex_label(h[i]);
  out += " \\\\\n\\hline\n";
  for (const step& s : steps) {
    std::vector<std::string> r = cells(s, c, d);
    for (std::size_t i = 0; i < r.size(); ++i) out += (i ? " & " : "") + latex_escape(r[i]);
    out += " \\\\\n";
  }
  return out + "\\hline\n\\end{tabular}\n";
}

std::string render_latex(const explanation& e, const result_context& ctx) {
  const options& opt = ctx.s->opt;
  const detail::report_words& w = detail::words_of(ctx.s->language);
  int d = ctx.s->decimals;
  columns c{any_ids(e.steps) || any_ids(e.ideal_steps), any_weights(e.steps) || any_weights(e.ideal_steps)};
  std::string k = cut_label(e);
  std::string out = "% DCG" + k + "\n" + latex_table(e.steps, c, opt, d);
  out += "% IDCG" + k + "\n" + latex_table(e.ideal_steps, c, opt, d);
  out += "% " + sum_line("DCG" + k, e.steps, e.dcg, d, w) + "\n% " + sum_line("IDCG" + k, e.ideal_steps, e.idcg, d, w) + "\n";
  out += "% " + ndcg_line(e, d, w) + "\n";
  if (const std::string ties = tie_line(e, opt, d, w); !ties.empty()) out += "% " + ties + "\n";
  if (const std::string u = unjudged_note(e, w); !u.empty()) out += "% " + u + "\n";
  out += "% " + notes(opt, w) + "\n";
  return out;
}

// ---- HTML ----------------------------------------------------------------

// Text as HTML element content or an attribute value.
std::string html_escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += ch;
    }
  }
  return out;
}

// A notebook's default table style lines rows up; numbers keep their width.
const char* html_cell_style = " style=\"text-align:right;font-variant-numeric:tabular-nums\"";

std::string html_table(const std::vector<step>& steps, const columns& c, const options& opt, int d) {
  auto cell = [&](const char* tag, std::size_t i, const std::string& v) {
    const bool left = c.ids && i == 1;
    return std::string("<") + tag + (left ? " style=\"text-align:left\"" : html_cell_style) + ">" + html_escape(v) +
           "</" + tag + ">";
  };
  std::string out = "<table>\n<thead><tr>";
  std::vector<std::string> h = header(c, opt);
  for (std::size_t i = 0; i < h.size(); ++i) out += cell("th", i, h[i]);
  out += "</tr></thead>\n<tbody>\n";
  for (const step& s : steps) {
    std::vector<std::string> r = cells(s, c, d);
    out += "<tr>";
    for (std::size_t i = 0; i < r.size(); ++i) out += cell("td", i, r[i]);
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

std::string html_paragraph(const std::string& text, const char* tag = "p") {
  return std::string("<") + tag + ">" + html_escape(text) + "</" + tag + ">\n";
}

// The headline first (what a notebook reader looks for), then the tables
// and their sum lines as the text report has them.
std::string html_report(const explanation& e, const result_context& ctx) {
  const options& opt = ctx.s->opt;
  const detail::report_words& w = detail::words_of(ctx.s->language);
  int d = ctx.s->decimals;
  columns c{any_ids(e.steps) || any_ids(e.ideal_steps), any_weights(e.steps) || any_weights(e.ideal_steps)};
  std::string k = cut_label(e);
  std::string out = "<div class=\"ndcg-calc\">\n<p><strong>" + html_escape(ndcg_line(e, d, w)) + "</strong></p>\n";
  out += html_paragraph(about_line(e, ctx, w));
  out += html_paragraph(detail::fill(w.as_given, {k}), "h4") + html_table(e.steps, c, opt, d);
  out += html_paragraph(sum_line("DCG" + k, e.steps, e.dcg, d, w));
  out += html_paragraph(ideal_title(e, opt, w), "h4");
  out += html_table(e.ideal_steps, c, opt, d) + html_paragraph(sum_line("IDCG" + k, e.ideal_steps, e.idcg, d, w));
  if (e.has_judgments) {
    std::string pool = pool_lines(e, d, "", w);
    out += "<ul>\n";
    for (std::size_t at = 0, end; (end = pool.find('\n', at)) != std::string::npos; at = end + 1)
      out += html_paragraph(pool.substr(at, end - at), "li");
    out += "</ul>\n";
  }
  if (const std::string ties = tie_line(e, opt, d, w); !ties.empty()) out += html_paragraph(ties);
  if (const std::string u = unjudged_note(e, w); !u.empty()) out += html_paragraph(u);
  return out + "<p><em>" + html_escape(notes(opt, w)) + "</em></p>\n</div>\n";
}

// ---- JSON ----------------------------------------------------------------

// Writes the fields as JSON: top-level fields one per line, nested objects
// and step rows inline, so a diff of two reports reads line by line.
class json_sink : public field_sink {
 public:
  std::string out = "{";
  bool one_line = false;  // every field inline, as an entry of a list

  void number(std::string_view n, double v) override { append_number(key(n), v); }
  void count(std::string_view n, std::uint64_t v) override { key(n) += std::to_string(v); }
  void boolean(std::string_view n, bool v) override { key(n) += v ? "true" : "false"; }
  void text(std::string_view n, std::string_view v) override { key(n) += json_string(v); }
  void null(std::string_view n) override { key(n) += "null"; }
  void numbers(std::string_view n, const std::vector<double>& v) override {
    std::string& o = key(n) += "[";
    for (std::size_t i = 0; i < v.size(); ++i) append_number(i ? o += "," : o, v[i]);
    o += "]";
  }
  void texts(std::string_view n, const std::vector<std::string_view>& v) override {
    std::string& o = key(n) += "[";
    for (std::size_t i = 0; i < v.size(); ++i) (i ? o += "," : o) += json_string(v[i]);
    o += "]";
  }
  void begin(std::string_view n) override { open(n, '{', 0); }
  void begin_list(std::string_view n) override { open(n, '[', in_list); }
  void begin_keys(std::string_view n) override { open(n, '{', data_keys); }
  void end() override {
    out += firsts_.back() & in_list ? ']' : '}';
    firsts_.pop_back();
  }
  void steps(std::string_view n, const std::vector<step>& rows) override {
    key(n) += "[";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      out += i ? ",\n    {" : "\n    {";
      firsts_ += empty;
      put_step(rows[i], *this);
      end();
    }
    out += rows.empty() ? "]" : "\n  ]";
  }
  std::string finish() { return out + "\n}\n"; }

 private:
  // Per open object or list, flags: nothing written in it yet; a list
  // (entries without names); an object whose names are data (escaped).
  // A string, not vector<bool>, whose code the module would carry for this alone.
  enum : char { empty = 1, in_list = 2, data_keys = 4 };
  std::string firsts_ = std::string(1, empty);

  void open(std::string_view n, char opener, char kind) {
    key(n) += opener;
    firsts_ += static_cast<char>(empty | kind);
  }

  // A field's name, after a comma if it is not the first.
  std::string& key(std::string_view n) {
    char& flags = firsts_.back();
    const bool top = firsts_.size() == 1 && !one_line;
    if (top) out += flags & empty ? "\n  " : ",\n  ";
    else if (!(flags & empty)) out += ",";
    flags &= ~empty;
    if (flags & in_list) return out;
    if (flags & data_keys) return out += json_string(n) += ":";
    // Field names are plain ASCII words: quoted as they are.
    out += '"';
    out.append(n.data(), n.size());
    out += top ? "\": " : "\":";
    return out;
  }
  // A JSON number (null when not finite), without a string per number (reports hold millions).
  static void append_number(std::string& o, double v) {
    char buf[max_shortest];
    if (std::isfinite(v)) o.append(buf, write_shortest(v, buf));
    else o += "null";
  }
};

std::string render_json(const explanation& e, const result_context& ctx) {
  json_sink sink;
  put_explanation(e, ctx, sink);
  return sink.finish();
}

// ---- CSV ---------------------------------------------------------------

std::string csv_rows(const char* list, const std::vector<step>& steps) {
  std::string out;
  char buf[max_shortest];
  for (const step& s : steps) {
    out += list;
    out += "," + std::to_string(s.position) + ",";
    if (s.has_id) out += csv_field(s.id);
    for (double v : {s.rel, s.gain, s.discount, s.weight, s.contribution, s.cumulative})
      out.append(",").append(buf, write_shortest(v, buf));
    out += '\n';
  }
  return out;
}

std::string render_csv(const explanation& e) {
  return "list,position,id,rel,gain,discount,weight,contribution,cumulative\n" + csv_rows("ranking", e.steps) +
         csv_rows("ideal", e.ideal_steps);
}

}  // namespace

std::string markdown_escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '|' || ch == '\\' || ch == '`' || ch == '*' || ch == '_' || ch == '<' || ch == '[') out += '\\';
    out += ch;
  }
  return out;
}

std::string latex_escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '\\': out += "\\textbackslash{}"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '^': out += "\\textasciicircum{}"; break;
      // The default OT1 font prints these three as other characters.
      case '<': out += "\\textless{}"; break;
      case '>': out += "\\textgreater{}"; break;
      case '|': out += "\\textbar{}"; break;
      case '&': case '%': case '$': case '#': case '_': case '{': case '}':
        out += '\\';
        out += ch;
        break;
      default: out += ch;
    }
  }
  return out;
}

expected<report_format> parse_report_format(std::string_view s) {
  if (s == "text") return report_format::text;
  if (s == "markdown" || s == "md") return report_format::markdown;
  if (s == "json") return report_format::json;
  if (s == "csv") return report_format::csv;
  if (s == "latex" || s == "tex") return report_format::latex;
  return option_fail(error_code::unknown_choice, "format", "unknown format " + echo(s) + " (expected text, markdown, json, csv or latex)")
      .with("found", s)
      .with("choices", "text,markdown,json,csv,latex");
}

std::string reading_note(const result_context& ctx, report_language l) { return reading_note(ctx, detail::words_of(l)); }

std::string render(const explanation& e, report_format f, const result_context& ctx) {
  static const settings defaults;
  result_context c = ctx;
  if (!c.s) c.s = &defaults;
  switch (f) {
    case report_format::markdown: return render_markdown(e, c);
    case report_format::json: return render_json(e, c);
    case report_format::csv: return render_csv(e);
    case report_format::latex: return render_latex(e, c);
    case report_format::text: break;
  }
  return render_text(e, c);
}

std::string render_html(const explanation& e, const result_context& ctx) {
  static const settings defaults;
  result_context c = ctx;
  if (!c.s) c.s = &defaults;
  return html_report(e, c);
}

std::string json_object(const std::function<void(field_sink&)>& put) {
  json_sink sink;
  sink.one_line = true;
  put(sink);
  return sink.out + "}";
}

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char ch : s) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    unsigned char ch = static_cast<unsigned char>(s[i]);
    if (ch == '"' || ch == '\\') { out += '\\'; out += static_cast<char>(ch); ++i; continue; }
    if (ch < 0x20) {
      out += "\\u00";
      out += "0123456789abcdef"[ch >> 4];
      out += "0123456789abcdef"[ch & 15];
      ++i;
      continue;
    }
    if (ch < 0x80) { out += static_cast<char>(ch); ++i; continue; }
    // Copy a well-formed UTF-8 sequence; anything else becomes U+FFFD.
    const std::size_t len = detail::utf8_length(s, i);
    if (len > 0) { out.append(s.substr(i, len)); i += len; }
    else { out += "\xEF\xBF\xBD"; ++i; }
  }
  return out + "\"";
}

}  // namespace ndcg
