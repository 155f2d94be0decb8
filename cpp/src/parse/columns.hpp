// What a column of a table means, from its header name: the one table of
// names and aliases that every reader (explain's tables, the batch readers
// of CSV, TSV, JSON and JSON Lines) and every message share. Not API.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"

namespace ndcg::detail {

enum class role { none, query, id, score, grade, rank, subtopics, tag };
constexpr std::size_t role_count = static_cast<std::size_t>(role::tag) + 1;  // none included

// The role a header name gives its column, or none. Case is ignored and
// '-', ' ' and '.' count as '_' ("Query-ID", "corpus id" and "doc.id" are
// query_id, corpus_id and doc_id).
role role_of(std::string_view name);

// The role's own name, as --columns takes it: query, doc, score, rel,
// rank, subtopics, tag ("" for none).
std::string_view role_name(role r);

// "rel, relevance, grade, ... or judgment": every name of a role, for
// messages and docs/inputs.md.
std::string names_of(role r);

// An explicit column list ("query,doc,score,rel"; "-" or "skip" for a
// column to ignore), as --columns and the API's columns option give it.
// Each name is a role name or any alias of one.
expected<std::vector<role>> read_columns(std::string_view list);

}  // namespace ndcg::detail
