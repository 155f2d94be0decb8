// Which format a batch input is in, from its first data line: JSON by its
// first character, LETOR by `label qid:Q` or `label 1:v`, a table by a
// header of known column names (tab or comma separated, no number among
// them), else TREC.
#include <string>
#include <vector>

#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"
#include "parse/columns.hpp"

namespace ndcg {
namespace {

using detail::field;

// The first line that is not blank, and the one after it.
std::vector<std::string_view> first_lines(std::string_view text, bool skip_comments, std::size_t want) {
  std::vector<std::string_view> out;
  detail::line_reader lines(text);
  detail::line l;
  while (out.size() < want && lines.next(l)) {
    const std::size_t i = detail::leading_spaces(l.text);
    if (i == l.text.size() || (skip_comments && l.text[i] == '#')) continue;
    out.push_back(l.text.substr(i));
  }
  return out;
}

bool is_header(std::string_view line, char delim) {
  std::vector<std::string_view> cells;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    if (i < line.size() && line[i] != delim) continue;
    std::string_view c = line.substr(start, i - start);
    while (!c.empty() && (c.front() == ' ' || c.front() == '"')) c.remove_prefix(1);
    while (!c.empty() && (c.back() == ' ' || c.back() == '"' || c.back() == '\t')) c.remove_suffix(1);
    cells.push_back(c);
    start = i + 1;
  }
  std::size_t known = 0;
  for (std::string_view c : cells) {
    if (detail::is_numeric(c)) return false;
    if (detail::role_of(c) != detail::role::none) ++known;
  }
  return known >= 2;
}

bool is_feature(std::string_view t) {
  const std::size_t colon = t.find(':');
  if (colon == 0 || colon == std::string_view::npos || colon + 1 == t.size()) return false;
  if (t.substr(0, colon) == "qid") return true;
  for (std::size_t i = 0; i < colon; ++i)
    if (t[i] < '0' || t[i] > '9') return false;
  return true;
}

}  // namespace

input_format detect_input(std::string_view head, bool /*judgments*/) {
  const std::string_view text = detail::strip_bom(head);
  const auto lines = first_lines(text, false, 2);
  if (lines.empty()) return input_format::trec;
  const char first = lines[0][0];
  if (first == '{' || first == '[') {
    const std::string_view l = lines[0];
    const bool one_record = first == '{' && l.find_last_not_of(" \t") != std::string_view::npos &&
                            l[l.find_last_not_of(" \t")] == '}';
    return one_record && lines.size() > 1 && lines[1][0] == '{' ? input_format::jsonl : input_format::json;
  }
  const auto data = first_lines(text, true, 1);
  if (data.empty()) return input_format::trec;
  const std::string_view line = data[0];
  if (line.find('\t') != std::string_view::npos && is_header(line, '\t')) return input_format::tsv;
  if (line.find(',') != std::string_view::npos && is_header(line, ',')) return input_format::csv;
  field f[2];
  const std::size_t n = detail::split_whitespace(line, f, 2);
  // `x qid:1 ...` too: a broken label is then refused where it stands.
  if (n >= 2 && is_feature(f[1].text) && (detail::is_numeric(f[0].text) || f[1].text.substr(0, 4) == "qid:"))
    return input_format::letor;
  return input_format::trec;
}

}  // namespace ndcg
