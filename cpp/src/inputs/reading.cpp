// A batch input's reading (inputs.hpp's batch_reading): its fields, and
// the one English line they make. The page words the same fields itself.
#include <string>
#include <vector>

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

const std::string& column(const batch_reading& r, role k) { return r.columns[static_cast<std::size_t>(k)]; }

std::string_view title_of(std::string_view format) {
  if (format == "json") return "JSON records";
  if (format == "jsonl") return "JSON Lines records";
  if (format == "msmarco") return "MS MARCO TSV";
  if (format == "letor") return "LETOR";
  if (format == "predictions") return "predictions: one score per line of ";
  return format == "csv" ? "CSV" : format == "tsv" ? "TSV" : "TREC";
}

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
  const bool keys = r.format == "json" || r.format == "jsonl";
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
  out.text("format", r.format);
  out.boolean("gzip", r.gzip);
  out.boolean("both", r.both);
  out.begin_keys("columns");
  for (role k : said_order)
    if (!column(r, k).empty()) out.text(detail::role_name(k), column(r, k));
  out.end();
  std::vector<std::string_view> notes;
  for (const note_code& n : note_codes)
    if (r.notes & n.bit) notes.push_back(n.code);
  out.texts("notes", notes);
  out.texts("ignored", std::vector<std::string_view>(r.ignored.begin(), r.ignored.end()));
  out.count("lines", r.lines);
  out.count("queries", r.queries);
  out.text("of", r.of);
}

}  // namespace

batch_reading gzip_trec_reading(const std::string& name, std::size_t run) {
  batch_reading out;
  out.name = name;
  out.run = run;
  out.format = "trec";
  out.gzip = true;
  return out;
}

std::string reading_line(const batch_reading& r) {
  std::string out = r.name;
  out += r.gzip ? " (gzip) read as " : " read as ";
  if (r.format == "dict") out += r.run ? "JSON {qid: {docid: score}}" : "JSON {qid: {docid: rel}}";
  else out += title_of(r.format);
  if (r.format == "letor") letor_said(r, out);
  else if (r.format == "predictions") out += r.of;
  else if (r.format != "trec" && r.format != "dict") columns_said(r, out);
  if (r.both) out += " (run and qrels in one file)";
  return out;
}

void put_readings(const std::vector<batch_reading>& readings, field_sink& out) {
  std::vector<std::string> lines;
  for (const batch_reading& r : readings) lines.push_back(reading_line(r));
  out.texts("readings", std::vector<std::string_view>(lines.begin(), lines.end()));
  out.begin_list("inputs");
  for (const batch_reading& r : readings) {
    out.begin("");
    put_reading(r, out);
    out.end();
  }
  out.end();
}

}  // namespace ndcg
