// trec_eval-compatible batch evaluation: measure names, the query loop and
// the output lines. One query's values are computed in trec_measures.cpp.
#include "ndcg/trec.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <map>
#include <unordered_map>

#include "ndcg/parse.hpp"
#include "ndcg/report.hpp"
#include "text.hpp"
#include "trec_detail.hpp"

namespace ndcg {
namespace trec_detail {
namespace {

struct family_info {
  std::string_view name;
  family kind;
  bool takes_cutoffs;
  bool is_count;
};

// In print order; the names -m takes.
constexpr family_info families[] = {
    {"num_q", family::num_q, false, true},
    {"num_ret", family::num_ret, false, true},
    {"num_rel", family::num_rel, false, true},
    {"num_rel_ret", family::num_rel_ret, false, true},
    {"map", family::map, false, false},
    {"recip_rank", family::recip_rank, false, false},
    {"P", family::P, true, false},
    {"recall", family::recall, true, false},
    {"ndcg", family::ndcg, false, false},
    {"ndcg_cut", family::ndcg_cut, true, false},
    {"err_cut", family::err_cut, true, false},
    {"alpha_ndcg_cut", family::alpha_ndcg_cut, true, false},
};

// trec_eval's cutoffs when a cutoff measure is given without any.
constexpr std::uint64_t default_cutoffs[] = {5, 10, 15, 20, 30, 100, 200, 500, 1000};

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

std::string known_measures() {
  std::string list;
  for (const family_info& f : families) list += (list.empty() ? "" : ", ") + std::string(f.name);
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
  return option_fail(error_code::bad_measure, "measures", std::move(message)).with("found", std::string(found));
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
  std::sort(cutoffs.begin(), cutoffs.end());
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

}  // namespace

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

// The union of the -m arguments, as columns in print order.
expected<plan> make_plan(const std::vector<std::string>& measures) {
  const std::vector<std::string>& wanted = measures.empty() ? default_trec_measures() : measures;
  std::map<family, std::vector<std::uint64_t>> cutoffs;  // merged across arguments
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
    std::vector<std::uint64_t>& merged = cutoffs[kind];
    merged.insert(merged.end(), spec->cutoffs.begin(), spec->cutoffs.end());
  }

  plan p;
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
    auto found = cutoffs.find(f.kind);
    if (found == cutoffs.end()) continue;
    std::vector<std::uint64_t>& ks = found->second;
    if (!f.takes_cutoffs) {
      p.columns.push_back(column{f.kind, 0, 0, std::string(f.name), 0});
      continue;
    }
    std::sort(ks.begin(), ks.end());
    ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
    for (std::uint64_t k : ks) {
      // Positions index with size_t (32 bits in wasm); a cutoff beyond it
      // means the whole list, while P still divides by the cutoff given.
      const std::size_t at = k > SIZE_MAX ? SIZE_MAX : static_cast<std::size_t>(k);
      p.columns.push_back(column{f.kind, at, 0, std::string(f.name) + "_" + std::to_string(k), static_cast<double>(k)});
      if (f.kind == family::alpha_ndcg_cut) p.max_alpha_cutoff = std::max(p.max_alpha_cutoff, at);
    }
  }
  return p;
}

namespace {

// Gains, ties and the ideal follow trec_eval unless a preset or --gain exp
// says otherwise; the relevance level, alpha and ERR's g_max are options.
expected<conventions> make_conventions(const trec_options& opt) {
  auto base = preset(opt.preset.empty() ? std::string_view("trec_eval") : std::string_view(opt.preset));
  if (!base) return base.err();
  conventions c;
  c.opt = *base;
  if (opt.exp_gain) c.opt.gain = gain_kind::exponential;
  c.opt.alpha = opt.alpha;
  if (auto ok = validate(c.opt); !ok) return ok.err();
  if (opt.relevance_level < 0)
    return option_fail(error_code::out_of_range, "relevance_level",
                       "the relevance level must be 0 or more, got " + std::to_string(opt.relevance_level))
        .with("found", std::to_string(opt.relevance_level))
        .with("min", "0")
        .with("max", "");
  if (!(opt.err_max_grade >= 0) || !std::isfinite(opt.err_max_grade))
    return option_fail(std::isfinite(opt.err_max_grade) ? error_code::out_of_range : error_code::not_a_number,
                       "err_max_grade", "ERR's largest grade must be a finite number, 0 or more")
        .with("found", shortest(opt.err_max_grade))
        .with("min", "0")
        .with("max", "");
  c.relevance_level = opt.relevance_level;
  c.alpha = opt.alpha;
  c.err_max_grade = opt.err_max_grade > 0 ? opt.err_max_grade : c.opt.err_max_grade;
  return c;
}

// The grades judged anywhere and each gain scheme's gain for them. A grade
// the conventions refuse is reported at its first qrels line.
expected<grade_levels> make_levels(const qrels_file& qrels, const plan& p, conventions& c,
                                   std::string_view qrels_text) {
  std::map<long, const qrel_entry*> first;
  for (const qrels_query& q : qrels.queries)
    for (const qrel_entry& e : q.entries)
      if (e.rel >= 0) first.emplace(e.rel, &e);
  auto at_line = [&](const qrel_entry& e, error problem) {
    problem.line = e.line;
    problem.column = column_of(qrels_text, e.docid);
    return problem.in("qrels");
  };
  grade_levels g;
  for (const auto& [level, entry] : first) {
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
    for (const auto& judged : first) {
      const long level = judged.first;  // a named copy: C++17 lambdas cannot capture bindings
      const qrel_entry* entry = judged.second;
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
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return gains[a] > gains[b]; });
    g.gains.push_back(std::move(gains));
    g.by_gain.push_back(std::move(order));
  }
  if (c.err_max_grade == 0 && !g.levels.empty()) c.err_max_grade = static_cast<double>(g.levels.back());
  return g;
}

// The inputs, read and indexed: everything a query loop needs.
struct batch_inputs {
  qrels_file qrels;
  run_file run;
  subtopic_qrels_file subtopics;
};

expected<batch_inputs> read_inputs(std::string_view qrels_text, std::string_view run_text,
                                   std::string_view subtopics_text, bool wants_alpha) {
  batch_inputs in;
  auto qrels = parse_qrels(qrels_text);
  if (!qrels) return error(qrels.err()).in("qrels");
  in.qrels = std::move(*qrels);
  if (in.qrels.queries.empty())
    return fail(error_code::empty_input, "the qrels have no judgments, so there is nothing to evaluate").in("qrels");
  auto run = parse_run(run_text);
  if (!run) return error(run.err()).in("run");
  in.run = std::move(*run);
  if (wants_alpha) {
    auto subtopics = parse_subtopic_qrels(subtopics_text);
    if (!subtopics) return error(subtopics.err()).in("subtopics");
    in.subtopics = std::move(*subtopics);
    if (in.subtopics.queries.empty())
      return fail(error_code::needs_subtopics,
                  "alpha_ndcg_cut needs subtopic qrels (lines of \"qid subtopic docid judgment\"), "
                  "and none were given")
          .in("subtopics");
  }
  return in;
}

// trec_eval 10.0 reads a stale ranking here; we stop with a clear message.
error missing_from_run(const qrels_query& q, std::string_view qrels_text) {
  const qrel_entry& first = q.entries.front();
  return fail(error_code::missing_query,
              "query " + echo(q.qid) + " is in the qrels (line " + std::to_string(first.line) +
                  ") but not in the run; -c scores such queries 0",
              first.line, column_of(qrels_text, q.qid))
      .in("qrels")
      .with("found", std::string(q.qid));
}

void add_to_mean(const std::vector<double>& row, std::vector<double>& sum,
                 std::vector<std::size_t>& count) {
  for (std::size_t m = 0; m < row.size(); ++m) {
    if (std::isnan(row[m])) continue;
    sum[m] += row[m];
    ++count[m];
  }
}

}  // namespace
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
  static const std::vector<std::string> measures{
      "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "recip_rank",
      "P.5,10,20", "recall.5,10,20", "ndcg", "ndcg_cut.5,10,20"};
  return measures;
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
  if (f->takes_cutoffs) {
    if (spec.params.empty()) {
      spec.cutoffs.assign(std::begin(default_cutoffs), std::end(default_cutoffs));
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

expected<trec_result> evaluate_trec(std::string_view qrels_text, std::string_view run_text,
                                    const trec_options& opt, std::string_view subtopics) {
  using namespace trec_detail;
  auto p = make_plan(opt.measures);
  if (!p) return p.err();
  auto conv = make_conventions(opt);
  if (!conv) return conv.err();
  auto in = read_inputs(qrels_text, run_text, subtopics, p->needs(family::alpha_ndcg_cut));
  if (!in) return in.err();
  auto levels = make_levels(in->qrels, *p, *conv, qrels_text);
  if (!levels) return levels.err();

  // trec_eval walks the qrels' queries in qid byte order; the means are
  // summed in that order too, which matters for the last bits.
  std::vector<const qrels_query*> judged;
  for (const qrels_query& q : in->qrels.queries) judged.push_back(&q);
  std::sort(judged.begin(), judged.end(), [](auto* a, auto* b) { return a->qid < b->qid; });
  std::unordered_map<std::string_view, const run_query*> run_of;
  for (const run_query& q : in->run.queries) run_of.emplace(q.qid, &q);
  std::unordered_map<std::string_view, const subtopic_query*> subtopics_of;
  for (const subtopic_query& s : in->subtopics.queries) subtopics_of.emplace(s.qid, &s);

  trec_result r;
  for (const column& c : p->columns) {
    r.names.push_back(c.name);
    r.is_count.push_back(info_of(c.kind).is_count);
    r.summary_only.push_back(c.kind == family::num_q);
  }
  std::vector<double> sum(p->columns.size(), 0.0);
  std::vector<std::size_t> count(p->columns.size(), 0);
  query_evaluator evaluator(*p, *conv, *levels);
  std::vector<double> row;
  for (const qrels_query* judgments : judged) {
    auto found = run_of.find(judgments->qid);
    if (found == run_of.end() && !opt.complete) return missing_from_run(*judgments, qrels_text);
    auto sub = subtopics_of.find(judgments->qid);
    query_input q;
    q.qid = judgments->qid;
    q.qrels = &judgments->entries;
    q.run = found == run_of.end() ? nullptr : &found->second->entries;
    q.subtopics = sub == subtopics_of.end() ? nullptr : sub->second;
    evaluator.evaluate(q, row);
    add_to_mean(row, sum, count);
    r.qids.emplace_back(q.qid);
    r.values.push_back(row);
  }
  r.num_q = r.qids.size();
  r.mean.resize(sum.size());
  for (std::size_t m = 0; m < sum.size(); ++m) {
    if (r.is_count[m]) r.mean[m] = sum[m];
    else r.mean[m] = count[m] ? sum[m] / static_cast<double>(count[m]) : std::numeric_limits<double>::quiet_NaN();
  }
  return r;
}

namespace {

void append_line(std::string& out, const std::string& name, std::string_view qid, double value,
                 bool is_count, int digits) {
  char head[64];
  char number[400];  // room for %.16f of any double
  if (is_count) std::snprintf(number, sizeof number, "%lld", static_cast<long long>(value));
  else if (digits >= 17) std::snprintf(number, sizeof number, "%.17g", value);
  else std::snprintf(number, sizeof number, "%.*f", std::max(digits, 0), value);
  std::snprintf(head, sizeof head, "%-22s", name.c_str());
  // The name may be longer than the buffer; only its padding needs printf.
  out += name.size() >= 22 ? name : std::string(head);
  out += '\t';
  out += qid;
  out += '\t';
  out += number;
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
    if (std::isnan(r.mean[m])) continue;
    append_line(out, r.names[m], "all", r.mean[m], r.is_count[m], digits);
  }
  return out;
}

}  // namespace ndcg
