// Builders for the batch tests: an evaluation that must succeed, one value
// of a result by query and column name, a plan of measures.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "ndcg/trec.hpp"

namespace test_support {

inline ndcg::trec_result evaluate_ok(const std::string& qrels, const std::string& run, const ndcg::trec_options& opt,
                                     const std::string& subtopics = {}) {
  auto r = ndcg::evaluate_trec(qrels, run, opt, subtopics);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.err().message));
  return *r;
}

// The value of column `name` for query `qid` ("all": the mean).
inline double value(const ndcg::trec_result& r, const std::string& qid, const std::string& name) {
  for (std::size_t m = 0; m < r.names.size(); ++m) {
    if (r.names[m] != name) continue;
    if (qid == "all") return r.mean[m];
    for (std::size_t q = 0; q < r.qids.size(); ++q)
      if (r.qids[q] == qid) return r.values[q][m];
  }
  FAIL("no value for " << name << " of " << qid);
  return 0;
}

inline ndcg::trec_options measures(std::vector<std::string> m) {
  ndcg::trec_options opt;
  opt.measures = std::move(m);
  return opt;
}

}  // namespace test_support

using ndcg::trec_options;
using ndcg::trec_result;
using test_support::evaluate_ok;
using test_support::measures;
using test_support::value;
