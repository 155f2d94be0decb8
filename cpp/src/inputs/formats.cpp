// The registry of batch input formats: one row per format, as
// trec/measures/list.cpp lists the measures. A row names the format, says
// how its first lines are told apart and which reader turns it into
// records (from the whole text, and from pieces where the format allows). Detection tries the rows in order; TREC, last, takes the rest.
#include <string>
#include <vector>

#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"
#include "parse/columns.hpp"

namespace ndcg::detail {

// The readers, each in its own file.
status read_table(std::string_view text, input_format f, input_use use, record_checker& w, batch_reading& reading);
status stream_table(more_bytes more, input_format f, input_use use, record_checker& w, batch_reading& reading);
status read_json(std::string_view text, input_format f, input_use use, record_checker& w, batch_reading& reading);
status stream_json(more_bytes more, input_format f, input_use use, record_checker& w, batch_reading& reading);
status read_msmarco(std::string_view text, input_format f, input_use use, record_checker& w, batch_reading& reading);
bool is_msmarco(const text_head& head, bool judgments);

namespace {

#ifdef __EMSCRIPTEN__  // the wasm module reads runs whole
constexpr decltype(&stream_table) table_pieces = nullptr, json_pieces = nullptr;
#else
constexpr decltype(&stream_table) table_pieces = stream_table, json_pieces = stream_json;
#endif

bool is_feature(std::string_view t) {
  const std::size_t colon = t.find(':');
  if (colon == 0 || colon == std::string_view::npos || colon + 1 == t.size()) return false;
  if (t.substr(0, colon) == "qid") return true;
  for (std::size_t i = 0; i < colon; ++i)
    if (t[i] < '0' || t[i] > '9') return false;
  return true;
}

bool is_jsonl(const text_head& h, bool) {
  const std::string_view l = h.first;
  const std::size_t last = l.find_last_not_of(" \t");
  return !l.empty() && l[0] == '{' && last != std::string_view::npos && l[last] == '}' && !h.second.empty() &&
         h.second[0] == '{';
}
bool is_json(const text_head& h, bool) { return !h.first.empty() && (h.first[0] == '{' || h.first[0] == '['); }
// A header by the one header rule (parse/columns.hpp), tab-separated first.
bool is_tsv(const text_head& h, bool) { return header_separator(h.data) == '\t'; }
bool is_csv(const text_head& h, bool) { return header_separator(h.data) == ','; }
// `x qid:1 ...` too: a broken label is then refused where it stands.
bool is_letor(const text_head& h, bool) {
  field f[2];
  const std::size_t n = split_whitespace(h.data, f, 2);
  return n >= 2 && is_feature(f[1].text) && (is_numeric(f[0].text) || f[1].text.substr(0, 4) == "qid:");
}
bool is_trec(const text_head&, bool) { return true; }

const std::vector<format_row> rows = {
    {input_format::jsonl, "jsonl", "JSON", is_jsonl, read_json, json_pieces},
    {input_format::json, "json", "JSON", is_json, read_json, nullptr},
    {input_format::tsv, "tsv", "TSV", is_tsv, read_table, table_pieces},
    {input_format::csv, "csv", "CSV", is_csv, read_table, table_pieces},
    {input_format::letor, "letor", "LETOR", is_letor, nullptr, nullptr},
    {input_format::msmarco, "msmarco", "MS MARCO TSV", is_msmarco, read_msmarco, nullptr},
    {input_format::trec, "trec", "TREC", is_trec, nullptr, nullptr},
};

// The first lines that are not blank (and, with skip_comments, not # comments).
std::vector<std::string_view> first_lines(std::string_view text, bool skip_comments, std::size_t want) {
  std::vector<std::string_view> out;
  line_reader lines(text);
  line l;
  while (out.size() < want && lines.next(l)) {
    const std::size_t i = leading_spaces(l.text);
    if (i == l.text.size() || (skip_comments && l.text[i] == '#')) continue;
    out.push_back(l.text.substr(i));
  }
  return out;
}

}  // namespace

const std::vector<format_row>& format_rows() { return rows; }

const format_row& row_of(input_format f) {
  for (const format_row& r : rows)
    if (r.format == f) return r;
  return rows.back();
}

}  // namespace ndcg::detail

namespace ndcg {

input_format detect_input(std::string_view head, bool judgments) {
  const std::string_view text = detail::strip_bom(head);
  const auto lines = detail::first_lines(text, false, 2);
  const auto data = detail::first_lines(text, true, 1);
  const detail::text_head h{lines.empty() ? std::string_view() : lines[0],
                            lines.size() > 1 ? lines[1] : std::string_view(),
                            data.empty() ? std::string_view() : data[0]};
  if (lines.empty()) return input_format::trec;
  for (const detail::format_row& r : detail::format_rows())
    if (r.detect(h, judgments)) return r.format;
  return input_format::trec;
}

std::string_view name_of(input_format f) {
  return f == input_format::automatic ? std::string_view("auto") : detail::row_of(f).name;
}

expected<input_format> input_format_named(std::string_view name) {
  if (name == "auto") return input_format::automatic;
  for (const detail::format_row& r : detail::format_rows())
    if (r.name == name) return r.format;
  std::string names(input_format_choices.substr(5));  // "trec,csv,...", as the enum orders them
  for (std::size_t at = names.find(','); at != std::string::npos; at = names.find(',', at + 2)) names.replace(at, 1, ", ");
  return fail(error_code::unknown_choice, "expected " + names + " or auto, got " + echo(name))
      .with("found", name)
      .with("choices", input_format_choices);
}

}  // namespace ndcg
