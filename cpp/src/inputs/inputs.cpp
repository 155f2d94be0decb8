// The entry points of the batch readers (inputs.hpp): gzip unpacked, the
// format detected or taken as named, each input's records handed to a sink
// and its reading kept as fields (reading.cpp words them).
#include "ndcg/inputs.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"
#include "ndcg/numbers.hpp"

namespace ndcg {
namespace {

// A LETOR file's reading (shape row), or its predictions' (shape predictions).
batch_reading named(const std::string& name, bool gzip, batch_reading::as shape, std::size_t run) {
  batch_reading out = gzip_trec_reading(name, run);
  out.gzip = gzip;
  out.format = input_format::letor;
  out.shape = shape;
  return out;
}

batch_reading predictions_reading(const input_reading& r, const std::string& run_name, bool gzip) {
  batch_reading out = named(run_name, gzip, batch_reading::as::predictions, 1);
  out.of = r.qrels_name;
  return out;
}

// A LETOR file's reading as judgments.
batch_reading letor_reading(const input_reading& r, bool gzip, const detail::letor_counts& counts) {
  batch_reading out = named(r.qrels_name, gzip, batch_reading::as::row, 0);
  out.lines = counts.lines;
  out.queries = counts.queries;
  if (counts.from_group) out.notes |= batch_reading::from_group;
  if (!counts.docids_from_comments) out.notes |= batch_reading::doc_positions;
  return out;
}

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
  reading.format = f;
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
  if (predictions) return predictions_reading(r, run_name, predictions->gzip);
  return letor_reading(r, letor.gzip, *counts);
}

namespace detail {

expected<batch_reading> read_letor_scores(const unpacked_input& predictions, std::size_t lines, const input_reading& r,
                                        const std::string& run_name, scores& out) {
  auto read = read_predictions(predictions.text(), lines, r.qrels_name, r.lim);
  if (!read) return read.err();
  out = std::move(*read);
  return predictions_reading(r, run_name, predictions.gzip);
}

expected<batch_reading> stream_letor_scores(more_bytes more, std::size_t lines, const input_reading& r,
                                          const std::string& run_name, scores& out) {
  auto read = read_predictions(std::move(more), lines, r.qrels_name, r.lim);
  if (!read) return read.err();
  out = std::move(*read);
  return predictions_reading(r, run_name, false);
}

#ifndef __EMSCRIPTEN__  // the modules read LETOR files whole, on one thread
expected<batch_reading> stream_letor_records(more_bytes more, const input_reading& r, record_sink& sink) {
  auto counts = stream_letor(std::move(more), r.group, r.lim, sink);
  if (!counts) return counts.err();
  return letor_reading(r, false, *counts);
}

expected<batch_reading> settle_letor_scores(predictions_ahead& ahead, std::size_t lines, const input_reading& r,
                                          const std::string& run_name, scores& out) {
  if (auto ok = check_size(ahead.bytes, r.lim); !ok) return ok.err();  // said first, as when read whole
  auto read = settle_predictions(ahead, lines, r.qrels_name);
  if (!read) return read.err();
  out = std::move(*read);
  return predictions_reading(r, run_name, false);
}
#endif

}  // namespace detail

}  // namespace ndcg
