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
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/field_sink.hpp"

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
