// A CSV or TSV table with a header as a run, qrels or both: the header's
// names say each column's role (parse/columns.hpp, the one table of names).
// In qrels a score column with no rel column is the judgment (BEIR's
// `query-id corpus-id score`); a run with a rank and no score is in rank order.
#include <array>
#include <string>

#include "inputs/inputs_detail.hpp"
#include "parse/columns.hpp"

namespace ndcg::detail {
namespace {

using column_map = std::array<long, role_count>;  // role -> column, -1 absent

std::size_t at(role r) { return static_cast<std::size_t>(r); }

expected<column_map> map_header(const std::vector<csv_cell>& header, std::vector<std::string>& ignored) {
  column_map cols;
  cols.fill(-1);
  for (std::size_t i = 0; i < header.size(); ++i) {
    const role r = role_of(header[i].text);
    if (r == role::none) {
      ignored.emplace_back(header[i].text);
      continue;
    }
    if (cols[at(r)] >= 0) {
      const csv_cell& first = header[static_cast<std::size_t>(cols[at(r)])];
      return second_column(role_name(r), first.text, header[i].text, header[i].line, header[i].column);
    }
    cols[at(r)] = static_cast<long>(i);
  }
  return cols;
}

error no_column(const std::vector<csv_cell>& header, role r, std::string_view also = {}) {
  std::string names;
  for (const csv_cell& c : header) names.append(names.empty() ? "" : ",").append(c.text);
  return fail(error_code::no_grade_column,
              "expected a " + std::string(role_name(r)) + " column (named " + names_of(r) + std::string(also) +
                  "), got " + echo(names),
              header.empty() ? 1 : header[0].line, 1)
      .with("found", names);
}

void said(batch_reading& reading, const std::vector<csv_cell>& header, long col, role as) {
  if (col < 0) return;
  reading.columns.resize(role_count);
  reading.columns[at(as)] = header[static_cast<std::size_t>(col)].text;
}

}  // namespace

expected<table_plan> plan_of(const std::vector<csv_cell>& header, input_use use) {
  table_plan p;
  auto cols = map_header(header, p.reading.ignored);
  if (!cols) return cols.err();
  const column_map& c = *cols;
  p.qid = c[at(role::query)];
  p.doc = c[at(role::id)];
  p.tag = use == input_use::qrels ? -1 : c[at(role::tag)];
  if (p.qid < 0) return no_column(header, role::query);
  if (p.doc < 0 && use != input_use::both) return no_column(header, role::id);
  if (use != input_use::run) {
    p.rel = c[at(role::grade)];
    if (p.rel < 0 && use == input_use::qrels) {
      p.rel = c[at(role::score)];
      if (p.rel >= 0) p.reading.notes |= batch_reading::score_is_rel;
    }
    if (p.rel < 0) return no_column(header, role::grade, use == input_use::qrels ? ", or a score column" : "");
  }
  if (use != input_use::qrels) {
    p.score = c[at(role::score)];
    if (p.score < 0) p.rank = c[at(role::rank)];
    if (p.score < 0 && p.rank < 0) return no_column(header, role::score, ", or a rank column");
  }
  said(p.reading, header, p.qid, role::query);
  said(p.reading, header, p.doc, role::id);
  said(p.reading, header, p.score, role::score);
  said(p.reading, header, p.rank, role::rank);
  said(p.reading, header, p.rel, role::grade);
  said(p.reading, header, p.tag, role::tag);
  if (p.doc < 0) p.reading.notes |= batch_reading::doc_positions;
  if (p.rank >= 0) p.reading.notes |= batch_reading::rank_order;
  return p;
}

namespace {

value_at cell_at(const std::vector<csv_cell>& cells, long col) {
  if (col < 0) return {};
  const csv_cell& c = cells[static_cast<std::size_t>(col)];
  return {c.text, c.line, c.column};
}

status read_records_of(csv_records& records, input_use use, record_checker& w, batch_reading& reading) {
  std::vector<csv_cell> header, cells;
  records.skip_comments(true);  // before the header, as detection reads it
  auto got = records.next(header);
  if (!got) return got.err();
  if (!*got) return fail(error_code::empty_input, "expected a header line naming the columns, got no lines");
  records.skip_comments(false);
  const std::string as = "as in the header on line " + std::to_string(header[0].line);
  auto plan = plan_of(header, use);
  if (!plan) return plan.err();
  reading = std::move(plan->reading);
  for (;;) {
    auto more = records.next(cells);
    if (!more) return more.err();
    if (!*more) return done{};
    if (cells.size() != header.size()) return ragged_row(cells, header.size(), as);
    input_row r;
    r.qid = cell_at(cells, plan->qid);
    r.doc = cell_at(cells, plan->doc);
    r.score = cell_at(cells, plan->score);
    r.rank = cell_at(cells, plan->rank);
    r.rel = cell_at(cells, plan->rel);
    r.tag = cell_at(cells, plan->tag);
    if (auto ok = w.add(r); !ok) return ok;
  }
}

}  // namespace

status read_table(std::string_view text, input_format f, input_use use, record_checker& w, batch_reading& reading) {
  csv_records records(text, f == input_format::tsv ? '\t' : ',');
  return read_records_of(records, use, w, reading);
}

status stream_table(more_bytes more, input_format f, input_use use, record_checker& w, batch_reading& reading) {
  csv_records records(std::move(more), f == input_format::tsv ? '\t' : ',');
  return read_records_of(records, use, w, reading);
}

}  // namespace ndcg::detail
