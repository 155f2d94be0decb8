// big_allocate: huge-page advice on Linux, and blocks kept for reuse;
// plain operator new elsewhere.
#include "base/big_memory.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <mutex>
#include <utility>
#include <vector>
#define NDCG_HUGE_PAGES 1
#endif

namespace ndcg::detail {

#ifdef NDCG_HUGE_PAGES
namespace {
std::size_t rounded(std::size_t bytes) { return (bytes + big_block - 1) / big_block * big_block; }

void* fresh_block(std::size_t size) {
  void* p = ::operator new(size, std::align_val_t{big_block});
  advise_huge(p, size);
  return p;
}

void give_back(void* p) { ::operator delete(p, std::align_val_t{big_block}); }

// Big blocks freed, kept for the next allocation one of them fits: a batch
// evaluated again in the same process (a DataFrame, a Dask worker's next
// partition) or a later array of the same one. Fresh memory costs a fault
// and the kernel's clearing per page, a fifth of a large DataFrame's
// evaluation on a virtual machine. A block is given back once `misses_kept`
// allocations have found no kept block to fit them while it waited: an
// evaluation asks for its sizes in an order of its own (two threads'
// arrays interleaved), so the blocks its later arrays will want must
// outlast the misses of its first ones, and blocks of a workload that has
// changed go after a few.
class kept_blocks {
 public:
  kept_blocks() : most_(most_kept()) {  // freeing then never allocates
    kept_.reserve(most_blocks);
    lent_.reserve(most_blocks);
  }
  // Held across fork(), so that a child forked while another thread holds
  // it (Python's multiprocessing forks) starts with it free.
  void lock() { m_.lock(); }
  void unlock() { m_.unlock(); }
  void* allocate(std::size_t size) {
    std::lock_guard<std::mutex> lock(m_);
    // The smallest that fits, and not much larger: a large block lent for a
    // small array would be missed by the next large one.
    auto best = kept_.end();
    for (auto it = kept_.begin(); it != kept_.end(); ++it)
      if (it->size >= size && it->size <= size + size / 4 && (best == kept_.end() || it->size < best->size))
        best = it;
    if (best == kept_.end()) {
      age_kept();
      return fresh_block(size);
    }
    void* const p = best->p;
    const std::size_t kept_size = best->size;
    if (kept_size != size) lent_.emplace_back(p, kept_size);  // first: if it throws, nothing has changed
    kept_.erase(best);
    total_ -= kept_size;
#if NDCG_CHECKED_BUILD
    std::memset(p, reused_fill, kept_size);  // what a fresh block is not: zeros read unwritten show up as wrong values
#endif
    return p;
  }
  void free(void* p, std::size_t size) {
    std::lock_guard<std::mutex> lock(m_);
    const auto lent = std::find_if(lent_.begin(), lent_.end(), [&](const auto& b) { return b.first == p; });
    if (lent != lent_.end()) size = lent->second, lent_.erase(lent);
    if (total_ + size > most_ || kept_.size() == most_blocks) return give_back(p);
    kept_.push_back(kept{p, size, 0});
    total_ += size;
  }
  std::size_t total() {
    std::lock_guard<std::mutex> lock(m_);
    return total_;
  }

 private:
  // Bytes kept at most: 768 MB, or an eighth of the machine's memory when less.
  static std::size_t most_kept() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    const std::size_t eighth = pages > 0 && page > 0 ? static_cast<std::size_t>(pages) / 8 * static_cast<std::size_t>(page) : 0;
    return std::min(std::size_t(768) << 20, eighth);
  }
  // A miss more for every kept block: the `misses_kept`th gives it back.
  void age_kept() {
    auto it = kept_.begin();
    for (kept& k : kept_) {
      if (++k.misses >= misses_kept) give_back(k.p), total_ -= k.size;
      else *it++ = k;
    }
    kept_.erase(it, kept_.end());
  }
  static constexpr std::size_t most_blocks = 64;
  struct kept {
    void* p;
    std::size_t size;
    unsigned misses;  // allocations that fit no kept block since it came back
  };
  const std::size_t most_;
  std::mutex m_;
  std::vector<kept> kept_;  // free
  std::vector<std::pair<void*, std::size_t>> lent_;  // in use, larger than asked
  std::size_t total_ = 0;
};

// Never destroyed: a vector freed during exit still finds it.
kept_blocks& blocks() {
  static kept_blocks* const b = [] {
    auto* made = new kept_blocks;
    pthread_atfork([] { blocks().lock(); }, [] { blocks().unlock(); }, [] { blocks().unlock(); });
    return made;
  }();
  return *b;
}
}  // namespace

// Aligned to and rounded up to 2 MB, so that every page of the block can
// be a huge one; the advice is only advice (the kernel may decline).
void* big_allocate(std::size_t bytes) {
  if (bytes < big_block) return ::operator new(bytes);
  return blocks().allocate(rounded(bytes));
}

void big_free(void* p, std::size_t bytes) noexcept {
  if (bytes < big_block) ::operator delete(p);
  else blocks().free(p, rounded(bytes));
}

std::size_t big_kept_bytes() { return blocks().total(); }
void advise_huge(const void* p, std::size_t bytes) noexcept {
  const auto start = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t first = (start + big_block - 1) / big_block * big_block, end = (start + bytes) / big_block * big_block;
  if (p != nullptr && end > first) madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE);
}
#else
void advise_huge(const void*, std::size_t) noexcept {}
void* big_allocate(std::size_t bytes) { return ::operator new(bytes); }
void big_free(void* p, std::size_t) noexcept { ::operator delete(p); }
std::size_t big_kept_bytes() { return 0; }
#endif

}  // namespace ndcg::detail
