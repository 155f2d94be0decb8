// Internals of the TREC batch evaluation, shared by trec.cpp (measures,
// orchestration, output) and trec_measures.cpp (one query's values).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hash_table.hpp"
#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/parse.hpp"

namespace ndcg::trec_detail {

// Measure families in trec_eval's print order (ours last).
enum class family {
  num_q, num_ret, num_rel, num_rel_ret, map, recip_rank, P, recall, ndcg, ndcg_cut,
  err_cut, alpha_ndcg_cut
};

// One printed column: a family at one cutoff, or ndcg with one gain scheme.
struct column {
  family kind = family::num_q;
  std::size_t cutoff = 0;
  std::size_t scheme = 0;  // index into plan::schemes (ndcg, ndcg_cut)
  std::string name;
  double cutoff_value = 0;  // the cutoff as given, P's divisor
};

// Per-level gain overrides of one ndcg variant ("ndcg.1=1,2=3").
using gain_overrides = std::vector<std::pair<long, double>>;

// What to compute, fixed before the first query.
struct plan {
  std::vector<column> columns;
  std::vector<gain_overrides> schemes;  // [0] = no overrides (ndcg, ndcg_cut)
  std::size_t max_alpha_cutoff = 0;
  bool needs(family f) const;
};
expected<plan> make_plan(const std::vector<std::string>& measures);

// Conventions that are not measures: gains, ties, ideal, levels.
struct conventions {
  options opt;               // gain, ties, ideal source, IDCG = 0, log base
  long relevance_level = 1;  // grade >= this is relevant (P, recall, map, ...)
  double alpha = 0.5;
  double err_max_grade = 0;  // resolved: the option, or the largest grade judged
};

// The non-negative grades judged anywhere in the qrels and their gains.
struct grade_levels {
  std::vector<long> levels;                       // ascending
  std::vector<std::vector<double>> gains;         // [scheme][level index]
  std::vector<std::vector<std::size_t>> by_gain;  // [scheme] level indices, largest gain first
  int index_of(long grade) const;                 // -1 when the grade is negative
};

// One query's inputs; `run` is null for a qrels-only query under -c.
// parse_run / parse_qrels have already refused repeated docids.
struct query_input {
  std::string_view qid;
  const std::vector<qrel_entry>* qrels = nullptr;
  const std::vector<run_entry>* run = nullptr;
  const subtopic_query* subtopics = nullptr;
};

// The judged documents of one query by docid, reused across queries so
// the per-line loop never allocates once warm.
class doc_table {
 public:
  struct entry {
    std::string_view docid;
    int level = -1;  // index into grade_levels; -1 = judged negative
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

 private:
  struct sort_key {
    double score;
    std::string_view docid;
    std::uint32_t index;
  };
  void index_judgments(const query_input& q);
  void index_run(const query_input& q);
  void rank();
  void ndcg_sums(std::size_t scheme);
  double value_of(const column& c);
  void alpha_values(const query_input& q, std::vector<double>& row);

  const plan& plan_;
  const conventions& conv_;
  const grade_levels& grades_;
  discount_table discounts_;

  doc_table docs_;
  std::vector<long> level_counts_;      // judged docs per level (the ideal's pool)
  std::vector<long> retrieved_counts_;  // retrieved judged docs per level (ideal from the list)
  std::vector<bool> scheme_done_;
  std::size_t num_rel_ = 0;
  std::vector<int> entry_level_;        // per run entry, in input order
  std::vector<sort_key> keys_;          // the ranking
  std::vector<int> ranked_level_;       // per rank
  std::vector<std::size_t> hits_;       // relevant docs in the top r, r = 0..n
  double precision_sum_ = 0;            // for map
  std::size_t first_hit_ = 0;           // rank of the first relevant doc, 0 = none
  std::vector<std::vector<double>> dcg_, idcg_;  // [scheme] prefix sums, index = depth
  std::vector<double> gains_, grades_buf_;
};

}  // namespace ndcg::trec_detail
