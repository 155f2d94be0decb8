// gzip, unpacked with zlib where the build has it (natively). The
// WebAssembly module carries no zlib: the JS API unpacks in Node (node:zlib)
// and the page in the browser before the text reaches the core.
#include <algorithm>
#include <string>

#include "ndcg/inputs.hpp"

#ifndef __EMSCRIPTEN__
#include <zlib.h>
#endif

namespace ndcg {

bool is_gzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f && static_cast<unsigned char>(bytes[1]) == 0x8b;
}

#ifdef __EMSCRIPTEN__

expected<std::string> gunzip(std::string_view, std::size_t, std::string_view source) {
  return fail(error_code::binary_input, "expected text, got gzip data: this build reads no gzip (unpack it first: gunzip FILE)")
      .in(source);
}

#else

namespace {

error broken(std::string_view source, const std::string& why) {
  return fail(error_code::binary_input, "expected gzip data, got " + why).in(source);
}

// The unpacked size gzip's trailer gives (of its last member: the whole for
// one): the room taken at once, where doubling copied everything before
// into fresh memory again (a third of `ndcg trec` on a gzipped 1M-line
// run). Only a hint, held to the limit and to what deflate can unpack the
// bytes to (about 1032 times), so a damaged trailer takes little room.
std::size_t claimed_size(std::string_view bytes, std::size_t max_bytes) {
  if (bytes.size() < 18) return 0;  // a header of 10 bytes and a trailer of 8 at least
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + bytes.size() - 4);
  const std::size_t size = p[0] | std::size_t{p[1]} << 8 | std::size_t{p[2]} << 16 | std::size_t{p[3]} << 24;
  return std::min({size, max_bytes, bytes.size() * 1032});
}

}  // namespace

expected<std::string> gunzip(std::string_view bytes, std::size_t max_bytes, std::string_view source) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 16) != Z_OK) return broken(source, "a stream zlib could not start on");
  std::string out;
  out.reserve(claimed_size(bytes, max_bytes));
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());  // inputs are under 4 GiB (limits::max_bytes)
  char buffer[1 << 16];
  int rc = Z_OK;
  for (;;) {
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    rc = inflate(&z, Z_NO_FLUSH);
    const std::size_t got = sizeof buffer - z.avail_out;
    if (out.size() + got > max_bytes) {
      inflateEnd(&z);
      return fail(error_code::too_large,
                  "expected at most " + std::to_string(max_bytes) +
                      " bytes once unpacked, got more (a gzip bomb, or an input too large)")
          .with("limit", std::to_string(max_bytes))
          .in(source);
    }
    out.append(buffer, got);
    if (rc == Z_STREAM_END) {
      // Several members one after another (cat a.gz b.gz) read as one text.
      if (z.avail_in >= 2 && is_gzip(std::string_view(reinterpret_cast<const char*>(z.next_in), z.avail_in))) {
        inflateReset(&z);
        continue;
      }
      break;
    }
    if (rc == Z_OK) continue;
    if (rc == Z_BUF_ERROR && z.avail_in == 0) {
      inflateEnd(&z);
      return broken(source, "data that ends early (a truncated file?)");
    }
    inflateEnd(&z);
    return broken(source, "damaged data (" + std::string(z.msg ? z.msg : "inflate failed") + ")");
  }
  inflateEnd(&z);
  return out;
}

#endif

}  // namespace ndcg
