// The fields of an explanation and of a step-table row, written once (the
// sinks: field_sink.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/field_sink.hpp"
#include "ndcg/metrics.hpp"

namespace ndcg {

// The fields of one step-table row.
void put_step(const step& s, field_sink& out);

struct settings;

// What a report says about its input besides the explanation itself.
struct result_context {
  const settings* s = nullptr;    // the options in force
  std::string_view input_format;  // detected format name, "" when unknown
  // How it was read besides the format's name (reading_note words it):
  bool columns_named = false;     // the columns are said ("columns query,doc,score"), not the format
  bool by_rank = false;           // ordered by a rank column
  bool judged = false;            // grades from the judgments, ordered by score when has_scores,
  bool has_scores = false;        // else in the order given
  std::string_view other_reading; // --columns for the other reading, "" when none
  std::string_view query;         // the query read, "" when the input names none
  std::string_view columns;       // a table's columns as read ("query,doc,score"), else ""
  std::string_view preset;        // preset name in use, "" when none
};

// The fields of one explanation, in the order the JSON prints them.
void put_explanation(const explanation& e, const result_context& ctx, field_sink& out);

}  // namespace ndcg
