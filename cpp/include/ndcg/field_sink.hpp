// The shape of every result, written once. A writer walks a result and
// calls a sink once per field; the JSON report, the wasm bindings and the
// Python module are sinks, so the CLI's JSON, the JS API's objects and
// Python's dicts carry the same fields with the same values. Names are
// snake_case; the JS sink derives camelCase. This header knows only base
// types, so every layer can write its fields.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ndcg {

struct step;
struct error;

// One column of a keyed table (field_sink::keyed): numbers (counts: whole
// numbers, which Python gets as ints) or texts, one per row.
struct keyed_column {
  std::string_view name;
  bool is_text = false;
  bool counts = false;
  bool in_rows = true;                  // false: kept by a sink that keeps columns (gm_map's
                                        // per-query APs, which a merge reads), in no row
  std::vector<double> numbers;          // not finite: null
  std::vector<std::string_view> texts;
};

class field_sink {
 public:
  virtual ~field_sink() = default;
  virtual void number(std::string_view name, double v) = 0;  // not finite: null
  virtual void count(std::string_view name, std::uint64_t v) = 0;
  virtual void boolean(std::string_view name, bool v) = 0;
  virtual void text(std::string_view name, std::string_view v) = 0;
  virtual void null(std::string_view name) = 0;
  virtual void numbers(std::string_view name, const std::vector<double>& v) = 0;  // not finite: null
  // A list of texts (an option row's choices, a result's qids). Every sink
  // that is handed one writes it; the others (a step's columns, an option's
  // value, a comparison's CSV line) never get one.
  virtual void texts(std::string_view, const std::vector<std::string_view>&) {}
  virtual void begin(std::string_view name) = 0;  // a nested object, closed by end()
  virtual void end() = 0;
  // A list, closed by end(): its entries are written with empty names (an
  // object begun with begin(""), a number list with numbers("", ...)). A
  // sink without lists takes it as an object.
  virtual void begin_list(std::string_view name) { begin(name); }
  // An object whose names are data (measures, qids, an error's values),
  // closed by end(): a sink writes them as they are (JS: not camelCased).
  virtual void begin_keys(std::string_view name) { begin(name); }
  // One of the core's names as a value (an option's key): a sink spells it
  // as it spells field names (the JS sink in camelCase).
  virtual void name(std::string_view name, std::string_view core_name) { text(name, core_name); }
  // A table {row: {column: value}} (a run's values per query), handed over
  // by columns (put_keyed): a sink that takes the columns whole (Python's
  // arrays: one list each) does so and says true; false, and put_keyed
  // writes it row by row through the calls above. Not a default body in
  // field_sink.cpp: the light module, which has no tables, leaves it out.
  virtual bool keyed(std::string_view, const std::vector<std::string_view>&, const std::vector<keyed_column>&) {
    return false;
  }
  // A step table: the sink decides its layout (JSON rows, JS columns) and
  // writes each row through put_step, the one list of a row's fields.
  virtual void steps(std::string_view name, const std::vector<step>& rows) = 0;
};

// A keyed table through out.keyed(), or row by row when the sink does not
// take columns: {row: {column: value}}, the cells as put_cell writes them.
void put_keyed(field_sink& out, std::string_view name, const std::vector<std::string_view>& rows,
               const std::vector<keyed_column>& columns);

// One cell of a keyed table's row, as put_keyed writes it.
void put_cell(field_sink& out, const keyed_column& c, std::size_t row);

// The fields of an error: code, message (placed(): where, then what),
// reason (the message alone), source, key, index, line, column, args.
void put_error(const error& e, field_sink& out);

// The error codes, as a list "codes" of {code, args} (args: the names of
// the values each carries, comma-separated).
void put_error_codes(field_sink& out);

}  // namespace ndcg

// A field sink that builds a tree of objects and lists: the bookkeeping the
// bindings' sinks share (JS values in cpp/wasm, Python dicts in cpp/python).
// A backend says how its values are made and how one goes into an object or
// a list; tree_sink keeps the objects and lists begun and not yet ended.
//
//   struct Backend {
//     using node = ...;                       // a value of the target language
//     static node object();                   // an empty object (dict)
//     static node list();                     // an empty list
//     // Adds `v` to `into`: appended to a list, else under `name`, which
//     // is a field's name or, when `data_key`, data (a measure, a qid).
//     static void add(node& into, bool is_list, bool data_key, std::string_view name, const node& v);
//     static node number(double v);           // not finite: the language's null
//     static node count(std::uint64_t v);
//     static node boolean(bool v);
//     static node text(std::string_view v);
//     static node null();
//     static node numbers(const std::vector<double>& v);
//     static node texts(const std::vector<std::string_view>& v);
//   };
namespace ndcg {

template <class Backend>
class tree_sink : public field_sink {
 public:
  using node = typename Backend::node;
  tree_sink() : open_{Backend::object()} {}
  const node& result() const { return open_.front(); }

  void number(std::string_view n, double v) override { put(n, Backend::number(v)); }
  void count(std::string_view n, std::uint64_t v) override { put(n, Backend::count(v)); }
  void boolean(std::string_view n, bool v) override { put(n, Backend::boolean(v)); }
  void text(std::string_view n, std::string_view v) override { put(n, Backend::text(v)); }
  void null(std::string_view n) override { put(n, Backend::null()); }
  void numbers(std::string_view n, const std::vector<double>& v) override { put(n, Backend::numbers(v)); }
  void texts(std::string_view n, const std::vector<std::string_view>& v) override { put(n, Backend::texts(v)); }
  void begin(std::string_view n) override { open(n, Backend::object(), object); }
  void begin_list(std::string_view n) override { open(n, Backend::list(), list); }
  void begin_keys(std::string_view n) override { open(n, Backend::object(), keys); }
  void end() override {
    open_.pop_back();
    kinds_.pop_back();
  }

 protected:
  // Inside a list an entry has no name: it is appended.
  void put(std::string_view n, const node& v) {
    Backend::add(open_.back(), kinds_.back() == list, kinds_.back() == keys, n, v);
  }

 private:
  enum kind : char { object, list, keys };
  void open(std::string_view n, node inner, kind k) {
    put(n, inner);
    open_.push_back(std::move(inner));
    kinds_ += k;
  }
  std::vector<node> open_;  // the objects and lists begun and not yet ended, innermost last
  std::string kinds_ = std::string(1, object);  // per open entry, its kind
};

}  // namespace ndcg
