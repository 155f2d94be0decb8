// The batch evaluation's query loop: the qrels read into flat arrays, the
// run read piece by piece and each query evaluated as soon as its lines
// have all come (runs are grouped by query), so memory holds the qrels and
// one query. evaluate_trec() is the same loop over one whole text, with a
// fallback for runs whose queries are interleaved.
#include <algorithm>
#include <cmath>
#include <limits>

#include "base/index_sort.hpp"
#include "ndcg/trec.hpp"
#include "base/text.hpp"
#include "trec/trec_detail.hpp"
#include "parse/trec_lines.hpp"
#include "trec/trec_worker.hpp"

namespace ndcg {
namespace trec_detail {
namespace {

using detail::handle_table;
using detail::hash_of;

// Puts each query's documents side by side, keeping file order within a
// query (a counting sort by query; nothing moves when already grouped).
void group_by_query(judgments& j, const std::vector<std::uint32_t>& query_of, bool grouped) {
  std::vector<std::size_t> start(j.queries.size() + 1, 0);
  for (std::uint32_t q : query_of) ++start[q + 1];
  for (std::size_t q = 0; q < j.queries.size(); ++q) start[q + 1] += start[q];
  for (std::size_t q = 0; q < j.queries.size(); ++q) {
    j.queries[q].begin = start[q];
    j.queries[q].end = start[q + 1];
  }
  if (grouped) return;
  std::vector<judged_doc> sorted(j.docs.size());
  for (std::size_t i = 0; i < j.docs.size(); ++i) sorted[start[query_of[i]]++] = j.docs[i];
  j.docs.swap(sorted);
}

// The first docid judged twice in a query (by the line of its second
// judgment), as an error; done when there is none.
status first_repeat(const judgments& j, std::string_view text) {
  handle_table seen;
  const judged_doc* worst = nullptr;
  const judged_doc* worst_first = nullptr;
  const judged_query* worst_query = nullptr;
  for (const judged_query& q : j.queries) {
    seen.reset(q.end - q.begin);
    for (std::size_t i = q.begin; i < q.end; ++i) {
      const std::string_view id = j.docs[i].id();
      const std::uint32_t at = seen.insert(hash_of(id), static_cast<std::uint32_t>(i),
                                           [&](std::uint32_t other) { return j.docs[other].id() == id; });
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

}  // namespace

std::uint32_t judgments::find(std::string_view qid) const {
  return index.find(hash_of(qid), [&](std::uint32_t q) { return queries[q].qid == qid; });
}

expected<judgments> read_judgments(std::string_view text) {
  judgments j;
  std::vector<std::uint32_t> query_of;
  // One document per line at most: room for all at once, no doubling.
  const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  j.docs.reserve(lines);
  query_of.reserve(lines);
  bool grouped = true;
  std::uint32_t last = handle_table::none;
  const status read = detail::for_each_record(
      text, limits{}, detail::qrels_layout, [&](std::size_t line, const detail::field* f) -> status {
        long rel = 0;
        if (auto ok = detail::read_grade(f, line, rel); !ok) return ok;
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
        j.docs.push_back(judged_doc{f[2].text.data(), static_cast<std::uint32_t>(f[2].text.size()),
                                    static_cast<std::uint32_t>(line), rel});
        query_of.push_back(last);
        return done{};
      });
  if (!read && read.err().line == 0) return read.err();
  group_by_query(j, query_of, grouped);
  const status repeats = first_repeat(j, text);
  if (!repeats && (read || repeats.err().line < read.err().line)) return repeats.err();
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

namespace {

void add_to_mean(const double* row, const trec_result& r, std::vector<double>& sum,
                 std::vector<std::size_t>& count) {
  for (std::size_t m = 0; m < r.names.size(); ++m) {
    if (std::isnan(row[m])) continue;
    sum[m] += r.geometric[m] ? std::log(std::max(row[m], min_geo_mean)) : row[m];
    ++count[m];
  }
}

}  // namespace

void take_means(trec_result& r) {
  std::vector<double> sum(r.names.size(), 0.0);
  std::vector<std::size_t> count(r.names.size(), 0);
  for (const std::vector<double>& row : r.values) add_to_mean(row.data(), r, sum, count);
  r.mean.resize(sum.size());
  for (std::size_t m = 0; m < sum.size(); ++m) {
    const double n = static_cast<double>(count[m]);
    if (r.is_count[m]) r.mean[m] = sum[m];
    else if (count[m] == 0) r.mean[m] = std::numeric_limits<double>::quiet_NaN();
    else r.mean[m] = r.geometric[m] ? std::exp(sum[m] / n) : sum[m] / n;
  }
  for (std::size_t m = 0; m < r.names.size(); ++m)
    if (r.names[m] == "runid") r.mean[m] = std::numeric_limits<double>::quiet_NaN();
}


void describe_columns(const plan& p, trec_result& r) {
  for (const column& c : p.columns) {
    const family_info& f = info_of(c.kind);
    r.names.push_back(c.name);
    r.is_count.push_back(f.is_count);
    r.summary_only.push_back(f.summary_only);
    r.geometric.push_back(c.kind == family::gm_map);
  }
}

}  // namespace trec_detail

using namespace trec_detail;

struct trec_stream::state {
  std::string_view qrels_text;  // the text the judgments point into
  std::string qrels_source = "qrels";
  trec_options opt;
  plan p;
  conventions conv;
  judgments judged;
  subtopic_qrels_file subtopics;
  handle_table subtopics_of;             // qid -> index in subtopics.queries
  grade_levels levels;
  std::unique_ptr<query_evaluator> evaluator;

  std::vector<char> evaluated;           // per judged query
  std::vector<std::uint32_t> row_query;  // the judged query of each row
  std::vector<double> values;            // the rows, flat
  std::vector<double> row;

  std::size_t next_line = 1;             // of the next piece
  bool at_start = true;
  // The first run line of each judged query read so far (0 = not yet).
  // Only judged queries are followed: memory stays that of the qrels however
  // many queries the run has, and a run-only query is never evaluated, so
  // its lines coming back change nothing.
  std::vector<std::size_t> first_line_of;
  std::vector<run_entry> current;        // the query being read
  handle_table current_docs;
  std::string run_id;
  // Evaluates on a second thread while feed() reads on; declared last so
  // it stops before the members its queries use are destroyed.
  std::unique_ptr<query_worker> worker;

  status read_judged(std::string_view qrels, std::string_view subtopics_text);
  status open_query(const detail::field& qid, std::size_t line);
  void close_query(std::string_view qid, std::string_view tag);
  void evaluate(std::uint32_t q, const run_entry* run, std::size_t count);
};

// Reads the judgments: qrels, or (the same text, or no qrels at all) the
// subtopic qrels made per-document.
status trec_stream::state::read_judged(std::string_view qrels, std::string_view subtopics_text) {
  state& s = *this;
  const std::string_view qrels_text = qrels;
  const bool from_subtopics =
      !subtopics_text.empty() && (qrels_text.empty() || qrels_text == subtopics_text);
  if (from_subtopics || s.p.needs(family::alpha_ndcg_cut)) {
    auto sub = parse_subtopic_qrels(subtopics_text);
    if (!sub) return error(sub.err()).in("subtopics");
    s.subtopics = std::move(*sub);
    const std::vector<subtopic_query>& queries = s.subtopics.queries;
    for (std::size_t i = 0; i < queries.size(); ++i)
      s.subtopics_of.insert(hash_of(queries[i].qid), static_cast<std::uint32_t>(i),
                            [&](std::uint32_t other) { return queries[other].qid == queries[i].qid; });
  }
  if (from_subtopics) {
    s.judged = judgments_from(s.subtopics);
    s.qrels_text = subtopics_text;
    s.qrels_source = "subtopics";
  } else {
    auto j = read_judgments(qrels_text);
    if (!j) return error(j.err()).in("qrels");
    s.judged = std::move(*j);
    s.qrels_text = qrels_text;
  }
  if (s.judged.queries.empty())
    return fail(error_code::empty_input, "the qrels have no judgments, so there is nothing to evaluate").in("qrels");
  if (s.p.needs(family::alpha_ndcg_cut) && s.subtopics.queries.empty())
    return fail(error_code::needs_subtopics,
                "alpha_ndcg_cut needs subtopic qrels (lines of \"qid subtopic docid judgment\"), and none were given")
        .in("subtopics");
  return done{};
}

trec_stream::trec_stream(std::unique_ptr<state> s) : s_(std::move(s)) {}
trec_stream::trec_stream(trec_stream&&) noexcept = default;
trec_stream& trec_stream::operator=(trec_stream&&) noexcept = default;
trec_stream::~trec_stream() = default;

expected<trec_stream> trec_stream::open(std::string_view qrels_text, const trec_options& opt,
                                        std::string_view subtopics) {
  auto s = std::make_unique<state>();
  s->opt = opt;
  auto p = make_plan(opt.measures);
  if (!p) return p.err();
  s->p = std::move(*p);
  auto conv = make_conventions(opt);
  if (!conv) return conv.err();
  s->conv = *conv;
  if (auto ok = s->read_judged(qrels_text, subtopics); !ok) return ok.err();
  auto levels = make_levels(s->judged, s->p, s->conv, s->qrels_text);
  if (!levels) return error(levels.err()).in(s->qrels_source);
  s->levels = std::move(*levels);
  s->evaluator = std::make_unique<query_evaluator>(s->p, s->conv, s->levels);
  s->evaluated.assign(s->judged.queries.size(), 0);
  s->first_line_of.assign(s->judged.queries.size(), 0);
  return trec_stream(std::move(s));
}

void trec_stream::state::evaluate(std::uint32_t q, const run_entry* run, std::size_t count) {
  const judged_query& jq = judged.queries[q];
  query_input in;
  in.qid = jq.qid;
  in.judged = judged.docs.data() + jq.begin;
  in.judged_count = jq.end - jq.begin;
  in.run = run;
  in.run_count = count;
  const std::uint32_t sub = subtopics_of.find(
      hash_of(jq.qid), [&](std::uint32_t i) { return subtopics.queries[i].qid == jq.qid; });
  in.subtopics = sub == handle_table::none ? nullptr : &subtopics.queries[sub];
  evaluator->evaluate(in, row);
  values.insert(values.end(), row.begin(), row.end());
  row_query.push_back(q);
  evaluated[q] = true;
}

// A new query starts: one already read means the run is not grouped.
status trec_stream::state::open_query(const detail::field& qid, std::size_t line) {
  current_docs.reset(std::max<std::size_t>(current.size(), 64));  // the last query's size: a good guess
  current.clear();
  const std::uint32_t q = judged.find(qid.text);
  if (q == handle_table::none || first_line_of[q] == 0) return done{};
  const std::size_t first = first_line_of[q];
  return fail(error_code::ungrouped_run,
              "expected the run's lines grouped by query, got query " + echo(qid.text) + " again after other queries "
              "(first on line " + std::to_string(first) + "); give the run as a file, or group it first (sort -s -k1,1)",
              line, qid.column)
      .with("found", qid.text)
      .with("first_line", std::to_string(first))
      .in("run");
}

void trec_stream::state::close_query(std::string_view qid, std::string_view tag) {
  run_id.assign(tag);
  const std::uint32_t q = judged.find(qid);
  if (q == handle_table::none) return;
  first_line_of[q] = current.front().line;
  if (!worker)
    worker = std::make_unique<query_worker>(
        [this](std::uint32_t judged_query, const run_entry* run, std::size_t count) { evaluate(judged_query, run, count); });
  worker->submit(q, current);
}

expected<std::size_t> trec_stream::feed(std::string_view text, bool last) {
  state& s = *s_;
  detail::line_reader lines(text, s.next_line, s.at_start);
  const limits lim;
  detail::field f[8];
  detail::line l;
  bool open = false;
  std::string_view qid, tag;
  std::size_t query_start = text.size(), query_line = 0, next_line = s.next_line;
  while (lines.next(l)) {
    next_line = l.number + 1;
    if (auto ok = detail::check_line(l, lim); !ok) return error(ok.err()).in("run");
    if (detail::skippable(l.text)) continue;
    const std::size_t n = detail::split_whitespace(l.text, f, 8);
    if (auto ok = detail::check_fields(l, f, n, detail::run_layout); !ok) return error(ok.err()).in("run");
    double score = 0;
    if (auto ok = detail::read_score(f, l.number, score); !ok) return error(ok.err()).in("run");
    if (!open || f[0].text != qid) {
      if (open) s.close_query(qid, tag);
      if (auto ok = s.open_query(f[0], l.number); !ok) return ok.err();
      open = true;
      qid = f[0].text;
      query_start = static_cast<std::size_t>(l.text.data() - text.data());
      query_line = l.number;
    }
    const auto handle = static_cast<std::uint32_t>(s.current.size());
    const std::string_view docid = f[2].text;
    const std::uint32_t at = s.current_docs.insert(hash_of(docid), handle,
                                                   [&](std::uint32_t e) { return s.current[e].docid == docid; });
    if (at != handle_table::none) return error(detail::repeated_in_run(f, l.number, s.current[at].line)).in("run");
    s.current.push_back(run_entry{docid, score, l.number});
    tag = f[5].text;
  }
  if (last || !open) {
    if (open) s.close_query(qid, tag);
    s.next_line = next_line;
    s.at_start = false;
    return text.size();
  }
  // The last query may go on in the next piece: it is read again then.
  s.next_line = query_line;
  if (query_start > 0) s.at_start = false;
  return query_start;
}

status trec_stream::add_query(std::string_view qid, const std::vector<run_entry>& entries) {
  state& s = *s_;
  const std::uint32_t q = s.judged.find(qid);
  if (q != handle_table::none) s.evaluate(q, entries.data(), entries.size());
  return done{};
}

void trec_stream::set_run_id(std::string_view tag) { s_->run_id.assign(tag); }

namespace {

// trec_eval 10.0 reads a stale ranking here; we stop with a clear message.
error missing_from_run(const judged_query& q, const judgments& j, std::string_view qrels_text,
                       const std::string& source) {
  const std::size_t line = j.docs[q.begin].line;
  return fail(error_code::missing_query,
              "query " + echo(q.qid) + " is in the qrels (line " + std::to_string(line) +
                  ") but not in the run; -c scores such queries 0",
              line, column_of(qrels_text, q.qid))
      .in(source)
      .with("found", q.qid);
}

}  // namespace

expected<trec_result> trec_stream::finish() {
  state& s = *s_;
  if (s.worker) s.worker->finish();
  // Queries only in the qrels, in qid order (the first missing is named).
  std::vector<std::size_t> missing;
  for (std::uint32_t q = 0; q < s.judged.queries.size(); ++q)
    if (!s.evaluated[q]) missing.push_back(q);
  detail::sort_indices(missing, [&](std::size_t a, std::size_t b) { return s.judged.queries[a].qid < s.judged.queries[b].qid; });
  for (const std::size_t q_at : missing) {
    const auto q = static_cast<std::uint32_t>(q_at);
    if (s.opt.shard) continue;
    if (!s.opt.complete) return missing_from_run(s.judged.queries[q], s.judged, s.qrels_text, s.qrels_source);
    s.evaluate(q, nullptr, 0);
  }
  // trec_eval prints and sums in qid byte order, which matters for the last bits.
  std::vector<std::size_t> order(s.row_query.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto qid_of = [&](std::size_t i) { return s.judged.queries[s.row_query[i]].qid; };
  detail::sort_indices(order, [&](std::size_t a, std::size_t b) { return qid_of(a) < qid_of(b); });
  trec_result r;
  describe_columns(s.p, r);
  const std::size_t width = r.names.size();
  for (std::size_t i : order) {
    r.qids.emplace_back(qid_of(i));
    r.values.emplace_back(s.values.begin() + static_cast<std::ptrdiff_t>(i * width),
                          s.values.begin() + static_cast<std::ptrdiff_t>((i + 1) * width));
  }
  r.num_q = r.qids.size();
  r.run_id = s.run_id;
  r.not_offered = s.p.not_offered;
  take_means(r);
  return r;
}

expected<trec_result> evaluate_trec(std::string_view qrels_text, std::string_view run_text,
                                    const trec_options& opt, std::string_view subtopics) {
  auto stream = trec_stream::open(qrels_text, opt, subtopics);
  if (!stream) return stream.err();
  if (auto ok = detail::check_size(run_text, limits{}); !ok) return error(ok.err()).in("run");
  auto fed = stream->feed(run_text, true);
  if (fed) return stream->finish();
  if (fed.err().code != error_code::ungrouped_run) return fed.err();
  // Interleaved queries: read the run whole, grouped, then evaluate.
  auto run = parse_run(run_text);
  if (!run) return error(run.err()).in("run");
  auto again = trec_stream::open(qrels_text, opt, subtopics);
  if (!again) return again.err();
  for (const run_query& q : run->queries)
    if (auto ok = again->add_query(q.qid, q.entries); !ok) return ok.err();
  again->set_run_id(run->run_id);
  return again->finish();
}

}  // namespace ndcg
