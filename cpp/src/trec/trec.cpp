// trec_eval-compatible batch evaluation: -m arguments read against the list
// of measure families into the plan of columns, the conventions, the grades
// and their gains. The query loop is in trec_stream.cpp; one query's values
// in trec_measures.cpp; the families in measures/.
#include "ndcg/trec.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "base/hash_table.hpp"
#include "base/index_sort.hpp"
#include "base/text.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/report.hpp"
#include "trec/measures/ir_names.hpp"
#include "trec/measures/list.hpp"
#include "trec/trec_detail.hpp"

namespace ndcg {
namespace trec_detail {
namespace {

std::string known_measures() {
  std::string list;
  for (const family* f : families()) list += (list.empty() ? "" : ", ") + std::string(f->name);
  for (const nickname& n : nicknames()) list += ", " + std::string(n.name);
  return list;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    std::size_t at = s.find(sep, start);
    parts.push_back(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) return parts;
    start = at + 1;
  }
}

// A measure given to -m that cannot be read; `found` is the part at fault.
error bad_measure(std::string_view found, std::string message) {
  return option_fail(error_code::bad_measure, "measures", std::move(message)).with("found", found);
}

// A cutoff as trec_eval reads one (atol): "23.4" is 23, said in a note.
bool read_cutoff(std::string_view part, unsigned long long& k, bool& truncated) {
  const std::size_t dot = part.find('.');
  truncated = dot != std::string_view::npos;
  std::string_view whole = part.substr(0, dot);
  if (truncated) {
    const std::string_view decimals = part.substr(dot + 1);
    if (!std::all_of(decimals.begin(), decimals.end(), [](char c) { return c >= '0' && c <= '9'; })) return false;
  }
  return detail::parse_digits(whole, k) && k > 0;
}

status parse_cutoffs(std::string_view params, std::string_view text, measure_spec& spec) {
  std::vector<std::uint64_t> cutoffs;
  for (std::string_view part : split(params, ',')) {
    unsigned long long k = 0;
    bool truncated = false;
    if (!read_cutoff(part, k, truncated))
      return bad_measure(part, "bad cutoff " + echo(part) + " in " + echo(text) +
                                   ": cutoffs are whole numbers of 1 or more, as in P.5,10");
    if (truncated)
      spec.notes.push_back(std::string(text) + ": cutoff " + std::string(part) + " read as " + std::to_string(k) +
                           ", as trec_eval reads it");
    cutoffs.push_back(k);
  }
  detail::sort_values(cutoffs);
  auto repeated = std::adjacent_find(cutoffs.begin(), cutoffs.end());
  if (repeated != cutoffs.end())
    return bad_measure(text, "cutoff " + std::to_string(*repeated) + " is given twice in " + echo(text));
  spec.cutoffs = std::move(cutoffs);
  return done{};
}

// "0,.1,.5,1": numbers for a family of fractions (iprec_at_recall, Rprec_mult).
status parse_fractions(std::string_view params, std::string_view text, measure_spec& spec) {
  for (std::string_view part : split(params, ',')) {
    double v = 0;
    if (detail::parse_number(part, v) != detail::number_status::ok || !(v >= 0) || !std::isfinite(v))
      return bad_measure(part, "bad value " + echo(part) + " in " + echo(text) + ": expected numbers of 0 or more, as in " +
                                   std::string(spec.base) + ".0.25,0.5");
    spec.levels.push_back(v);
  }
  detail::sort_values(spec.levels);
  return done{};
}

status parse_numbers(std::string_view params, std::string_view text, const family& f, measure_spec& spec) {
  for (std::string_view part : split(params, ',')) {
    double v = 0;
    if (detail::parse_number(part, v) != detail::number_status::ok || !std::isfinite(v))
      return bad_measure(part, "bad number " + echo(part) + " in " + echo(text) + ": " + std::string(f.name) +
                                   " takes numbers separated by commas");
    spec.numbers.push_back(v);
  }
  if (f.exact_count && spec.numbers.size() != f.default_count)
    return bad_measure(text, std::string(f.name) + " takes " + std::to_string(f.default_count) + " number" +
                                 (f.default_count == 1 ? "" : "s") + ", got " + std::to_string(spec.numbers.size()) +
                                 " in " + echo(text));
  return done{};
}

// "1=1,2=3": gains for relevance levels, as trec_eval's ndcg takes them;
// rbp and rbp_resid also take the persistence p=0.95.
status parse_gains(std::string_view params, std::string_view text, const family& f, measure_spec& spec) {
  for (std::string_view part : split(params, ',')) {
    std::size_t eq = part.find('=');
    unsigned long long level = 0;
    double gain = 0;
    const std::string_view name = part.substr(0, eq == std::string_view::npos ? 0 : eq);
    const bool persistence = f.persistence && name == "p";
    if (eq == std::string_view::npos || (!persistence && !detail::parse_digits(name, level)) ||
        level > static_cast<unsigned long long>(std::numeric_limits<long>::max()) ||
        detail::parse_number(part.substr(eq + 1), gain) != detail::number_status::ok || !std::isfinite(gain))
      return bad_measure(part, "bad gain " + echo(part) + " in " + echo(text) + ": expected LEVEL=GAIN pairs with a whole-number level, as in ndcg.1=1,2=3" +
                                   (f.persistence ? std::string(" (or p=0.95)") : std::string()));
    if (persistence) {
      spec.numbers.assign(1, gain);
      continue;
    }
    for (const auto& g : spec.gains)
      if (g.first == static_cast<long>(level))
        return bad_measure(text, "level " + std::to_string(level) + " is given twice in " + echo(text));
    spec.gains.emplace_back(static_cast<long>(level), gain);
  }
  return done{};
}

status parse_params(const family& f, std::string_view text, measure_spec& spec) {
  const std::string_view params = spec.params;
  switch (f.params) {
    case param_kind::none:
      if (params.empty()) return done{};
      return bad_measure(text, "measure " + echo(spec.base) + " takes no parameters, got " + echo(text));
    case param_kind::cutoffs:
      if (!params.empty()) return parse_cutoffs(params, text, spec);
      spec.cutoffs.assign(f.defaults, f.defaults + f.default_count);
      return done{};
    case param_kind::fractions:
      if (!params.empty()) return parse_fractions(params, text, spec);
      spec.levels.assign(f.defaults, f.defaults + f.default_count);
      return done{};
    case param_kind::numbers:
      if (!params.empty()) return parse_numbers(params, text, f, spec);
      spec.numbers.assign(f.defaults, f.defaults + f.default_count);
      return done{};
    case param_kind::gains:
      if (!params.empty()) return parse_gains(params, text, f, spec);
      return done{};
  }
  return done{};
}

// Expands nicknames into family names; names of families not in the list
// (none, once every family is) go to `missing`.
std::vector<std::string> expand_nicknames(const std::vector<std::string>& wanted, std::vector<std::string>& missing) {
  std::vector<std::string> out;
  for (const std::string& m : wanted) {
    const auto nick = std::find_if(nicknames().begin(), nicknames().end(), [&](const nickname& n) { return n.name == m; });
    if (nick == nicknames().end()) {
      out.push_back(m);
      continue;
    }
    for (std::string_view name : nick->families) {
      if (find_family(name)) out.emplace_back(name);
      else if (std::find(missing.begin(), missing.end(), name) == missing.end()) missing.emplace_back(name);
    }
  }
  return out;
}

// What the -m arguments ask of one family, merged. As in trec_eval, a
// family named with parameters takes those in place of its defaults, even
// when a nickname or a bare -m also named it ("-m all_trec -m relstring.20"
// gives relstring_20 alone); parameters given several times are unioned.
struct wanted_family {
  bool named = false;
  bool given = false;  // named with parameters at least once
  std::vector<std::uint64_t> cutoffs, default_cutoffs;
  std::vector<double> levels, default_levels;
  // numbers and gains: one column per distinct parameter text ("" = the defaults).
  std::vector<measure_spec> variants;
};

void want(wanted_family& w, measure_spec& spec) {
  const bool bare = spec.params.empty();
  w.named = true;
  w.given = w.given || !bare;
  auto& cutoffs = bare ? w.default_cutoffs : w.cutoffs;
  auto& levels = bare ? w.default_levels : w.levels;
  cutoffs.insert(cutoffs.end(), spec.cutoffs.begin(), spec.cutoffs.end());
  levels.insert(levels.end(), spec.levels.begin(), spec.levels.end());
  const bool seen = std::any_of(w.variants.begin(), w.variants.end(),
                                [&](const measure_spec& v) { return v.params == spec.params; });
  if (!seen) w.variants.push_back(std::move(spec));
}

// The columns' parameters once every -m is read: the given ones, else the defaults.
void settle(wanted_family& w) {
  if (!w.given) {
    w.cutoffs.swap(w.default_cutoffs);
    w.levels.swap(w.default_levels);
    return;
  }
  w.variants.erase(std::remove_if(w.variants.begin(), w.variants.end(),
                                  [](const measure_spec& v) { return v.params.empty(); }),
                   w.variants.end());
}

void add_cut_columns(plan& p, const family& f, std::vector<std::uint64_t>& ks) {
  detail::sort_values(ks);
  ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
  for (std::uint64_t k : ks) {
    // Positions index with size_t (32 bits in wasm); a cutoff beyond it
    // means the whole list, while P still divides by the cutoff given.
    column c;
    c.of = &f;
    c.cutoff = k > SIZE_MAX ? SIZE_MAX : static_cast<std::size_t>(k);
    c.param = static_cast<double>(k);
    c.name = std::string(f.name) + "_" + std::to_string(k);
    p.columns.push_back(std::move(c));
  }
}

void add_fraction_columns(plan& p, const family& f, std::vector<double>& levels) {
  detail::sort_values(levels);
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  for (double level : levels) {
    column c;
    c.of = &f;
    c.param = level;
    c.name = std::string(f.name) + "_" + fixed_text(level, 2);
    p.columns.push_back(std::move(c));
  }
}

std::size_t scheme_for(plan& p, const gain_overrides& gains) {
  for (std::size_t s = 0; s < p.schemes.size(); ++s)
    if (p.schemes[s] == gains) return s;
  p.schemes.push_back(gains);
  return p.schemes.size() - 1;
}

void add_variant_columns(plan& p, const family& f, const std::vector<measure_spec>& variants) {
  for (const measure_spec& v : variants) {
    column c;
    c.of = &f;
    c.name = v.params.empty() ? std::string(f.name) : std::string(f.name) + "_" + v.params;
    c.numbers = v.numbers;
    if (f.params == param_kind::gains) c.scheme = scheme_for(p, v.gains);
    p.columns.push_back(std::move(c));
  }
}

// An ir_measures name's own column, named as given; its conventions must be
// the options' (evaluate_by_conventions makes them so).
status add_ir_column(plan& p, const ir_measure& m, const trec_options& opt) {
  if ((m.relevance_level && static_cast<double>(*m.relevance_level) != opt.conv.relevance_level) ||
      (m.judged_only && *m.judged_only != opt.judged_only))
    return bad_measure(m.given, echo(m.given) + " asks for other conventions than the options': evaluate it by itself");
  for (const column& c : p.columns)
    if (c.name == m.given) return done{};
  column c;
  c.of = m.of;
  c.name = m.given;
  c.numbers = m.numbers;
  c.param = m.of->params == param_kind::fractions ? m.level : static_cast<double>(m.cutoff);
  c.cutoff = m.cutoff > SIZE_MAX ? SIZE_MAX : static_cast<std::size_t>(m.cutoff);
  if (m.of->params == param_kind::gains || (m.of->needs & need_gain_sums)) c.scheme = scheme_for(p, m.gains);
  p.columns.push_back(std::move(c));
  p.needs |= m.of->needs;
  return done{};
}

// Sorting the top k is enough when every measure stops at a cutoff k.
std::size_t sort_depth_of(const plan& p) {
  std::size_t depth = 0;
  for (const column& c : p.columns) {
    if (c.of->needs & (need_full_ranking | need_prefs | need_groups)) return SIZE_MAX;
    if (c.of->params == param_kind::cutoffs) depth = std::max(depth, c.cutoff);
  }
  return depth;
}

judgment_kind kind_of(judgment_format f) {
  switch (f) {
    case judgment_format::qrels: return judgment_kind::qrels;
    case judgment_format::prefs:
    case judgment_format::qrels_prefs: return judgment_kind::prefs;
    case judgment_format::qrels_jg: return judgment_kind::groups;
  }
  return judgment_kind::qrels;
}

// A family that reads other judgments than -R gives is an error that says which -R it needs.
status check_judgments(const plan& p, judgment_format given) {
  const judgment_kind have = kind_of(given);
  for (const column& c : p.columns) {
    const judgment_kind want = c.of->judgments;
    if (want == judgment_kind::any || want == have) continue;
    const char* needed = want == judgment_kind::prefs ? "-R prefs or -R qrels_prefs"
                         : want == judgment_kind::groups ? "-R qrels_jg"
                                                         : "qrels (-R qrels, the default)";
    return option_fail(error_code::bad_measure, "measures",
                       "measure " + echo(c.of->name) + " reads " + needed + ", but the judgments are -R " +
                           std::string(name_of(given)))
        .with("found", c.of->name);
  }
  return done{};
}

}  // namespace

int grade_levels::index_of_large(long grade) const {
  if (grade < 0) return -1;
  auto at = std::lower_bound(levels.begin(), levels.end(), grade);
  return at != levels.end() && *at == grade ? static_cast<int>(at - levels.begin()) : -1;
}

// The union of the -m arguments, as columns in print order.
expected<plan> make_plan(const trec_options& opt) {
  std::vector<std::string> missing;
  const std::vector<std::string> wanted =
      expand_nicknames(opt.measures.empty() ? default_trec_measures() : opt.measures, missing);
  std::vector<wanted_family> per(families().size());
  plan p;
  std::vector<ir_measure> named;  // ir_measures' names, each a column of its own after the others
  for (const std::string& text : wanted) {
    auto ir = read_ir_measure(text);
    if (!ir) return ir.err();
    if (ir->of) {
      named.push_back(std::move(*ir));
      continue;
    }
    auto spec = parse_measure(text);
    if (!spec) return spec.err();
    p.notes.insert(p.notes.end(), spec->notes.begin(), spec->notes.end());
    const family& f = *find_family(spec->base);
    if (spec->params.empty() && f.params == param_kind::cutoffs && opt.conv.k != 0) spec->cutoffs.assign(1, opt.conv.k);
    want(per[order_of(f)], *spec);
  }
  p.schemes.emplace_back();  // scheme 0: no overrides
  for (std::size_t i = 0; i < families().size(); ++i) {
    const family& f = *families()[i];
    wanted_family& w = per[i];
    if (!w.named) continue;
    settle(w);
    switch (f.params) {
      case param_kind::cutoffs: add_cut_columns(p, f, w.cutoffs); break;
      case param_kind::fractions: add_fraction_columns(p, f, w.levels); break;
      case param_kind::none: w.variants.resize(1); add_variant_columns(p, f, w.variants); break;
      case param_kind::numbers:
      case param_kind::gains: add_variant_columns(p, f, w.variants); break;
    }
    p.needs |= f.needs;
  }
  for (const ir_measure& m : named)
    if (auto ok = add_ir_column(p, m, opt); !ok) return ok.err();
  for (const column& c : p.columns)
    if (c.of->needs & need_subtopics) p.max_alpha_cutoff = std::max(p.max_alpha_cutoff, c.cutoff);
  if (auto ok = check_judgments(p, opt.judgments); !ok) return ok.err();
  p.judgments = kind_of(opt.judgments);
  p.sort_depth = sort_depth_of(p);
  p.not_offered = std::move(missing);
  return p;
}

// The conventions come from the options (trec_eval's unless a preset or
// an option says otherwise), checked as explain checks them; the relevance
// level must be 0 or more here, as trec_eval's.
expected<conventions> make_conventions(const trec_options& opt) {
  conventions c;
  c.opt = opt.conv;
  if (auto ok = validate(c.opt); !ok) return ok.err();
  const double level = c.opt.relevance_level;
  if (level < 0)
    return option_fail(error_code::out_of_range, "relevance_level",
                       "the relevance level must be 0 or more, got " + shortest(level))
        .with("found", shortest(level))
        .with("min", "0")
        .with("max", "");
  c.tied_grades = opt.tied_grades < 0 ? -1 : (opt.tied_grades > 0 ? 1 : 0);
  c.err_max_grade = c.opt.err_max_grade;
  if (!std::isfinite(opt.docs_in_collection))
    return option_fail(error_code::not_a_number, "docs_in_collection", "-N takes a finite number of documents")
        .with("found", shortest(opt.docs_in_collection));
  c.max_docs = opt.max_docs == 0 || opt.max_docs > SIZE_MAX ? SIZE_MAX : static_cast<std::size_t>(opt.max_docs);
  c.judged_only = opt.judged_only;
  c.docs_in_collection = opt.docs_in_collection;
  return c;
}

namespace {

// The earliest qrels entry of each grade 0 or more, by grade (a table of
// the grades seen, then only those sorted: qrels have millions of lines
// and a handful of grades).
std::vector<std::size_t> first_of_each_grade(const judgments& j) {
  std::vector<std::size_t> first;
  detail::handle_table seen;
  constexpr std::size_t none = SIZE_MAX;
  std::size_t small[64];  // the usual grades, without hashing
  std::fill(std::begin(small), std::end(small), none);
  const bool ordered = j.in_file_order;  // then the first seen is the earliest
  for (std::size_t i = 0; i < j.docs.size(); ++i) {
    const long rel = j.rel(i);
    if (rel < 0) continue;
    if (rel < 64) {
      std::size_t& seen_first = small[rel];
      if (seen_first == none || (!ordered && j.place(i) < j.place(seen_first))) seen_first = i;
      continue;
    }
    const auto next = static_cast<std::uint32_t>(first.size());
    const std::uint32_t at = seen.insert(detail::mix(static_cast<std::size_t>(rel), 0), next,
                                         [&](std::uint32_t k) { return j.rel(first[k]) == rel; });
    if (at == detail::handle_table::none) first.push_back(i);
    else if (j.place(i) < j.place(first[at])) first[at] = i;
  }
  for (const std::size_t i : small)
    if (i != none) first.push_back(i);
  std::vector<std::size_t> order(first.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  detail::sort_indices(order, [&](std::size_t a, std::size_t b) { return j.rel(first[a]) < j.rel(first[b]); });
  std::vector<std::size_t> sorted;
  for (std::size_t i : order) sorted.push_back(first[i]);
  return sorted;
}

}  // namespace

// The grades judged anywhere and each gain scheme's gain for them. A grade
// the conventions refuse is reported at its first qrels line.
expected<grade_levels> make_levels(const judgments& j, const plan& p, conventions& c,
                                   std::string_view qrels_text) {
  const std::vector<std::size_t> first = first_of_each_grade(j);
  auto at_line = [&](std::size_t e, error problem) {
    problem.line = j.line(e);
    problem.column = column_of(qrels_text, j.id(e));
    return problem.in("qrels");
  };
  grade_levels g;
  for (const std::size_t entry : first) {
    const long level = j.rel(entry);
    if (c.opt.max_grade > 0 && static_cast<double>(level) > c.opt.max_grade)
      return at_line(entry, fail(error_code::out_of_range, "grade " + std::to_string(level) + " is above " +
                                                               std::to_string(static_cast<long>(c.opt.max_grade)) +
                                                               ", the largest grade this preset allows")
                                 .with("found", std::to_string(level))
                                 .with("min", "")
                                 .with("max", std::to_string(static_cast<long>(c.opt.max_grade))));
    g.levels.push_back(level);
  }
  for (const gain_overrides& overrides : p.schemes) {
    std::vector<double> gains;
    for (const std::size_t entry : first) {
      const long level = j.rel(entry);
      auto own = std::find_if(overrides.begin(), overrides.end(),
                              [&](const auto& o) { return o.first == level; });
      if (own != overrides.end()) {
        gains.push_back(own->second);
        continue;
      }
      auto gain = gain_of(static_cast<double>(level), c.opt);
      if (!gain) return at_line(entry, gain.err());
      gains.push_back(*gain);
    }
    std::vector<std::size_t> order(gains.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    // Larger gains first, equal gains by grade: a stable sort's order.
    detail::sort_indices(order, [&](std::size_t a, std::size_t b) {
      return gains[a] > gains[b] || (gains[a] == gains[b] && a < b);
    });
    g.gains.push_back(std::move(gains));
    g.by_gain.push_back(std::move(order));
  }
  if (c.err_max_grade == 0 && !g.levels.empty()) c.err_max_grade = static_cast<double>(g.levels.back());
  constexpr long small_grades = 64;
  g.small.assign(static_cast<std::size_t>(small_grades), -1);
  for (std::size_t i = 0; i < g.levels.size() && g.levels[i] < small_grades; ++i)
    g.small[static_cast<std::size_t>(g.levels[i])] = static_cast<int>(i);
  return g;
}

}  // namespace trec_detail

// ---- public API ---------------------------------------------------------------

const std::vector<std::string_view>& trec_measure_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const trec_detail::family* f : trec_detail::families()) out.push_back(f->name);
    return out;
  }();
  return names;
}

const std::vector<trec_measure_info>& trec_measures() {
  using namespace trec_detail;
  static const std::vector<trec_measure_info> list = [] {
    static constexpr std::string_view kinds[] = {"", "cutoffs", "fractions", "numbers", "gains"};
    static constexpr std::string_view reads[] = {"", "qrels", "prefs", "qrels_jg"};
    std::vector<trec_measure_info> out;
    for (const family* f : families())
      out.push_back({f->name, f->help, kinds[static_cast<int>(f->params)],
                     std::vector<double>(f->defaults, f->defaults + f->default_count),
                     reads[static_cast<int>(f->judgments)]});
    return out;
  }();
  return list;
}

const std::vector<trec_nickname>& trec_nicknames() {
  static const std::vector<trec_nickname> list = [] {
    std::vector<trec_nickname> out;
    for (const trec_detail::nickname& n : trec_detail::nicknames()) out.push_back({n.name, n.families});
    return out;
  }();
  return list;
}

const std::vector<std::string>& default_trec_measures() {
  static const std::vector<std::string> measures{"official"};
  return measures;
}

const std::vector<std::string_view>& trec_measures_not_offered() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const trec_detail::nickname& n : trec_detail::nicknames())
      for (std::string_view name : n.families)
        if (!trec_detail::find_family(name) && std::find(out.begin(), out.end(), name) == out.end())
          out.push_back(name);
    return out;
  }();
  return names;
}

expected<judgment_format> judgment_format_named(std::string_view name) {
  for (judgment_format f : {judgment_format::qrels, judgment_format::prefs, judgment_format::qrels_prefs,
                            judgment_format::qrels_jg})
    if (name_of(f) == name) return f;
  return option_fail(error_code::unknown_choice, "judgments",
                     "unknown judgment format " + echo(name) + " (expected one of: qrels, prefs, qrels_prefs, qrels_jg)")
      .with("found", name)
      .with("choices", "qrels, prefs, qrels_prefs, qrels_jg");
}

std::string_view name_of(judgment_format f) {
  static constexpr std::string_view names[] = {"qrels", "prefs", "qrels_prefs", "qrels_jg"};
  return names[static_cast<int>(f)];
}

double trec_nan() {
  // A negative NaN with payload 1: not what arithmetic or quiet_NaN() makes.
  const std::uint64_t bits = 0xFFF8000000000001ull;
  double v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

bool is_trec_nan(double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  return bits == 0xFFF8000000000001ull;
}

expected<measure_spec> parse_measure(std::string_view text) {
  using namespace trec_detail;
  const std::size_t dot = text.find('.');
  measure_spec spec;
  spec.base = std::string(text.substr(0, dot));
  const family* f = find_family(spec.base);
  if (!f)
    return option_fail(error_code::unknown_measure, "measures",
                       "unknown measure " + echo(spec.base) + " (known measures: " + known_measures() + ")")
        .with("found", spec.base);
  if (dot != std::string_view::npos) {
    spec.params = std::string(text.substr(dot + 1));
    if (spec.params.empty())
      return bad_measure(text, "nothing follows the dot in " + echo(text) + ": give parameters or drop the dot");
  }
  if (auto ok = parse_params(*f, text, spec); !ok) return ok.err();
  return spec;
}

}  // namespace ndcg
