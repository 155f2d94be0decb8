// Sorting positions by a caller's order through one instantiation of
// std::sort (index_sort.cpp) instead of one per lambda: each std::sort
// instantiation costs about 1.6 KB of wasm. The comparisons and moves are
// those std::sort makes with the lambda itself, so the order that comes out,
// ties included, is the same.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ndcg::detail {

struct index_less {
  const void* context;
  bool (*less)(const void* context, std::size_t a, std::size_t b);
  bool operator()(std::size_t a, std::size_t b) const { return less(context, a, b); }
};

void sort_indices(std::size_t* first, std::size_t* last, index_less order);

// `less(a, b)`: whether position a goes before position b.
template <class Less>
void sort_indices(std::vector<std::size_t>& positions, const Less& less) {
  const auto call = [](const void* context, std::size_t a, std::size_t b) {
    return (*static_cast<const Less*>(context))(a, b);
  };
  sort_indices(positions.data(), positions.data() + positions.size(), index_less{&less, call});
}

// Numbers ascending, equal ones in their input order, through the same
// instantiation (no std::sort per number type in the module). For short
// lists and lists sorted once: cutoffs, recall levels, tied gains,
// bootstrap means.
void sort_values(std::vector<double>& values);
void sort_values(std::vector<std::uint64_t>& values);

}  // namespace ndcg::detail
