// Reading the lines of TREC files (runs, qrels, subtopic qrels): the checks
// every line passes and its fields as views. Shared by parse_trec.cpp (the
// files as query lists) and the batch evaluation (trec_stream.cpp), which
// reads runs in pieces. Internal, not API.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "ndcg/parse.hpp"
#include "base/text.hpp"

namespace ndcg::detail {

struct layout {
  std::size_t fields;         // how many a line must have
  const char* names;          // "qid Q0 docid rank score tag"
  std::size_t other_fields;   // the count of the format people confuse it with
  const char* other_name;     // "qrels"
  bool more_ignored = false;  // fields after the last are ignored (runs, as trec_eval reads them)
};

constexpr layout run_layout{6, "qid Q0 docid rank score tag", 4, "qrels", true};
constexpr layout qrels_layout{4, "qid iter docid rel", 6, "a run"};
constexpr layout subtopic_layout{4, "qid subtopic docid judgment", 6, "a run"};

// The error for a data line with the wrong number of fields.
inline error field_count_problem(const line& l, const field* f, std::size_t n, const layout& lay) {
  std::string m = "expected " + std::to_string(lay.fields) + " fields (" + lay.names + "), got " + std::to_string(n);
  if (n == lay.other_fields) m += std::string(" (is this ") + lay.other_name + "?)";
  const std::size_t column = n > lay.fields ? f[lay.fields].column : f[n - 1].column + f[n - 1].text.size();
  return fail(error_code::field_count, std::move(m), l.number, column)
      .with("expected", std::to_string(lay.fields))
      .with("found", std::to_string(n));
}

// Done when a data line has its fields, else field_count_problem.
inline status check_fields(const line& l, const field* f, std::size_t n, const layout& lay) {
  if (n == lay.fields || (n > lay.fields && lay.more_ignored)) return done{};
  return field_count_problem(l, f, n, lay);
}

// Where a piece of a longer text starts: its first line's number, and
// whether it is the text's start (the one place a BOM may be).
struct text_piece {
  std::size_t first_line = 1;
  bool at_start = true;
};

// detail::next_record (base/text.hpp): in the modules out of line, one
// copy of the line scanner for the readers below and the run's stream, not
// one in each (their size), at the cost of a call per line; natively in
// each reader's loop, where the call and the scanner's set-up per line cost
// a tenth of its instructions.
#ifdef __EMSCRIPTEN__
bool read_record(line_reader& lines, const limits& lim, line& l, field* f, std::size_t cap, std::size_t& n,
                 status& problem);
#else
inline bool read_record(line_reader& lines, const limits& lim, line& l, field* f, std::size_t cap, std::size_t& n,
                        status& problem) {
  return next_record(lines, lim, l, f, cap, n, problem);
}
#endif

// A record of `lay`'s lines (room for 8 fields at f): natively a line of
// exactly its fields (a run's six, a qrels' four) split with no loop
// (next_plain's `Expect`), others as read_record reads them.
inline bool read_layout_record(line_reader& lines, const limits& lim, const layout& lay, line& l, field* f,
                               std::size_t& n, status& problem) {
#ifdef __EMSCRIPTEN__
  (void)lay;
  return read_record(lines, lim, l, f, 8, n, problem);
#else
  if (lay.fields == 4) return next_record<4>(lines, lim, l, f, 8, n, problem);
  if (lay.fields == 6) return next_record<6>(lines, lim, l, f, 8, n, problem);
  return next_record(lines, lim, l, f, 8, n, problem);
#endif
}

// At most this many records (lines with data): handles are 32-bit, and no
// sane limit comes near that.
inline std::size_t max_records(const limits& lim) { return lim.max_items < 0xFFFFFFF0u ? lim.max_items : 0xFFFFFFF0u; }

// for_each_record's loop. In the modules each batch of records is a call:
// V8 runs a call's loops in its first-tier code until the call returns, and
// uses a function's optimised code from its next call on, so a whole file
// read in one call would run unoptimised to the end.
#ifdef __EMSCRIPTEN__
#define NDCG_BATCH_CALL __attribute__((noinline))
inline constexpr std::size_t record_batch = 4096;
#else
#define NDCG_BATCH_CALL
inline constexpr std::size_t record_batch = 0;  // natively one loop, no batches
#endif

struct record_batches {
  line_reader lines;
  const limits& lim;
  const layout& lay;
  std::size_t max_records, records = 0;
  status problem = done{};

  // The next batch of records handed to fn: false at the end or an error (then in problem).
  template <class Fn>
  NDCG_BATCH_CALL bool next_batch(Fn& fn) {
    field f[8];
    line l;
    std::size_t n = 0;
    for (std::size_t left = record_batch; record_batch == 0 || left-- != 0;) {
      if (!read_layout_record(lines, lim, lay, l, f, n, problem)) return false;
      if (auto ok = check_fields(l, f, n, lay); !ok) return (problem = ok.err(), false);
      if (++records > max_records) return (problem = too_many(l, f), false);
      if (auto ok = fn(l.number, f); !ok) return (problem = ok.err(), false);
    }
    return true;
  }

  error too_many(const line& l, const field* f) const {
    return fail(error_code::too_large, "expected at most " + std::to_string(max_records) + " lines, got more", l.number,
                f[0].column)
        .with("limit", std::to_string(max_records));
  }
};

// Calls fn(line, fields) for each line that holds data, after checking the
// input and the number of fields. Stops at the first error.
template <class Fn>
status for_each_record(std::string_view text, const limits& lim, const layout& lay, Fn fn, text_piece piece = {}) {
  if (auto ok = detail::check_size(text, lim); !ok) return ok.err();
  record_batches loop{line_reader(text, piece.first_line, piece.at_start), lim, lay, max_records(lim)};
  while (loop.next_batch(fn)) {
  }
  return loop.problem;
}

// The score of a run line (field 5), or the error naming it.
inline status read_score(const field* f, std::size_t line, double& score) {
  if (auto s = parse_number(f[4].text, score); s != number_status::ok)
    return bad_number("a score (a number)", f[4], line, s);
  return done{};
}

// The grade of a qrels line (field 4), or the error naming it.
inline status read_grade(const field* f, std::size_t line, long& rel) {
#ifndef __EMSCRIPTEN__  // natively only: inlined at each reader, it weighs on the modules' size
  const std::string_view t = f[3].text;
  if (t.size() == 1 && t[0] >= '0' && t[0] <= '9') {  // nearly every grade: no call
    rel = t[0] - '0';
    return done{};
  }
#endif
  if (auto s = parse_integer(f[3].text, rel); s != number_status::ok)
    return bad_number("a relevance grade (an integer)", f[3], line, s);
  return done{};
}

// A docid given twice where once is allowed; `first` is the earlier line.
inline error repeated(const field& docid, std::size_t line, std::size_t first, std::string message) {
  return fail(error_code::duplicate_id, std::move(message), line, docid.column)
      .with("found", docid.text)
      .with("first_line", std::to_string(first));
}

inline error repeated_in_run(const field* f, std::size_t line, std::size_t first) {
  return repeated(f[2], line, first,
                  "expected each docid once per query, got " + echo(f[2].text) + " again in query " +
                      echo(f[0].text) + " (first on line " + std::to_string(first) + ")");
}

inline error repeated_in_qrels(const field& docid, std::string_view qid, std::size_t line, std::size_t first) {
  return repeated(docid, line, first,
                  "expected one judgment per docid, got " + echo(docid.text) + " again in query " + echo(qid) +
                      " (first on line " + std::to_string(first) + ")");
}

}  // namespace ndcg::detail
