// evaluate_run: a run in pieces, streamed as TREC or read whole (see
// evaluate_run.hpp).
#include "ndcg/evaluate_run.hpp"

#include "base/hash_table.hpp"
#include "inputs/inputs_detail.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <utility>

namespace ndcg {

namespace {

// The first bytes of a run tell its format (detect_input reads this many).
constexpr std::size_t head_size = std::size_t(1) << 16;

// A source's first bytes, kept, then the rest of it: the head read to see
// the format is given again. Rewinding rewinds the source.
class headed_source final : public run_source {
 public:
  explicit headed_source(run_source& in) : in_(in) {
    head_.resize(head_size);
    head_.resize(in_.fill(&head_[0], head_size));
  }
  std::string_view head() const { return head_; }
  std::size_t read(char* into, std::size_t size) override {
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
    return true;
  }
  // The whole run from here on, read to its end.
  std::string rest() {
    std::string out;
    out.reserve(head_.size() - at_ + in_.size_hint());
    char piece[1 << 16];
    for (std::size_t got; (got = read(piece, sizeof piece)) != 0;) out.append(piece, got);
    return out;
  }

 private:
  run_source& in_;
  std::string head_;
  std::size_t at_ = 0;
};

// Once per set of conventions the measures name, the run read again from its
// start; `open` opens a stream for one set of options (on qrels text, or on
// judgments read once).
template <class Open>
expected<trec_result> streamed(const Open& open, run_source& run, const trec_options& opt) {
  bool first = true;
  auto once = [&](const trec_options& o) -> expected<trec_result> {
    if (!first && !run.rewind()) return fail(error_code::bad_file, "the run could not be read again from its start");
    first = false;
    auto stream = open(o);
    if (!stream) return stream.err();
    return stream->feed_all(run);
  };
  return evaluate_by_conventions(opt, once);
}

// A TREC run fed as it comes; its tie range, or measures of other conventions, by reading it again.
template <class Open>
expected<run_evaluation> evaluate_streamed(const Open& open, headed_source& run, const batch_settings& b) {
  run_evaluation out;
  auto passes = convention_passes(b.trec);
  if (!passes) return passes.err();
  if (!b.tie_range && *passes == 1) {
    auto r = streamed(open, run, b.trec);
    if (!r) return r.err();
    out.result = std::move(*r);
    return out;
  }
  // A source that cannot go back (standard input) is kept whole to be read again.
  std::string kept;
  std::optional<text_source> copy;
  run_source* again = &run;
  if (!run.rewind()) {
    kept = run.rest();
    again = &copy.emplace(kept);
  }
  auto r = streamed(open, *again, b.trec);
  if (!r) return r.err();
  out.result = std::move(*r);
  if (!b.tie_range) return out;
  auto ties = tie_range_by(b.trec, [&](const trec_options& o) -> expected<trec_result> {
    if (!again->rewind()) return fail(error_code::bad_file, "the run could not be read again from its start");
    return streamed(open, *again, o);
  });
  if (!ties) return ties.err();
  out.ties = std::move(*ties);
  return out;
}

#ifndef __EMSCRIPTEN__
// ---- runs and judgments given as records (every format but TREC text) ----

error placed(error e, const char* source) {
  if (e.source.empty()) e.source = source;
  return e;
}

// A run's records fed to a stream query by query, each doc once per query;
// a query that comes back after others stops it (ungrouped): the run is
// then read again into a regrouping_sink.
class stream_sink final : public record_sink {
 public:
  explicit stream_sink(trec_stream& s) : stream_(s) {}
  status add(const input_record& r) override {
    if (entries_.empty() || !detail::same_id(r.qid, qid_)) {
      flush();
      if (closed_.add(r.qid, r.qid_line) != 0) {
        ungrouped = true;
        return fail(error_code::ungrouped_run, "a query came back");
      }
      qid_.assign(r.qid);
    }
    const auto handle = static_cast<std::uint32_t>(entries_.size());
    const std::uint32_t at = seen_.insert(detail::hash_of(r.doc), handle, [&](std::uint32_t e) { return doc(e) == r.doc; });
    if (at != detail::handle_table::none) return repeated(r, qid_lines_[at]);
    offsets_.push_back(ids_.size());
    ids_.append(r.doc);
    qid_lines_.push_back(r.qid_line);
    entries_.push_back(run_entry{{}, r.score, r.line});
    tag_.assign(r.tag);
    return done{};
  }
  // The last query fed; the first error the evaluation met, if any.
  status finish() {
    flush();
    stream_.set_run_id(tag_);
    return problem_ ? status(*problem_) : status(done{});
  }
  bool ungrouped = false;

  static error repeated(const input_record& r, std::size_t first) {
    return fail(error_code::duplicate_id,
                "expected each doc id once per query, got " + echo(r.doc) + " again in query " + echo(r.qid) +
                    " (first on line " + std::to_string(first) + ")",
                r.line, r.column)
        .with("found", r.doc)
        .with("first_line", std::to_string(first));
  }

 private:
  std::string_view doc(std::size_t e) const {
    const std::size_t end = e + 1 < offsets_.size() ? offsets_[e + 1] : ids_.size();
    return std::string_view(ids_).substr(offsets_[e], end - offsets_[e]);
  }
  void flush() {
    if (!entries_.empty() && !problem_) {
      for (std::size_t e = 0; e < entries_.size(); ++e) entries_[e].docid = doc(e);
      if (auto ok = stream_.add_query(qid_, entries_); !ok) problem_ = placed(ok.err(), "run");
    }
    seen_.reset(std::max<std::size_t>(entries_.size(), 64));  // the next query is likely as long
    entries_.clear();
    offsets_.clear();
    qid_lines_.clear();
    ids_.clear();
  }

  trec_stream& stream_;
  std::string qid_, ids_, tag_;
  std::vector<std::size_t> offsets_, qid_lines_;
  std::vector<run_entry> entries_;
  detail::handle_table seen_;
  detail::id_numbers closed_;  // the queries fed so far
  std::optional<error> problem_;
};

// A run whose queries come back after others: every query kept whole,
// then fed (memory: the run's records).
class regrouping_sink final : public record_sink {
 public:
  status add(const input_record& r) override {
    std::size_t at = index_.add(r.qid, queries_.size() + 1);
    if (at == 0) queries_.emplace_back(), queries_.back().qid.assign(r.qid), at = queries_.size();
    query& q = queries_[at - 1];
    if (const std::size_t first = q.docs.add(r.doc, r.qid_line)) return stream_sink::repeated(r, first);
    q.ids.emplace_back(r.doc);
    q.entries.push_back(run_entry{{}, r.score, r.line});
    tag_.assign(r.tag);
    return done{};
  }
  status feed(trec_stream& s) {
    for (query& q : queries_) {
      for (std::size_t e = 0; e < q.entries.size(); ++e) q.entries[e].docid = q.ids[e];
      if (auto ok = s.add_query(q.qid, q.entries); !ok) return placed(ok.err(), "run");
    }
    s.set_run_id(tag_);
    return done{};
  }

 private:
  struct query {
    std::string qid;
    std::vector<std::string> ids;
    std::vector<run_entry> entries;
    detail::id_numbers docs;
  };
  detail::id_numbers index_;
  std::vector<query> queries_;
  std::string tag_;
};

class judgments_sink final : public record_sink {
 public:
  status add(const input_record& r) override {
    built.add(r.qid, r.doc, r.rel, r.line, r.column);
    return done{};
  }
  judgments_builder built;
};

// The judgments of an evaluation: TREC text (as given, or unpacked from
// gzip) that the stream reads as it is, or judgments built from records.
struct judged_input {
  unpacked_input bytes;
  input_format format = input_format::trec;
  std::optional<trec_judgments> built;
  batch_reading reading;
};

// Records made judgments; a doc judged twice before the line of a reading
// error is said first, as the records came in that order.
expected<trec_judgments> judgments_of(expected<batch_reading> read, judgments_sink& sink, batch_reading& reading) {
  auto built = sink.built.finish();
  if (!read) {
    if (!built && built.err().line != 0 && built.err().line < read.err().line) return placed(built.err(), "qrels");
    return placed(read.err(), "qrels");
  }
  reading = std::move(*read);
  if (!built) return placed(built.err(), "qrels");
  return built;
}

status read_judged(std::string_view qrels, bool are_qrels, const input_reading& ir, judged_input& j) {
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
  judgments_sink sink;
  auto read = j.format == input_format::letor
                  ? read_letor_records(j.bytes, nullptr, ir, {}, sink)
                  : read_records(j.bytes, j.format, input_use::qrels, ir, ir.qrels_name, sink);
  auto built = judgments_of(std::move(read), sink, j.reading);
  if (!built) return built.err();
  j.built = std::move(*built);
  return done{};
}

// Records read for their errors alone.
class skipped_sink final : public record_sink {
 public:
  status add(const input_record&) override { return done{}; }
};

// Opens streams on the judgments: their TREC text, judgments built from
// records, or judgments read once (`once`).
struct opener {
  const judged_input* j = nullptr;
  const trec_judgments* once = nullptr;
  std::string_view subtopics;
  expected<trec_stream> operator()(const trec_options& o) const {
    if (once) return trec_stream::open(*once, o);
    if (j->built) return trec_stream::open(*j->built, o, subtopics);
    return trec_stream::open(j->bytes.text(), o, subtopics);
  }
};

// Where a run's records come from, read afresh by each pass: a text in a
// format read whole, LETOR's predictions beside the LETOR file, or a table
// in pieces from a source that goes back to its start.
struct run_reader {
  enum class from { text, letor, pieces } kind = from::text;
  const unpacked_input* run = nullptr;  // text, letor
  const judged_input* j = nullptr;      // letor: the LETOR file
  headed_source* source = nullptr;      // pieces
  input_format format = input_format::trec;
  input_use use = input_use::run;
  const input_reading* ir = nullptr;
  std::string name;
  std::vector<batch_reading>* readings = nullptr;  // the first pass's reading goes here
  bool first = true;

  expected<batch_reading> read(record_sink& sink) {
    expected<batch_reading> said = batch_reading();
    if (kind == from::letor) {
      said = read_letor_records(j->bytes, run, *ir, name, sink);
    } else if (kind == from::text) {
      said = read_records(*run, format, use, *ir, name, sink);
    } else {
      if (!first && !source->rewind()) return fail(error_code::bad_file, "the run could not be read again from its start");
      headed_source* s = source;
      said = detail::stream_records([s](char* into, std::size_t size) { return s->fill(into, size); }, format, use, *ir,
                                    name, sink);
    }
    // A run that cannot be read says nothing of how the inputs were read (read_inputs' way).
    if (first && readings) said ? readings->push_back(*said) : readings->clear();
    first = false;
    return said;
  }
};

// One evaluation of a run given as records; an ungrouped run read again, regrouped.
expected<trec_result> records_once(const opener& open, run_reader& read, const trec_options& o) {
  auto stream = open(o);
  if (!stream) {  // TREC judgments refused: a broken run is said first, as it is read first
    skipped_sink none;
    if (auto said = read.read(none); !said) return placed(said.err(), "run");
    return stream.err();
  }
  stream_sink grouped(*stream);
  auto said = read.read(grouped);
  if (!said && grouped.ungrouped) {
    stream = open(o);
    if (!stream) return stream.err();
    regrouping_sink all;
    said = read.read(all);
    if (!said) return placed(said.err(), "run");
    if (auto ok = all.feed(*stream); !ok) return ok.err();
    return stream->finish();
  }
  if (!said) return placed(said.err(), "run");
  if (auto ok = grouped.finish(); !ok) return ok.err();
  return stream->finish();
}

// The run's records evaluated (and their tie range), every pass reading them again.
expected<run_evaluation> evaluate_records(const opener& open, run_reader& read, const batch_settings& b) {
  auto once = [&](const trec_options& o) { return records_once(open, read, o); };
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

// --ci: the means' intervals, on the result every door gets.
expected<run_evaluation> with_intervals(expected<run_evaluation> ev, const batch_settings& b) {
  if (ev) add_intervals(ev->result, b);
  return ev;
}

std::string run_name(const input_reading& ir) { return ir.run_names.empty() ? std::string("run") : ir.run_names[0]; }

// A run in any format but TREC streamed as it comes, read whole: its records against the judgments.
expected<run_evaluation> evaluate_whole(const judged_input& j, std::string_view run_bytes, const batch_settings& b,
                                        const input_reading& ir, const opener& open,
                                        std::vector<batch_reading>& readings) {
  auto u = unpack_input(run_bytes, ir.lim, "run");
  if (!u) return placed(u.err(), "run");
  run_reader read{run_reader::from::letor, &*u, &j, nullptr, input_format::letor, input_use::run, &ir, run_name(ir), &readings};
  if (j.format == input_format::letor) return evaluate_records(open, read, b);
  read.kind = run_reader::from::text;
  read.format = format_of(*u, b.run_format, false);
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
  run_reader read{run_reader::from::pieces, nullptr, &j, &run, f, input_use::run, &ir, run_name(ir), &readings};
  return evaluate_records(open, read, b);
}

bool streams(std::string_view head, const judged_input& j, input_format run_format) {
  if (j.format == input_format::letor || is_gzip(head)) return false;
  return run_format == input_format::trec ||
         (run_format == input_format::automatic && detect_input(head, false) == input_format::trec);
}

// Any run against judgments: streamed as TREC, in pieces, or read whole.
expected<run_evaluation> evaluate_source(const judged_input& j, run_source& run, const batch_settings& b,
                                         const input_reading& ir, const opener& open,
                                         std::vector<batch_reading>& readings) {
  headed_source headed(run);
  if (streams(headed.head(), j, b.run_format)) return with_intervals(evaluate_streamed(open, headed, b), b);
  if (auto ev = evaluate_pieces(j, headed, b, ir, open, readings)) return with_intervals(std::move(*ev), b);
  const std::string text = headed.rest();
  return with_intervals(evaluate_whole(j, text, b, ir, open, readings), b);
}

#else
// The wasm module reads other formats through the TREC text read_inputs
// writes of them, as ndcg compare does: the records path's code would take
// the page past its size budget. Natively (the command, Python) they are
// read as records.

// Inputs read whole as TREC text, evaluated in one piece.
expected<run_evaluation> evaluate_read(expected<trec_inputs> inputs, const batch_settings& b,
                                       std::string_view subtopics, std::vector<batch_reading>& readings) {
  if (!inputs) return inputs.err();
  readings = std::move(inputs->readings);
  run_evaluation out;
  const std::string_view q = inputs->qrels.text(), r = inputs->runs[0].text();
  auto result = evaluate_trec(q, r, b.trec, subtopics);
  if (!result) return result.err();
  out.result = std::move(*result);
  if (!b.tie_range) return out;
  auto ties = evaluate_tie_range(q, r, b.trec, subtopics);
  if (!ties) return ties.err();
  out.ties = std::move(*ties);
  return out;
}

expected<run_evaluation> with_intervals(expected<run_evaluation> ev, const batch_settings& b) {
  if (ev) add_intervals(ev->result, b);
  return ev;
}
#endif

}  // namespace

bool judgments_are_qrels(const batch_settings& b, std::string_view qrels) {
  return b.trec.judgments == judgment_format::qrels && !qrels.empty();
}

#ifndef __EMSCRIPTEN__

expected<run_evaluation> evaluate_run(std::string_view qrels, run_source& run, const batch_settings& b,
                                      std::string_view subtopics, const input_reading& ir,
                                      std::vector<batch_reading>& readings) {
  readings.clear();
  judged_input j;
  if (auto ok = read_judged(qrels, judgments_are_qrels(b, qrels), ir, j); !ok) return ok.err();
  if (j.reading.said()) readings.push_back(j.reading);
  return evaluate_source(j, run, b, ir, opener{&j, nullptr, subtopics}, readings);
}

expected<run_evaluation> evaluate_run(const trec_judgments& judged, run_source& run, const batch_settings& b,
                                      const input_reading& ir, std::vector<batch_reading>& readings) {
  readings.clear();
  const judged_input j;
  return evaluate_source(j, run, b, ir, opener{&j, &judged, {}}, readings);
}

expected<run_evaluation> evaluate_table(std::string_view table, const batch_settings& b, std::string_view subtopics,
                                        const input_reading& ir, std::vector<batch_reading>& readings) {
  readings.clear();
  const char* alone = "expected a run file too (QRELS RUN), or one table or JSON with score and rel columns";
  if (!judgments_are_qrels(b, table)) return fail(error_code::missing_value, alone).in("qrels");
  judged_input j;
  auto u = unpack_input(table, ir.lim, "qrels");
  if (!u) return placed(u.err(), "qrels");
  j.bytes = std::move(*u);
  j.format = format_of(j.bytes, ir.qrels_format, true);
  if (j.format == input_format::letor) {
    skipped_sink none;  // a broken LETOR file is said first
    if (auto read = read_letor_records(j.bytes, nullptr, ir, {}, none); !read) return placed(read.err(), "qrels");
    return fail(error_code::missing_value,
                "expected a predictions file after the LETOR file (one score per line: ndcg trec LETOR PREDICTIONS)")
        .in("qrels");
  }
  if (j.format == input_format::trec) return fail(error_code::missing_value, alone).in("qrels");
  judgments_sink sink;
  auto built = judgments_of(read_records(j.bytes, j.format, input_use::both, ir, ir.qrels_name, sink), sink, j.reading);
  if (!built) return built.err();
  j.built = std::move(*built);
  readings.push_back(j.reading);
  run_reader read{run_reader::from::text, &j.bytes, &j, nullptr, j.format, input_use::both, &ir, ir.qrels_name, nullptr};
  auto ev = evaluate_records(opener{&j, nullptr, subtopics}, read, b);
  if (!ev) return placed(ev.err(), "qrels");
  return with_intervals(std::move(ev), b);
}

#else
expected<run_evaluation> evaluate_run(std::string_view qrels, run_source& run, const batch_settings& b,
                                      std::string_view subtopics, const input_reading& ir,
                                      std::vector<batch_reading>& readings) {
  const bool are_qrels = judgments_are_qrels(b, qrels);
  headed_source headed(run);
  trec_text q = trec_text::passed(qrels, input_format::trec);
  if (are_qrels) {
    auto read = read_qrels(qrels, ir);
    if (!read) return read.err();
    q = std::move(*read);
  }
  if (!streams_as_trec(headed.head(), q, b.run_format)) {
    const std::string text = headed.rest();
    return with_intervals(evaluate_read(read_inputs(qrels, {text}, ir, are_qrels), b, subtopics, readings), b);
  }
  readings.clear();
  if (q.reading.said()) readings.push_back(std::move(q.reading));
  const std::string_view judged = q.text();
  const auto open = [judged, subtopics](const trec_options& o) { return trec_stream::open(judged, o, subtopics); };
  return with_intervals(evaluate_streamed(open, headed, b), b);
}

expected<run_evaluation> evaluate_run(const trec_judgments& judged, run_source& run, const batch_settings& b,
                                      const input_reading& ir, std::vector<batch_reading>& readings) {
  headed_source headed(run);
  readings.clear();
  const auto open = [&judged](const trec_options& o) { return trec_stream::open(judged, o); };
  if (streams_as_trec(headed.head(), trec_text::passed(judged.text(), input_format::trec), b.run_format))
    return with_intervals(evaluate_streamed(open, headed, b), b);
  const std::string text = headed.rest();
  auto in = read_inputs(judged.text(), {text}, ir, true);
  if (!in) return in.err();
  readings = std::move(in->readings);
  text_source converted(in->runs[0].text());
  headed_source again(converted);
  return with_intervals(evaluate_streamed(open, again, b), b);
}

expected<run_evaluation> evaluate_table(std::string_view table, const batch_settings& b, std::string_view subtopics,
                                        const input_reading& ir, std::vector<batch_reading>& readings) {
  const bool are_qrels = judgments_are_qrels(b, table);
  return with_intervals(evaluate_read(read_inputs(table, {}, ir, are_qrels), b, subtopics, readings), b);
}
#endif

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
