// gm_map: average precision combined over queries by the geometric mean of
// max(AP, 0.00001), on the "all" line only (trec_eval's m_gm_map.c).
#include "trec/measures/average_precision/shared.hpp"

namespace ndcg::trec_detail {

const family gm_map_measure =
    measure("gm_map", "average precision, geometric mean over queries", average_precision)
        .summary_only()
        .geometric()
        .needing(need_full_ranking)
        .described("AP of each query, combined geometrically.");

}  // namespace ndcg::trec_detail
