// gm_bpref: bpref combined over queries by the geometric mean of
// max(bpref, 0.00001), on the "all" line only (m_gm_bpref.c).
#include "trec/measures/average_precision/shared.hpp"

namespace ndcg::trec_detail {

const family gm_bpref_measure = measure("gm_bpref", "bpref, geometric mean over queries", bpref)
                                    .summary_only()
                                    .geometric()
                                    .needing(need_full_ranking | need_hit_list)
        .described("bpref of each query, combined geometrically.");

}  // namespace ndcg::trec_detail
