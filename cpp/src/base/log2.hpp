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
// numbers that the rank-discounting measures (G, binG) ask for per rank;
// one object per query, so that each rank reads the table without a call.
class whole_log2 {
 public:
#ifdef __EMSCRIPTEN__
  double operator()(double x) const { return log2_exact(x); }  // no table: the modules' size
#else
  whole_log2();
  double operator()(double x) const {
    // Whole by a round trip through a signed integer (std::floor may be a
    // call; an unsigned conversion is a branch on x86-64).
    if (x >= 1 && x < static_cast<double>(size) && static_cast<double>(static_cast<long>(x)) == x)
      return table_[static_cast<long>(x)];
    return log2_exact(x);
  }

 private:
  static constexpr long size = 4096;
  const double* table_;
#endif
};
inline double log2_whole(double x) { return whole_log2()(x); }

}  // namespace ndcg::detail
