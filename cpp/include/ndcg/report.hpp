// Rendering an explanation for people and programs: the document's step
// tables as text, Markdown or LaTeX, and JSON or CSV whose numbers round-trip.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/field_sink.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/settings.hpp"

// The fields of an explanation and of a step-table row, written once (the
// sinks: field_sink.hpp).
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

namespace ndcg {

expected<report_format> parse_report_format(std::string_view s);

// How the ranking was read besides its format's name, in `l`: "columns
// query,doc,score; ordered by score, grades from the judgments" (the
// explanation's reading.note, in English, and every report's first line).
// Empty when the name says it all.
std::string reading_note(const result_context& ctx, report_language l);

// ctx.s gives the options (formula labels) and the rounding of printed terms.
std::string render(const explanation& e, report_format f, const result_context& ctx);

// The text report's headline, step tables and lines as HTML (every text
// escaped), for a notebook (the Python package) and `ndcg explain --format
// html`. Not a report_format: the page draws its own tables, so the wasm
// modules, which render through render(), leave it out.
std::string render_html(const explanation& e, const result_context& ctx);


// Text as a Markdown table cell or LaTeX text: the characters that would
// end the cell or be read as markup are escaped.
std::string markdown_escape(const std::string& s);
std::string latex_escape(const std::string& s);

// A CSV cell: quoted (quotes doubled) when it holds a comma, quote or line end.
std::string csv_field(std::string_view s);

// A JSON string literal for arbitrary bytes (invalid UTF-8 becomes U+FFFD).
std::string json_string(std::string_view s);

// The fields `put` writes, as one JSON object on one line ({"a":1,"b":[2,3]}),
// for a list of results (compare's comparisons).
std::string json_object(const std::function<void(field_sink&)>& put);

}  // namespace ndcg
