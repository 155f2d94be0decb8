// Merging per-query outputs of runs split by query (`ndcg trec --merge`)
// and per-query results held in memory (Python's merge() of partitions):
// the per-query values are gathered, put in qid order and averaged as one
// evaluation of the whole run would (the same sums in the same order), so
// shards printed with --digits 17, and results as they are, merge into the
// one-shot means exactly.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

#include "ndcg/trec.hpp"
#include "base/text.hpp"
#include "trec/measures/list.hpp"
#include "trec/trec_detail.hpp"

namespace ndcg {
namespace {

using trec_detail::family;

struct merge_state {
  std::vector<std::string> names;                   // print order
  std::unordered_map<std::string, std::size_t> column;
  std::map<std::string, std::vector<double>> rows;  // by qid, in byte order
  std::map<std::string, std::vector<std::string>> texts;  // text measures (relstring), by qid
  std::string run_id;
  double num_q = 0;
  // Geometric means (gm_map, gm_bpref) from "all" lines, for when their
  // per-query measures (map, bpref) are missing: log sums and queries.
  std::map<std::string, std::pair<double, double>> gm_logs;
  double file_num_q = 0;                            // of the output being read
  std::map<std::string, double> file_gm;
  std::unordered_map<std::string, std::size_t> part_of;  // each query's first part
  std::vector<std::string> repeated;                // queries in two parts (results)
  std::size_t part = 0;                             // the part being read

  std::size_t column_of(const std::string& name) {
    auto [at, added] = column.emplace(name, names.size());
    if (added) names.push_back(name);
    return at->second;
  }
};

const family* family_of(const std::string& name) { return trec_detail::family_of_column(name); }

// A value as trec_eval prints it, -nan included.
bool read_value(std::string_view text, double& value) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  if (text == "-nan" || text == "nan") {
    value = trec_nan();
    return true;
  }
  return detail::parse_number(text, value) == detail::number_status::ok;
}

error bad_line(std::size_t line, std::size_t column, std::string message, std::string_view found) {
  return fail(error_code::bad_input, std::move(message), line, column).with("found", found);
}

// One "name<TAB>qid<TAB>value" line (the name padded with spaces).
status merge_line(merge_state& s, const detail::line& l) {
  const std::size_t a = l.text.find('\t');
  const std::size_t b = a == std::string_view::npos ? a : l.text.find('\t', a + 1);
  if (b == std::string_view::npos)
    return bad_line(l.number, 1, "expected \"measure<TAB>query<TAB>value\" as `ndcg trec -q` prints, got " + echo(l.text), l.text);
  std::string name(l.text.substr(0, a));
  name.erase(name.find_last_not_of(' ') + 1);
  const std::string qid(l.text.substr(a + 1, b - a - 1));
  const std::string_view text = l.text.substr(b + 1);
  if (!family_of(name)) return bad_line(l.number, 1, "unknown measure " + echo(name) + " in a per-query output", name);
  const std::size_t m = s.column_of(name);
  if (name == "runid") {
    s.run_id = std::string(text);
    return done{};
  }
  if (family_of(name)->kind == trec_detail::value_kind::text) {
    std::vector<std::string>& row = s.texts[qid];
    if (row.size() <= m) row.resize(m + 1);
    row[m] = text.size() >= 2 && text.front() == '\'' && text.back() == '\'' ? std::string(text.substr(1, text.size() - 2))
                                                                         : std::string(text);
    s.rows[qid];
    return done{};
  }
  double value = 0;
  if (!read_value(text, value))
    return bad_line(l.number, b + 2, "expected a number, got " + echo(text), text);
  if (qid != "all") {
    const bool other_part = s.part_of.emplace(qid, s.part).first->second != s.part;
    std::vector<double>& row = s.rows[qid];
    if (row.size() <= m) row.resize(m + 1, std::numeric_limits<double>::quiet_NaN());
    if (other_part || !std::isnan(row[m]) || is_trec_nan(row[m]))
      return bad_line(l.number, a + 2, "query " + echo(qid) + " has a second " + echo(name) +
                                           " line: each query must be in one shard only", qid);
    row[m] = value;
  } else if (name == "num_q") {
    s.file_num_q = value;
  } else if (family_of(name)->all == trec_detail::combine::geometric) {
    s.file_gm[name] = value;
  }
  return done{};
}

// A part's num_q and geometric means, for the geometric means whose
// per-query values are missing.
void add_summary(merge_state& s) {
  s.num_q += s.file_num_q;
  for (const auto& [name, gm] : s.file_gm) {
    if (!(gm > 0) || s.file_num_q <= 0) continue;
    s.gm_logs[name].first += s.file_num_q * std::log(gm);
    s.gm_logs[name].second += s.file_num_q;
  }
}

status merge_text(merge_state& s, std::string_view text) {
  s.file_num_q = 0;
  s.file_gm.clear();
  detail::line_reader lines(text);
  detail::line l;
  while (lines.next(l)) {
    if (detail::skippable(l.text)) continue;
    if (auto ok = merge_line(s, l); !ok) return ok;
  }
  add_summary(s);
  return done{};
}

// One query of a result: its values and texts into its row. A query
// another part already holds is noted (all such are named at the end).
void merge_query(merge_state& s, const trec_result& r, std::size_t q, const std::vector<std::size_t>& to) {
  if (!s.part_of.emplace(r.qids[q], s.part).second) {
    s.repeated.push_back(r.qids[q]);
    return;
  }
  std::vector<double>& row = s.rows[r.qids[q]];
  row.assign(s.names.size(), std::numeric_limits<double>::quiet_NaN());
  for (std::size_t m = 0; m < to.size(); ++m) row[to[m]] = r.values[q][m];
  if (r.text_columns.empty()) return;
  std::vector<std::string>& texts = s.texts[r.qids[q]];
  texts.resize(s.names.size());
  for (std::size_t i = 0; i < r.text_columns.size(); ++i) texts[to[r.text_columns[i]]] = r.texts[q][i];
}

status merge_result(merge_state& s, const trec_result& r) {
  std::vector<std::size_t> to;
  for (const std::string& name : r.names) {
    if (!family_of(name))
      return fail(error_code::bad_input, "unknown measure " + echo(name) + " in a result to merge").with("found", name);
    to.push_back(s.column_of(name));
  }
  if (!r.run_id.empty()) s.run_id = r.run_id;
  for (std::size_t q = 0; q < r.qids.size(); ++q) merge_query(s, r, q, to);
  s.file_num_q = static_cast<double>(r.num_q);
  s.file_gm.clear();
  for (std::size_t m = 0; m < r.names.size() && m < r.mean.size(); ++m)
    if (family_of(r.names[m])->all == trec_detail::combine::geometric) s.file_gm[r.names[m]] = r.mean[m];
  add_summary(s);
  return done{};
}

// Queries held by two parts, named (the first few) with their count.
error repeated_queries(const merge_state& s) {
  constexpr std::size_t shown = 5;
  std::string names;
  for (std::size_t i = 0; i < s.repeated.size() && i < shown; ++i) names += (i ? ", " : "") + echo(s.repeated[i]);
  if (s.repeated.size() > shown) names += " and " + std::to_string(s.repeated.size() - shown) + " more";
  return fail(error_code::bad_input, std::to_string(s.repeated.size()) + " quer" + (s.repeated.size() == 1 ? "y is" : "ies are") +
                                         " in more than one part: " + names +
                                         " (each query must be evaluated in one partition only: group the rows by query first)")
      .with("found", s.repeated.front());
}

// The columns in trec_eval's print order: by family, then as they came.
trec_result columns_of(const merge_state& s) {
  std::vector<std::string> names = s.names;
  std::stable_sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
    return trec_detail::order_of(*family_of(a)) < trec_detail::order_of(*family_of(b));
  });
  trec_result r;
  for (const std::string& name : names) {
    const family* f = family_of(name);
    r.names.push_back(name);
    r.is_count.push_back(f->kind == trec_detail::value_kind::count);
    r.summary_only.push_back(f->printed == trec_detail::lines::summary_only);
    r.per_query_only.push_back(f->printed == trec_detail::lines::per_query_only);
    r.is_text.push_back(f->kind == trec_detail::value_kind::text);
    if (f->kind == trec_detail::value_kind::text) r.text_columns.push_back(r.names.size() - 1);
    r.geometric.push_back(f->all == trec_detail::combine::geometric ? 1 : 0);
  }
  return r;
}

// A geometric mean's per-query values are its measure's (gm_map: map's
// APs, gm_bpref: bpref's): taken from there when every query has one (then
// the mean is exact); else the shards' geometric means are combined, exact
// up to rounding. Call after take_means().
void fill_geometric(trec_result& r, const merge_state& s, std::string_view gm_name, std::string_view from) {
  const auto col = [&](std::string_view n) {
    return static_cast<std::size_t>(std::find(r.names.begin(), r.names.end(), n) - r.names.begin());
  };
  const std::size_t gm = col(gm_name), base = col(from);
  if (gm == r.names.size()) return;
  bool complete = base < r.names.size();
  for (const auto row : r.values) complete = complete && !std::isnan(row[base]);
  double sum = 0;
  for (const auto row : r.values) {
    row[gm] = complete ? row[base] : std::numeric_limits<double>::quiet_NaN();
    if (complete) sum += std::log(std::max(row[gm], trec_detail::min_geo_mean));
  }
  const auto logs = s.gm_logs.find(std::string(gm_name));
  if (complete) r.mean[gm] = r.values.empty() ? 0 : std::exp(sum / static_cast<double>(r.values.size()));
  else if (logs != s.gm_logs.end() && logs->second.second > 0) r.mean[gm] = std::exp(logs->second.first / logs->second.second);
  else r.mean[gm] = std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

expected<trec_result> merge_trec(const std::vector<std::string_view>& outputs) {
  std::vector<merge_part> parts(outputs.size());
  for (std::size_t i = 0; i < outputs.size(); ++i) parts[i].text = outputs[i];
  return merge_trec(parts);
}

expected<trec_result> merge_trec(const std::vector<merge_part>& parts) {
  merge_state s;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    s.part = i;
    auto ok = parts[i].result ? merge_result(s, *parts[i].result) : merge_text(s, parts[i].text);
    if (!ok) return error(ok.err()).in(std::to_string(i));
  }
  if (!s.repeated.empty()) return repeated_queries(s);
  if (s.rows.empty())
    return fail(error_code::empty_input, "no per-query lines to merge: evaluate each shard with -q (and --digits 17)");
  trec_result r = columns_of(s);
  for (const auto& [qid, values] : s.rows) {
    std::vector<double> row(r.names.size(), std::numeric_limits<double>::quiet_NaN());
    for (std::size_t m = 0; m < r.names.size(); ++m) {
      const std::size_t from = s.column.at(r.names[m]);
      if (from < values.size()) row[m] = values[from];
      if (r.names[m] == "num_q") row[m] = 1;
    }
    r.qids.push_back(qid);
    r.values.push_back(row);
    if (!r.text_columns.empty()) {
      std::vector<std::string> texts;
      const auto found = s.texts.find(qid);
      for (std::size_t m : r.text_columns) {
        const std::size_t from = s.column.at(r.names[m]);
        const bool have = found != s.texts.end() && from < found->second.size();
        texts.push_back(have ? found->second[from] : std::string());
      }
      r.texts.push_back(std::move(texts));
    }
  }
  r.num_q = r.qids.size();
  r.run_id = s.run_id;
  trec_detail::take_means(r);
  fill_geometric(r, s, "gm_map", "map");
  fill_geometric(r, s, "gm_bpref", "bpref");
  for (std::size_t m = 0; m < r.names.size(); ++m)
    if (r.names[m] == "num_q") r.mean[m] = s.num_q;
  return r;
}

}  // namespace ndcg
