// A measure family, as one of trec_eval's m_*.c files defines one: the name
// -m takes, its parameters and their defaults, its help line, how its lines
// print and average, and its value for one query. Each family is one file
// in this folder's subfolders; list.cpp is the one list of them, in print
// order (trec_eval's measures.c), with the nicknames. The names -m takes,
// --help, the not-offered list and every menu are read from that list.
//
// A family's value reads the query's shared state (query_state): the query
// is ranked once and walked once (hits, precision sums, DCG and IDCG prefix
// sums), and every family reads the same arrays. A new family is a file
// that declares a `family` and a line in list.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/metrics.hpp"

namespace ndcg::trec_detail {

struct column;
struct query_state;

// What follows the dot of `-m NAME.PARAMS`.
enum class param_kind {
  none,       // no parameters (`map.5` is refused)
  cutoffs,    // whole numbers >= 1, one column each: P.5,10 -> P_5 P_10 (merged across -m)
  fractions,  // numbers, one column each, printed with two decimals:
              // iprec_at_recall.0.5 -> iprec_at_recall_0.50 (merged across -m)
  numbers,    // numbers for one column named NAME_PARAMS: utility.1,-1,0,0, set_F.0.5
  gains,      // LEVEL=GAIN pairs for one column named NAME_PARAMS: ndcg.1=1,2=3 (rbp also takes p=)
};

// Which lines a family prints, and how its "all" line combines queries.
enum class lines { both, summary_only, per_query_only };
enum class combine {
  mean,       // the mean over queries with a value
  sum,        // counts: the sum (num_ret, ...)
  geometric,  // exp of the mean of log(max(value, 0.00001)) (gm_map, gm_bpref)
  none,       // no "all" line (relstring)
};
enum class value_kind { real, count, text };

// The judgments a family reads; -R says which the run is evaluated against.
enum class judgment_kind { any, qrels, prefs, groups };

// How a family reads grades (--help-measure says it): relevant when at
// least -l, as gains (-l unused), or not at all (documents counted, text).
enum class grade_use : unsigned char { level, gains, none };

// Shared state beyond the ranking walk that a family needs computed.
enum need : unsigned {
  need_full_ranking = 1u << 0,   // every rank in order (else: up to the family's cutoffs)
  need_gain_sums = 1u << 1,      // DCG and IDCG prefix sums of the column's gain scheme
  need_interpolated = 1u << 2,   // interpolated precision at each relevant document
  need_subtopics = 1u << 3,      // subtopic sets of the ranked and the ideal documents
  need_prefs = 1u << 4,          // preference counts (-R prefs or qrels_prefs)
  need_groups = 1u << 5,         // one ranked list per judgment group (-R qrels_jg)
  need_hit_list = 1u << 6,       // each relevant document's rank and the judged ones above it
  need_powers = 1u << 7,         // p^r per rank for the column's persistence p (rbp)
  need_gained = 1u << 8,         // the ranks with a gain, per gain scheme (with the gain sums)
};

using value_fn = double (*)(const query_state& q, const column& c);
using text_fn = void (*)(const query_state& q, const column& c, std::string& out);
// A reading worth telling the user about, for one query ("" = none).
using note_fn = std::string (*)(const query_state& q, const column& c);

struct family {
  std::string_view name;
  std::string_view help;  // one line for --help
  std::string_view about;  // --help-measure: what it computes, its formula, what is its own
  value_fn value = nullptr;          // one column's value for one query (null for text families)
  text_fn text = nullptr;            // text families (relstring): one column's text for one query
  note_fn note = nullptr;            // where trec_eval's reading is a bug: what was read instead
  param_kind params = param_kind::none;
  const double* defaults = nullptr;  // default parameters (cutoffs, fractions, numbers)
  std::size_t default_count = 0;
  value_kind kind = value_kind::real;
  lines printed = lines::both;
  combine all = combine::mean;
  judgment_kind judgments = judgment_kind::qrels;
  unsigned needs = 0;
  // trec_eval scores a query missing from the run (-c) against a one-line
  // ranking of an unjudged document, then sets these families back to 0.
  bool zero_when_missing = false;
  bool persistence = false;  // gains parameters may include rbp's p=0.95
  bool exact_count = false;  // numbers: exactly default_count of them (utility: 4)
  bool ties_unbounded = false;  // no grade order of tied documents bounds it: --tie-range leaves it out
  grade_use grades = grade_use::level;

 private:
  // A copy with one member set (defined before the builders that call it, so
  // that clang evaluates them as constants: each family is constant-initialized).
  template <class T>
  constexpr family with(T family::*member, T value) const {
    family f = *this;
    f.*member = value;
    return f;
  }

 public:
  // The declarations in the family files read as one line each:
  // measure("map_cut", "...", value).cutoffs(standard_cutoffs)
  template <std::size_t N>
  constexpr family cutoffs(const double (&d)[N]) const { return with_params(param_kind::cutoffs, d, N); }
  template <std::size_t N>
  constexpr family fractions(const double (&d)[N]) const { return with_params(param_kind::fractions, d, N); }
  template <std::size_t N>
  constexpr family numbers(const double (&d)[N]) const { return with_params(param_kind::numbers, d, N); }
  constexpr family gains() const { return with_params(param_kind::gains, nullptr, 0).graded(); }
  constexpr family counted() const {
    family f = *this;
    f.kind = value_kind::count;
    f.all = combine::sum;
    return f;
  }
  constexpr family summary_only() const { return with(&family::printed, lines::summary_only); }
  constexpr family geometric() const { return with(&family::all, combine::geometric); }
  constexpr family reads(judgment_kind j) const { return with(&family::judgments, j); }
  constexpr family needing(unsigned n) const {
    family f = *this;
    f.needs |= n;
    if (n & need_gain_sums) f.grades = grade_use::gains;
    return f;
  }
  constexpr family described(std::string_view text) const { return with(&family::about, text); }
  constexpr family graded() const { return with(&family::grades, grade_use::gains); }
  constexpr family ungraded() const { return with(&family::grades, grade_use::none); }
  constexpr family noting(note_fn n) const { return with(&family::note, n); }
  constexpr family exactly() const { return with(&family::exact_count, true); }
  constexpr family with_persistence() const { return with(&family::persistence, true); }
  constexpr family unbounded_by_ties() const { return with(&family::ties_unbounded, true); }
  constexpr family zeroed_when_missing() const { return with(&family::zero_when_missing, true); }

 private:
  constexpr family with_params(param_kind k, const double* d, std::size_t n) const {
    return with(&family::params, k).with(&family::defaults, d).with(&family::default_count, n);
  }
};

constexpr family measure(std::string_view name, std::string_view help, value_fn value) {
  family f{};
  f.name = name;
  f.help = help;
  f.value = value;
  return f;
}

// A family printed per query as text, with no "all" line (relstring).
constexpr family text_measure(std::string_view name, std::string_view help, text_fn text) {
  family f{};
  f.name = name;
  f.help = help;
  f.text = text;
  f.kind = value_kind::text;
  f.printed = lines::per_query_only;
  f.all = combine::none;
  return f;
}

// Every builder is a constant expression, so each family is constant-initialized
// (a builder that is not would put start-up code into every module).
inline constexpr double every_builder[] = {1};
static_assert(measure("m", "", nullptr).cutoffs(every_builder).fractions(every_builder).numbers(every_builder)
                  .gains().counted().summary_only().geometric().reads(judgment_kind::prefs).needing(0)
                  .described("").graded().ungraded().noting(nullptr).exactly().with_persistence()
                  .unbounded_by_ties().zeroed_when_missing().name == "m");
static_assert(text_measure("t", "", nullptr).name == "t");

// trec_eval's cutoffs when a cutoff measure is named without any.
inline constexpr double standard_cutoffs[] = {5, 10, 15, 20, 30, 100, 200, 500, 1000};
// trec_eval's recall levels (iprec_at_recall, 11pt_avg).
inline constexpr double standard_levels[] = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};

// One printed column: a family at one cutoff, fraction or parameter list.
struct column {
  const family* of = nullptr;
  std::size_t cutoff = 0;       // cutoffs (in ranks; SIZE_MAX when larger than size_t)
  double param = 0;             // the cutoff or fraction as given (P divides by it)
  std::vector<double> numbers;  // numbers parameters; gains: rbp's p
  std::size_t scheme = 0;       // gains: index into plan::schemes
  std::string name;
};

// A document's standing in a query, as trec_eval's results_rel_list holds it.
inline constexpr long not_in_pool = -1;  // retrieved, no qrels line (RELVALUE_NONPOOL)
inline constexpr long unjudged = -2;     // a qrels line with a negative grade (RELVALUE_UNJUDGED)

// Every family, each defined in a file of its own and listed in list.cpp.
extern const family runid_measure, num_q_measure, num_ret_measure, num_rel_measure, num_rel_ret_measure,
    map_measure, gm_map_measure, Rprec_measure, bpref_measure, recip_rank_measure, iprec_at_recall_measure,
    P_measure, relstring_measure, recall_measure, infAP_measure, gm_bpref_measure, Rprec_mult_measure,
    utility_measure, eleven_point_measure, binG_measure, G_measure, dcg_measure, ideal_dcg_measure, ndcg_measure,
    ndcg_rel_measure, Rndcg_measure, ndcg_cut_measure, map_cut_measure, relative_P_measure, success_measure,
    set_P_measure, set_relative_P_measure, set_recall_measure, set_map_measure, set_F_measure,
    num_nonrel_judged_ret_measure, num_nonjudged_ret_measure, prefs_num_prefs_poss_measure,
    prefs_num_prefs_ful_measure, prefs_num_prefs_ful_ret_measure, prefs_simp_measure, prefs_pair_measure,
    prefs_avgjg_measure, prefs_avgjg_Rnonrel_measure, prefs_simp_ret_measure, prefs_pair_ret_measure,
    prefs_avgjg_ret_measure, prefs_avgjg_Rnonrel_ret_measure, prefs_simp_imp_measure, prefs_pair_imp_measure,
    prefs_avgjg_imp_measure, map_avgjg_measure, P_avgjg_measure, Rprec_mult_avgjg_measure, yaap_measure,
    rbp_measure, rbp_resid_measure, unj_measure, err_cut_measure, alpha_ndcg_cut_measure, judged_measure;

}  // namespace ndcg::trec_detail
