// ir_measures' names, one row each: the trec_eval measure each means, as
// ir_measures' pytrec_eval provider evaluates it (P@k is P_k, AP@k map_cut_k,
// RR recip_rank, IPrec@r iprec_at_recall_r, SetF(beta=b) set_F.b, rel=l runs
// trec_eval with -l l, judged_only=True with -J, gains= maps grades to
// gains), and for the names pytrec_eval lacks, our families: Judged@k
// (ir_measures' judged provider), ERR@k (gdeval), alpha_nDCG@k (ndeval).
// A parameter ir_measures has and trec_eval has not is refused, named.
#include "trec/measures/ir_names.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "base/text.hpp"
#include "ndcg/trec.hpp"
#include "trec/measures/list.hpp"

namespace ndcg::trec_detail {
namespace {

// The parameters a name takes besides @, one bit each, in this order.
enum : unsigned { rel = 1, judged_only = 2, dcg = 4, gains = 8, beta = 16, relative = 32 };
constexpr std::string_view param_names[] = {"rel", "judged_only", "dcg", "gains", "beta", "relative"};

struct ir_row {
  const char* name;    // ir_measures' name (or its alias)
  const char* whole;   // the family without @ ("": @ is required)
  const char* cut;     // the family with @k ("": no @)
  unsigned params;
  const char* chosen = "";  // the family rel= (NumRet) or relative=True (SetP) chooses
};

constexpr unsigned ranked = rel | judged_only;
constexpr ir_row rows[] = {
    {"nDCG", "ndcg", "ndcg_cut", dcg | gains | judged_only},
    {"NDCG", "ndcg", "ndcg_cut", dcg | gains | judged_only},
    {"P", "", "P", ranked},
    {"R", "", "recall", ranked},
    {"AP", "map", "map_cut", ranked},
    {"MAP", "map", "map_cut", ranked},
    {"RR", "recip_rank", "", ranked},
    {"MRR", "recip_rank", "", ranked},
    {"Rprec", "Rprec", "", ranked},
    {"Bpref", "bpref", "", rel},
    {"BPref", "bpref", "", rel},
    {"infAP", "infAP", "", rel},
    {"Success", "", "success", ranked},
    {"IPrec", "", "iprec_at_recall", ranked},
    {"NumRet", "num_ret", "", rel, "num_rel_ret"},
    {"NumRel", "num_rel", "", rel},
    {"NumQ", "num_q", "", 0},
    {"SetP", "set_P", "", ranked | relative, "set_relative_P"},
    {"SetR", "set_recall", "", rel},
    {"SetF", "set_F", "", ranked | beta},
    {"SetAP", "set_map", "", ranked},
    {"Judged", "", "judged", 0},
    {"ERR", "", "err_cut", 0},
    {"alpha_nDCG", "", "alpha_ndcg_cut", 0},
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

error bad_name(std::string_view found, std::string message) {
  return option_fail(error_code::bad_measure, "measures", std::move(message)).with("found", found);
}

// "expected WHAT in TEXT, got FOUND": every value refused says it so.
error expected_in(std::string_view found, std::string_view text, const char* what) {
  return bad_name(found, "expected " + std::string(what) + " in " + echo(text) + ", got " + echo(found));
}

unsigned param_bit(std::string_view key) {
  for (std::size_t i = 0; i < std::size(param_names); ++i)
    if (param_names[i] == key) return 1u << i;
  return 0;
}

error not_offered(const ir_row& row, std::string_view key) {
  std::string takes;
  for (std::size_t i = 0; i < std::size(param_names); ++i)
    if (row.params & (1u << i)) takes += (takes.empty() ? "" : ", ") + std::string(param_names[i]);
  return bad_name(key, "parameter " + echo(key) + " of " + std::string(row.name) +
                           " has no trec_eval counterpart here (" + std::string(row.name) + " takes " +
                           (takes.empty() ? "none" : takes) + ")");
}

// "a=1,b={0:0,1:1}": splits at the commas outside braces.
std::vector<std::string_view> split_params(std::string_view s) {
  std::vector<std::string_view> parts;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    const char c = i < s.size() ? s[i] : ',';
    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    if (c == ',' && (depth == 0 || i == s.size())) {
      parts.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  return parts;
}

bool read_whole(std::string_view text, unsigned long long& v) {
  return detail::parse_digits(trim(text), v) && v <= static_cast<unsigned long long>(std::numeric_limits<long>::max());
}

bool read_real(std::string_view text, double& v) {
  return detail::parse_number(trim(text), v) == detail::number_status::ok && std::isfinite(v);
}

// gains={0:0,1:1,2:3}: a gain for each grade named, the others keep their grade as gain.
status read_gains(std::string_view text, std::string_view value, ir_measure& m) {
  if (value.size() < 2 || value.front() != '{' || value.back() != '}')
    return expected_in(value, text, "gains={grade:gain, ...}");
  const std::string_view inside = trim(value.substr(1, value.size() - 2));
  for (std::string_view pair : inside.empty() ? std::vector<std::string_view>() : split_params(inside)) {
    const std::size_t colon = pair.find(':');
    unsigned long long grade = 0;
    double gain = 0;
    if (colon == std::string_view::npos || !read_whole(pair.substr(0, colon), grade) || !read_real(pair.substr(colon + 1), gain))
      return expected_in(pair, text, "gains as grade:gain, as in gains={0:0,1:1,2:3},");
    m.gains.emplace_back(static_cast<long>(grade), gain);
  }
  return done{};
}

// One `key=value`; `bit` is the key's, which the row takes.
status read_value(unsigned bit, std::string_view text, std::string_view value, ir_measure& m) {
  unsigned long long level = 0;
  double number = 0;
  const bool yes = value == "True" || value == "true";
  switch (bit) {
    case rel:
      if (!read_whole(value, level)) return expected_in(value, text, "rel= a whole number of 0 or more");
      m.relevance_level = static_cast<long>(level);
      return done{};
    case judged_only:
    case relative:
      if (!yes && value != "False" && value != "false") return expected_in(value, text, "True or False");
      if (bit == judged_only) m.judged_only = yes;
      return done{};
    case dcg:
      if (value == "'log2'" || value == "\"log2\"" || value == "log2") return done{};
      return bad_name(value, "parameter dcg=" + std::string(value) + " in " + echo(text) +
                                 " has no trec_eval counterpart (trec_eval's ndcg is dcg='log2')");
    case gains: return read_gains(text, value, m);
    default:
      if (!read_real(value, number)) return expected_in(value, text, "beta= a number");
      m.numbers.assign(1, number);
      return done{};
  }
}

status read_param(const ir_row& row, std::string_view text, std::string_view part, ir_measure& m) {
  const std::size_t eq = part.find('=');
  const std::string_view key = trim(part.substr(0, eq));
  const unsigned bit = param_bit(key);
  if (eq == std::string_view::npos || !(row.params & bit)) return not_offered(row, key);
  return read_value(bit, text, trim(part.substr(eq + 1)), m);
}

// What follows @: a cutoff of 1 or more, or (IPrec) a recall level.
status read_at(std::string_view text, std::string_view at, ir_measure& m) {
  if (m.of->params == param_kind::fractions) {
    if (read_real(at, m.level) && m.level >= 0 && m.level <= 1) return done{};
    return expected_in(at, text, "a recall level from 0 to 1 after @");
  }
  unsigned long long k = 0;
  if (read_whole(at, k) && k > 0) {
    m.cutoff = k;
    return done{};
  }
  return expected_in(at, text, "a whole number of 1 or more after @");
}

const ir_row* row_named(std::string_view name) {
  for (const ir_row& row : rows)
    if (name == row.name) return &row;
  return nullptr;
}

// The family the name and its parameters choose: rel= (NumRet) or relative=True (SetP) choose another.
const family* family_of(const ir_row& row, bool has_at, std::string_view params) {
  if (*row.chosen)
    for (std::string_view part : split_params(params)) {
      const std::size_t eq = part.find('=');
      const std::string_view key = trim(part.substr(0, eq)), value = trim(part.substr(std::min(eq + 1, part.size())));
      if (key == "rel" || (key == "relative" && (value == "True" || value == "true"))) return find_family(row.chosen);
    }
  return find_family(has_at ? row.cut : row.whole);
}

}  // namespace

expected<ir_measure> read_ir_measure(std::string_view text) {
  const std::size_t open = text.find('('), at = text.rfind('@');
  const std::string_view name = text.substr(0, std::min(open, at));
  const ir_row* row = row_named(name);
  ir_measure m;
  // "P", "Rprec": trec_eval's names too, read as trec_eval's.
  if (!row || (open == std::string_view::npos && at == std::string_view::npos && find_family(name))) return m;
  const bool has_at = at != std::string_view::npos && (open == std::string_view::npos || at > open);
  const std::size_t close = text.rfind(')');
  if (open != std::string_view::npos && (close == std::string_view::npos || close < open || close + 1 != (has_at ? at : text.size())))
    return expected_in(text, text, "NAME(param=value, ...)@cutoff");
  const std::string_view params = open == std::string_view::npos ? std::string_view() : text.substr(open + 1, close - open - 1);
  m.of = family_of(*row, has_at, params);
  if (!m.of)
    return expected_in(text, text, has_at ? "no @cutoff (trec_eval's measure has none)" : "a cutoff after @");
  m.given = std::string(text);
  if (m.of->params == param_kind::numbers) m.numbers.assign(m.of->defaults, m.of->defaults + m.of->default_count);
  if (!trim(params).empty())
    for (std::string_view part : split_params(params))
      if (auto ok = read_param(*row, text, part, m); !ok) return ok.err();
  if (has_at)
    if (auto ok = read_at(text, text.substr(at + 1), m); !ok) return ok.err();
  return m;
}

}  // namespace ndcg::trec_detail

namespace ndcg {

const std::vector<std::string_view>& ir_measure_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const trec_detail::ir_row& row : trec_detail::rows) out.push_back(row.name);
    return out;
  }();
  return names;
}

}  // namespace ndcg
