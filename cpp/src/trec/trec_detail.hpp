// Internals of the TREC batch evaluation, shared by trec.cpp (measures,
// plan, output, merging), trec_stream.cpp (reading the qrels and the run,
// the query loop) and trec_measures.cpp (one query's values).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/hash_table.hpp"
#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/trec.hpp"

namespace ndcg::trec_detail {

// Measure families in trec_eval's print order (ours last).
enum class family {
  runid, num_q, num_ret, num_rel, num_rel_ret, map, gm_map, Rprec, bpref, recip_rank,
  iprec_at_recall, P, recall, ndcg, ndcg_cut, success, err_cut, alpha_ndcg_cut
};
inline constexpr std::size_t family_count = static_cast<std::size_t>(family::alpha_ndcg_cut) + 1;

// gm_map's floor: trec_eval takes the log of max(AP, this).
inline constexpr double min_geo_mean = 0.00001;

// What a family is: its -m name and how it prints and averages.
struct family_info {
  std::string_view name;
  family kind;
  bool takes_cutoffs;
  bool is_count;      // printed as an integer; the "all" line is the sum
  bool summary_only;  // printed on the "all" line only
  bool full_ranking;  // needs every retrieved document ranked (no partial sort)
};
const family_info* find_family(std::string_view name);
const family_info& info_of(family kind);

// One printed column: a family at one cutoff, or ndcg with one gain scheme.
struct column {
  family kind = family::num_q;
  std::size_t cutoff = 0;
  std::size_t scheme = 0;   // index into plan::schemes (ndcg, ndcg_cut)
  std::string name;
  double cutoff_value = 0;  // the cutoff as given (P's divisor); iprec's recall level
};

// Per-level gain overrides of one ndcg variant ("ndcg.1=1,2=3").
using gain_overrides = std::vector<std::pair<long, double>>;

// What to compute, fixed before the first query.
struct plan {
  std::vector<column> columns;
  std::vector<gain_overrides> schemes;  // [0] = no overrides (ndcg, ndcg_cut)
  std::size_t max_alpha_cutoff = 0;
  std::size_t sort_depth = SIZE_MAX;    // ranks that must be in order; less when every
                                        // measure stops at a cutoff (a partial sort)
  std::vector<std::string> not_offered; // trec_eval measures a nickname named that we lack
  bool needs(family f) const;
};
expected<plan> make_plan(const std::vector<std::string>& measures);

// Conventions that are not measures: gains, ties, ideal, levels.
struct conventions {
  options opt;               // gain, ties, ideal source, IDCG = 0, log base
  double relevance_level = 1;  // grade >= this is relevant (P, recall, map, ...)
  double alpha = 0.5;
  double err_max_grade = 0;  // resolved: the option, or the largest grade judged
  long tied_grades = 0;      // trec_options::tied_grades, -1, 0 or +1
};
expected<conventions> make_conventions(const trec_options& opt);

// A result's names and kinds of column, from the plan.
void describe_columns(const plan& p, trec_result& r);
// The "all" row: sums for counts, geometric means for gm_map, else means
// over the queries with a value, added in row order.
void take_means(trec_result& r);

// One judged document, compact (the qrels of a big run are most of the memory).
struct judged_doc {
  const char* docid = nullptr;  // a view into the qrels (or subtopic qrels) text
  std::uint32_t length = 0;
  std::uint32_t line = 0;
  long rel = 0;
  std::string_view id() const { return {docid, length}; }
};

// The qrels: each query's documents side by side in one flat array.
struct judged_query {
  std::string_view qid;
  std::size_t begin = 0, end = 0;  // into judgments::docs
};
struct judgments {
  std::vector<judged_doc> docs;
  std::vector<judged_query> queries;  // in order of first appearance
  detail::handle_table index;         // qid -> query
  std::uint32_t find(std::string_view qid) const;  // handle_table::none when absent
};
// Reads qrels text; an error keeps its line and column (source unset).
expected<judgments> read_judgments(std::string_view qrels_text);
// Per-document judgments from subtopic qrels: 1 when the document covers a
// subtopic (a positive judgment), else 0, as ndeval makes them binary.
judgments judgments_from(const subtopic_qrels_file& subtopics);

// The non-negative grades judged anywhere in the qrels and their gains.
struct grade_levels {
  std::vector<long> levels;                       // ascending
  std::vector<std::vector<double>> gains;         // [scheme][level index]
  std::vector<std::vector<std::size_t>> by_gain;  // [scheme] level indices, largest gain first
  int index_of(long grade) const;                 // -1 when the grade is negative
};
expected<grade_levels> make_levels(const judgments& j, const plan& p, conventions& c,
                                   std::string_view qrels_text);

// A document's standing in a query: a grade level (>= 0), or one of these.
inline constexpr int not_judged = -1;     // retrieved, no qrels line
inline constexpr int judged_negative = -2; // a qrels line with a negative grade (worth 0;
                                           // trec_eval's "in the pool, unjudged")

// One query's inputs; `run` is null for a qrels-only query under -c.
struct query_input {
  std::string_view qid;
  const judged_doc* judged = nullptr;
  std::size_t judged_count = 0;
  const run_entry* run = nullptr;
  std::size_t run_count = 0;
  const subtopic_query* subtopics = nullptr;
};

// The judged documents of one query by docid, reused across queries so
// the per-line loop never allocates once warm.
class doc_table {
 public:
  struct entry {
    std::string_view docid;
    int level = not_judged;
  };
  void start(std::size_t expected_size);
  void add(std::string_view docid, int level);  // docids must be new
  const entry* find(std::string_view docid) const;

 private:
  std::vector<entry> entries_;
  detail::handle_table index_;
};

// Where an error in an input sits: 1-based column of `part` in its line.
std::size_t column_of(std::string_view text, std::string_view part);

// Computes one query's row of values, reusing its buffers between queries.
class query_evaluator {
 public:
  query_evaluator(const plan& p, const conventions& c, const grade_levels& g);
  void evaluate(const query_input& q, std::vector<double>& row);

  // One run entry in the ranking's sort (public for its comparator).
  struct sort_key {
    double score;
    long tier;  // tied_grades times the grade: orders equal scores by grade first
    std::string_view docid;
    std::uint32_t index;
  };

 private:
  void index_judgments(const query_input& q);
  void index_run(const query_input& q);
  void rank();
  void walk_ranking(std::size_t depth);
  void ndcg_sums(std::size_t scheme);
  void interpolated_precision();
  double value_of(const column& c);
  double err_of(const column& c);
  void alpha_values(const query_input& q, std::vector<double>& row);

  const plan& plan_;
  const conventions& conv_;
  const grade_levels& grades_;
  discount_table discounts_;

  doc_table docs_;
  std::vector<long> level_counts_;      // judged docs per level (the ideal's pool)
  std::vector<long> retrieved_counts_;  // retrieved judged docs per level (ideal from the list)
  std::vector<char> scheme_done_;      // per scheme (not vector<bool>: its code weighs on the wasm)
  std::size_t num_rel_ = 0;             // judged relevant (grade >= the relevance level)
  std::size_t num_nonrel_ = 0;          // judged 0 <= grade < the relevance level (bpref)
  std::size_t positives_ = 0;           // judged with a grade above 0
  std::size_t retrieved_ = 0;           // run lines of the query
  std::size_t relevant_retrieved_ = 0;
  std::vector<int> entry_level_;        // per run entry, in input order
  std::vector<sort_key> keys_;          // the ranking (its top sort_depth in order)
  std::vector<int> ranked_level_;       // per rank, for the ranks in order
  std::vector<std::size_t> hits_;       // relevant docs in the top r, r = 0..depth
  double precision_sum_ = 0;            // for map
  double bpref_ = 0;
  std::size_t first_hit_ = 0;           // rank of the first relevant doc, 0 = none
  std::vector<double> best_precision_;  // [k]: max precision at the k-th relevant or later
  std::vector<std::vector<double>> dcg_, idcg_;  // [scheme] prefix sums, index = depth
  std::vector<double> gains_, grades_buf_;
};

}  // namespace ndcg::trec_detail
