// A module's code section put back together from the eleven streams that
// scripts/web/wasm-streams.mjs split it into for packing (it says why): each
// function's locals (head), the opcodes with the immediates not named below
// (ops), the local indices of local.get/set/tee (locals, or bases before a
// load or store), the alignments of loads and stores (each told apart from
// the opcode's natural one) and their offsets, the values of i32.const
// (sums before i32.add or i32.sub, bits before a bit operation or shift,
// else consts), the block types, and the branches' depths. A function's size
// is not sent: it ends at its outermost `end`, and its size is then written
// before it.
// In the decoder's wasm beside unlzma: in JS the join took 50 ms before the
// engine compiled it, here a few. No library, as unlzma.cpp.
#include <cstddef>
#include <cstdint>

namespace {

using byte = std::uint8_t;

struct reader {
  const byte* at;
  const byte* end;
  bool ok = true;
  [[gnu::noinline]] byte next() {
    if (at < end) return *at++;
    ok = false;
    return 0;
  }
};

struct writer {
  byte* at;
  byte* end;
  bool ok = true;
  [[gnu::noinline]] void put(byte x) {
    if (at < end) *at++ = x;
    else ok = false;
  }
};

[[gnu::noinline]] std::uint32_t read_leb(reader& r) {
  std::uint32_t value = 0;
  for (unsigned shift = 0;; shift += 7) {
    const byte x = r.next();
    if (shift < 32) value |= static_cast<std::uint32_t>(x & 0x7f) << shift;
    if (!(x & 0x80) || !r.ok) return value;
  }
}

[[gnu::noinline]] void put_leb(writer& w, std::uint32_t v) {
  do {
    w.put(static_cast<byte>((v & 0x7f) | (v >= 0x80 ? 0x80 : 0)));
    v >>= 7;
  } while (v);
}

// Copies one LEB and gives its value (its low 32 bits); `copy` copies n
// bytes. Out of line, as the helpers above: inlined at each use they
// doubled the decoder's size. Their loops touch memory directly, byte
// by byte being the whole cost of the join.
[[gnu::noinline]] std::uint32_t copy_leb(reader& r, writer& w) {
  std::uint32_t value = 0;
  for (unsigned shift = 0; r.at < r.end && w.at < w.end; shift += 7) {
    const byte x = *w.at++ = *r.at++;
    if (shift < 32) value |= static_cast<std::uint32_t>(x & 0x7f) << shift;
    if (!(x & 0x80)) return value;
  }
  r.ok = w.ok = false;
  return 0;
}

[[gnu::noinline]] void copy(reader& r, writer& w, std::uint32_t n) {
  if (n > static_cast<std::uint32_t>(r.end - r.at) || n > static_cast<std::uint32_t>(w.end - w.at)) {
    r.ok = w.ok = false;
    return;
  }
  for (; n > 0; --n) *w.at++ = *r.at++;
}

enum stream : byte { head, ops, locals, aligns, offsets, consts, blocks, branches, sums, bits, bases, streams };

// Each opcode's immediates, as scripts/web/wasm-streams.mjs's GRAMMAR splits
// them, in a byte: the stream of its LEBs (bits 0-2), how many (3-4), and
// how many raw bytes in ops after them (5-7, an index into raw_bytes); or,
// with 7 in bits 5-7, one of the forms below (memarg plus the natural
// alignment, 0 to 3, for a load or store).
enum form : byte { block_type = 0xe0, br_table, select_types, prefixed, local_index, i32_const, memarg, unknown = 0xff };
constexpr byte lebs(stream s, int n) { return static_cast<byte>(n << 3 | s); }
constexpr byte raw(int bytes) { return static_cast<byte>((bytes == 8 ? 4 : bytes == 4 ? 3 : bytes) << 5); }
constexpr std::uint32_t raw_bytes[8] = {0, 1, 2, 4, 8};

struct grammar {
  byte of[256];
};
constexpr grammar make_grammar() {
  grammar g{};
  const auto set = [&g](int from, int to, byte rule) {
    for (int op = from; op <= to; ++op) g.of[op] = rule;
  };
  set(0x00, 0xff, unknown);
  const int plain[] = {0x00, 0x01, 0x05, 0x0b, 0x0f, 0x1a, 0x1b, 0xd1};
  for (int op : plain) set(op, op, 0);
  set(0x45, 0xc4, 0);
  set(0x20, 0x22, local_index);
  constexpr byte natural[] = {2, 3, 2, 3, 0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 2, 3, 2, 3, 0, 1, 0, 1, 2};
  for (int op = 0x28; op <= 0x3e; ++op) set(op, op, static_cast<byte>(memarg + natural[op - 0x28]));
  set(0x41, 0x41, i32_const);
  set(0x0c, 0x0d, lebs(branches, 1));
  const int one_leb[] = {0x10, 0x42, 0xd2};
  for (int op : one_leb) set(op, op, lebs(ops, 1));
  set(0x23, 0x26, lebs(ops, 1));
  set(0x11, 0x11, lebs(ops, 2));
  set(0x02, 0x04, block_type);
  set(0x0e, 0x0e, br_table);
  const int one_byte[] = {0x3f, 0x40, 0xd0};
  for (int op : one_byte) set(op, op, raw(1));
  set(0x43, 0x43, raw(4));
  set(0x44, 0x44, raw(8));
  set(0x1c, 0x1c, select_types);
  set(0xfc, 0xfc, prefixed);
  return g;
}
constexpr grammar rules = make_grammar();
// After 0xfc, 8 to 17 (bulk memory, tables), in the same code; 0 to 7 have none.
constexpr byte prefixed_rules[10] = {lebs(ops, 1) | raw(1), lebs(ops, 1), raw(2),       raw(1),       lebs(ops, 2),
                                     lebs(ops, 1),          lebs(ops, 2), lebs(ops, 1), lebs(ops, 1), lebs(ops, 1)};

void apply(byte rule, reader* s, writer& w) {
  for (int i = rule >> 3 & 3; i > 0; --i) copy_leb(s[rule & 7], w);
  copy(s[ops], w, raw_bytes[rule >> 5]);
}

// The stream of a local index or an i32.const's value, by the opcode after
// it (the next in ops), as the split chose.
stream local_stream(byte next) { return next >= 0x28 && next <= 0x3e ? bases : locals; }
stream const_stream(byte next) { return next == 0x6a || next == 0x6b ? sums : next >= 0x71 && next <= 0x78 ? bits : consts; }

// One instruction: its opcode from ops, its immediates from their streams;
// `depth` counts the blocks open, -1 once the function's own end is read.
// False on an opcode that the split would have refused.
bool instruction(reader* s, writer& w, int& depth) {
  reader& o = s[ops];
  const byte op = o.next();
  w.put(op);
  const byte rule = rules.of[op];
  const byte next = o.at < o.end ? *o.at : 0;
  if (op == 0x0b) --depth;
  if (rule < block_type) {
    apply(rule, s, w);
  } else if (rule == local_index || rule == i32_const) {
    copy_leb(s[rule == local_index ? local_stream(next) : const_stream(next)], w);
  } else if (rule >= memarg && rule < unknown) {
    byte* const align = w.at;
    copy_leb(s[aligns], w);
    if (align < w.at) *align ^= rule - memarg;
    copy_leb(s[offsets], w);
  } else if (rule == block_type) {
    ++depth;
    reader& b = s[blocks];
    const unsigned t = b.at < b.end ? *b.at : 0;
    if (t == 0x40 || (t >= 0x6f && t <= 0x7f)) copy(b, w, 1);
    else copy_leb(b, w);
  } else if (rule == br_table) {
    reader& b = s[branches];
    for (std::uint32_t n = copy_leb(b, w) + 1; n > 0 && b.ok; --n) copy_leb(b, w);
  } else if (rule == select_types) {
    copy(o, w, copy_leb(o, w));
  } else if (rule == prefixed) {
    const std::uint32_t sub = copy_leb(o, w);
    if (sub > 17) return false;
    if (sub >= 8) apply(prefixed_rules[sub - 8], s, w);
  } else {
    return false;
  }
  return true;
}

// One function: its body after room for its size, then the size written
// short and the body moved up to meet it.
bool join_function(reader* s, writer& w) {
  byte* const size_at = w.at;
  if (w.end - w.at < 5) return false;
  const byte* const body = w.at += 5;
  for (std::uint32_t n = copy_leb(s[head], w); n > 0 && s[head].ok; --n) copy_leb(s[head], w), copy(s[head], w, 1);
  for (int depth = 0; depth >= 0;)
    if (!w.ok || !instruction(s, w, depth) || !s[ops].ok) return false;
  writer size{size_at, size_at + 5};
  put_leb(size, static_cast<std::uint32_t>(w.at - body));
  for (const byte* from = body; from < w.at;) *size.at++ = *from++;
  w.at = size.at;
  return true;
}

// The code section's contents from the split ones `r`: false when the
// streams do not make whole functions of the sizes they give.
bool join_code(reader& r, writer& w) {
  const std::uint32_t length = read_leb(r);
  const std::uint32_t count = read_leb(r);
  reader s[streams];
  for (reader& each : s) {
    const std::uint32_t n = read_leb(r);
    if (n > static_cast<std::uint32_t>(r.end - r.at)) return false;
    each = reader{r.at, r.at + n};
    r.at += n;
  }
  put_leb(w, length);
  const byte* start = w.at;
  put_leb(w, count);
  for (std::uint32_t f = 0; f < count && w.ok; ++f)
    if (!join_function(s, w)) return false;
  for (const reader& each : s)
    if (!each.ok || each.at != each.end) return false;
  return w.ok && w.at - start == static_cast<std::ptrdiff_t>(length);
}

}  // namespace

extern "C" {

/**
 * The module split into streams (`in`, `in_size` bytes, starting "\0wsp")
 * joined into `out` (room for `room` bytes: twice the split module's size
 * is always enough, as a function's size takes at most half as many bytes
 * as its body): the module's size, or 0 when `in` is not a whole split module.
 */
std::uint32_t unsplit(const byte* in, std::uint32_t in_size, byte* out, std::uint32_t room) {
  reader r{in, in + in_size};
  writer w{out, out + room};
  if (in_size < 8 || in[0] != 0 || in[1] != 'w' || in[2] != 's' || in[3] != 'p') return 0;
  const byte magic[8] = {0, 'a', 's', 'm', in[4], in[5], in[6], in[7]};
  for (byte x : magic) w.put(x);
  r.at += 8;
  while (r.at < r.end && r.ok && w.ok) {
    const byte id = r.next();
    const std::uint32_t size = read_leb(r);
    if (size > static_cast<std::uint32_t>(r.end - r.at)) return 0;
    reader contents{r.at, r.at + size};
    r.at += size;
    w.put(id);
    if (id != 10) {
      put_leb(w, size);
      copy(contents, w, size);
    } else if (!join_code(contents, w) || contents.at != contents.end) {
      return 0;
    }
  }
  return r.ok && w.ok ? static_cast<std::uint32_t>(w.at - out) : 0;
}

}  // extern "C"
