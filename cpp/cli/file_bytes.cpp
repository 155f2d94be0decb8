// Reading a whole file into one block (file_bytes.hpp).
#include "file_bytes.hpp"

#include <sys/stat.h>

#include <istream>

#include "base/big_memory.hpp"
#include "cli_support.hpp"

namespace ndcg::cli {

void block_free::operator()(char* p) const noexcept { detail::big_free(p, bytes); }

std::optional<file_bytes> file_bytes::read(const std::string& path, std::istream& in, std::string& problem) {
#ifdef __EMSCRIPTEN__
  // The command on Node: no huge pages to gain, and its size budget.
  auto text = read_file(path, in, problem);
  if (!text) return std::nullopt;
  return file_bytes(std::move(*text));
#else
  struct stat info {};
  const bool regular = path != "-" && stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0;
  if (!regular) {  // standard input, a pipe, an empty or a missing file: as read_file reads them
    auto text = read_file(path, in, problem);
    if (!text) return std::nullopt;
    return file_bytes(std::move(*text));
  }
  std::unique_ptr<std::istream> file = open_file(path, problem);
  if (!file) return std::nullopt;
  const auto size = static_cast<std::size_t>(info.st_size);
  file_bytes out;
  out.block_ = std::unique_ptr<char, block_free>(static_cast<char*>(detail::big_allocate(size)), block_free{size});
  file->read(out.block_.get(), static_cast<std::streamsize>(size));
  out.size_ = static_cast<std::size_t>(file->gcount());
  if (out.size_ < size || file->peek() == std::char_traits<char>::eof()) return out;
  // The file grew while it was read: the rest as read_file reads it.
  out.text_.assign(out.block_.get(), out.size_);
  out.block_.reset();
  char chunk[1 << 16];
  while (file->read(chunk, sizeof chunk) || file->gcount() > 0) out.text_.append(chunk, static_cast<std::size_t>(file->gcount()));
  return out;
#endif
}

}  // namespace ndcg::cli
