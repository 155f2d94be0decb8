// Reading a whole file into one block (file_bytes.hpp).
#include "file_bytes.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <istream>
#ifndef __EMSCRIPTEN__
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#endif

#include "base/big_memory.hpp"
#include "cli_support.hpp"

namespace ndcg::cli {

#ifndef __EMSCRIPTEN__
namespace {
// A mapped file cut short by another process faults (SIGBUS) where its
// bytes end: the command then says so, naming the file the fault is in,
// and exits as for any bad input.
struct mapped_range {
  const char* begin = nullptr;
  std::size_t size = 0;
  char message[512] = {};
};
mapped_range mapped_ranges[8];  // the files mapped now (a command maps its judgments)
const char unnamed_cut_short[] = "ndcg: an input file was cut short while it was read\n";

void on_cut_short(int, siginfo_t* info, void*) {
  const char* at = static_cast<const char*>(info->si_addr);
  const char* message = unnamed_cut_short;
  for (const mapped_range& r : mapped_ranges)
    if (r.begin != nullptr && at >= r.begin && at - r.begin < static_cast<std::ptrdiff_t>(r.size)) message = r.message;
  const auto written = write(STDERR_FILENO, message, std::strlen(message));
  static_cast<void>(written);
  _exit(2);
}

// Names the file for a fault in its bytes, until it is unmapped.
void say_if_cut_short(const std::string& path, const char* begin, std::size_t size) {
  for (mapped_range& r : mapped_ranges)
    if (r.begin == nullptr) {
      r.size = size;
      std::snprintf(r.message, sizeof r.message, "ndcg: %s: the file was cut short while it was read\n", path.c_str());
      r.begin = begin;
      break;
    }
  struct sigaction action {};
  action.sa_sigaction = on_cut_short;
  action.sa_flags = SA_SIGINFO;
  sigaction(SIGBUS, &action, nullptr);
}

// Unmaps a file mapped_file mapped; its name is forgotten.
void unmap(char* p, std::size_t size) {
  for (mapped_range& r : mapped_ranges)
    if (r.begin == p) r.begin = nullptr;
  munmap(p, size);
}

// A regular file's bytes mapped from the page cache, read-only: no copy
// and no fresh memory for the kernel to clear (on a virtual machine a
// fresh huge page can cost more than copying its 2 MB). Null where
// mapping fails: the caller reads it then.
char* mapped_file(const std::string& path, std::size_t size) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  void* p = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);  // the mapping keeps the file
  if (p == MAP_FAILED) return nullptr;
  madvise(p, size, MADV_WILLNEED);
  say_if_cut_short(path, static_cast<const char*>(p), size);
  return static_cast<char*>(p);
}

}  // namespace
#endif

void block_free::operator()(char* p) const noexcept {
#ifndef __EMSCRIPTEN__
  if (mapped) return unmap(p, bytes);
#endif
  detail::big_free(p, bytes);
}

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
  if (char* mapped = mapped_file(path, size)) {
    out.block_ = std::unique_ptr<char, block_free>(mapped, block_free{size, true});
    out.size_ = size;
    return out;
  }
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
