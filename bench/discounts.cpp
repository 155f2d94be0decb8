// DCG over many short lists: a precomputed discount table against a log2
// call per term. Prints the two times; bench.mjs reports their ratio.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "ndcg/metrics.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main() {
  const std::size_t lists = 200000, depth = 100;
  std::vector<double> gains(depth);
  for (std::size_t i = 0; i < depth; ++i) gains[i] = static_cast<double>((i * 7) % 5);
  ndcg::discount_table table;
  table.reserve(depth);

  auto t0 = std::chrono::steady_clock::now();
  double with_log = 0;
  for (std::size_t l = 0; l < lists; ++l)
    for (std::size_t i = 0; i < depth; ++i) with_log += gains[(i + l) % depth] / std::log2(static_cast<double>(i) + 2.0);
  double log_time = seconds_since(t0);

  t0 = std::chrono::steady_clock::now();
  double with_table = 0;
  for (std::size_t l = 0; l < lists; ++l)
    for (std::size_t i = 0; i < depth; ++i) with_table += gains[(i + l) % depth] / table.at(i + 1);
  double table_time = seconds_since(t0);

  std::printf("%.6f %.6f %d\n", log_time, table_time, with_log == with_table);
  return 0;
}
