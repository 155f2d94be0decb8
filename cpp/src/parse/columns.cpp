// The table of column names. One entry per name; a role's first entry is
// its own name (role_name), the rest are aliases found in real files.
#include "parse/columns.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "base/text.hpp"

namespace ndcg::detail {
namespace {

struct column_name {
  std::string_view name;
  role r;
};

constexpr column_name column_names[] = {
    {"query", role::query},       {"qid", role::query},          {"query_id", role::query},
    {"queryid", role::query},     {"topic", role::query},        {"topic_id", role::query},
    {"doc", role::id},            {"id", role::id},              {"docid", role::id},
    {"doc_id", role::id},         {"docno", role::id},           {"document", role::id},
    {"document_id", role::id},    {"corpus_id", role::id},       {"pid", role::id},
    {"passage_id", role::id},     {"item", role::id},            {"item_id", role::id},
    {"name", role::id},           {"score", role::score},        {"prediction", role::score},
    {"pred", role::score},        {"y_score", role::score},      {"y_pred", role::score},
    {"rel", role::grade},         {"relevance", role::grade},    {"grade", role::grade},
    {"label", role::grade},       {"y_true", role::grade},       {"gain", role::grade},
    {"judgment", role::grade},    {"judgement", role::grade},    {"rank", role::rank},
    {"position", role::rank},     {"subtopics", role::subtopics}, {"subtopic", role::subtopics},
    {"aspects", role::subtopics}, {"tag", role::tag},            {"run", role::tag},
    {"run_id", role::tag},        {"runid", role::tag},
};

char folded(char c) {
  if (c >= 'A' && c <= 'Z') return static_cast<char>(c - 'A' + 'a');
  return c == '-' || c == ' ' || c == '.' ? '_' : c;
}

bool same_name(std::string_view cell, std::string_view name) {
  if (cell.size() != name.size()) return false;
  for (std::size_t i = 0; i < cell.size(); ++i)
    if (folded(cell[i]) != name[i]) return false;
  return true;
}

}  // namespace

role role_of(std::string_view name) {
  for (const auto& c : column_names)
    if (same_name(name, c.name)) return c.r;
  return role::none;
}

std::string_view role_name(role r) {
  for (const auto& c : column_names)
    if (c.r == r) return c.name;
  return "";
}

std::string names_of(role r) {
  std::vector<std::string_view> names;
  for (const auto& c : column_names)
    if (c.r == r) names.push_back(c.name);
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

bool is_header(const std::vector<csv_cell>& cells) {
  if (cells.size() < 2) return false;
  bool known = false;
  for (const csv_cell& c : cells) {
    if (is_numeric(c.text)) return false;
    known = known || role_of(c.text) != role::none;
  }
  return known;
}

char header_separator(std::string_view line) {
  std::vector<csv_cell> cells;
  for (const char delim : {'\t', ','}) {
    csv_records records(line, delim);
    auto got = records.next(cells);
    if (got && *got && is_header(cells)) return delim;
  }
  return 0;
}

error second_column(std::string_view role, std::string_view first, std::string_view second, std::size_t line,
                    std::size_t column) {
  return fail(error_code::duplicate_column,
              "expected one " + std::string(role) + " column, got a second one, " + echo(second) + " (the first is " +
                  echo(first) + ")",
              line, column)
      .with("found", second)
      .with("first", first);
}

error ragged_row(const std::vector<csv_cell>& cells, std::size_t expected, std::string_view as) {
  const std::size_t n = cells.size();
  const csv_cell& at = n > expected ? cells[expected] : cells.back();
  const bool past = n <= expected && at.text.find('\n') == std::string_view::npos;
  return fail(error_code::field_count,
              "expected " + std::to_string(expected) + " fields " + std::string(as) + ", got " + std::to_string(n),
              at.line, at.column + (past ? at.text.size() : 0))
      .with("expected", std::to_string(expected))
      .with("found", std::to_string(n));
}

expected<std::vector<role>> read_columns(std::string_view list) {
  std::vector<role> out;
  std::vector<field> names;
  split_list(list, ", \t", names);
  for (const field& n : names) {
    const role r = n.text == "-" || same_name(n.text, "skip") ? role::none : role_of(n.text);
    if (r == role::none && n.text != "-" && !same_name(n.text, "skip")) {
      return fail(error_code::unknown_choice,
                  "expected a column name (query, doc, score, rel, rank, subtopics, tag, or - to skip), got " +
                      echo(n.text),
                  1, n.column)
          .with("found", n.text)
          .with("choices", "query,doc,score,rel,rank,subtopics,tag,-");
    }
    out.push_back(r);
  }
  if (out.empty()) return fail(error_code::empty_input, "expected a list of column names, got none");
  return out;
}

}  // namespace ndcg::detail
