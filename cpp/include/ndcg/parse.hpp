// Parsing text as people paste it: grade lists, id/score/grade lines,
// CSV/TSV with a header, TREC runs, qrels and subtopic qrels. Every error
// names the 1-based line and column and says what was expected.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/settings.hpp"

namespace ndcg {


enum class format {
  grades,          // "3 2 0 1", "3,2,0", "| rel | 3 | 2 |", one per line, full-width too
  id_grade,        // lines of "id grade"
  id_score_grade,  // lines of "id score grade"
  id_score,        // lines of "id score" read with judgments: ordered by score
  ids,             // ids alone, with judgments: ranked in the order given
  csv,             // comma-separated with a header naming its columns
  tsv,             // tab-separated with a header naming its columns
  columns,         // fields split as "id grade" lines are, in the columns given
  json,            // a JSON object {"id": number, ...}, or {"qid": {"id": number}} of several queries
  trec_run,        // qid Q0 docid rank score tag
  trec_qrels,      // qid 0 docid rel
  subtopic_qrels,  // qid subtopic docid judgment (ndeval)
};
std::string_view name_of(format f);


// A ranking read from text, with what was detected.
struct parsed_ranking {
  format detected = format::grades;
  std::vector<item> items;
  bool has_ids = false;
  bool has_scores = false;
  bool has_grades = true;       // false for a run without grades (judgments supply them)
  bool has_subtopics = false;
  std::size_t skipped_label = 0;  // columns skipped as labels (e.g. "| 相关性 |")
  bool by_rank = false;           // ordered by a rank column (score = -rank)
  bool judged = false;            // read with judgments, which give the grades
  std::string columns;            // the columns as read, "query,doc,score" (tables)
  std::string query;              // the query read, when the text names one
};

// The --columns value that reads the same text the other way ("doc,rel"
// for an id_score reading), or "" when there is no other reading.
std::string_view other_reading(const parsed_ranking& p);

// Reads one ranking. A TREC run here must hold a single query; qrels text
// becomes a ranking of its judged items in file order.
expected<parsed_ranking> parse_ranking(std::string_view text, const limits& lim = {});
expected<parsed_ranking> parse_ranking(std::string_view text, const reading& r, const limits& lim = {});

// Reads judgments for explain's --qrels: qrels lines, subtopic qrels, or any
// ranking format with ids and grades. Subtopic qrels fold into one item per
// id: grade 1 when it covers any subtopic, with its subtopics listed.
// Judgments that hold several queries are read for `query` (the ranking's),
// and refused when it is empty.
expected<std::vector<item>> parse_judgments(std::string_view text, const limits& lim = {},
                                            std::string_view query = {});

// ---- TREC files, for batch evaluation ------------------------------------

struct run_entry {
  std::string_view docid;   // views into the run text
  double score = 0;
  std::size_t line = 0;
};
struct run_query {
  std::string_view qid;
  std::vector<run_entry> entries;  // in file order
};
struct run_file {
  std::vector<run_query> queries;  // in order of first appearance
  std::size_t lines = 0;
  std::string_view run_id;         // the tag of the last line (trec_eval's runid)
};
// The text must outlive the result (docids and qids are views into it).
expected<run_file> parse_run(std::string_view text, const limits& lim = {});

struct qrel_entry {
  std::string_view docid;
  long rel = 0;
  std::size_t line = 0;
};
struct qrels_query {
  std::string_view qid;
  std::vector<qrel_entry> entries;
};
struct qrels_file {
  std::vector<qrels_query> queries;  // in order of first appearance
};
expected<qrels_file> parse_qrels(std::string_view text, const limits& lim = {});

struct subtopic_entry {
  std::string_view subtopic;
  std::string_view docid;
  long judgment = 0;
  std::size_t line = 0;
};
struct subtopic_query {
  std::string_view qid;
  std::vector<subtopic_entry> entries;
};
struct subtopic_qrels_file {
  std::vector<subtopic_query> queries;
};
expected<subtopic_qrels_file> parse_subtopic_qrels(std::string_view text, const limits& lim = {});

// Lets explain read rankings given as JSON objects (format::json). The
// light module leaves the JSON reader out for its weight and refuses such
// text with a clear error; the CLI, the full module and Python call this once.
void read_json_rankings();

// Tells which format a text is in, from its first non-blank lines.
format detect_format(std::string_view text);

}  // namespace ndcg
