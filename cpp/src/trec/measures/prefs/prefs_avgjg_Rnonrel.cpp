// prefs_avgjg_Rnonrel (-R prefs or qrels_prefs): prefs_avgjg with each
// group's non-relevant documents (level <= 0) counted as if there were as
// many as relevant ones (R): with fewer, R * (R - N) fulfilled preferences
// are added; with more, only the first R of the lowest class take part and
// the counts are made again (m_prefs_avgjg_Rnonrel*.c). _ret: the same
// over retrieved documents only.
#include <algorithm>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {

struct tally {
  long ful = 0, poss = 0;
  void add(bool fulfilled) { fulfilled ? ++ful : ++poss; }
};

// One subgroup: the classes above the lowest against each other, then every
// class against the lowest class's first `keep` documents (that lowest class
// against itself too, as trec_eval counts it). `retrieved_only` stops each
// class at its first document not retrieved.
tally recount_classes(const pref_group& g, std::size_t judged_ret, std::size_t keep, bool retrieved_only) {
  tally t;
  const std::vector<pref_class>& c = g.classes;
  const std::vector<std::size_t>& lowest = c.back().docs;
  const auto usable = [&](const std::vector<std::size_t>& docs, std::size_t limit) {
    std::size_t n = std::min(limit, docs.size());
    if (retrieved_only) n = std::min<std::size_t>(n, std::lower_bound(docs.begin(), docs.end(), judged_ret) - docs.begin());
    return n;
  };
  const auto pair = [&](std::size_t a, std::size_t b) { t.add(a < b && (retrieved_only || a < judged_ret)); };
  for (std::size_t c1 = 0; c1 < c.size(); ++c1)
    for (std::size_t c2 = c1 + 1; c2 + 1 < c.size(); ++c2)
      for (std::size_t i = 0; i < usable(c[c1].docs, SIZE_MAX); ++i)
        for (std::size_t j = 0; j < usable(c[c2].docs, SIZE_MAX); ++j) pair(c[c1].docs[i], c[c2].docs[j]);
  const std::size_t kept = usable(lowest, keep);
  for (std::size_t c1 = 0; c1 < c.size(); ++c1)
    for (std::size_t i = 0; i < usable(c[c1].docs, SIZE_MAX); ++i)
      for (std::size_t j = 0; j < kept; ++j) pair(c[c1].docs[i], lowest[j]);
  t.poss += t.ful;
  return t;
}

// Several subgroups: the relation without the non-relevant documents after
// the first R + 1 (by number); `retrieved_only` keeps the retrieved part.
tally recount_relation(const pref_group& g, std::size_t judged, std::size_t judged_ret, bool retrieved_only) {
  std::size_t first_dropped = 0, seen = 0;
  const std::size_t scan = retrieved_only ? judged_ret : judged;
  for (; first_dropped < scan; ++first_dropped)
    if (g.level_of[first_dropped] == 0.0 && ++seen == static_cast<std::size_t>(g.num_rel) + 1) break;
  const auto dropped = [&](std::size_t d) { return d >= first_dropped && g.level_of[d] == 0.0; };
  tally t;
  const std::size_t rows = retrieved_only ? judged_ret : judged;
  for (std::size_t i = 0; i < rows; ++i) {
    if (dropped(i)) continue;
    for (std::size_t j = 0; j < (retrieved_only ? judged_ret : judged); ++j) {
      if (j == i || dropped(j) || !g.prefers[i * judged + j]) continue;
      t.add(i < judged_ret && (j > i));
    }
  }
  t.poss += t.ful;
  return t;
}

double rnonrel(const query_state& q, bool retrieved_only) {
  const prefs_state& s = q.prefs;
  double sum = 0;
  for (const pref_group& g : s.groups) {
    const long r = retrieved_only ? g.num_rel_ret : g.num_rel;
    const long n = retrieved_only ? g.num_nonrel_ret : g.num_nonrel;
    tally t;
    if (r >= n) {
      t.ful = g.fulfilled_ret + (retrieved_only ? 0 : g.fulfilled_imp) + g.num_rel_ret * (r - n);
      t.poss = g.possible_ret + (retrieved_only ? 0 : g.possible_imp + g.possible_notoccur) + g.num_rel * (r - n);
    } else if (g.by_classes()) {
      t = recount_classes(g, s.judged_ret, static_cast<std::size_t>(r), retrieved_only);
    } else {
      t = recount_relation(g, s.judged, s.judged_ret, retrieved_only);
    }
    sum += static_cast<double>(t.ful) / static_cast<double>(t.poss);
  }
  return sum > 0.0 ? sum / static_cast<double>(s.groups.size()) : 0.0;
}

double all_documents(const query_state& q, const column&) { return rnonrel(q, false); }
double retrieved_documents(const query_state& q, const column&) { return rnonrel(q, true); }

// trec_eval keeps the first R documents of the lowest class; with fewer
// there, it reads on past the class into memory other queries left (a
// buffer over-read), so its value depends on the queries before. Here only
// the class's own documents count, and the query is named.
std::string short_class(const query_state& q, bool retrieved_only) {
  for (const pref_group& g : q.prefs.groups) {
    const long r = retrieved_only ? g.num_rel_ret : g.num_rel, n = retrieved_only ? g.num_nonrel_ret : g.num_nonrel;
    if (r < n && g.by_classes() && static_cast<long>(g.classes.back().docs.size()) < r)
      return "the lowest class of a judgment group has " + std::to_string(g.classes.back().docs.size()) +
             " documents, fewer than R = " + std::to_string(r) +
             "; trec_eval 10.0 reads past them into memory other queries left, here only those count";
  }
  return {};
}
std::string all_documents_note(const query_state& q, const column&) { return short_class(q, false); }
std::string retrieved_documents_note(const query_state& q, const column&) { return short_class(q, true); }
}  // namespace

const family prefs_avgjg_Rnonrel_measure =
    measure("prefs_avgjg_Rnonrel", "prefs_avgjg with as many non-relevant documents as relevant ones", all_documents)
        .noting(all_documents_note)
        .reads(judgment_kind::prefs)
        .needing(need_prefs)
        .described("Non-relevant documents weighed as R of them.");
const family prefs_avgjg_Rnonrel_ret_measure =
    measure("prefs_avgjg_Rnonrel_ret", "prefs_avgjg_Rnonrel among retrieved documents", retrieved_documents)
        .noting(retrieved_documents_note)
        .reads(judgment_kind::prefs)
        .needing(need_prefs)
        .described("Ranked documents only.");

}  // namespace ndcg::trec_detail
