// Which query explain reads from a text that holds several: the one asked
// for, or the only one. Queries are never pooled into one ranking.
#include <string>
#include <string_view>

#include "base/utf8.hpp"
#include "parse/parse_detail.hpp"

namespace ndcg::detail {
namespace {

constexpr std::size_t named_in_message = 5;

using query = query_choice::query;

// A query's id as a message names it: printable, its first 40 bytes.
std::string short_name(std::string_view id) {
  std::string out;
  if (append_printable(out, id, 40) < id.size()) out += "...";
  return out;
}

std::string some_names(const std::vector<query>& queries, std::size_t most, const char* sep) {
  std::string out;
  for (std::size_t i = 0; i < queries.size() && i < most; ++i) out += (i ? sep : "") + short_name(queries[i].id);
  if (queries.size() > most) out += std::string(sep) + "...";
  return out;
}

}  // namespace

std::size_t query_choice::add(std::string_view name, std::size_t line, std::size_t column) {
  const std::uint32_t first = add_index(seen, queries, name, queries.size());
  if (first != handle_table::none) return first;
  queries.push_back({std::string(name), line, column});
  return queries.size() - 1;
}

expected<std::size_t> query_choice::pick(std::string_view want) const {
  if (!want.empty()) {
    const std::uint32_t at = index_of(seen, queries, want);
    if (at != handle_table::none) return std::size_t{at};
    return fail(error_code::missing_query,
                "expected query " + echo(want) + " in the input, got only " + some_names(queries, named_in_message, ", "))
        .with("found", want);
  }
  if (queries.size() <= 1) return std::size_t{0};
  const std::string count = std::to_string(queries.size());
  return fail(error_code::several_queries,
              "expected one query, got " + count + " (" + some_names(queries, named_in_message, ", ") +
                  "): explain reads one ranking, so pick one (--query " + short_name(queries[0].id) +
                  ") or evaluate them all with `ndcg trec`",
              queries[1].line, queries[1].column)
      .with("found", queries[1].id)
      .with("first", queries[0].id)
      .with("count", count)
      .with("queries", some_names(queries, 20, ", "));
}

}  // namespace ndcg::detail
