// Fuzzes gzip unpacking (inputs.hpp): any bytes after the magic bytes give
// text of at most the limit or a clear error, never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "ndcg/inputs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string bytes = "\x1f\x8b";
  bytes.append(reinterpret_cast<const char*>(data), size);
  for (std::size_t limit : {std::size_t(1) << 20, std::size_t(3000)}) {
    auto r = ndcg::gunzip(bytes, limit, "run");
    if (!r) {
      fuzz::require(r.err().source == "run", "an error names its input");
      continue;
    }
    fuzz::require(r->size() <= limit, "no more than the limit is unpacked");
  }
  return 0;
}
