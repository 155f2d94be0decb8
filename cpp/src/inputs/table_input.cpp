// A CSV or TSV table with a header as a run, qrels or both: the header's
// names say each column's role (parse/columns.hpp, the one table of names).
// In qrels a score column with no rel column is the judgment (BEIR's
// `query-id corpus-id score`); a run with a rank and no score is in rank order.
#include <array>
#include <string>
#include <utility>
#include <vector>

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

// The fields of a row that the table's columns give: each one's column.
struct given_field {
  value_at input_row::*field;
  std::size_t column;
};

std::vector<given_field> given_fields(const table_plan& p) {
  std::vector<given_field> out;
  const std::pair<value_at input_row::*, long> all[] = {{&input_row::qid, p.qid},     {&input_row::doc, p.doc},
                                                        {&input_row::score, p.score}, {&input_row::rank, p.rank},
                                                        {&input_row::rel, p.rel},     {&input_row::tag, p.tag}};
  for (const auto& [field, column] : all)
    if (column >= 0) out.push_back({field, static_cast<std::size_t>(column)});
  return out;
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
  const std::vector<given_field> given = given_fields(*plan);
  input_row r;  // the fields no column gives stay absent
  for (;;) {
    auto more = records.next(cells);
    if (!more) return more.err();
    if (!*more) return done{};
    if (cells.size() != header.size()) return ragged_row(cells, header.size(), as);
    for (const given_field& g : given) {
      const csv_cell& c = cells[g.column];
      r.*g.field = value_at{c.text, c.line, c.column};
    }
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
