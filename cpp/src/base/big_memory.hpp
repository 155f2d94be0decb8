// Memory for the large arrays of a batch run (the qrels' bytes, their
// documents, a run's buffer): natively, blocks of a few megabytes are
// asked to be backed by huge pages. Each first touch of an ordinary 4 KB
// page is a fault that costs microseconds (more in a virtual machine), and
// a 1M-line run's qrels touch some ten thousand of them: that was most of
// the time spent reading them. Blocks freed are kept (up to 768 MB, or an
// eighth of the machine's memory) for the next big allocation that fits
// one, until `misses_kept` allocations have fitted none while it waited.
// Elsewhere (wasm) it is plain new/delete.
// Internal, not API.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace ndcg::detail {

// Sanitizer builds (the suite that runs the doctests and fuzz targets so)
// fill a reused block with `reused_fill`: code that reads an element it
// never wrote, and took a fresh page's zero, then reads something else.
#if defined(__SANITIZE_ADDRESS__)
#define NDCG_CHECKED_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NDCG_CHECKED_BUILD 1
#endif
#endif
#ifndef NDCG_CHECKED_BUILD
#define NDCG_CHECKED_BUILD 0
#endif
inline constexpr unsigned char reused_fill = 0xA5;

// Blocks at least this large go to big_allocate (a huge page is 2 MB).
inline constexpr std::size_t big_block = std::size_t(1) << 21;

// `bytes` of memory, huge-page advised when big; fails as operator new
// does. Freed by big_free with the same size.
void* big_allocate(std::size_t bytes);
void big_free(void* p, std::size_t bytes) noexcept;
// Bytes of freed blocks kept for reuse now.
std::size_t big_kept_bytes();
// Allocations that fit no kept block a kept block waits through before it
// goes back.
inline constexpr unsigned misses_kept = 8;

// Asks for huge pages under a large buffer held elsewhere (a std::vector
// reserved and about to be written: an explanation of millions of items),
// natively on Linux; nothing elsewhere. Only the whole 2 MB pages inside
// it are advised.
void advise_huge(const void* p, std::size_t bytes) noexcept;
// v.reserve(n), the new storage advised as above.
template <class T, class A>
void reserve_huge(std::vector<T, A>& v, std::size_t n) {
  v.reserve(n);
  advise_huge(v.data(), v.capacity() * sizeof(T));
}

template <class T>
struct big_allocator {
  using value_type = T;
  big_allocator() = default;
  template <class U>
  big_allocator(const big_allocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(big_allocate(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { big_free(p, n * sizeof(T)); }
  template <class U>
  bool operator==(const big_allocator<U>&) const noexcept { return true; }
  template <class U>
  bool operator!=(const big_allocator<U>&) const noexcept { return false; }
};

// The same, but resize() leaves the new elements of a trivial type
// unwritten: for arrays filled in parts on two threads, whose pages are
// then first touched (and cleared by the kernel) by those threads, not by
// one thread writing zeros beforehand.
template <class T>
struct big_raw_allocator : big_allocator<T> {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = big_raw_allocator<U>;
  };
  big_raw_allocator() = default;
  template <class U>
  big_raw_allocator(const big_raw_allocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;  // default-initialised: trivial types stay unwritten
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(static_cast<Args&&>(args)...);
  }
};

// A vector whose storage is big_allocate's; in wasm a plain vector, so
// the modules carry one copy of each vector's code (their size budgets).
#ifdef __EMSCRIPTEN__
template <class T>
using big_vector = std::vector<T>;
template <class T>
using big_raw_vector = std::vector<T>;
#else
template <class T>
using big_vector = std::vector<T, big_allocator<T>>;
template <class T>
using big_raw_vector = std::vector<T, big_raw_allocator<T>>;
#endif

}  // namespace ndcg::detail
