// The one hash table of the hot paths (reading runs and qrels, evaluating
// a query): flat open addressing over 32-bit handles that the caller
// resolves to its own keys, so a table holds no strings and allocates only
// when it doubles. Internal, not API.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string_view>
#include <vector>

namespace ndcg::detail {

// Combines two hashes, for keys of two parts.
inline std::size_t mix(std::size_t a, std::size_t b) {
  std::uint64_t x = static_cast<std::uint64_t>(a) ^ (static_cast<std::uint64_t>(b) * 0x9E3779B97F4A7C15ull);
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 32;
  return static_cast<std::size_t>(x);
}

// Ids are short (docids of 5 to 30 bytes): eight bytes at a time, each
// word multiplied in, then mixed. Cheaper than std::hash on such keys, and
// the tables only need the low 32 bits spread well. Not for hostile keys'
// worst cases beyond what linear probing over 2x slots absorbs.
inline std::size_t hash_of(std::string_view s) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ s.size();
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
  }
  std::uint64_t tail = 0;
#ifdef __EMSCRIPTEN__  // the shorter code: the modules' size
  if (i < s.size()) std::memcpy(&tail, s.data() + i, s.size() - i);
#else
  // The last 1 to 7 bytes by fixed-size loads that cover them all (a copy
  // of a variable length was a call, and its partial store stalled the load).
  const std::size_t rest = s.size() - i;
  const auto* p = reinterpret_cast<const unsigned char*>(s.data() + i);
  if (rest >= 4) {
    std::uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + rest - 4, 4);
    tail = static_cast<std::uint64_t>(a) << 32 | b;
  } else if (rest > 0) {
    tail = static_cast<std::uint64_t>(p[0]) << 16 | static_cast<std::uint64_t>(p[rest >> 1]) << 8 | p[rest - 1];
  }
#endif
  // The tail's high half goes in with h: where size_t has 32 bits (the wasm), a cast alone would
  // drop the tail's bytes 4 to 7, and ids differing only there would share a hash.
  return mix(static_cast<std::size_t>(h ^ (tail >> 29)), static_cast<std::size_t>(tail));
}

// Equal ids, compared here rather than by a call to memcmp, which costs
// more than the few bytes of a typical id; asked once per run line, so
// natively always inlined (the run's reader had grown past where the
// compiler inlines it by itself).
#if defined(__GNUC__) && !defined(__EMSCRIPTEN__)
[[gnu::always_inline]]
#endif
inline bool same_id(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  const std::size_t n = a.size();
  const char* x = a.data();
  const char* y = b.data();
  const auto same = [&](std::size_t at, auto word) {
    decltype(word) u, v;
    std::memcpy(&u, x + at, sizeof u);
    std::memcpy(&v, y + at, sizeof v);
    return u == v;
  };
#ifndef __EMSCRIPTEN__
  // The last bytes by fixed-size loads that overlap the words before (a
  // byte loop's length was a branch mispredicted at every other id).
  if (n < 8) {
    if (n >= 4) return int{same(0, std::uint32_t())} & int{same(n - 4, std::uint32_t())};  // & of bits: no branch
    return n == 0 || ((x[0] == y[0]) & (x[n >> 1] == y[n >> 1]) & (x[n - 1] == y[n - 1]));
  }
  for (std::size_t i = 0; i + 8 < n; i += 8)
    if (!same(i, std::uint64_t())) return false;
  return same(n - 8, std::uint64_t());
#else  // the shorter code: the modules' size
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8)
    if (!same(i, std::uint64_t())) return false;
  for (; i < n; ++i)
    if (x[i] != y[i]) return false;
  return true;
#endif
}

class handle_table {
 public:
  static constexpr std::uint32_t none = 0xFFFFFFFFu;

  // Empties the table and makes room for `expected` handles, reusing the
  // memory it has: the cost is proportional to `expected`, not to the
  // largest size the table ever had.
  void reset(std::size_t expected) {
    std::size_t size = 16;
    while (size < 2 * expected) size <<= 1;
    if (slots_.size() < size) slots_.resize(size);
    std::memset(static_cast<void*>(slots_.data()), 0, size * sizeof(slot));  // empty slots are zeros
    mask_ = size - 1;
    count_ = 0;
  }

  // Returns the stored handle that `same` says equals the new one; else
  // stores `handle` and returns none.
  template <class Same>
  std::uint32_t insert(std::size_t hash, std::uint32_t handle, Same same) {
    if ((count_ + 1) * 2 > capacity()) grow();
    const auto h = static_cast<std::uint32_t>(hash);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      slot& s = slots_[i];
      if (s.empty()) {
        s = slot{h, ~handle};
        ++count_;
        return none;
      }
      if (s.hash == h && same(s.handle())) return s.handle();
    }
  }

  // The stored handle that `same` accepts, or none.
  template <class Same>
  std::uint32_t find(std::size_t hash, Same same) const {
    if (count_ == 0) return none;
    const auto h = static_cast<std::uint32_t>(hash);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const slot& s = slots_[i];
      if (s.empty()) return none;
      if (s.hash == h && same(s.handle())) return s.handle();
    }
  }

 private:
  // The handle kept inverted, so that an empty slot (handle none) is all
  // zeros and reset() clears the table as a memset, not slot by slot.
  struct slot {
    std::uint32_t hash = 0;
    std::uint32_t inverted = 0;
    bool empty() const { return inverted == 0; }
    std::uint32_t handle() const { return ~inverted; }
  };

  std::size_t capacity() const { return slots_.empty() ? 0 : mask_ + 1; }

  void grow() {
    const std::vector<slot> old(slots_.begin(), slots_.begin() + static_cast<std::ptrdiff_t>(capacity()));
    reset(old.empty() ? 0 : old.size());  // twice the handles it held fit in twice the slots
    for (const slot& s : old) {
      if (s.empty()) continue;
      std::size_t i = s.hash & mask_;
      while (!slots_[i].empty()) i = (i + 1) & mask_;
      slots_[i] = s;
      ++count_;
    }
  }

  std::vector<slot> slots_;
  std::size_t mask_ = 0;
  std::size_t count_ = 0;
};

// The index of `key` in `list` (items with an `id`) as a handle_table over
// those indexes finds it; handle_table::none when absent. `ids` must hold
// the indexes of `list` inserted so far.
template <class List>
std::uint32_t index_of(const handle_table& ids, const List& list, std::string_view key) {
  return ids.find(hash_of(key), [&](std::uint32_t i) { return list[i].id == key; });
}

// Puts index `next` for `key` unless `list` already has an item with that
// id: then returns that item's index (the first one), else none.
template <class List>
std::uint32_t add_index(handle_table& ids, const List& list, std::string_view key, std::size_t next) {
  return ids.insert(hash_of(key), static_cast<std::uint32_t>(next), [&](std::uint32_t i) { return list[i].id == key; });
}

// A count per distinct text; the texts are kept as views and must outlive
// it (the subtopics alpha-nDCG has seen so far).
class text_counts {
 public:
  int count(std::string_view key) const {
    const std::uint32_t h = table_.find(hash_of(key), [&](std::uint32_t i) { return keys_[i] == key; });
    return h == handle_table::none ? 0 : counts_[h];
  }
  void add(std::string_view key) {
    const auto next = static_cast<std::uint32_t>(keys_.size());
    const std::uint32_t h = table_.insert(hash_of(key), next, [&](std::uint32_t i) { return keys_[i] == key; });
    if (h != handle_table::none) {
      ++counts_[h];
      return;
    }
    keys_.push_back(key);
    counts_.push_back(1);
  }

 private:
  handle_table table_;
  std::vector<std::string_view> keys_;
  std::vector<int> counts_;
};

}  // namespace ndcg::detail
