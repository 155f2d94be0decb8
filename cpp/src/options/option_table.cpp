// The option table: the rows every command may take (explain's, and those
// trec and compare share with it), one reader per kind of value, and how
// explain's settings are read. The rows only trec and compare take are in
// batch_options.cpp, which the light module (one ranking) leaves out.
#include "ndcg/option_table.hpp"

#include <cmath>

#include "ndcg/field_sink.hpp"
#include "base/text.hpp"
#include "options/row_kit.hpp"

namespace ndcg {
namespace {

using namespace row_kit;

// ---- messages ----------------------------------------------------------------

// A number in a message: "0", "0.5", "9007199254740991".
// Whole numbers as digits ("1000000", not "1e+06"): people read these ranges.
std::string number_words(double v) {
  if (v == std::floor(v) && std::fabs(v) <= max_whole) return std::to_string(static_cast<long long>(v));
  return shortest(v);
}

std::string range_words(const option_row& row) {
  if (row.above_min) return "above " + number_words(row.min);
  if (row.min == -inf && row.max == inf) return "";
  if (row.max == inf || (row.kind == option_kind::whole && row.max == max_whole))
    return ", " + number_words(row.min) + " or more";
  return " from " + number_words(row.min) + " to " + number_words(row.max);
}

std::string wanted(const option_row& row) {
  switch (row.kind) {
    case option_kind::whole: return "takes a whole number" + range_words(row);
    case option_kind::real:
      return row.above_min ? "takes a number " + range_words(row) : "takes a finite number" + range_words(row);
    case option_kind::reals: return "takes numbers separated by commas" + range_words(row);
    case option_kind::flag: return "takes true or false";
    case option_kind::texts: return "takes a text";
    case option_kind::choice: break;
  }
  std::string names;
  for (std::string_view n : choices_of(row)) names += (names.empty() ? "" : ", ") + std::string(n);
  return "takes one of " + names;
}

error bad_value(const option_row& row, error_code code, std::string_view found) {
  error e = option_fail(code, row.key, std::string(row.key) + " " + wanted(row) + ", got " + echo(found));
  e.with("found", found);
  if (code == error_code::out_of_range) {
    e.with("min", row.min == -inf ? "" : number_words(row.min)).with("max", row.max == inf ? "" : number_words(row.max));
  }
  if (code == error_code::unknown_choice) {
    std::string names = row.kind == option_kind::flag ? "true,false" : "";
    for (std::string_view n : choices_of(row)) names += (names.empty() ? "" : ",") + std::string(n);
    e.with("choices", names);
  }
  return e;
}

}  // namespace

// ---- readers, one per kind ----------------------------------------------------------

namespace detail {
bool in_range(const option_row& row, double v) {
  return (row.above_min ? v > row.min : v >= row.min) && v <= row.max;
}

expected<double> read_real(const option_row& row, std::string_view text) {
  double v = 0;
  if (detail::parse_number(text, v) != detail::number_status::ok) return bad_value(row, error_code::not_a_number, text);
  if (!in_range(row, v)) return bad_value(row, error_code::out_of_range, text);
  return v;
}

expected<std::uint64_t> read_whole(const option_row& row, std::string_view text) {
  bool digits = !text.empty() && text.size() <= 19 && text.find_first_not_of("0123456789") == std::string_view::npos;
  if (!digits) {
    double v = 0;
    bool number = detail::parse_number(text, v) == detail::number_status::ok;
    if (!number) return bad_value(row, error_code::not_a_number, text);
    return bad_value(row, in_range(row, v) ? error_code::not_whole : error_code::out_of_range, text);
  }
  std::uint64_t v = 0;
  for (char c : text) v = v * 10 + static_cast<std::uint64_t>(c - '0');
  if (!in_range(row, static_cast<double>(v))) return bad_value(row, error_code::out_of_range, text);
  return v;
}

// "1, 2 3": numbers separated by commas or spaces (full-width too), read
// by the parsers' own list splitter; an empty entry ("1,,2") is an error.
expected<std::vector<double>> read_reals(const option_row& row, std::string_view text) {
  std::vector<detail::field> fields;
  detail::split_list(text, ", \t", fields, true);
  std::vector<double> out;
  for (const detail::field& f : fields) {
    if (f.text.empty()) return bad_value(row, error_code::empty_field, text);
    auto v = read_real(row, f.text);
    if (!v) return bad_value(row, v.err().code, text);
    out.push_back(*v);
  }
  return out;
}

expected<bool> read_flag(const option_row& row, std::string_view text) {
  if (text == "true" || text == "1") return true;
  if (text == "false" || text == "0") return false;
  return bad_value(row, error_code::unknown_choice, text);
}

expected<int> read_choice(const option_row& row, std::string_view text) {
  int index = 0;
  for (std::string_view entry = row.choices; !entry.empty(); ++index) {
    std::size_t comma = entry.find(',');
    std::string_view names = entry.substr(0, comma);
    for (std::size_t at = 0; at <= names.size();) {  // "exp|exponential": a name and its aliases
      std::size_t bar = names.find('|', at);
      if (names.substr(at, bar == std::string_view::npos ? names.npos : bar - at) == text) return index;
      if (bar == std::string_view::npos) break;
      at = bar + 1;
    }
    entry = comma == std::string_view::npos ? std::string_view() : entry.substr(comma + 1);
  }
  return bad_value(row, error_code::unknown_choice, text);
}

}  // namespace detail

namespace {

// ---- rows ----------------------------------------------------------------------

// A gain table implies --gain table, as the row's `implies` says (a test
// checks the two agree); the gain row comes later, so a gain given with it
// still wins.
status set_gain_table(const option_row& row, option_target to, std::string_view text) {
  if (auto ok = set_reals<&settings::opt, &options::gain_table>(row, to, text); !ok) return ok;
  if (!to.s.opt.gain_table.empty()) to.s.opt.gain = gain_kind::table;
  return done{};
}

status set_preset(const option_row& row, option_target to, std::string_view text) {
  if (!preset(text)) return bad_value(row, error_code::unknown_choice, text);
  to.s.preset = std::string(text);
  return done{};
}
void put_preset(const option_row& row, option_source from, field_sink& out) {
  if (from.s.preset.empty()) out.null(row.key);
  else out.text(row.key, from.s.preset);
}

constexpr auto opt = &settings::opt;

// --columns may be given as one list or one name per use (a JS array).
status add_column(const option_row&, option_target to, std::string_view text) {
  std::string& list = to.s.read.columns;
  if (text.data() == nullptr) list.clear();
  else list += (list.empty() || text.empty() ? "" : ",") + std::string(text);
  return done{};
}
template <std::string reading::*Field>
void put_reading(const option_row& row, option_source from, field_sink& out) {
  out.text(row.key, from.s.read.*Field);
}
status set_query(const option_row&, option_target to, std::string_view text) {
  to.s.read.query = text.data() == nullptr ? std::string() : std::string(text);
  return done{};
}

const std::vector<option_row> rows = {
    {"preset", E | T | C, "", kind::choice, "", none, none, false, false,
     "a library's convention (see `ndcg presets`); other options given with it override it", set_preset, put_preset},
    {"k", E | T | C, "", kind::whole, "", 0, max_whole, false, false,
     "cutoff K; 0 = the whole list (trec: the cutoff of cutoff measures named without one; 0 = trec_eval's lists)",
     set_whole<opt, &options::k>, put_whole<opt, &options::k>},
    {"gain_table", E | T | C, "", kind::reals, "", -inf, inf, false, true, "gains for grades 0, 1, 2, ... (implies gain table)",
     set_gain_table, put_reals<opt, &options::gain_table>, "gain=table"},
    {"gain", E | T | C, "", kind::choice, "exp|exponential,linear,table", none, none, false, true,
     "exp (2^rel - 1), linear (rel) or table (gain_table)", set_choice<opt, &options::gain>,
     put_choice<opt, &options::gain>},
    {"log_base", E, "", kind::real, "", 1, inf, true, true, "discount log_B(i + 1)", set_real<opt, &options::log_base>,
     put_real<opt, &options::log_base>},
    {"weights", E, "", kind::reals, "", 0, inf, false, false, "weights of positions 1, 2, ... (weighted NDCG; others 1)",
     set_reals<opt, &options::weights>, put_reals<opt, &options::weights>},
    {"ideal", E, "", kind::choice, "list,judgments", none, none, false, true,
     "ideal list from this ranking, or from all judgments (qrels)", set_choice<opt, &options::ideal>,
     put_choice<opt, &options::ideal>},
    {"ideal_cut_to_retrieved", E, "", kind::flag, "", none, none, false, true,
     "ideal list no longer than the ranking (Elasticsearch)", set_flag<opt, &options::ideal_cut_to_retrieved>,
     put_flag<opt, &options::ideal_cut_to_retrieved>},
    {"ties", E | T | C, "", kind::choice, "input,trec,average", none, none, false, true,
     "equal scores: input order, docid descending (trec_eval), or averaged over the tied group (sklearn)",
     set_choice<opt, &options::ties>, put_choice<opt, &options::ties>},
    {"zero_idcg", E | T | C, "", kind::choice, "zero,one,skip", none, none, false, true, "NDCG when IDCG = 0: 0, 1, or left out",
     set_choice<opt, &options::zero_idcg>, put_choice<opt, &options::zero_idcg>},
    {"negatives", E, "", kind::choice, "reject,zero,drop", none, none, false, true,
     "negative grades: an error, gain 0, or the item dropped", set_choice<opt, &options::negatives>,
     put_choice<opt, &options::negatives>},
    {"integer_grades", E, "", kind::flag, "", none, none, false, true,
     "grades that are not whole numbers are an error (LightGBM)", set_flag<opt, &options::integer_grades>,
     put_flag<opt, &options::integer_grades>},
    {"truncate_grades", E, "", kind::flag, "", none, none, false, true, "grades truncated to whole numbers (XGBoost)",
     set_flag<opt, &options::truncate_grades>, put_flag<opt, &options::truncate_grades>},
    {"float32_scores", E, "", kind::flag, "", none, none, false, true, "scores compared as 32-bit floats (XGBoost)",
     set_flag<opt, &options::float32_scores>, put_flag<opt, &options::float32_scores>},
    {"max_grade", E, "", kind::real, "", 0, inf, false, true, "larger grades are an error; 0 = no limit",
     set_real<opt, &options::max_grade>, put_real<opt, &options::max_grade>},
    {"relevance_level", E | T | C, "-l", kind::real, "", -inf, inf, false, false,
     "grade >= this is relevant: P, recall, AP (map), RR (recip_rank); 0 or more for trec and compare",
     set_real<opt, &options::relevance_level>, put_real<opt, &options::relevance_level>},
    {"err_max_grade", E | T | C, "", kind::real, "", 0, inf, false, true, "ERR's largest grade; 0 = the largest seen",
     set_real<opt, &options::err_max_grade>, put_real<opt, &options::err_max_grade>},
    {"alpha", E | T | C, "", kind::real, "", 0, 1, false, false, "alpha-nDCG redundancy penalty",
     set_real<opt, &options::alpha>, put_real<opt, &options::alpha>},
    {"decimals", E, "", kind::whole, "", 0, 17, false, false, "rounding of printed terms (text, Markdown, LaTeX)",
     set_whole<&settings::decimals>, put_whole<&settings::decimals>},
    {"language", E | C, "", kind::choice, "en,zh", none, none, false, false,
     "language of the report's headings and notes: en or zh (numbers and column names stay as they are)",
     set_choice<&settings::language>, put_choice<&settings::language>},
    {"columns", E, "", kind::texts, "", none, none, false, false,
     "what each column holds, for a table without a header or to override it: query, doc, score, rel, rank, "
     "subtopics, tag or - (skip), comma-separated",
     add_column, put_reading<&reading::columns>},
    {"query", E, "", kind::texts, "", none, none, false, false,
     "the query to explain when the input holds several (a table with a query column, a TREC run or qrels)",
     set_query, put_reading<&reading::query>},
};

// One row's value as its put writes it, kept as a value: two settings
// agree on a row when the values are equal (same_convention).
class value_sink : public field_sink {
 public:
  void number(std::string_view, double v) override { set(kind::real).number_ = v; }
  void count(std::string_view, std::uint64_t v) override { set(kind::whole).number_ = static_cast<double>(v); }
  void boolean(std::string_view, bool v) override { set(kind::flag).number_ = v; }
  void text(std::string_view, std::string_view v) override { set(kind::choice).text_ = v; }
  void null(std::string_view) override { set(kind::choice).null_ = true; }
  void numbers(std::string_view, const std::vector<double>& v) override { set(kind::reals).list_ = v; }
  void begin(std::string_view) override {}
  void end() override {}
  void steps(std::string_view, const std::vector<step>&) override {}
  bool operator==(const value_sink& o) const {
    return kind_ == o.kind_ && number_ == o.number_ && null_ == o.null_ && text_ == o.text_ && list_ == o.list_;
  }

 private:
  value_sink& set(option_kind k) { return kind_ = k, *this; }
  option_kind kind_ = kind::choice;
  double number_ = 0;
  bool null_ = false;
  std::string text_;
  std::vector<double> list_;
};

// A value as the text a reader takes back: "2", "exp", "1,0.5", "true".
class text_sink : public field_sink {
 public:
  std::string out;
  void number(std::string_view, double v) override { out = shortest(v); }
  void count(std::string_view, std::uint64_t v) override { out = std::to_string(v); }
  void boolean(std::string_view, bool v) override { out = v ? "true" : "false"; }
  void text(std::string_view, std::string_view v) override { out = std::string(v); }
  void null(std::string_view) override { out.clear(); }
  void numbers(std::string_view, const std::vector<double>& v) override {
    out.clear();
    for (double x : v) out += (out.empty() ? "" : ",") + shortest(x);
  }
  void begin(std::string_view) override {}
  void end() override {}
  void steps(std::string_view, const std::vector<step>&) override {}
};

}  // namespace

std::string value_text(const option_row& row, option_source from) {
  text_sink sink;
  row.put(row, from, sink);
  return sink.out;
}

// "zero-idcg", "--zero-idcg" and "zeroIdcg" all name "zero_idcg".
std::string canonical_key(std::string_view key) {
  if (key.substr(0, 2) == "--") key.remove_prefix(2);
  std::string out;
  for (char c : key) {
    if (c == '-') out += '_';
    else if (c >= 'A' && c <= 'Z') (out += '_') += static_cast<char>(c - 'A' + 'a');
    else out += c;
  }
  return out;
}

std::string_view name_of(option_kind k) {
  static constexpr std::string_view names[] = {"choice", "whole", "real", "reals", "flag", "texts"};
  return names[static_cast<int>(k)];
}

const std::vector<option_row>& option_table() { return rows; }

bool takes(const option_row& row, command c) { return (row.commands & static_cast<unsigned>(c)) != 0; }

const option_row* find_option(std::string_view key) { return row_kit::find_in({&rows}, key, command::explain); }

std::string cli_flag(std::string_view key) {
  std::string out = "--";
  for (char c : key) out += c == '_' ? '-' : c;
  return out;
}

std::string js_name(std::string_view key) {
  std::string out;
  bool upper = false;
  for (char c : key) {
    if (c == '_') { upper = true; continue; }
    out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return out;
}

std::vector<std::string_view> choices_of(const option_row& row) {
  std::vector<std::string_view> out;
  if (row.key == "preset") {
    for (const preset_info& p : presets()) out.push_back(p.name);
    return out;
  }
  for (std::string_view rest = row.choices; !rest.empty();) {
    std::size_t comma = rest.find(',');
    std::string_view entry = rest.substr(0, comma);
    out.push_back(entry.substr(0, entry.find('|')));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  return out;
}

error unknown_option_error(std::string_view key) {
  return fail(error_code::unknown_option, "unknown option " + echo(key)).in("options").with("found", key);
}

namespace row_kit {

const option_row* find_in(std::initializer_list<const std::vector<option_row>*> tables, std::string_view key,
                          command c) {
  // "float32Scores" has a digit before its capital; canonical_key keeps it.
  const std::string wanted_key = canonical_key(key);
  for (const std::vector<option_row>* table : tables)
    for (const option_row& r : *table)
      if (takes(r, c) && (r.key == wanted_key || (!r.short_flag.empty() && r.short_flag == key))) return &r;
  return nullptr;
}

status read_settings(const given_pairs& given, command c, std::initializer_list<const std::vector<option_row>*> tables,
                     option_target to) {
  for (const auto& [key, value] : given)
    if (!find_in(tables, key, c))
      return unknown_option_error(key);
  for (const std::vector<option_row>* table : tables) {
    for (const option_row& row : *table) {
      const std::string* last = nullptr;
      for (const auto& [key, value] : given) {
        if (find_in(tables, key, c) != &row) continue;
        if (row.kind != option_kind::texts) { last = &value; continue; }
        if (!last) row.set(row, to, std::string_view());  // given values replace the default list
        last = &value;
        if (auto ok = row.set(row, to, value); !ok) return ok.err();
      }
      if (!last || row.kind == option_kind::texts) continue;
      if (auto ok = row.set(row, to, *last); !ok) return ok.err();
      if (row.key == "preset") to.s.opt = *preset(to.s.preset);  // the base of every other option
    }
  }
  return done{};
}

}  // namespace row_kit

expected<settings> settings_from(const std::vector<std::pair<std::string, std::string>>& given) {
  settings s;
  if (auto ok = row_kit::read_settings(given, command::explain, {&rows}, {s, nullptr}); !ok) return ok.err();
  return s;
}

void put_options(const settings& s, field_sink& out) {
  for (const option_row& r : rows)
    if (takes(r, command::explain)) r.put(r, {s, nullptr}, out);
}

namespace {

// Takes the numbers put_options writes and keeps the first that its row's
// own range refuses, with the error the row's reader gives for it as text.
class range_check final : public field_sink {
 public:
  const option_row* row = nullptr;
  status result = done{};
  void number(std::string_view, double v) override { check(v); }
  void count(std::string_view, std::uint64_t v) override { check(static_cast<double>(v)); }
  void numbers(std::string_view, const std::vector<double>& v) override {
    for (double x : v) check(x);
  }
  void boolean(std::string_view, bool) override {}
  void text(std::string_view, std::string_view) override {}
  void null(std::string_view) override {}
  void begin(std::string_view) override {}
  void end() override {}
  void steps(std::string_view, const std::vector<step>&) override {}

 private:
  void check(double v) {
    if (!result) return;
    if (!std::isfinite(v)) result = bad_value(*row, error_code::not_a_number, shortest(v));
    else if (!detail::in_range(*row, v)) result = bad_value(*row, error_code::out_of_range, shortest(v));
  }
};

}  // namespace

status check_ranges(const options& opt) {
  settings s;
  s.opt = opt;
  range_check check;
  for (const option_row& r : rows) {
    if (!takes(r, command::explain)) continue;
    check.row = &r;
    r.put(r, {s, nullptr}, check);
    if (!check.result) return check.result;
  }
  return done{};
}

namespace {
std::string_view choice_name(std::string_view key, int index) {
  return choices_of(*find_option(key))[static_cast<std::size_t>(index)];
}
}  // namespace

std::string_view name_of(gain_kind v) { return choice_name("gain", static_cast<int>(v)); }
std::string_view name_of(ideal_source v) { return choice_name("ideal", static_cast<int>(v)); }
std::string_view name_of(tie_policy v) { return choice_name("ties", static_cast<int>(v)); }
std::string_view name_of(zero_policy v) { return choice_name("zero_idcg", static_cast<int>(v)); }
std::string_view name_of(negative_policy v) { return choice_name("negatives", static_cast<int>(v)); }

std::string default_text(const option_row& row) { return value_text(row, {settings{}, nullptr}); }

bool same_convention(const options& a, const options& b) {
  settings sa, sb;
  sa.opt = a;
  sb.opt = b;
  for (const option_row& r : rows) {
    if (!r.preset_sets) continue;
    value_sink va, vb;
    r.put(r, {sa, nullptr}, va);
    r.put(r, {sb, nullptr}, vb);
    if (!(va == vb)) return false;
  }
  return true;
}

void put_option_row(const option_row& row, command c, std::string_view default_value, field_sink& out) {
  const bool explain = c == command::explain;
  out.name("key", row.key);
  out.text("flag", cli_flag(row.key));
  if (!explain) out.text("short_flag", row.short_flag);
  out.text("kind", name_of(row.kind));
  out.texts("choices", choices_of(row));
  out.number("min", row.min);
  out.number("max", row.max);
  if (explain) out.boolean("above_min", row.above_min);
  out.text("default", default_value);
  out.text("help", row.help);
  if (explain) out.boolean("preset", row.preset_sets);
  if (!row.implies.empty()) out.text("implies", row.implies);
}

void put_option_rows(field_sink& out) {
  out.begin_list("rows");
  for (const option_row& r : rows) {
    out.begin("");
    put_option_row(r, command::explain, default_text(r), out);
    out.end();
  }
  out.end();
}

void put_presets(field_sink& out) {
  out.begin_list("presets");
  for (const preset_info& p : presets()) {
    settings s;
    s.opt = *preset(p.name);
    out.begin("");
    out.text("name", p.name);
    out.text("summary", p.summary);
    out.begin("options");
    put_options(s, out);
    out.end();
    out.end();
  }
  out.end();
}

status read_option(const option_row& row, std::string_view text, field_sink& out) {
  settings s;
  batch_settings batch;
  if (auto ok = row.set(row, {s, &batch}, text); !ok) return ok;
  row.put(row, {s, &batch}, out);
  return done{};
}

}  // namespace ndcg
