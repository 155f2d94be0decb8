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

#include "base/hash_table.hpp"
#include "ndcg/parse.hpp"
#include "base/text.hpp"
#include "parse/trec_lines.hpp"

namespace ndcg {
namespace {

using detail::field;
using detail::handle_table;
using detail::hash_of;
using detail::number_status;
using detail::for_each_record;
using detail::run_layout;
using detail::qrels_layout;
using detail::subtopic_layout;

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

}  // namespace

expected<run_file> parse_run(std::string_view text, const limits& lim) {
  run_file run;
  query_index<run_query> index(run.queries);
  auto docid_of = [](const run_entry& e) { return e.docid; };
  repeat_finder<run_query, decltype(docid_of)> repeats(run.queries, docid_of);
  const status st = for_each_record(text, lim, run_layout, [&](std::size_t line, const field* f) -> status {
    double score = 0;
    if (auto ok = detail::read_score(f, line, score); !ok) return ok;
    const std::uint32_t q = index.of(f[0].text);
    run.queries[q].entries.push_back(run_entry{f[2].text, score, line});
    ++run.lines;
    run.run_id = f[5].text;
    if (const std::size_t first = repeats.add(q)) {
      return detail::repeated_in_run(f, line, first);
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
    if (auto ok = detail::read_grade(f, line, rel); !ok) return ok;
    const std::uint32_t q = index.of(f[0].text);
    qrels.queries[q].entries.push_back(qrel_entry{f[2].text, rel, line});
    if (const std::size_t first = repeats.add(q)) {
      return detail::repeated_in_qrels(f[2], f[0].text, line, first);
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
          .with("found", f[3].text)
          .with("min", "0")
          .with("max", "");
    }
    const std::uint32_t q = index.of(f[0].text);
    file.queries[q].entries.push_back(subtopic_entry{f[1].text, f[2].text, judgment, line});
    if (const std::size_t first = repeats.add(q)) {
      return detail::repeated(f[2], line, first,
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
