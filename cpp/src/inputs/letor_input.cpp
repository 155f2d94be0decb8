// LETOR / SVMlight files (`label qid:Q 1:v 2:v ... # docid = D inc = ...`)
// with a predictions file: the labels are the judgments, the predictions
// (one number per line, in the file's order) score the lines. A doc id is
// the comment's docid, else the line's position within its query. Without
// qid: fields a group-size file (LightGBM .query, XGBoost .group) says how
// many lines each query has; its queries are named 1, 2, ...
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>
#ifndef __EMSCRIPTEN__
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#endif

#include "base/text.hpp"
#include "inputs/inputs_detail.hpp"
#include "ndcg/numbers.hpp"

namespace ndcg::detail {
namespace {

// The value of `docid` in a comment ("docid = GX004-93-7097963 inc = 0.04"
// or "docid=D"), or "".
std::string_view docid_in(std::string_view comment) {
  std::size_t lead = 0;  // most comments start with it
  while (lead < comment.size() && is_space(comment[lead])) ++lead;
  std::size_t at = same_id(comment.substr(lead, 5), "docid") ? lead : comment.find("docid");
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

// The docs of the query being read and their lines: views into the text
// (which outlives the read), or positions kept here.
struct query_docs {
  basic_id_numbers<std::string_view> lines;
  std::vector<std::unique_ptr<std::string>> positions;  // stay put as more come
  std::string_view position(std::size_t n) {
    positions.push_back(std::make_unique<std::string>(std::to_string(n)));
    return *positions.back();
  }
  void clear(std::size_t expected) {
    lines.clear(expected);
    positions.clear();
  }
};

struct letor_state {
  letor_counts out;
  record_sink* sink = nullptr;
  id_numbers first_line;  // qid -> its first line
  query_docs docs;        // this query's
  std::string current;
  std::size_t position = 0;
};

bool is_qid(std::string_view t) { return t.size() >= 4 && t[0] == 'q' && t[1] == 'i' && t[2] == 'd' && t[3] == ':'; }

// The label of a line as a judgment: a whole number ("1.0" is 1).
status label_of(const field& f, std::size_t line, long& rel) {
  if (f.text.size() == 1 && f.text[0] >= '0' && f.text[0] <= '9') return rel = f.text[0] - '0', done{};  // most are
  double v = 0;
  if (auto s = read_number(f.text, v); s != number_status::ok) return bad_number("a label (a number)", f, line, s);
  if (v != std::floor(v) || std::fabs(v) > 9.0e15)
    return letor_error(error_code::not_whole, "expected a whole-number label, got " + echo(f.text), line, f.column, f.text);
  rel = static_cast<long>(v);
  return done{};
}

// A new query starts at `line`, unless it is the one being read.
status enter_query(letor_state& s, std::string_view qid, std::size_t line, std::size_t column) {
  if (same_id(qid, s.current) && s.position > 0) return done{};
  if (const std::size_t first = s.first_line.add(qid, line)) {
    return letor_error(error_code::ungrouped_run,
                       "expected each query's lines together, got query " + echo(qid) + " again (first on line " +
                           std::to_string(first) + ", other queries since)",
                       line, column, qid)
        .with("first_line", std::to_string(first));
  }
  s.current.assign(qid);
  s.docs.clear(std::max<std::size_t>(s.position, 32));  // the next query is likely as long
  s.position = 0;
  ++s.out.queries;
  return done{};
}

// One line split at its comment: the fields before '#' and the text after it.
struct letor_parts {
  std::string_view data, comment;
  std::size_t comment_column = 1;  // where an error about the doc id points
  std::string_view doc;            // the comment's docid when found with its fields
};

// What a LETOR line says on its own, read without the lines before it
// (so on another thread than theirs): its label, query and doc, or its
// fault, said where the checks that need those lines put it: before the
// count of lines (fields), before the group's query (qid), or after it.
struct letor_line {
  enum class fault : std::uint8_t { none, fields, qid, line } bad = fault::none;
  std::size_t number = 0;
  long rel = 0;
  std::string_view qid, doc;  // qid: none with a group file; doc: none, a position
  std::size_t qid_column = 1, comment_column = 1;
};

constexpr std::size_t max_fields = 4096;

status check_qid(const line& l, const field* f, std::size_t n);

// The label and features of a line whose data's `n` fields are in `f`.
status check_data(const line& l, const field* f, std::size_t n, long& rel) {
  if (auto ok = label_of(f[0], l.number, rel); !ok) return ok;
  for (std::size_t i = 1; i < n; ++i) {
    const std::string_view t = f[i].text;
    if (is_qid(t)) continue;  // the query, or (with a group file) not read
    std::size_t colon = 0;
    while (colon < t.size() && t[colon] != ':') ++colon;
    if (colon == 0 || colon == t.size() || colon + 1 == t.size()) {
      return letor_error(error_code::bad_input, "expected a feature (index:value), got " + echo(t), l.number,
                         f[i].column, t);
    }
  }
  return done{};
}

// A line read alone into `t`; its fault's error into `fault`.
void read_alone(const line& l, const letor_parts& parts, const field* f, std::size_t n, bool groups, letor_line& t,
                std::optional<error>& fault) {
  t = letor_line();
  t.number = l.number;
  t.comment_column = parts.comment_column;
  const auto faulty = [&](letor_line::fault kind, error e) { t.bad = kind, fault = std::move(e); };
  if (n > max_fields)
    return faulty(letor_line::fault::fields,
                  fail(error_code::too_large, "expected at most 4096 fields on a line, got " + std::to_string(n), l.number,
                       f[max_fields - 1].column)
                      .with("limit", "4096"));
  if (!groups) {
    if (auto ok = check_qid(l, f, n); !ok) return faulty(letor_line::fault::qid, ok.err());
    t.qid = f[1].text.substr(4);
    t.qid_column = f[1].column + 4;
  }
  if (auto ok = check_data(l, f, n, t.rel); !ok) return faulty(letor_line::fault::line, ok.err());
  t.doc = parts.doc.empty() ? docid_in(parts.comment) : parts.doc;
}

class group_counter;

// A line read alone, added in order: under its query (from qid: or the
// group sizes), its doc once in it.
status apply_line(letor_state& s, const letor_line& t, const std::optional<error>& fault, group_counter* groups,
                  const limits& lim);

status add_doc(letor_state& s, const letor_line& t, std::string_view qid, std::size_t qid_column) {
  if (auto ok = enter_query(s, qid, t.number, qid_column); !ok) return ok;
  ++s.position;
  std::string_view doc = t.doc;
  if (doc.empty()) {
    doc = s.docs.position(s.position);
  } else {
    s.out.docids_from_comments = true;
  }
  const std::size_t hash = hash_of(doc);
  if (const std::size_t first = s.docs.lines.add(doc, t.number, hash)) {
    return letor_error(error_code::duplicate_id,
                       "expected each docid once per query, got " + echo(doc) + " again in query " + echo(qid) +
                           " (first on line " + std::to_string(first) + ")",
                       t.number, t.comment_column, doc)
        .with("first_line", std::to_string(first));
  }
  ++s.out.lines;
  input_record r;
  r.qid = qid;
  r.doc = doc;
  r.rel = t.rel;
  r.tag = "run";
  r.line = r.qid_line = t.number;
  r.column = t.comment_column;
  r.qid_column = qid_column;
  r.doc_hash = hash;
  return s.sink->add(r);
}

letor_parts split_comment(std::string_view text) {
  const std::size_t hash = text.find('#');
  if (hash == npos) return {text, {}, 1, {}};
  return {text.substr(0, hash), text.substr(hash + 1), hash + 2, {}};
}

// The query of a line without a group file: its second field, qid:ID.
// A qid opens a line of the TREC text it becomes, where a byte-order mark
// on the first line would be dropped (trec_writer's check_id, the same rule).
status check_qid(const line& l, const field* f, std::size_t n) {
  const bool tagged = n >= 2 && is_qid(f[1].text);
  if (tagged && starts_with_bom(f[1].text.substr(4)))
    return letor_error(error_code::bad_input, "expected a query id not starting with a BOM, got " + echo(f[1].text),
                       l.number, f[1].column + 4, f[1].text);
  if (tagged && f[1].text.size() > 4) return done{};
  const std::size_t column = n < 2 ? f[0].column + f[0].text.size() : f[1].column;
  return letor_error(error_code::bad_input,
                     "expected qid:ID after the label (or a group file giving each query's size, --group), got " +
                         (n < 2 ? std::string("the line's end") : echo(f[1].text)),
                     l.number, column, n < 2 ? std::string_view() : f[1].text);
}

// Queries from group sizes: each line takes the next place in the current group.
class group_counter {
 public:
  explicit group_counter(std::vector<std::size_t> sizes) : sizes_(std::move(sizes)), left_(sizes_.empty() ? 0 : sizes_[0]) {}

  // The query (1, 2, ...) of the next line; an error when the sizes are used up.
  expected<std::string> next(std::size_t line, std::size_t lines_so_far) {
    while (left_ == 0 && at_ < sizes_.size()) left_ = ++at_ < sizes_.size() ? sizes_[at_] : 0;
    if (at_ >= sizes_.size()) {
      return fail(error_code::field_count,
                  "expected as many lines as the group sizes add up to (" + std::to_string(lines_so_far) + "), got more",
                  line, 1)
          .with("expected", std::to_string(lines_so_far))
          .with("found", "more");
    }
    --left_;
    return std::to_string(at_ + 1);
  }

  // The sizes must add up to the file's lines.
  status finish(std::size_t lines) const {
    std::size_t total = 0;
    for (std::size_t v : sizes_) total += v;
    if (total == lines) return done{};
    return fail(error_code::field_count, "expected the group sizes to add up to the file's " + std::to_string(lines) +
                                             " lines, got " + std::to_string(total))
        .with("expected", std::to_string(lines))
        .with("found", std::to_string(total))
        .in("group");
  }

 private:
  std::vector<std::size_t> sizes_;
  std::size_t at_ = 0, left_;
};

#ifndef __EMSCRIPTEN__  // lines split in one pass: native only (the modules' size)
// The fields of a whole line (`n`, all stored) cut at its comment: those
// before the '#' are the data's, the one the '#' falls in shortened. The
// same fields as split_whitespace gives of the data alone.
letor_parts cut_comment(const line& l, std::vector<field>& f, std::size_t& n) {
  const char* hash = find_byte(l.text.data(), l.text.size(), '#');
  if (!hash) return {l.text, {}, 1, {}};
  const auto at = static_cast<std::size_t>(hash - l.text.data());
  std::size_t data = 0;
  while (data < n && f[data].column <= at) ++data;
  if (data > 0 && f[data - 1].column - 1 + f[data - 1].text.size() > at)
    f[data - 1].text = f[data - 1].text.substr(0, at + 1 - f[data - 1].column);
  letor_parts parts{l.text.substr(0, at), l.text.substr(at + 1), at + 2, {}};
  // "# docid = D ...", as most files write it: docid_in's first find.
  if (data + 3 < n && f[data].text.size() == 1 && f[data].column == at + 1 && f[data + 1].text.size() == 5 &&
      std::memcmp(f[data + 1].text.data(), "docid", 5) == 0 && f[data + 2].text.size() == 1 && f[data + 2].text[0] == '=')
    parts.doc = f[data + 3].text;
  n = data;
  return parts;
}
#endif

status apply_line(letor_state& s, const letor_line& t, const std::optional<error>& fault, group_counter* groups,
                  const limits& lim) {
  if (t.bad == letor_line::fault::fields) return *fault;
  if (s.out.lines >= lim.max_items) {
    return fail(error_code::too_large, "expected at most " + std::to_string(lim.max_items) + " lines, got more", t.number,
                1)
        .with("limit", std::to_string(lim.max_items));
  }
  if (t.bad == letor_line::fault::qid) return *fault;
  if (!groups) return t.bad == letor_line::fault::line ? status(*fault) : add_doc(s, t, t.qid, t.qid_column);
  auto qid = groups->next(t.number, s.out.lines);
  if (!qid) return qid.err();
  if (t.bad == letor_line::fault::line) return *fault;
  return add_doc(s, t, *qid, 1);
}

// A line split here, the careful way (a line next_plain leaves), read alone.
void read_careful(const line& l, std::vector<field>& f, bool groups, letor_line& t, std::optional<error>& fault) {
  const letor_parts parts = split_comment(l.text);
  read_alone(l, parts, f.data(), split_whitespace(parts.data, f.data(), max_fields), groups, t, fault);
}

// Each data line to `read`: plain lines split in one pass (next_plain, as
// runs are), others checked and split the careful way.
template <class Read>
status each_letor_line(line_reader& lines, const limits& lim, std::vector<field>& f, Read read) {
  line l;
  for (;;) {
#ifdef __EMSCRIPTEN__  // the modules' size: every line the careful way
    const std::size_t n = npos;
#else
    std::size_t n = lines.next_plain(l, f.data(), max_fields, lim.max_line);
#endif
    if (n != npos && n <= max_fields) {
      if (n == 0 || f[0].text[0] == '#') continue;
      if (auto ok = read(l, &n); !ok) return ok;
      continue;
    }
    if (n == npos && !lines.next(l)) return done{};
    if (auto ok = check_line(l, lim); !ok) return ok;
    if (skippable(l.text)) continue;
    if (auto ok = read(l, nullptr); !ok) return ok;
  }
}

}  // namespace

namespace {

// A predictions file, one number a line (blank lines skipped), read as the
// LETOR lines ask for them: whole, or in pieces of whole lines.
class prediction_lines {
 public:
  explicit prediction_lines(std::string_view text) : bytes_(text.size()), lines_(text) {}
  explicit prediction_lines(more_bytes more) : more_(std::move(more)), lines_(std::string_view()) {}

  // The next prediction's field; false at the end (an error waits in problem).
  bool next(field* f) {
    for (;;) {
      std::size_t n = npos;
#ifndef __EMSCRIPTEN__  // most lines, at once (the modules' size: the careful way)
      n = lines_.next_word(line_, f[0], limits{}.max_line) ? 1 : lines_.next_plain(line_, f, 2, limits{}.max_line);
#endif
      if (n == npos) {
        if (!lines_.next(line_)) {
          if (refill()) continue;
          return false;
        }
        if (auto ok = check_line(line_, limits{}); !ok) return problem = ok.err(), false;
        n = split_whitespace(line_.text, f, 2);
      }
      if (n == 0) continue;
      last_line = line_.number;
      if (n > 1) {
        problem = fail(error_code::field_count,
                       "expected one prediction (a number) per line, got " + std::to_string(n) + " fields",
                       line_.number, f[1].column)
                      .with("expected", "1")
                      .with("found", std::to_string(n));
        return false;
      }
      return true;
    }
  }
  status number(const field& f, double& v) const {
    if (auto s = read_number(f.text, v); s != number_status::ok)
      return bad_number("a prediction (a number)", f, line_.number, s);
    return done{};
  }
  std::size_t line_number() const { return line_.number; }
  // Every byte of the file, read to its end when in pieces.
  std::size_t bytes() {
    char piece[1 << 12];
    while (more_ && !ended_) {
      const std::size_t got = more_(piece, sizeof piece);
      bytes_ += got;
      ended_ = got == 0;
    }
    return bytes_;
  }

  std::size_t last_line = 0;
  std::optional<error> problem;

 private:
  // The next piece's whole lines after the rest of the last; false at the end.
  bool refill() {
#ifdef __EMSCRIPTEN__  // the modules read runs whole
    return false;
#endif
    if (!more_ || ended_) return false;
    held_.erase(0, used_);
    std::size_t cut = std::string::npos;
    while (!ended_ && cut == std::string::npos) {
      const std::size_t at = held_.size(), want = std::max<std::size_t>(std::size_t(1) << 16, at);
      held_.resize(at + want);
      const std::size_t got = more_(&held_[at], want);
      held_.resize(at + got);
      bytes_ += got;
      ended_ = got == 0;
      const std::size_t nl = held_.rfind('\n');
      cut = ended_ ? held_.size() : nl == std::string::npos ? nl : nl + 1;
    }
    used_ = cut;
    lines_ = line_reader(std::string_view(held_).substr(0, cut), lines_.number() + 1, !started_);
    started_ = true;
    return true;
  }

  more_bytes more_;  // empty: the text is whole
  std::string held_;
  std::size_t used_ = 0, bytes_ = 0;
  bool ended_ = false, started_ = false;
  line_reader lines_;
  line line_;
};

error predictions_count(std::size_t lines, std::string_view letor_name, const std::string& found, std::size_t line,
                        std::size_t column) {
  return fail(error_code::field_count,
              "expected " + std::to_string(lines) + " predictions, one per line of " + std::string(letor_name) +
                  ", got " + found,
              line, column)
      .with("expected", std::to_string(lines))
      .with("found", found);
}

// Each LETOR line's record scored by its prediction, on to `run`.
class scored_by final : public record_sink {
 public:
  scored_by(const scores& given, record_sink& run) : scores_(given), run_(run) {}
  status add(const input_record& r) override {
    input_record scored = r;
    scored.score = scores_[at_++];
    return run_.add(scored);
  }

 private:
  const scores& scores_;
  record_sink& run_;
  std::size_t at_ = 0;
};

// Takes the records and keeps none: a walk that only checks the file and
// counts its lines.
class no_records final : public record_sink {
 public:
  status add(const input_record&) override { return done{}; }
};

// A line of a walk read alone: split in one pass (`split`: its fields'
// count, next_plain's), or the careful way.
void read_line(const line& l, [[maybe_unused]] const std::size_t* split, std::vector<field>& f, bool groups,
               letor_line& t, std::optional<error>& fault) {
#ifndef __EMSCRIPTEN__
  if (split) {
    std::size_t n = *split;
    const letor_parts parts = cut_comment(l, f, n);
    return read_alone(l, parts, f.data(), n, groups, t, fault);
  }
#endif
  read_careful(l, f, groups, t, fault);
}

// A walk through a LETOR file's lines, each read alone, then added in
// order and handed to `sink`.
class letor_walk {
 public:
  explicit letor_walk(record_sink& sink) : f_(max_fields) { s_.sink = &sink; }
  status begin(std::string_view group, const limits& lim) {
    lim_ = lim;
    if (group.empty()) return done{};
    auto sizes = group_sizes(group, lim);
    if (!sizes) return sizes.err();
    groups_.emplace(std::move(*sizes));
    s_.out.from_group = true;
    return done{};
  }
  // The lines of a text whole, read here.
  status lines(line_reader& lines) {
    letor_line t;
    std::optional<error> fault;
    return each_letor_line(lines, lim_, f_, [&](const line& l, const std::size_t* split) {
      read_line(l, split, f_, grouped(), t, fault);
      return add(t, fault);
    });
  }
  status add(const letor_line& t, const std::optional<error>& fault) {
    return apply_line(s_, t, fault, groups_ ? &*groups_ : nullptr, lim_);
  }
  bool grouped() const { return groups_.has_value(); }
  std::size_t queries() const { return s_.out.queries; }
  expected<letor_counts> end() const {
    if (groups_)
      if (auto ok = groups_->finish(s_.out.lines); !ok) return ok.err();
    if (s_.out.lines == 0)
      return fail(error_code::empty_input, "expected LETOR lines (label qid:ID index:value ...), got none");
    return s_.out;
  }

 private:
  letor_state s_;
  std::optional<group_counter> groups_;
  std::vector<field> f_;
  limits lim_;
};

// The lines of a LETOR file, each handed to `sink`.
expected<letor_counts> walk_letor(std::string_view text, std::string_view group, const limits& lim, record_sink& sink) {
  letor_walk w(sink);
  if (auto ok = w.begin(group, lim); !ok) return ok.err();
  if (auto ok = check_size(text, lim); !ok) return ok.err();
  line_reader lines(text);
  if (auto ok = w.lines(lines); !ok) return ok.err();
  return w.end();
}

#ifndef __EMSCRIPTEN__  // the modules read LETOR files whole, on one thread
// A LETOR file in pieces of whole lines.
class letor_pieces {
 public:
  explicit letor_pieces(more_bytes more) : more_(std::move(more)) {}
  // The next piece and its size in `bytes` (`cap` of room, reused when
  // it is enough); false at the end.
  bool next(std::unique_ptr<char[]>& bytes, std::size_t& cap, std::size_t& size) {
    const std::size_t want = std::max<std::size_t>(std::size_t(1) << 18, 2 * carry_.size());
    if (cap < want) bytes.reset(new char[cap = want]);
    size = carry_.size();
    std::memcpy(bytes.get(), carry_.data(), size);
    std::size_t cut = npos;
    while (cut == npos) {
      if (size == cap) bytes = grown(std::move(bytes), size, cap *= 2);
      const std::size_t got = ended_ ? 0 : more_(bytes.get() + size, cap - size);
      ended_ = got == 0;
      size += got;
      const std::size_t nl = std::string_view(bytes.get(), size).rfind('\n');
      cut = ended_ ? size : nl == npos ? npos : nl + 1;
    }
    carry_.assign(bytes.get() + cut, size - cut);
    size = cut;
    return cut > 0;
  }

 private:
  static std::unique_ptr<char[]> grown(std::unique_ptr<char[]> bytes, std::size_t size, std::size_t cap) {
    std::unique_ptr<char[]> more(new char[cap]);
    std::memcpy(more.get(), bytes.get(), size);
    return more;
  }
  more_bytes more_;
  std::string carry_;  // a line the last piece began
  bool ended_ = false;
};

// A LETOR file's lines read alone on a second thread, piece by piece, while
// the lines read before are added in order on this one.
class letor_pipeline {
 public:
  // A piece's lines read alone; the last one read ends the file or is faulty.
  struct batch {
    std::unique_ptr<char[]> bytes;  // the piece, which the lines view
    std::size_t cap = 0;
    std::vector<letor_line> lines;
    std::optional<error> fault;
    bool last = false;
  };
  letor_pipeline(more_bytes more, bool groups, const limits& lim)
      : pieces_(std::move(more)), groups_(groups), lim_(lim), thread_([this] { run(); }) {}
  letor_pipeline(const letor_pipeline&) = delete;
  letor_pipeline& operator=(const letor_pipeline&) = delete;
  ~letor_pipeline() {
    {
      std::lock_guard<std::mutex> lock(m_);
      stopped_ = true;
    }
    room_.notify_all();
    thread_.join();
  }
  // A batch read through, for another piece (its room reused: no new pages).
  void recycle(std::unique_ptr<batch> b) {
    std::lock_guard<std::mutex> lock(m_);
    spare_.push_back(std::move(b));
  }
  // The next piece's lines, in the file's order.
  std::unique_ptr<batch> next() {
    std::unique_lock<std::mutex> lock(m_);
    ready_.wait(lock, [&] { return !queue_.empty(); });
    std::unique_ptr<batch> b = std::move(queue_.front());
    queue_.pop_front();
    room_.notify_one();
    return b;
  }

 private:
  // One piece's lines read alone; false at the end or at a fault.
  bool read_piece(batch& b, std::size_t& next_line, std::vector<field>& f) {
    std::size_t size = 0;
    if (!pieces_.next(b.bytes, b.cap, size)) return false;
    line_reader lines(std::string_view(b.bytes.get(), size), next_line, next_line == 1);
    b.lines.reserve(size / 24);
    const status read = each_letor_line(lines, lim_, f, [&](const line& l, const std::size_t* split) -> status {
      letor_line& t = b.lines.emplace_back();
      read_line(l, split, f, groups_, t, b.fault);
      if (t.bad != letor_line::fault::none) return *b.fault;  // the reading stops here
      return done{};
    });
    next_line = lines.number() + 1;
    if (read) return true;
    if (b.lines.empty() || b.lines.back().bad == letor_line::fault::none) {  // a line check_line refused
      letor_line& t = b.lines.emplace_back();
      t.bad = letor_line::fault::fields;
      t.number = read.err().line;
      b.fault = read.err();
    }
    return false;
  }
  void run() {
    std::vector<field> f(max_fields);
    std::size_t next_line = 1;
    for (bool more = true; more;) {
      std::unique_ptr<batch> b = spare();
      more = read_piece(*b, next_line, f);
      b->last = !more;
      std::unique_lock<std::mutex> lock(m_);
      room_.wait(lock, [&] { return queue_.size() < 4 || stopped_; });
      if (stopped_) return;
      queue_.push_back(std::move(b));
      ready_.notify_one();
    }
  }

  std::unique_ptr<batch> spare() {
    std::unique_ptr<batch> b;
    {
      std::lock_guard<std::mutex> lock(m_);
      if (spare_.empty()) return std::make_unique<batch>();
      b = std::move(spare_.back());
      spare_.pop_back();
    }
    b->lines.clear();
    b->fault.reset();
    return b;
  }

  letor_pieces pieces_;
  bool groups_;
  limits lim_;
  std::mutex m_;
  std::condition_variable ready_, room_;
  std::deque<std::unique_ptr<batch>> queue_;
  std::vector<std::unique_ptr<batch>> spare_;
  bool stopped_ = false;
  std::thread thread_;  // last: starts once the rest is ready
};
#endif


}  // namespace

namespace {

// As many scores as the LETOR file has lines.
expected<scores> scores_of(prediction_lines& p, std::size_t lines, std::string_view letor_name) {
  scores out;
  out.reserve(lines);
  field f[2];
  double v = 0;
  while (out.size() < lines) {
    if (!p.next(f)) {
      if (p.problem) return *p.problem;
      return predictions_count(lines, letor_name, std::to_string(out.size()), p.last_line, p.last_line ? 1 : 0);
    }
    if (auto ok = p.number(f[0], v); !ok) return ok.err();
    out.push_back(v);
  }
  // After the LETOR file's last line: no prediction may be left.
  if (!p.next(f)) {
    if (p.problem) return *p.problem;
    return out;
  }
  if (auto ok = p.number(f[0], v); !ok) return ok.err();
  return predictions_count(lines, letor_name, "more", p.line_number(), f[0].column);
}

}  // namespace

#ifndef __EMSCRIPTEN__  // read beside the LETOR file: native only
// As scores_of says it once the LETOR file's `lines` are known.
expected<scores> settle_predictions(predictions_ahead& a, std::size_t lines, std::string_view letor_name) {
  const std::size_t got = a.read.size();
  if (lines > a.most)  // more lines than its size allowed for: it grew while read
    return fail(error_code::bad_input, "expected the LETOR file to stay as it was while it was read, got it longer");
  if (a.problem && got <= lines) return *a.problem;
  if (got < lines) return predictions_count(lines, letor_name, std::to_string(got), a.last_line, a.last_line ? 1 : 0);
  if (got == lines) return std::move(a.read);
  std::array<std::size_t, 3> at{0, 1, 1};  // prediction `lines`, one too many
  for (const auto& m : a.moved)
    if (m[0] <= lines) at = m;
  const bool moved = at[0] == lines;
  return predictions_count(lines, letor_name, "more", at[1] + (lines - at[0]), moved ? at[2] : 1);
}

predictions_ahead read_predictions_ahead(more_bytes more, std::size_t most, std::size_t room) {
  prediction_lines p(std::move(more));
  predictions_ahead a;
  a.most = most;
  a.read.reserve(std::min(most, room) + 1);
  field f[2];
  double v = 0;
  std::size_t next_line = 1;
  while (a.read.size() <= most && p.next(f)) {
    if (p.line_number() != next_line || f[0].column != 1) a.moved.push_back({a.read.size(), p.line_number(), f[0].column});
    next_line = p.line_number() + 1;
    if (auto ok = p.number(f[0], v); !ok) {
      a.problem = ok.err();
      break;
    }
    a.read.push_back(v);
  }
  if (!a.problem) a.problem = std::move(p.problem);
  a.last_line = p.last_line;
  a.bytes = p.bytes();
  return a;
}
#endif

expected<scores> read_predictions(std::string_view text, std::size_t lines, std::string_view letor_name,
                                  const limits& lim) {
  if (auto ok = check_size(text, lim); !ok) return ok.err();
  prediction_lines p(text);
  return scores_of(p, lines, letor_name);
}

expected<scores> read_predictions(more_bytes more, std::size_t lines, std::string_view letor_name, const limits& lim) {
  prediction_lines p(std::move(more));
  auto read = scores_of(p, lines, letor_name);
  if (auto ok = check_size(p.bytes(), lim); !ok) return ok.err();  // said first, as when read whole
  return read;
}

#ifndef __EMSCRIPTEN__
expected<letor_counts> stream_letor(more_bytes more, std::string_view group, const limits& lim, record_sink& sink) {
  letor_walk w(sink);
  if (auto ok = w.begin(group, lim); !ok) return ok.err();
  letor_pipeline read(std::move(more), w.grouped(), lim);
  std::vector<std::unique_ptr<letor_pipeline::batch>> kept;  // the pieces of the open query: its docids' views
  for (bool last = false; !last;) {
    std::unique_ptr<letor_pipeline::batch> b = read.next();
    const std::size_t queries = w.queries();
    for (const letor_line& t : b->lines)
      if (auto ok = w.add(t, b->fault); !ok) return ok.err();
    if (w.queries() != queries) {  // a query began in this piece: the ones before can go
      for (auto& k : kept) read.recycle(std::move(k));
      kept.clear();
    }
    last = b->last;
    kept.push_back(std::move(b));
  }
  return w.end();
}
#endif

expected<letor_counts> read_letor(std::string_view text, std::string_view group, const limits& lim, record_sink& sink,
                                  const std::string_view* predictions, std::string_view letor_name) {
  if (!predictions) return walk_letor(text, group, lim, sink);
  // The LETOR file's errors first (as when it is read for the judgments), then the predictions'.
  no_records none;
  auto walked = walk_letor(text, group, lim, none);
  if (!walked) return walked.err();
  auto read = read_predictions(*predictions, walked->lines, letor_name, lim);
  if (!read) return read.err();
  scored_by scored(*read, sink);
  return walk_letor(text, group, lim, scored);
}

}  // namespace ndcg::detail
