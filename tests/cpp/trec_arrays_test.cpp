// evaluate_arrays: queries held as numbers give what evaluate_trec gives for
// the same run and qrels written as text (documents named by their position
// from 1, as every input read by position names them: "9" orders before
// "10" as docids), on one thread or several; bad labels and scores are
// refused at their row.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "ndcg/metrics.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/trec.hpp"

namespace trec_arrays_test {

namespace {

struct generated {
  std::vector<double> labels, scores;
  ndcg::array_queries in;
  std::string qrels, run;
};

// Queries of 1 to 40 documents, grades 0 to 3 (some -1 and unjudged), scores
// drawn from few values so that ties are common.
generated make_queries(unsigned seed, std::size_t queries) {
  generated g;
  std::mt19937 rng(seed);
  for (std::size_t q = 0; q < queries; ++q) {
    const std::size_t n = 1 + rng() % 40;
    char qid[24];  // "q" and any std::size_t
    std::snprintf(qid, sizeof qid, "q%03zu", q);
    g.in.qids.push_back(qid);
    for (std::size_t i = 0; i < n; ++i) {
      const int pick = i == 0 ? 3 : static_cast<int>(rng() % 12);  // each query judged somewhere
      const double label = pick == 11 ? std::numeric_limits<double>::quiet_NaN() : pick == 10 ? -1 : pick % 4;
      const double score = static_cast<double>(rng() % 7) / 2;
      g.labels.push_back(label);
      g.scores.push_back(score);
      char doc[24];  // any std::size_t
      std::snprintf(doc, sizeof doc, "%zu", i + 1);
      if (!std::isnan(label)) g.qrels += std::string(qid) + " 0 " + doc + " " + std::to_string(static_cast<int>(label)) + "\n";
      g.run += std::string(qid) + " Q0 " + doc + " 0 " + ndcg::shortest(score) + " arrays\n";
    }
    g.in.starts.push_back(g.labels.size());
  }
  g.in.labels = g.labels.data();
  g.in.scores = g.scores.data();
  return g;
}

void check_same(const ndcg::trec_result& a, const ndcg::trec_result& b) {
  REQUIRE(a.names == b.names);
  REQUIRE(a.qids == b.qids);
  for (std::size_t q = 0; q < a.qids.size(); ++q)
    for (std::size_t m = 0; m < a.names.size(); ++m) {
      const double x = a.values[q][m], y = b.values[q][m];
      if (std::isnan(x) && std::isnan(y)) continue;
      CHECK_MESSAGE(x == y, (a.qids[q] + " " + a.names[m]));
    }
  CHECK(a.texts == b.texts);
  for (std::size_t m = 0; m < a.names.size(); ++m)
    if (a.names[m] != "runid") CHECK_MESSAGE((a.mean[m] == b.mean[m] || (std::isnan(a.mean[m]) && std::isnan(b.mean[m]))), a.names[m]);
}

// P and NDCG under `cutoffs` alone (rows past the cut keep no key, the top
// is selected) give what they give beside "ndcg", whose whole list is sorted.
void check_cut_as_full(const ndcg::array_queries& in, const char* preset, const std::string& cutoffs) {
  ndcg::trec_options opt;
  opt.conv = *ndcg::preset(preset);
  opt.measures = {"P." + cutoffs, "ndcg_cut." + cutoffs};
  auto cut = ndcg::evaluate_arrays(in, opt);
  opt.measures.push_back("ndcg");
  auto full = ndcg::evaluate_arrays(in, opt);
  REQUIRE(cut.ok());
  REQUIRE(full.ok());
  REQUIRE(full->names.size() == cut->names.size() + 1);
  for (std::size_t q = 0; q < cut->qids.size(); ++q)
    for (std::size_t m = 0; m < cut->names.size(); ++m) {
      const auto at = std::find(full->names.begin(), full->names.end(), cut->names[m]) - full->names.begin();
      CHECK_MESSAGE(cut->values[q][m] == full->values[q][static_cast<std::size_t>(at)],
                    preset << " " << cut->qids[q] << " " << cut->names[m]);
    }
}

// One query of n rows.
ndcg::array_queries one_query(const double* labels, const double* scores, std::size_t n) {
  ndcg::array_queries in;
  in.qids = {"q"};
  in.starts = {0, n};
  in.labels = labels;
  in.scores = scores;
  return in;
}

}  // namespace

TEST_CASE("evaluate_arrays: every trec_eval measure as evaluate_trec gives it for the same text, on 1 and 3 threads") {
  generated g = make_queries(7, 300);
  for (const char* preset : {"trec_eval", "sklearn", "xgboost"}) {
    ndcg::trec_options opt;
    opt.measures = {"all_trec", "err_cut.5", "judged.10"};
    opt.conv = *ndcg::preset(preset);
    auto text = ndcg::evaluate_trec(g.qrels, g.run, opt);
    REQUIRE_MESSAGE(text.ok(), (text.ok() ? "" : text.err().message));
    for (unsigned threads : {1u, 3u}) {
      CAPTURE(preset);
      CAPTURE(threads);
      auto arrays = ndcg::evaluate_arrays(g.in, opt, threads);
      REQUIRE_MESSAGE(arrays.ok(), (arrays.ok() ? "" : arrays.err().message));
      check_same(*arrays, *text);
    }
  }
}

TEST_CASE("evaluate_arrays: ids break ties as docids; judged documents not ranked count in the ideal") {
  // q: ranked b (2) and a (0), tied; c (1) judged, not ranked.
  const double labels[] = {0, 2}, scores[] = {1, 1}, extra[] = {1};
  ndcg::array_queries in = one_query(labels, scores, 2);
  in.ids = {"a", "b"};
  in.extra = extra;
  in.extra_starts = {0, 1};
  ndcg::trec_options opt;
  opt.measures = {"ndcg", "num_rel", "num_ret"};
  auto r = ndcg::evaluate_arrays(in, opt);
  REQUIRE(r.ok());
  auto t = ndcg::evaluate_trec("q 0 a 0\nq 0 b 2\nq 0 c 1\n", "q Q0 a 1 1 t\nq Q0 b 2 1 t\n", opt);
  REQUIRE(t.ok());
  check_same(*r, *t);
  REQUIRE(r->names.back() == "ndcg");
  CHECK(r->values[0].back() == doctest::Approx(2 / (2 + 1 / std::log2(3.0))));  // b first: docid "b" > "a"
}

TEST_CASE("evaluate_arrays: a label that is not a whole number, or a score that is not finite, is refused at its row") {
  const double labels[] = {1, 0.5, 2}, scores[] = {1, 2, std::nan("")};
  ndcg::array_queries in = one_query(labels, scores, 3);
  auto r = ndcg::evaluate_arrays(in, ndcg::trec_options{});
  REQUIRE_FALSE(r.ok());
  CHECK(r.err().source == "labels");
  CHECK(r.err().line == 2);
  CHECK(r.err().code == ndcg::error_code::not_whole);
  const double whole[] = {1, 0, 2};
  in.labels = whole;
  r = ndcg::evaluate_arrays(in, ndcg::trec_options{});
  REQUIRE_FALSE(r.ok());
  CHECK(r.err().source == "scores");
  CHECK(r.err().line == 3);
}

TEST_CASE("evaluate_arrays: averaged ties at a cutoff need no full sort, and give what the full sort gives") {
  generated g = make_queries(11, 200);
  ndcg::trec_options opt;
  opt.conv = *ndcg::preset("sklearn");
  opt.measures = {"ndcg_cut.1,3,5"};  // only cutoffs: the top 5 and the tie group at the cut are put in order
  auto cut = ndcg::evaluate_arrays(g.in, opt);
  opt.measures = {"ndcg_cut.1,3,5", "ndcg"};  // the whole list: a full sort
  auto full = ndcg::evaluate_arrays(g.in, opt);
  REQUIRE(cut.ok());
  REQUIRE(full.ok());
  REQUIRE(full->names.front() == "ndcg");  // then the cutoffs, in the cut result's order
  for (std::size_t q = 0; q < cut->qids.size(); ++q)
    for (std::size_t m = 0; m < 3; ++m) CHECK(cut->values[q][m] == full->values[q][m + 1]);
}

TEST_CASE("evaluate_arrays: the top K chosen among many ties rank as the full sort ranks them, in every tie order") {
  // Seven scores among up to 40 documents: the cut at 1 or 3 falls inside
  // groups of equal scores, often more than four times K of them.
  generated g = make_queries(13, 400);
  for (const char* preset : {"trec_eval", "sklearn", "xgboost"})
    for (const char* cutoffs : {"1", "1,3,5", "16", "17,30"})  // a short list of the best, or a selection
      check_cut_as_full(g.in, preset, cutoffs);
}

TEST_CASE("evaluate_arrays: the cut's score is found wherever the best rows lie, from a list one past the cut on") {
  // index_rows finds the cut's score from the highest of each of K slices
  // of the rows: all the best in the last slice (scores rising), in the
  // first (falling), every score equal, or the cut splitting a run of ties.
  std::vector<double> labels, scores;
  ndcg::array_queries in;
  in.starts = {0};
  for (std::size_t n = 2; n <= 40; ++n)
    for (int shape = 0; shape < 4; ++shape) {
      in.qids.push_back("q" + std::to_string(n) + "-" + std::to_string(shape));
      for (std::size_t i = 0; i < n; ++i) {
        const double rising = static_cast<double>(i), falling = static_cast<double>(n - i);
        scores.push_back(shape == 0 ? rising : shape == 1 ? falling : shape == 2 ? 1.0 : static_cast<double>((i * 7) % 5));
        labels.push_back(static_cast<double>((i * 5 + n) % 4));
      }
      in.starts.push_back(scores.size());
    }
  in.labels = labels.data();
  in.scores = scores.data();
  for (const char* preset : {"trec_eval", "sklearn"})
    for (const char* cutoff : {"1", "2", "5", "10", "16"}) check_cut_as_full(in, preset, cutoff);
  // By hand: scores 1..12 rising, the cut at 3: only 10, 11 and 12 reach it (labels 1 on them: P@3 = 1).
  const double rising[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, grades[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1};
  ndcg::trec_options opt;
  opt.measures = {"P.3"};
  auto r = ndcg::evaluate_arrays(one_query(grades, rising, 12), opt);
  REQUIRE(r.ok());
  CHECK(r->values[0][0] == 1.0);
}

TEST_CASE("evaluate_arrays: under a short cutoff the counts of every row retrieved are still every row's") {
  // Rows below the cut keep no key (index_rows): the counts must not come from the keys.
  generated g = make_queries(17, 300);
  for (const char* preset : {"trec_eval", "sklearn", "xgboost"})
    for (const char* cutoffs : {"1", "5", "16"}) {
      CAPTURE(preset);
      CAPTURE(cutoffs);
      ndcg::trec_options opt;
      opt.conv = *ndcg::preset(preset);
      opt.measures = {std::string("ndcg_cut.") + cutoffs, std::string("P.") + cutoffs, std::string("recall.") + cutoffs,
                      "num_ret", "num_rel", "num_rel_ret", "num_nonjudged_ret", "num_nonrel_judged_ret", "set_F",
                      "success.1", "judged." + std::string(cutoffs)};
      auto text = ndcg::evaluate_trec(g.qrels, g.run, opt);
      auto arrays = ndcg::evaluate_arrays(g.in, opt, 2);
      REQUIRE(text.ok());
      REQUIRE(arrays.ok());
      check_same(*arrays, *text);
    }
  {
    // Counts alone put no rank in order (a sort depth of 0).
    ndcg::trec_options opt;
    opt.measures = {"num_ret", "num_rel_ret", "num_nonrel_judged_ret"};
    auto text = ndcg::evaluate_trec(g.qrels, g.run, opt);
    auto arrays = ndcg::evaluate_arrays(g.in, opt);
    REQUIRE(text.ok());
    REQUIRE(arrays.ok());
    check_same(*arrays, *text);
  }
  // By hand: 6 rows, the cut at 2. Scores 5, 1, 4, 1, 9, 2 rank rows 4 and 0 first; labels 0, 2, NaN, -1, 1, 3.
  const double labels[] = {0, 2, std::nan(""), -1, 1, 3}, scores[] = {5, 1, 4, 1, 9, 2};
  ndcg::trec_options opt;
  opt.measures = {"P.2", "num_ret", "num_rel_ret", "num_nonjudged_ret", "num_nonrel_judged_ret"};
  auto r = ndcg::evaluate_arrays(one_query(labels, scores, 6), opt);
  REQUIRE(r.ok());
  const auto at = [&](const char* name) { return r->values[0][static_cast<std::size_t>(std::find(r->names.begin(), r->names.end(), name) - r->names.begin())]; };
  CHECK(at("P_2") == 0.5);                 // row 4 (grade 1) and row 0 (grade 0)
  CHECK(at("num_ret") == 6);
  CHECK(at("num_rel_ret") == 3);           // grades 2, 1 and 3
  CHECK(at("num_nonrel_judged_ret") == 1); // grade 0 (trec_eval 10.0 says 1 for the same text)
  CHECK(at("num_nonjudged_ret") == 2);     // the NaN, and the -1 (a negative judgment is worth 0, not judged)
}

TEST_CASE("evaluate_arrays: int32 labels read in place give what the same labels as doubles give") {
  generated g = make_queries(17, 200);
  std::vector<std::int32_t> ints;
  for (double& v : g.labels) {
    if (std::isnan(v)) v = 0;  // int32 has no NaN
    ints.push_back(static_cast<std::int32_t>(v));
  }
  ndcg::trec_options opt;
  opt.measures = {"all_trec"};
  auto as_doubles = ndcg::evaluate_arrays(g.in, opt);
  g.in.int_labels = ints.data();
  g.in.labels = nullptr;
  auto as_ints = ndcg::evaluate_arrays(g.in, opt);
  REQUIRE(as_doubles.ok());
  REQUIRE(as_ints.ok());
  const auto same = [](const ndcg::trec_result& a, const ndcg::trec_result& b) {
    for (std::size_t q = 0; q < a.values.size(); ++q)
      for (std::size_t m = 0; m < a.values[q].size(); ++m) {
        const double x = a.values[q][m], y = b.values[q][m];
        if (!(x == y || (std::isnan(x) && std::isnan(y)))) return false;
      }
    return a.values.size() == b.values.size() && a.texts == b.texts;
  };
  CHECK(same(*as_ints, *as_doubles));
  ints[5] = -1;  // a negative grade: judged, worth nothing, as in qrels
  g.labels[5] = -1;
  g.in.int_labels = nullptr;
  g.in.labels = g.labels.data();
  auto negative_doubles = ndcg::evaluate_arrays(g.in, opt);
  g.in.int_labels = ints.data();
  auto negative_ints = ndcg::evaluate_arrays(g.in, opt);
  REQUIRE(negative_ints.ok());
  CHECK(same(*negative_ints, *negative_doubles));
}

}  // namespace trec_arrays_test
