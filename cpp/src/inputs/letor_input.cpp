// LETOR / SVMlight files (`label qid:Q 1:v 2:v ... # docid = D inc = ...`)
// with a predictions file: the labels are the judgments, the predictions
// (one number per line, in the file's order) score the lines. A doc id is
// the comment's docid, else the line's position within its query. Without
// qid: fields a group-size file (LightGBM .query, XGBoost .group) says how
// many lines each query has; its queries are named 1, 2, ...
#include <cmath>
#include <string>

#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"
#include "ndcg/numbers.hpp"

namespace ndcg::detail {
namespace {

// The value of `docid` in a comment ("docid = GX004-93-7097963 inc = 0.04"
// or "docid=D"), or "".
std::string_view docid_in(std::string_view comment) {
  std::size_t at = comment.find("docid");
  while (at != npos) {
    std::size_t i = at + 5;
    while (i < comment.size() && is_space(comment[i])) ++i;
    if (i < comment.size() && comment[i] == '=') {
      ++i;
      while (i < comment.size() && is_space(comment[i])) ++i;
      std::size_t e = i;
      while (e < comment.size() && !is_space(comment[e])) ++e;
      return comment.substr(i, e - i);
    }
    at = comment.find("docid", at + 5);
  }
  return {};
}

error letor_error(error_code code, std::string message, std::size_t line, std::size_t column, std::string_view found) {
  return fail(code, std::move(message), line, column).with("found", found);
}

// The group sizes, one whole number per line.
expected<std::vector<std::size_t>> group_sizes(std::string_view text, const limits& lim) {
  std::vector<std::size_t> sizes;
  line_reader lines(text);
  line l;
  field f[2];
  while (lines.next(l)) {
    if (auto ok = check_line(l, lim); !ok) return error(ok.err()).in("group");
    const std::size_t n = split_whitespace(l.text, f, 2);
    if (n == 0) continue;
    long v = 0;
    if (n > 1 || read_integer(f[0].text, v) != number_status::ok || v < 0) {
      return letor_error(error_code::not_whole, "expected a group size (a whole number) alone on the line, got " +
                                                    echo(l.text),
                         l.number, f[0].column, l.text)
          .in("group");
    }
    sizes.push_back(static_cast<std::size_t>(v));
  }
  return sizes;
}

struct letor_state {
  letor_file out;
  id_numbers first_line;  // qid -> its first line
  id_numbers docs;        // this query's doc -> line
  std::string current;
  std::size_t position = 0;
};

// The label of a line as a judgment: a whole number ("1.0" is 1).
status label_of(const field& f, std::size_t line, long& rel) {
  double v = 0;
  if (auto s = read_number(f.text, v); s != number_status::ok) return bad_number("a label (a number)", f, line, s);
  if (v != std::floor(v) || std::fabs(v) > 9.0e15)
    return letor_error(error_code::not_whole, "expected a whole-number label, got " + echo(f.text), line, f.column, f.text);
  rel = static_cast<long>(v);
  return done{};
}

// A new query starts at `line`, unless it is the one being read.
status enter_query(letor_state& s, std::string_view qid, std::size_t line, std::size_t column) {
  if (qid == s.current && s.position > 0) return done{};
  if (const std::size_t first = s.first_line.add(qid, line)) {
    return letor_error(error_code::ungrouped_run,
                       "expected each query's lines together, got query " + echo(qid) + " again (first on line " +
                           std::to_string(first) + ", other queries since)",
                       line, column, qid)
        .with("first_line", std::to_string(first));
  }
  s.current = std::string(qid);
  s.position = 0;
  s.docs.clear();
  ++s.out.queries;
  return done{};
}

status add_line(letor_state& s, const line& l, const field* f, std::size_t n, std::string_view qid,
                std::size_t qid_column, std::string_view comment, std::size_t comment_column) {
  long rel = 0;
  if (auto ok = label_of(f[0], l.number, rel); !ok) return ok;
  for (std::size_t i = 1; i < n; ++i) {
    const std::string_view t = f[i].text;
    if (t.substr(0, 4) == "qid:") continue;  // the query, or (with a group file) not read
    const std::size_t colon = t.find(':');
    if (colon == 0 || colon == npos || colon + 1 == t.size()) {
      return letor_error(error_code::bad_input, "expected a feature (index:value), got " + echo(t), l.number,
                         f[i].column, t);
    }
  }
  if (auto ok = enter_query(s, qid, l.number, qid_column); !ok) return ok;
  ++s.position;
  std::string_view doc = docid_in(comment);
  std::string position;
  if (doc.empty()) {
    position = std::to_string(s.position);
    doc = position;
  } else {
    s.out.docids_from_comments = true;
  }
  if (const std::size_t first = s.docs.add(doc, l.number)) {
    return letor_error(error_code::duplicate_id,
                       "expected each docid once per query, got " + echo(doc) + " again in query " + echo(qid) +
                           " (first on line " + std::to_string(first) + ")",
                       l.number, comment_column, doc)
        .with("first_line", std::to_string(first));
  }
  s.out.qrels.append(qid).append(" 0 ").append(doc).append(" ").append(std::to_string(rel)).append("\n");
  s.out.lines.push_back({std::string(qid), std::string(doc)});
  return done{};
}

}  // namespace

expected<letor_file> read_letor(std::string_view text, std::string_view group, const limits& lim) {
  letor_state s;
  std::vector<std::size_t> sizes;
  const bool grouped = !group.empty();
  if (grouped) {
    auto g = group_sizes(group, lim);
    if (!g) return g.err();
    sizes = std::move(*g);
    s.out.from_group = true;
  }
  std::size_t group_at = 0, left = sizes.empty() ? 0 : sizes[0];
  if (auto ok = check_size(text, lim); !ok) return ok.err();
  line_reader lines(text);
  line l;
  constexpr std::size_t cap = 4096;
  std::vector<field> f(cap);
  while (lines.next(l)) {
    if (auto ok = check_line(l, lim); !ok) return ok.err();
    if (skippable(l.text)) continue;
    std::string_view data = l.text, comment;
    std::size_t comment_column = 0;
    if (const std::size_t hash = l.text.find('#'); hash != npos) {
      data = l.text.substr(0, hash);
      comment = l.text.substr(hash + 1);
      comment_column = hash + 2;
    }
    const std::size_t n = split_whitespace(data, f.data(), cap);
    if (n > cap) {
      return fail(error_code::too_large, "expected at most 4096 fields on a line, got " + std::to_string(n), l.number,
                  f[cap - 1].column)
          .with("limit", "4096");
    }
    if (s.out.lines.size() >= lim.max_items) {
      return fail(error_code::too_large, "expected at most " + std::to_string(lim.max_items) + " lines, got more",
                  l.number, 1)
          .with("limit", std::to_string(lim.max_items));
    }
    if (!grouped) {
      if (n < 2 || f[1].text.substr(0, 4) != "qid:" || f[1].text.size() == 4) {
        const std::size_t column = n < 2 ? f[0].column + f[0].text.size() : f[1].column;
        return letor_error(error_code::bad_input,
                           "expected qid:ID after the label (or a group file giving each query's size, --group), "
                           "got " + (n < 2 ? std::string("the line's end") : echo(f[1].text)),
                           l.number, column, n < 2 ? std::string_view() : f[1].text);
      }
      if (auto ok = add_line(s, l, f.data(), n, f[1].text.substr(4), f[1].column + 4, comment,
                             comment_column ? comment_column : 1);
          !ok)
        return ok.err();
      continue;
    }
    while (left == 0 && group_at < sizes.size()) left = ++group_at < sizes.size() ? sizes[group_at] : 0;
    if (group_at >= sizes.size()) {
      return fail(error_code::field_count,
                  "expected as many lines as the group sizes add up to (" + std::to_string(s.out.lines.size()) +
                      "), got more",
                  l.number, 1)
          .with("expected", std::to_string(s.out.lines.size()))
          .with("found", "more");
    }
    --left;
    const std::string qid = std::to_string(group_at + 1);
    if (auto ok = add_line(s, l, f.data(), n, qid, 1, comment, comment_column ? comment_column : 1); !ok)
      return ok.err();
  }
  if (grouped) {
    std::size_t total = 0;
    for (std::size_t v : sizes) total += v;
    if (total != s.out.lines.size()) {
      return fail(error_code::field_count, "expected the group sizes to add up to the file's " +
                                               std::to_string(s.out.lines.size()) + " lines, got " + std::to_string(total))
          .with("expected", std::to_string(s.out.lines.size()))
          .with("found", std::to_string(total))
          .in("group");
    }
  }
  if (s.out.lines.empty()) return fail(error_code::empty_input, "expected LETOR lines (label qid:ID index:value ...), got none");
  return std::move(s.out);
}

expected<std::string> letor_run(const letor_file& letor, std::string_view predictions, std::string_view letor_name,
                                const limits& lim) {
  if (auto ok = check_size(predictions, lim); !ok) return ok.err();
  std::string run;
  line_reader lines(predictions);
  line l;
  field f[2];
  std::size_t i = 0, last_line = 0;
  while (lines.next(l)) {
    if (auto ok = check_line(l, lim); !ok) return ok.err();
    const std::size_t n = split_whitespace(l.text, f, 2);
    if (n == 0) continue;
    last_line = l.number;
    if (n > 1) {
      return fail(error_code::field_count,
                  "expected one prediction (a number) per line, got " + std::to_string(n) + " fields", l.number,
                  f[1].column)
          .with("expected", "1")
          .with("found", std::to_string(n));
    }
    double v = 0;
    if (auto s = read_number(f[0].text, v); s != number_status::ok) return bad_number("a prediction (a number)", f[0], l.number, s);
    if (i >= letor.lines.size()) {
      return fail(error_code::field_count,
                  "expected " + std::to_string(letor.lines.size()) + " predictions, one per line of " +
                      std::string(letor_name) + ", got more",
                  l.number, f[0].column)
          .with("expected", std::to_string(letor.lines.size()))
          .with("found", "more");
    }
    const auto& e = letor.lines[i++];
    run.append(e.qid).append(" Q0 ").append(e.doc).append(" 0 ").append(shortest(v)).append(" run\n");
  }
  if (i < letor.lines.size()) {
    return fail(error_code::field_count,
                "expected " + std::to_string(letor.lines.size()) + " predictions, one per line of " +
                    std::string(letor_name) + ", got " + std::to_string(i),
                last_line, last_line ? 1 : 0)
        .with("expected", std::to_string(letor.lines.size()))
        .with("found", std::to_string(i));
  }
  return run;
}

}  // namespace ndcg::detail
