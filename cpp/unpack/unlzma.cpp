// The decoder of the .lzma format (the "LZMA alone" container that
// `xz --format=lzma` writes), built alone (with unsplit.cpp) into a wasm of just under 4 KB that the
// one-file builds carry as it is: with it they carry their wasm and scripts
// packed by LZMA, about 13% smaller than the best deflate, which no platform
// decoder reads. The build writes the true size into the header, so decoding
// stops there. No library: it runs before anything else is loaded.
#include <cstddef>
#include <cstdint>

namespace {

constexpr int states = 12;
constexpr int pos_states_max = 16;
constexpr std::uint16_t prob_init = 1024;
constexpr int literal_coders_max = 1 << 4;  // 2^(lc + lp), lc + lp ≤ 4

using prob = std::uint16_t;

struct range_decoder {
  const std::uint8_t* at;
  const std::uint8_t* end;
  std::uint32_t range = 0xffffffff;
  std::uint32_t code = 0;

  std::uint8_t next() { return at < end ? *at++ : (at++, 0); }
  void shift() {
    if (range < (1u << 24)) {
      range <<= 8;
      code = (code << 8) | next();
    }
  }
  unsigned bit(prob& p) {
    const std::uint32_t bound = (range >> 11) * p;
    if (code < bound) {
      range = bound;
      p = static_cast<prob>(p + ((2048 - p) >> 5));
      shift();
      return 0;
    }
    range -= bound;
    code -= bound;
    p = static_cast<prob>(p - (p >> 5));
    shift();
    return 1;
  }
  std::uint32_t direct(int count) {
    std::uint32_t value = 0;
    for (int i = 0; i < count; ++i) {
      range >>= 1;
      const std::uint32_t b = code >= range ? 1 : 0;
      code -= range & (0u - b);
      value = (value << 1) | b;
      shift();
    }
    return value;
  }
  // A tree of `bits` levels at probs[1 …], most significant bit first.
  unsigned tree(prob* probs, int bits) {
    unsigned m = 1;
    for (int i = 0; i < bits; ++i) m = (m << 1) | bit(probs[m]);
    return m - (1u << bits);
  }
  // The same, least significant bit first.
  unsigned reverse_tree(prob* probs, int bits) {
    unsigned m = 1, value = 0;
    for (int i = 0; i < bits; ++i) {
      const unsigned b = bit(probs[m]);
      m = (m << 1) | b;
      value |= b << i;
    }
    return value;
  }
};

struct length_model {
  prob choice[2];
  prob low[pos_states_max][8];
  prob mid[pos_states_max][8];
  prob high[256];

  // 2–9, 10–17 or 18–273.
  unsigned decode(range_decoder& rc, unsigned pos_state) {
    if (rc.bit(choice[0]) == 0) return 2 + rc.tree(low[pos_state], 3);
    if (rc.bit(choice[1]) == 0) return 10 + rc.tree(mid[pos_state], 3);
    return 18 + rc.tree(high, 8);
  }
};

struct model {
  prob literal[literal_coders_max][0x300];
  prob is_match[states][pos_states_max];
  prob is_rep0_long[states][pos_states_max];
  prob is_rep[states], is_rep_g0[states], is_rep_g1[states], is_rep_g2[states];
  prob slots[4][64];
  prob special[115];
  prob align[16];
  length_model match_length, rep_length;
};

model the_model;

// The distance minus one of a match of `length`.
std::uint32_t decode_distance(range_decoder& rc, model& m, unsigned length) {
  const unsigned slot = rc.tree(m.slots[length - 2 < 3 ? length - 2 : 3], 6);
  if (slot < 4) return slot;
  const int bits = static_cast<int>(slot >> 1) - 1;
  const std::uint32_t base = (2u | (slot & 1)) << bits;
  if (slot < 14) return base + rc.reverse_tree(m.special + base - slot - 1, bits);
  return base + (rc.direct(bits - 4) << 4) + rc.reverse_tree(m.align - 1, 4);
}

// One byte after `prev`; after a match, guided bit by bit by `match_byte`.
std::uint8_t decode_literal(range_decoder& rc, prob* probs, bool after_match, unsigned match_byte) {
  unsigned symbol = 1;
  while (after_match && symbol < 0x100) {
    const unsigned match_bit = (match_byte >> 7) & 1;
    match_byte <<= 1;
    const unsigned b = rc.bit(probs[((1 + match_bit) << 8) + symbol]);
    symbol = (symbol << 1) | b;
    if (match_bit != b) break;
  }
  while (symbol < 0x100) symbol = (symbol << 1) | rc.bit(probs[symbol]);
  return static_cast<std::uint8_t>(symbol);
}

// After a repeat bit of 1: moves the distance used to the front of `reps`,
// or returns true for a one-byte repeat of rep0.
bool decode_repeat(range_decoder& rc, model& m, std::uint32_t* reps, unsigned state, unsigned pos_state) {
  if (rc.bit(m.is_rep_g0[state]) == 0) return rc.bit(m.is_rep0_long[state][pos_state]) == 0;
  int index = 1;
  if (rc.bit(m.is_rep_g1[state]) == 1) index = rc.bit(m.is_rep_g2[state]) == 0 ? 2 : 3;
  const std::uint32_t used = reps[index];
  for (int i = index; i > 0; --i) reps[i] = reps[i - 1];
  reps[0] = used;
  return false;
}

void reset(model& m) {
  prob* p = reinterpret_cast<prob*>(&m);
  for (std::size_t i = 0; i < sizeof(model) / sizeof(prob); ++i) p[i] = prob_init;
}

struct output {
  std::uint8_t* data;
  std::uint32_t size;
  std::uint32_t pos = 0;

  // Copies `length` bytes from `distance + 1` back; false before the start.
  bool copy(std::uint32_t distance, unsigned length) {
    if (distance >= pos) return false;
    for (; length > 0 && pos < size; --length, ++pos) data[pos] = data[pos - distance - 1];
    return true;
  }
};

// The decoding loop over a stream whose header was read.
int decode(range_decoder& rc, model& m, output& out, unsigned lc, unsigned lp, unsigned pb) {
  std::uint32_t reps[4] = {0, 0, 0, 0};
  unsigned state = 0;
  while (out.pos < out.size) {
    const unsigned pos_state = out.pos & ((1u << pb) - 1);
    if (rc.bit(m.is_match[state][pos_state]) == 0) {
      const unsigned prev = out.pos > 0 ? out.data[out.pos - 1] : 0;
      prob* probs = m.literal[((out.pos & ((1u << lp) - 1)) << lc) + (prev >> (8 - lc))];
      const bool after_match = state >= 7 && reps[0] < out.pos;
      out.data[out.pos] = decode_literal(rc, probs, after_match, after_match ? out.data[out.pos - reps[0] - 1] : 0);
      ++out.pos;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    unsigned length = 1;
    if (rc.bit(m.is_rep[state]) == 0) {
      length = m.match_length.decode(rc, pos_state);
      reps[3] = reps[2], reps[2] = reps[1], reps[1] = reps[0];
      reps[0] = decode_distance(rc, m, length);
      if (reps[0] == 0xffffffff) break;  // the end marker
      state = state < 7 ? 7 : 10;
    } else if (decode_repeat(rc, m, reps, state, pos_state)) {
      state = state < 7 ? 9 : 11;
    } else {
      length = m.rep_length.decode(rc, pos_state);
      state = state < 7 ? 8 : 11;
    }
    if (!out.copy(reps[0], length)) return 3;
  }
  if (out.pos != out.size) return 4;
  return rc.at > rc.end ? 5 : 0;
}

}  // namespace

extern "C" {

extern unsigned char __heap_base;

/** Where the caller may put the input and the output (the memory grows from there). */
unsigned char* unlzma_heap() { return &__heap_base; }

/**
 * Decodes `in` (`in_size` bytes, header included) into `out`, which has room
 * for the size in the header. 0 on success; 1 bad header, 2 wrong size,
 * 3 a match before the start, 4 the end marker early, 5 the data ends early.
 */
int unlzma(const unsigned char* in, std::uint32_t in_size, unsigned char* out, std::uint32_t out_size) {
  if (in_size < 13 || in[0] >= 9 * 5 * 5) return 1;
  const unsigned lc = in[0] % 9, lp = in[0] / 9 % 5, pb = in[0] / 45;
  if (lc + lp > 4) return 1;
  std::uint64_t size = 0;
  for (int i = 12; i >= 5; --i) size = (size << 8) | in[i];
  if (size != out_size) return 2;
  range_decoder rc{in + 13, in + in_size};
  rc.next();  // always 0
  for (int i = 0; i < 4; ++i) rc.code = (rc.code << 8) | rc.next();
  reset(the_model);
  output result{out, out_size};
  return decode(rc, the_model, result, lc, lp, pb);
}

}  // extern "C"
