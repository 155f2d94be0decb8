// Preference counts for one query, as trec_eval 10.0's form_prefs_counts.c
// counts them (see prefs_counts.hpp): documents numbered by rank among the
// retrieved judged ones, then the rest in docid order; per judgment group,
// the preferences fulfilled and possible among retrieved documents, with one
// retrieved (implied) and with neither; and per document pair, how many
// groups prefer the first to the second.
#include "trec/measures/prefs/prefs_counts.hpp"

#include <algorithm>
#include <string>

#include "base/hash_table.hpp"
#include "base/index_sort.hpp"
#include "base/text.hpp"

namespace ndcg::trec_detail {
namespace {

// n^2 counts per query: beyond this many judged documents the memory is absurd.
constexpr std::size_t max_judged = 10000;

// Numbers every judged document: the retrieved ones by rank, then the others
// by docid. `number[i]` is the number of lines[i]'s document.
std::size_t number_documents(const std::vector<pref_line>& lines, const std::vector<std::string_view>& ranked,
                             std::vector<std::size_t>& number, std::size_t& judged_ret) {
  detail::handle_table index;
  std::vector<std::string_view> docids;  // distinct, in order of first line
  std::vector<std::size_t> line_doc(lines.size());
  index.reset(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view id = lines[i].docid;
    const auto next = static_cast<std::uint32_t>(docids.size());
    const std::uint32_t at = index.insert(detail::hash_of(id), next, [&](std::uint32_t d) { return docids[d] == id; });
    if (at == detail::handle_table::none) docids.push_back(id);
    line_doc[i] = at == detail::handle_table::none ? next : at;
  }
  constexpr std::size_t unnumbered = SIZE_MAX;
  std::vector<std::size_t> doc_number(docids.size(), unnumbered);
  std::size_t next = 0;
  for (std::string_view id : ranked) {
    const std::uint32_t at = index.find(detail::hash_of(id), [&](std::uint32_t d) { return docids[d] == id; });
    if (at != detail::handle_table::none && doc_number[at] == unnumbered) doc_number[at] = next++;
  }
  judged_ret = next;
  std::vector<std::size_t> rest;
  for (std::size_t d = 0; d < docids.size(); ++d)
    if (doc_number[d] == unnumbered) rest.push_back(d);
  detail::sort_indices(rest, [&](std::size_t a, std::size_t b) { return docids[a] < docids[b]; });
  for (std::size_t d : rest) doc_number[d] = next++;
  number.resize(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) number[i] = doc_number[line_doc[i]];
  return docids.size();
}

error inconsistent(const pref_line& l, std::string what) {
  return fail(error_code::bad_input, "inconsistent preferences in group " + echo(l.group) + ": " + what, l.line, 1)
      .with("found", l.docid);
}

void reset_group(pref_group& g) {
  g.fulfilled_ret = g.possible_ret = g.fulfilled_imp = g.possible_imp = g.possible_notoccur = 0;
  g.num_rel = g.num_rel_ret = g.num_nonrel = g.num_nonrel_ret = 0;
  g.classes.clear();
  g.prefers.clear();
  g.level_of.clear();
}

// One subgroup: classes by level; every higher class preferred to every lower.
status count_classes(const std::vector<pref_line>& lines, const std::vector<std::size_t>& order,
                     const std::vector<std::size_t>& number, std::size_t from, std::size_t to, prefs_state& s,
                     pref_group& g) {
  for (std::size_t i = from; i < to; ++i) {
    const pref_line& l = lines[order[i]];
    if (g.classes.empty() || g.classes.back().level != l.level) g.classes.push_back(pref_class{l.level, {}});
    g.classes.back().docs.push_back(number[order[i]]);
  }
  const std::size_t ret = s.judged_ret;
  for (std::size_t c1 = 0; c1 < g.classes.size(); ++c1) {
    const std::vector<std::size_t>& docs1 = g.classes[c1].docs;
    const auto retrieved = static_cast<long>(std::lower_bound(docs1.begin(), docs1.end(), ret) - docs1.begin());
    if (g.classes[c1].level > 0.0) g.num_rel_ret += retrieved, g.num_rel += static_cast<long>(docs1.size());
    else g.num_nonrel_ret += retrieved, g.num_nonrel += static_cast<long>(docs1.size());
    for (std::size_t c2 = c1 + 1; c2 < g.classes.size(); ++c2)
      for (std::size_t a : docs1)
        for (std::size_t b : g.classes[c2].docs) {
          ++s.counts[a * s.judged + b];
          if (a == b)
            return inconsistent(lines[order[from]], "a document is at two levels of one subgroup");
          if (a < b) {
            if (b < ret) ++g.fulfilled_ret;
            else if (a < ret) ++g.fulfilled_imp;
            else ++g.possible_notoccur;
          } else {
            if (a < ret) ++g.possible_ret;
            else if (b < ret) ++g.possible_imp;
            else ++g.possible_notoccur;
          }
        }
  }
  g.possible_ret += g.fulfilled_ret;
  g.possible_imp += g.fulfilled_imp;
  return done{};
}

// Several subgroups: a preference relation, closed under transitivity.
status fill_relation(const std::vector<pref_line>& lines, const std::vector<std::size_t>& order,
                     const std::vector<std::size_t>& number, std::size_t from, std::size_t to, std::size_t n,
                     pref_group& g) {
  g.prefers.assign(n * n, 0);
  g.level_of.assign(n, -1.0);
  for (std::size_t i = from; i < to; ++i) {
    const pref_line& l = lines[order[i]];
    double& known = g.level_of[number[order[i]]];
    if ((known > 0.0 && l.level == 0.0) || (known == 0.0 && l.level > 0.0))
      return inconsistent(l, "document " + echo(l.docid) + " has both level 0 and a level above 0");
    known = l.level;
    std::size_t j = i + 1;
    while (j < to && lines[order[j]].subgroup == l.subgroup && lines[order[j]].level == l.level) ++j;
    for (; j < to && lines[order[j]].subgroup == l.subgroup; ++j) g.prefers[number[order[i]] * n + number[order[j]]] = 1;
  }
  for (std::size_t k = 0; k < n; ++k)  // Warshall: the same closure as trec_eval's repeated products
    for (std::size_t i = 0; i < n; ++i)
      if (g.prefers[i * n + k])
        for (std::size_t j = 0; j < n; ++j) g.prefers[i * n + j] |= g.prefers[k * n + j];
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (g.prefers[i * n + j] && (i == j || g.prefers[j * n + i]))
        return inconsistent(lines[order[from]], "a document is preferred to another that is preferred to it");
  return done{};
}

void count_relation(prefs_state& s, pref_group& g) {
  const std::size_t n = s.judged, ret = s.judged_ret;
  for (std::size_t i = 0; i < n; ++i) {
    const double level = g.level_of[i];
    if (level > 0.0) ++g.num_rel, g.num_rel_ret += i < ret;
    else if (level == 0.0) ++g.num_nonrel, g.num_nonrel_ret += i < ret;
  }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      if (!g.prefers[i * n + j]) continue;
      ++s.counts[i * n + j];
      if (i < ret && j < ret) (j < i ? g.possible_ret : g.fulfilled_ret)++;
      else if (i < ret) ++g.fulfilled_imp;
      else if (j < ret) ++g.possible_imp;
      else ++g.possible_notoccur;
    }
  g.possible_ret += g.fulfilled_ret;
  g.possible_imp += g.fulfilled_imp;
}

}  // namespace

status count_prefs(const std::vector<pref_line>& lines, const std::vector<std::string_view>& ranked,
                   prefs_state& out) {
  std::vector<std::size_t> number;
  out.judged = number_documents(lines, ranked, number, out.judged_ret);
  if (out.judged > max_judged)
    return fail(error_code::too_large, "expected at most " + std::to_string(max_judged) +
                                           " documents with preferences in one query, got " + std::to_string(out.judged))
        .with("limit", std::to_string(max_judged));
  out.counts.assign(out.judged * out.judged, 0);
  // By group, subgroup, level (highest first), then document number.
  std::vector<std::size_t> order(lines.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  detail::sort_indices(order, [&](std::size_t a, std::size_t b) {
    const pref_line &x = lines[a], &y = lines[b];
    if (x.group != y.group) return x.group < y.group;
    if (x.subgroup != y.subgroup) return x.subgroup < y.subgroup;
    if (x.level != y.level) return x.level > y.level;
    return number[a] != number[b] ? number[a] < number[b] : a < b;
  });
  std::size_t groups = 0;
  for (std::size_t from = 0; from < order.size();) {
    std::size_t to = from, subgroups = 0;
    for (; to < order.size() && lines[order[to]].group == lines[order[from]].group; ++to)
      if (to == from || lines[order[to]].subgroup != lines[order[to - 1]].subgroup) ++subgroups;
    if (out.groups.size() <= groups) out.groups.emplace_back();
    pref_group& g = out.groups[groups++];
    reset_group(g);
    if (subgroups == 1) {
      if (auto ok = count_classes(lines, order, number, from, to, out, g); !ok) return ok;
    } else {
      if (auto ok = fill_relation(lines, order, number, from, to, out.judged, g); !ok) return ok;
      count_relation(out, g);
    }
    from = to;
  }
  out.groups.resize(groups);
  return done{};
}

}  // namespace ndcg::trec_detail
