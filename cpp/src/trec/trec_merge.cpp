// Merging per-query outputs of runs split by query (`ndcg trec --merge`):
// the per-query values are gathered, put in qid order and averaged as one
// evaluation of the whole run would (the same sums in the same order), so
// shards printed with --digits 17 merge into the one-shot means exactly.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

#include "ndcg/trec.hpp"
#include "base/text.hpp"
#include "trec/trec_detail.hpp"

namespace ndcg {
namespace {

using trec_detail::family;

struct merge_state {
  std::vector<std::string> names;                   // print order
  std::unordered_map<std::string, std::size_t> column;
  std::map<std::string, std::vector<double>> rows;  // by qid, in byte order
  std::string run_id;
  double num_q = 0;
  double gm_log_sum = 0, gm_queries = 0;            // from "all" lines, when map is missing
  double file_num_q = 0, file_gm = -1;              // of the output being read

  std::size_t column_of(const std::string& name) {
    auto [at, added] = column.emplace(name, names.size());
    if (added) names.push_back(name);
    return at->second;
  }
};

// The family a printed name belongs to ("P_10" -> P, "ndcg_1=2" -> ndcg).
const trec_detail::family_info* family_of(const std::string& name) {
  for (std::size_t cut = name.size(); cut != std::string::npos && cut > 0; cut = name.rfind('_', cut - 1)) {
    if (const auto* f = trec_detail::find_family(name.substr(0, cut))) return f;
    if (cut == 0) break;
  }
  return nullptr;
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
  double value = 0;
  if (detail::parse_number(text, value) != detail::number_status::ok)
    return bad_line(l.number, b + 2, "expected a number, got " + echo(text), text);
  if (qid != "all") {
    std::vector<double>& row = s.rows[qid];
    if (row.size() <= m) row.resize(m + 1, std::numeric_limits<double>::quiet_NaN());
    if (!std::isnan(row[m]))
      return bad_line(l.number, a + 2, "query " + echo(qid) + " has a second " + echo(name) +
                                           " line: each query must be in one shard only", qid);
    row[m] = value;
  } else if (name == "num_q") {
    s.file_num_q = value;
  } else if (name == "gm_map") {
    s.file_gm = value;
  }
  return done{};
}

status merge_text(merge_state& s, std::string_view text) {
  s.file_num_q = 0;
  s.file_gm = -1;
  detail::line_reader lines(text);
  detail::line l;
  while (lines.next(l)) {
    if (detail::skippable(l.text)) continue;
    if (auto ok = merge_line(s, l); !ok) return ok;
  }
  s.num_q += s.file_num_q;
  if (s.file_gm > 0 && s.file_num_q > 0) {
    s.gm_log_sum += s.file_num_q * std::log(s.file_gm);
    s.gm_queries += s.file_num_q;
  }
  return done{};
}

// The columns in trec_eval's print order: by family, then as they came.
trec_result columns_of(const merge_state& s) {
  std::vector<std::string> names = s.names;
  std::stable_sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
    return family_of(a)->kind < family_of(b)->kind;
  });
  trec_result r;
  for (const std::string& name : names) {
    const trec_detail::family_info* f = family_of(name);
    r.names.push_back(name);
    r.is_count.push_back(f->is_count);
    r.summary_only.push_back(f->summary_only);
    r.geometric.push_back(f->kind == family::gm_map);
  }
  return r;
}

// gm_map's per-query values are the APs: taken from map when every query
// has one (then the mean is exact); else the shards' geometric means are
// combined, exact up to rounding. Call after take_means().
void fill_gm_map(trec_result& r, const merge_state& s) {
  const auto col = [&](std::string_view n) {
    return static_cast<std::size_t>(std::find(r.names.begin(), r.names.end(), n) - r.names.begin());
  };
  const std::size_t gm = col("gm_map"), map = col("map");
  if (gm == r.names.size()) return;
  bool complete = map < r.names.size();
  for (const std::vector<double>& row : r.values) complete = complete && !std::isnan(row[map]);
  double sum = 0;
  for (std::vector<double>& row : r.values) {
    row[gm] = complete ? row[map] : std::numeric_limits<double>::quiet_NaN();
    if (complete) sum += std::log(std::max(row[gm], trec_detail::min_geo_mean));
  }
  if (complete) r.mean[gm] = r.values.empty() ? 0 : std::exp(sum / static_cast<double>(r.values.size()));
  else r.mean[gm] = s.gm_queries > 0 ? std::exp(s.gm_log_sum / s.gm_queries) : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

expected<trec_result> merge_trec(const std::vector<std::string_view>& outputs) {
  merge_state s;
  for (std::size_t i = 0; i < outputs.size(); ++i)
    if (auto ok = merge_text(s, outputs[i]); !ok) return error(ok.err()).in(std::to_string(i));
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
    r.values.push_back(std::move(row));
  }
  r.num_q = r.qids.size();
  r.run_id = s.run_id;
  trec_detail::take_means(r);
  fill_gm_map(r, s);
  for (std::size_t m = 0; m < r.names.size(); ++m)
    if (r.names[m] == "num_q") r.mean[m] = s.num_q;
  return r;
}

}  // namespace ndcg
