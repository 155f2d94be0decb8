// A ranking as a JSON object: {"d1": 0.9, "d2": 0.8} for one query, or
// {"q1": {"d1": 0.9}, "q2": {...}} as pytrec_eval and ranx hold runs and
// qrels, of which one query is read (query_choice.cpp). The numbers are
// grades, or with judgments scores, as in "id number" lines.
#include <string>
#include <string_view>
#include <vector>

#include "json/json_reader.hpp"
#include "parse/parse_detail.hpp"

namespace ndcg::detail {
namespace {

using token = json_reader::token;

error unexpected_value(const json_reader& in, const std::string& what) {
  return fail(error_code::bad_input, "expected " + what + ", got " + got(in.value()), in.line(), in.column())
      .with("found", in.value());
}

struct key_place {
  std::string id;
  std::size_t line = 0, column = 0;
};

// The value just read for `key`: a number, as a grade or a score.
status add_number(const json_reader& in, token v, const key_place& key, bool scores, const limits& lim,
                  std::vector<item>& out) {
  if (v != token::number) return unexpected_value(in, "a number for " + echo(key.id));
  const field f{in.value(), in.column()};
  item it;
  if (auto st = parse_number(f.text, scores ? it.score : it.grade); st != number_status::ok)
    return bad_number(scores ? "a score (a number)" : "a grade (a number)", f, in.line(), st);
  if (auto ok = count_item(out.size(), lim, key.line, key.column); !ok) return ok.err();
  it.id = key.id;
  it.has_id = true;
  it.has_score = scores;
  it.line = key.line;
  it.column = key.column;
  out.push_back(std::move(it));
  return done{};
}

// The next key and its value's first token, or object_end.
expected<token> next_entry(json_reader& in, key_place& key) {
  auto k = in.next();
  if (!k || *k == token::object_end) return k;
  key = {std::string(in.value()), in.line(), in.column()};
  return in.next();
}

// A query's {id: number, ...}, its "{" already read.
status read_query(json_reader& in, bool scores, const limits& lim, std::vector<item>& out) {
  key_place key;
  for (;;) {
    auto v = next_entry(in, key);
    if (!v) return v.err();
    if (*v == token::object_end) return done{};
    if (auto ok = add_number(in, *v, key, scores, lim, out); !ok) return ok;
  }
}

status each_id_once(const std::vector<item>& items, bool judgments) {
  handle_table seen;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::uint32_t first = add_index(seen, items, items[i].id, i);
    if (first != handle_table::none)
      return repeated_id(items[i].id, judgments, items[first].line, items[i].line, items[i].column);
  }
  return done{};
}

}  // namespace

expected<parsed_ranking> parse_json(std::string_view text, const limits& lim, bool judgments, const reading& r) {
  const bool scores = r.judged && !judgments;
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.remove_prefix(3);  // a BOM, as the line readers skip it
  json_reader in(text);
  auto t = in.next();
  if (!t) return t.err();
  if (*t != token::object_begin) return unexpected_value(in, "a JSON object of ids and numbers");
  query_choice choice;
  std::vector<std::vector<item>> queries;  // {qid: {...}}: each query's items
  parsed_ranking out;
  key_place key;
  for (;;) {
    auto v = next_entry(in, key);
    if (!v) return v.err();
    if (*v == token::object_end) break;
    if (*v == token::object_begin && out.items.empty()) {
      choice.add(key.id, key.line, key.column);
      queries.emplace_back();
      if (auto ok = read_query(in, scores, lim, queries.back()); !ok) return ok.err();
    } else if (!queries.empty()) {
      return unexpected_value(in, "an object of ids and numbers for query " + echo(key.id));
    } else if (auto ok = add_number(in, *v, key, scores, lim, out.items); !ok) {
      return ok.err();
    }
  }
  if (auto end = in.next(); !end || *end != token::end)
    return end ? unexpected_value(in, "the end of the JSON text") : end.err();
  if (!queries.empty()) {
    auto chosen = choice.pick(r.query);
    if (!chosen) return chosen.err();
    out.query = choice.queries[*chosen].id;
    out.items = std::move(queries[*chosen]);
  }
  if (out.items.empty()) return fail(error_code::empty_input, "expected ids with numbers in the JSON object, got none");
  if (auto ok = each_id_once(out.items, judgments); !ok) return ok.err();
  out.detected = format::json;
  out.has_ids = true;
  out.has_scores = scores;
  out.has_grades = !scores;
  return out;
}

}  // namespace ndcg::detail

void ndcg::read_json_rankings() { detail::json_ranking_reader = &detail::parse_json; }
