// The entry points of the batch readers (inputs.hpp): gzip unpacked, the
// format detected or taken as named, each input turned into TREC text and
// its reading said in one line.
#include "ndcg/inputs.hpp"

#include <string>
#include <utility>

#include "inputs/inputs_detail.hpp"

namespace ndcg {
namespace {

using detail::input_use;

constexpr std::string_view format_names[] = {"auto", "trec", "csv", "tsv", "json", "jsonl", "letor"};

std::string_view title_of(input_format f) {
  switch (f) {
    case input_format::csv: return "CSV";
    case input_format::tsv: return "TSV";
    case input_format::letor: return "LETOR";
    case input_format::trec: return "TREC";
    default: return "JSON";
  }
}

// An input as bytes: given, or unpacked from gzip (kept here).
struct unpacked {
  std::string owned;
  std::string_view given;
  bool gzip = false;
  std::string_view text() const { return gzip ? std::string_view(owned) : given; }
};

expected<unpacked> unpack(std::string_view bytes, const limits& lim, std::string_view source) {
  unpacked u;
  u.given = bytes;
  if (!is_gzip(bytes)) return u;
  auto out = gunzip(bytes, lim.max_bytes, source);
  if (!out) return out.err();
  u.owned = std::move(*out);
  u.gzip = true;
  return u;
}

std::string named(const std::string& name, const unpacked& u, input_format f) {
  return name + (u.gzip ? " (gzip)" : "") + " read as " + std::string(title_of(f));
}

// A table or JSON as a run, qrels or both; `qrels` gets the qrels of both.
expected<trec_text> convert(const unpacked& u, input_format f, input_use use, const input_reading& r,
                            const std::string& name, std::string* qrels = nullptr) {
  detail::trec_writer w(use, r.lim);
  std::string reading;
  const status ok = f == input_format::csv || f == input_format::tsv ? detail::read_table(u.text(), f, use, w, reading)
                                                                     : detail::read_json(u.text(), use, w, reading);
  if (!ok) return ok.err();
  if (w.rows == 0) return fail(error_code::empty_input, "expected rows after the header, got none");
  if (qrels) *qrels = std::move(w.qrels);
  trec_text t = trec_text::converted(use == input_use::qrels ? std::move(w.qrels) : std::move(w.run), f);
  t.reading = name + (u.gzip ? " (gzip)" : "") + " read as " + reading;
  if (use == input_use::both) t.reading += " (run and qrels in one file)";
  return t;
}

trec_text as_given(unpacked& u, input_format f, const std::string& name) {
  if (!u.gzip) return trec_text::passed(u.given, f);
  trec_text t = trec_text::converted(std::move(u.owned), f);
  t.reading = named(name, u, input_format::trec);
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

expected<trec_text> read_run(std::string_view bytes, const input_reading& r, std::size_t i, std::size_t index) {
  auto u = unpack(bytes, r.lim, "run");
  if (!u) return placed_in(u.err(), "run", index);
  const input_format f = r.run_format != input_format::automatic ? r.run_format : detect_input(u->text(), false);
  if (f == input_format::letor) {
    return placed_in(fail(error_code::mixed_formats,
                          "expected a run, got LETOR lines (a LETOR file gives the judgments: ndcg trec LETOR "
                          "PREDICTIONS)")
                         .with("found", "letor"),
                     "run", index);
  }
  if (f == input_format::trec) return as_given(*u, f, name_of_run(r, i));
  auto t = convert(*u, f, input_use::run, r, name_of_run(r, i));
  if (!t) return placed_in(t.err(), "run", index);
  return t;
}

expected<trec_inputs> letor_inputs(const unpacked& u, const std::vector<std::string_view>& runs, const input_reading& r) {
  auto letor = detail::read_letor(u.text(), r.group, r.lim);
  if (!letor) return placed_in(letor.err(), "qrels");
  if (runs.empty()) {
    return placed_in(fail(error_code::missing_value,
                          "expected a predictions file after the LETOR file (one score per line: ndcg trec LETOR "
                          "PREDICTIONS)"),
                     "qrels");
  }
  trec_inputs in;
  in.qrels = trec_text::converted(std::move(letor->qrels), input_format::letor);
  in.qrels.reading = named(r.qrels_name, u, input_format::letor) + ": labels -> rel, " +
                     std::to_string(letor->lines.size()) + " lines in " + std::to_string(letor->queries) +
                     " queries" + (letor->from_group ? " (from the group file)" : "") + "; doc ids " +
                     (letor->docids_from_comments ? "from #docid comments" : "are each line's position in its query");
  in.readings.push_back(in.qrels.reading);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    auto p = unpack(runs[i], r.lim, "run");
    if (!p) return placed_in(p.err(), "run", index_of(i, runs.size()));
    auto run = detail::letor_run(*letor, p->text(), r.qrels_name, r.lim);
    if (!run) return placed_in(run.err(), "run", index_of(i, runs.size()));
    trec_text t = trec_text::converted(std::move(*run), input_format::letor);
    t.reading = name_of_run(r, i) + (p->gzip ? " (gzip)" : "") + " read as predictions: one score per line of " +
                r.qrels_name;
    in.readings.push_back(t.reading);
    in.runs.push_back(std::move(t));
  }
  return in;
}

input_format qrels_format_of(const unpacked& u, const input_reading& r) {
  return r.qrels_format != input_format::automatic ? r.qrels_format : detect_input(u.text(), true);
}

expected<trec_text> qrels_of(unpacked& u, input_format f, const input_reading& r) {
  if (f == input_format::letor) {
    return placed_in(fail(error_code::missing_value,
                          "expected a predictions file after the LETOR file (one score per line: ndcg trec LETOR "
                          "PREDICTIONS)"),
                     "qrels");
  }
  if (f == input_format::trec) return as_given(u, f, r.qrels_name);
  auto t = convert(u, f, input_use::qrels, r, r.qrels_name);
  if (!t) return placed_in(t.err(), "qrels");
  return t;
}

}  // namespace

std::string_view name_of(input_format f) { return format_names[static_cast<std::size_t>(f)]; }

expected<input_format> input_format_named(std::string_view name) {
  for (std::size_t i = 0; i < std::size(format_names); ++i)
    if (name == format_names[i]) return static_cast<input_format>(i);
  return fail(error_code::unknown_choice, "expected trec, csv, tsv, json, jsonl, letor or auto, got " + echo(name))
      .with("found", name)
      .with("choices", "auto,trec,csv,tsv,json,jsonl,letor");
}

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
  auto u = unpack(qrels, r.lim, "qrels");
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
  auto u = unpack(qrels, r.lim, "qrels");
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
    in.readings.push_back(run->reading);
    in.runs.push_back(std::move(*run));
    return in;
  }
  auto q = qrels_of(*u, f, r);
  if (!q) return q.err();
  in.qrels = std::move(*q);
  if (!in.qrels.reading.empty()) in.readings.push_back(in.qrels.reading);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    auto run = read_run(runs[i], r, i, index_of(i, runs.size()));
    if (!run) return run.err();
    if (!run->reading.empty()) in.readings.push_back(run->reading);
    in.runs.push_back(std::move(*run));
  }
  return in;
}

}  // namespace ndcg
