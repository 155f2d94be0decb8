// Number text, read and written in one place each.
//
// Reading: decimal text only, by fast_float (a correctly rounded reader,
// libfast-float-dev). One rule set for every number the CLI, the API, the
// parsers and `ndcg trec`'s measure parameters read, after full-width forms
// are folded to ASCII ("３．５" is "3.5"):
//
//   accepted   3  -2  +2  0.5  .5  5.  1e3  1E-3  2.5e+2  -0
//   refused    0x10  1,5  1_000  ' 3'  3abc  e3  .  +-3  nan  inf  1e999
//
// Writing: the shortest decimal text that reads back as the same double,
// from {fmt}'s Dragonbox (libfmt-dev), laid out as std::to_chars does; and
// rounded text as printf's "%.*f" and "%.*g" write it, from the exact
// decimal digits (so the module carries no printf).
#pragma once

#include <string>
#include <string_view>

namespace ndcg {

enum class number_status { ok, not_a_number, not_finite, out_of_range };

// A finite decimal number by the rules above; "nan", "inf" and overflow
// ("1e999") are not_finite so a message can say so.
number_status read_number(std::string_view text, double& out);

// An optional sign and decimal digits, nothing else ("1.0" and "1e3" are
// not integers); out_of_range past what a long holds.
number_status read_integer(std::string_view text, long& out);

// The shortest decimal text that reads back as exactly `v`, in fixed or
// scientific notation, whichever is shorter (fixed on a tie), as
// std::to_chars writes it: "0.1", "1e-07", "1e+22", "-0", and a whole
// number in fixed form with its exact digits (2^60 is "1152921504606846976").
// Not finite: "nan", "inf", "-inf".
std::string shortest(double v);

// The same text written at `out` (room for max_shortest bytes), without
// allocating: for reports of many numbers. Returns the end.
inline constexpr int max_shortest = 32;
char* write_shortest(double v, char* out);

// `v` rounded to `decimals` places as printf's "%.*f" writes it: the exact
// binary value rounded half to even, every digit of a large value written
// out. Not finite: "nan", "inf", "-inf".
std::string fixed_text(double v, int decimals);

// fixed_text for a report's cell: "n/a" for NaN, and never "-0.000".
std::string fixed_cell(double v, int decimals);

// `v` to `precision` significant digits (1 to 17) as printf's "%.*g" writes
// it: trailing zeros dropped, "e+XX" form below 1e-4 or from 10^precision.
std::string significant_text(double v, int precision);

}  // namespace ndcg
