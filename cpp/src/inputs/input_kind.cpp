// What a batch input holds, from its first lines (inputs.hpp's kind_of):
// its format as the registry detects it, and what it is for, told by the
// one table of column names (a rel column makes judgments, a score or a
// rank a run) or by TREC's field counts.
#include "ndcg/inputs.hpp"

#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"
#include "json/json_reader.hpp"
#include "parse/columns.hpp"

namespace ndcg {
namespace {

using detail::role;
using use = input_kind::use;

// A rel column: judgments; else a score or a rank: a run; BEIR's qrels
// (query-id, corpus-id, score) name their doc column corpus-id.
struct roles_seen {
  bool grade = false, ranks = false, beir = false;
  void add(std::string_view name) {
    const role r = detail::role_of(name);
    grade |= r == role::grade;
    ranks |= r == role::score || r == role::rank;
    beir |= name == "corpus-id";
  }
  use of() const { return grade || beir ? use::qrels : ranks ? use::run : use::unknown; }
};

use table_use(std::string_view head, char delim) {
  detail::csv_records records(head, delim);
  records.skip_comments(true);
  std::vector<detail::csv_cell> header;
  auto got = records.next(header);
  roles_seen seen;
  if (got && *got)
    for (const detail::csv_cell& c : header) seen.add(c.text);
  return seen.of();
}

// The keys of the first record; a dict's (its first value an object) say nothing.
use json_use(std::string_view head) {
  using token = detail::json_reader::token;
  detail::json_reader j(head);
  roles_seen seen;
  auto t = j.next();
  if (t && *t == token::array_begin) t = j.next();
  if (!t || *t != token::object_begin) return use::unknown;
  for (t = j.next(); t && *t == token::string; t = j.next()) {
    seen.add(j.value());
    auto v = j.next();
    if (!v || !j.skip(*v)) break;  // the head ends inside the record: what it named so far
    if (*v == token::object_begin) return use::unknown;
  }
  return seen.of();
}

// TREC: qrels have four fields, the last a whole number; runs six.
use trec_use(std::string_view line) {
  detail::field f[7];
  const std::size_t n = detail::split_whitespace(line, f, 7);
  long v = 0;
  if (n == 4 && read_integer(f[3].text, v) == number_status::ok) return use::qrels;
  return n >= 6 ? use::run : use::unknown;
}

}  // namespace

input_kind kind_of(std::string_view head) {
  input_kind k;
  k.format = detect_input(head, false);
  detail::line_reader lines(head);
  detail::line l;
  std::string_view first;
  bool numbers = true;
  for (std::size_t n = 0; n < 20 && lines.next(l);) {
    const std::string_view t = l.text.substr(detail::leading_spaces(l.text));
    if (t.empty() || t[0] == '#') continue;
    if (n++ == 0) first = t;
    detail::field f[2];
    numbers &= detail::split_whitespace(t, f, 2) == 1 && detail::is_numeric(f[0].text);
  }
  if (first.empty()) return k;
  if (k.format == input_format::letor) {
    k.is = use::qrels;
    k.grouped = first.find("qid:") != std::string_view::npos;
  } else if (numbers) {
    k.is = use::scores;
  } else if (k.format == input_format::csv || k.format == input_format::tsv) {
    k.is = table_use(detail::strip_bom(head), k.format == input_format::tsv ? '\t' : ',');
  } else if (k.format == input_format::json || k.format == input_format::jsonl) {
    k.is = json_use(detail::strip_bom(head));
  } else {
    k.is = k.format == input_format::msmarco ? use::run : trec_use(first);
  }
  return k;
}

void put_input_kind(const input_kind& k, field_sink& out) {
  constexpr std::string_view uses[] = {"", "run", "qrels", "scores"};
  out.text("format", name_of(k.format));
  out.text("use", uses[static_cast<std::size_t>(k.is)]);
  out.boolean("grouped", k.grouped);
}

}  // namespace ndcg
