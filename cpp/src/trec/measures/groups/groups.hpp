// Judgment groups (-R qrels_jg): the same run ranked against each group's
// own judgments, as trec_eval's form_res_rels_jg.c does, for the *_avgjg
// measures, which average over a query's groups.
#pragma once

#include <cstddef>
#include <vector>

namespace ndcg::trec_detail {

// One group's view of the ranking: trec_eval's res_rels for that group.
struct group_ranking {
  std::size_t num_ret = 0;      // ranked documents (fewer under -J: the group's unjudged leave)
  std::size_t num_rel = 0;      // judged relevant in the group
  std::size_t num_rel_ret = 0;
  std::vector<long> rel;        // per rank: the grade, not_in_pool or unjudged
};

struct groups_state {
  std::vector<group_ranking> groups;  // in the order of the group names (byte order)
  std::size_t count = 0;              // groups in use this query
};

}  // namespace ndcg::trec_detail
