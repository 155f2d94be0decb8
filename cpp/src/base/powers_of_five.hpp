// fast_float's table of 128-bit powers of five (5^-342 to 5^308), computed
// once, at the first number that needs it, instead of stored: the stored
// table is 10 KB of nearly random bytes that no packer shrinks, about 10 KB
// of every gzipped file that carries the module.
//
// The specialisation below replaces the header's table for the
// powers_template<void> that fast_float reads (fast_float::powers), so it
// must come before <fast_float/fast_float.h> in every unit that includes
// that; numbers.cpp is the only one (tests/js/sources.test.mjs). The values
// are the header's to the bit (tests/cpp/numbers_test.cpp compares them all).
#pragma once

#include <cstdint>

#ifdef FASTFLOAT_DECIMAL_TO_BINARY_H
#error "base/powers_of_five.hpp must come before fast_float's reader, or that reader keeps the stored table"
#endif
#include <fast_float/float_common.h>
#include <fast_float/fast_table.h>

namespace fast_float {

template <>
struct powers_template<void> {
  constexpr static int smallest_power_of_five = binary_format<double>::smallest_power_of_ten();
  constexpr static int largest_power_of_five = binary_format<double>::largest_power_of_ten();
  constexpr static int number_of_entries = 2 * (largest_power_of_five - smallest_power_of_five + 1);
  // {high, low} 64-bit words of each power, 5^smallest first; zero until filled.
  static std::uint64_t power_of_five_128[number_of_entries];
};

}  // namespace fast_float

namespace ndcg::detail {

// Fills the table the first time (safe from several threads); later calls
// return at once. Called before every fast_float read.
void fill_powers_of_five();

}  // namespace ndcg::detail
