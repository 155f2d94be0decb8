// The reply every export writes, and the sink that puts the core's field
// lists into it (see reply.hpp for the layout JS reads).
#include "reply.hpp"

#include <cmath>

#include "ndcg/numbers.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/report.hpp"

namespace ndcg_wasm {

reply out;

namespace {

reply_block block;

// A step table's columns: one number list per field, ids joined by "\n"
// (no id holds a line break) with a mask of which rows have one.
class column_sink : public ndcg::field_sink {
 public:
  std::vector<std::pair<std::string, std::vector<double>>> columns;
  std::string ids;
  std::vector<double> has_id;

  void number(std::string_view n, double v) override { column(n).push_back(v); }
  void count(std::string_view n, std::uint64_t v) override { column(n).push_back(static_cast<double>(v)); }
  void text(std::string_view, std::string_view v) override { add_id(true, v); }
  void null(std::string_view) override { add_id(false, {}); }
  void boolean(std::string_view, bool) override {}
  void numbers(std::string_view, const std::vector<double>&) override {}
  void begin(std::string_view) override {}
  void end() override {}
  void steps(std::string_view, const std::vector<ndcg::step>&) override {}

 private:
  // Every row writes its fields in the same order: try the next column first.
  std::vector<double>& column(std::string_view n) {
    if (next_ >= columns.size()) next_ = 0;
    if (next_ < columns.size() && columns[next_].first == n) return columns[next_++].second;
    for (next_ = 0; next_ < columns.size(); ++next_)
      if (columns[next_].first == n) return columns[next_++].second;
    next_ = columns.size() + 1;
    return columns.emplace_back(std::string(n), std::vector<double>()).second;
  }
  std::size_t next_ = 0;
  void add_id(bool present, std::string_view v) {
    if (!has_id.empty()) ids += '\n';
    ids.append(v.data(), v.size());
    has_id.push_back(present ? 1 : 0);
  }
};

}  // namespace

std::vector<std::pair<std::string, std::string>> pairs_of(pack& p) {
  std::vector<std::pair<std::string, std::string>> out;
  while (!p.done()) {
    std::string key(p.next());
    out.emplace_back(std::move(key), std::string(p.next()));
  }
  return out;
}

void reply::set(std::string_view key, double v) { name(key) += std::isfinite(v) ? ndcg::shortest(v) : "null"; }
void reply::set(std::string_view key, std::string_view v) { name(key) += ndcg::json_string(v); }

void reply::set_bytes(std::string_view key, std::string_view v) {
  name(key) += "{\"$s\":[" + std::to_string(bytes.size()) + "," + std::to_string(v.size()) + "]}";
  bytes.append(v.data(), v.size());
}

void reply::numbers_at(std::string_view key, std::size_t n) {
  name(key) += "{\"$f\":[" + std::to_string(numbers.size()) + "," + std::to_string(n) + "]}";
}

std::string& reply::name(std::string_view key) {
  if (!firsts_.back()) json += ',';
  firsts_.back() = '\0';
  if (!key.empty()) json += ndcg::json_string(key) + ":";
  return json;
}

const reply_block* sent() {
  block = {out.json.data(), static_cast<std::uint32_t>(out.json.size()), out.numbers.data(),
           static_cast<std::uint32_t>(out.numbers.size()), out.bytes.data(), static_cast<std::uint32_t>(out.bytes.size())};
  return &block;
}

void open_option_row(reply& r, const ndcg::option_row& row) {
  r.open();
  r.set("key", ndcg::js_name(row.key));
  r.set("flag", ndcg::cli_flag(row.key));
  r.set("shortFlag", row.short_flag);
  r.set("kind", ndcg::name_of(row.kind));
  r.open_list("choices");
  for (std::string_view c : ndcg::choices_of(row)) r.set("", c);
  r.close_list();
  r.set("min", row.min);
  r.set("max", row.max);
  r.set("aboveMin", row.above_min);
  r.set("preset", row.preset_sets);
  r.set("help", row.help);
}

void failure(reply& r, const ndcg::error& e, std::string_view key) {
  r.open(key);
  r.set("ok", false);
  r.set("code", ndcg::name_of(e.code));
  r.set("message", e.message);
  r.set("line", static_cast<double>(e.line));
  r.set("column", static_cast<double>(e.column));
  r.set("source", e.source);
  r.set("key", e.key.empty() ? std::string() : ndcg::js_name(e.key));
  r.set("index", static_cast<double>(e.index));
  r.open("args");
  for (const ndcg::error_arg& a : e.args) r.set(a.name, a.value);
  r.close();
  r.close();
}

void js_sink::number(std::string_view n, double v) { r_.set(ndcg::js_name(n), v); }
void js_sink::count(std::string_view n, std::uint64_t v) { r_.set(ndcg::js_name(n), static_cast<double>(v)); }
void js_sink::boolean(std::string_view n, bool v) { r_.set(ndcg::js_name(n), v); }
void js_sink::text(std::string_view n, std::string_view v) { r_.set(ndcg::js_name(n), v); }
void js_sink::null(std::string_view n) { r_.set_null(ndcg::js_name(n)); }
void js_sink::numbers(std::string_view n, const std::vector<double>& v) { r_.set_numbers(ndcg::js_name(n), v); }
void js_sink::begin(std::string_view n) { r_.open(ndcg::js_name(n)); }
void js_sink::end() { r_.close(); }

void js_sink::steps(std::string_view n, const std::vector<ndcg::step>& rows) {
  column_sink cols;
  for (const ndcg::step& s : rows) {
    ndcg::put_step(s, cols);
    if (&s == &rows.front())
      for (auto& c : cols.columns) c.second.reserve(rows.size());
  }
  r_.open(ndcg::js_name(n));
  r_.numbers.reserve(r_.numbers.size() + (cols.columns.size() + 1) * rows.size());
  for (const auto& [name, values] : cols.columns) r_.set_numbers(ndcg::js_name(name), values);
  r_.set_bytes("id", cols.ids);
  r_.set_numbers("hasId", cols.has_id);
  r_.set("length", static_cast<double>(rows.size()));
  r_.close();
}

}  // namespace ndcg_wasm
