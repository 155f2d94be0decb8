// evaluate_run: a run in pieces, streamed as TREC or read whole (see
// evaluate_run.hpp).
#include "ndcg/evaluate_run.hpp"

#include "base/big_memory.hpp"
#include "base/hash_table.hpp"
#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#ifndef __EMSCRIPTEN__
#include <thread>
#endif
#include <utility>

namespace ndcg {

namespace {

// The first bytes of a run tell its format (detect_input reads this many).
constexpr std::size_t head_size = std::size_t(1) << 16;

// A source's first bytes, kept, then the rest of it: the head read to see
// the format is given again. Rewinding rewinds the source. The head is read
// when first asked for, so a run from a pipe that is slow to write does not
// hold back a fault in the judgments.
class headed_source final : public run_source {
 public:
  explicit headed_source(run_source& in) : in_(in) {}
  std::string_view head() { return take_head(), head_; }
  std::size_t size_hint() override { return take_head(), head_.size() - at_ + in_.size_hint(); }
  // Reads end without waiting: the source said its size (a file), or it
  // ended within the head already read. Reads nothing itself.
  bool sized() { return (taken_ && head_.size() < head_size) || in_.size_hint() > 0; }
  std::size_t read(char* into, std::size_t size) override {
    take_head();
    if (at_ == head_.size()) return in_.read(into, size);
    const std::size_t n = std::min(size, head_.size() - at_);
    std::memcpy(into, head_.data() + at_, n);
    at_ += n;
    return n;
  }
  bool rewind() override {
    if (!in_.rewind()) return false;
    head_.clear();
    at_ = 0;
    taken_ = true;
    return true;
  }
#ifndef __EMSCRIPTEN__
  // In memory: the head read from it lies just before the source's rest.
  std::string_view held() override {
    take_head();
    const std::string_view rest = in_.held();
    if (rest.data() == nullptr) return rest;
    const std::size_t back = head_.size() - at_;
    return std::string_view(rest.data() - back, rest.size() + back);
  }
  void skip(std::size_t n) override {
    const std::size_t from_head = std::min(n, head_.size() - at_);
    at_ += from_head;
    in_.skip(n - from_head);
  }
#endif
  // The whole run from here on, read to its end.
  std::string rest() {
    std::string out;
    out.reserve(size_hint());
    char piece[1 << 16];
    for (std::size_t got; (got = read(piece, sizeof piece)) != 0;) out.append(piece, got);
    return out;
  }

 private:
  void take_head() {
    if (taken_) return;
    taken_ = true;
    head_.resize(head_size);
    head_.resize(in_.fill(&head_[0], head_size));
  }
  run_source& in_;
  std::string head_;
  std::size_t at_ = 0;
  bool taken_ = false;
};

// A run evaluated by `once` (a pass per set of conventions the measures
// name) and, with b.tie_range, in the worst and best order of its ties.
template <class Once>
expected<run_evaluation> evaluate_passes(const batch_settings& b, Once once) {
  run_evaluation out;
  auto r = evaluate_by_conventions(b.trec, once);
  if (!r) return r.err();
  out.result = std::move(*r);
  if (!b.tie_range) return out;
  auto ties = tie_range_by(b.trec, [&](const trec_options& o) { return evaluate_by_conventions(o, once); });
  if (!ties) return ties.err();
  out.ties = std::move(*ties);
  return out;
}

// ---- runs and judgments given as records (every format but TREC text) ----

error placed(error e, const char* source) {
  if (e.source.empty()) e.source = source;
  return e;
}

// A query's qid and docids, one after another: the block handed over.
// Natively copied into room kept ahead, as a string's append (a call, then
// memcpy's) cost more than a typical id's few bytes.
class id_block {
 public:
  std::size_t size() const { return used_; }
  std::string_view view() const { return std::string_view(bytes_.data(), used_); }
  void clear() {
#ifdef __EMSCRIPTEN__
    bytes_.clear();
#endif
    used_ = 0;  // natively the bytes stay, room for the next query
  }
  // The bytes as a string, to be taken (garbage after).
  std::string& taken() {
#ifndef __EMSCRIPTEN__  // the modules' bytes are the block
    bytes_.resize(used_);
#endif
    return bytes_;
  }
  void add(std::string_view id) {
#ifdef __EMSCRIPTEN__  // the modules' size
    bytes_.append(id);
    used_ = bytes_.size();
#else
    const std::size_t n = id.size(), at = used_;
    if (bytes_.size() < at + n) bytes_.resize(std::max<std::size_t>(2 * bytes_.size(), at + n + 256));
    char* to = &bytes_[at];
    const char* from = id.data();
    if (n >= 8) {  // words of 8, the last one overlapping the one before
      for (std::size_t i = 0; i + 8 < n; i += 8) std::memcpy(to + i, from + i, 8);
      std::memcpy(to + n - 8, from + n - 8, 8);
    } else if (n >= 4) {
      std::memcpy(to, from, 4), std::memcpy(to + n - 4, from + n - 4, 4);
    } else {
      for (std::size_t i = 0; i < n; ++i) to[i] = from[i];
    }
    used_ = at + n;
#endif
  }

 private:
  std::string bytes_;
  std::size_t used_ = 0;
};

// Where a reader's records go: judgments built from them, a run fed to a
// stream query by query (each doc once per query), or nowhere (a file read
// for its errors alone). A judged query that comes back stops the read
// (ungrouped_run); after the stream's regroup() its lines are kept instead.
class evaluation_sink final : public record_sink {
 public:
  explicit evaluation_sink(trec_stream* stream, judgments_builder* judged = nullptr)
      : stream_(stream), judged_(judged) {}
  status add(const input_record& r) override {
    if (judged_) return judged_->add(r.qid, r.doc, r.rel, r.line, r.column, r.doc_hash), done{};
    if (!stream_) return done{};
    if (entries_.empty() || !detail::same_id(r.qid, qid_))
      if (auto ok = open_query(r); !ok) return ok;
    const auto hash = static_cast<std::uint32_t>(r.doc_hash ? r.doc_hash : detail::hash_of(r.doc));
    if (!checked_)
      if (auto ok = once(r, hash); !ok) return ok;
    offsets_.push_back(ids_.size());
    ids_.add(r.doc);
#ifndef __EMSCRIPTEN__  // for the second thread (the modules evaluate at once, and hash there)
    hashes_.push_back(hash);
#endif
    columns_.push_back(static_cast<std::uint32_t>(r.column));
    run_entry& e = entries_.emplace_back();
    e.score = r.score;
    e.line = r.line;
    if (!detail::same_id(r.tag, tag_)) tag_.assign(r.tag);  // the same tag, most often
    return done{};
  }
  // The last query fed; the first error the evaluation met, if any.
  status finish() {
    if (auto ok = flush(); !ok) return ok;
    if (stream_) stream_->set_run_id(tag_);
    return problem_ ? status(*problem_) : status(done{});
  }
  // The error to say for `e`, met while reading: a docid given twice on an
  // earlier line, in a query the stream checked or in the one read so far,
  // is said first (as the TREC reader says it).
  error earlier(error e) {
#ifndef __EMSCRIPTEN__  // the modules check every docid as it comes
    if (!stream_) return e;
    if (auto found = stream_->run_error_before(e.line)) return *found;
    if (!checked_ || entries_.empty()) return e;
    seen_.reset(entries_.size());
    for (std::uint32_t i = 0; i < entries_.size(); ++i) {
      const std::uint32_t at = seen_.insert(hashes_[i], i, [&](std::uint32_t o) { return doc(o) == doc(i); });
      if (at == detail::handle_table::none) continue;
      if (entries_[i].line < e.line) return repeated(doc(i), qid_, entries_[i].line, columns_[i], entries_[at].line);
      break;
    }
#endif
    return e;
  }

 private:
  static error repeated(std::string_view doc, std::string_view qid, std::size_t line, std::size_t column,
                        std::size_t first) {
    return fail(error_code::duplicate_id,
                "expected each docid once per query, got " + echo(doc) + " again in query " + echo(qid) +
                    " (first on line " + std::to_string(first) + ")",
                line, column)
        .with("found", doc)
        .with("first_line", std::to_string(first));
  }
  std::string_view doc(std::size_t e) const {
    const std::size_t end = e + 1 < offsets_.size() ? offsets_[e + 1] : ids_.size();
    return ids_.view().substr(offsets_[e], end - offsets_[e]);
  }
  // The last query fed, and the record's own opened. Out of the line of
  // add(), as are the checks below: its every record pays for their frames.
#ifndef __EMSCRIPTEN__  // natively (the modules' size)
  [[gnu::noinline]]
#endif
  status open_query(const input_record& r) {
    if (auto ok = flush(); !ok) return ok;
    qid_.assign(r.qid);
    ids_.clear();
    ids_.add(r.qid);  // the block handed over holds the qid, then the docids
    qid_line_ = r.qid_line;
    qid_column_ = r.qid_column;
#ifndef __EMSCRIPTEN__  // the modules evaluate each query at once, checking here
    checked_ = stream_->checks_docids(r.qid);
#endif
    if (!checked_) seen_.reset(std::max<std::size_t>(last_size_, 64));  // the next query is likely as long
    return done{};
  }
  // The record's doc not given before in its query (where the stream does not check).
#ifndef __EMSCRIPTEN__  // natively (the modules' size)
  [[gnu::noinline]]
#endif
  status once(const input_record& r, std::uint32_t hash) {
    const auto handle = static_cast<std::uint32_t>(entries_.size());
    const std::uint32_t at = seen_.insert(hash, handle, [&](std::uint32_t e) { return doc(e) == r.doc; });
    if (at != detail::handle_table::none) return repeated(r.doc, r.qid, r.line, r.column, entries_[at].line);
    return done{};
  }
  // An evaluation's error waits for the rest of the run to be read (a
  // broken record later on is said first); a query come back stops here.
  status flush() {
    if (!entries_.empty() && !problem_) {
      offsets_.push_back(ids_.size());  // where the last doc ends
      const char* bytes = ids_.view().data();
      for (std::size_t e = 0; e < entries_.size(); ++e)
        entries_[e].docid = std::string_view(bytes + offsets_[e], offsets_[e + 1] - offsets_[e]);
      const std::string_view qid = ids_.view().substr(0, qid_.size());
      auto ok = stream_->add_query({qid, qid_line_, qid_column_, entries_, columns_, ids_.taken(), hashes_.data()});
      if (!ok && ok.err().code == error_code::ungrouped_run) return ok;
      if (!ok) problem_ = placed(ok.err(), "run");
    }
    last_size_ = entries_.size();
    entries_.clear();
    offsets_.clear();
    hashes_.clear();
    columns_.clear();
    ids_.clear();
    return done{};
  }

  trec_stream* stream_;
  judgments_builder* judged_;
  std::string qid_, tag_;
  id_block ids_;
  std::size_t qid_line_ = 0, qid_column_ = 0;
  std::vector<std::size_t> offsets_;
  std::vector<std::uint32_t> columns_, hashes_;
  std::vector<run_entry> entries_;
  detail::handle_table seen_;
  std::optional<error> problem_;
  bool checked_ = false;  // the stream finds the open query's repeated docids
  std::size_t last_size_ = 0;
};

#ifndef __EMSCRIPTEN__  // the modules read runs whole, on one thread
// A LETOR file's predictions (its run, unless gzipped) read in pieces on a
// second thread while the LETOR file is read, up to `most` + 1 of them (room for `room`).
// Only from a source whose reads end (a file): a fault in the LETOR file
// waits for this thread, which a pipe could keep waiting.
class predictions_beside {
 public:
  predictions_beside(headed_source& run, std::size_t most, std::size_t room) {
    if (!run.sized() || is_gzip(run.head())) return;
    headed_source* s = &run;
    thread_ = std::thread([this, s, most, room] {
      ahead_ =
          detail::read_predictions_ahead([s](char* into, std::size_t size) { return s->fill(into, size); }, most, room);
    });
  }
  predictions_beside(const predictions_beside&) = delete;
  predictions_beside& operator=(const predictions_beside&) = delete;
  ~predictions_beside() {
    if (thread_.joinable()) thread_.join();
  }
  // The predictions read, once read; none when gzipped.
  detail::predictions_ahead* ahead() {
    if (!thread_.joinable()) return nullptr;
    thread_.join();
    return &ahead_;
  }

 private:
  detail::predictions_ahead ahead_;
  std::thread thread_;
};
#endif

// The judgments of an evaluation: TREC text (as given, or unpacked from
// gzip) that the stream reads as it is, or judgments built from records.
struct judged_input {
  unpacked_input bytes;
  input_format format = input_format::trec;
  std::optional<trec_judgments> built;
  batch_reading reading;
  std::size_t letor_lines = 0;  // LETOR: the lines its predictions score
  bool lasting = false;         // the text outlives the judgments: ids may stay views into it
#ifndef __EMSCRIPTEN__
  headed_source* run = nullptr;  // a LETOR file's predictions, read beside it
  std::optional<predictions_beside> beside;
#endif
};

// Records made judgments; a doc judged twice before the line of a reading
// error is said first, as the records came in that order.
expected<trec_judgments> judgments_of(expected<batch_reading> read, judgments_builder& builder, batch_reading& reading) {
  auto built = builder.finish();
  if (!read) {
    if (!built && built.err().line != 0 && built.err().line < read.err().line) return placed(built.err(), "qrels");
    return placed(read.err(), "qrels");
  }
  reading = std::move(*read);
  if (!built) return placed(built.err(), "qrels");
  return built;
}

// The judgments the records built, kept in `j`.
status keep_built(expected<batch_reading> read, judgments_builder& builder, judged_input& j) {
  auto built = judgments_of(std::move(read), builder, j.reading);
  if (!built) return built.err();
  j.built = std::move(*built);
  j.letor_lines = j.reading.lines;
  return done{};
}

error no_predictions() {
  return fail(error_code::missing_value,
              "expected a predictions file after the LETOR file (one score per line: ndcg trec LETOR PREDICTIONS)")
      .in("qrels");
}

// The judgments read (`use` both: from a table that holds the run too).
status read_judged(std::string_view qrels, bool are_qrels, const input_reading& ir, judged_input& j,
                   input_use use = input_use::qrels) {
  j.bytes.given = qrels;
  if (!are_qrels) return done{};
  auto u = unpack_input(qrels, ir.lim, "qrels");
  if (!u) return placed(u.err(), "qrels");
  j.bytes = std::move(*u);
  j.format = format_of(j.bytes, ir.qrels_format, true);
  if (!ir.group.empty() && j.format != input_format::letor) {
    const std::string title(detail::row_of(j.format).title);
    return fail(error_code::bad_input, "expected LETOR judgments with a group file (--group), got " + title)
        .with("found", title)
        .in("group");
  }
  if (j.format == input_format::trec) {
    if (j.bytes.gzip) j.reading = gzip_trec_reading(ir.qrels_name, 0);
    return done{};
  }
  judgments_builder builder;
#ifndef __EMSCRIPTEN__  // the command's peak memory (the modules' size)
  const std::size_t lines = detail::newlines(j.bytes.text()) + 1;
  builder.reserve(lines, j.bytes.text().size());  // address space until written
  if (j.lasting) builder.keep_views(j.bytes.text());
  if (j.format == input_format::letor && j.run) j.beside.emplace(*j.run, lines, lines);
#endif
  if (j.format == input_format::letor) builder.repeats_checked();  // the LETOR reader refuses them
  evaluation_sink sink(nullptr, &builder);
  auto read = j.format == input_format::letor
                  ? read_letor_records(j.bytes, nullptr, ir, {}, sink)
                  : read_records(j.bytes, j.format, use, ir, ir.qrels_name, sink);
  return keep_built(std::move(read), builder, j);
}

// Opens streams on the judgments: their TREC text, or judgments read once
// (built from records, or given).
struct opener {
  const judged_input* j = nullptr;
  const trec_judgments* judged = nullptr;
  std::string_view subtopics;
  expected<trec_stream> operator()(const trec_options& o) const {
    if (judged) return trec_stream::open(*judged, o, subtopics);
    return trec_stream::open(j->bytes.text(), o, subtopics);
  }
};

opener open_on(const judged_input& j, std::string_view subtopics) {
  return opener{&j, j.built ? &*j.built : nullptr, subtopics};
}

// Where a run's records come from, read afresh by each pass: a text in a
// format read whole, or (natively) a table in pieces from a source that goes
// back to its start.
struct run_reader {
  enum class from { text, pieces } kind = from::text;
  const unpacked_input* run = nullptr;  // text
  headed_source* source = nullptr;      // pieces
  input_format format = input_format::trec;
  input_use use = input_use::run;
  const input_reading* ir = nullptr;
  std::string name;
  std::vector<batch_reading>* readings = nullptr;  // the first whole pass's reading goes here
  const detail::scores* scores = nullptr;  // else a LETOR file's predictions, read once: the judgments are the run
  bool first = true;
  std::size_t passes = 0;

  expected<batch_reading> read(record_sink& sink) {
    expected<batch_reading> said = batch_reading();
    if (kind == from::text) {
      said = read_records(*run, format, use, *ir, name, sink);
    } else {
#ifndef __EMSCRIPTEN__  // the wasm module reads runs whole
      if (passes++ > 0 && !source->rewind())
        return fail(error_code::bad_file, "the run could not be read again from its start");
      headed_source* s = source;
      said = detail::stream_records([s](char* into, std::size_t size) { return s->fill(into, size); }, format, use, *ir,
                                    name, sink);
#endif
    }
    if (!said && said.err().code == error_code::ungrouped_run) return said;  // read again, regrouped
    // A run that cannot be read says nothing of how the inputs were read.
    if (first && readings) said ? readings->push_back(std::move(*said)) : readings->clear();
    first = false;
    return said;
  }
};

// A run's records read into a stream once, its last query fed.
status fed_once(trec_stream& stream, run_reader& read) {
  evaluation_sink sink(&stream);
  auto said = read.read(sink);
  if (!said) return placed(sink.earlier(said.err()), "run");
  if (auto ok = sink.finish(); !ok) return placed(sink.earlier(ok.err()), "run");
  return done{};
}

// One evaluation of a run given as records; an ungrouped run read again
// into the stream regrouped.
expected<trec_result> records_fed(const opener& open, run_reader& read, const trec_options& o) {
  auto stream = open(o);
  if (read.scores && stream) {
    if (auto ok = stream->add_judged_run(read.scores->data(), read.scores->size(), o.second_thread ? 2 : 1); !ok)
      return ok.err();
    stream->set_run_id("run");
    return stream->finish();
  }
  if (!stream) {  // TREC judgments refused: a broken run is said first, as it is read first
    evaluation_sink none(nullptr);
    if (auto said = read.scores ? batch_reading() : read.read(none); !said) return placed(said.err(), "run");
    return stream.err();
  }
  status fed = fed_once(*stream, read);
  if (fed) return stream->finish();
  if (fed.err().code != error_code::ungrouped_run) return fed.err();
  stream->regroup();
  if (auto again = fed_once(*stream, read); !again) return again.err();
  return stream->finish();
}

// A docid twice in a query of the run (found as it is read, by the second
// thread, or in a query that came back) makes a run that cannot be read,
// which says nothing of how the inputs were read.
expected<trec_result> records_once(const opener& open, run_reader& read, const trec_options& o) {
  auto r = records_fed(open, read, o);
  if (!r && r.err().code == error_code::duplicate_id && r.err().source == "run" && read.readings) read.readings->clear();
  return r;
}

// The run's records evaluated (and their tie range), every pass reading them again.
expected<run_evaluation> evaluate_records(const opener& open, run_reader& read, const batch_settings& b) {
  return evaluate_passes(b, [&](const trec_options& o) { return records_once(open, read, o); });
}

// A TREC run fed as it comes, read again from its start by each further
// pass; a source that cannot go back (standard input) is then kept whole.
expected<run_evaluation> evaluate_streamed(const opener& open, headed_source& run, const batch_settings& b) {
  auto passes = convention_passes(b.trec);
  if (!passes) return passes.err();
  std::string kept;
  std::optional<text_source> copy;
  run_source* source = &run;
  if ((b.tie_range || *passes > 1) && !run.rewind()) {
    kept = run.rest();
    source = &copy.emplace(kept);
  }
  bool first = true;
  return evaluate_passes(b, [&](const trec_options& o) -> expected<trec_result> {
    if (!first && !source->rewind()) return fail(error_code::bad_file, "the run could not be read again from its start");
    first = false;
    auto stream = open(o);
    if (!stream) return stream.err();
    return stream->feed_all(*source);
  });
}

// --ci: the means' intervals, on the result every door gets.
expected<run_evaluation> with_intervals(expected<run_evaluation> ev, const batch_settings& b) {
  if (ev) add_intervals(ev->result, b);
  return ev;
}

std::string run_name(const input_reading& ir, std::size_t i = 0) {
  return i < ir.run_names.size() ? ir.run_names[i] : std::string("run");
}

// A LETOR file's run: its predictions score its lines, which judge themselves.
// The scores are read once (`said`: how) and kept for every pass.
expected<run_evaluation> evaluate_predictions(expected<batch_reading> said, const detail::scores& scores,
                                              const batch_settings& b, const input_reading& ir, const opener& open,
                                              std::vector<batch_reading>& readings) {
  if (!said) {
    readings.clear();  // a run that cannot be read says nothing of how the inputs were read
    return placed(said.err(), "run");
  }
  readings.push_back(std::move(*said));
  run_reader read{run_reader::from::text, nullptr, nullptr, input_format::letor, input_use::run, &ir, {}, nullptr};
  read.scores = &scores;
  return evaluate_records(open, read, b);
}

// A run in any format but TREC streamed as it comes, read whole: its records against the judgments.
expected<run_evaluation> evaluate_whole(const judged_input& j, std::string_view run_bytes, const batch_settings& b,
                                        const input_reading& ir, const opener& open,
                                        std::vector<batch_reading>& readings) {
  auto u = unpack_input(run_bytes, ir.lim, "run");
  if (!u) return placed(u.err(), "run");
  if (j.format == input_format::letor) {
    detail::scores scores;
    auto said = detail::read_letor_scores(*u, j.letor_lines, ir, run_name(ir), scores);
    return evaluate_predictions(std::move(said), scores, b, ir, open, readings);
  }
  run_reader read{run_reader::from::text, &*u, nullptr, format_of(*u, b.run_format, false), input_use::run, &ir,
                  run_name(ir), &readings};
  if (read.format == input_format::letor)
    return fail(error_code::mixed_formats,
                "expected a run, got LETOR lines (a LETOR file gives the judgments: ndcg trec LETOR PREDICTIONS)")
        .with("found", "letor")
        .in("run");
  if (read.format == input_format::trec) {  // unpacked from gzip
    if (u->gzip) readings.push_back(gzip_trec_reading(read.name, 1));
    text_source source(u->text());
    headed_source headed(source);
    return evaluate_streamed(open, headed, b);
  }
  return evaluate_records(open, read, b);
}

// A run whose format reads in pieces (a table) from a source that can go back
// to its start, read afresh by each pass: memory holds a piece, not the run.
// Nothing when it cannot be read so (the run is then read whole).
std::optional<expected<run_evaluation>> evaluate_pieces(const judged_input& j, headed_source& run,
                                                        const batch_settings& b, const input_reading& ir,
                                                        const opener& open, std::vector<batch_reading>& readings) {
  if (j.format == input_format::letor || is_gzip(run.head())) return std::nullopt;
  const input_format f = b.run_format != input_format::automatic ? b.run_format : detect_input(run.head(), false);
  if (!detail::row_of(f).stream || !run.rewind()) return std::nullopt;
  run_reader read{run_reader::from::pieces, nullptr, &run, f, input_use::run, &ir, run_name(ir), &readings};
  return evaluate_records(open, read, b);
}

bool streams(std::string_view head, const judged_input& j, input_format run_format) {
  if (j.format == input_format::letor || is_gzip(head)) return false;
  return run_format == input_format::trec ||
         (run_format == input_format::automatic && detect_input(head, false) == input_format::trec);
}

// Any run against judgments: streamed as TREC, in pieces, or read whole.
expected<run_evaluation> evaluate_source(const judged_input& j, headed_source& headed, const batch_settings& b,
                                         const input_reading& ir, const opener& open,
                                         std::vector<batch_reading>& readings) {
#ifndef __EMSCRIPTEN__  // the modules read runs whole
  if (j.format == input_format::letor && !is_gzip(headed.head())) {  // predictions read in pieces
    detail::scores scores;
    headed_source* s = &headed;
    auto said = detail::stream_letor_scores([s](char* into, std::size_t size) { return s->fill(into, size); },
                                            j.letor_lines, ir, run_name(ir), scores);
    return with_intervals(evaluate_predictions(std::move(said), scores, b, ir, open, readings), b);
  }
#endif
  if (streams(headed.head(), j, b.run_format)) return with_intervals(evaluate_streamed(open, headed, b), b);
  if (auto ev = evaluate_pieces(j, headed, b, ir, open, readings)) return with_intervals(std::move(*ev), b);
  const std::string text = headed.rest();
  return with_intervals(evaluate_whole(j, text, b, ir, open, readings), b);
}

}  // namespace

bool judgments_are_qrels(const batch_settings& b, std::string_view qrels) {
  return b.trec.judgments == judgment_format::qrels && !qrels.empty();
}

namespace {

// The run against judgments read: a LETOR file's predictions read beside
// it are settled here.
expected<run_evaluation> evaluate_judged(judged_input& j, headed_source& run, const batch_settings& b,
                                         std::string_view subtopics, const input_reading& ir,
                                         std::vector<batch_reading>& readings) {
  if (j.reading.said()) readings.push_back(std::move(j.reading));
#ifndef __EMSCRIPTEN__
  if (detail::predictions_ahead* ahead = j.beside ? j.beside->ahead() : nullptr) {
    detail::scores scores;
    auto said = detail::settle_letor_scores(*ahead, j.letor_lines, ir, run_name(ir), scores);
    return with_intervals(evaluate_predictions(std::move(said), scores, b, ir, open_on(j, subtopics), readings), b);
  }
#endif
  return evaluate_source(j, run, b, ir, open_on(j, subtopics), readings);
}

#ifndef __EMSCRIPTEN__  // the modules take texts
// Judgments given as a source are read in pieces when they are a LETOR
// file (plain, as qrels): its ids are copied, the file is not held.
bool letor_in_pieces(std::string_view head, const batch_settings& b, input_format named) {
  if (b.trec.judgments != judgment_format::qrels || head.empty() || is_gzip(head)) return false;
  return (named != input_format::automatic ? named : detect_input(head, true)) == input_format::letor;
}

status read_letor_pieces(headed_source& qrels, const input_reading& ir, judged_input& j) {
  const std::size_t bytes = qrels.size_hint();
  if (auto ok = detail::check_size(bytes, ir.lim); !ok) return placed(ok.err(), "qrels");
  // A line takes 8 bytes at least ("0 qid:1\n"), 2 with group sizes ("0\n"): a bound. Room for
  // about as many lines as the head's share of the file holds, a tenth more: a guess.
  const std::size_t most = bytes / (ir.group.empty() ? 8 : 2) + 1;
  const std::string_view head = qrels.head();
  const double share = static_cast<double>(bytes) / static_cast<double>(std::max<std::size_t>(head.size(), 1));
  const std::size_t room =
      std::min(most, static_cast<std::size_t>(share * static_cast<double>(detail::newlines(head) + 1) * 1.1) + 16);
  j.format = input_format::letor;
  judgments_builder builder;
  builder.repeats_checked();
  if (qrels.sized()) {  // else (a pipe) the predictions are read after it, once its lines are counted
    builder.reserve(room, bytes);  // address space until written
    if (j.run) j.beside.emplace(*j.run, most, room);
  }
  evaluation_sink sink(nullptr, &builder);
  headed_source* s = &qrels;
  auto read = detail::stream_letor_records([s](char* into, std::size_t size) { return s->fill(into, size); }, ir, sink);
  return keep_built(std::move(read), builder, j);
}

// A source read whole into one block (huge-page backed, as the command
// reads its files).
class whole_text {
 public:
  explicit whole_text(run_source& in) {
    for (std::size_t cap = in.size_hint() + 1;; cap *= 2) {  // a byte over: the end seen in one read
      char* more = static_cast<char*>(detail::big_allocate(cap));
      if (size_) std::memcpy(more, bytes_, size_);
      if (bytes_) detail::big_free(bytes_, cap_);
      bytes_ = more;
      cap_ = cap;
      size_ += in.fill(bytes_ + size_, cap_ - size_);
      if (size_ < cap_) return;
    }
  }
  whole_text(const whole_text&) = delete;
  whole_text& operator=(const whole_text&) = delete;
  ~whole_text() { detail::big_free(bytes_, cap_); }
  std::string_view text() const { return {bytes_, size_}; }

 private:
  char* bytes_ = nullptr;
  std::size_t size_ = 0, cap_ = 0;
};
#endif

}  // namespace

expected<run_evaluation> evaluate_run(std::string_view qrels, run_source& run, const batch_settings& b,
                                      std::string_view subtopics, const input_reading& ir,
                                      std::vector<batch_reading>& readings) {
  readings.clear();
  headed_source headed(run);  // first: it outlives the thread that j's predictions are read on
  judged_input j;
  j.lasting = true;
#ifndef __EMSCRIPTEN__
  j.run = &headed;
#endif
  if (auto ok = read_judged(qrels, judgments_are_qrels(b, qrels), ir, j); !ok) return ok.err();
  return evaluate_judged(j, headed, b, subtopics, ir, readings);
}

#ifndef __EMSCRIPTEN__
bool judgments_in_pieces(std::string_view head, const batch_settings& b) {
  return letor_in_pieces(head.substr(0, head_size), b, b.qrels_format);
}

expected<run_evaluation> evaluate_run(run_source& qrels, run_source& run, const batch_settings& b,
                                      std::string_view subtopics, const input_reading& ir,
                                      std::vector<batch_reading>& readings) {
  headed_source head(qrels);
  if (!letor_in_pieces(head.head(), b, ir.qrels_format)) {
    const whole_text text(head);
    return evaluate_run(text.text(), run, b, subtopics, ir, readings);
  }
  readings.clear();
  headed_source headed(run);  // first: it outlives the thread that j's predictions are read on
  judged_input j;
  j.run = &headed;
  if (auto ok = read_letor_pieces(head, ir, j); !ok) return ok.err();
  return evaluate_judged(j, headed, b, subtopics, ir, readings);
}
#endif

expected<run_evaluation> evaluate_run(const trec_judgments& judged, run_source& run, const batch_settings& b,
                                      const input_reading& ir, std::vector<batch_reading>& readings) {
  readings.clear();
  const judged_input j;
  headed_source headed(run);
  return evaluate_source(j, headed, b, ir, opener{&j, &judged, {}}, readings);
}

expected<std::vector<run_evaluation>> evaluate_runs(std::string_view qrels, const std::vector<std::string_view>& runs,
                                                    const batch_settings& b, const input_reading& ir,
                                                    std::vector<batch_reading>& readings, std::size_t* failed) {
  readings.clear();
  judged_input j;
  j.lasting = true;
  if (auto ok = read_judged(qrels, judgments_are_qrels(b, qrels), ir, j); !ok) return ok.err();
  if (j.reading.said()) readings.push_back(std::move(j.reading));
  std::vector<run_evaluation> out;
  input_reading one = ir;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    one.run_names = {run_name(ir, i)};
    text_source source(runs[i]);
    headed_source headed(source);
    const std::size_t said = readings.size();
    auto ev = evaluate_source(j, headed, b, one, open_on(j, {}), readings);
    for (std::size_t k = said; k < readings.size(); ++k) readings[k].run = i + 1;
    if (!ev) {
      readings.clear();
      if (failed) *failed = i + 1;
      error e = ev.err();
      if (e.source == "run") e.index = i + 1;
      return e;
    }
    out.push_back(std::move(*ev));
  }
  return out;
}

expected<trec_judgments> judgments_for_runs(std::string_view qrels, const batch_settings& b, const input_reading& ir,
                                        std::vector<batch_reading>& readings) {
  judged_input j;
  if (auto ok = read_judged(qrels, judgments_are_qrels(b, qrels), ir, j); !ok) return ok.err();
  if (j.format == input_format::letor) return no_predictions();
  if (j.reading.said()) readings.push_back(std::move(j.reading));
  if (j.built) return std::move(*j.built);
  return trec_judgments::read(std::string(j.bytes.text()), b.trec.judgments);
}

expected<run_evaluation> evaluate_table(std::string_view table, const batch_settings& b, std::string_view subtopics,
                                        const input_reading& ir, std::vector<batch_reading>& readings) {
  readings.clear();
  const char* alone = "expected a run file too (QRELS RUN), or one table or JSON with score and rel columns";
  if (!judgments_are_qrels(b, table)) return fail(error_code::missing_value, alone).in("qrels");
  judged_input j;
  j.lasting = true;
  if (auto ok = read_judged(table, true, ir, j, input_use::both); !ok) return ok.err();
  if (j.format == input_format::letor) return no_predictions();
  if (j.format == input_format::trec) return fail(error_code::missing_value, alone).in("qrels");
  readings.push_back(std::move(j.reading));
  run_reader read{run_reader::from::text, &j.bytes, nullptr, j.format, input_use::both, &ir, ir.qrels_name, nullptr};
  auto ev = evaluate_records(open_on(j, subtopics), read, b);
  if (!ev) return placed(ev.err(), "qrels");
  return with_intervals(std::move(ev), b);
}

std::size_t text_source::read(char* into, std::size_t size) {
  const std::size_t n = std::min(size, text_.size() - at_);
  std::memcpy(into, text_.data() + at_, n);
  at_ += n;
  return n;
}

bool text_source::rewind() {
  at_ = 0;
  return true;
}

}  // namespace ndcg
