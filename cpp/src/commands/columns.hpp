// evaluate_batch on tables held as columns (evaluate_columns.cpp): the
// rows checked as the table readers check a CSV file's, the judgments built
// from them and the run's queries handed to the query loop, no text between.
#pragma once

#include <string>
#include <vector>

#include "ndcg/commands.hpp"
#include "ndcg/compare.hpp"

namespace ndcg::detail {

// The evaluation of `in` on the settings `b` (its -Z means set already),
// with its intervals; `readings` says which column became what.
expected<run_evaluation> evaluate_columns(const column_inputs& in, const batch_settings& b,
                                          std::vector<batch_reading>& readings);

// Judgments from a table of qrels held as columns (its reading in `readings`).
expected<trec_judgments> judgments_of_columns(const column_table& qrels, std::string_view kind,
                                              std::vector<batch_reading>& readings);

// A run held as columns against judgments read already, its queries on
// `threads` (0: every core), with its reading and its intervals.
expected<run_evaluation> evaluate_columns(const trec_judgments& judged, const column_table& run, std::string_view kind,
                                          const batch_settings& b, unsigned threads,
                                          std::vector<batch_reading>& readings);

// The comparison of the runs of `in` on the settings `b`.
expected<compare_result> compare_columns(const column_compare_inputs& in, const batch_settings& b,
                                         std::vector<batch_reading>& readings);

}  // namespace ndcg::detail
