// Preference judgments (-R prefs, -R qrels_prefs): which preferences "A is
// better than B" a ranking fulfils, counted per judgment group, as trec_eval
// 10.0's form_prefs_counts.c counts them. A group with one subgroup is a set
// of classes (documents of one level, every higher class preferred to every
// lower one); a group with several subgroups is a preference relation closed
// under transitivity. Documents are numbered by rank among the judged ones
// that were retrieved (0 .. judged_ret - 1), then the rest in docid order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"

namespace ndcg::trec_detail {

// The documents of one level in a one-subgroup group, by number ascending.
struct pref_class {
  double level = 0;
  std::vector<std::size_t> docs;
};

struct pref_group {
  long fulfilled_ret = 0, possible_ret = 0;  // both documents retrieved
  long fulfilled_imp = 0, possible_imp = 0;  // one of them retrieved
  long possible_notoccur = 0;                // neither retrieved
  long num_rel = 0, num_rel_ret = 0;         // level > 0
  long num_nonrel = 0, num_nonrel_ret = 0;   // level <= 0
  std::vector<pref_class> classes;           // one subgroup: by level, highest first
  std::vector<unsigned char> prefers;        // several: [i * n + j] = 1 when i is preferred to j
  std::vector<double> level_of;              // several: each document's level (-1 = none given)
  bool by_classes() const { return !classes.empty(); }
};

struct prefs_state {
  std::size_t judged = 0;      // documents with a preference line
  std::size_t judged_ret = 0;  // of those, retrieved
  std::vector<pref_group> groups;
  std::vector<std::uint16_t> counts;  // [i * judged + j]: groups that prefer i to j
  unsigned count(std::size_t i, std::size_t j) const { return counts[i * judged + j]; }
};

// One preference line of a query: group, subgroup, docid, level.
struct pref_line {
  std::string_view group, subgroup, docid;
  double level = 0;
  std::size_t line = 0;
};

// The counts for one query. `ranked` holds the retrieved docids in trec_eval's
// order for preferences (score descending, docid ascending), already cut by -M.
// An inconsistent group (a document preferred to itself through other
// documents, or one document at two levels of a subgroup) is an error that
// names the document and its line.
status count_prefs(const std::vector<pref_line>& lines, const std::vector<std::string_view>& ranked,
                   prefs_state& out);

}  // namespace ndcg::trec_detail
