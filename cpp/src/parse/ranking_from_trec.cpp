// A TREC run, qrels or subtopic qrels read as one ranking for `explain`:
// one query only (several belong to `ndcg trec`).
#include <string>
#include <string_view>
#include <vector>

#include "base/hash_table.hpp"
#include "parse/parse_detail.hpp"

namespace ndcg::detail {
namespace {

// Columns of field k (0-based) on lines `at` (ascending), in one walk.
std::vector<std::size_t> field_columns(std::string_view text, const std::vector<std::size_t>& at, std::size_t k) {
  std::vector<std::size_t> out(at.size(), 0);
  field f[8];
  line_reader lines(text);
  line l;
  std::size_t next = 0;
  while (next < at.size() && lines.next(l)) {
    if (l.number != at[next]) continue;
    if (split_whitespace(l.text, f, 8) > k) out[next] = f[k].column;
    ++next;
  }
  return out;
}

// explain looks at one query: the one asked for, or the only one.
template <class Query>
expected<std::size_t> one_query(const std::vector<Query>& queries, std::string_view text, std::string_view want) {
  if (queries.empty()) return fail(error_code::empty_input, "expected lines for one query, got none");
  query_choice choice;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const std::size_t line_no = queries[i].entries.front().line;
    choice.add(queries[i].qid, line_no, i == 1 ? first_column(text, line_no) : 1);  // the error points at the second
  }
  return choice.pick(want);
}

}  // namespace

std::size_t first_column(std::string_view text, std::size_t line_no) {
  line_reader lines(text);
  line l;
  while (lines.next(l)) {
    if (l.number == line_no) return leading_spaces(l.text) + 1;
  }
  return 1;
}

expected<parsed_ranking> ranking_from_run(std::string_view text, const limits& lim, std::string_view query) {
  auto run = parse_run(text, lim);
  if (!run) return run.err();
  auto at = one_query(run->queries, text, query);
  if (!at) return at.err();
  parsed_ranking out;
  out.query = run->queries[*at].qid;
  out.detected = format::trec_run;
  out.has_ids = true;
  out.has_scores = true;
  out.has_grades = false;  // the judgments supply them
  for (const auto& e : run->queries[*at].entries) {
    item it;
    it.id = e.docid;
    it.has_id = true;
    it.score = e.score;
    it.has_score = true;
    it.line = e.line;
    out.items.push_back(std::move(it));
  }
  return out;
}

expected<parsed_ranking> ranking_from_qrels(std::string_view text, const limits& lim, std::string_view query) {
  auto qrels = parse_qrels(text, lim);
  if (!qrels) return qrels.err();
  auto chosen = one_query(qrels->queries, text, query);
  if (!chosen) return chosen.err();
  const auto& entries = qrels->queries[*chosen].entries;
  std::vector<std::size_t> at;
  for (const auto& e : entries) at.push_back(e.line);
  const std::vector<std::size_t> columns = field_columns(text, at, 3);
  parsed_ranking out;
  out.detected = format::trec_qrels;
  out.query = qrels->queries[*chosen].qid;
  out.has_ids = true;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    item it;
    it.id = entries[i].docid;
    it.has_id = true;
    it.grade = static_cast<double>(entries[i].rel);
    it.line = entries[i].line;
    it.column = columns[i];
    out.items.push_back(std::move(it));
  }
  return out;
}

// One item per docid in order of first appearance: grade 1 when it covers
// any subtopic, which are listed; grade 0 when judged for none.
expected<parsed_ranking> ranking_from_subtopics(std::string_view text, const limits& lim, std::string_view query) {
  auto file = parse_subtopic_qrels(text, lim);
  if (!file) return file.err();
  auto at = one_query(file->queries, text, query);
  if (!at) return at.err();
  parsed_ranking out;
  out.query = file->queries[*at].qid;
  out.detected = format::subtopic_qrels;
  out.has_ids = true;
  out.has_subtopics = true;
  handle_table index;  // docids, as indexes of out.items
  for (const auto& e : file->queries[*at].entries) {
    std::uint32_t at = add_index(index, out.items, e.docid, out.items.size());
    if (at == handle_table::none) {
      at = static_cast<std::uint32_t>(out.items.size());
      item it;
      it.id = e.docid;
      it.has_id = true;
      it.line = e.line;
      out.items.push_back(std::move(it));
    }
    item& it = out.items[at];
    if (e.judgment > 0) {
      it.grade = 1;
      it.subtopics.emplace_back(e.subtopic);
    }
  }
  return out;
}

}  // namespace ndcg::detail
