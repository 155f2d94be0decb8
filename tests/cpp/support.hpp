// Small builders shared by the test files.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ndcg/metrics.hpp"

namespace test_support {

// An item with an id, a score and a grade, placed on line 1, column 1.
inline ndcg::item scored(std::string id, double score, double grade) {
  ndcg::item it;
  it.id = std::move(id);
  it.has_id = true;
  it.score = score;
  it.has_score = true;
  it.grade = grade;
  it.line = 1;
  it.column = 1;
  return it;
}

// Items with grades only, item i on line i + 1 as a pasted list would be.
inline std::vector<ndcg::item> graded(const std::vector<double>& grades) {
  std::vector<ndcg::item> out;
  for (double g : grades) {
    ndcg::item it;
    it.grade = g;
    it.line = out.size() + 1;
    it.column = 1;
    out.push_back(it);
  }
  return out;
}

}  // namespace test_support
