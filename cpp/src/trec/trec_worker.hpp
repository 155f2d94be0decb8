// A second thread for the batch evaluation: the reader finds each query's
// run lines and their fields and hands them over (as views into a run held
// in memory, else with the query's bytes copied in one block, so the reader
// can reuse its buffer); the second thread reads
// the scores, checks the docids and evaluates the query while the reader
// goes on. Without threads (wasm), or when the caller's own threads already
// share the cores (`threaded` false), a query is handled at once. Internal,
// not API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/hash_table.hpp"
#include "ndcg/parse.hpp"

#ifndef __EMSCRIPTEN__
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#endif

namespace ndcg::trec_detail {

// One run line as the reader leaves it: views into the query's bytes, and
// its score and docid's hash, read there (the evaluating thread has more to do).
// No qid: every line of a batch has its query's (64 bytes a line natively,
// one cache line, written by one thread and read by the other).
struct pending_line {
  std::string_view docid, score;
  std::size_t line = 0;
  std::uint32_t docid_column = 0, score_column = 0;
#ifndef __EMSCRIPTEN__  // the reader's readings (below), natively
  double value = 0;        // the score, when `scored`
  std::uint32_t hash = 0;  // hash_of(docid)
  bool scored = false;     // false: the score is not a finite number (read_lines names it)
#endif
};

// A line's score as the reader read it; false when it could not, and in
// wasm, where one thread reads and evaluates and the score is read later
// (the modules' size).
inline bool score_read(const pending_line& l, double& out) {
#ifdef __EMSCRIPTEN__
  (void)l, (void)out;
  return false;
#else
  out = l.value;
  return l.scored;
#endif
}
inline std::uint32_t hash_of_line(const pending_line& l) {
#ifdef __EMSCRIPTEN__
  return static_cast<std::uint32_t>(detail::hash_of(l.docid));
#else
  return l.hash;
#endif
}

class query_worker {
 public:
  using job = std::function<void(std::uint32_t query, const std::vector<pending_line>& lines)>;
  explicit query_worker(job j, bool threaded = true) : threaded_(threaded), job_(std::move(j)) {}
  query_worker(const query_worker&) = delete;
  query_worker& operator=(const query_worker&) = delete;
  ~query_worker() { finish(); }

#ifdef __EMSCRIPTEN__
  void submit(std::uint32_t query, std::string_view, std::vector<pending_line>& lines) { job_(query, lines); }
  void finish() {}
#else
  bool threaded() const { return threaded_; }
  // `block` holds every view of `lines`; `lines` are taken (swapped with a
  // spent batch's, whose contents the caller then overwrites).
  void submit(std::uint32_t query, std::string_view block, std::vector<pending_line>& lines);
  // The same, `block` and `lines` taken rather than copied: swapped with a
  // spent batch's, whose contents the caller then overwrites.
  void submit_taken(std::uint32_t query, std::string& block, std::vector<pending_line>& lines);
  // The same, the views of `lines` pointing into bytes that outlast the
  // evaluation (a run held in memory): nothing copied.
  void submit_views(std::uint32_t query, std::vector<pending_line>& lines);
  // Waits until every query handed over is evaluated; the thread ends.
  void finish();

 private:
  struct batch {
    std::uint32_t query = 0;
    std::vector<pending_line> lines;
    std::string bytes;  // the query's block of the run, which `lines` point into
  };
  void work();
  batch* spare_batch();
  void queue(batch* b);

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<batch*> queue_;
  std::vector<batch*> spare_;
  std::vector<std::unique_ptr<batch>> owned_;
  bool closing_ = false;
  // Who sleeps on changed_: each side wakes the other only then (a wake-up
  // per query cost a system call per query).
  bool reader_waits_ = false, worker_waits_ = false;
  std::thread thread_;
#endif
 private:
  [[maybe_unused]] bool threaded_;
  job job_;
};

#ifndef __EMSCRIPTEN__
// f(begin, end) over [0, n) in two halves at once, the second half on
// another thread: both results, the first half's first (a check that
// names the earliest fault takes the first half's when it has one).
template <class F>
auto in_two_halves(std::size_t n, F f) {
  using result = decltype(f(std::size_t{0}, std::size_t{0}));
  std::optional<result> later;
  std::thread other([&] { later.emplace(f(n / 2, n)); });
  result first = f(0, n / 2);
  other.join();
  return std::pair<result, result>(std::move(first), std::move(*later));
}
#endif

}  // namespace ndcg::trec_detail
