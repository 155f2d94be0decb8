// runid: the tag of the run's last line, on the "all" line only (trec_eval's
// m_runid.c). Its text is the result's run_id, not a value per query.
#include <limits>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
double no_value(const query_state&, const column&) { return std::numeric_limits<double>::quiet_NaN(); }
}  // namespace

const family runid_measure = measure("runid", "the tag of the run's last line", no_value)
                                 .summary_only()
                                 .reads(judgment_kind::any)
        .ungraded()
        .described("The last field of the run's last line, as text.");

}  // namespace ndcg::trec_detail
