// The shape of every result, written once. A writer walks a result and
// calls a sink once per field; the JSON report and the wasm bindings are
// sinks, so the CLI's JSON and the JS API's objects carry the same fields
// with the same values. Names are snake_case; the JS sink derives camelCase.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ndcg/metrics.hpp"

namespace ndcg {

class field_sink {
 public:
  virtual ~field_sink() = default;
  virtual void number(std::string_view name, double v) = 0;  // not finite: null
  virtual void count(std::string_view name, std::uint64_t v) = 0;
  virtual void boolean(std::string_view name, bool v) = 0;
  virtual void text(std::string_view name, std::string_view v) = 0;
  virtual void null(std::string_view name) = 0;
  virtual void numbers(std::string_view name, const std::vector<double>& v) = 0;  // not finite: null
  // A list of texts (an option row's choices). A sink without lists of
  // texts gets them as one text, separated by commas.
  virtual void texts(std::string_view name, const std::vector<std::string_view>& v);
  virtual void begin(std::string_view name) = 0;  // a nested object, closed by end()
  virtual void end() = 0;
  // A step table: the sink decides its layout (JSON rows, JS columns) and
  // writes each row through put_step, the one list of a row's fields.
  virtual void steps(std::string_view name, const std::vector<step>& rows) = 0;
};

// The fields of one step-table row.
void put_step(const step& s, field_sink& out);

struct settings;

// What a report says about its input besides the explanation itself.
struct result_context {
  const settings* s = nullptr;    // the options in force
  std::string_view input_format;  // detected format name, "" when unknown
  std::string reading;            // how it was read, "" when the name says it all (reading_note)
  std::string_view other_reading; // --columns for the other reading, "" when none
  std::string_view query;         // the query read, "" when the input names none
  std::string_view columns;       // a table's columns as read ("query,doc,score"), else ""
  std::string_view preset;        // preset name in use, "" when none
};

// The fields of one explanation, in the order the JSON prints them.
void put_explanation(const explanation& e, const result_context& ctx, field_sink& out);

}  // namespace ndcg
