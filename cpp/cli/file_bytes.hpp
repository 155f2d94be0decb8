// A whole input file held as one block, for the files a batch run reads
// whole (the qrels): natively a regular file is mapped from the page cache
// (no copy, no fresh memory), else read into a huge-page backed block
// (base/big_memory.hpp), several times cheaper than a std::string that is
// zeroed and then faulted in 4 KB at a time.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ndcg/trec.hpp"

namespace ndcg::cli {

// Frees a block of big_allocate's, or unmaps a mapped file.
struct block_free {
  std::size_t bytes = 0;
  bool mapped = false;
  void operator()(char* p) const noexcept;
};

class file_bytes {
 public:
  file_bytes() = default;
  explicit file_bytes(std::string text) : text_(std::move(text)) {}
  std::string_view view() const { return block_ ? std::string_view(block_.get(), size_) : std::string_view(text_); }
  // Read from a regular file, which can be opened and read again (a pipe cannot).
  bool from_regular_file() const { return block_ != nullptr; }

  // A whole file (`-` = `in`); on failure, nullopt and `problem` says why,
  // in read_file's words.
  static std::optional<file_bytes> read(const std::string& path, std::istream& in, std::string& problem);

 private:
  std::unique_ptr<char, block_free> block_;
  std::size_t size_ = 0;
  std::string text_;  // standard input, or a file that is not a regular one
};

}  // namespace ndcg::cli
