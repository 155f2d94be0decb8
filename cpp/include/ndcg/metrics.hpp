// Options and metrics: NDCG@K explained step by step, and its relatives.
//
// DCG@K  = sum_{i=1..min(K,n)} w_i * gain(rel_i) / log_b(i + 1)
// IDCG@K = the same sum over the ideal order (largest gain first), top K
// NDCG@K = DCG@K / IDCG@K, with a stated policy when IDCG@K = 0.
//
// Worked example (the default view): grades 3 2 0 1 0 0 2 1 0 0, K = 10,
// gain 2^rel - 1, log2 discount:
//   DCG  = 7/1 + 3/log2(3) + 1/log2(5) + 3/log2(8) + 1/log2(9)  = 10.638930...
//   IDCG = 7/1 + 3/log2(3) + 3/log2(4) + 1/log2(5) + 1/log2(6)  = 11.210318...
//   NDCG = 10.638930 / 11.210318                                = 0.949030...
// (Printed terms are rounded; totals are summed from unrounded terms, which
// is why IDCG is 11.210 and not the 11.211 that rounded terms add up to.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/settings.hpp"

namespace ndcg {


// One ranked item as it arrives from a parser or an API caller.
// Kept small (88 bytes with libstdc++ on x86-64): a list of 10^7 grades holds 10^7.
struct item {
  std::string id;                  // empty when the input had no ids
  std::vector<std::string> subtopics;  // for alpha-nDCG; empty = none
  double score = 0;
  double grade = 0;
  std::uint32_t line = 0;          // where it came from, for messages (inputs are at most 256 MB)
  std::uint32_t column = 0;        // column of its grade (0 = unknown)
  bool has_id = false;
  bool has_score = false;
};

// One row of a step table.
struct step {
  std::size_t position = 0;        // 1-based rank
  std::string id;
  bool has_id = false;
  double rel = 0;                  // the grade
  double gain = 0;                 // gain(rel); the group's mean gain under tie averaging
  double discount = 0;             // log_b(position + 1), the divisor
  double weight = 1;
  double contribution = 0;         // weight * gain / discount
  double cumulative = 0;           // running total up to this row
  bool judged = true;              // false: the judgments hold no grade for it (read as 0)
};

// Metrics other than NDCG over the same ranking and cutoff.
struct other_metrics {
  double cg = 0;                   // sum of grades in the top K
  double precision = 0;            // relevant in top K / K (n when K = 0)
  double recall = 0;               // relevant in top K / all relevant (0 when none)
  double average_precision = 0;
  double reciprocal_rank = 0;
  double err = 0;                  // Chapelle et al. 2009
  bool has_alpha = false;          // true when any item carries subtopics
  double alpha_dcg = 0;
  double alpha_idcg = 0;
  double alpha_ndcg = 0;           // Clarke et al. 2008, greedy ideal
};

// The whole explanation of one ranking.
struct explanation {
  std::uint64_t k = 0;             // cutoff asked for (0 = none)
  std::size_t n = 0;               // items in the ranking
  std::vector<step> steps;         // the ranking, top min(K, n)
  std::vector<step> ideal_steps;   // the ideal order, top K
  double dcg = 0;
  double idcg = 0;
  double ndcg = 0;
  bool ndcg_defined = true;        // false when IDCG = 0 under zero_policy::skip
  bool has_judgments = false;      // both ideals below are filled when true
  std::size_t unjudged = 0;        // items of the ranking without a judgment (grade 0)
  double idcg_list = 0, ndcg_list = 0;      // ideal from the ranking's own grades
  double idcg_judged = 0, ndcg_judged = 0;  // ideal from all judgments
  std::vector<std::string> missed_ids;      // judged with a gain, never retrieved (largest gain first)
  bool in_ideal_order = false;     // the top K's gains are the ideal's, position by position
  // NDCG under the worst and the best order of items with equal scores
  // (equal to ndcg when nothing ties; NaN when NDCG is undefined).
  double tie_min = 0, tie_max = 0;
  std::vector<double> ndcg_at;     // NDCG@k for k = 1..n
  std::vector<double> loss;        // per position: ideal term minus actual term
  other_metrics other;
};

// Explains one ranking. When `judgments` is given, retrieved items take their
// grades from it by id (unjudged = 0) and the judged ideal is computed too;
// options.ideal picks which of the two ideals `idcg`/`ndcg` report.
expected<explanation> explain(const std::vector<item>& ranking, const options& opt,
                              const std::vector<item>* judgments = nullptr);

// The document's one-call form: order by score (highest first, equal scores in
// input order) and return NDCG@K with the default options.
double ndcg_at_k(const std::vector<double>& scores, const std::vector<double>& relevances,
                 std::size_t k);

// Checks an options struct (finite log base > 1, finite weights, ...).
status validate(const options& opt);

// Gain of one grade under the options; error when not finite or not allowed.
expected<double> gain_of(double grade, const options& opt);

// Precomputed log_b(i + 1) for i = 1..size, grown on demand. Batch work
// reads it instead of calling log() per line.
class discount_table {
 public:
  explicit discount_table(double log_base = 2.0);
  void reserve(std::size_t n);                   // make at(1..n) valid
  double at(std::size_t position) const { return table_[position - 1]; }
  double of(std::size_t position) const;         // the same value, computed (any position)
  std::size_t size() const { return table_.size(); }
  double base() const { return base_; }

 private:
  double base_;
  double scale_;  // log2(base)
  std::vector<double> table_;
};

}  // namespace ndcg

// DCG of many rows at once, as scikit-learn's dcg_score and ndcg_score
// compute it (sklearn/metrics/_ranking.py, 1.2): a matrix of labels and a
// matrix of scores, one row per sample, the gain the label itself (linear,
// negative labels included), the discount log_b(i + 1), positions past
// `depth` worth nothing, and the ideal the same row's labels in descending
// order. Tied scores are averaged (McSherry & Najork 2008) or, with
// average_ties false, kept in input order and the row flagged when the
// order matters (scikit-learn then orders them as NumPy's argsort does,
// which the caller reproduces).
//
// Worked example: labels 3 2 0 1, scores .9 .5 .5 .1, depth 4. Positions 2
// and 3 tie, so each takes (2 + 0) / 2 = 1:
//   DCG   = 3/1 + 1/log2(3) + 1/log2(4) + 1/log2(5)   = 4.5616...
//   IDCG  = 3/1 + 2/log2(3) + 1/log2(4) + 0           = 4.7618...
//   NDCG  = 0.95796...   (ideal 0 gives NDCG 0; a negative ideal divides)
namespace ndcg {

struct row_matrix {
  const double* labels = nullptr;  // rows * cols, row-major
  const double* scores = nullptr;  // rows * cols, row-major
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::size_t depth = 0;           // positions 1..depth count (scikit-learn's k, cut to cols)
  double log_base = 2.0;
  bool average_ties = true;
  bool with_ideal = true;          // false: only the DCG (ideal and ndcg stay 0)
};

struct row_sums {
  std::vector<double> dcg;         // DCG@depth of each row
  std::vector<double> ideal;       // the same over the row's labels in descending order
  std::vector<double> ndcg;        // dcg / ideal, 0 where ideal is 0
  std::vector<std::uint8_t> tied;  // average_ties false: equal scores with different labels
};

row_sums dcg_of_rows(const row_matrix& m, unsigned threads);

}  // namespace ndcg
