// The entry points of the batch readers (inputs.hpp): gzip unpacked, the
// format detected or taken as named, each input's records handed to a sink
// and its reading said in one line.
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

std::string named(const std::string& name, const unpacked_input& u, input_format f) {
  return name + (u.gzip ? " (gzip)" : "") + " read as " + std::string(title_of(f));
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
expected<std::string> records_of(std::string_view text, detail::more_bytes* more, input_format f, input_use use,
                                 const input_reading& r, const std::string& name, bool gzip, record_sink& sink) {
  detail::record_checker w(use, r.lim, sink);
  std::string reading;
  const detail::format_row& row = detail::row_of(f);
  if (!row.read) return fail(error_code::bad_input, "expected a format read record by record, got " + std::string(row.title));
  if (auto ok = more ? row.stream(std::move(*more), f, use, w, reading) : row.read(text, f, use, w, reading); !ok)
    return ok.err();
  if (w.rows == 0) return fail(error_code::empty_input, "expected rows after the header, got none");
  reading = name + (gzip ? " (gzip)" : "") + " read as " + reading;
  if (use == input_use::both) reading += " (run and qrels in one file)";
  return reading;
}

}  // namespace

expected<std::string> read_records(const unpacked_input& u, input_format f, input_use use, const input_reading& r,
                                   const std::string& name, record_sink& sink) {
  return records_of(u.text(), nullptr, f, use, r, name, u.gzip, sink);
}

namespace detail {

expected<std::string> stream_records(more_bytes more, input_format f, input_use use, const input_reading& r,
                                     const std::string& name, record_sink& sink) {
  return records_of({}, &more, f, use, r, name, false, sink);
}

}  // namespace detail

expected<std::string> read_letor_records(const unpacked_input& letor, const unpacked_input* predictions,
                                         const input_reading& r, const std::string& run_name, record_sink& sink) {
  const std::string_view scores = predictions ? predictions->text() : std::string_view();
  auto counts = detail::read_letor(letor.text(), r.group, r.lim, sink, predictions ? &scores : nullptr, r.qrels_name);
  if (!counts) return counts.err();
  if (predictions)
    return run_name + (predictions->gzip ? " (gzip)" : "") + " read as predictions: one score per line of " +
           r.qrels_name;
  return named(r.qrels_name, letor, input_format::letor) + ": labels -> rel, " + std::to_string(counts->lines) +
         " lines in " + std::to_string(counts->queries) + " queries" +
         (counts->from_group ? " (from the group file)" : "") + "; doc ids " +
         (counts->docids_from_comments ? "from #docid comments" : "are each line's position in its query");
}

}  // namespace ndcg
