// The sinks' default layouts, and the fields of an error (field_sink.hpp).
#include "ndcg/field_sink.hpp"

#include <cmath>

#include "ndcg/error.hpp"

namespace ndcg {

void put_cell(field_sink& out, const keyed_column& c, std::size_t row) {
  if (c.is_text) return out.text(c.name, c.texts[row]);
  const double v = c.numbers[row];
  if (c.counts && v >= 0 && v < 9e18 && v == std::floor(v)) return out.count(c.name, static_cast<std::uint64_t>(v));
  out.number(c.name, v);
}

void put_keyed(field_sink& out, std::string_view name, const std::vector<std::string_view>& rows,
               const std::vector<keyed_column>& columns) {
  if (out.keyed(name, rows, columns)) return;
  out.begin_keys(name);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    out.begin_keys(rows[r]);
    for (const keyed_column& c : columns)
      if (c.in_rows) put_cell(out, c, r);
    out.end();
  }
  out.end();
}

void put_error(const error& e, field_sink& out) {
  out.text("code", name_of(e.code));
  out.text("message", placed(e));
  out.text("reason", e.message);
  out.text("source", e.source);
  out.name("key", e.key);
  out.count("index", e.index);
  out.count("line", e.line);
  out.count("column", e.column);
  out.begin_keys("args");
  for (const error_arg& a : e.args) out.text(a.name, a.value);
  out.end();
}

void put_error_codes(field_sink& out) {
  out.begin_list("codes");
  for (const error_code_info& c : error_codes()) {
    out.begin("");
    out.text("code", c.name);
    out.text("args", c.args);
    out.end();
  }
  out.end();
}

}  // namespace ndcg
