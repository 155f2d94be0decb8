#include "ndcg/trec.hpp"

#include <algorithm>
#include <cassert>
#include <utility>

namespace ndcg {

value_rows::value_rows(std::vector<double> data, std::size_t rows, std::size_t width)
    : width_(width), rows_(rows), data_(std::move(data)) {
  assert(data_.size() == rows * width);
}

void value_rows::reserve(std::size_t rows, std::size_t width) {
  if (rows_ == 0) width_ = width;
  data_.reserve(rows * width_);
}

void value_rows::push_back(const double* row, std::size_t width) {
  if (rows_ == 0) width_ = width;
  assert(width == width_);
  data_.resize(data_.size() + width_);  // resize, not a range insert: the smaller wasm
  std::copy(row, row + width_, data_.end() - static_cast<std::ptrdiff_t>(width_));
  ++rows_;
}

void value_rows::resize(std::size_t rows) {
  data_.resize(rows * width_);
  rows_ = rows;
}

void value_rows::clear() {
  data_.clear();
  rows_ = 0;
}

void value_rows::add_columns(const std::vector<std::vector<double>>& columns) {
  const std::size_t width = width_ + columns.size();
  std::vector<double> wider(rows_ * width);
  for (std::size_t q = 0; q < rows_; ++q) {
    const double* row = data_.data() + q * width_;
    std::copy(row, row + width_, wider.begin() + static_cast<std::ptrdiff_t>(q * width));
    for (std::size_t c = 0; c < columns.size(); ++c) {
      assert(columns[c].size() == rows_);
      wider[q * width + width_ + c] = columns[c][q];
    }
  }
  data_ = std::move(wider);
  width_ += columns.size();
}

// Cycle by cycle, one row held aside: no second table's worth of memory.
void value_rows::reorder(const std::vector<std::size_t>& order) {
  assert(order.size() == rows_);
  std::vector<char> placed(rows_, 0);
  std::vector<double> held(width_);
  const auto row = [&](std::size_t q) { return data_.begin() + static_cast<std::ptrdiff_t>(q * width_); };
  for (std::size_t start = 0; start < rows_; ++start) {
    if (placed[start] || order[start] == start) continue;
    std::copy(row(start), row(start) + static_cast<std::ptrdiff_t>(width_), held.begin());
    std::size_t at = start;
    while (order[at] != start) {
      std::copy(row(order[at]), row(order[at]) + static_cast<std::ptrdiff_t>(width_), row(at));
      placed[at] = 1;
      at = order[at];
    }
    std::copy(held.begin(), held.end(), row(at));
    placed[at] = 1;
  }
}

}  // namespace ndcg
