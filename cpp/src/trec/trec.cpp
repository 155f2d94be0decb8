// trec_eval-compatible batch evaluation: measure names, the plan of
// columns, conventions, output lines and merging shards. The query loop is
// in trec_stream.cpp; one query's values in trec_measures.cpp.
#include "ndcg/trec.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "ndcg/parse.hpp"
#include "base/hash_table.hpp"
#include "base/index_sort.hpp"
#include "ndcg/report.hpp"
#include "base/text.hpp"
#include "trec/trec_detail.hpp"

namespace ndcg {
namespace trec_detail {
namespace {

// In print order; the names -m takes.
//  name, kind, cutoffs, count, summary only, needs the full ranking
constexpr family_info families[] = {
    {"runid", family::runid, false, false, true, false},
    {"num_q", family::num_q, false, true, true, false},
    {"num_ret", family::num_ret, false, true, false, false},
    {"num_rel", family::num_rel, false, true, false, false},
    {"num_rel_ret", family::num_rel_ret, false, true, false, false},
    {"map", family::map, false, false, false, true},
    {"gm_map", family::gm_map, false, false, true, true},
    {"Rprec", family::Rprec, false, false, false, true},
    {"bpref", family::bpref, false, false, false, true},
    {"recip_rank", family::recip_rank, false, false, false, true},
    {"iprec_at_recall", family::iprec_at_recall, true, false, false, true},
    {"P", family::P, true, false, false, false},
    {"recall", family::recall, true, false, false, false},
    {"ndcg", family::ndcg, false, false, false, true},
    {"ndcg_cut", family::ndcg_cut, true, false, false, false},
    {"success", family::success, true, false, false, false},
    {"err_cut", family::err_cut, true, false, false, false},
    {"alpha_ndcg_cut", family::alpha_ndcg_cut, true, false, false, false},
};

// trec_eval's cutoffs when a cutoff measure is given without any.
constexpr std::uint64_t default_cutoffs[] = {5, 10, 15, 20, 30, 100, 200, 500, 1000};
constexpr std::uint64_t default_success_cutoffs[] = {1, 5, 10};
constexpr double default_recall_levels[] = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};

// trec_eval's nicknames: its default ("official") set and -m all_trec.
constexpr std::string_view official_set[] = {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
                                             "Rprec", "bpref", "recip_rank", "iprec_at_recall", "P"};
constexpr std::string_view all_trec_set[] = {
    "runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank",
    "iprec_at_recall", "P", "relstring", "recall", "infAP", "gm_bpref", "utility", "11pt_avg", "ideal_dcg", "dcg",
    "ndcg", "relative_P", "Rprec_mult", "success", "map_cut", "ndcg_cut", "ndcg_rel", "Rndcg", "binG", "G", "set_P",
    "set_recall", "set_relative_P", "set_map", "set_F", "num_nonrel_judged_ret"};

std::string known_measures() {
  std::string list;
  for (const family_info& f : families) list += (list.empty() ? "" : ", ") + std::string(f.name);
  return list + ", official, all_trec";
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

expected<std::vector<std::uint64_t>> parse_cutoffs(std::string_view params, std::string_view text) {
  std::vector<std::uint64_t> cutoffs;
  for (std::string_view part : split(params, ',')) {
    unsigned long long k = 0;
    if (!detail::parse_digits(part, k) || k == 0)
      return bad_measure(part, "bad cutoff " + echo(part) + " in " + echo(text) +
                                   ": cutoffs are whole numbers of 1 or more, as in P.5,10");
    cutoffs.push_back(k);
  }
  detail::sort_values(cutoffs);
  auto repeated = std::adjacent_find(cutoffs.begin(), cutoffs.end());
  if (repeated != cutoffs.end())
    return bad_measure(text, "cutoff " + std::to_string(*repeated) + " is given twice in " + echo(text));
  return cutoffs;
}

// "1=1,2=3": gains for relevance levels, as trec_eval's ndcg takes them.
expected<gain_overrides> parse_gains(std::string_view params, std::string_view text) {
  gain_overrides gains;
  for (std::string_view part : split(params, ',')) {
    std::size_t eq = part.find('=');
    unsigned long long level = 0;
    double gain = 0;
    if (eq == std::string_view::npos || !detail::parse_digits(part.substr(0, eq), level) ||
        level > static_cast<unsigned long long>(std::numeric_limits<long>::max()) ||
        detail::parse_number(part.substr(eq + 1), gain) != detail::number_status::ok)
      return bad_measure(part, "bad gain " + echo(part) + " in " + echo(text) +
                                   ": expected LEVEL=GAIN pairs with a whole-number level, as in ndcg.1=1,2=3");
    for (const auto& g : gains)
      if (g.first == static_cast<long>(level))
        return bad_measure(text, "level " + std::to_string(level) + " is given twice in " + echo(text));
    gains.emplace_back(static_cast<long>(level), gain);
  }
  return gains;
}


// "0,.1,.5,1": recall levels for iprec_at_recall, printed with 2 decimals.
expected<std::vector<double>> parse_levels(std::string_view params, std::string_view text) {
  std::vector<double> levels;
  for (std::string_view part : split(params, ',')) {
    double v = 0;
    if (detail::parse_number(part, v) != detail::number_status::ok || v < 0 || v > 1)
      return bad_measure(part, "bad recall level " + echo(part) + " in " + echo(text) +
                                   ": levels are numbers from 0 to 1, as in iprec_at_recall.0,.5,1");
    levels.push_back(v);
  }
  detail::sort_values(levels);
  return levels;
}

// Expands the nicknames official and all_trec into measure names.
std::vector<std::string> expand_nicknames(const std::vector<std::string>& wanted, std::vector<std::string>& missing) {
  std::vector<std::string> out;
  for (const std::string& m : wanted) {
    if (m == "official") {
      out.insert(out.end(), std::begin(official_set), std::end(official_set));
    } else if (m == "all_trec") {
      for (std::string_view name : all_trec_set) {
        if (find_family(name)) out.emplace_back(name);
        else if (std::find(missing.begin(), missing.end(), name) == missing.end()) missing.emplace_back(name);
      }
    } else {
      out.push_back(m);
    }
  }
  return out;
}

}  // namespace

const family_info* find_family(std::string_view name) {
  for (const family_info& f : families)
    if (f.name == name) return &f;
  return nullptr;
}

const family_info& info_of(family kind) {
  for (const family_info& f : families)
    if (f.kind == kind) return f;
  return families[0];
}

bool plan::needs(family f) const {
  for (const column& c : columns)
    if (c.kind == f) return true;
  return false;
}

int grade_levels::index_of(long grade) const {
  if (grade < 0) return -1;
  auto at = std::lower_bound(levels.begin(), levels.end(), grade);
  return at != levels.end() && *at == grade ? static_cast<int>(at - levels.begin()) : -1;
}

namespace {

// The columns of one family with cutoffs, merged over the -m arguments.
void add_cut_columns(plan& p, const family_info& f, std::vector<std::uint64_t>& ks) {
  detail::sort_values(ks);
  ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
  for (std::uint64_t k : ks) {
    // Positions index with size_t (32 bits in wasm); a cutoff beyond it
    // means the whole list, while P still divides by the cutoff given.
    const std::size_t at = k > SIZE_MAX ? SIZE_MAX : static_cast<std::size_t>(k);
    p.columns.push_back(column{f.kind, at, 0, std::string(f.name) + "_" + std::to_string(k), static_cast<double>(k)});
    if (f.kind == family::alpha_ndcg_cut) p.max_alpha_cutoff = std::max(p.max_alpha_cutoff, at);
  }
}

void add_level_columns(plan& p, std::vector<double>& levels) {
  detail::sort_values(levels);
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  for (double level : levels) {
    p.columns.push_back(column{family::iprec_at_recall, 0, 0, "iprec_at_recall_" + fixed_text(level, 2), level});
  }
}

// Sorting the top k is enough when every measure stops at a cutoff k.
std::size_t sort_depth_of(const plan& p) {
  std::size_t depth = 0;
  for (const column& c : p.columns) {
    const family_info& f = info_of(c.kind);
    if (f.full_ranking) return SIZE_MAX;
    if (f.takes_cutoffs) depth = std::max(depth, c.cutoff);
  }
  return depth;
}

}  // namespace

// The union of the -m arguments, as columns in print order.
expected<plan> make_plan(const std::vector<std::string>& measures) {
  std::vector<std::string> missing;
  const std::vector<std::string> wanted = expand_nicknames(measures.empty() ? default_trec_measures() : measures, missing);
  // Per family (by its enum value): named at all, and its cutoffs merged across arguments.
  std::vector<char> named(family_count, 0);
  std::vector<std::vector<std::uint64_t>> cutoffs(family_count);
  std::vector<double> levels;                            // iprec_at_recall's
  std::vector<std::pair<std::string, gain_overrides>> ndcg_variants;  // params text, gains
  for (const std::string& text : wanted) {
    auto spec = parse_measure(text);
    if (!spec) return spec.err();
    const family kind = find_family(spec->base)->kind;
    if (kind == family::ndcg) {
      auto same = std::find_if(ndcg_variants.begin(), ndcg_variants.end(),
                               [&](const auto& v) { return v.first == spec->params; });
      if (same == ndcg_variants.end()) ndcg_variants.emplace_back(spec->params, spec->gains);
      continue;
    }
    if (kind == family::iprec_at_recall) levels.insert(levels.end(), spec->levels.begin(), spec->levels.end());
    named[static_cast<std::size_t>(kind)] = 1;
    std::vector<std::uint64_t>& merged = cutoffs[static_cast<std::size_t>(kind)];
    merged.insert(merged.end(), spec->cutoffs.begin(), spec->cutoffs.end());
  }

  plan p;
  p.not_offered = std::move(missing);
  p.schemes.emplace_back();  // scheme 0: no overrides
  for (const family_info& f : families) {
    if (f.kind == family::ndcg) {
      for (const auto& [params, gains] : ndcg_variants) {
        column c{family::ndcg, 0, 0, "ndcg", 0};
        if (!params.empty()) {
          c.scheme = p.schemes.size();
          p.schemes.push_back(gains);
          c.name += "_" + params;
        }
        p.columns.push_back(c);
      }
      continue;
    }
    const auto kind = static_cast<std::size_t>(f.kind);
    if (!named[kind]) continue;
    if (f.kind == family::iprec_at_recall) add_level_columns(p, levels);
    else if (f.takes_cutoffs) add_cut_columns(p, f, cutoffs[kind]);
    else p.columns.push_back(column{f.kind, 0, 0, std::string(f.name), 0});
  }
  p.sort_depth = sort_depth_of(p);
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
  c.relevance_level = level;
  c.alpha = c.opt.alpha;
  c.tied_grades = opt.tied_grades < 0 ? -1 : (opt.tied_grades > 0 ? 1 : 0);
  c.err_max_grade = c.opt.err_max_grade;
  return c;
}

namespace {

// The earliest qrels entry of each grade 0 or more, by grade (a table of
// the grades seen, then only those sorted: qrels have millions of lines
// and a handful of grades).
std::vector<const judged_doc*> first_of_each_grade(const judgments& j) {
  std::vector<const judged_doc*> first;
  detail::handle_table seen;
  for (const judged_doc& e : j.docs) {
    if (e.rel < 0) continue;
    const auto next = static_cast<std::uint32_t>(first.size());
    const std::uint32_t at = seen.insert(detail::mix(static_cast<std::size_t>(e.rel), 0), next,
                                         [&](std::uint32_t i) { return first[i]->rel == e.rel; });
    if (at == detail::handle_table::none) first.push_back(&e);
    else if (e.line < first[at]->line) first[at] = &e;
  }
  std::vector<std::size_t> order(first.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  detail::sort_indices(order, [&](std::size_t a, std::size_t b) { return first[a]->rel < first[b]->rel; });
  std::vector<const judged_doc*> sorted;
  for (std::size_t i : order) sorted.push_back(first[i]);
  return sorted;
}

}  // namespace

// The grades judged anywhere and each gain scheme's gain for them. A grade
// the conventions refuse is reported at its first qrels line.
expected<grade_levels> make_levels(const judgments& j, const plan& p, conventions& c,
                                   std::string_view qrels_text) {
  const std::vector<const judged_doc*> first = first_of_each_grade(j);
  auto at_line = [&](const judged_doc& e, error problem) {
    problem.line = e.line;
    problem.column = column_of(qrels_text, e.id());
    return problem.in("qrels");
  };
  grade_levels g;
  for (const judged_doc* entry : first) {
    const long level = entry->rel;
    if (c.opt.max_grade > 0 && static_cast<double>(level) > c.opt.max_grade)
      return at_line(*entry, fail(error_code::out_of_range, "grade " + std::to_string(level) + " is above " +
                                                               std::to_string(static_cast<long>(c.opt.max_grade)) +
                                                               ", the largest grade this preset allows")
                                 .with("found", std::to_string(level))
                                 .with("min", "")
                                 .with("max", std::to_string(static_cast<long>(c.opt.max_grade))));
    g.levels.push_back(level);
  }
  for (const gain_overrides& overrides : p.schemes) {
    std::vector<double> gains;
    for (const judged_doc* entry : first) {
      const long level = entry->rel;
      auto own = std::find_if(overrides.begin(), overrides.end(),
                              [&](const auto& o) { return o.first == level; });
      if (own != overrides.end()) {
        gains.push_back(own->second);
        continue;
      }
      auto gain = gain_of(static_cast<double>(level), c.opt);
      if (!gain) return at_line(*entry, gain.err());
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
  return g;
}

}  // namespace trec_detail

// ---- public API ---------------------------------------------------------------

const std::vector<std::string_view>& trec_measure_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const auto& f : trec_detail::families) out.push_back(f.name);
    return out;
  }();
  return names;
}

const std::vector<std::string>& default_trec_measures() {
  static const std::vector<std::string> measures{"official"};
  return measures;
}

const std::vector<std::string_view>& trec_measures_not_offered() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (std::string_view n : trec_detail::all_trec_set)
      if (!trec_detail::find_family(n)) out.push_back(n);
    return out;
  }();
  return names;
}

expected<measure_spec> parse_measure(std::string_view text) {
  using namespace trec_detail;
  const std::size_t dot = text.find('.');
  measure_spec spec;
  spec.base = std::string(text.substr(0, dot));
  const family_info* f = find_family(spec.base);
  if (!f)
    return option_fail(error_code::unknown_measure, "measures",
                       "unknown measure " + echo(spec.base) + " (known measures: " + known_measures() + ")")
        .with("found", spec.base);
  if (dot != std::string_view::npos) {
    spec.params = std::string(text.substr(dot + 1));
    if (spec.params.empty())
      return bad_measure(text, "nothing follows the dot in " + echo(text) + ": give parameters or drop the dot");
  }
  if (f->kind == family::iprec_at_recall) {
    if (spec.params.empty()) {
      spec.levels.assign(std::begin(default_recall_levels), std::end(default_recall_levels));
      return spec;
    }
    auto levels = parse_levels(spec.params, text);
    if (!levels) return levels.err();
    spec.levels = std::move(*levels);
    return spec;
  }
  if (f->takes_cutoffs) {
    if (spec.params.empty()) {
      if (f->kind == family::success) spec.cutoffs.assign(std::begin(default_success_cutoffs), std::end(default_success_cutoffs));
      else spec.cutoffs.assign(std::begin(default_cutoffs), std::end(default_cutoffs));
      return spec;
    }
    auto cutoffs = parse_cutoffs(spec.params, text);
    if (!cutoffs) return cutoffs.err();
    spec.cutoffs = std::move(*cutoffs);
    return spec;
  }
  if (f->kind == family::ndcg) {
    if (spec.params.empty()) return spec;
    auto gains = parse_gains(spec.params, text);
    if (!gains) return gains.err();
    spec.gains = std::move(*gains);
    return spec;
  }
  if (!spec.params.empty())
    return bad_measure(text, "measure " + echo(spec.base) + " takes no parameters, got " + echo(text));
  return spec;
}

namespace {

// A measure's name padded to 22 columns, as trec_eval's "%-22s".
void append_name(std::string& out, std::string_view name) {
  out += name;
  if (name.size() < 22) out.append(22 - name.size(), ' ');
}

void append_line(std::string& out, const std::string& name, std::string_view qid, double value,
                 bool is_count, int digits) {
  append_name(out, name);
  out += '\t';
  out += qid;
  out += '\t';
  // A count past long long (merged shards of a hostile input) prints whole, without the cast's overflow.
  if (is_count && std::fabs(value) < 9e18) out += std::to_string(static_cast<long long>(value));
  else if (is_count) out += fixed_text(value, 0);
  else if (digits >= 17) out += significant_text(value, 17);
  else out += fixed_text(value, std::max(digits, 0));
  out += '\n';
}

}  // namespace

std::string format_trec(const trec_result& r, bool per_query, int digits) {
  std::string out;
  if (per_query)
    for (std::size_t q = 0; q < r.qids.size(); ++q)
      for (std::size_t m = 0; m < r.names.size(); ++m) {
        if (r.summary_only[m] || std::isnan(r.values[q][m])) continue;
        append_line(out, r.names[m], r.qids[q], r.values[q][m], r.is_count[m], digits);
      }
  for (std::size_t m = 0; m < r.names.size(); ++m) {
    if (r.names[m] == "runid") {  // trec_eval's one line whose value is text
      append_name(out, "runid");
      out += "\tall\t" + r.run_id + "\n";
      continue;
    }
    if (std::isnan(r.mean[m])) continue;
    append_line(out, r.names[m], "all", r.mean[m], r.is_count[m], digits);
  }
  return out;
}

}  // namespace ndcg
