// The options of every command, written once. Every layer reads this
// table: the CLI's flags and --help, the wasm bindings, the JSON report's
// "options" object, the preset matcher, and through optionSchema(),
// trecOptionSchema() and compareOptionSchema() the JS API's checks, the
// page's controls and hash, and the web component. A row names the
// commands that take it, so a concept the commands share (the relevance
// level, the gain, alpha) is one row.
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
#include "ndcg/settings.hpp"

namespace ndcg {

// Named presets that reproduce a library's NDCG (see docs/cli.md's table).
struct preset_info {
  std::string_view name;
  std::string_view summary;
};
const std::vector<preset_info>& presets();
expected<options> preset(std::string_view name);
// The preset whose options equal `opt` in every field a preset sets, or "".
std::string_view matching_preset(const options& opt);

// Names of the enum values as the CLI and the JS API spell them (from the
// rows below).
std::string_view name_of(gain_kind v);
std::string_view name_of(ideal_source v);
std::string_view name_of(tie_policy v);
std::string_view name_of(zero_policy v);
std::string_view name_of(negative_policy v);

// The defaults of trec and compare: trec_eval's conventions; compare also
// evaluates the order of ties, and has its own default measures.
batch_request default_batch(command c);
// The measures compare evaluates when none are asked for.
const std::vector<std::string>& default_compare_measures();

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

// Where a row reads its value into, and writes it from: explain's settings,
// and a batch command's own (null for explain, whose rows never touch it).
struct option_target {
  settings& s;
  batch_settings* batch;
};
struct option_source {
  const settings& s;
  const batch_settings* batch;
};

struct option_row {
  std::string_view key;      // snake_case
  unsigned commands;         // the commands that take it: bits of `command`
  std::string_view short_flag;  // trec_eval's spelling ("-m", "-q", "-c", "-l") or ""
  option_kind kind;
  std::string_view choices;  // a choice's names, comma-separated ("" for the preset row: see choices_of)
  double min, max;           // inclusive range of a number, or of each entry of a list
  bool above_min;            // the minimum itself is refused (log base > 1)
  bool preset_sets;          // presets decide this option
  std::string_view help;     // one line, for --help and the schema
  // Reads `text` into the target; the error names the key.
  status (*set)(const option_row& row, option_target to, std::string_view text);
  // Writes the current value under the row's key.
  void (*put)(const option_row& row, option_source from, field_sink& out);
  // What a value given for it also chooses, "key=value" ("gain=table"),
  // unless that row is given too: its `set` does it, the schema shows it.
  std::string_view implies = {};
};

// The readers by kind; the error names the row's key and echoes the text.
// The batch rows (batch_options.cpp) read through them too.
namespace detail {
expected<double> read_real(const option_row& row, std::string_view text);
expected<std::uint64_t> read_whole(const option_row& row, std::string_view text);
expected<std::vector<double>> read_reals(const option_row& row, std::string_view text);
expected<bool> read_flag(const option_row& row, std::string_view text);
bool in_range(const option_row& row, double v);  // the row's range, its minimum refused when above_min
expected<int> read_choice(const option_row& row, std::string_view text);
}  // namespace detail

// The table in two halves, in the order rows are applied, listed and
// printed: the rows every command may take (explain's, some shared with
// trec and compare), then the rows only trec and compare take (kept apart
// so that a build for one ranking carries none of them).
const std::vector<option_row>& option_table();
const std::vector<option_row>& batch_option_table();
// The rows a command takes, in that order.
std::vector<const option_row*> option_rows(command c);
bool takes(const option_row& row, command c);

// The row for a key in any of its spellings: "zero_idcg", "zeroIdcg",
// "--zero-idcg" or "zero-idcg", or its short flag ("-l"), among the rows
// explain (or `c`) takes; nullptr when there is none.
const option_row* find_option(std::string_view key);
const option_row* find_option(std::string_view key, command c);

// The one spelling of a key: "zero-idcg", "--zero-idcg" and "zeroIdcg" all
// give "zero_idcg" (compare's keys too).
std::string canonical_key(std::string_view key);

// Names derived from a key.
std::string cli_flag(std::string_view key);  // "--zero-idcg"
std::string js_name(std::string_view key);   // "zeroIdcg"

// A choice row's names (the preset row's come from the preset table).
std::vector<std::string_view> choices_of(const option_row& row);

// The settings of command `c` from key/text pairs. The preset is applied
// first and every other option over it, in the table's order, whatever
// order they came in; a texts option given several times collects every
// value (-m ndcg_cut.10 -m map).
expected<settings> settings_from(const std::vector<std::pair<std::string, std::string>>& given);
expected<batch_request> settings_from(const std::vector<std::pair<std::string, std::string>>& given, command c);

// Writes the value of every option explain takes into `out`.
void put_options(const settings& s, field_sink& out);

// Every number of `opt` within its row's range, checked as the row reads
// it (the error names the key, as a wrong CLI or JS value does): for
// options built in code rather than read through the rows.
status check_ranges(const options& opt);

// The fields of one row as command c's schema shows it: the key (in the
// sink's spelling of names), the CLI flag, trec_eval's short flag (trec and
// compare), the kind, its choices and range (explain: whether the minimum
// itself is refused), its default for c, the help, (explain) whether
// presets set it, and its `implies` ("gain=table"), if it has one.
void put_option_row(const option_row& row, command c, std::string_view default_value, field_sink& out);
// The rows explain takes, as a list "rows" of those fields.
void put_option_rows(field_sink& out);
// The rows command c takes (batch_options.cpp: not in the light build).
void put_option_rows(command c, field_sink& out);
// The presets, as a list "presets" of {name, summary, options}.
void put_presets(field_sink& out);

// The error for a key no row of the command has.
error unknown_option_error(std::string_view key);

// Reads one option's text as settings_from does, over the defaults, and
// writes the value it gives under the row's key: the page reads its hash
// and controls one value at a time with the same readers.
status read_option(const option_row& row, std::string_view text, field_sink& out);

// A row's value as text ("2", "exp", "", "false", "ndcg_cut.10 map"), and
// its default for explain (or command `c`), for help and the schema.
std::string value_text(const option_row& row, option_source from);
std::string default_text(const option_row& row);
std::string default_text(const option_row& row, command c);

// True when `a` and `b` agree on every option that presets set.
bool same_convention(const options& a, const options& b);

}  // namespace ndcg
