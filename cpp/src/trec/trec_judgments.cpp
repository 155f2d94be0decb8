// Reading the judgments (-R): qrels, qrels with judgment groups (qrels_jg),
// preferences (prefs) and qrels read as preferences (qrels_prefs), into one
// flat array of documents grouped by query (the memory of a big run's qrels).
#include <algorithm>
#include <cstdint>
#include <cstring>
#ifndef __EMSCRIPTEN__
#include <thread>
#endif

#include "base/hash_table.hpp"
#include "base/index_sort.hpp"
#include "parse/trec_lines.hpp"
#include "trec/trec_detail.hpp"
#include "trec/trec_worker.hpp"

namespace ndcg::trec_detail {
namespace {

using detail::handle_table;
using detail::hash_of;

constexpr detail::layout prefs_layout{5, "qid group subgroup docid level", 4, "qrels"};

// Puts each query's documents side by side, keeping file order within a
// query (a counting sort by query; nothing moves when already grouped).
template <class V>
void permute(V& v, const detail::big_vector<std::uint32_t>& to) {
  if (v.empty()) return;
  V sorted(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) sorted[to[i]] = v[i];
  v.swap(sorted);
}

// `also` (built judgments' columns) moves with the documents.
template <class Also = std::vector<std::uint32_t>>
void group_by_query(judgments& j, const detail::big_raw_vector<std::uint32_t>& query_of, Also* also = nullptr) {
  std::vector<std::size_t> start(j.queries.size() + 1, 0);
  for (std::uint32_t q : query_of) ++start[q + 1];
  for (std::size_t q = 0; q < j.queries.size(); ++q) start[q + 1] += start[q];
  for (std::size_t q = 0; q < j.queries.size(); ++q) {
    j.queries[q].begin = start[q];
    j.queries[q].end = start[q + 1];
  }
  detail::big_vector<std::uint32_t> to(j.docs.size());
  for (std::size_t i = 0; i < j.docs.size(); ++i) to[i] = static_cast<std::uint32_t>(start[query_of[i]]++);
  permute(j.docs, to);
  permute(j.group, to);
  permute(j.subgroup, to);
  permute(j.level, to);
  permute(j.lines, to);
  for (odd_judgment& o : j.odd) o.doc = to[o.doc];
  if (also) permute(*also, to);
}

// Each query's documents from `first_doc[q]` (its first document) to the
// next query's first, when the queries came grouped.
void ranges_from_first(judgments& j, const std::vector<std::size_t>& first_doc) {
  for (std::size_t q = 0; q < j.queries.size(); ++q) {
    j.queries[q].begin = first_doc[q];
    j.queries[q].end = q + 1 < j.queries.size() ? first_doc[q + 1] : j.docs.size();
  }
}

// A docid judged twice: the second judgment, the first, and their query.
struct repeat {
  std::size_t second = 0, first = 0;
  const judged_query* query = nullptr;  // null: none
};

// The repeat on the earliest line among queries [begin, end) (in one group
// for qrels_jg); none found: `query` is null.
NDCG_BATCH_CALL repeat first_repeat_in(const judgments& j, std::size_t begin, std::size_t end) {
  handle_table seen;
  const bool grouped = !j.group.empty();
  repeat worst;
  for (std::size_t qi = begin; qi < end; ++qi) {
    const judged_query& q = j.queries[qi];
    seen.reset(q.end - q.begin);
    for (std::size_t i = q.begin; i < q.end; ++i) {
      const std::string_view id = j.id(i);
      const std::size_t hash = grouped ? detail::mix(j.docs[i].hash, hash_of(j.group[i])) : j.docs[i].hash;
      const std::uint32_t at = seen.insert(hash, static_cast<std::uint32_t>(i), [&](std::uint32_t other) {
        return detail::same_id(j.id(other), id) && (!grouped || j.group[other] == j.group[i]);
      });
      if (at == handle_table::none) continue;
      if (!worst.query || j.place(i) < j.place(worst.second)) worst = repeat{i, at, &q};
      break;  // later repeats in this query come after this one
    }
  }
  return worst;
}

// Of two repeats (or none), the one on the earlier line.
repeat earlier(const judgments& j, const repeat& a, const repeat& b) {
  return b.query && (!a.query || j.place(b.second) < j.place(a.second)) ? b : a;
}

// The first docid judged twice in a query, by the line of its second
// judgment, as an error; done when there is none. Natively a large qrels'
// queries are checked in two halves at once (the run waits for this).
status first_repeat(const judgments& j, std::string_view text) {
  const std::size_t n = j.queries.size();
  repeat worst;
#ifndef __EMSCRIPTEN__
  if (j.docs.size() >= (std::size_t(1) << 16)) {
    const auto halves = in_two_halves(n, [&](std::size_t from, std::size_t to) { return first_repeat_in(j, from, to); });
    worst = earlier(j, halves.first, halves.second);
  } else {
    worst = first_repeat_in(j, 0, n);
  }
#else
  // A batch of queries a call (detail::record_batches says why).
  for (std::size_t at = 0; at < n; at += 256) worst = earlier(j, worst, first_repeat_in(j, at, std::min(n, at + 256)));
#endif
  if (!worst.query) return done{};
  const std::string_view id = j.id(worst.second);
  const detail::field docid{id, column_of(text, id)};
  return detail::repeated_in_qrels(docid, worst.query->qid, j.line(worst.second), j.line(worst.first));
}

// A line's level in a preferences file: any number.
status read_level(const detail::field& f, std::size_t line, double& level) {
  if (auto s = detail::parse_number(f.text, level); s != detail::number_status::ok)
    return detail::bad_number("a preference level (a number)", f, line, s);
  return done{};
}

}  // namespace

std::uint32_t judgments::find(std::string_view qid) const {
  return index.find(hash_of(qid), [&](std::uint32_t q) { return detail::same_id(queries[q].qid, qid); });
}

void judgments::push_back(std::string_view docid, std::uint32_t hash, long rel) {
  docs.push_back(doc_of(docid, hash, rel));
  if (is_odd(docs.back())) odd.push_back(odd_judgment{docs.size() - 1, docid.size(), rel});
}

void judgments::set_rel(std::size_t i, long rel) {
  const std::string_view docid = id(i);
  docs[i] = doc_of(docid, docs[i].hash, rel);
  if (!is_odd(docs[i])) return;
  for (odd_judgment& o : odd)
    if (o.doc == i) return void(o.rel = rel);
  odd.push_back(odd_judgment{i, docid.size(), rel});
}

#ifndef __EMSCRIPTEN__  // judged_doc holds every document there
const odd_judgment& judgments::odd_of(std::size_t i) const {
  std::size_t lo = 0, hi = odd.size();  // odd[lo, hi) may hold it: a binary search
  while (hi - lo > 1) {
    const std::size_t mid = lo + (hi - lo) / 2;
    (odd[mid].doc <= i ? lo : hi) = mid;
  }
  return odd[lo];
}

void judgments::sort_odd() {
  if (odd.empty()) return;
  std::vector<std::size_t> order(odd.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  detail::sort_indices(order, [&](std::size_t a, std::size_t b) { return odd[a].doc < odd[b].doc; });
  std::vector<odd_judgment> sorted;
  for (const std::size_t i : order) sorted.push_back(odd[i]);
  odd.swap(sorted);
}
#else
void judgments::sort_odd() {}
#endif

namespace {

// What one part of the judgments' text read: its documents, from `base` on
// in the arrays of the judgments (sized for every line of the text), and
// its queries, numbered within the part.
struct part {
  std::size_t base = 0, count = 0;
  std::vector<judged_query> queries;  // in order of first appearance
  std::vector<std::size_t> first_doc; // each query's first document, counted from base
  handle_table index;                 // qid -> query of the part
  std::vector<odd_judgment> odd;      // its documents judged_doc cannot hold
  bool grouped = true;                // no query comes back after another
  status read = done{};
};

// A grouped part's documents' queries written out: query_of is written
// only once a query comes back (most qrels come grouped, and 4 bytes a
// judgment are fresh pages the kernel clears).
void write_query_of(const part& p, detail::big_raw_vector<std::uint32_t>& query_of) {
  for (std::size_t q = 0; q < p.first_doc.size(); ++q) {
    const std::size_t end = q + 1 < p.first_doc.size() ? p.first_doc[q + 1] : p.count;
    const auto at = [&](std::size_t i) { return query_of.begin() + static_cast<std::ptrdiff_t>(p.base + i); };
    std::fill(at(p.first_doc[q]), at(end), static_cast<std::uint32_t>(q));
  }
}

void read_part(std::string_view text, detail::text_piece piece, judgments& j,
               detail::big_raw_vector<std::uint32_t>& query_of, part& p) {
  const bool prefs = j.format == judgment_format::prefs;
  const bool levels = prefs || j.format == judgment_format::qrels_prefs;
  const bool groups = j.format != judgment_format::qrels;
  std::uint32_t last = handle_table::none;
  const std::size_t docid_at = prefs ? 3 : 2;
  const auto read_line = [&](std::size_t line, const detail::field* f) -> status {
    long rel = 0;
    double level = 0;
    if (levels) {
      if (auto ok = read_level(f[docid_at + 1], line, level); !ok) return ok;
    } else if (auto ok = detail::read_grade(f, line, rel); !ok) {
      return ok;
    }
    const std::string_view qid = f[0].text;
    if (last == handle_table::none || !detail::same_id(p.queries[last].qid, qid)) {
      const auto handle = static_cast<std::uint32_t>(p.queries.size());
      last = p.index.insert(hash_of(qid), handle, [&](std::uint32_t q) { return p.queries[q].qid == qid; });
      if (last == handle_table::none) {
        p.queries.push_back(judged_query{qid, 0, 0});
        p.first_doc.push_back(p.count);
        last = handle;
      } else if (p.grouped) {
        write_query_of(p, query_of);
        p.grouped = false;
      }
    }
    const std::string_view docid = f[docid_at].text;
    const std::size_t at = p.base + p.count++;
    j.docs[at] = doc_of(docid, static_cast<std::uint32_t>(hash_of(docid)), rel);
    if (is_odd(j.docs[at])) p.odd.push_back(odd_judgment{at, docid.size(), rel});
    if (groups) j.group[at] = f[1].text, j.lines[at] = static_cast<std::uint32_t>(line);
    if (levels) {
      j.subgroup[at] = prefs ? f[2].text : std::string_view("0");
      j.level[at] = level;
    }
    if (!p.grouped) query_of[at] = last;
    return done{};
  };
  p.read = detail::for_each_record(text, limits{}, prefs ? prefs_layout : detail::qrels_layout, read_line, piece);
}

// Lines as line_reader counts them: each "\n", "\r\n" or lone "\r".
std::size_t line_ends(std::string_view text) {
  std::size_t n = detail::newlines(text);
  if (text.empty() || !detail::find_byte(text.data(), text.size(), '\r')) return n;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) ++n;
  return n;
}

}  // namespace

// As the reader numbered it: the lines ending before the docid, and one.
std::size_t judgments::line(std::size_t i) const {
  if (!lines.empty()) return lines[i];
  return line_ends(text.substr(0, static_cast<std::size_t>(docs[i].docid - text.data()))) + 1;
}

namespace {

#ifndef __EMSCRIPTEN__
// The second part's documents moved down to follow the first's, and its
// queries numbered as the first's (a query in both is one query). Native
// only: the wasm reads the qrels on one thread.
void join(judgments& j, detail::big_raw_vector<std::uint32_t>& query_of, part& a, part& b) {
  std::vector<std::uint32_t> to(b.queries.size());
  const bool a_written = !a.grouped, b_written = !b.grouped;  // query_of
  const auto a_queries = static_cast<std::uint32_t>(a.queries.size());
  const std::uint32_t a_last = a.count == 0 ? handle_table::none : a_written ? query_of[a.count - 1] : a_queries - 1;
  for (std::uint32_t q = 0; q < b.queries.size(); ++q) {
    const std::string_view qid = b.queries[q].qid;
    const auto handle = static_cast<std::uint32_t>(a.queries.size());
    const std::uint32_t found =
        a.index.insert(hash_of(qid), handle, [&](std::uint32_t o) { return a.queries[o].qid == qid; });
    if (found == handle_table::none) a.queries.push_back(b.queries[q]);
    else if (q != 0 || found != a_last) a.grouped = false;  // only the query the cut went through may go on
    to[q] = found == handle_table::none ? handle : found;
  }
  a.grouped = a.grouped && b.grouped;
  if (a.grouped) {  // b's queries after a's (its first perhaps a's last, going on)
    for (std::size_t q = 0; q < b.first_doc.size(); ++q)
      if (q != 0 || to[0] != a_last) a.first_doc.push_back(a.count + b.first_doc[q]);
  } else {
    if (!a_written) write_query_of(a, query_of);
    if (!b_written) write_query_of(b, query_of);
    for (std::size_t i = 0; i < b.count; ++i) query_of[b.base + i] = to[query_of[b.base + i]];
  }
  const auto move_down = [&](auto& v) {
    if (v.empty() || b.base == a.count) return;  // every line of the first part a judgment: in place already
    std::move(v.begin() + static_cast<std::ptrdiff_t>(b.base), v.begin() + static_cast<std::ptrdiff_t>(b.base + b.count),
              v.begin() + static_cast<std::ptrdiff_t>(a.count));
  };
  move_down(j.docs);
  move_down(j.group);
  move_down(j.subgroup);
  move_down(j.level);
  move_down(j.lines);
  if (!a.grouped) move_down(query_of);
  for (odd_judgment o : b.odd) a.odd.push_back(odd_judgment{o.doc - b.base + a.count, o.length, o.rel});
  a.count += b.count;
  if (a.read) a.read = b.read;  // the first part's error comes first in the file
}
#endif

// The text in two parts read at once on two threads when it is large (a
// big run's qrels take as long to read as the run), else in one.
void read_parts(std::string_view text, judgments& j, detail::big_raw_vector<std::uint32_t>& query_of, part& whole) {
  const std::size_t cut = text.size() >= (std::size_t(1) << 20) ? text.find('\n', text.size() / 2) : std::string_view::npos;
  const std::string_view first = cut == std::string_view::npos ? text : text.substr(0, cut + 1);
  const std::size_t first_lines = line_ends(first), lines = first_lines + line_ends(text.substr(first.size()));
#ifdef __EMSCRIPTEN__
  const bool two = false;  // one thread
#else
  // Each part counts its own records against the limit: split only below it.
  const bool two = first.size() < text.size() && lines + 1 <= detail::max_records(limits{});
#endif
  // One document per line at most: room for all at once, no doubling. The
  // second part writes after the first part's lines.
  const std::size_t rows = lines + 2;
  j.docs.resize(rows);
  const bool groups = j.format != judgment_format::qrels;
  const bool levels = j.format == judgment_format::prefs || j.format == judgment_format::qrels_prefs;
  if (groups) j.group.resize(rows), j.lines.resize(rows);
  if (levels) j.subgroup.resize(rows), j.level.resize(rows);
  query_of.resize(rows);
  if (!two) {
    read_part(text, {}, j, query_of, whole);
  } else {
#ifndef __EMSCRIPTEN__
    part second;
    second.base = first_lines;  // right after the first part's documents when each of its lines is one
    std::thread other([&] { read_part(text.substr(first.size()), {first_lines + 1, false}, j, query_of, second); });
    read_part(first, {}, j, query_of, whole);
    other.join();
    join(j, query_of, whole, second);
#endif
  }
  const std::size_t count = whole.count;
  j.docs.resize(count);
  if (groups) j.group.resize(count), j.lines.resize(count);
  if (levels) j.subgroup.resize(count), j.level.resize(count);
  query_of.resize(count);
}

}  // namespace

expected<judgments> read_judgments(std::string_view text, judgment_format format) {
  judgments j;
  j.format = format;
  j.text = text;
  detail::big_raw_vector<std::uint32_t> query_of;
  part whole;
  if (auto ok = detail::check_size(text, limits{}); !ok) return ok.err();
  read_parts(text, j, query_of, whole);
  const status& read = whole.read;
  if (!read && read.err().line == 0) return read.err();
  j.queries = std::move(whole.queries);
  j.index = std::move(whole.index);
  j.odd = std::move(whole.odd);
  j.in_file_order = whole.grouped;
  if (whole.grouped) ranges_from_first(j, whole.first_doc);
  else group_by_query(j, query_of);
  j.sort_odd();
  const bool levels = format == judgment_format::prefs || format == judgment_format::qrels_prefs;
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
      const auto hash = static_cast<std::uint32_t>(hash_of(e.docid));
      const std::uint32_t at = docs.insert(hash, handle, [&](std::uint32_t d) { return j.id(d) == e.docid; });
      const long rel = e.judgment > 0 ? 1 : 0;
      if (at != handle_table::none) {
        if (rel > j.rel(at)) j.set_rel(at, rel);
        continue;
      }
      j.push_back(e.docid, hash, rel);
      j.lines.push_back(static_cast<std::uint32_t>(e.line));
    }
    j.index.insert(hash_of(q.qid), static_cast<std::uint32_t>(j.queries.size()), [](std::uint32_t) { return false; });
    j.queries.push_back(judged_query{q.qid, begin, j.docs.size()});
  }
  return j;
}

}  // namespace ndcg::trec_detail

namespace ndcg {

using namespace trec_detail;

// The copied ids, one after another in `ids` (the judgments' views into it
// moved along when it grows); the judgments as they will be held; queries
// by their first judgment, and while they come grouped by where their
// judgments start (each judgment's query is kept only from the first query
// that comes back on).
struct judgments_builder::parts {
  detail::big_vector<char> ids;
  std::string_view lasting;  // ids inside it are views
  judgments j;
  detail::big_vector<std::uint32_t> column;  // empty when the reader checked repeats
  std::vector<std::size_t> qid_at, first_doc;
  std::vector<std::uint32_t> qid_size;
  detail::big_raw_vector<std::uint32_t> query_of;  // empty while grouped
  std::uint32_t last = detail::handle_table::none;
  bool grouped = true, checked = false;
  std::string_view qid(std::uint32_t q) const { return std::string_view(ids.data() + qid_at[q], qid_size[q]); }
  static bool inside(const char* p, const char* begin, std::size_t size) {
    const auto at = reinterpret_cast<std::uintptr_t>(p), from = reinterpret_cast<std::uintptr_t>(begin);
    return at >= from && at - from <= size;
  }
  // Where `id` is held: in the lasting text, or copied.
  const char* hold(std::string_view id) {
#ifndef __EMSCRIPTEN__  // the modules copy every id (their size)
    if (!lasting.empty() && inside(id.data(), lasting.data(), lasting.size()) &&
        inside(id.data() + id.size(), lasting.data(), lasting.size()))
      return id.data();
#endif
    return copy(id);
  }
  const char* copy(std::string_view id) {
    const char* const old = ids.data();
    const std::size_t at = ids.size();
    ids.insert(ids.end(), id.begin(), id.end());
    if (ids.data() != old && at > 0)
      for (judged_doc& d : j.docs)
        if (inside(d.docid, old, at)) d.docid = ids.data() + (d.docid - old);
    return ids.data() + at;
  }
};

judgments_builder::judgments_builder() : p_(std::make_unique<parts>()) {}
judgments_builder::judgments_builder(judgments_builder&&) noexcept = default;
judgments_builder::~judgments_builder() = default;

void judgments_builder::add(std::string_view qid, std::string_view docid, long rel, std::size_t line, std::size_t column,
                            std::size_t hash) {
  parts& p = *p_;
  if (p.last == handle_table::none || !detail::same_id(p.qid(p.last), qid)) {
    const auto handle = static_cast<std::uint32_t>(p.qid_at.size());
    const std::uint32_t found = p.j.index.insert(hash_of(qid), handle, [&](std::uint32_t q) { return p.qid(q) == qid; });
    if (found == handle_table::none) {
      p.qid_at.push_back(p.ids.size());
      p.qid_size.push_back(static_cast<std::uint32_t>(qid.size()));
      p.first_doc.push_back(p.j.docs.size());
      p.copy(qid);
    } else if (p.grouped) {
      p.grouped = false;
      for (std::uint32_t q = 0; q < p.first_doc.size(); ++q)  // each judgment's query from here on
        p.query_of.resize(q + 1 < p.first_doc.size() ? p.first_doc[q + 1] : p.j.docs.size(), q);
    }
    p.last = found == handle_table::none ? handle : found;
  }
  const char* held = p.hold(docid);
  p.j.push_back(std::string_view(held, docid.size()), static_cast<std::uint32_t>(hash ? hash : hash_of(docid)), rel);
  p.j.lines.push_back(static_cast<std::uint32_t>(line));
  if (!p.grouped) p.query_of.push_back(p.last);
  if (!p.checked) p.column.push_back(static_cast<std::uint32_t>(column));
}

void judgments_builder::reserve(std::size_t judgments, std::size_t id_bytes) {
  parts& p = *p_;
  p.j.docs.reserve(judgments);
  p.j.lines.reserve(judgments);
  if (!p.checked) p.column.reserve(judgments);
  p.ids.reserve(id_bytes);
}

void judgments_builder::keep_views(std::string_view text) { p_->lasting = text; }
void judgments_builder::repeats_checked() { p_->checked = true; }

namespace {

// The first doc judged twice in a query, by the line of its second judgment.
status first_repeat_built(const judgments& j, const detail::big_vector<std::uint32_t>& column) {
  handle_table seen;
  std::size_t worst = 0, worst_first = 0;
  const judged_query* worst_query = nullptr;
  for (const judged_query& q : j.queries) {
    seen.reset(q.end - q.begin);
    for (std::size_t i = q.begin; i < q.end; ++i) {
      const std::uint32_t at = seen.insert(j.docs[i].hash, static_cast<std::uint32_t>(i),
                                           [&](std::uint32_t o) { return j.id(o) == j.id(i); });
      if (at == handle_table::none) continue;
      if (!worst_query || j.lines[i] < j.lines[worst]) worst = i, worst_first = at, worst_query = &q;
      break;
    }
  }
  if (!worst_query) return done{};
  const std::string doc(j.id(worst));
  const std::string first = std::to_string(j.lines[worst_first]);
  return fail(error_code::duplicate_id,
              "expected each doc id once per query, got " + echo(doc) + " again in query " + echo(worst_query->qid) +
                  " (first on line " + first + ")",
              j.lines[worst], column[worst])
      .with("found", doc)
      .with("first_line", first);
}

}  // namespace

expected<trec_judgments> judgments_builder::finish() {
  parts& p = *p_;
  auto h = std::make_shared<trec_judgments::held>();
  h->ids = std::move(p.ids);  // the docs' views stay valid: the block moves whole
  h->built = true;
  judgments& j = p.j;
  for (std::size_t q = 0; q < p.qid_at.size(); ++q)
    j.queries.push_back(judged_query{std::string_view(h->ids.data() + p.qid_at[q], p.qid_size[q]), 0, 0});
  if (p.grouped) {
    ranges_from_first(j, p.first_doc);
  } else {
    group_by_query(j, p.query_of, &p.column);
  }
  j.sort_odd();
  if (!p.checked)
    if (auto ok = first_repeat_built(j, p.column); !ok) return ok.err();
  if (j.queries.empty())
    return fail(error_code::empty_input, "the qrels have no judgments, so there is nothing to evaluate").in("qrels");
  h->judged = std::make_shared<const judgments>(std::move(j));
  p_ = std::make_unique<parts>();
  trec_judgments out;
  out.held_ = std::move(h);
  return out;
}

}  // namespace ndcg
