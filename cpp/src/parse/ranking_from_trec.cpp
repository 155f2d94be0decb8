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

// explain looks at one query; several belong to `ndcg trec`.
template <class Query>
status one_query(const std::vector<Query>& queries, std::string_view text) {
  if (queries.empty()) return fail(error_code::empty_input, "expected lines for one query, got none");
  if (queries.size() == 1) return done{};
  const std::size_t line_no = queries[1].entries.front().line;
  return fail(error_code::several_queries,
              "expected one query, got a second one, " + echo(queries[1].qid) + " (the first is " +
                  echo(queries[0].qid) + "); use `ndcg trec` to evaluate several queries",
              line_no, first_column(text, line_no))
      .with("found", queries[1].qid)
      .with("first", queries[0].qid);
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

expected<parsed_ranking> ranking_from_run(std::string_view text, const limits& lim) {
  auto run = parse_run(text, lim);
  if (!run) return run.err();
  if (auto ok = one_query(run->queries, text); !ok) return ok.err();
  parsed_ranking out;
  out.detected = format::trec_run;
  out.has_ids = true;
  out.has_scores = true;
  out.has_grades = false;  // the judgments supply them
  for (const auto& e : run->queries[0].entries) {
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

expected<parsed_ranking> ranking_from_qrels(std::string_view text, const limits& lim) {
  auto qrels = parse_qrels(text, lim);
  if (!qrels) return qrels.err();
  if (auto ok = one_query(qrels->queries, text); !ok) return ok.err();
  const auto& entries = qrels->queries[0].entries;
  std::vector<std::size_t> at;
  for (const auto& e : entries) at.push_back(e.line);
  const std::vector<std::size_t> columns = field_columns(text, at, 3);
  parsed_ranking out;
  out.detected = format::trec_qrels;
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
expected<parsed_ranking> ranking_from_subtopics(std::string_view text, const limits& lim) {
  auto file = parse_subtopic_qrels(text, lim);
  if (!file) return file.err();
  if (auto ok = one_query(file->queries, text); !ok) return ok.err();
  parsed_ranking out;
  out.detected = format::subtopic_qrels;
  out.has_ids = true;
  out.has_subtopics = true;
  handle_table index;  // docids, as indexes of out.items
  for (const auto& e : file->queries[0].entries) {
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
