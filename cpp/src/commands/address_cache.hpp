// The cache that numbers the cells of an object column by their address
// (evaluate_columns.cpp's row reader, id_codes.cpp's numbering): a cell
// seen before is known without reading its text.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "base/big_memory.hpp"
#include "base/hash_table.hpp"
#include "ndcg/commands.hpp"

namespace ndcg::detail {

// A cell's text known by where it is: the same address and size, the same
// text (views into one text, or one object).
struct cell_key {
  const void* at = nullptr;
  std::size_t size = 0;
  std::int64_t code = -2;  // a coded column's code (-1: missing); -2 in any other column
};

// A coded column's object at `row` (commands.hpp: the codes are checked).
inline const void* coded_object(const table_column& c, std::size_t row) {
  const std::int32_t code = c.codes[row];
  return code < 0 ? c.missing : c.objects[code];
}
// A text column's cell (a view or an object) by what tells it from others
// without reading its text: the object, or the view's address and size.
inline cell_key key_of_cell(const table_column& c, std::size_t row) {
  if (c.codes) return cell_key{coded_object(c, row), 0, c.codes[row]};
  if (c.objects) return cell_key{c.objects[row], 0};
  return cell_key{c.texts[row].data(), c.texts[row].size()};
}
// Its text: the view, or the object's.
inline std::string_view text_of_cell(const table_column& c, std::size_t row) {
  if (c.codes) return c.text_of(coded_object(c, row));
  return c.objects ? c.text_of(c.objects[row]) : c.texts[row];
}

// Object columns hold one str per distinct id, so most rows give a text at
// an address seen before: the same id, checked and numbered once, its text
// not read again. Buckets of four 16-byte slots (one 64-byte line), by
// address hash, the newest first: a miss costs one lookup, and 100,000 ids
// rarely crowd a bucket out. The rows come in any order, so a bucket is
// fetched ahead (prefetch) while earlier rows are read. A coded column's
// cells are known by their code instead, in a table of one value a code.
class address_cache {
 public:
  address_cache(std::size_t rows, const table_column* c) {
    if (c && c->codes) {
      by_code_.assign(c->distinct + 1, none);
      return;
    }
    std::size_t size = 256;
    while (size < rows / 2 && size < (std::size_t{1} << 16)) size <<= 1;
    buckets_.resize(size);
  }
  // The value kept for this very cell (same address and size), or nullptr.
  const std::uint32_t* find(cell_key k) const {
    if (!by_code_.empty()) {
      const std::uint32_t& v = by_code_[static_cast<std::size_t>(k.code + 1)];
      return v == none ? nullptr : &v;
    }
    const bucket& b = buckets_[slot(k)];
    for (const entry& e : b.e)
      if (e.at == k.at && e.size == k.size && e.at) return &e.value;
    return nullptr;
  }
  void put(cell_key k, std::uint32_t value) {
    if (!by_code_.empty()) {
      by_code_[static_cast<std::size_t>(k.code + 1)] = value;
      return;
    }
    bucket& b = buckets_[slot(k)];
    if (k.size > 0xFFFFFFFFu) return;
    std::copy_backward(b.e, b.e + 3, b.e + 4);
    b.e[0] = entry{k.at, static_cast<std::uint32_t>(k.size), value};
  }
  void fetch(cell_key k) const {
    if (by_code_.empty()) __builtin_prefetch(&buckets_[slot(k)]);
  }

 private:
  struct entry {
    const void* at = nullptr;
    std::uint32_t size = 0, value = 0;
  };
  struct alignas(64) bucket {
    entry e[4];
  };
  std::size_t slot(cell_key k) const {
    return mix(reinterpret_cast<std::uintptr_t>(k.at), k.size) & (buckets_.size() - 1);
  }
  static constexpr std::uint32_t none = 0xFFFFFFFFu;
  big_vector<bucket> buckets_;
  std::vector<std::uint32_t> by_code_;  // a coded column's: per code + 1, `none` until put
};

}  // namespace ndcg::detail
