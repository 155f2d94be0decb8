// Internals shared by the readers of one ranking: format detection
// (detect_format.cpp), one reader per format (parse_table.cpp,
// parse_grades.cpp, parse_id_lines.cpp, ranking_from_trec.cpp) and the
// entry points (parse_ranking.cpp). Not API.
//
// Every error names the 1-based line and byte column of the offending
// field and echoes what was found there.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/parse.hpp"
#include "base/hash_table.hpp"
#include "base/text.hpp"
#include "parse/columns.hpp"

namespace ndcg::detail {

// Separators of a pasted grade list ("3, 2; 0", "| 3 | 2 |", "[3, 2, 0]").
// Lines of "id grade" use the same minus the brackets, which ids may hold.
// Full-width twins ("，", "、", "｜", "　") count as well.
inline constexpr std::string_view list_separators = " \t\v\f,;|[]";
inline constexpr std::string_view id_separators = " \t\v\f,;|";

// Refuses the item that would go past the limit.
inline status count_item(std::size_t count, const limits& lim, std::size_t line_no, std::size_t column) {
  if (count < lim.max_items) return done{};
  return fail(error_code::too_large, "expected at most " + std::to_string(lim.max_items) + " items, got more", line_no,
              column)
      .with("limit", std::to_string(lim.max_items));
}

// ---- detection (detect_format.cpp) ------------------------------------------

// A line that holds data: not blank, not a comment, not a table rule
// ("|---|:---:|", "---", "+---+").
bool is_data(std::string_view s);

// The first few data lines, which detection looks at.
std::vector<line> sample(std::string_view text);

// The format of a ranking, or (judgments = true) of judgments. `r` says
// whether a ranking comes with judgments and may name its columns.
format detect(std::string_view text, bool judgments, const reading& r = {});

// ---- one reader per format -----------------------------------------------------

// CSV and TSV (through the one tokenizer, columns.hpp), or given columns.
expected<parsed_ranking> parse_table(std::string_view text, const limits& lim, format f, bool judgments,
                                     const reading& r);
expected<parsed_ranking> parse_grades(std::string_view text, const limits& lim);
expected<parsed_ranking> parse_id_lines(std::string_view text, const limits& lim, format fmt, bool judgments);
expected<parsed_ranking> parse_ids(std::string_view text, const limits& lim);
expected<parsed_ranking> parse_json(std::string_view text, const limits& lim, bool judgments, const reading& r);
// parse_json once read_json_rankings() has run, else null (the light module).
extern expected<parsed_ranking> (*json_ranking_reader)(std::string_view, const limits&, bool, const reading&);
expected<parsed_ranking> ranking_from_run(std::string_view text, const limits& lim, std::string_view query);
expected<parsed_ranking> ranking_from_qrels(std::string_view text, const limits& lim, std::string_view query);
expected<parsed_ranking> ranking_from_subtopics(std::string_view text, const limits& lim, std::string_view query);

// The reader of format f (parse_ranking.cpp).
expected<parsed_ranking> parse_as(format f, std::string_view text, const limits& lim, bool judgments,
                                  const reading& r = {});

// The queries of a multi-query text, in order of first appearance, and
// the choice among them: the one asked for, the only one, or a refusal
// that counts them and names a few (query_choice.cpp).
struct query_choice {
  struct query {
    std::string id;
    std::size_t line = 0, column = 0;  // where it first appears
  };
  std::vector<query> queries;  // each once
  handle_table seen;           // indexes of queries
  // The index of the query named `name`, added when new.
  std::size_t add(std::string_view name, std::size_t line, std::size_t column);
  // The index of the query to read, or the error: `want` absent, or
  // several queries and no `want`.
  expected<std::size_t> pick(std::string_view want) const;
};

// Column of the first field on line line_no, for errors about a whole line
// (ranking_from_trec.cpp).
std::size_t first_column(std::string_view text, std::size_t line_no);

// "expected each id once in the ranking, got "a" again (first on line 2)".
error repeated_id(std::string_view id, bool judgments, std::size_t first_line, std::size_t line_no,
                  std::size_t column);

}  // namespace ndcg::detail
