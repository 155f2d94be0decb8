// The batch evaluation's second thread (see trec_worker.hpp).
#include "trec/trec_worker.hpp"

#ifndef __EMSCRIPTEN__
#include <cstring>
#include <memory>

namespace ndcg::trec_detail {
namespace {
constexpr std::size_t max_waiting = 64;  // queries handed over, not yet evaluated
}

void query_worker::submit(std::uint32_t query, const std::vector<run_entry>& entries) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!thread_.joinable()) thread_ = std::thread([this] { work(); });
  changed_.wait(lock, [&] { return queue_.size() < max_waiting; });
  if (spare_.empty()) {
    owned_.push_back(std::make_unique<batch>());
    spare_.push_back(owned_.back().get());
  }
  batch* b = spare_.back();
  spare_.pop_back();
  lock.unlock();
  // Copy the docids into one block per query (no allocation once warm).
  std::size_t size = 0;
  for (const run_entry& e : entries) size += e.docid.size();
  b->query = query;
  b->bytes.resize(size);
  b->entries.assign(entries.begin(), entries.end());
  char* at = &b->bytes[0];
  for (run_entry& e : b->entries) {
    if (!e.docid.empty()) std::memcpy(at, e.docid.data(), e.docid.size());
    e.docid = std::string_view(at, e.docid.size());
    at += e.docid.size();
  }
  lock.lock();
  queue_.push_back(b);
  changed_.notify_all();
}

void query_worker::work() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return closing_ || !queue_.empty(); });
    if (queue_.empty()) return;
    batch* b = queue_.front();
    lock.unlock();
    job_(b->query, b->entries.data(), b->entries.size());
    lock.lock();
    queue_.pop_front();
    spare_.push_back(b);
    changed_.notify_all();
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
