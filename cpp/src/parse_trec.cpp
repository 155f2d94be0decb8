// TREC files for batch evaluation: runs, qrels and ndeval subtopic qrels.
//
// All three are lines of whitespace-separated fields. Blank lines are
// skipped and a line starting with '#' is a comment. qids and docids are
// byte strings ("7" and "007" differ) kept as views into the text. Queries
// keep the order of their first line; a query's lines may be interleaved
// with other queries'. A key repeated within a query is an error naming
// both lines, as trec_eval refuses such files too.
//
// A million-line run must parse in well under a second, so there is no
// allocation per line: fields are views, and the lookups below use flat
// open-addressing tables (hash_table.hpp) that only allocate when they double.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hash_table.hpp"
#include "ndcg/parse.hpp"
#include "text.hpp"

namespace ndcg {
namespace {

using detail::field;
using detail::handle_table;
using detail::hash_of;
using detail::number_status;

// Finds or adds the query of a qid, keeping the order of first appearance.
template <class Query>
class query_index {
 public:
  explicit query_index(std::vector<Query>& queries) : queries_(queries) {}

  std::uint32_t of(std::string_view qid) {
    // Lines of one query usually come together: skip hashing then.
    if (last_ < queries_.size() && queries_[last_].qid == qid) return last_;
    const auto handle = static_cast<std::uint32_t>(queries_.size());
    const std::uint32_t found =
        set_.insert(hash_of(qid), handle, [&](std::uint32_t q) { return queries_[q].qid == qid; });
    if (found == handle_table::none) {
      queries_.emplace_back();
      queries_.back().qid = qid;
      last_ = handle;
    } else {
      last_ = found;
    }
    return last_;
  }

 private:
  std::vector<Query>& queries_;
  handle_table set_;
  std::uint32_t last_ = handle_table::none;
};

// Remembers each query's keys and reports an earlier entry with the same.
// One table per query: runs come grouped by query, so the table in use
// stays in cache, where one big table would miss on nearly every line.
template <class Query, class KeyOf>
class repeat_finder {
 public:
  repeat_finder(const std::vector<Query>& queries, KeyOf key_of) : queries_(queries), key_of_(key_of) {}

  // Registers the last entry of query q; returns the line of an earlier
  // entry with the same key in q, or 0.
  std::size_t add(std::uint32_t q) {
    if (sets_.size() <= q) sets_.resize(q + 1);
    const auto& entries = queries_[q].entries;
    const auto pos = static_cast<std::uint32_t>(entries.size() - 1);
    const auto key = key_of_(entries[pos]);
    const std::uint32_t found = sets_[q].insert(hash_key(key), pos, [&](std::uint32_t other) {
      return key_of_(entries[other]) == key;
    });
    return found == handle_table::none ? 0 : entries[found].line;
  }

 private:
  static std::size_t hash_key(std::string_view k) { return hash_of(k); }
  static std::size_t hash_key(const std::pair<std::string_view, std::string_view>& k) {
    return detail::mix(hash_of(k.first), hash_of(k.second));
  }

  const std::vector<Query>& queries_;
  KeyOf key_of_;
  std::vector<handle_table> sets_;
};

struct layout {
  std::size_t fields;         // how many a line must have
  const char* names;          // "qid Q0 docid rank score tag"
  std::size_t other_fields;   // the count of the format people confuse it with
  const char* other_name;     // "qrels"
};

constexpr layout run_layout{6, "qid Q0 docid rank score tag", 4, "qrels"};
constexpr layout qrels_layout{4, "qid iter docid rel", 6, "a run"};
constexpr layout subtopic_layout{4, "qid subtopic docid judgment", 6, "a run"};

// Calls fn(line, fields) for each line that holds data, after checking the
// input and the number of fields. Stops at the first error.
template <class Fn>
status for_each_record(std::string_view text, const limits& lim, const layout& lay, Fn fn) {
  if (auto ok = detail::check_size(text, lim); !ok) return ok.err();
  // Handles are 32-bit; no sane limit comes near that.
  const std::size_t max_records = lim.max_items < 0xFFFFFFF0u ? lim.max_items : 0xFFFFFFF0u;
  constexpr std::size_t cap = 8;
  field f[cap];
  detail::line_reader lines(text);
  detail::line l;
  std::size_t records = 0;
  while (lines.next(l)) {
    if (auto ok = detail::check_line(l, lim); !ok) return ok.err();
    if (detail::skippable(l.text)) continue;
    const std::size_t n = detail::split_whitespace(l.text, f, cap);
    if (n != lay.fields) {
      std::string m = "expected " + std::to_string(lay.fields) + " fields (" + lay.names + "), got " +
                      std::to_string(n);
      if (n == lay.other_fields) m += std::string(" (is this ") + lay.other_name + "?)";
      const std::size_t column = n > lay.fields ? f[lay.fields].column : f[n - 1].column + f[n - 1].text.size();
      return fail(error_code::field_count, std::move(m), l.number, column)
          .with("expected", std::to_string(lay.fields))
          .with("found", std::to_string(n));
    }
    if (++records > max_records) {
      return fail(error_code::too_large, "expected at most " + std::to_string(max_records) + " lines, got more", l.number,
                  f[0].column)
          .with("limit", std::to_string(max_records));
    }
    if (auto ok = fn(l.number, f); !ok) return ok.err();
  }
  return done{};
}

// A docid given twice where once is allowed; `first` is the earlier line.
error repeated(const field& docid, std::size_t line, std::size_t first, std::string message) {
  return fail(error_code::duplicate_id, std::move(message), line, docid.column)
      .with("found", std::string(docid.text))
      .with("first_line", std::to_string(first));
}

}  // namespace

expected<run_file> parse_run(std::string_view text, const limits& lim) {
  run_file run;
  query_index<run_query> index(run.queries);
  auto docid_of = [](const run_entry& e) { return e.docid; };
  repeat_finder<run_query, decltype(docid_of)> repeats(run.queries, docid_of);
  const status st = for_each_record(text, lim, run_layout, [&](std::size_t line, const field* f) -> status {
    double score = 0;
    if (auto s = detail::parse_number(f[4].text, score); s != number_status::ok) {
      return detail::bad_number("a score (a number)", f[4], line, s);
    }
    const std::uint32_t q = index.of(f[0].text);
    run.queries[q].entries.push_back(run_entry{f[2].text, score, line});
    ++run.lines;
    if (const std::size_t first = repeats.add(q)) {
      return repeated(f[2], line, first,
                      "expected each docid once per query, got " + echo(f[2].text) + " again in query " +
                          echo(f[0].text) + " (first on line " + std::to_string(first) + ")");
    }
    return done{};
  });
  if (!st) return st.err();
  return run;
}

expected<qrels_file> parse_qrels(std::string_view text, const limits& lim) {
  qrels_file qrels;
  query_index<qrels_query> index(qrels.queries);
  auto docid_of = [](const qrel_entry& e) { return e.docid; };
  repeat_finder<qrels_query, decltype(docid_of)> repeats(qrels.queries, docid_of);
  const status st = for_each_record(text, lim, qrels_layout, [&](std::size_t line, const field* f) -> status {
    long rel = 0;
    if (auto s = detail::parse_integer(f[3].text, rel); s != number_status::ok) {
      return detail::bad_number("a relevance grade (an integer)", f[3], line, s);
    }
    const std::uint32_t q = index.of(f[0].text);
    qrels.queries[q].entries.push_back(qrel_entry{f[2].text, rel, line});
    if (const std::size_t first = repeats.add(q)) {
      return repeated(f[2], line, first,
                      "expected one judgment per docid, got " + echo(f[2].text) + " again in query " +
                          echo(f[0].text) + " (first on line " + std::to_string(first) + ")");
    }
    return done{};
  });
  if (!st) return st.err();
  return qrels;
}

expected<subtopic_qrels_file> parse_subtopic_qrels(std::string_view text, const limits& lim) {
  subtopic_qrels_file file;
  query_index<subtopic_query> index(file.queries);
  auto key_of = [](const subtopic_entry& e) { return std::make_pair(e.subtopic, e.docid); };
  repeat_finder<subtopic_query, decltype(key_of)> repeats(file.queries, key_of);
  const status st = for_each_record(text, lim, subtopic_layout, [&](std::size_t line, const field* f) -> status {
    long judgment = 0;
    if (auto s = detail::parse_integer(f[3].text, judgment); s != number_status::ok) {
      return detail::bad_number("a judgment (an integer)", f[3], line, s);
    }
    // ndeval treats a negative judgment as a syntax error; so do we.
    if (judgment < 0) {
      return fail(error_code::out_of_range, "negative judgments are not allowed in subtopic qrels, got " + echo(f[3].text),
                  line, f[3].column)
          .with("found", std::string(f[3].text))
          .with("min", "0")
          .with("max", "");
    }
    const std::uint32_t q = index.of(f[0].text);
    file.queries[q].entries.push_back(subtopic_entry{f[1].text, f[2].text, judgment, line});
    if (const std::size_t first = repeats.add(q)) {
      return repeated(f[2], line, first,
                      "expected one judgment per docid and subtopic, got " + echo(f[2].text) + " again for subtopic " +
                          echo(f[1].text) + " of query " + echo(f[0].text) + " (first on line " +
                          std::to_string(first) + ")");
    }
    return done{};
  });
  if (!st) return st.err();
  return file;
}

}  // namespace ndcg
