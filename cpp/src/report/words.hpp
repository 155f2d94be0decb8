// The prose of the reports, in each language they are written in: the
// headings, the notes and the words around the numbers. Numbers, formulas,
// flags and column names are the same in every language, so a report read
// by a program parses alike in both.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "ndcg/report.hpp"

namespace ndcg::detail {

// explain's (the light module, without compare, carries only these)
struct report_words {
  // the step tables' titles
  const char* as_given;         // {0} @K
  const char* ideal_heading;    // after "**IDCG@K**"
  const char* ideal_title;      // {0} @K, {1}: ideal_judged or ideal_own
  const char* ideal_judged;
  const char* ideal_own;
  // the lines under the tables
  const char* more_terms;       // {0}: how many
  const char* undefined_ndcg;
  const char* tie_range;        // {0} @K, {1} worst, {2} best, {3} one of tie_policies
  const char* tie_policies[3];  // by tie_policy
  const char* own_ideal;        // {0} @K
  const char* all_judgments;    // {0} @K
  const char* rounding_note;
  const char* tie_note;
  const char* unjudged_one;     // {0}: items
  const char* unjudged_many;    // {0}: unjudged, {1}: items
  // the line that says what was read and how it was scored
  const char* ranking_one;
  const char* ranking_many;     // {0}: items
  const char* read_as;          // {0}: format
  const char* reading_sep;
  const char* other_reading;    // {0}: columns
  // the reading's parts (reading_note), joined by part_sep
  const char* read_columns;     // {0}: columns
  const char* read_by_rank;
  const char* read_by_score_judged;
  const char* read_in_order_judged;
  const char* read_query;       // {0}: query
  const char* part_sep;
  const char* close;
  const char* k_is;             // {0}: K or k_whole
  const char* k_whole;
  const char* gain_discount;    // {0}: gain, {1}: discount
  const char* linear_gain;
  const char* table_gain;
  const char* preset_is;        // {0}: name
};

// compare's
struct compare_words {
  const char* runs_queries;     // {0} runs, {1} queries
  const char* every_pair;
  const char* against_first;    // {0}: the first run
  const char* trials;           // {0} trials, {1} seed
  const char* holm;             // {0}: the test
  const char* conventions;
  const char* few_queries;      // {0}: the fewest queries an interval is given for
  const char* ties;
  const char* ties_latex;
};

const report_words& words_of(report_language l);
const compare_words& compare_words_of(report_language l);

// `pattern` with {0}, {1}, ... replaced by `args` in that order of numbers.
std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args);

}  // namespace ndcg::detail
