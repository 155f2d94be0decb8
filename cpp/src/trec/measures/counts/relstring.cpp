// relstring.N: the grades of the first N ranked documents (default 10) as
// text, one character each: 0 to 9, '>' above 9, '-' not in the qrels, '.'
// judged negative (trec_eval's "in the pool, unjudged"); per query only
// (m_relstring.c), printed between quotes.
#include <algorithm>

#include "trec/measures/query_state.hpp"

namespace ndcg::trec_detail {
namespace {
constexpr double relstring_length[] = {10};

void relstring(const query_state& q, const column& c, std::string& out) {
  const double wanted = c.numbers.empty() ? 0 : c.numbers[0];
  const std::size_t length = wanted > 0 ? std::min(static_cast<std::size_t>(wanted), q.num_ret) : 0;
  out.clear();
  for (std::size_t r = 0; r < length; ++r) {
    const long g = q.rel[r];
    out += g > 9 ? '>' : g >= 0 ? static_cast<char>('0' + g) : g == not_in_pool ? '-' : '.';
  }
}
}  // namespace

const family relstring_measure =
    text_measure("relstring", "the grades of the first N ranked documents as text (per query only)", relstring)
        .numbers(relstring_length)
        .exactly()
        .needing(need_full_ranking)
        .ungraded()
        .described("0-9, '>' above 9, '-' no qrels line, '.' a negative grade.");

}  // namespace ndcg::trec_detail
