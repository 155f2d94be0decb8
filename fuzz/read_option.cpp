// Fuzzes reading one option's text, the way the module's readOption and
// readBatchOption read it (the page's hash and controls): read_option over
// the row a key names, or the unknown-option error. The first byte picks
// the row (or, past the table's end, the key is the text before the first
// NUL); the rest is the text. Whatever read_option takes, settings_from
// takes with the same outcome; its error is an option error naming the
// row's key; and the value it writes reads back to the same value.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/report.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/option_table.hpp"

namespace {

std::vector<const ndcg::option_row*> all_rows() {
  std::vector<const ndcg::option_row*> out;
  for (const auto* table : {&ndcg::option_table(), &ndcg::batch_option_table()})
    for (const ndcg::option_row& r : *table) out.push_back(&r);
  return out;
}

// The value a row writes, as one text (numbers, lists and flags included).
class text_of : public ndcg::field_sink {
 public:
  std::string out;
  bool wrote = false;
  void number(std::string_view, double v) override { set(ndcg::shortest(v)); }
  void count(std::string_view, std::uint64_t v) override { set(std::to_string(v)); }
  void boolean(std::string_view, bool v) override { set(v ? "true" : "false"); }
  void text(std::string_view, std::string_view v) override { set(std::string(v)); }
  void null(std::string_view) override { set(""); }
  void numbers(std::string_view, const std::vector<double>& v) override {
    std::string joined;
    for (double x : v) joined += (joined.empty() ? "" : ",") + ndcg::shortest(x);
    set(joined);
  }
  void begin(std::string_view) override {}
  void end() override {}
  void steps(std::string_view, const std::vector<ndcg::step>&) override {}

 private:
  void set(std::string v) { out = std::move(v), wrote = true; }
};

ndcg::command command_of(const ndcg::option_row& row) {
  for (ndcg::command c : {ndcg::command::explain, ndcg::command::trec, ndcg::command::compare})
    if (ndcg::takes(row, c)) return c;
  return ndcg::command::explain;
}

// The outcome settings_from gives for the one pair: ok, or the error's code.
ndcg::status as_settings(const ndcg::option_row& row, const std::string& text) {
  const std::vector<std::pair<std::string, std::string>> given = {{std::string(row.key), text}};
  const ndcg::command c = command_of(row);
  if (c == ndcg::command::explain) {
    auto s = ndcg::settings_from(given);
    if (!s) return s.err();
    return ndcg::done{};
  }
  auto s = ndcg::settings_from(given, c);
  if (!s) return s.err();
  return ndcg::done{};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<const ndcg::option_row*> rows = all_rows();
  fuzz::bytes in(data, size);
  const std::size_t pick = in.take();
  std::string_view text = in.rest();
  if (pick >= rows.size()) {
    const auto parts = fuzz::split(text, '\0', 2);
    const ndcg::option_row* row = ndcg::find_option(parts[0]);
    if (!row) {
      const ndcg::error e = ndcg::unknown_option_error(parts[0]);
      fuzz::require(e.code == ndcg::error_code::unknown_option && e.source == "options", "an unknown key is an unknown-option error");
    }
    return 0;
  }
  const ndcg::option_row& row = *rows[pick];
  text_of value;
  const ndcg::status read = ndcg::read_option(row, text, value);
  const ndcg::status whole = as_settings(row, std::string(text));
  fuzz::require(read.ok() == whole.ok(), "read_option and settings_from take the same texts", text);
  if (!read.ok()) {
    const ndcg::error& e = read.err();
    fuzz::require(e.code == whole.err().code, "read_option and settings_from refuse with the same code", e.message);
    fuzz::require(e.source == "options" && e.key == row.key, "the error names the option", e.message);
    fuzz::check_error(e, text);
    return 0;
  }
  fuzz::require(value.wrote, "a value read is written back");
  // Texts options add each use to a list; the rest read their own value back.
  if (row.kind == ndcg::option_kind::texts) return 0;
  text_of again;
  fuzz::require(ndcg::read_option(row, value.out, again).ok() && again.out == value.out, "a value written reads back to itself",
                value.out);
  return 0;
}
