// big_allocate: huge-page advice on Linux, plain operator new elsewhere.
#include "base/big_memory.hpp"

#include <new>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#define NDCG_HUGE_PAGES 1
#endif

namespace ndcg::detail {

#ifdef NDCG_HUGE_PAGES
namespace {
std::size_t rounded(std::size_t bytes) { return (bytes + big_block - 1) / big_block * big_block; }
}  // namespace

// Aligned to and rounded up to 2 MB, so that every page of the block can
// be a huge one; the advice is only advice (the kernel may decline).
void* big_allocate(std::size_t bytes) {
  if (bytes < big_block) return ::operator new(bytes);
  void* p = ::operator new(rounded(bytes), std::align_val_t{big_block});
  madvise(p, rounded(bytes), MADV_HUGEPAGE);
  return p;
}

void big_free(void* p, std::size_t bytes) noexcept {
  if (bytes < big_block) ::operator delete(p);
  else ::operator delete(p, std::align_val_t{big_block});
}
#else
void* big_allocate(std::size_t bytes) { return ::operator new(bytes); }
void big_free(void* p, std::size_t) noexcept { ::operator delete(p); }
#endif

}  // namespace ndcg::detail
