// Internals of the TREC batch evaluation, shared by trec.cpp (measures,
// plan, output, merging), trec_stream.cpp (reading the qrels and the run,
// the query loop) and trec_measures.cpp (one query's values).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/big_memory.hpp"
#include "base/hash_table.hpp"
#include "ndcg/error.hpp"
#include "ndcg/metrics.hpp"
#include "ndcg/parse.hpp"
#include "ndcg/trec.hpp"
#include "trec/measures/list.hpp"
#include "trec/measures/query_state.hpp"
#include "trec/trec_plan.hpp"

namespace ndcg::trec_detail {

// A result's names and kinds of column, from the plan.
void describe_columns(const plan& p, trec_result& r);
// The "all" row: sums for counts, geometric means for gm_map, else means
// over the queries with a value, added in row order.
void take_means(trec_result& r);

// One judged document in 16 bytes (the qrels of a big run are most of the
// memory, pages the kernel clears as they are first written). Its line is
// not kept for TREC qrels (judgments::line counts it again, for a
// message); a docid of 2^24 - 1 bytes or more or a grade beyond a signed
// byte is kept aside (judgments::odd). No member initialisers: the qrels'
// arrays are sized first and written after, on two threads
// (big_raw_vector); `judged_doc{}` is zeros: an empty docid, grade 0.
struct judged_doc {
  const char* docid;     // a view into the qrels (or subtopic qrels) text
  std::uint32_t hash;    // hash_of(docid), taken once while reading
#ifdef __EMSCRIPTEN__    // 16 bytes unpacked there (a pointer and a long are 4 bytes): the modules' size
  std::uint32_t length;
  long rel;
#else
  std::uint32_t packed;  // the docid's length << 8 | the grade's low byte, or odd_doc
#endif
};
inline constexpr std::uint32_t odd_doc = UINT32_MAX;
inline judged_doc doc_of(std::string_view docid, std::uint32_t hash, long rel) {
#ifdef __EMSCRIPTEN__
  return judged_doc{docid.data(), hash, static_cast<std::uint32_t>(docid.size()), rel};
#else
  const std::size_t length = docid.size();
  return judged_doc{docid.data(), hash,
                    length < 0xFFFFFF && rel >= -128 && rel <= 127
                        ? static_cast<std::uint32_t>(length) << 8 | static_cast<std::uint8_t>(rel)
                        : odd_doc};
#endif
}
inline bool is_odd(const judged_doc& d) {
#ifdef __EMSCRIPTEN__
  return (void)d, false;
#else
  return d.packed == odd_doc;
#endif
}
// A document that judged_doc::packed cannot hold.
struct odd_judgment {
  std::size_t doc;  // in judgments::docs
  std::size_t length;
  long rel;
};

// The judgments: each query's documents side by side in one flat array.
struct judged_query {
  std::string_view qid;
  std::size_t begin = 0, end = 0;  // into judgments::docs
};
struct judgments {
  judgment_format format = judgment_format::qrels;
  detail::big_raw_vector<judged_doc> docs;
  std::vector<judged_query> queries;  // in order of first appearance
  detail::handle_table index;         // qid -> query
  // -R qrels_jg, prefs and qrels_prefs only (else empty), per document:
  std::vector<std::string_view> group;     // the judgment group (the iter field)
  std::vector<std::string_view> subgroup;  // prefs: the judgment subgroup
  std::vector<double> level;               // prefs: the level as a number
  // Each document's line, but for TREC qrels, whose lines are counted in
  // `text` again when a message needs one.
  std::vector<std::uint32_t> lines;
  std::string_view text;
  bool in_file_order = false;     // docs as their lines come (qrels read grouped): no place() to compare
  std::vector<odd_judgment> odd;  // the documents packed as odd_doc, by doc once sorted (sort_odd)
  std::uint32_t find(std::string_view qid) const;  // handle_table::none when absent
  std::string_view id(std::size_t i) const {
    const judged_doc& d = docs[i];
#ifdef __EMSCRIPTEN__
    return {d.docid, d.length};
#else
    return {d.docid, d.packed != odd_doc ? d.packed >> 8 : odd_of(i).length};
#endif
  }
  long rel(std::size_t i) const {
#ifdef __EMSCRIPTEN__
    return docs[i].rel;
#else
    const std::uint32_t p = docs[i].packed;
    return p != odd_doc ? static_cast<std::int8_t>(static_cast<std::uint8_t>(p)) : odd_of(i).rel;
#endif
  }
  // For judgments built a document at a time (their odd ones come in order).
  void push_back(std::string_view docid, std::uint32_t hash, long rel);
  void set_rel(std::size_t i, long rel);
  std::size_t line(std::size_t i) const;  // for messages: may count the text's lines
  // Orders documents as their lines do (a line or where the docid is).
  std::size_t place(std::size_t i) const {
    return lines.empty() ? static_cast<std::size_t>(docs[i].docid - text.data()) : lines[i];
  }
  void sort_odd();  // once the documents have moved to their places

 private:
  const odd_judgment& odd_of(std::size_t i) const;
};
// Reads judgments in the given format; an error keeps its line and column
// (source unset). A docid twice in one query (in one group for qrels_jg)
// is an error.
expected<judgments> read_judgments(std::string_view text, judgment_format format = judgment_format::qrels);
// Per-document judgments from subtopic qrels: 1 when the document covers a
// subtopic (a positive judgment), else 0, as ndeval makes them binary.
judgments judgments_from(const subtopic_qrels_file& subtopics);

expected<grade_levels> make_levels(const judgments& j, const plan& p, conventions& c,
                                   std::string_view qrels_text);

// A document's standing in a query: a grade level (>= 0), or one of these.
inline constexpr int not_judged = -1;      // retrieved, no qrels line
inline constexpr int judged_negative = -2; // a qrels line with a negative grade (worth 0;
                                           // trec_eval's "in the pool, unjudged")
// A level's standing, as bits: relevant, judged non-relevant, judged negative.
inline constexpr char standing_relevant = 1, standing_nonrel = 2, standing_negative = 4;

// One query's inputs; `run` is null for a qrels-only query under -c.
struct query_input {
  std::string_view qid;
  const judgments* judged = nullptr;
  std::size_t judged_begin = 0, judged_end = 0;  // into judged->docs
  const run_entry* run = nullptr;
  std::size_t run_count = 0;
  const std::uint32_t* run_hashes = nullptr;  // hash_of of each run docid, when the reader took them
  const subtopic_query* subtopics = nullptr;
};

// One query held as numbers (evaluate_arrays): its ranked documents'
// labels (NaN: not judged) and scores, named by `ids` or, when null, by
// their position; `extra` holds the grades of judged documents it did not
// rank (num_rel and the ideal count them).
struct rows_input {
  std::string_view qid;
  const double* labels = nullptr;
  const std::int32_t* int_labels = nullptr;  // instead of labels, when set
  const double* scores = nullptr;
  const std::string_view* ids = nullptr;
  std::size_t count = 0;
  const double* extra = nullptr;
  std::size_t extra_count = 0;
};

// The first eight bytes of an id as a number that orders as the bytes do
// (memcmp's order), zero-padded; equal prefixes leave the order to the
// whole ids.
inline std::uint64_t docid_prefix(std::string_view docid) {
#ifdef __EMSCRIPTEN__  // the shorter code: the modules' size
  unsigned char bytes[8] = {};
  // An empty docid (the -c ranking of a missing query) may have no data pointer: memcpy must not see it.
  if (!docid.empty()) std::memcpy(bytes, docid.data(), docid.size() < 8 ? docid.size() : 8);
  std::uint64_t p = 0;
  for (const unsigned char b : bytes) p = p << 8 | b;
  return p;
#else
  // By loads of fixed sizes, as hash_of reads a tail: a copy of a variable
  // length into a buffer, then one load of it, stalled on the stores.
  const std::size_t n = docid.size();
  const auto* p = reinterpret_cast<const unsigned char*>(docid.data());
  std::uint64_t w = 0;  // the bytes from the lowest, as a little-endian load reads them
  if (n >= 8) {
    std::memcpy(&w, p, 8);
  } else if (n >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + n - 4, 4);
    w = a | static_cast<std::uint64_t>(b) << (8 * (n - 4));  // the overlap holds the same bytes
  } else if (n > 0) {
    w = p[0] | static_cast<std::uint64_t>(p[n >> 1]) << (8 * (n >> 1)) | static_cast<std::uint64_t>(p[n - 1]) << (8 * (n - 1));
  }
  return __builtin_bswap64(w);
#endif
}

// The judged documents of one query by docid, reused across queries so
// the per-line loop never allocates once warm.
class doc_table {
 public:
  struct entry {
    std::string_view docid;
    int level = not_judged;
    bool retrieved = false;  // the run has it (retrieve)
  };
  void start(std::size_t expected_size);
  void add(std::string_view docid, std::uint32_t hash, int level);  // docids must be new; hash = hash_of(docid)
  const entry* find(std::string_view docid) const;
  // A retrieved document's entry: its judged one, or a new unjudged one;
  // null when the run retrieved it already (a docid twice in one query).
  // One lookup serves both the judgment and the check.
  const entry* retrieve(std::string_view docid, std::uint32_t hash);  // hash = hash_of(docid)

 private:
  entry& next_entry();  // room for one more, kept between queries
  std::vector<entry> entries_;  // the first used_ of them
  std::size_t used_ = 0;
  detail::handle_table index_;
};

// Where an error in an input sits: 1-based column of `part` in its line.
std::size_t column_of(std::string_view text, std::string_view part);

// Computes one query's row of values: ranks it once, walks the ranking once
// into the shared state, then asks each column's family for its value.
class query_evaluator {
 public:
  query_evaluator(const plan& p, const conventions& c, const grade_levels& g);
  // `texts` gets one entry per text column (relstring), in order.
  status evaluate(const query_input& q, std::vector<double>& row, std::vector<std::string>& texts);
  // The same for a query held as numbers; labels must be whole numbers.
  void evaluate(const rows_input& q, std::vector<double>& row, std::vector<std::string>& texts);
  // Notes the families made so far ("P_5, query 7: ..."), in query order.
  const std::vector<std::string>& notes() const { return notes_; }

  // One run entry in the ranking's sort (public for its comparator): 32
  // bytes, the docid's first eight bytes in it, so that most ties are
  // broken without reading the docid.
  struct sort_key {
    double score;
    long tier;             // tied_grades times the grade: orders equal scores by grade first
    std::uint64_t prefix;  // the docid's first eight bytes, big-endian, zero-padded
    std::uint32_t index;   // in the run's entries
    int level;             // the document's standing: a grade level, not_judged or judged_negative
  };
  // Natively sized with no zeros written: a query's keys are all written after.
  using key_list = detail::big_raw_vector<sort_key>;

 private:
  void index_judgments(const query_input& q, std::size_t retrieved);
  bool index_run(const run_entry* run, std::size_t n, const std::uint32_t* hashes);  // false: a docid twice
  void index_rows(const rows_input& q);
  void counts_from_levels();
  int level_of_label(double label) const;
  void values_of(std::string_view qid, bool missing, std::vector<double>& row, std::vector<std::string>& texts);
  std::string_view docid_of(const sort_key& k) const {
    return run_ ? run_[k.index].docid : ids_ ? ids_[k.index] : std::string_view();
  }
  void rank();
  void ranking_passes();
  void walk_ranking();
  void powers_to_depth();
  void gain_sums(std::size_t scheme);
  void interpolated_precision();
  void subtopic_lists(const query_input& q);
  status preference_counts(const query_input& q);
  void group_rankings(const query_input& q);

  const plan& plan_;
  const conventions& conv_;
  const grade_levels& grades_;
  discount_table discounts_;
  query_state state_;

  doc_table docs_;
  std::vector<long> level_counts_;      // judged docs per level (the ideal's pool)
  // What a document's level says, by level + 2 (judged negative, not
  // judged, then the grade levels): its query_state::rel, and whether it is
  // relevant, judged non-relevant, or judged negative (standing_flags_'s bits).
  std::vector<long> standing_grades_;
  std::vector<char> standing_flags_;
  const run_entry* run_ = nullptr;      // the query's run entries
  const std::string_view* ids_ = nullptr;  // or its rows' ids (rows_input), or neither: positions
  key_list keys_;                       // the ranking: keys_[0..kept_) are the documents kept,
  std::size_t kept_ = 0;                // the first state_.depth of them in order
  // Rows under a cutoff keep a key only when they can reach it (index_rows):
  // then keys_ holds those, and the rows retrieved are counted here.
  struct retrieved_counts {
    std::size_t rows = 0, rel_ret = 0, nonpool = 0, unjudged = 0;
  };
  bool trimmed_ = false;
  retrieved_counts trimmed_counts_;
  bool trims(std::size_t rows) const;
  void tally(retrieved_counts& c, int level) const;
#ifndef __EMSCRIPTEN__
  bool positions_unnamed_ = false;      // rows named by position whose keys lack their prefixes yet
  std::vector<std::uint64_t> order_;    // sort_by_score's words
  key_list keys_spare_;
  bool sort_by_score(std::size_t kept);
#endif
  std::vector<double> top_scores_;      // index_rows' and rank()'s scratch: the scores, to find the cut's
  std::vector<char> scheme_needed_;     // per scheme (not vector<bool>: its code weighs on the wasm)
  std::vector<long> ideal_counts_;      // gain_sums' scratch: the ideal's pool per level
  // Numeric columns without notes: a value call each, nothing else; [1]
  // those that a query missing from the run (-c) asks (not zeroed for it).
  std::vector<std::size_t> plain_columns_[2];
  std::vector<std::size_t> other_columns_;  // text columns and those that note
  std::size_t text_columns_ = 0;
  std::vector<pref_line> pref_lines_;
  std::vector<std::string_view> pref_ranked_;
  std::vector<std::size_t> group_order_;
  std::vector<std::vector<std::string>> covers_;  // subtopics of each judged document
  std::vector<std::string_view> cover_docids_;
  std::vector<std::string> notes_;
};

}  // namespace ndcg::trec_detail

namespace ndcg {

// What judgments read once hold: their text (TREC's, or the ids of
// judgments built from records, `built`) and the arrays pointing into it.
struct trec_judgments::held {
  std::string text;                 // read from TREC text
  detail::big_vector<char> ids;     // built (judgments_builder): the ids one after another
  judgment_format format = judgment_format::qrels;
  std::shared_ptr<const trec_detail::judgments> judged;
  bool built = false;
};

}  // namespace ndcg
