// The options of one explanation, written once. Every layer reads this
// table: the CLI's flags and --help, the wasm bindings, the JSON report's
// "options" object, the preset matcher, and through optionSchema() the JS
// API's checks, the page's controls and hash, and the web component.
//
// A row's key is snake_case ("zero_idcg"); the CLI flag ("--zero-idcg") and
// the JS name ("zeroIdcg") are derived from it. Values arrive as text (a
// CLI word, a URL hash value, a JS value turned to text) and are read by one
// reader per kind, so every layer accepts and refuses the same values with
// the same error codes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"

namespace ndcg {

// What one explanation is asked for: the metric's options, the preset they
// started from, and how printed terms are rounded.
struct settings {
  options opt;
  std::string preset;  // "" = none given
  int decimals = 3;    // rounding of printed terms (text, Markdown, LaTeX)
};

enum class option_kind {
  choice,  // one name from a list
  whole,   // a whole number
  real,    // a finite number
  reals,   // finite numbers separated by commas
  flag,    // true or false
  texts,   // words, one per use of the option (`-m a -m b`; in JS an array of strings)
};
std::string_view name_of(option_kind k);

class field_sink;

struct option_row {
  std::string_view key;      // snake_case
  option_kind kind;
  std::string_view choices;  // a choice's names, comma-separated ("" for the preset row: see choices_of)
  double min, max;           // inclusive range of a number, or of each entry of a list
  bool above_min;            // the minimum itself is refused (log base > 1)
  bool preset_sets;          // presets decide this option
  std::string_view help;     // one line, for --help and the schema
  // Reads `text` into the settings; the error names the key.
  status (*set)(const option_row& row, settings& s, std::string_view text);
  // Writes the current value under the row's key.
  void (*put)(const option_row& row, const settings& s, field_sink& out);
};

// The readers by kind; the error names the row's key and echoes the text.
// Other commands' option tables (compare_option_table) read through them.
namespace detail {
expected<double> read_real(const option_row& row, std::string_view text);
expected<std::uint64_t> read_whole(const option_row& row, std::string_view text);
expected<std::vector<double>> read_reals(const option_row& row, std::string_view text);
expected<bool> read_flag(const option_row& row, std::string_view text);
expected<int> read_choice(const option_row& row, std::string_view text);
}  // namespace detail

// The rows, in the order they are applied, listed and printed.
const std::vector<option_row>& option_table();

// The row for a key in any of its spellings: "zero_idcg", "zeroIdcg",
// "--zero-idcg" or "zero-idcg"; nullptr when there is none.
const option_row* find_option(std::string_view key);

// The one spelling of a key: "zero-idcg", "--zero-idcg" and "zeroIdcg" all
// give "zero_idcg" (compare's keys too).
std::string canonical_key(std::string_view key);

// Names derived from a key.
std::string cli_flag(std::string_view key);  // "--zero-idcg"
std::string js_name(std::string_view key);   // "zeroIdcg"

// A choice row's names (the preset row's come from the preset table).
std::vector<std::string_view> choices_of(const option_row& row);

// The settings from key/text pairs. The preset is applied first and every
// other option over it, in the table's order, whatever order they came in.
expected<settings> settings_from(const std::vector<std::pair<std::string, std::string>>& given);

// Writes every option's value (the whole table) into `out`.
void put_options(const settings& s, field_sink& out);

// A row's default as text ("2", "exp", "", "false"), for help and the schema.
std::string default_text(const option_row& row);

// True when `a` and `b` agree on every option that presets set.
bool same_convention(const options& a, const options& b);

}  // namespace ndcg
