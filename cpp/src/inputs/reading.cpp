// A batch input's reading (inputs.hpp's batch_reading): its fields, and
// the one English line they make. The page words the same fields itself.
#include <string>
#include <vector>

#include "inputs/inputs_detail.hpp"
#include "ndcg/inputs.hpp"
#include "parse/columns.hpp"

namespace ndcg {
namespace {

using detail::role;

// The columns in the order a reading says them.
constexpr role said_order[] = {role::query, role::id, role::score, role::rank, role::grade, role::tag};

struct note_code {
  batch_reading::note bit;
  std::string_view code;
};
constexpr note_code note_codes[] = {{batch_reading::score_is_rel, "score-is-rel"},
                                    {batch_reading::doc_positions, "doc-positions"},
                                    {batch_reading::rank_order, "rank-order"},
                                    {batch_reading::from_group, "from-group"}};

std::string_view column(const batch_reading& r, role k) {
  const auto at = static_cast<std::size_t>(k);
  return at < r.columns.size() ? std::string_view(r.columns[at]) : std::string_view();
}

using as = batch_reading::as;

// By batch_reading::as past row: the field's value, and the words after "read as".
constexpr std::string_view shape_codes[] = {"", "json", "jsonl", "dict", "predictions"};
constexpr std::string_view shape_titles[] = {"", "JSON records", "JSON Lines records", "JSON {qid: {docid: ",
                                             "predictions: one score per line of "};

std::size_t at(as s) { return static_cast<std::size_t>(s); }

bool has(const batch_reading& r, batch_reading::note n) { return (r.notes & n) != 0; }

// ": query_id -> query, doc_id -> doc, ...": with the score as the
// judgment, the rel column is said where the score's would be.
void pairs_of(const batch_reading& r, bool keys, std::string& out) {
  const char* sep = ": ";
  for (role k : said_order) {
    if (k == role::grade && has(r, batch_reading::score_is_rel)) continue;
    const role from = k == role::score && has(r, batch_reading::score_is_rel) ? role::grade : k;
    if (column(r, from).empty()) continue;
    out.append(sep).append(column(r, from)).append(" -> ").append(detail::role_name(from));
    if (from != k) out += keys ? " (no rel key: the score is the judgment)" : " (no rel column: the score is the judgment)";
    sep = ", ";
  }
}

// A table's, records' or MS MARCO's columns and notes.
void columns_said(const batch_reading& r, std::string& out) {
  const bool keys = r.shape == as::json || r.shape == as::jsonl;
  pairs_of(r, keys, out);
  if (has(r, batch_reading::doc_positions))
    out += keys ? "; doc ids: each record's position in its query" : "; doc ids: each row's position in its query";
  if (has(r, batch_reading::rank_order)) out += "; ordered by rank (score = -rank)";
  const char* sep = "; ignored: ";
  for (const std::string& name : r.ignored) out.append(sep).append(name), sep = ", ";
}

void letor_said(const batch_reading& r, std::string& out) {
  out.append(": labels -> rel, ").append(std::to_string(r.lines)).append(" lines in ");
  out.append(std::to_string(r.queries)).append(" queries");
  if (has(r, batch_reading::from_group)) out += " (from the group file)";
  out += has(r, batch_reading::doc_positions) ? "; doc ids are each line's position in its query"
                                              : "; doc ids from #docid comments";
}

void put_reading(const batch_reading& r, field_sink& out) {
  out.text("name", r.name);
  out.count("run", r.run);
  out.text("format", r.shape == as::row ? name_of(r.format) : shape_codes[at(r.shape)]);
  out.boolean("gzip", r.gzip);
  out.boolean("both", r.both);
  out.begin_keys("columns");
  for (role k : said_order)
    if (!column(r, k).empty()) out.text(detail::role_name(k), column(r, k));
  out.end();
  out.begin_list("notes");
  for (const note_code& n : note_codes)
    if (has(r, n.bit)) out.text("", n.code);
  out.end();
  out.begin_list("ignored");
  for (const std::string& name : r.ignored) out.text("", name);
  out.end();
  out.count("lines", r.lines);
  out.count("queries", r.queries);
  out.text("of", r.of);
}

}  // namespace

batch_reading gzip_trec_reading(const std::string& name, std::size_t run) {
  batch_reading out;
  out.name = name;
  out.run = run;
  out.format = input_format::trec;
  out.gzip = true;
  return out;
}

std::string reading_line(const batch_reading& r) {
  std::string out = r.name;
  out += r.gzip ? " (gzip) read as " : " read as ";
  out += r.shape == as::row ? detail::row_of(r.format).title : shape_titles[at(r.shape)];
  if (r.shape == as::dict) out += r.run ? "score}}" : "rel}}";
  else if (r.shape == as::predictions) out += r.of;
  else if (r.format == input_format::letor) letor_said(r, out);
  else if (r.format != input_format::trec) columns_said(r, out);
  if (r.both) out += " (run and qrels in one file)";
  return out;
}

void put_readings(const std::vector<batch_reading>& readings, field_sink& out) {
  out.begin_list("readings");
  for (const batch_reading& r : readings) out.text("", reading_line(r));
  out.end();
  out.begin_list("inputs");
  for (const batch_reading& r : readings) {
    out.begin("");
    put_reading(r, out);
    out.end();
  }
  out.end();
}

}  // namespace ndcg
