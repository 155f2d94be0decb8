// Batch evaluation of TREC runs, compatible with trec_eval 10.0: the same
// measure names, output lines and semantics (ties broken by docid
// descending, the rank column ignored, judged-negative documents worth 0).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/settings.hpp"

namespace ndcg {

// One -m argument, e.g. "ndcg_cut.5,10" or "ndcg.1=1,2=3".
struct measure_spec {
  std::string base;                      // "ndcg", "ndcg_cut", "P", ...
  std::string params;                    // the text after the dot, as given
  std::vector<std::uint64_t> cutoffs;    // for cutoff measures (64 bits in wasm too)
  std::vector<double> levels;            // for iprec_at_recall, Rprec_mult: fractions
  std::vector<std::pair<long, double>> gains;  // for ndcg's rel=gain pairs
  std::vector<double> numbers;           // for utility, set_F, relstring, 11pt_avg; rbp's p
  std::vector<std::string> notes;        // readings taken ("cutoff 23.4 read as 23")
};
expected<measure_spec> parse_measure(std::string_view text);

// The measure families -m takes, in the order their lines are printed
// (trec_eval 10.0's, then ours), from the one list of families.
const std::vector<std::string_view>& trec_measure_names();
// One family as --help and the menus show it.
struct trec_measure_info {
  std::string_view name;
  std::string_view help;          // one line
  std::string_view parameters;    // "" (none), "cutoffs", "fractions", "numbers" or "gains"
  std::vector<double> defaults;   // the parameters used when none are given
  std::string_view judgments;     // "qrels", "prefs" (prefs or qrels_prefs), "qrels_jg" or "" (any)
};
const std::vector<trec_measure_info>& trec_measures();
// trec_eval's nicknames (official, all_trec, set, all_prefs, prefs,
// qrels_jg) and all_qrels, each with the families it names.
struct trec_nickname {
  std::string_view name;
  std::vector<std::string_view> families;
};
const std::vector<trec_nickname>& trec_nicknames();
// The measures evaluated when none are given: trec_eval's default
// ("official") set, line for line.
const std::vector<std::string>& default_trec_measures();
// ir_measures' names -m takes too ("nDCG" for nDCG@10, "P" for P(rel=2)@5, ...).
const std::vector<std::string_view>& ir_measure_names();
// One family explained (`ndcg trec --help-measure NAME`): what it computes,
// its formula, parameters, "all" line, and trec_eval's rules on ties,
// unjudged documents, -l and -J as they hold for it. NAME is a family
// ("ndcg_cut"), with parameters ("ndcg_cut.10") or as printed
// ("ndcg_cut_10"); another is -m's unknown-measure error.
expected<std::string> describe_measure(std::string_view name);
class field_sink;
// The same as fields: name, help, about, parameters, defaults, all, ties,
// unjudged, level, judged_only ("" where a rule does not apply), text.
status put_measure_description(std::string_view name, field_sink& out);
// trec_eval's measures that -m all_trec names and we do not compute (none).
const std::vector<std::string_view>& trec_measures_not_offered();



// One row's values: a view, valid while its table does not grow.
template <class T>
class row_view {
 public:
  row_view(T* at, std::size_t width) : at_(at), width_(width) {}
  T& operator[](std::size_t m) const { return at_[m]; }
  std::size_t size() const { return width_; }
  T* data() const { return at_; }
  T* begin() const { return at_; }
  T* end() const { return at_ + width_; }
  T& back() const { return at_[width_ - 1]; }

 private:
  T* at_;
  std::size_t width_;
};

// A batch's per-query values: rows of one width, end to end in one block.
// A row each in a heap block of its own cost an allocation a query, and on
// the evaluating thread those grew its arena a page at a time, a system
// call each: a sixth of `-m all_trec`'s time on a 1M-line run.
class value_rows {
 public:
  // Walks the rows in order (for a range-for).
  template <class T>
  class walker {
   public:
    walker(T* at, std::size_t width, std::size_t row) : at_(at), width_(width), row_(row) {}
    row_view<T> operator*() const { return {at_, width_}; }
    walker& operator++() {
      at_ += width_;
      ++row_;
      return *this;
    }
    bool operator!=(const walker& o) const { return row_ != o.row_; }

   private:
    T* at_;
    std::size_t width_;
    std::size_t row_;  // the count, not the address, ends a walk: rows of width 0 share one
  };

  value_rows() = default;
  // `rows` rows of `width` values, each `fill`.
  value_rows(std::size_t rows, std::size_t width, double fill = 0.0)
      : width_(width), rows_(rows), data_(rows * width, fill) {}
  // The rows laid end to end in `data` (rows * width values), taken as they are.
  value_rows(std::vector<double> data, std::size_t rows, std::size_t width);
  value_rows(const value_rows&) = default;
  value_rows& operator=(const value_rows&) = default;
  // A table moved from is empty (its count with it), ready for rows again.
  value_rows(value_rows&& from) noexcept { *this = std::move(from); }
  value_rows& operator=(value_rows&& from) noexcept {
    width_ = from.width_;
    rows_ = std::exchange(from.rows_, 0);
    data_ = std::move(from.data_);
    from.data_.clear();
    return *this;
  }

  std::size_t size() const { return rows_; }
  bool empty() const { return rows_ == 0; }
  std::size_t width() const { return width_; }
  row_view<double> operator[](std::size_t q) { return {data_.data() + q * width_, width_}; }
  row_view<const double> operator[](std::size_t q) const { return {data_.data() + q * width_, width_}; }
  walker<double> begin() { return {data_.data(), width_, 0}; }
  walker<double> end() { return {data_.data() + rows_ * width_, width_, rows_}; }
  walker<const double> begin() const { return {data_.data(), width_, 0}; }
  walker<const double> end() const { return {data_.data() + rows_ * width_, width_, rows_}; }
  const double* data() const { return data_.data(); }

  // Room for `rows` rows of `width` values; the width is set so while the table is empty.
  void reserve(std::size_t rows, std::size_t width);
  // One row more, a copy of `row`; the first of an empty table sets the width.
  void push_back(const double* row, std::size_t width);
  void push_back(const std::vector<double>& row) { push_back(row.data(), row.size()); }
  void push_back(row_view<const double> row) { push_back(row.data(), row.size()); }
  // `rows` rows (new ones zero) of the table's width.
  void resize(std::size_t rows);
  void clear();
  // Columns more at the end of every row: row q's c-th new value is columns[c][q].
  void add_columns(const std::vector<std::vector<double>>& columns);
  // Row i becomes the row that was at order[i] (`order` a permutation of the rows), in place.
  void reorder(const std::vector<std::size_t>& order);

 private:
  std::size_t width_ = 0;
  std::size_t rows_ = 0;
  std::vector<double> data_;
};


// Values of all measures, one row per query, plus the "all" row.
struct trec_result {
  std::vector<std::string> names;        // printed names: "ndcg_cut_10", "P_5", ...
  // Flags per measure, one byte each (vector<bool>'s code would weigh on the wasm).
  std::vector<char> is_count;            // printed as integers (num_ret, ...)
  std::vector<char> summary_only;        // printed on the "all" line only (runid, num_q, gm_map)
  std::vector<char> per_query_only;      // no "all" line (relstring)
  std::vector<char> is_text;             // the value is text (relstring): see `texts`
  std::vector<char> geometric;           // 1: the "all" row is the geometric mean of
                                         // max(value, 0.00001) (gm_map; its values are APs);
                                         // 2: exp of the mean (the same under -Z, whose
                                         // values are z-scores of the logs)
  std::vector<std::string> qids;         // sorted as trec_eval prints them (byte order)
  value_rows values;                     // values[q][m]; NaN = no value (IDCG = 0 under
                                         // a preset whose zero policy is "skip"), but
                                         // trec_nan() is a value: trec_eval's -nan
  std::vector<std::size_t> text_columns;  // the text measures' columns, in order
  std::vector<std::vector<std::string>> texts;  // texts[q][i]: column text_columns[i]'s text
  // The text of column m (a text measure) for query q.
  const std::string& text(std::size_t q, std::size_t m) const;
  std::vector<double> mean;              // the "all" row: the mean over queries with a value,
                                         // but the sum for counts (num_rel, ...), as trec_eval
  std::size_t num_q = 0;
  std::string run_id;                    // the tag of the run's last line (runid)
  std::vector<std::string> not_offered;  // measures -m all_trec named that are not computed
  std::vector<std::string> notes;        // readings taken ("ndcg_cut.23.4: cutoff 23.4 read as 23")
  bool zscores = false;                  // -Z: the values are z-scores, named as trec_eval
                                         // prints them ("Zmap"; counts are no longer counts)
  // --ci, per column: a seeded bootstrap 95% interval of its "all" line when
  // that is a mean over queries (not a count's sum, not a geometric mean),
  // NaN (withheld) under min_interval_queries, and the queries it rests on
  // (0: no interval). Empty without --ci.
  std::vector<double> ci_low, ci_high;
  std::vector<std::size_t> ci_queries;
  bool has_interval(std::size_t m) const { return m < ci_queries.size() && ci_queries[m] != 0; }
};

// Fills r.ci_low, ci_high, ci_queries: compare's bootstrap (stats::bootstrap_interval) of
// each mean's per-query values, `trials` resamples from `seed`, each
// measure from the seed afresh so its interval does not depend on the
// others asked for (compare/mean_interval.cpp).
void add_intervals(trec_result& r, std::uint64_t trials, std::uint64_t seed);
// The same when b.ci asks for them (b.trials, b.seed); else nothing.
void add_intervals(trec_result& r, const batch_settings& b);

// trec_eval prints "-nan" where a measure divides 0 by 0 (iprec_at_recall of
// a query with nothing ranked under -J): a NaN kept apart from "no value".
double trec_nan();
bool is_trec_nan(double v);

// The bytes of a run, handed over in pieces: a file, standard input, the
// JS bytes of the wasm module. read() fills up to `size` bytes and says
// how many (0: the end); rewind() starts again at the first byte, false
// when it cannot (standard input).
class run_source {
 public:
  virtual ~run_source() = default;
  virtual std::size_t read(char* into, std::size_t size) = 0;
  virtual bool rewind() = 0;
  // The bytes left to read when known (a file, a text), else 0: a run read
  // whole is held in one buffer of that size, never doubled.
  virtual std::size_t size_hint() { return 0; }
  // Reads until `size` bytes came or the run ended; how many came.
  std::size_t fill(char* into, std::size_t size);
#ifndef __EMSCRIPTEN__  // the modules copy a run in pieces
  // The bytes left when the source holds them in memory (a text), to be
  // read where they are; no data else. skip(n) passes n of them.
  virtual std::string_view held() { return {}; }
  virtual void skip(std::size_t n) { static_cast<void>(n); }
#endif
};
// A run in memory as a source (evaluate_run.cpp).
class text_source : public run_source {
 public:
  explicit text_source(std::string_view text) : text_(text) {}
  std::size_t read(char* into, std::size_t size) override;
  bool rewind() override;
  std::size_t size_hint() override { return text_.size() - at_; }
#ifndef __EMSCRIPTEN__  // the modules copy a run in pieces
  std::string_view held() override { return text_.substr(at_); }
  void skip(std::size_t n) override { at_ += n; }
#endif

 private:
  std::string_view text_;
  std::size_t at_ = 0;
};
// A stream as a run source (trec_stream_file.cpp): a file rewinds by
// seeking; standard input, `can_rewind` false, is read once.
std::unique_ptr<run_source> stream_source(std::istream& in, bool can_rewind);

// Judgments read and indexed once for many runs: the text is held, and
// every stream opened on them shares the index, read-only, so runs can be
// evaluated against them on several threads at once.
class trec_judgments {
 public:
  // TREC judgments in the -R format (qrels: `qid iter docid rel` lines).
  static expected<trec_judgments> read(std::string text, judgment_format format = judgment_format::qrels);
  std::string_view text() const;
  judgment_format format() const;
  // The judged queries' ids, in the judgments' order.
  std::vector<std::string_view> query_ids() const;

 private:
  friend class trec_stream;
  friend class judgments_builder;
  struct held;
  std::shared_ptr<const held> held_;
};

// Qrels given one judgment at a time (the records of a table, of JSON, of
// LETOR), their ids copied as they come: no TREC text in between. A doc
// judged twice in one query is refused at its second place.
class judgments_builder {
 public:
  judgments_builder();
  judgments_builder(judgments_builder&&) noexcept;
  ~judgments_builder();
  // `hash`: the docid's hash_of when the reader took it, else 0.
  void add(std::string_view qid, std::string_view docid, long rel, std::size_t line, std::size_t column,
           std::size_t hash = 0);
  // Room for about `judgments` (a text's lines, say) and `id_bytes` of their
  // ids: no array then grows by doubling, which held twice the judgments at
  // its peak.
  void reserve(std::size_t judgments, std::size_t id_bytes = 0);
  // Ids lying inside `text`, which outlives the judgments, are kept as
  // views, not copied.
  void keep_views(std::string_view text);
  // The reader refused a doc given twice in a query already: no second look.
  void repeats_checked();
  // The judgments (-R qrels; their text() is empty), or the error of the
  // first doc judged twice, by the line of its second judgment.
  expected<trec_judgments> finish();

 private:
  struct parts;
  std::unique_ptr<parts> p_;
};

// A run evaluated piece by piece, query by query: memory holds the qrels
// and the query being read, not the run. The run must be grouped by query
// (as run files are); a query that comes back after others is an
// ungrouped_run error, after which regroup() and the run fed again work.
class trec_stream {
 public:
  static expected<trec_stream> open(std::string_view qrels_text, const trec_options& opt,
                                    std::string_view subtopics = {});
  // On judgments read once; opt.judgments must be their format.
  // `subtopics`: subtopic qrels for alpha_ndcg_cut, when it is asked for.
  static expected<trec_stream> open(const trec_judgments& judged, const trec_options& opt,
                                    std::string_view subtopics = {});
  trec_stream(trec_stream&&) noexcept;
  trec_stream& operator=(trec_stream&&) noexcept;
  ~trec_stream();

  // Reads the lines of `text`, which must end at a line end unless `last`,
  // and evaluates each query whose lines all came. Returns the bytes read:
  // all but the lines of the last query, which the next call must give
  // again at the start of its text (everything when `last`).
  expected<std::size_t> feed(std::string_view text, bool last);
  // A whole run from a source, fed in pieces of whole lines, then
  // finish(). A run whose queries are interleaved is read again from the
  // start of a source that can rewind (a file), after regroup(); from one
  // that cannot, it is an ungrouped_run error.
  expected<trec_result> feed_all(run_source& in);
  // After feed() said ungrouped_run: forget the run read so far and keep
  // the judgments; the run is then fed again from its start, its judged
  // queries' lines kept and evaluated by finish() (memory: those lines).
  void regroup();
  // One query's run lines, read elsewhere (a reader's records), each docid
  // once. A judged query given again is an ungrouped_run error, unless
  // after regroup(). Natively a judged query is evaluated on the second
  // thread (as feed()'s are), its error said by finish().
  struct query_lines {
    std::string_view qid;
    std::size_t line = 0, column = 0;         // the qid's first place
    const std::vector<run_entry>& entries;
    const std::vector<std::uint32_t>& columns;  // each docid's
    std::string& block;                       // bytes holding qid and every docid (taken when handed over: garbage after)
    const std::uint32_t* hashes = nullptr;    // each docid's, as detail::hash_of gives it (null: hashed here)
  };
  status add_query(const query_lines& in);
  // Whether add_query finds a docid given twice in query `qid` (natively, a
  // judged query's on the second thread, said by finish()); else the caller
  // checks.
  bool checks_docids(std::string_view qid) const;
  // An error the second thread found in the run on a line before `line`,
  // once it is done: the reader's later error is said after it. Native only.
  std::optional<error> run_error_before(std::size_t line);
  // Queries read elsewhere, all at once (a table's columns): query i is
  // qids[i] with starts[i + 1] - starts[i] entries, its docids each once,
  // which fill(i, entries, hashes) writes (the docids' hashes as the
  // readers hash them) when it is evaluated, on its thread; the judged
  // ones evaluated on up to `threads` threads. Native only.
  using query_fill = std::function<void(std::size_t, std::vector<run_entry>&, std::vector<std::uint32_t>&)>;
  status add_queries(const std::vector<std::string_view>& qids, const std::vector<std::size_t>& starts,
                     const query_fill& fill, unsigned threads);
  // The judgments themselves as the run (a LETOR file's lines, which its
  // labels judge and its predictions score): each judged query ranks its own
  // documents, the i-th judgment given scored scores[i] (`count` of them).
  // For judgments built from records whose queries came grouped (LETOR's);
  // on up to `threads` threads (one in the modules).
  status add_judged_run(const double* scores, std::size_t count, unsigned threads);
  void set_run_id(std::string_view tag);
  expected<trec_result> finish();

 private:
  struct state;
  explicit trec_stream(std::unique_ptr<state> s);
#ifndef __EMSCRIPTEN__
  expected<trec_result> feed_held(run_source& in);
#endif
  std::unique_ptr<state> s_;
};

// Per-query outputs (-q, best with --digits 17) of runs split by query,
// merged into one result whose means are the one-shot means: counts are
// summed, other measures averaged over the queries in order, gm_map taken
// from the per-query map values. An error's source is the index of the text.
expected<trec_result> merge_trec(const std::vector<std::string_view>& outputs);
// The same merge over parts that are such texts or results held in memory
// (evaluate_trec's or evaluate_arrays' of each partition), mixed as they
// come: a result's values are taken as they are (exact, gm_map's per-query
// values included). A query in two parts is refused, named.
struct merge_part {
  std::string_view text;                // when result is null
  const trec_result* result = nullptr;
};
expected<trec_result> merge_trec(const std::vector<merge_part>& parts);

// ir_measures' names may ask measure by measure for other conventions than
// the options' (P(rel=2)@5: -l 2; nDCG(judged_only=True)@10: -J): the
// options are then evaluated by `evaluate` once per set of conventions
// named, each time with that set and its measures (the options' own set
// first), and the columns put side by side. One set: evaluate(opt).
class trec_evaluate_ref {  // any callable (const trec_options&) -> expected<trec_result>, by reference
 public:
  template <class F>
  trec_evaluate_ref(F& f) : f_(&f), call_([](void* f, const trec_options& o) { return (*static_cast<F*>(f))(o); }) {}
  expected<trec_result> operator()(const trec_options& o) const { return call_(f_, o); }

 private:
  void* f_;
  expected<trec_result> (*call_)(void*, const trec_options&);
};
expected<trec_result> evaluate_by_conventions(const trec_options& opt, trec_evaluate_ref evaluate);
// How many evaluations that takes.
expected<std::size_t> convention_passes(const trec_options& opt);

// Evaluates a run against qrels. `subtopics` (may be empty) is ndeval-style
// subtopic qrels for alpha_ndcg_cut; with empty qrels, or qrels that are
// the same text, the per-document judgments come from the subtopics. An error from reading an input keeps its
// line and column and says which input in error::source ("qrels", "run",
// "subtopics"); a bad option or measure has an empty source and no line.
expected<trec_result> evaluate_trec(std::string_view qrels_text, std::string_view run_text,
                                    const trec_options& opt, std::string_view subtopics = {});

// Queries held in memory as numbers, with no text in between: what
// NumPy arrays (labels, scores, group sizes) and pytrec_eval's dicts are.
// Query q's ranked documents are rows [starts[q], starts[q + 1]) of
// `labels` (their judgments; NaN: not judged) and `scores`. A document is
// named by `ids` (one per row) or, when that is empty, by its position in
// its query (1, 2, ..., as LETOR and tables without a doc column name
// them), which orders equal scores as those names do as docids (the
// larger in byte order first, as trec_eval: "9" before "10"). `extra` holds, per query
// (extra_starts, same shape), the grades of judged documents the query did
// not rank: they count in num_rel and in the ideal list. Labels and extra
// grades must be whole numbers; scores finite. An error names the row
// (line = row + 1 within the whole input) in source "labels" or "scores".
struct array_queries {
  const double* labels = nullptr;
  // Or the labels as 32-bit integers, read in place (NumPy's int32 grades:
  // no copy as doubles); `labels` is then unused.
  const std::int32_t* int_labels = nullptr;
  const double* scores = nullptr;
  std::vector<std::size_t> starts{0};       // queries + 1 offsets into the rows
  std::vector<std::string> qids;            // one per query
  std::vector<std::string_view> ids;        // empty: positions
  const double* extra = nullptr;
  std::vector<std::size_t> extra_starts;    // empty: none
};
// Evaluates the queries on up to `threads` threads (1 in wasm), each
// query as evaluate_trec would evaluate the same run and qrels; the
// judgments must be qrels (-R qrels), and -c, --strict have nothing to add.
expected<trec_result> evaluate_arrays(const array_queries& in, const trec_options& opt, unsigned threads = 1);

// How a result is written: trec_eval's text lines, JSON in pytrec_eval's
// shape ({"qid": {"measure": value}} and "all" for the means) or CSV (a row
// per query, then "all"; a column per measure). JSON and CSV carry every
// value exactly (shortest round-trip text); `digits` is the text's.
struct trec_output {
  report_format format = report_format::text;  // text, json or csv
  bool per_query = false;                      // -q
  bool summary = true;                         // -n turns the "all" lines off
  int digits = 4;                              // text: < 17 fixed decimals, 17 %.17g
};
std::string render_trec(const trec_result& r, const trec_output& out);
// How trec's result is written (--format, -q, -n, --digits): trec writes
// text, json or csv; markdown and latex are refused, naming the choices.
expected<trec_output> trec_output_of(const batch_settings& b);

class field_sink;
// The fields of a result, as the bindings return it: measures, qids,
// per_query ({qid: {measure: value}}, a text for relstring, kept as one
// column per measure by a sink that keeps columns), mean, num_q, run_id,
// summary_only (the measures of the "all" line alone), not_offered, notes.
void put_trec_result(const trec_result& r, field_sink& out);

// trec_eval's text: "name<TAB>qid<TAB>value" lines, name padded to 22.
// digits < 17 prints fixed decimals; 17 or more prints %.17g (round trip).
std::string format_trec(const trec_result& r, bool per_query, int digits = 4);

}  // namespace ndcg

// How far the order of tied documents can move trec_eval's values.
// trec_eval orders equal scores by docid, an accident of naming: two runs
// that differ only in document ids can score differently. The run is
// evaluated again with every group of equal scores in its worst order
// (smaller judged grades first) and in its best (larger grades first). That
// bounds every measure whose gain grows with the grade: ndcg, ndcg_cut, P,
// recall, map, recip_rank, err_cut (not alpha_ndcg_cut, whose best order
// depends on subtopics, nor an ndcg gain list that does not grow).
namespace ndcg {

struct trec_tie_range {
  trec_result worst, best;           // evaluate_trec's measures and queries, in the two orders
  std::vector<std::size_t> changed;  // per measure: queries whose worst and best values differ
};

// The two results (the run evaluated with trec_options::tied_grades -1 and +1,
// whole or streamed) and the count of queries that move, per measure.
trec_tie_range tie_range_of(trec_result worst, trec_result best);

// The run evaluated twice more by `evaluate(options)` (whole, streamed, from
// a file), with equal scores in the worst and in the best order of grades.
template <class Evaluate>
expected<trec_tie_range> tie_range_by(trec_options opt, Evaluate&& evaluate) {
  opt.tied_grades = -1;
  auto worst = evaluate(opt);
  if (!worst) return worst.err();
  opt.tied_grades = 1;
  auto best = evaluate(opt);
  if (!best) return best.err();
  return tie_range_of(std::move(*worst), std::move(*best));
}

// Errors are evaluate_trec's for the same inputs.
expected<trec_tie_range> evaluate_tie_range(std::string_view qrels_text, std::string_view run_text,
                                            const trec_options& opt, std::string_view subtopics = {});

// False for the measures a grade order does not bound: their families say
// so (unbounded_by_ties: alpha_ndcg_cut_*, rbp_resid).
bool tie_range_applies(std::string_view measure);

// trec_eval-style lines after the usual ones, three per measure:
// "NAME:ties<TAB>all<TAB>queries that change", "NAME:worst<TAB>all<TAB>mean",
// "NAME:best<TAB>all<TAB>mean"; with per_query, also the worst and best of
// each query that changes.
std::string format_tie_range(const trec_tie_range& t, bool per_query, int digits = 4);

// `r` with the range as measures of its own, as the JSON and CSV reports and
// the bindings' fields carry it: for each measure it applies to, NAME:ties
// (on the "all" line alone: the queries that change), NAME:worst and
// NAME:best (every query's value in the worst and in the best order, and
// their means).
trec_result with_tie_range(const trec_result& r, const trec_tie_range& t);

// render_trec's report of `r` with the range: the text's lines after the
// usual ones (format_tie_range), JSON's and CSV's measures of with_tie_range.
std::string render_trec(const trec_result& r, const trec_output& out, const trec_tie_range& t);

}  // namespace ndcg
