// The batch evaluation's second thread (see trec_worker.hpp).
#include "trec/trec_worker.hpp"

#ifndef __EMSCRIPTEN__
#include <cstring>
#include <memory>

namespace ndcg::trec_detail {
namespace {
constexpr std::size_t max_waiting = 64;  // queries handed over, not yet evaluated
// An idle second thread wakes for this many queries, not for each: where it
// evaluates faster than the reader reads, a wake-up per query cost two
// context switches per query.
constexpr std::size_t wake_at = 16;
}

// A batch to fill, once fewer than max_waiting wait (the reader waits else).
query_worker::batch* query_worker::spare_batch() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!thread_.joinable()) thread_ = std::thread([this] { work(); });
  while (queue_.size() >= max_waiting) {
    reader_waits_ = true;
    changed_.wait(lock);
  }
  reader_waits_ = false;
  if (spare_.empty()) {
    owned_.push_back(std::make_unique<batch>());
    spare_.push_back(owned_.back().get());
  }
  batch* b = spare_.back();
  spare_.pop_back();
  return b;
}

void query_worker::queue(batch* b) {
  std::lock_guard<std::mutex> lock(mutex_);
  queue_.push_back(b);
  if (worker_waits_ && queue_.size() >= wake_at) changed_.notify_all();  // else it finds the batch when done with its own
}

namespace {
// The views of `lines` into the bytes at `from` made views into those at `to`.
void move_views(std::vector<pending_line>& lines, const char* from, const char* to) {
  const auto moved = [&](std::string_view v) { return std::string_view(to + (v.data() - from), v.size()); };
  for (pending_line& l : lines) {
    l.docid = moved(l.docid);
    l.score = moved(l.score);
  }
}
}  // namespace

void query_worker::submit(std::uint32_t query, std::string_view block, std::vector<pending_line>& lines) {
  if (!threaded_) return job_(query, lines);
  batch* b = spare_batch();
  // One copy of the query's bytes (no allocation once warm), the lines
  // taken (80 bytes each: copying them cost more than the bytes) and their
  // views moved onto the copy.
  b->query = query;
  b->bytes.assign(block.data(), block.size());
  b->lines.swap(lines);
  move_views(b->lines, block.data(), b->bytes.data());
  queue(b);
}

void query_worker::submit_taken(std::uint32_t query, std::string& block, std::vector<pending_line>& lines) {
  if (!threaded_) return job_(query, lines);
  batch* b = spare_batch();
  b->query = query;
  const char* from = block.data();
  b->bytes.swap(block);
  b->lines.swap(lines);
  if (b->bytes.data() != from) move_views(b->lines, from, b->bytes.data());  // a short block lives in the string itself
  queue(b);
}

void query_worker::submit_views(std::uint32_t query, std::vector<pending_line>& lines) {
  if (!threaded_) return job_(query, lines);
  batch* b = spare_batch();
  b->query = query;
  b->lines.swap(lines);
  queue(b);
}

void query_worker::work() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    if (queue_.empty())
      while (!closing_ && queue_.size() < wake_at) {
        worker_waits_ = true;
        changed_.wait(lock);
      }
    worker_waits_ = false;
    if (queue_.empty()) return;
    batch* b = queue_.front();
    lock.unlock();
    job_(b->query, b->lines);
    lock.lock();
    queue_.pop_front();
    spare_.push_back(b);
    if (reader_waits_ && queue_.size() <= max_waiting / 2) changed_.notify_all();  // then a run of submits
  }
}

void query_worker::finish() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!thread_.joinable()) return;
    closing_ = true;
    changed_.notify_all();
  }
  thread_.join();
  closing_ = false;
}

}  // namespace ndcg::trec_detail
#endif
