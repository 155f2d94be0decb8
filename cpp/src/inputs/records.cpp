// Rows as records, each field checked where the file gave it and each
// number read once.
#include <algorithm>
#include <cmath>
#include <string>

#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"
#include "ndcg/numbers.hpp"

namespace ndcg::detail {
namespace {

status read_value(const value_at& v, const char* what, double& out) {
  if (auto s = parse_number(v.text, out); s != number_status::ok) return bad_number(what, field{v.text, v.column}, v.line, s);
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
status score_of(const input_row& r, double& out) {
  if (r.score.given()) return read_value(r.score, "a score (a number)", out);
  if (!r.rank.given()) return missing(r.qid, "a score or a rank");
  long rank = 0;
  if (auto ok = read_whole(r.rank, "a rank (a whole number)", rank); !ok) return ok;
  out = static_cast<double>(-rank);
  return done{};
}

}  // namespace

error bad_id(const value_at& v, const char* what, bool opens_line) {
  return fail(error_code::bad_input,
              std::string("expected ") + what + " with no spaces" +
                  (opens_line ? " (not starting with # or a BOM)" : "") +
                  ", got " + got(v.text),
              v.line, v.column)
      .with("found", v.text);
}

status record_checker::add(const input_row& r) {
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
  input_record& out = out_;  // every field set below, or the same for every row (a run's rel, qrels' score)
  if (use_ != input_use::qrels)
    if (auto ok = score_of(r, out.score); !ok) return ok;
  if (use_ != input_use::run) {
    if (!r.rel.given()) return missing(r.qid, "a judgment (rel)");
    if (auto ok = read_whole(r.rel, "a judgment (a whole number)", out.rel); !ok) return ok;
  }
  out.qid = r.qid.text;
  out.doc = r.doc.text;
  if (!r.doc.given()) {  // the row's position in its query
    std::size_t at = positions_.add(r.qid.text, count_.size() + 1);
    if (at == 0) count_.push_back(0), at = count_.size();
    position_ = std::to_string(++count_[at - 1]);
    out.doc = position_;
  }
  out.tag = r.tag.given() ? r.tag.text : std::string_view("run");
  const value_at& place = r.doc.given() ? r.doc : r.qid;
  out.line = place.line;
  out.column = place.column;
  out.qid_line = r.qid.line;
  out.qid_column = r.qid.column;
  return sink_.add(out);
}

std::string_view without_bom(std::string_view text) { return strip_bom(text); }

}  // namespace ndcg::detail
