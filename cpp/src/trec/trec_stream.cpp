// The batch evaluation's query loop: the judgments read into flat arrays,
// the run read piece by piece and each query evaluated as soon as its lines
// have all come (runs are grouped by query), so memory holds the qrels and
// one query. A run whose queries are interleaved is read again after
// regroup(): its judged queries' lines are then kept, grouped, and
// evaluated at the end, against the judgments already read.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#ifndef __EMSCRIPTEN__
#include <thread>
#endif

#include "base/big_memory.hpp"
#include "base/index_sort.hpp"
#include "base/text.hpp"
#include "ndcg/trec.hpp"
#include "parse/trec_lines.hpp"
#include "trec/trec_detail.hpp"
#include "trec/trec_worker.hpp"
#include "trec/results/zscores.hpp"

namespace ndcg {
namespace trec_detail {
namespace {

using detail::handle_table;
using detail::hash_of;

bool left_out(double v) { return std::isnan(v) && !is_trec_nan(v); }  // no value (trec_eval's -nan is one)

// One row into the sums: every value into `sums` (a NaN is rare: the branch
// is taken as predicted), the logs of gm_map's into `logs`.
void add_to_mean(const double* row, std::size_t width, const std::vector<std::size_t>& logged, double* sums,
                 double* logs, std::size_t* skipped) {
  for (std::size_t m = 0; m < width; ++m) {
    const double v = row[m];
    if (left_out(v)) ++skipped[m];
    else sums[m] += v;
  }
  for (const std::size_t m : logged)
    if (!left_out(row[m])) logs[m] += std::log(std::max(row[m], min_geo_mean));
}

}  // namespace

}  // namespace trec_detail

const std::string& trec_result::text(std::size_t q, std::size_t m) const {
  const auto at = std::find(text_columns.begin(), text_columns.end(), m);
  return texts[q][static_cast<std::size_t>(at - text_columns.begin())];
}

namespace trec_detail {

void take_means(trec_result& r) {
  const std::size_t width = r.names.size();
  std::vector<double> sum(width, 0.0), logs(width, 0.0);
  std::vector<std::size_t> skipped(width, 0);
  std::vector<std::size_t> logged;  // the columns whose logs are summed
  for (std::size_t m = 0; m < width; ++m)
    if (r.geometric[m] == 1) logged.push_back(m);
  for (const auto row : r.values) add_to_mean(row.data(), width, logged, sum.data(), logs.data(), skipped.data());
  for (const std::size_t m : logged) sum[m] = logs[m];
  std::vector<std::size_t> count(width);
  for (std::size_t m = 0; m < width; ++m) count[m] = r.values.size() - skipped[m];
  r.mean.resize(width);
  for (std::size_t m = 0; m < width; ++m) {
    const double n = static_cast<double>(count[m]);
    if (r.names[m] == "runid" || r.per_query_only[m]) r.mean[m] = std::numeric_limits<double>::quiet_NaN();
    else if (std::isnan(sum[m])) r.mean[m] = trec_nan();  // a query's -nan makes the mean -nan, as in trec_eval
    else if (r.is_count[m]) r.mean[m] = sum[m];
    else if (count[m] == 0) r.mean[m] = std::numeric_limits<double>::quiet_NaN();
    else r.mean[m] = r.geometric[m] ? std::exp(sum[m] / n) : sum[m] / n;
  }
}

void describe_columns(const plan& p, trec_result& r) {
  for (const column& c : p.columns) {
    const family& f = *c.of;
    r.names.push_back(c.name);
    r.is_count.push_back(f.kind == value_kind::count);
    r.summary_only.push_back(f.printed == lines::summary_only);
    r.per_query_only.push_back(f.printed == lines::per_query_only);
    r.is_text.push_back(f.kind == value_kind::text);
    if (f.kind == value_kind::text) r.text_columns.push_back(r.names.size() - 1);
    r.geometric.push_back(f.all == combine::geometric ? 1 : 0);
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
  std::shared_ptr<const judgments> held;  // the judgments, perhaps shared by other streams
  const judgments& judged() const { return *held; }
  subtopic_qrels_file subtopics;
  handle_table subtopics_of;             // qid -> index in subtopics.queries
  grade_levels levels;
  zscore_table zscores;
  std::unique_ptr<query_evaluator> evaluator;

  std::vector<char> evaluated;           // per judged query
  std::vector<std::uint32_t> row_query;  // the judged query of each row
  // The rows in the order evaluated, each judged query's room reserved at
  // the first (all_trec's rows are 10 MB); finish() puts them in qid order
  // in place and hands them to the result.
  value_rows values;
  std::vector<std::vector<std::string>> texts;  // the rows' texts (text columns only)
  std::vector<double> row;
  std::vector<std::string> row_texts;
  std::optional<error> problem;          // the first error while evaluating (on the worker)

  std::size_t next_line = 1;             // of the next piece
  bool at_start = true;
  // The first run line of each judged query read so far (0 = not yet).
  // Only judged queries are followed: memory stays that of the qrels however
  // many queries the run has, and a run-only query is never evaluated, so
  // its lines coming back change nothing.
  std::vector<std::size_t> first_line_of;
  std::vector<pending_line> current;     // the query being read: fields as views
  std::uint32_t open_judged = handle_table::none;  // its judged query (open_query found it)
  std::string_view open_qid;             // its qid, in the piece being read
  // A query's lines once read (read_lines): the second thread's, and the reader's own.
  struct read_buffers {
    std::vector<run_entry> entries;
    std::vector<std::uint32_t> hashes;  // the docids' (read_scores)
    handle_table docids;
  } on_worker, on_reader;
  std::string run_id;
  bool views_last = false;  // the run is held in memory: queries handed over as views (feed_held)
  // After regroup(): each judged query's lines, their docids copied.
  bool collecting = false;
  struct kept_query {
    std::string bytes;                // the docids, one after another
    std::vector<std::size_t> offsets; // where each line's docid starts in bytes
    std::vector<run_entry> lines;     // docids pointed into bytes at finish()
    std::vector<std::uint32_t> columns;  // each docid's
  };
  std::vector<kept_query> kept;       // per judged query
  // Evaluates on a second thread while feed() reads on; declared last so
  // it stops before the members its queries use are destroyed.
  std::unique_ptr<query_worker> worker;

  static expected<std::unique_ptr<state>> planned(const trec_options& opt);
  status read_judged(std::string_view qrels, std::string_view subtopics_text);
  status read_subtopics(std::string_view text);
  status ready();
  status open_query(const detail::field& qid, std::size_t line);
  status close_query(std::string_view tag, std::string_view block);
  void hand_over(std::uint32_t q, std::string_view block, std::string* taken = nullptr);
  static status read_lines(std::string_view qid, const std::vector<pending_line>& lines, read_buffers& into);
  static bool read_scores(const std::vector<pending_line>& lines, read_buffers& into);
  void handle(std::uint32_t q, const std::vector<pending_line>& lines);
  error earliest(error e);
  void keep_line(std::uint32_t q, std::string_view docid, double score, std::size_t line, std::size_t column);
  status evaluate_kept();
  status evaluate(std::uint32_t q, const run_entry* run, std::size_t count, const std::uint32_t* hashes = nullptr);
  // Room for `rows` rows of the plan's width, on huge pages natively; at
  // most 64 MB at first (a qrels of millions of queries may meet a run of
  // a few, and the module's memory ends at 2 GB), the rest by doubling.
  void reserve_rows(std::size_t rows) {
    const std::size_t width = std::max<std::size_t>(1, p.columns.size());
    rows = std::min(rows, (std::size_t(64) << 20) / sizeof(double) / width);
    values.reserve(rows, p.columns.size());
    detail::advise_huge(values.data(), rows * width * sizeof(double));
  }
  query_input input_of(std::uint32_t q, const run_entry* run, std::size_t count, const std::uint32_t* hashes) const;
#ifndef __EMSCRIPTEN__  // queries evaluated on threads: native only
  template <class Rows, class Input>
  status evaluate_jobs(const std::vector<std::pair<std::uint32_t, std::size_t>>& jobs, Rows rows, Input input,
                       unsigned threads);
#endif
#ifndef __EMSCRIPTEN__  // tables held as columns (add_queries): native only
  std::vector<std::string> more_notes;   // of add_queries' other evaluators, after the stream's own
#endif
};

// The subtopic qrels alpha_ndcg_cut asks for, indexed by query.
status trec_stream::state::read_subtopics(std::string_view text) {
  auto sub = parse_subtopic_qrels(text);
  if (!sub) return error(sub.err()).in("subtopics");
  subtopics = std::move(*sub);
  const std::vector<subtopic_query>& queries = subtopics.queries;
  for (std::size_t i = 0; i < queries.size(); ++i)
    subtopics_of.insert(hash_of(queries[i].qid), static_cast<std::uint32_t>(i),
                        [&](std::uint32_t other) { return queries[other].qid == queries[i].qid; });
  return done{};
}

// Reads the judgments: in the -R format, or (the same text, or no qrels at
// all) the subtopic qrels made per-document.
status trec_stream::state::read_judged(std::string_view qrels, std::string_view subtopics_text) {
  state& s = *this;
  const std::string_view qrels_text = qrels;
  const bool from_subtopics =
      !subtopics_text.empty() && (qrels_text.empty() || qrels_text == subtopics_text);
  if (from_subtopics || s.p.wants(need_subtopics))
    if (auto ok = read_subtopics(subtopics_text); !ok) return ok;
  if (from_subtopics) {
    s.held = std::make_shared<const judgments>(judgments_from(s.subtopics));
    s.qrels_text = subtopics_text;
    s.qrels_source = "subtopics";
  } else {
    auto j = read_judgments(qrels_text, s.opt.judgments);
    if (!j) return error(j.err()).in("qrels");
    s.held = std::make_shared<const judgments>(std::move(*j));
    s.qrels_text = qrels_text;
  }
  if (s.judged().queries.empty())
    return fail(error_code::empty_input, "the qrels have no judgments, so there is nothing to evaluate").in("qrels");
  if (s.p.wants(need_subtopics) && s.subtopics.queries.empty())
    return fail(error_code::needs_subtopics,
                "alpha_ndcg_cut needs subtopic qrels (lines of \"qid subtopic docid judgment\"), and none were given")
        .in("subtopics");
  return done{};
}

trec_stream::trec_stream(std::unique_ptr<state> s) : s_(std::move(s)) {}
trec_stream::trec_stream(trec_stream&&) noexcept = default;
trec_stream& trec_stream::operator=(trec_stream&&) noexcept = default;
trec_stream::~trec_stream() = default;

// The options read into a new state: the plan, the conventions, -Z's means.
expected<std::unique_ptr<trec_stream::state>> trec_stream::state::planned(const trec_options& opt) {
  auto s = std::make_unique<state>();
  s->opt = opt;
  auto p = make_plan(opt);
  if (!p) return p.err();
  s->p = std::move(*p);
  auto conv = make_conventions(opt);
  if (!conv) return conv.err();
  s->conv = *conv;
  if (!opt.zscores.empty()) {
    auto z = read_zscores(opt.zscores);
    if (!z) return error(z.err()).in("zscores");
    s->zscores = std::move(*z);
  }
  return s;
}

// With the judgments in place: their grades' gains and the query loop's state.
status trec_stream::state::ready() {
  auto graded = make_levels(judged(), p, conv, qrels_text);
  if (!graded) return error(graded.err()).in(qrels_source);
  levels = std::move(*graded);
  evaluator = std::make_unique<query_evaluator>(p, conv, levels);
  evaluated.assign(judged().queries.size(), 0);
  first_line_of.assign(judged().queries.size(), 0);
  return done{};
}

expected<trec_stream> trec_stream::open(std::string_view qrels_text, const trec_options& opt,
                                        std::string_view subtopics) {
  auto s = state::planned(opt);
  if (!s) return s.err();
  if (auto ok = (*s)->read_judged(qrels_text, subtopics); !ok) return ok.err();
  if (auto ok = (*s)->ready(); !ok) return ok.err();
  return trec_stream(std::move(*s));
}

expected<trec_judgments> trec_judgments::read(std::string text, judgment_format format) {
  auto h = std::make_shared<held>();
  h->text = std::move(text);
  h->format = format;
  auto j = read_judgments(h->text, format);
  if (!j) return error(j.err()).in("qrels");
  if (j->queries.empty())
    return fail(error_code::empty_input, "the qrels have no judgments, so there is nothing to evaluate").in("qrels");
  h->judged = std::make_shared<const judgments>(std::move(*j));
  trec_judgments out;
  out.held_ = std::move(h);
  return out;
}

std::string_view trec_judgments::text() const { return held_->built ? std::string_view() : std::string_view(held_->text); }
judgment_format trec_judgments::format() const { return held_->format; }
std::vector<std::string_view> trec_judgments::query_ids() const {
  std::vector<std::string_view> out;
  for (const judged_query& q : held_->judged->queries) out.push_back(q.qid);
  return out;
}

expected<trec_stream> trec_stream::open(const trec_judgments& judged, const trec_options& opt,
                                        std::string_view subtopics) {
  if (opt.judgments != judged.format())
    return option_fail(error_code::bad_input, "judgments",
                       "these judgments were read as -R " + std::string(name_of(judged.format())) + ", not -R " +
                           std::string(name_of(opt.judgments)));
  auto s = state::planned(opt);
  if (!s) return s.err();
  if ((*s)->p.wants(need_subtopics) && subtopics.empty())
    return fail(error_code::needs_subtopics, "alpha_ndcg_cut needs subtopic qrels, which judgments read once lack")
        .in("subtopics");
  if ((*s)->p.wants(need_subtopics))
    if (auto ok = (*s)->read_subtopics(subtopics); !ok) return ok.err();
  (*s)->held = judged.held_->judged;
  (*s)->qrels_text = judged.text();
  if (auto ok = (*s)->ready(); !ok) return ok.err();
  return trec_stream(std::move(*s));
}

// A query's row of values, kept; an error is kept in `problem`, but for a
// docid twice in the run, which the caller names (it has the lines).
status trec_stream::state::evaluate(std::uint32_t q, const run_entry* run, std::size_t count,
                                   const std::uint32_t* hashes) {
  if (auto ok = evaluator->evaluate(input_of(q, run, count, hashes), row, row_texts); !ok) {
    if (ok.err().code == error_code::duplicate_id) return ok;
    error e = ok.err();
    if (!problem) problem = e.in(qrels_source);
    return done{};
  }
  if (values.empty()) reserve_rows(judged().queries.size());  // a row per judged query at most
  values.push_back(row);
  if (!row_texts.empty()) texts.push_back(std::move(row_texts));  // the evaluator writes them afresh
  row_query.push_back(q);
  evaluated[q] = true;
  return done{};
}

// A judged query's inputs (add_queries' threads call their own evaluators
// with them too).
query_input trec_stream::state::input_of(std::uint32_t q, const run_entry* run, std::size_t count,
                                         const std::uint32_t* hashes) const {
  const judged_query& jq = judged().queries[q];
  query_input in;
  in.qid = jq.qid;
  in.judged = &judged();
  in.judged_begin = jq.begin;
  in.judged_end = jq.end;
  in.run = run;
  in.run_count = count;
  in.run_hashes = hashes;
  if (subtopics.queries.empty()) return in;  // no qid to hash (its bytes are rarely in the cache)
  const std::uint32_t sub = subtopics_of.find(
      hash_of(jq.qid), [&](std::uint32_t i) { return subtopics.queries[i].qid == jq.qid; });
  in.subtopics = sub == handle_table::none ? nullptr : &subtopics.queries[sub];
  return in;
}

// A query that came back after others: the run is not grouped.
static error came_back(const detail::field& qid, std::size_t line, std::size_t first) {
  return fail(error_code::ungrouped_run,
              "expected the run's lines grouped by query, got query " + echo(qid.text) + " again after other queries "
              "(first on line " + std::to_string(first) + "); give the run as a file, or group it first (sort -s -k1,1)",
              line, qid.column)
      .with("found", qid.text)
      .with("first_line", std::to_string(first))
      .in("run");
}

// A new query starts: one already read means the run is not grouped.
// Runs mostly list their queries in the qrels' order: the judged query
// after the last one is tried first, its qid fetched ahead meanwhile (a
// lookup was a chain of cache misses: slot, query, qid).
status trec_stream::state::open_query(const detail::field& qid, std::size_t line) {
  current.clear();
  open_qid = qid.text;
#ifdef __EMSCRIPTEN__  // the shorter code: the modules' size
  const std::uint32_t q = judged().find(qid.text);
#else
  const std::vector<judged_query>& queries = judged().queries;
  const std::uint32_t next = open_judged + 1;
  const bool follows =
      open_judged != handle_table::none && next < queries.size() && detail::same_id(queries[next].qid, qid.text);
  const std::uint32_t q = follows ? next : judged().find(qid.text);
  if (q != handle_table::none && q + 1 < queries.size()) __builtin_prefetch(queries[q + 1].qid.data());
#endif
  open_judged = q;
  if (collecting || q == handle_table::none || first_line_of[q] == 0) return done{};
  return came_back(qid, line, first_line_of[q]);
}

// A query's lines read: its scores, each docid once (on the second thread
// for judged queries, here for the others). The entries land in `entries`.
status trec_stream::state::read_lines(std::string_view qid, const std::vector<pending_line>& lines,
                                      read_buffers& into) {
  std::vector<run_entry>& entries = into.entries;
  entries.resize(lines.size());
  into.docids.reset(std::max<std::size_t>(lines.size(), 64));
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const pending_line& l = lines[i];
    const detail::field f[5] = {{}, {}, {l.docid, 0}, {}, {l.score, l.score_column}};
    if (!score_read(l, entries[i].score))
      if (auto ok = detail::read_score(f, l.line, entries[i].score); !ok) return error(ok.err()).in("run");
    entries[i].docid = l.docid;
    entries[i].line = l.line;
    const std::uint32_t at = into.docids.insert(hash_of_line(l), static_cast<std::uint32_t>(i),
                                                 [&](std::uint32_t e) { return lines[e].docid == l.docid; });
    if (at != handle_table::none)
      return detail::repeated(detail::field{l.docid, l.docid_column}, l.line, lines[at].line,
                              "expected each docid once per query, got " + echo(l.docid) + " again in query " +
                                  echo(qid) + " (first on line " + std::to_string(lines[at].line) + ")")
          .in("run");
  }
  return done{};
}

// A query's entries and their docids' hashes, as the reader read them;
// false at a bad score.
bool trec_stream::state::read_scores(const std::vector<pending_line>& lines, read_buffers& into) {
  into.entries.resize(lines.size());
#ifndef __EMSCRIPTEN__
  into.hashes.resize(lines.size());
#endif
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const pending_line& l = lines[i];
    into.entries[i] = run_entry{l.docid, 0, l.line};
    double& score = into.entries[i].score;
    if (!score_read(l, score) && read_number(l.score, score) != number_status::ok) return false;
#ifndef __EMSCRIPTEN__
    into.hashes[i] = l.hash;
#endif
  }
  return true;
}

// On the second thread: a judged query's scores read, then the query
// evaluated, which finds a docid given twice in the same lookup as its
// judgment. A bad score or a repeat is named by read_lines, which reads
// the lines in order and so says the first of them.
void trec_stream::state::handle(std::uint32_t q, const std::vector<pending_line>& lines) {
  if (problem) return;  // the first error stops the evaluation
  const std::vector<run_entry>& entries = on_worker.entries;
#ifdef __EMSCRIPTEN__
  const bool hashed = false;  // the evaluator hashes the docids (no second thread to spare)
#else
  const bool hashed = true;
#endif
  if (read_scores(lines, on_worker) &&
      evaluate(q, entries.data(), entries.size(), hashed ? on_worker.hashes.data() : nullptr))
    return;
  problem = read_lines(judged().queries[q].qid, lines, on_worker).err();
}

// A query's lines all came: judged ones go to the second thread.
status trec_stream::state::close_query(std::string_view tag, std::string_view block) {
  run_id.assign(tag);
  const std::uint32_t q = open_judged;
  if (collecting) return done{};
  if (q == handle_table::none) return read_lines(open_qid, current, on_reader);  // checked, not evaluated
  hand_over(q, block);
  return done{};
}

// Judged query q's lines (`current`, their views into `block`) to the
// second thread, which evaluates it while the reader goes on; with `taken`
// (the string `block` is), the bytes and lines are taken, not copied.
void trec_stream::state::hand_over(std::uint32_t q, std::string_view block, [[maybe_unused]] std::string* taken) {
  first_line_of[q] = current.front().line;
  if (!worker)
    worker = std::make_unique<query_worker>(
        [this](std::uint32_t judged_query, const std::vector<pending_line>& lines) { handle(judged_query, lines); },
        opt.second_thread);
#ifndef __EMSCRIPTEN__  // the modules evaluate records' queries at once (add_query)
  if (views_last) {
    worker->submit_views(q, current);
    return current.clear();  // a spent batch's lines
  }
  if (taken) {
    worker->submit_taken(q, *taken, current);
    return current.clear();  // a spent batch's lines
  }
#endif
  worker->submit(q, block, current);
  current.clear();  // a spent batch's lines, or (one thread) the query's, evaluated
}

// An error found while reading, or one on an earlier line: in a query the
// second thread read (it reads behind the reader), or among the lines of
// the query open now, whose scores and docids are not read yet. The first
// in the file is the one said.
error trec_stream::state::earliest(error e) {
  if (worker) worker->finish();
  if (problem && problem->source == "run" && problem->line < e.line) return *problem;
  if (!current.empty() && current.front().line < e.line)
    if (auto ok = read_lines(open_qid, current, on_reader); !ok && ok.err().line < e.line) return ok.err();
  return e;
}

// A judged query's line kept for the end: its docid copied (the piece it is
// in goes away), held as an offset until finish().
void trec_stream::state::keep_line(std::uint32_t q, std::string_view docid, double score, std::size_t line,
                                   std::size_t column) {
  kept_query& k = kept[q];
  k.columns.push_back(static_cast<std::uint32_t>(column));
  k.offsets.push_back(k.bytes.size());
  k.bytes.append(docid);
  k.lines.push_back(run_entry{std::string_view(), score, line});
}

// The kept queries, evaluated once every line has come; a docid twice in
// one query is the error it is in a grouped run.
status trec_stream::state::evaluate_kept() {
  handle_table seen;
  for (std::uint32_t q = 0; q < kept.size(); ++q) {
    kept_query& k = kept[q];
    std::vector<run_entry>& lines = k.lines;
    if (lines.empty()) continue;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::size_t end = i + 1 < lines.size() ? k.offsets[i + 1] : k.bytes.size();
      lines[i].docid = std::string_view(k.bytes.data() + k.offsets[i], end - k.offsets[i]);
    }
    seen.reset(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::uint32_t at = seen.insert(hash_of(lines[i].docid), static_cast<std::uint32_t>(i),
                                           [&](std::uint32_t o) { return lines[o].docid == lines[i].docid; });
      if (at == handle_table::none) continue;
      const std::size_t second = lines[at].line > lines[i].line ? at : i;
      const std::size_t later = lines[second].line, earlier = std::min(lines[at].line, lines[i].line);
      return fail(error_code::duplicate_id,
                  "expected each docid once per query, got " + echo(lines[i].docid) + " again in query " +
                      echo(judged().queries[q].qid) + " (first on line " + std::to_string(earlier) + ")",
                  later, k.columns[second])
          .with("found", lines[i].docid)
          .with("first_line", std::to_string(earlier))
          .in("run");
    }
    if (auto ok = evaluate(q, lines.data(), lines.size()); !ok) return ok;  // checked above: not reached
    k = kept_query();
  }
  return done{};
}

namespace {
// A field's view copied as its two words: the line scanner stores them one
// by one, and a copy of both in one 16-byte load waited for those stores
// to finish (no store forwarding), a stall per field of every run line.
inline std::string_view word_by_word(std::string_view v) {
  const char* data = v.data();
  std::size_t size = v.size();
#if defined(__GNUC__) && !defined(__EMSCRIPTEN__)
  asm("" : "+r"(data), "+r"(size));  // keeps the compiler from joining the loads again
#endif
  return std::string_view(data, size);
}
}  // namespace

// The reader's part of a line: its fields found and counted, its score read
// and its docid hashed; the docid is checked with the rest of its query. In
// the modules a call per piece, not folded into its one caller (detail::
// record_batches says why).
NDCG_BATCH_CALL expected<std::size_t> trec_stream::feed(std::string_view text, bool last) {
  state& s = *s_;
  detail::line_reader lines(text, s.next_line, s.at_start);
  const limits lim;
  detail::field f[8];
  detail::line l;
  bool open = false;
  std::string_view qid, tag;
  std::uint32_t kept_query = handle_table::none;
  std::size_t query_start = text.size(), query_line = 0, line_end = 0;
  const auto fail_at = [&](error e) { return s.earliest(std::move(e)); };
  std::size_t n = 0;
  status problem = done{};
  while (detail::read_layout_record(lines, lim, detail::run_layout, l, f, n, problem)) {
    if (auto ok = detail::check_fields(l, f, n, detail::run_layout); !ok) return fail_at(error(ok.err()).in("run"));
    tag = f[5].text;
    if (s.collecting) {
      double score = 0;
      if (auto ok = detail::read_score(f, l.number, score); !ok) return error(ok.err()).in("run");
      if (!open || !detail::same_id(f[0].text, qid)) kept_query = s.judged().find(f[0].text);
      open = true;
      qid = f[0].text;
      if (kept_query != handle_table::none) s.keep_line(kept_query, f[2].text, score, l.number, f[2].column);
      continue;
    }
    if (!open || !detail::same_id(f[0].text, qid)) {
      if (open)
        if (auto ok = s.close_query(tag, text.substr(query_start, line_end - query_start)); !ok)
          return fail_at(ok.err());
      if (auto ok = s.open_query(f[0], l.number); !ok) return fail_at(ok.err());
      open = true;
      qid = f[0].text;
      query_start = static_cast<std::size_t>(l.text.data() - text.data());
      query_line = l.number;
    }
    pending_line& p = s.current.emplace_back();  // written field by field: a whole line copied stalled on its stores
    p.docid = word_by_word(f[2].text);
    p.score = word_by_word(f[4].text);
    p.line = l.number;
    p.docid_column = static_cast<std::uint32_t>(f[2].column);
    p.score_column = static_cast<std::uint32_t>(f[4].column);
#ifndef __EMSCRIPTEN__
    p.scored = detail::read_decimal(p.score, p.value) == number_status::ok;
    p.hash = static_cast<std::uint32_t>(hash_of(p.docid));
#endif
    line_end = static_cast<std::size_t>(l.text.data() + l.text.size() - text.data());
  }
  if (!problem) return fail_at(error(problem.err()).in("run"));
  const std::size_t next_line = lines.number() + 1;  // blank and comment lines counted too
  if (s.collecting || last || !open) {
    if (open) s.run_id.assign(tag);
    if (open && !s.collecting)
      if (auto ok = s.close_query(tag, text.substr(query_start, line_end - query_start)); !ok)
        return fail_at(ok.err());
    s.next_line = next_line;
    s.at_start = false;
    return text.size();
  }
  // The last query may go on in the next piece: it is read again then.
  s.current.clear();
  s.next_line = query_line;
  if (query_start > 0) s.at_start = false;
  return query_start;
}

void trec_stream::regroup() {
  state& s = *s_;
  if (s.worker) s.worker->finish();
  s.worker.reset();
  s.evaluated.assign(s.judged().queries.size(), 0);
  s.first_line_of.assign(s.judged().queries.size(), 0);
  s.row_query.clear();
  s.values.clear();
  s.texts.clear();
  s.problem.reset();
  s.current.clear();
  s.next_line = 1;
  s.at_start = true;
  s.run_id.clear();
  s.collecting = true;
  s.kept.assign(s.judged().queries.size(), state::kept_query());
}

status trec_stream::add_query(const query_lines& in) {
  state& s = *s_;
  const std::uint32_t q = s.judged().find(in.qid);
  if (q == handle_table::none || in.entries.empty()) return done{};
  if (s.collecting) {
    for (std::size_t i = 0; i < in.entries.size(); ++i)
      s.keep_line(q, in.entries[i].docid, in.entries[i].score, in.entries[i].line, in.columns[i]);
    return done{};
  }
  if (s.first_line_of[q] != 0) return came_back({in.qid, in.column}, in.line, s.first_line_of[q]);
#ifdef __EMSCRIPTEN__  // one thread: evaluated at once
  s.first_line_of[q] = in.entries.front().line;
  if (auto ok = s.evaluate(q, in.entries.data(), in.entries.size()); !ok) return ok;
  if (s.problem) return *s.problem;
#else  // as the TREC reader's queries: to the second thread, scores read, docids hashed and each once
  s.current.resize(in.entries.size());
  for (std::size_t i = 0; i < in.entries.size(); ++i) {
    const run_entry& e = in.entries[i];
    pending_line& p = s.current[i];
    p = pending_line{e.docid, e.docid.substr(0, 0), e.line, in.columns[i], 0};  // the score read: no text
    p.value = e.score;
    p.scored = true;
    p.hash = in.hashes ? in.hashes[i] : static_cast<std::uint32_t>(hash_of(e.docid));
  }
  s.hand_over(q, in.block, &in.block);  // its error, if any, waits for finish()
#endif
  return done{};
}

bool trec_stream::checks_docids([[maybe_unused]] std::string_view qid) const {
#ifdef __EMSCRIPTEN__  // evaluated at once: the caller checks
  return false;
#else
  if (s_->collecting) return false;
  const std::uint32_t q = s_->judged().find(qid);
  return q != handle_table::none && s_->first_line_of[q] == 0;  // else not evaluated: it came back
#endif
}

#ifndef __EMSCRIPTEN__  // queries evaluated on threads: native only
std::optional<error> trec_stream::run_error_before(std::size_t line) {
  state& s = *s_;
  if (s.worker) s.worker->finish();
  if (s.problem && s.problem->source == "run" && s.problem->line < line) return s.problem;
  return std::nullopt;
}

namespace {

// Where jobs (judged query, query) end when split in shares of about equal
// rows (`rows(k)`: job k's), one per thread.
template <class Rows>
std::vector<std::size_t> shares_of(std::size_t jobs, Rows rows, unsigned threads) {
  std::size_t all = 0;
  for (std::size_t k = 0; k < jobs; ++k) all += rows(k);
  std::vector<std::size_t> cut{0};
  std::size_t taken = 0;
  for (std::size_t k = 0; k < jobs; ++k) {
    taken += rows(k);
    if (cut.size() < threads && taken * threads >= all * cut.size()) cut.push_back(k + 1);
  }
  if (cut.size() == 1 || cut.back() != jobs) cut.push_back(jobs);  // one share at least
  return cut;
}

}  // namespace

// Judged queries `jobs` (judged query, query) evaluated into new rows on up
// to `threads` threads, each a share of about equal rows; `input(k, buffer)`
// gives job k's inputs, in `buffer` if it must.
template <class Rows, class Input>
status trec_stream::state::evaluate_jobs(const std::vector<std::pair<std::uint32_t, std::size_t>>& jobs, Rows rows,
                                         Input input, unsigned threads) {
  state& s = *this;
  for (const auto& j : jobs) s.evaluated[j.first] = 1;
  const std::size_t base = s.row_query.size();
  bool texts = false;
  for (const column& c : s.p.columns) texts = texts || c.of->kind == value_kind::text;
  std::size_t all = 0;
  for (std::size_t k = 0; k < jobs.size(); ++k) all += rows(k);
  if (s.values.empty()) s.reserve_rows(jobs.size());
  s.values.resize(base + jobs.size());
  if (texts) s.texts.resize(base + jobs.size());
  for (const auto& j : jobs) s.row_query.push_back(j.first);
  // Threads pay from a few tens of thousands of rows on.
  const auto by_size = static_cast<unsigned>(all / 20000 + 1);
  const std::vector<std::size_t> cut = shares_of(jobs.size(), rows, std::max(1u, std::min(threads, by_size)));
  std::vector<std::optional<error>> problems(cut.size() - 1);
  const auto evaluate_share = [&](std::size_t t, query_evaluator& ev) {
    std::vector<double> row;
    std::vector<std::string> row_texts;
    std::vector<run_entry> buffer;
    for (std::size_t k = cut[t]; k < cut[t + 1]; ++k) {
      if (auto ok = ev.evaluate(input(k, buffer), row, row_texts); !ok) {
        problems[t] = ok.err().code == error_code::duplicate_id ? error(ok.err()).in("run") : error(ok.err()).in(s.qrels_source);
        return;
      }
      std::copy(row.begin(), row.end(), s.values[base + k].begin());
      if (texts) s.texts[base + k] = std::move(row_texts);
    }
  };
  std::vector<std::unique_ptr<query_evaluator>> others;
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t + 1 < cut.size(); ++t) {
    others.push_back(std::make_unique<query_evaluator>(s.p, s.conv, s.levels));
    pool.emplace_back(evaluate_share, t, std::ref(*others.back()));
  }
  evaluate_share(0, *s.evaluator);
  for (std::thread& t : pool) t.join();
  for (const auto& ev : others) s.more_notes.insert(s.more_notes.end(), ev->notes().begin(), ev->notes().end());
  for (const std::optional<error>& e : problems)
    if (e) return *e;
  return done{};
}

status trec_stream::add_queries(const std::vector<std::string_view>& qids, const std::vector<std::size_t>& starts,
                                const query_fill& fill, unsigned threads) {
  state& s = *s_;
  std::vector<std::pair<std::uint32_t, std::size_t>> jobs;  // judged query, query
  for (std::size_t i = 0; i < qids.size(); ++i) {
    const std::uint32_t q = s.judged().find(qids[i]);
    if (q != handle_table::none && !s.evaluated[q]) jobs.emplace_back(q, i), s.evaluated[q] = 1;
  }
  const auto rows = [&](std::size_t k) { return starts[jobs[k].second + 1] - starts[jobs[k].second]; };
  const auto input = [&](std::size_t k, std::vector<run_entry>& entries) {
    thread_local std::vector<std::uint32_t> hashes;  // the thread's own, as `entries` is
    fill(jobs[k].second, entries, hashes);
    return s.input_of(jobs[k].first, entries.data(), entries.size(), hashes.data());
  };
  return s.evaluate_jobs(jobs, rows, input, threads);
}
#endif

status trec_stream::add_judged_run(const double* scores, std::size_t count, unsigned threads) {
  state& s = *s_;
  const judgments& j = s.judged();
  if (count != j.docs.size())
    return fail(error_code::bad_input, "expected a score for each of the " + std::to_string(j.docs.size()) +
                                           " judgments, got " + std::to_string(count));
  std::vector<std::pair<std::uint32_t, std::size_t>> jobs;  // judged query, itself
  for (std::uint32_t q = 0; q < j.queries.size(); ++q)
    if (!s.evaluated[q] && j.queries[q].end > j.queries[q].begin) jobs.emplace_back(q, q);
  const auto rows = [&](std::size_t k) { return j.queries[jobs[k].first].end - j.queries[jobs[k].first].begin; };
  // Judgments built from records keep their lines; TREC text's are not counted for this.
  const bool lines = !j.lines.empty();
  // The judged documents as run entries, their hashes beside them.
  const auto input = [&](std::size_t k, std::vector<run_entry>& run, std::vector<std::uint32_t>& hashes) {
    const judged_query& jq = j.queries[jobs[k].first];
    run.clear();
    hashes.clear();
    for (std::size_t i = jq.begin; i < jq.end; ++i) {
      run.push_back(run_entry{j.id(i), scores[i], lines ? j.lines[i] : 0});
      hashes.push_back(j.docs[i].hash);
    }
    return s.input_of(jobs[k].first, run.data(), run.size(), hashes.data());
  };
#ifdef __EMSCRIPTEN__  // one thread: each query evaluated at once, as add_query does
  (void)rows, (void)threads;
  std::vector<run_entry> run;
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    const query_input in = input(k, run, s.on_reader.hashes);
    if (auto ok = s.evaluate(jobs[k].first, in.run, in.run_count, in.run_hashes); !ok) return ok;
    if (s.problem) return *s.problem;
  }
  return done{};
#else
  const auto on_thread = [&](std::size_t k, std::vector<run_entry>& run) {
    thread_local std::vector<std::uint32_t> hashes;  // the thread's own, as `run` is
    return input(k, run, hashes);
  };
  return s.evaluate_jobs(jobs, rows, on_thread, threads);
#endif
}

void trec_stream::set_run_id(std::string_view tag) { s_->run_id.assign(tag); }

namespace {

// A judged query the run lacks: left out by default, as trec_eval leaves it;
// --strict, and compare (whose paired tests need every query), stop here.
error missing_from_run(const judged_query& q, const judgments& j, std::string_view qrels_text,
                       const std::string& source) {
  const std::size_t line = j.line(q.begin);
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
  if (s.collecting)
    if (auto ok = s.evaluate_kept(); !ok) return ok.err();
  if (s.problem) return *s.problem;
  // Queries only in the qrels, in qid order (the first missing is named).
  std::vector<std::size_t> missing;
  for (std::uint32_t q = 0; q < s.judged().queries.size(); ++q)
    if (!s.evaluated[q]) missing.push_back(q);
  const bool named = !s.opt.complete && !s.row_query.empty() && !missing.empty() && s.opt.strict;
  if (named || s.opt.complete)  // else they are left out, in no order
    detail::sort_indices(missing, [&](std::size_t a, std::size_t b) { return s.judged().queries[a].qid < s.judged().queries[b].qid; });
  if (named)
    return missing_from_run(s.judged().queries[missing.front()], s.judged(), s.qrels_text, s.qrels_source);
  if (s.opt.complete)
    for (const std::size_t q_at : missing)
      if (auto ok = s.evaluate(static_cast<std::uint32_t>(q_at), nullptr, 0); !ok) return ok.err();  // one line: not reached
  if (s.problem) return *s.problem;
  if (s.row_query.empty() && !s.opt.shard)
    return fail(error_code::no_common_query,
                "no query is in both the run and the qrels, so there is nothing to evaluate (trec_eval 10.0 crashes here)")
        .in("run");
  // trec_eval prints and sums in qid byte order, which matters for the last bits.
  std::vector<std::size_t> order(s.row_query.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto qid_of = [&](std::size_t i) { return s.judged().queries[s.row_query[i]].qid; };
#ifdef __EMSCRIPTEN__  // the shorter code: the modules' size
  detail::sort_indices(order, [&](std::size_t a, std::size_t b) { return qid_of(a) < qid_of(b); });
#else  // most comparisons end at the qids' first eight bytes, read once here
  std::vector<std::uint64_t> prefix(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) prefix[i] = docid_prefix(qid_of(i));
  detail::sort_indices(order, [&](std::size_t a, std::size_t b) {
    return prefix[a] != prefix[b] ? prefix[a] < prefix[b] : qid_of(a) < qid_of(b);
  });
#endif
  trec_result r;
  describe_columns(s.p, r);
  r.qids.reserve(order.size());
  s.values.reorder(order);
  r.values = std::move(s.values);
  for (std::size_t i : order) {
    r.qids.emplace_back(qid_of(i));
    if (!r.text_columns.empty()) r.texts.push_back(std::move(s.texts[i]));
  }
  r.num_q = r.qids.size();
  r.run_id = s.run_id;
  r.not_offered = s.p.not_offered;
  r.notes = s.p.notes;
#ifdef __EMSCRIPTEN__
  const std::vector<std::string>& found = s.evaluator->notes();  // add_queries takes no other thread
#else
  std::vector<std::string> found = s.evaluator->notes();
  found.insert(found.end(), s.more_notes.begin(), s.more_notes.end());
#endif
  constexpr std::size_t shown = 5;
  r.notes.insert(r.notes.end(), found.begin(), found.begin() + static_cast<std::ptrdiff_t>(std::min(found.size(), shown)));
  if (found.size() > shown) r.notes.push_back("(and " + std::to_string(found.size() - shown) + " more such notes)");
  if (!s.opt.zscores.empty()) apply_zscores(s.zscores, r);
  take_means(r);
  if (!s.opt.zscores.empty()) name_zscores(r);
  return r;
}

namespace {
expected<trec_result> evaluate_once(std::string_view qrels_text, std::string_view run_text, const trec_options& opt,
                                    std::string_view subtopics) {
  auto stream = trec_stream::open(qrels_text, opt, subtopics);
  if (!stream) return stream.err();
  if (auto ok = detail::check_size(run_text, limits{}); !ok) return error(ok.err()).in("run");
  auto fed = stream->feed(run_text, true);
  if (fed) return stream->finish();
  if (fed.err().code != error_code::ungrouped_run) return fed.err();
  // Interleaved queries: the same judgments, the run read again and grouped.
  stream->regroup();
  if (auto again = stream->feed(run_text, true); !again) return again.err();
  return stream->finish();
}
}  // namespace

expected<trec_result> evaluate_trec(std::string_view qrels_text, std::string_view run_text,
                                    const trec_options& opt, std::string_view subtopics) {
  auto once = [&](const trec_options& o) { return evaluate_once(qrels_text, run_text, o, subtopics); };
  return evaluate_by_conventions(opt, once);
}

}  // namespace ndcg

namespace ndcg {

namespace {

// Pieces of whole lines; a piece grows while one query (or one line) fills
// more than half of it.
expected<trec_result> feed_pieces(trec_stream& stream, run_source& in) {
  detail::big_vector<char> buf(detail::big_block);  // one huge page
  std::size_t filled = 0;
  for (;;) {
    const std::size_t room = buf.size() - filled;
    const std::size_t got = in.fill(buf.data() + filled, room);
    filled += got;
    const bool last = got < room;
    const std::string_view text(buf.data(), filled);
    const std::size_t line_end = last ? filled : text.rfind('\n');
    const bool too_long = line_end == std::string_view::npos && filled > limits{}.max_line;
    if (line_end != std::string_view::npos || too_long) {
      auto used = stream.feed(text.substr(0, too_long ? filled : line_end + 1), last || too_long);
      if (!used) return used.err();
      if (last || too_long) break;
      std::memmove(buf.data(), buf.data() + *used, filled - *used);
      filled -= *used;
    }
    if (filled * 2 > buf.size()) buf.resize(buf.size() * 2);
  }
  return stream.finish();
}

}  // namespace

std::size_t run_source::fill(char* into, std::size_t size) {
  std::size_t filled = 0;
  for (std::size_t got; filled < size && (got = read(into + filled, size - filled)) != 0;) filled += got;
  return filled;
}

#ifndef __EMSCRIPTEN__
// A run held in memory (a text) read where it is, in pieces of whole lines
// as feed_pieces cuts them: nothing is copied in or at the hand-over
// (queries go as views into it).
expected<trec_result> trec_stream::feed_held(run_source& in) {
  const std::string_view all = in.held();
  s_->views_last = true;
  std::size_t at = 0, piece = detail::big_block;
  for (;;) {
    const std::string_view text = all.substr(at, piece);
    const bool last = at + text.size() == all.size();
    const std::size_t line_end = last ? text.size() : text.rfind('\n');
    const bool too_long = line_end == std::string_view::npos && text.size() > limits{}.max_line;
    if (line_end == std::string_view::npos && !too_long) {
      piece *= 2;
      continue;
    }
    auto used = feed(text.substr(0, too_long ? text.size() : line_end + 1), last || too_long);
    if (!used) return used.err();
    if (last || too_long) break;
    if (*used * 2 < text.size()) piece *= 2;  // one query fills more than half of it
    at += *used;
  }
  in.skip(all.size());
  return finish();
}
#endif

// A run whose queries are interleaved is read again from its start when
// the source can go back there (a file), grouped against the same judgments.
expected<trec_result> trec_stream::feed_all(run_source& in) {
  const auto fed = [&] {
#ifndef __EMSCRIPTEN__
    if (in.held().data() != nullptr) return feed_held(in);
#endif
    return feed_pieces(*this, in);
  };
  auto result = fed();
  if (result || result.err().code != error_code::ungrouped_run) return result;
  if (!in.rewind()) return result;  // standard input: it must be grouped
  regroup();
  return fed();
}

}  // namespace ndcg
