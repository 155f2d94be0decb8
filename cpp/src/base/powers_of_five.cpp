// The powers of five fast_float reads, computed as its table was made (see
// powers_of_five.hpp): 5^q for q >= 0, and 2^b / 5^-q for q < 0, each cut to
// its leading 128 bits.
#include "base/powers_of_five.hpp"

#include <array>
#include <cstddef>

namespace fast_float {

std::uint64_t powers_template<void>::power_of_five_128[number_of_entries];

}  // namespace fast_float

namespace ndcg::detail {
namespace {

using five_table = fast_float::powers_template<void>;

// A whole number in 32-bit limbs, least significant first: room for 2^1728,
// from which every reciprocal below is cut.
constexpr std::size_t wide_limbs = 56;
using wide_number = std::array<std::uint32_t, wide_limbs>;
constexpr int reciprocal_bits = 1728;

void times_five(wide_number& x) {
  std::uint64_t carry = 0;
  for (auto& l : x) {
    const std::uint64_t v = std::uint64_t{l} * 5 + carry;
    l = static_cast<std::uint32_t>(v);
    carry = v >> 32;
  }
}

// x / 5, rounded down.
void over_five(wide_number& x) {
  std::uint64_t rest = 0;
  for (std::size_t i = wide_limbs; i-- > 0;) {
    const std::uint64_t v = rest << 32 | x[i];
    x[i] = static_cast<std::uint32_t>(v / 5);
    rest = v % 5;
  }
}

int bit_length(const wide_number& x) {
  for (std::size_t i = wide_limbs; i-- > 0;)
    if (x[i] != 0) return static_cast<int>(32 * i) + 32 - __builtin_clz(x[i]);
  return 0;
}

// The 32 bits of x from bit `from` up; bits outside x read as zeros, so a
// number shorter than 128 bits comes out shifted up.
std::uint32_t bits32(const wide_number& x, int from) {
  const int i = from >= 0 ? from / 32 : -((31 - from) / 32);  // rounded down
  const auto limb = [&](int k) -> std::uint64_t { return k >= 0 && k < static_cast<int>(wide_limbs) ? x[k] : 0; };
  return static_cast<std::uint32_t>((limb(i) | limb(i + 1) << 32) >> (from - 32 * i));
}

std::uint64_t bits64(const wide_number& x, int from) {
  return bits32(x, from) | std::uint64_t{bits32(x, from + 32)} << 32;
}

// x's leading 128 bits (truncated) into the table's entry for 5^q.
void store_power(const wide_number& x, int q) {
  const int top = bit_length(x);
  const int at = 2 * (q - five_table::smallest_power_of_five);
  five_table::power_of_five_128[at] = bits64(x, top - 64);
  five_table::power_of_five_128[at + 1] = bits64(x, top - 128);
}

// floor(x / 2^s) + 1.
wide_number shifted_up_one(const wide_number& x, int s) {
  wide_number y{};
  for (std::size_t i = 0; i < wide_limbs; ++i) y[i] = bits32(x, s + static_cast<int>(32 * i));
  for (auto& l : y)
    if (++l != 0) break;
  return y;
}

void fill_table() {
  wide_number power{1};  // 5^n
  wide_number reciprocal{};  // floor(2^reciprocal_bits / 5^n)
  reciprocal[reciprocal_bits / 32] = std::uint32_t{1} << reciprocal_bits % 32;
  store_power(power, 0);
  for (int n = 1; n <= five_table::largest_power_of_five || n <= -five_table::smallest_power_of_five; ++n) {
    times_five(power);
    over_five(reciprocal);  // floor(floor(a / b) / c) = floor(a / (b c))
    if (n <= five_table::largest_power_of_five) store_power(power, n);
    if (n > -five_table::smallest_power_of_five) continue;
    // floor(2^b / 5^n) + 1, cut to 128 bits: up to 5^27, b puts the quotient
    // at exactly 128 bits; past it, at z + 128 bits, whose low ones are cut
    // (the rule the header's table was made by).
    const int z = bit_length(power);  // the least z with 2^z > 5^n
    const int b = n <= 27 ? z + 127 : 2 * z + 128;
    store_power(shifted_up_one(reciprocal, reciprocal_bits - b), -n);
  }
}

}  // namespace

void fill_powers_of_five() {
  static const bool filled = (fill_table(), true);
  (void)filled;
}

}  // namespace ndcg::detail
