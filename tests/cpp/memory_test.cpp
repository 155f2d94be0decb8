// Big blocks freed are kept and handed out again (base/big_memory.cpp):
// the same block for the same size, a slightly larger one for a smaller
// size (its whole size kept when it comes back).
#include <doctest/doctest.h>

#include <cstddef>
#include <cstring>

#include "base/big_memory.hpp"

using ndcg::detail::big_allocate;
using ndcg::detail::big_block;
using ndcg::detail::big_free;
using ndcg::detail::big_raw_vector;

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
// Sizes no other test asks for (pages are not touched unless written).
constexpr std::size_t unusual = 101 * big_block;

TEST_CASE("a big block freed is handed out again for the same size") {
  void* a = big_allocate(unusual - 100);  // rounded up to the same 2 MB multiple
  std::memset(a, 7, 4096);
  big_free(a, unusual - 100);
  void* b = big_allocate(unusual);
  CHECK(b == a);
  CHECK(static_cast<unsigned char*>(b)[4095] == 7);  // kept as it was: not cleared again
  big_free(b, unusual);
}

TEST_CASE("a kept block serves a somewhat smaller size, and comes back whole") {
  void* a = big_allocate(unusual);
  big_free(a, unusual);
  void* smaller = big_allocate(unusual - 10 * big_block);  // within a quarter: lent
  CHECK(smaller == a);
  big_free(smaller, unusual - 10 * big_block);  // kept at its whole size
  void* again = big_allocate(unusual);
  CHECK(again == a);
  big_free(again, unusual);
}

TEST_CASE("a big vector's storage comes back to the next vector of its size") {
  const void* first = nullptr;
  {
    big_raw_vector<double> v(unusual / sizeof(double));
    first = v.data();
  }
  big_raw_vector<double> w(unusual / sizeof(double));
  CHECK(static_cast<const void*>(w.data()) == first);
}
#endif

TEST_CASE("small blocks are ordinary memory") {
  void* p = big_allocate(100);
  std::memset(p, 1, 100);
  big_free(p, 100);
  CHECK(big_block == std::size_t(1) << 21);
}
