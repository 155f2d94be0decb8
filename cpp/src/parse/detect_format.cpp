// Which format a pasted text is in, from its first few data lines: a
// CSV/TSV header, a TREC run or qrels line, lines of "id grade", or else a
// grade list. Each format then has its own reader (parse_detail.hpp).
#include <optional>
#include <string_view>
#include <vector>

#include "parse/parse_detail.hpp"

namespace ndcg::detail {
namespace {

constexpr std::size_t sample_size = 5;

// A Markdown rule such as "|---|:---:|", a "---" line, or "+---+" of
// ASCII tables. A lone "-" is not one: it is a bad grade.
bool is_table_rule(std::string_view s) {
  std::size_t dashes = 0;
  bool frame = false;
  std::size_t len = 1;
  for (std::size_t i = 0; i < s.size(); i += len) {
    const char c = ascii_twin(s, i, len);
    if (c == '-' || c == '=') {
      ++dashes;
    } else if (c == '|' || c == '+') {
      frame = true;
    } else if (c != ':' && c != ' ' && c != '\t') {
      return false;
    }
  }
  return dashes >= 3 || (frame && dashes > 0);
}

bool is_integer(std::string_view s) {
  long v = 0;
  return parse_integer(s, v) == number_status::ok;
}

// A header by the one header rule (columns.hpp): tab-separated, else
// comma-separated.
std::optional<format> header_format(std::string_view s) {
  const char delim = header_separator(s);
  if (delim == 0) return std::nullopt;
  return delim == '\t' ? format::tsv : format::csv;
}

enum class shape { other, run, qrels, subtopic, ambiguous };

struct trec_line {
  shape kind = shape::other;
  bool q0 = false;  // the 2nd field is "0" or "Q0"
};

// What a line looks like in TREC terms. "Q0" marks a run or qrels line;
// otherwise the docid must not be a number, as "rel 3 2 1" and
// "rel 0 1 2 0 1" are labelled grade lists. Four fields that could be
// either ("301 0 7 1") are `ambiguous`.
trec_line trec_shape(std::string_view s) {
  field f[8];
  const std::size_t n = split_whitespace(s, f, 8);
  trec_line t;
  if (n < 3) return t;
  const bool named_q0 = f[1].text == "Q0";
  t.q0 = named_q0 || f[1].text == "0";
  const bool word_docid = !is_numeric(f[2].text);
  if (n == 6 && (named_q0 || (t.q0 && word_docid))) t.kind = shape::run;
  if (n == 4 && is_integer(f[3].text)) {
    t.kind = named_q0 ? shape::qrels : !word_docid ? shape::ambiguous : t.q0 ? shape::qrels : shape::subtopic;
  } else if (n == 4 && t.q0 && word_docid) {
    t.kind = shape::qrels;  // a qrels line with a bad judgment: let the qrels reader name it
  }
  return t;
}

// The first data line decides whether this is a TREC file, so that a
// broken later line gets its own message instead of a wrong guess.
// Qrels and subtopic qrels both have 4 fields. Qrels' 2nd field is the
// iteration, written "0" (or "Q0") by convention; subtopic qrels hold a
// subtopic number there. So: if any sampled line's 2nd field is neither
// "0" nor "Q0", the file is subtopic qrels, else qrels. Lines with a
// numeric docid ("301 0 7 1", "rel 3 2 1") are a grade list, except when
// judgments are asked for (a list without ids is no use there) and every
// 2nd field is 0: qrels with numeric docids, as MS MARCO's.
std::optional<format> trec_format(const std::vector<line>& lines, bool judgments) {
  const shape first = trec_shape(lines[0].text).kind;
  if (first == shape::run) return format::trec_run;
  if (first != shape::qrels && first != shape::subtopic && first != shape::ambiguous) return std::nullopt;
  // One line such as "3 2 x 1" is far likelier a grade list with a typo
  // than a one-line subtopic qrels pasted as a ranking.
  if (first == shape::subtopic && lines.size() < 2 && !judgments) return std::nullopt;
  bool subtopics = false;
  for (const auto& l : lines) {
    const trec_line t = trec_shape(l.text);
    if (t.kind != shape::other && t.kind != shape::run) subtopics = subtopics || !t.q0;
  }
  if (first == shape::ambiguous && !(judgments && !subtopics)) return std::nullopt;
  return subtopics ? format::subtopic_qrels : format::trec_qrels;
}

// "id grade" or "id score grade" on the first data line, and a second line
// that starts with an id too (a grade list has at most one labelled row,
// so two lines starting with words are ids). A single such line reads as
// well as a labelled grade list ("rel 3 2"), which wins, except for
// judgments, which need ids. The first line sets the field count; a later
// line that differs gets its own message.
std::optional<format> id_format(const std::vector<line>& lines, bool judgments, bool judged) {
  std::vector<field> f;
  split_list(lines[0].text, id_separators, f);
  if (f.size() < 2 || f.size() > 3 || is_numeric(f[0].text)) return std::nullopt;
  for (std::size_t i = 1; i < f.size(); ++i) {
    if (!is_numeric(f[i].text)) return std::nullopt;
  }
  const std::size_t n = f.size();
  if (lines.size() < 2) {
    if (!judgments && !judged) return std::nullopt;
  } else {
    split_list(lines[1].text, id_separators, f);
    if (f.empty() || is_numeric(f[0].text)) return std::nullopt;
  }
  // With judgments for the ranking, "id number" is what a retriever
  // prints: the number is a score to order by (reading_note says so).
  if (n == 2) return judged && !judgments ? format::id_score : format::id_grade;
  return format::id_score_grade;
}

}  // namespace

bool is_data(std::string_view s) { return !skippable(s) && !is_table_rule(s); }

std::vector<line> sample(std::string_view text) {
  std::vector<line> out;
  line_reader lines(text);
  line l;
  while (out.size() < sample_size && lines.next(l)) {
    if (is_data(l.text)) out.push_back(l);
  }
  return out;
}

// Given columns: tabs make TSV, commas CSV, else fields split as "id
// grade" lines are.
format given_columns_format(const std::vector<line>& lines) {
  if (lines.empty()) return format::columns;
  const std::string_view s = lines[0].text;
  return s.find('\t') != std::string_view::npos ? format::tsv : s.find(',') != std::string_view::npos ? format::csv : format::columns;
}

// A JSON object: the first character that is not a space or a BOM is "{".
bool is_json_object(std::string_view text) {
  std::size_t i = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
  return i < text.size() && text[i] == '{';
}

format detect(std::string_view text, bool judgments, const reading& r) {
  const std::vector<line> lines = sample(text);
  if (!r.columns.empty()) return given_columns_format(lines);
  if (is_json_object(text)) return format::json;
  const bool judged = r.judged && !judgments;
  if (lines.empty()) return format::grades;
  if (auto f = header_format(lines[0].text)) return *f;
  if (auto f = trec_format(lines, judgments)) return *f;
  if (auto f = id_format(lines, judgments, judged)) return *f;
  return judged ? format::ids : format::grades;  // grades are no use beside judgments; ids are
}

}  // namespace ndcg::detail

namespace ndcg {

std::string_view name_of(format f) {
  switch (f) {
    case format::grades: return "grades";
    case format::id_grade: return "id_grade";
    case format::id_score_grade: return "id_score_grade";
    case format::id_score: return "id_score";
    case format::ids: return "ids";
    case format::columns: return "columns";
    case format::json: return "json";
    case format::csv: return "csv";
    case format::tsv: return "tsv";
    case format::trec_run: return "trec_run";
    case format::trec_qrels: return "trec_qrels";
    case format::subtopic_qrels: return "subtopic_qrels";
  }
  return "unknown";
}

format detect_format(std::string_view text) { return detail::detect(text, false); }

std::string_view other_reading(const parsed_ranking& p) {
  if (p.detected == format::id_score) return "doc,rel";
  if (p.columns == "doc,rel" && p.judged) return "doc,score";
  return "";
}

}  // namespace ndcg
