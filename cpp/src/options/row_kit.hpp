// What the two halves of the option table share (option_table.cpp: the
// rows every command may take, explain's among them; batch_options.cpp: the
// rows only trec and compare take): how a row reads its value into the
// settings and writes it back, and how key/text pairs become settings.
#pragma once

#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "ndcg/field_sink.hpp"
#include "ndcg/option_table.hpp"

namespace ndcg::row_kit {

constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double none = std::numeric_limits<double>::quiet_NaN();  // no range: a choice or a flag
constexpr double max_whole = 9007199254740991.0;  // 2^53 - 1: exact in a JS number too

using kind = option_kind;
constexpr unsigned E = static_cast<unsigned>(command::explain);
constexpr unsigned T = static_cast<unsigned>(command::trec);
constexpr unsigned C = static_cast<unsigned>(command::compare);

using detail::read_choice;
using detail::read_flag;
using detail::read_real;
using detail::read_reals;
using detail::read_whole;

// A row's value lives at a path of members from explain's settings or a
// batch command's own: at<&settings::opt, &options::k>(to) is to.s.opt.k,
// at<&batch_settings::digits>(to) is to.batch->digits.
template <class Member>
struct owner_of;
template <class Class, class Type>
struct owner_of<Type Class::*> {
  using type = Class;
};
template <auto First, auto... Rest, class Target>
auto& at(Target t) {
  if constexpr (std::is_same_v<typename owner_of<decltype(First)>::type, batch_settings>)
    return ((*t.batch .* First) .* ... .* Rest);
  else
    return ((t.s .* First) .* ... .* Rest);
}

template <auto... Path>
status set_choice(const option_row& row, option_target s, std::string_view text) {
  auto i = read_choice(row, text);
  if (!i) return i.err();
  auto& value = at<Path...>(s);
  value = static_cast<std::remove_reference_t<decltype(value)>>(*i);
  return done{};
}
template <auto... Path>
void put_choice(const option_row& row, option_source s, field_sink& out) {
  out.text(row.key, choices_of(row)[static_cast<std::size_t>(at<Path...>(s))]);
}

template <auto... Path>
status set_real(const option_row& row, option_target s, std::string_view text) {
  auto v = read_real(row, text);
  if (!v) return v.err();
  at<Path...>(s) = *v;
  return done{};
}
template <auto... Path>
void put_real(const option_row& row, option_source s, field_sink& out) { out.number(row.key, at<Path...>(s)); }

template <auto... Path>
status set_reals(const option_row& row, option_target s, std::string_view text) {
  auto v = read_reals(row, text);
  if (!v) return v.err();
  at<Path...>(s) = std::move(*v);
  return done{};
}
template <auto... Path>
void put_reals(const option_row& row, option_source s, field_sink& out) { out.numbers(row.key, at<Path...>(s)); }

template <auto... Path>
status set_flag(const option_row& row, option_target s, std::string_view text) {
  auto v = read_flag(row, text);
  if (!v) return v.err();
  at<Path...>(s) = *v;
  return done{};
}
template <auto... Path>
void put_flag(const option_row& row, option_source s, field_sink& out) { out.boolean(row.key, at<Path...>(s)); }

template <auto... Path>
status set_whole(const option_row& row, option_target s, std::string_view text) {
  auto v = read_whole(row, text);
  if (!v) return v.err();
  auto& value = at<Path...>(s);
  value = static_cast<std::remove_reference_t<decltype(value)>>(*v);
  return done{};
}
template <auto... Path>
void put_whole(const option_row& row, option_source s, field_sink& out) {
  out.count(row.key, static_cast<std::uint64_t>(at<Path...>(s)));
}

// A texts option: each use adds one. settings_from first hands it no text
// at all (a null view, which no given value is), which clears the
// command's default list: given values replace it.
template <auto... Path>
status add_text(const option_row&, option_target s, std::string_view text) {
  if (text.data() == nullptr) at<Path...>(s).clear();
  else at<Path...>(s).emplace_back(text);
  return done{};
}
template <auto... Path>
void put_texts(const option_row& row, option_source s, field_sink& out) {
  std::string joined;
  for (const std::string& t : at<Path...>(s)) joined += (joined.empty() ? "" : " ") + t;
  out.text(row.key, joined);
}

using given_pairs = std::vector<std::pair<std::string, std::string>>;

// The row for a key (any spelling, or a short flag) among the rows `c` takes in `tables`.
const option_row* find_in(std::initializer_list<const std::vector<option_row>*> tables, std::string_view key,
                          command c);

// Reads key/text pairs over `tables` into `to`, which holds the command's
// defaults: the preset (the first row) first, then every row in the tables'
// order; a row given twice takes its last value, a texts row every value.
status read_settings(const given_pairs& given, command c, std::initializer_list<const std::vector<option_row>*> tables,
                     option_target to);

}  // namespace ndcg::row_kit
