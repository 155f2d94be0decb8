// The entry points of the batch readers (inputs.hpp): gzip unpacked, the
// format detected or taken as named, each input turned into TREC text and
// its reading kept as fields (reading.cpp words them).
#include "ndcg/inputs.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"
#include "ndcg/numbers.hpp"

namespace ndcg {
namespace {

std::string_view title_of(input_format f) { return detail::row_of(f).title; }

// A reading of `name`, so far its format and gzip.
batch_reading named(const std::string& name, bool gzip, std::string_view format, std::size_t run) {
  batch_reading out = gzip_trec_reading(name, run);
  out.gzip = gzip;
  out.format = format;
  return out;
}

// Records as TREC text (read_inputs' converted inputs, which compare reads):
// each doc once per query (the earlier line named), each line no longer
// than the TREC readers take.
class trec_text_sink final : public record_sink {
 public:
  trec_text_sink(input_use use, const limits& lim) : use_(use), lim_(lim) {}
  status add(const input_record& r) override;
  std::string run, qrels;

 private:
  struct query_state {
    std::size_t count = 0;
    detail::id_numbers docs;  // doc -> line
  };
  input_use use_;
  limits lim_;
  detail::id_numbers index_;  // qid -> its query's index + 1
  std::vector<query_state> queries_;
};

status trec_text_sink::add(const input_record& r) {
  std::size_t at = index_.add(r.qid, queries_.size() + 1);
  if (at == 0) queries_.emplace_back(), at = queries_.size();
  query_state& q = queries_[at - 1];
  if (const std::size_t first = q.docs.add(r.doc, r.qid_line)) {
    return fail(error_code::duplicate_id,
                "expected each doc id once per query, got " + echo(r.doc) + " again in query " + echo(r.qid) +
                    " (first on line " + std::to_string(first) + ")",
                r.line, r.column)
        .with("found", r.doc)
        .with("first_line", std::to_string(first));
  }
  const std::size_t run_from = run.size(), qrels_from = qrels.size();
  const std::string position = std::to_string(++q.count);
  if (use_ != input_use::qrels) {
    run.append(r.qid).append(" Q0 ").append(r.doc).append(" ").append(position).append(" ");
    run.append(shortest(r.score)).append(" ").append(r.tag).append("\n");
  }
  if (use_ != input_use::run)
    qrels.append(r.qid).append(" 0 ").append(r.doc).append(" ").append(std::to_string(r.rel)).append("\n");
  // Each text gained one line, with its "\n", or nothing; the TREC readers
  // take lines of at most max_line bytes, so a record of long ids is refused
  // where it is, not on a line of the text it became.
  const std::size_t length = std::max(run.size() - run_from, qrels.size() - qrels_from) - 1;
  if (length <= lim_.max_line) return done{};
  return detail::too_long(length, lim_, r.qid_line, r.qid_column, " as TREC");
}

// A table or JSON as a run, qrels or both; `qrels` gets the qrels of both.
expected<trec_text> convert(const unpacked_input& u, input_format f, input_use use, const input_reading& r,
                            const std::string& name, std::string* qrels = nullptr) {
  trec_text_sink sink(use, r.lim);
  auto reading = read_records(u, f, use, r, name, sink);
  if (!reading) return reading.err();
  if (qrels) *qrels = std::move(sink.qrels);
  trec_text t = trec_text::converted(use == input_use::qrels ? std::move(sink.qrels) : std::move(sink.run), f);
  t.reading = std::move(*reading);
  return t;
}

trec_text as_given(unpacked_input& u, input_format f, const std::string& name, std::size_t run) {
  if (!u.gzip) return trec_text::passed(u.given, f);
  trec_text t = trec_text::converted(std::move(u.owned), f);
  t.reading = gzip_trec_reading(name, run);
  return t;
}

std::string name_of_run(const input_reading& r, std::size_t i) {
  return i < r.run_names.size() ? r.run_names[i] : std::string("run");
}

// An error's input; a run's index only among several (compare's), as the
// evaluation's own errors give it.
error placed_in(error e, std::string_view source, std::size_t index = 0) {
  if (e.source.empty()) e.source = std::string(source);
  if (e.source == "run") e.index = index;
  return e;
}

std::size_t index_of(std::size_t i, std::size_t runs) { return runs > 1 ? i + 1 : 0; }

}  // namespace

expected<unpacked_input> unpack_input(std::string_view bytes, const limits& lim, std::string_view source) {
  unpacked_input u;
  u.given = bytes;
  if (!is_gzip(bytes)) return u;
  auto out = gunzip(bytes, lim.max_bytes, source);
  if (!out) return out.err();
  u.owned = std::move(*out);
  u.gzip = true;
  return u;
}

input_format format_of(const unpacked_input& u, input_format named, bool judgments) {
  return named != input_format::automatic ? named : detect_input(u.text(), judgments);
}

namespace {

// The records of a text, whole (`text`) or in pieces (`more`), and its reading.
expected<batch_reading> records_of(std::string_view text, detail::more_bytes* more, input_format f, input_use use,
                                 const input_reading& r, const std::string& name, bool gzip, record_sink& sink) {
  detail::record_checker w(use, r.lim, sink);
  batch_reading reading;
  const detail::format_row& row = detail::row_of(f);
  if (!row.read) return fail(error_code::bad_input, "expected a format read record by record, got " + std::string(row.title));
  if (auto ok = more ? row.stream(std::move(*more), f, use, w, reading) : row.read(text, f, use, w, reading); !ok)
    return ok.err();
  if (w.rows == 0) return fail(error_code::empty_input, "expected rows after the header, got none");
  reading.name = name;
  reading.gzip = gzip;
  reading.both = use == input_use::both;
  reading.run = use == input_use::run ? 1 : 0;
  return reading;
}

}  // namespace

expected<batch_reading> read_records(const unpacked_input& u, input_format f, input_use use, const input_reading& r,
                                   const std::string& name, record_sink& sink) {
  return records_of(u.text(), nullptr, f, use, r, name, u.gzip, sink);
}

namespace detail {

expected<batch_reading> stream_records(more_bytes more, input_format f, input_use use, const input_reading& r,
                                     const std::string& name, record_sink& sink) {
  return records_of({}, &more, f, use, r, name, false, sink);
}

}  // namespace detail

expected<batch_reading> read_letor_records(const unpacked_input& letor, const unpacked_input* predictions,
                                         const input_reading& r, const std::string& run_name, record_sink& sink) {
  const std::string_view scores = predictions ? predictions->text() : std::string_view();
  auto counts = detail::read_letor(letor.text(), r.group, r.lim, sink, predictions ? &scores : nullptr, r.qrels_name);
  if (!counts) return counts.err();
  if (predictions) {
    batch_reading out = named(run_name, predictions->gzip, "predictions", 1);
    out.of = r.qrels_name;
    return out;
  }
  batch_reading out = named(r.qrels_name, letor.gzip, "letor", 0);
  out.lines = counts->lines;
  out.queries = counts->queries;
  if (counts->from_group) out.notes |= batch_reading::from_group;
  if (!counts->docids_from_comments) out.notes |= batch_reading::doc_positions;
  return out;
}

namespace {

expected<trec_text> read_run(std::string_view bytes, const input_reading& r, std::size_t i, std::size_t index) {
  auto u = unpack_input(bytes, r.lim, "run");
  if (!u) return placed_in(u.err(), "run", index);
  const input_format f = format_of(*u, r.run_format, false);
  if (f == input_format::letor) {
    return placed_in(fail(error_code::mixed_formats,
                          "expected a run, got LETOR lines (a LETOR file gives the judgments: ndcg trec LETOR "
                          "PREDICTIONS)")
                         .with("found", "letor"),
                     "run", index);
  }
  if (f == input_format::trec) return as_given(*u, f, name_of_run(r, i), i + 1);
  auto t = convert(*u, f, input_use::run, r, name_of_run(r, i));
  if (!t) return placed_in(t.err(), "run", index);
  t->reading.run = i + 1;
  return t;
}

expected<trec_inputs> letor_inputs(const unpacked_input& u, const std::vector<std::string_view>& runs,
                                   const input_reading& r) {
  trec_text_sink judged(input_use::qrels, r.lim);
  auto reading = read_letor_records(u, nullptr, r, {}, judged);
  if (!reading) return placed_in(reading.err(), "qrels");
  if (runs.empty()) {
    return placed_in(fail(error_code::missing_value,
                          "expected a predictions file after the LETOR file (one score per line: ndcg trec LETOR "
                          "PREDICTIONS)"),
                     "qrels");
  }
  trec_inputs in;
  in.qrels = trec_text::converted(std::move(judged.qrels), input_format::letor);
  in.readings.push_back(std::move(*reading));
  for (std::size_t i = 0; i < runs.size(); ++i) {
    auto p = unpack_input(runs[i], r.lim, "run");
    if (!p) return placed_in(p.err(), "run", index_of(i, runs.size()));
    trec_text_sink run(input_use::run, r.lim);
    auto said = read_letor_records(u, &*p, r, name_of_run(r, i), run);
    if (!said) return placed_in(said.err(), "run", index_of(i, runs.size()));
    said->run = i + 1;
    in.readings.push_back(std::move(*said));
    in.runs.push_back(trec_text::converted(std::move(run.run), input_format::letor));
  }
  return in;
}

input_format qrels_format_of(const unpacked_input& u, const input_reading& r) {
  return format_of(u, r.qrels_format, true);
}

expected<trec_text> qrels_of(unpacked_input& u, input_format f, const input_reading& r) {
  if (f == input_format::letor) {
    return placed_in(fail(error_code::missing_value,
                          "expected a predictions file after the LETOR file (one score per line: ndcg trec LETOR "
                          "PREDICTIONS)"),
                     "qrels");
  }
  if (f == input_format::trec) return as_given(u, f, r.qrels_name, 0);
  auto t = convert(u, f, input_use::qrels, r, r.qrels_name);
  if (!t) return placed_in(t.err(), "qrels");
  return t;
}

}  // namespace

trec_text trec_text::passed(std::string_view text, input_format f) {
  trec_text t;
  t.view_ = text;
  t.format = f;
  return t;
}

trec_text trec_text::converted(std::string text, input_format f) {
  trec_text t;
  t.buffer_ = std::move(text);
  t.owned_ = true;
  t.format = f;
  return t;
}

trec_text::trec_text(trec_text&& o) noexcept
    : format(o.format), reading(std::move(o.reading)), buffer_(std::move(o.buffer_)), view_(o.view_), owned_(o.owned_) {}

trec_text& trec_text::operator=(trec_text&& o) noexcept {
  format = o.format;
  reading = std::move(o.reading);
  buffer_ = std::move(o.buffer_);
  view_ = o.view_;
  owned_ = o.owned_;
  return *this;
}

expected<trec_text> read_qrels(std::string_view qrels, const input_reading& r) {
  auto u = unpack_input(qrels, r.lim, "qrels");
  if (!u) return placed_in(u.err(), "qrels");
  const input_format f = qrels_format_of(*u, r);
  if (f == input_format::letor) return trec_text::passed({}, f);
  return qrels_of(*u, f, r);
}

bool streams_as_trec(std::string_view head, const trec_text& qrels, input_format run_format) {
  if (qrels.format == input_format::letor || is_gzip(head)) return false;
  return run_format == input_format::trec ||
         (run_format == input_format::automatic && detect_input(head, false) == input_format::trec);
}

expected<trec_inputs> read_inputs(std::string_view qrels, const std::vector<std::string_view>& runs,
                                  const input_reading& r, bool qrels_are_qrels) {
  auto u = unpack_input(qrels, r.lim, "qrels");
  if (!u) return placed_in(u.err(), "qrels");
  const input_format f = qrels_are_qrels ? qrels_format_of(*u, r) : input_format::trec;
  if (f == input_format::letor) return letor_inputs(*u, runs, r);
  if (!r.group.empty()) {
    return fail(error_code::bad_input, "expected LETOR judgments with a group file (--group), got " +
                                           std::string(title_of(f)))
        .with("found", title_of(f))
        .in("group");
  }
  trec_inputs in;
  if (runs.empty()) {
    if (f == input_format::trec) {
      return placed_in(fail(error_code::missing_value,
                            "expected a run file too (QRELS RUN), or one table or JSON with score and rel columns"),
                       "qrels");
    }
    std::string both_qrels;
    auto run = convert(*u, f, input_use::both, r, r.qrels_name, &both_qrels);
    if (!run) return placed_in(run.err(), "qrels");
    in.qrels = trec_text::converted(std::move(both_qrels), f);
    in.readings.push_back(std::move(run->reading));
    in.runs.push_back(std::move(*run));
    return in;
  }
  auto q = qrels_of(*u, f, r);
  if (!q) return q.err();
  in.qrels = std::move(*q);
  if (in.qrels.reading.said()) in.readings.push_back(std::move(in.qrels.reading));
  for (std::size_t i = 0; i < runs.size(); ++i) {
    auto run = read_run(runs[i], r, i, index_of(i, runs.size()));
    if (!run) return run.err();
    if (run->reading.said()) in.readings.push_back(std::move(run->reading));
    in.runs.push_back(std::move(*run));
  }
  return in;
}

}  // namespace ndcg
