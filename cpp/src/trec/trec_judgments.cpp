// Reading the judgments (-R): qrels, qrels with judgment groups (qrels_jg),
// preferences (prefs) and qrels read as preferences (qrels_prefs), into one
// flat array of documents grouped by query (the memory of a big run's qrels).
#include <algorithm>

#include "base/hash_table.hpp"
#include "parse/trec_lines.hpp"
#include "trec/trec_detail.hpp"

namespace ndcg::trec_detail {
namespace {

using detail::handle_table;
using detail::hash_of;

constexpr detail::layout prefs_layout{5, "qid group subgroup docid level", 4, "qrels"};

// Puts each query's documents side by side, keeping file order within a
// query (a counting sort by query; nothing moves when already grouped).
template <class T>
void permute(std::vector<T>& v, const std::vector<std::size_t>& to) {
  if (v.empty()) return;
  std::vector<T> sorted(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) sorted[to[i]] = v[i];
  v.swap(sorted);
}

void group_by_query(judgments& j, const std::vector<std::uint32_t>& query_of, bool grouped) {
  std::vector<std::size_t> start(j.queries.size() + 1, 0);
  for (std::uint32_t q : query_of) ++start[q + 1];
  for (std::size_t q = 0; q < j.queries.size(); ++q) start[q + 1] += start[q];
  for (std::size_t q = 0; q < j.queries.size(); ++q) {
    j.queries[q].begin = start[q];
    j.queries[q].end = start[q + 1];
  }
  if (grouped) return;
  std::vector<std::size_t> to(j.docs.size());
  for (std::size_t i = 0; i < j.docs.size(); ++i) to[i] = start[query_of[i]]++;
  permute(j.docs, to);
  permute(j.group, to);
  permute(j.subgroup, to);
  permute(j.level, to);
}

// The first docid judged twice in a query (in one group for qrels_jg), by
// the line of its second judgment, as an error; done when there is none.
status first_repeat(const judgments& j, std::string_view text) {
  handle_table seen;
  const bool grouped = !j.group.empty();
  const judged_doc* worst = nullptr;
  const judged_doc* worst_first = nullptr;
  const judged_query* worst_query = nullptr;
  for (const judged_query& q : j.queries) {
    seen.reset(q.end - q.begin);
    for (std::size_t i = q.begin; i < q.end; ++i) {
      const std::string_view id = j.docs[i].id();
      const std::size_t hash = grouped ? detail::mix(hash_of(id), hash_of(j.group[i])) : hash_of(id);
      const std::uint32_t at = seen.insert(hash, static_cast<std::uint32_t>(i), [&](std::uint32_t other) {
        return j.docs[other].id() == id && (!grouped || j.group[other] == j.group[i]);
      });
      if (at == handle_table::none) continue;
      if (!worst || j.docs[i].line < worst->line) {
        worst = &j.docs[i];
        worst_first = &j.docs[at];
        worst_query = &q;
      }
      break;  // later repeats in this query come after this one
    }
  }
  if (!worst) return done{};
  const detail::field docid{worst->id(), column_of(text, worst->id())};
  return detail::repeated_in_qrels(docid, worst_query->qid, worst->line, worst_first->line);
}

// A line's level in a preferences file: any number.
status read_level(const detail::field& f, std::size_t line, double& level) {
  if (auto s = detail::parse_number(f.text, level); s != detail::number_status::ok)
    return detail::bad_number("a preference level (a number)", f, line, s);
  return done{};
}

}  // namespace

std::uint32_t judgments::find(std::string_view qid) const {
  return index.find(hash_of(qid), [&](std::uint32_t q) { return queries[q].qid == qid; });
}

expected<judgments> read_judgments(std::string_view text, judgment_format format) {
  judgments j;
  j.format = format;
  const bool prefs = format == judgment_format::prefs;
  const bool levels = prefs || format == judgment_format::qrels_prefs;
  const bool groups = format != judgment_format::qrels;
  std::vector<std::uint32_t> query_of;
  // One document per line at most: room for all at once, no doubling.
  const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  j.docs.reserve(lines);
  query_of.reserve(lines);
  bool grouped = true;
  std::uint32_t last = handle_table::none;
  const std::size_t docid_at = prefs ? 3 : 2;
  const status read = detail::for_each_record(
      text, limits{}, prefs ? prefs_layout : detail::qrels_layout,
      [&](std::size_t line, const detail::field* f) -> status {
        long rel = 0;
        double level = 0;
        if (levels) {
          if (auto ok = read_level(f[docid_at + 1], line, level); !ok) return ok;
        } else if (auto ok = detail::read_grade(f, line, rel); !ok) {
          return ok;
        }
        const std::string_view qid = f[0].text;
        if (last == handle_table::none || j.queries[last].qid != qid) {
          const auto handle = static_cast<std::uint32_t>(j.queries.size());
          last = j.index.insert(hash_of(qid), handle, [&](std::uint32_t q) { return j.queries[q].qid == qid; });
          if (last == handle_table::none) {
            j.queries.push_back(judged_query{qid, 0, 0});
            last = handle;
          } else {
            grouped = false;
          }
        }
        const std::string_view docid = f[docid_at].text;
        j.docs.push_back(judged_doc{docid.data(), static_cast<std::uint32_t>(docid.size()),
                                    static_cast<std::uint32_t>(line), rel});
        if (groups) j.group.push_back(f[1].text);
        if (levels) {
          j.subgroup.push_back(prefs ? f[2].text : std::string_view("0"));
          j.level.push_back(level);
        }
        query_of.push_back(last);
        return done{};
      });
  if (!read && read.err().line == 0) return read.err();
  group_by_query(j, query_of, grouped);
  if (!levels) {  // preferences may repeat a document across subgroups
    const status repeats = first_repeat(j, text);
    if (!repeats && (read || repeats.err().line < read.err().line)) return repeats.err();
  }
  if (!read) return read.err();
  return j;
}

judgments judgments_from(const subtopic_qrels_file& subtopics) {
  judgments j;
  handle_table docs;
  for (const subtopic_query& q : subtopics.queries) {
    const std::size_t begin = j.docs.size();
    docs.reset(q.entries.size());
    for (const subtopic_entry& e : q.entries) {
      const auto handle = static_cast<std::uint32_t>(j.docs.size());
      const std::uint32_t at = docs.insert(hash_of(e.docid), handle,
                                           [&](std::uint32_t d) { return j.docs[d].id() == e.docid; });
      const long rel = e.judgment > 0 ? 1 : 0;
      if (at != handle_table::none) {
        j.docs[at].rel = std::max(j.docs[at].rel, rel);
        continue;
      }
      j.docs.push_back(judged_doc{e.docid.data(), static_cast<std::uint32_t>(e.docid.size()),
                                  static_cast<std::uint32_t>(e.line), rel});
    }
    j.index.insert(hash_of(q.qid), static_cast<std::uint32_t>(j.queries.size()), [](std::uint32_t) { return false; });
    j.queries.push_back(judged_query{q.qid, begin, j.docs.size()});
  }
  return j;
}

}  // namespace ndcg::trec_detail
