// Rendering an explanation for people and programs: the document's step
// tables as text, Markdown or LaTeX, and JSON or CSV whose numbers round-trip.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "ndcg/fields.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/settings.hpp"

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
