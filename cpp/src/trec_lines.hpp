// Reading the lines of TREC files (runs, qrels, subtopic qrels): the checks
// every line passes and its fields as views. Shared by parse_trec.cpp (the
// files as query lists) and the batch evaluation (trec_stream.cpp), which
// reads runs in pieces. Internal, not API.
#pragma once

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "ndcg/parse.hpp"
#include "text.hpp"

namespace ndcg::detail {

struct layout {
  std::size_t fields;         // how many a line must have
  const char* names;          // "qid Q0 docid rank score tag"
  std::size_t other_fields;   // the count of the format people confuse it with
  const char* other_name;     // "qrels"
};

constexpr layout run_layout{6, "qid Q0 docid rank score tag", 4, "qrels"};
constexpr layout qrels_layout{4, "qid iter docid rel", 6, "a run"};
constexpr layout subtopic_layout{4, "qid subtopic docid judgment", 6, "a run"};

// The error for a data line with the wrong number of fields, or done.
inline status check_fields(const line& l, const field* f, std::size_t n, const layout& lay) {
  if (n == lay.fields) return done{};
  std::string m = "expected " + std::to_string(lay.fields) + " fields (" + lay.names + "), got " + std::to_string(n);
  if (n == lay.other_fields) m += std::string(" (is this ") + lay.other_name + "?)";
  const std::size_t column = n > lay.fields ? f[lay.fields].column : f[n - 1].column + f[n - 1].text.size();
  return fail(error_code::field_count, std::move(m), l.number, column)
      .with("expected", std::to_string(lay.fields))
      .with("found", std::to_string(n));
}

// Calls fn(line, fields) for each line that holds data, after checking the
// input and the number of fields. Stops at the first error.
template <class Fn>
status for_each_record(std::string_view text, const limits& lim, const layout& lay, Fn fn) {
  if (auto ok = detail::check_size(text, lim); !ok) return ok.err();
  // Handles are 32-bit; no sane limit comes near that.
  const std::size_t max_records = lim.max_items < 0xFFFFFFF0u ? lim.max_items : 0xFFFFFFF0u;
  constexpr std::size_t cap = 8;
  field f[cap];
  detail::line_reader lines(text);
  detail::line l;
  std::size_t records = 0;
  while (lines.next(l)) {
    if (auto ok = detail::check_line(l, lim); !ok) return ok.err();
    if (detail::skippable(l.text)) continue;
    const std::size_t n = detail::split_whitespace(l.text, f, cap);
    if (auto ok = check_fields(l, f, n, lay); !ok) return ok.err();
    if (++records > max_records) {
      return fail(error_code::too_large, "expected at most " + std::to_string(max_records) + " lines, got more", l.number,
                  f[0].column)
          .with("limit", std::to_string(max_records));
    }
    if (auto ok = fn(l.number, f); !ok) return ok.err();
  }
  return done{};
}

// Clinger's exact case: a decimal whose digits make an integer below 2^53,
// scaled by a power of ten up to 10^22 (exact in a double), is correctly
// rounded by one multiplication or division, so it equals strtod's value.
// Covers "-0.4", "18.90443319866316", "9.692124e-01"; false for the rest.
inline bool exact_decimal(std::string_view t, double& out) {
  static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  std::size_t i = 0;
  const bool negative = !t.empty() && t[0] == '-';
  if (negative) ++i;
  std::uint64_t mantissa = 0;
  int digits = 0, scale = 0;
  bool point = false;
  for (; i < t.size() && t[i] != 'e' && t[i] != 'E'; ++i) {
    if (t[i] == '.' && !point) { point = true; continue; }
    if (t[i] < '0' || t[i] > '9' || ++digits > 19) return false;
    mantissa = mantissa * 10 + static_cast<std::uint64_t>(t[i] - '0');
    if (point) --scale;
  }
  if (digits == 0 || mantissa > (std::uint64_t(1) << 53)) return false;
  if (i < t.size()) {  // an exponent: e, an optional sign, one to three digits
    std::size_t j = i + 1;
    const bool minus = j < t.size() && t[j] == '-';
    if (j < t.size() && (t[j] == '-' || t[j] == '+')) ++j;
    if (j == t.size() || t.size() - j > 3) return false;
    int e = 0;
    for (; j < t.size(); ++j) {
      if (t[j] < '0' || t[j] > '9') return false;
      e = e * 10 + (t[j] - '0');
    }
    scale += minus ? -e : e;
  }
  if (scale < -22 || scale > 22) return false;
  const double m = static_cast<double>(mantissa);
  const double v = scale < 0 ? m / pow10[-scale] : m * pow10[scale];
  out = negative ? -v : v;
  return true;
}

// The score of a run line (field 5), or the error naming it. Plain ASCII
// decimals (nearly every score) are read exactly here or, where the library
// has it for doubles (libstdc++), by std::from_chars: both give strtod's
// correctly rounded value, much faster. Anything else, and any case they
// refuse, takes parse_number's path, which names the problem.
inline status read_score(const field* f, std::size_t line, double& score) {
  const std::string_view t = f[4].text;
  if (exact_decimal(t, score)) return done{};
#if defined(__GLIBCXX__)
  if (t.find_first_not_of("0123456789.-eE") == std::string_view::npos) {
    const auto r = std::from_chars(t.data(), t.data() + t.size(), score);
    if (r.ec == std::errc() && r.ptr == t.data() + t.size() && std::isfinite(score)) return done{};
  }
#endif
  if (auto s = parse_number(t, score); s != number_status::ok)
    return bad_number("a score (a number)", f[4], line, s);
  return done{};
}

// The grade of a qrels line (field 4), or the error naming it.
inline status read_grade(const field* f, std::size_t line, long& rel) {
  if (auto s = parse_integer(f[3].text, rel); s != number_status::ok)
    return bad_number("a relevance grade (an integer)", f[3], line, s);
  return done{};
}

// A docid given twice where once is allowed; `first` is the earlier line.
inline error repeated(const field& docid, std::size_t line, std::size_t first, std::string message) {
  return fail(error_code::duplicate_id, std::move(message), line, docid.column)
      .with("found", std::string(docid.text))
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
