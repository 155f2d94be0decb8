// A second thread for the batch evaluation: the reader hands each query's
// run lines over (copied, so the reader can reuse its buffer) and goes on
// reading while the queries are evaluated. Without threads (wasm) a query
// is evaluated at once. Internal, not API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ndcg/parse.hpp"

#ifndef __EMSCRIPTEN__
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#endif

namespace ndcg::trec_detail {

class query_worker {
 public:
  using job = std::function<void(std::uint32_t query, const run_entry* run, std::size_t count)>;
  explicit query_worker(job j) : job_(std::move(j)) {}
  query_worker(const query_worker&) = delete;
  query_worker& operator=(const query_worker&) = delete;
  ~query_worker() { finish(); }

#ifdef __EMSCRIPTEN__
  void submit(std::uint32_t query, const std::vector<run_entry>& entries) { job_(query, entries.data(), entries.size()); }
  void finish() {}
#else
  void submit(std::uint32_t query, const std::vector<run_entry>& entries);
  // Waits until every query handed over is evaluated; the thread ends.
  void finish();

 private:
  struct batch {
    std::uint32_t query = 0;
    std::vector<run_entry> entries;
    std::string bytes;  // the docids, which `entries` point into
  };
  void work();

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<batch*> queue_;
  std::vector<batch*> spare_;
  std::vector<std::unique_ptr<batch>> owned_;
  bool closing_ = false;
  std::thread thread_;
#endif
 private:
  job job_;
};

}  // namespace ndcg::trec_detail
