// log2 rounded correctly, the same bits in every build. The C libraries
// differ in the last bit: glibc's log2 and the size-optimised musl that
// Emscripten links at -Oz disagree on about 1 in 5,000 positions (log2 of
// 1376 among them), so the page's discounts and the command's would differ.
#pragma once

namespace ndcg::detail {

// log2(x), correctly rounded to nearest, from plain double arithmetic only
// (no libm, no fused multiply-add). Not finite, zero or negative x: std::log2.
double log2_exact(double x);

// log2_exact(x), natively from a table made once for the small whole
// numbers that the rank-discounting measures (G, binG) ask for per rank.
#ifdef __EMSCRIPTEN__
inline double log2_whole(double x) { return log2_exact(x); }  // no table: the modules' size
#else
double log2_whole(double x);
#endif

}  // namespace ndcg::detail
