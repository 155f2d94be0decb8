#include "index_sort.hpp"

#include <algorithm>

namespace ndcg::detail {

void sort_indices(std::size_t* first, std::size_t* last, index_less order) { std::sort(first, last, order); }

}  // namespace ndcg::detail
