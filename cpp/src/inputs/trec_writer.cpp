// Rows as TREC lines, each field checked where the file gave it, so the
// TREC readers that read the lines next never refuse one.
#include <algorithm>
#include <cmath>
#include <string>

#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"
#include "ndcg/numbers.hpp"

namespace ndcg::detail {
namespace {

// A qid or docid becomes one field of a whitespace-separated line. A qid
// opens the line: a '#' would make it a comment, and a byte-order mark on
// the text's first line would be dropped by the reader (a mark in the middle
// of a table is a file pasted into another).
status check_id(const value_at& v, const char* what, bool opens_line = false) {
  bool bad = v.text.empty() || (opens_line && (v.text[0] == '#' || starts_with_bom(v.text)));
  for (char c : v.text) bad = bad || is_space(c) || c == '\n' || c == '\r' || c == '\0';
  if (!bad) return done{};
  return fail(error_code::bad_input,
              std::string("expected ") + what + " with no spaces" +
                  (opens_line ? " (not starting with # or a BOM)" : "") +
                  ", got " + got(v.text),
              v.line, v.column)
      .with("found", v.text);
}

status read_value(const value_at& v, const char* what, double& out) {
  const field f{v.text, v.column};
  if (auto s = parse_number(v.text, out); s != number_status::ok) return bad_number(what, f, v.line, s);
  return done{};
}

// A judgment or a rank: a whole number ("1.0" is 1), as a long.
status read_whole(const value_at& v, const char* what, long& out) {
  double d = 0;
  if (auto ok = read_value(v, what, d); !ok) return ok;
  if (d != std::floor(d) || std::fabs(d) > 9.0e15) {
    return fail(error_code::not_whole, std::string("expected ") + what + ", got " + echo(v.text), v.line, v.column)
        .with("found", v.text);
  }
  out = static_cast<long>(d);
  return done{};
}

status missing(const value_at& where, const char* what) {
  return fail(error_code::missing_value, std::string("expected ") + what + " in this record, got none", where.line,
              where.column);
}

// The score of a run line: the score, else -rank (rank order).
status score_text(const input_row& r, std::string& out) {
  if (r.score.given()) {
    double v = 0;
    if (auto ok = read_value(r.score, "a score (a number)", v); !ok) return ok;
    out = shortest(v);
    return done{};
  }
  if (!r.rank.given()) return missing(r.qid, "a score or a rank");
  long rank = 0;
  if (auto ok = read_whole(r.rank, "a rank (a whole number)", rank); !ok) return ok;
  out = std::to_string(-rank);
  return done{};
}

}  // namespace

status trec_writer::add(const input_row& r) {
  if (auto ok = check_id(r.qid, "a query id", true); !ok) return ok;
  if (r.doc.given())
    if (auto ok = check_id(r.doc, "a doc id"); !ok) return ok;
  if (r.tag.given())
    if (auto ok = check_id(r.tag, "a run tag"); !ok) return ok;
  if (++rows > lim_.max_items) {
    return fail(error_code::too_large, "expected at most " + std::to_string(lim_.max_items) + " rows, got more",
                r.qid.line, r.qid.column)
        .with("limit", std::to_string(lim_.max_items));
  }
  std::string score;
  if (use_ != input_use::qrels)
    if (auto ok = score_text(r, score); !ok) return ok;
  long rel = 0;
  if (use_ != input_use::run) {
    if (!r.rel.given()) return missing(r.qid, "a judgment (rel)");
    if (auto ok = read_whole(r.rel, "a judgment (a whole number)", rel); !ok) return ok;
  }
  std::size_t at = index_.add(r.qid.text, queries_.size() + 1);
  if (at == 0) {
    queries_.emplace_back();
    at = queries_.size();
  }
  query_state& q = queries_[at - 1];
  const std::string position = std::to_string(++q.count);
  const std::string doc = r.doc.given() ? std::string(r.doc.text) : position;
  if (const std::size_t first = q.docs.add(doc, r.qid.line)) {
    const value_at& place = r.doc.given() ? r.doc : r.qid;
    return fail(error_code::duplicate_id,
                "expected each doc id once per query, got " + echo(doc) + " again in query " + echo(r.qid.text) +
                    " (first on line " + std::to_string(first) + ")",
                place.line, place.column)
        .with("found", doc)
        .with("first_line", std::to_string(first));
  }
  const std::string_view tag = r.tag.given() ? r.tag.text : std::string_view("run");
  const std::size_t run_from = run.size(), qrels_from = qrels.size();
  if (use_ != input_use::qrels) {
    run.append(r.qid.text).append(" Q0 ").append(doc).append(" ").append(position).append(" ");
    run.append(score).append(" ").append(tag).append("\n");
  }
  if (use_ != input_use::run)
    qrels.append(r.qid.text).append(" 0 ").append(doc).append(" ").append(std::to_string(rel)).append("\n");
  // Each text gained one line, with its "\n", or nothing.
  return line_fits(std::max(run.size() - run_from, qrels.size() - qrels_from) - 1, r.qid);
}

// The TREC readers take lines of at most max_line bytes: a record of long
// ids (a JSON file is one line) is refused where it is, not on a line of the
// text it became.
status trec_writer::line_fits(std::size_t length, const value_at& where) const {
  if (length <= lim_.max_line) return done{};
  return too_long(length, lim_, where.line, where.column, " as TREC");
}

std::string_view without_bom(std::string_view text) { return strip_bom(text); }

}  // namespace ndcg::detail
