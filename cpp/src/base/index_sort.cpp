#include "base/index_sort.hpp"

#include <algorithm>

namespace ndcg::detail {

void sort_indices(std::size_t* first, std::size_t* last, index_less order) { std::sort(first, last, order); }

namespace {

template <class T>
void sort_by_index(std::vector<T>& values) {
  std::vector<std::size_t> at(values.size());
  for (std::size_t i = 0; i < at.size(); ++i) at[i] = i;
  sort_indices(at, [&](std::size_t a, std::size_t b) { return values[a] < values[b] || (!(values[b] < values[a]) && a < b); });
  std::vector<T> sorted;
  sorted.reserve(values.size());
  for (std::size_t i : at) sorted.push_back(values[i]);
  values.swap(sorted);
}

}  // namespace

void sort_values(std::vector<double>& values) { sort_by_index(values); }
void sort_values(std::vector<std::uint64_t>& values) { sort_by_index(values); }

}  // namespace ndcg::detail
