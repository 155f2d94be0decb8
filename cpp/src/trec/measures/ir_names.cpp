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
#include "trec/measures/list.hpp"

namespace ndcg::trec_detail {
namespace {

struct ir_row {
  std::string_view name;    // ir_measures' name (or its alias)
  std::string_view whole;   // the family without @ ("": @ is required)
  std::string_view cut;     // the family with @k ("": no @)
  std::string_view params;  // the parameters it takes, comma-separated
  std::string_view switch_param = {};   // a parameter that chooses another family...
  std::string_view switch_family = {};  // ...this one
};

constexpr ir_row rows[] = {
    {"nDCG", "ndcg", "ndcg_cut", "dcg,gains,judged_only"},
    {"NDCG", "ndcg", "ndcg_cut", "dcg,gains,judged_only"},
    {"P", "", "P", "rel,judged_only"},
    {"R", "", "recall", "rel,judged_only"},
    {"AP", "map", "map_cut", "rel,judged_only"},
    {"MAP", "map", "map_cut", "rel,judged_only"},
    {"RR", "recip_rank", "", "rel,judged_only"},
    {"MRR", "recip_rank", "", "rel,judged_only"},
    {"Rprec", "Rprec", "", "rel,judged_only"},
    {"Bpref", "bpref", "", "rel"},
    {"BPref", "bpref", "", "rel"},
    {"infAP", "infAP", "", "rel"},
    {"Success", "", "success", "rel,judged_only"},
    {"IPrec", "", "iprec_at_recall", "rel,judged_only"},
    {"NumRet", "num_ret", "", "rel", "rel", "num_rel_ret"},
    {"NumRel", "num_rel", "", "rel"},
    {"NumQ", "num_q", "", ""},
    {"SetP", "set_P", "", "rel,judged_only,relative", "relative", "set_relative_P"},
    {"SetR", "set_recall", "", "rel"},
    {"SetF", "set_F", "", "rel,judged_only,beta"},
    {"SetAP", "set_map", "", "rel,judged_only"},
    {"Judged", "", "judged", ""},
    {"ERR", "", "err_cut", ""},
    {"alpha_nDCG", "", "alpha_ndcg_cut", ""},
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

error bad_name(std::string_view found, std::string message) {
  return option_fail(error_code::bad_measure, "measures", std::move(message)).with("found", found);
}

bool takes(const ir_row& row, std::string_view param) {
  for (std::size_t at = 0; at <= row.params.size();) {
    const std::size_t comma = std::min(row.params.find(',', at), row.params.size());
    if (row.params.substr(at, comma - at) == param) return true;
    at = comma + 1;
  }
  return false;
}

// "a=1,b={0:0,1:1}": splits at the commas outside braces.
std::vector<std::string_view> split_params(std::string_view s) {
  std::vector<std::string_view> parts;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] == '{') ++depth;
    if (i < s.size() && s[i] == '}') --depth;
    if (i == s.size() || (s[i] == ',' && depth == 0)) {
      parts.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  return parts;
}

expected<bool> read_flag(std::string_view text, std::string_view value) {
  if (value == "True" || value == "true") return true;
  if (value == "False" || value == "false") return false;
  return bad_name(value, "expected True or False, got " + echo(value) + " in " + echo(text));
}

expected<long> read_level(std::string_view text, std::string_view value) {
  unsigned long long v = 0;
  if (!detail::parse_digits(value, v) || v > static_cast<unsigned long long>(std::numeric_limits<long>::max()))
    return bad_name(value, "rel= takes a whole number of 0 or more, got " + echo(value) + " in " + echo(text));
  return static_cast<long>(v);
}

// gains={0:0,1:1,2:3}: a gain for each grade named, the others keep their grade as gain.
status read_gains(std::string_view text, std::string_view value, ir_measure& m) {
  if (value.size() < 2 || value.front() != '{' || value.back() != '}')
    return bad_name(value, "gains= takes {grade:gain, ...}, got " + echo(value) + " in " + echo(text));
  for (std::string_view pair : split_params(value.substr(1, value.size() - 2))) {
    const std::size_t colon = pair.find(':');
    unsigned long long grade = 0;
    double gain = 0;
    if (colon == std::string_view::npos || !detail::parse_digits(trim(pair.substr(0, colon)), grade) ||
        grade > static_cast<unsigned long long>(std::numeric_limits<long>::max()) ||
        detail::parse_number(trim(pair.substr(colon + 1)), gain) != detail::number_status::ok ||
        !std::isfinite(gain))
      return bad_name(pair, "bad gain " + echo(pair) + " in " + echo(text) + ": expected grade:gain, as in {0:0,1:1,2:3}");
    m.gains.emplace_back(static_cast<long>(grade), gain);
  }
  return done{};
}

status read_param(const ir_row& row, std::string_view text, std::string_view part, ir_measure& m) {
  const std::size_t eq = part.find('=');
  const std::string_view key = trim(part.substr(0, eq));
  const std::string_view value = eq == std::string_view::npos ? std::string_view() : trim(part.substr(eq + 1));
  if (eq == std::string_view::npos || !takes(row, key))
    return bad_name(key, "parameter " + echo(key) + " of " + std::string(row.name) + " has no trec_eval counterpart here (" +
                             std::string(row.name) + " takes " + (row.params.empty() ? "none" : std::string(row.params)) +
                             ")");
  if (key == "rel") {
    auto level = read_level(text, value);
    if (!level) return level.err();
    m.relevance_level = *level;
  } else if (key == "judged_only" || key == row.switch_param) {
    auto flag = read_flag(text, value);
    if (!flag) return flag.err();
    if (key == "judged_only") m.judged_only = *flag;
  } else if (key == "dcg") {
    if (value != "'log2'" && value != "\"log2\"" && value != "log2")
      return bad_name(key, "parameter dcg=" + std::string(value) + " of " + std::string(row.name) +
                               " has no trec_eval counterpart (trec_eval's ndcg is dcg='log2')");
  } else if (key == "gains") {
    return read_gains(text, value, m);
  } else if (key == "beta") {
    double beta = 0;
    if (detail::parse_number(value, beta) != detail::number_status::ok || !std::isfinite(beta))
      return bad_name(value, "beta= takes a number, got " + echo(value) + " in " + echo(text));
    m.numbers.assign(1, beta);
  }
  return done{};
}

// What follows @: a cutoff of 1 or more, or (IPrec) a recall level.
status read_at(const ir_row& row, std::string_view text, std::string_view at, ir_measure& m) {
  if (m.of->params == param_kind::fractions) {
    if (detail::parse_number(at, m.level) == detail::number_status::ok && m.level >= 0 && m.level <= 1) return done{};
    return bad_name(at, "expected a recall level from 0 to 1 after @ in " + echo(text) + ", as in IPrec@0.5");
  }
  unsigned long long k = 0;
  if (detail::parse_digits(at, k) && k > 0) {
    m.cutoff = k;
    return done{};
  }
  return bad_name(at, "expected a whole number of 1 or more after @ in " + echo(text) + ", as in " +
                          std::string(row.name) + "@10");
}

const ir_row* row_named(std::string_view name) {
  for (const ir_row& row : rows)
    if (row.name == name) return &row;
  return nullptr;
}

// The family the name and its parameters choose.
const family* family_of(const ir_row& row, bool has_at, std::string_view params) {
  if (!row.switch_param.empty())
    for (std::string_view part : split_params(params)) {
      const std::size_t eq = part.find('=');
      if (trim(part.substr(0, eq)) != row.switch_param) continue;
      const std::string_view value = eq == std::string_view::npos ? "" : trim(part.substr(eq + 1));
      if (row.switch_param == "rel" || value == "True" || value == "true") return find_family(row.switch_family);
    }
  return find_family(has_at ? row.cut : row.whole);
}

}  // namespace

expected<std::optional<ir_measure>> read_ir_measure(std::string_view text) {
  const std::size_t open = text.find('('), at = text.rfind('@');
  const std::string_view name = text.substr(0, std::min(open, at));
  const ir_row* row = row_named(name);
  // "P", "Rprec": trec_eval's names too, read as trec_eval's.
  if (!row || (open == std::string_view::npos && at == std::string_view::npos && find_family(name)))
    return std::optional<ir_measure>();
  std::string_view params;
  if (open != std::string_view::npos) {
    const std::size_t close = text.rfind(')');
    if (close == std::string_view::npos || close < open || (at != std::string_view::npos && at < close) ||
        close + 1 != std::min(at, text.size()))
      return bad_name(text, "expected NAME(param=value, ...)@cutoff, got " + echo(text));
    params = text.substr(open + 1, close - open - 1);
  }
  const bool has_at = at != std::string_view::npos && (open == std::string_view::npos || at > open);
  ir_measure m;
  m.given = std::string(text);
  m.of = family_of(*row, has_at, params);
  if (!m.of)
    return bad_name(text, has_at ? std::string(name) + " takes no @cutoff here (trec_eval's measure has none): " + echo(text)
                                 : std::string(name) + " needs a cutoff, as in " + std::string(name) + "@10");
  if (m.of->params == param_kind::numbers) m.numbers.assign(m.of->defaults, m.of->defaults + m.of->default_count);
  if (!trim(params).empty())
    for (std::string_view part : split_params(params))
      if (auto ok = read_param(*row, text, part, m); !ok) return ok.err();
  if (has_at)
    if (auto ok = read_at(*row, text, text.substr(at + 1), m); !ok) return ok.err();
  return std::optional<ir_measure>(std::move(m));
}

}  // namespace ndcg::trec_detail
