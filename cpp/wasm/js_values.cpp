// Conversion between JS values and the core's types (see js_values.hpp).
#include "js_values.hpp"

#include <algorithm>
#include <cmath>

#include "ndcg/report.hpp"

namespace ndcg_wasm {

using emscripten::typed_memory_view;

namespace {

const unsigned char* bytes_at(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }

// Texts that hold no line break go as one text split by JS: one call
// across the boundary instead of one per text (11,648 qids of a run).
bool splittable(const std::vector<std::string_view>& texts) {
  for (std::string_view t : texts)
    if (t.find('\n') != std::string_view::npos) return false;
  return true;
}

}  // namespace

val js_text_list(const std::vector<std::string_view>& texts, const std::vector<char>* present) {
  if (texts.empty()) return val::array();
  if (present && std::find(present->begin(), present->end(), 1) == present->end())  // a column of nulls (grades without ids)
    return val::global("Array").new_(val(static_cast<double>(texts.size()))).call<val>("fill", val::null());
  val out = val::array();
  if (splittable(texts)) {
    std::string joined;
    for (std::size_t i = 0; i < texts.size(); ++i) (joined += i ? "\n" : "") += texts[i];
    out = js_text(joined).call<val>("split", val("\n"));
  } else {
    for (std::size_t i = 0; i < texts.size(); ++i) out.set(js_index(i), js_text(texts[i]));
  }
  if (present)
    for (std::size_t i = 0; i < present->size(); ++i)
      if (!(*present)[i]) out.set(js_index(i), val::null());
  return out;
}

namespace {

// A step table's columns: one number list per number field, one text list
// per text field, in the order put_step writes them.
class column_sink : public ndcg::field_sink {
 public:
  struct column {
    std::string name;
    bool is_text = false;
    bool is_flag = false;                 // numbers 0/1, handed out as booleans
    std::vector<double> numbers;
    std::vector<std::string_view> texts;  // views of the rows' own strings
    std::vector<char> present;            // per row: 0 where the field is null
  };
  std::vector<column> columns;

  void number(std::string_view n, double v) override { at(n).numbers.push_back(v); }
  void count(std::string_view n, std::uint64_t v) override { at(n).numbers.push_back(static_cast<double>(v)); }
  void boolean(std::string_view n, bool v) override {
    column& c = at(n);
    c.is_flag = true;
    c.numbers.push_back(v ? 1 : 0);
  }
  void text(std::string_view n, std::string_view v) override { add_text(at(n), v, 1); }
  void null(std::string_view n) override { add_text(at(n), {}, 0); }
  void numbers(std::string_view, const std::vector<double>&) override {}
  void begin(std::string_view) override {}
  void end() override {}
  void steps(std::string_view, const std::vector<ndcg::step>&) override {}

  val table(std::size_t rows) const {
    val cols = val::object();
    for (const column& c : columns)
      cols.set(js_text(ndcg::js_name(c.name)), c.is_text ? js_text_list(c.texts, &c.present)
                                               : c.is_flag ? flags(c.numbers)
                                                           : js_numbers(c.numbers));
    val out = val::object();
    out.set("rows", val(static_cast<double>(rows)));
    out.set("columns", cols);
    return out;
  }

 private:
  // Every row writes its fields in the same order: try the next column first.
  column& at(std::string_view n) {
    if (next_ >= columns.size()) next_ = 0;
    if (next_ < columns.size() && columns[next_].name == n) return columns[next_++];
    for (next_ = 0; next_ < columns.size(); ++next_)
      if (columns[next_].name == n) return columns[next_++];
    next_ = columns.size() + 1;
    columns.emplace_back().name = std::string(n);
    return columns.back();
  }
  static val flags(const std::vector<double>& v) {
    val out = val::array();
    for (std::size_t i = 0; i < v.size(); ++i) out.set(static_cast<double>(i), val(v[i] != 0));  // double: a registered wire type
    return out;
  }
  static void add_text(column& c, std::string_view v, char present) {
    c.is_text = true;
    c.texts.push_back(v);
    c.present.push_back(present);
  }
  std::size_t next_ = 0;
};

}  // namespace

std::size_t length_of(const val& list) {
  const double n = list["length"].as<double>();
  return n > 0 ? static_cast<std::size_t>(n) : 0;
}

const val& text_encoder() {
  static const val encoder = val::global("TextEncoder").new_();
  return encoder;
}

js_bytes text_of(const val& v) {
  const val bytes = v.isString() ? text_encoder().call<val>("encode", v) : v;
  js_bytes out(length_of(bytes));
  val(typed_memory_view(out.size(), reinterpret_cast<unsigned char*>(out.data()))).call<void>("set", bytes);
  return out;
}

std::vector<double> numbers_of(const val& list) {
  std::vector<double> out(length_of(list));
  val(typed_memory_view(out.size(), out.data())).call<void>("set", list);
  return out;
}

std::vector<std::pair<std::string, std::string>> pairs_of(const val& keys, const val& values) {
  std::vector<std::pair<std::string, std::string>> out;
  const std::size_t n = length_of(keys);
  for (std::size_t i = 0; i < n; ++i) out.emplace_back(std::string_view(text_of(keys[js_index(i)])), std::string_view(text_of(values[js_index(i)])));
  return out;
}

val js_text(std::string_view s) {
  static const val decoder = val::global("TextDecoder").new_();
  return decoder.call<val>("decode", val(typed_memory_view(s.size(), bytes_at(s))));
}

val js_texts(const std::vector<std::string>& texts) {
  return js_text_list(std::vector<std::string_view>(texts.begin(), texts.end()));
}

val js_numbers(const double* values, std::size_t n) { return val(typed_memory_view(n, values)).call<val>("slice"); }

val js_ok() {
  val out = val::object();
  out.set("ok", val(true));
  return out;
}

val js_error(const ndcg::error& e) {
  val out = js_object([&](ndcg::field_sink& s) { ndcg::put_error(e, s); });
  out.set("ok", val(false));
  return out;
}

val js_read_option(const ndcg::option_row* row, std::string_view key, std::string_view text) {
  if (!row) return js_error(ndcg::unknown_option_error(key));
  val_sink sink;
  if (auto ok = ndcg::read_option(*row, text, sink); !ok) return js_error(ok.err());
  val out = js_ok();
  out.set("value", sink.result()[js_text(ndcg::js_name(row->key))]);
  return out;
}

// Inside a list an entry has no name: it is appended; inside an object of
// data keys a name stays as it is.
void js_backend::add(val& into, bool is_list, bool data_key, std::string_view name, const val& v) {
  if (is_list) into.call<void>("push", v);
  else into.set(js_text(data_key ? std::string(name) : ndcg::js_name(name)), v);
}

val js_backend::number(double v) { return std::isfinite(v) ? val(v) : val::null(); }

void val_sink::name(std::string_view n, std::string_view core_name) { put(n, js_text(ndcg::js_name(core_name))); }

void val_sink::steps(std::string_view n, const std::vector<ndcg::step>& rows) {
  column_sink cols;
  for (const ndcg::step& s : rows) {
    ndcg::put_step(s, cols);
    if (&s != &rows.front()) continue;
    for (column_sink::column& c : cols.columns) {
      c.numbers.reserve(c.is_text ? 0 : rows.size());
      c.texts.reserve(c.is_text ? rows.size() : 0);
      c.present.reserve(c.is_text ? rows.size() : 0);
    }
  }
  put(n, cols.table(rows.size()));
}

}  // namespace ndcg_wasm

