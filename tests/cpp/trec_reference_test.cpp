// Every measure of the default output (and success, recall, ndcg) against a
// plain implementation written here from the measures' definitions (no code
// shared with the core): on set1 (whose run has ties, unjudged documents
// and negative judgments) and on generated runs. Then the ways of reading a
// run: in pieces, interleaved, from subtopic qrels alone.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ndcg/trec.hpp"
#include "parse/trec_lines.hpp"
#include "support.hpp"

namespace trec_reference_test {

namespace {


// One query as the definitions see it: judgments by docid, and the run's
// grades in ranked order (score descending, then docid descending).
struct query {
  std::map<std::string, long> judged;
  std::vector<std::pair<double, std::string>> run;  // score, docid
  std::vector<long> ranked;                          // grade per rank; -100 = not judged
};

std::map<std::string, query> read_reference(const std::string& qrels, const std::string& run) {
  std::map<std::string, query> out;
  std::istringstream q(qrels), r(run);
  std::string qid, iter, doc, rank, tag;
  long rel = 0;
  double score = 0;
  while (q >> qid >> iter >> doc >> rel) out[qid].judged[doc] = rel;
  while (r >> qid >> iter >> doc >> rank >> score >> tag)
    if (out.count(qid)) out[qid].run.emplace_back(score, doc);
  for (auto& [id, x] : out) {
    std::sort(x.run.begin(), x.run.end(), [](const auto& a, const auto& b) {
      if (a.first != b.first) return a.first > b.first;
      return a.second > b.second;
    });
    for (const auto& [s, d] : x.run) x.ranked.push_back(x.judged.count(d) ? x.judged.at(d) : -100);
  }
  return out;
}

long relevant_judged(const query& x) {
  long n = 0;
  for (const auto& [d, g] : x.judged) n += g >= 1;
  return n;
}

// Relevant documents among the first k ranks.
long hits(const query& x, std::size_t k) {
  long n = 0;
  for (std::size_t i = 0; i < std::min(k, x.ranked.size()); ++i) n += x.ranked[i] >= 1;
  return n;
}

double average_precision(const query& x) {
  const long R = relevant_judged(x);
  double sum = 0;
  for (std::size_t i = 0; i < x.ranked.size(); ++i)
    if (x.ranked[i] >= 1) sum += static_cast<double>(hits(x, i + 1)) / static_cast<double>(i + 1);
  return R ? sum / static_cast<double>(R) : 0;
}

double bpref(const query& x) {
  const long R = relevant_judged(x);
  long N = 0;
  for (const auto& [d, g] : x.judged) N += g == 0;
  double sum = 0;
  long nonrel_above = 0;
  for (long g : x.ranked) {
    if (g == 0) ++nonrel_above;
    if (g < 1) continue;
    sum += nonrel_above == 0 ? 1.0 : 1.0 - static_cast<double>(std::min(nonrel_above, R)) / static_cast<double>(std::min(N, R));
  }
  return R ? sum / static_cast<double>(R) : 0;
}

// The best precision at any rank where at least `need` relevant documents
// have been seen (need >= 1): the interpolated precision, by brute force.
double interpolated(const query& x, double level) {
  const long R = relevant_judged(x), found = hits(x, x.ranked.size());
  const long need = std::lround(level * static_cast<double>(R));
  if (need > found || found == 0) return 0;
  double best = 0;
  for (std::size_t i = 1; i <= x.ranked.size(); ++i)
    if (hits(x, i) >= std::max(need, 1L)) best = std::max(best, static_cast<double>(hits(x, i)) / static_cast<double>(i));
  return best;
}

// infAP: at a relevant rank k (0-based) below the top, 1/(k+1) plus
// k/(k+1) times the share of the k documents above that are in the pool
// (judged, negative ones included) times the share of relevant among those
// judged non-negative (smoothed); documents outside the qrels count nowhere.
double inferred_ap(const query& x) {
  const double eps = 0.00001;
  double sum = 0, rel = 0, nonrel = 0, pooled = 0;
  for (std::size_t k = 0; k < x.ranked.size(); ++k) {
    const long g = x.ranked[k];
    if (g == -100) continue;
    if (g < 1) {
      (g < 0 ? pooled : nonrel) += 1;
      continue;
    }
    const double d = static_cast<double>(k);
    sum += k == 0 ? 1.0 : 1 / (d + 1) + d / (d + 1) * ((rel + nonrel + pooled) / d) * ((rel + eps) / (rel + nonrel + 2 * eps));
    rel += 1;
  }
  const long R = relevant_judged(x);
  return R ? sum / static_cast<double>(R) : sum;
}

// binG: each relevant document adds 1 / log2(2 + the documents above it that are not relevant), over R.
double bin_g(const query& x) {
  double sum = 0;
  long above = 0;
  for (long g : x.ranked) {
    if (g >= 1) sum += 1 / std::log2(2.0 + static_cast<double>(above));
    else ++above;
  }
  return hits(x, x.ranked.size()) ? sum / static_cast<double>(relevant_judged(x)) : 0;
}

// 11pt_avg over ascending levels: the mean of the interpolated precisions.
double eleven_point(const query& x, const std::vector<double>& levels) {
  double sum = 0;
  for (double level : levels) sum += interpolated(x, level);
  return sum / static_cast<double>(levels.size());
}

double ndcg(const query& x, std::size_t k) {
  double dcg = 0, idcg = 0;
  for (std::size_t i = 0; i < std::min(k, x.ranked.size()); ++i)
    if (x.ranked[i] > 0) dcg += static_cast<double>(x.ranked[i]) / std::log2(static_cast<double>(i) + 2);
  std::vector<long> ideal;
  for (const auto& [d, g] : x.judged)
    if (g > 0) ideal.push_back(g);
  std::sort(ideal.rbegin(), ideal.rend());
  for (std::size_t i = 0; i < std::min(k, ideal.size()); ++i)
    idcg += static_cast<double>(ideal[i]) / std::log2(static_cast<double>(i) + 2);
  return idcg > 0 ? dcg / idcg : 0;
}

// The value of a printed measure name for one query.
double reference_value(const query& x, const std::string& name) {
  const double R = static_cast<double>(relevant_judged(x));
  const std::size_t n = x.ranked.size();
  auto after = [&](const std::string& prefix) { return name.substr(prefix.size()); };
  if (name == "num_ret") return static_cast<double>(n);
  if (name == "num_rel") return R;
  if (name == "num_rel_ret") return static_cast<double>(hits(x, n));
  if (name == "map" || name == "gm_map") return average_precision(x);
  if (name == "Rprec") return R > 0 && n > 0 ? static_cast<double>(hits(x, static_cast<std::size_t>(R))) / R : 0;
  if (name == "bpref") return bpref(x);
  if (name == "infAP") return inferred_ap(x);
  if (name == "binG") return bin_g(x);
  if (name == "11pt_avg") return eleven_point(x, {0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1});
  if (name == "11pt_avg_0.2,0.5,0.8") return eleven_point(x, {0.2, 0.5, 0.8});
  if (name == "recip_rank") {
    for (std::size_t i = 0; i < n; ++i)
      if (x.ranked[i] >= 1) return 1.0 / static_cast<double>(i + 1);
    return 0;
  }
  if (name.rfind("iprec_at_recall_", 0) == 0) return interpolated(x, std::stod(after("iprec_at_recall_")));
  if (name.rfind("P_", 0) == 0) return static_cast<double>(hits(x, std::stoul(after("P_")))) / std::stod(after("P_"));
  if (name.rfind("recall_", 0) == 0) return R > 0 ? static_cast<double>(hits(x, std::stoul(after("recall_")))) / R : 0;
  if (name.rfind("success_", 0) == 0) return hits(x, std::stoul(after("success_"))) > 0 ? 1 : 0;
  if (name.rfind("ndcg_cut_", 0) == 0) return ndcg(x, std::stoul(after("ndcg_cut_")));
  if (name == "ndcg") return ndcg(x, SIZE_MAX);  // the whole list against every judged positive
  FAIL("no reference for " << name);
  return 0;
}

// Compares every value of every query, and the means (gm_map geometric).
void check_against_reference(const std::string& qrels, const std::string& run, const ndcg::trec_options& opt) {
  auto got = ndcg::evaluate_trec(qrels, run, opt);
  REQUIRE_MESSAGE(got.ok(), (got.ok() ? "" : got.err().message));
  const auto ref = read_reference(qrels, run);
  REQUIRE(got->qids.size() == ref.size());
  std::size_t compared = 0;
  for (std::size_t m = 0; m < got->names.size(); ++m) {
    const std::string& name = got->names[m];
    if (name == "runid" || name == "num_q") continue;
    double sum = 0;
    for (std::size_t q = 0; q < got->qids.size(); ++q) {
      const double want = reference_value(ref.at(got->qids[q]), name);
      INFO(name << " of query " << got->qids[q]);
      CHECK(got->values[q][m] == doctest::Approx(want).epsilon(1e-12));
      sum += name == "gm_map" ? std::log(std::max(want, 0.00001)) : want;
      ++compared;
    }
    const double n = static_cast<double>(got->qids.size());
    const double mean = name == "gm_map" ? std::exp(sum / n) : got->is_count[m] ? sum : sum / n;
    INFO(name << " all");
    CHECK(got->mean[m] == doctest::Approx(mean).epsilon(1e-12));
  }
  CHECK(compared > 0);
}

// A random run and qrels: ties, unjudged and negatively judged documents,
// queries with nothing relevant, docids that differ only in case.
std::pair<std::string, std::string> generated(unsigned seed, int queries) {
  std::mt19937 rng(seed);
  std::ostringstream qrels, run;
  for (int q = 0; q < queries; ++q) {
    const int docs = 1 + static_cast<int>(rng() % 60);
    for (int d = 0; d < docs; ++d) {
      const std::string doc = (rng() % 2 ? "D" : "d") + std::to_string(d);
      if (rng() % 3) qrels << "q" << q << " 0 " << doc << " " << (static_cast<int>(rng() % 5) - 1) << "\n";
      if (rng() % 4) run << "q" << q << " Q0 " << doc << " 0 " << (rng() % 7) * 0.5 << " gen\n";
    }
    qrels << "q" << q << " 0 extra" << q << " " << rng() % 3 << "\n";
    run << "q" << q << " Q0 last" << q << " 0 -1 gen\n";
  }
  return {qrels.str(), run.str()};
}

ndcg::trec_options default_and(std::vector<std::string> more) {
  ndcg::trec_options opt;
  opt.measures = {"official", "success", "recall", "ndcg", "ndcg_cut"};
  opt.measures.insert(opt.measures.end(), more.begin(), more.end());
  return opt;
}

}  // namespace

TEST_CASE("trec: every default measure matches a plain implementation on set1") {
  check_against_reference(test_support::parity_text("set1.qrels"), test_support::parity_text("set1.run"), default_and({"success.2,3"}));
}

TEST_CASE("trec: every default measure matches a plain implementation on generated runs") {
  for (unsigned seed : {1u, 2u, 3u}) {
    auto [qrels, run] = generated(seed, 40);
    check_against_reference(qrels, run, default_and({"iprec_at_recall.0.25,0.33", "infAP", "binG", "11pt_avg", "11pt_avg.0.2,0.5,0.8"}));
  }
}

// Equal scores over docids that share their first 8, 16 or 70 bytes, some
// a prefix of another: the ranking breaks those ties by the whole docid.
// Half the queries are written in rank order (ties in any order), half shuffled.
TEST_CASE("trec: ties between docids sharing long prefixes rank as the plain implementation ranks them") {
  std::mt19937 rng(11);
  const std::string stems[] = {"", "msmarco_doc_", "clueweb09-en0000-", std::string(70, 'x')};
  std::ostringstream qrels, run;
  for (int q = 0; q < 30; ++q) {
    std::map<std::string, double> docs;  // docid -> score
    while (docs.size() < 40) docs[stems[rng() % 4] + std::to_string(rng() % 300) + (rng() % 2 ? "" : "0")] = rng() % 3;
    std::vector<std::pair<std::string, double>> lines(docs.begin(), docs.end());
    std::shuffle(lines.begin(), lines.end(), rng);
    if (q % 2) std::stable_sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    for (const auto& [doc, score] : lines) {
      if (rng() % 3) qrels << "q" << q << " 0 " << doc << " " << rng() % 4 << "\n";
      run << "q" << q << " Q0 " << doc << " 0 " << score << " t\n";
    }
  }
  check_against_reference(qrels.str(), run.str(), default_and({}));
}

TEST_CASE("trec: the default output is trec_eval's, line for line") {
  auto r = ndcg::evaluate_trec("q1 0 a 1\nq1 0 b 0\nq2 0 c 2\n", "q1 Q0 a 1 2 first\nq1 Q0 b 2 1 first\nq2 Q0 c 1 1 last\n",
                               ndcg::trec_options{});
  REQUIRE(r.ok());
  const std::string text = ndcg::format_trec(*r, true);
  // runid is the tag of the last line; num_q, runid and gm_map are summary only.
  CHECK(text.find("runid                 \tall\tlast\n") == text.find("runid"));
  CHECK(text.find("gm_map                \tq1") == std::string::npos);
  CHECK(text.find("gm_map                \tall\t1.0000\n") != std::string::npos);
  CHECK(text.find("iprec_at_recall_0.00  \tq1\t1.0000\n") != std::string::npos);
  CHECK(text.find("P_1000                \tall\t0.0010\n") != std::string::npos);
  CHECK(text.find("num_q                 \tall\t2\n") != std::string::npos);
}

TEST_CASE("trec: -m all_trec computes every trec_eval measure it names") {
  ndcg::trec_options opt;
  opt.measures = {"all_trec"};
  auto r = ndcg::evaluate_trec("q 0 a 1\n", "q Q0 a 1 1 t\n", opt);
  REQUIRE(r.ok());
  CHECK(std::find(r->names.begin(), r->names.end(), "success_10") != r->names.end());
  CHECK(std::find(r->names.begin(), r->names.end(), "ndcg_cut_1000") != r->names.end());
  CHECK(std::find(r->names.begin(), r->names.end(), "infAP") != r->names.end());
  CHECK(r->not_offered.empty());
  CHECK(ndcg::trec_measures_not_offered().empty());
}

TEST_CASE("trec: a run fed in pieces, interleaved or whole gives the same output") {
  auto [qrels, run] = generated(7, 30);
  const ndcg::trec_options opt = default_and({});
  auto whole = ndcg::evaluate_trec(qrels, run, opt);
  REQUIRE(whole.ok());
  const std::string want = ndcg::format_trec(*whole, true, 17);

  SUBCASE("in pieces of whole lines") {
    auto stream = ndcg::trec_stream::open(qrels, opt);
    REQUIRE(stream.ok());
    std::string pending;
    std::istringstream lines(run);
    std::size_t count = 0;
    for (std::string line; std::getline(lines, line);) {
      pending += line + "\n";
      if (++count % 37 != 0) continue;
      auto used = stream->feed(pending, false);
      REQUIRE(used.ok());
      pending.erase(0, *used);
    }
    REQUIRE(stream->feed(pending, true).ok());
    auto r = stream->finish();
    REQUIRE(r.ok());
    CHECK(ndcg::format_trec(*r, true, 17) == want);
  }
  SUBCASE("interleaved: the whole text is grouped first") {
    std::vector<std::string> lines;
    std::istringstream in(run);
    for (std::string line; std::getline(in, line);) lines.push_back(line + "\n");
    std::string odd, even;
    for (std::size_t i = 0; i < lines.size(); ++i) (i % 2 ? odd : even) += lines[i];
    // Same lines, another order: the last line (its tag) stays last.
    auto r = ndcg::evaluate_trec(qrels, even + odd, opt);
    REQUIRE(r.ok());
    CHECK(ndcg::format_trec(*r, true, 17) == want);
    auto stream = ndcg::trec_stream::open(qrels, opt);
    auto fed = stream->feed(even + odd, true);
    REQUIRE_FALSE(fed.ok());
    CHECK(fed.err().code == ndcg::error_code::ungrouped_run);
  }
}

TEST_CASE("trec: gdeval leaves topics without a positive judgment out of err_cut too") {
  ndcg::trec_options opt;
  opt.conv = *ndcg::preset("gdeval");
  opt.measures = {"ndcg_cut.20", "err_cut.20"};
  auto r = ndcg::evaluate_trec("q1 0 a 2\nq2 0 b 0\n", "q1 Q0 a 1 1 t\nq2 Q0 b 1 1 t\n", opt);
  REQUIRE(r.ok());
  CHECK(std::isnan(r->values[1][0]));
  CHECK(std::isnan(r->values[1][1]));
  CHECK(r->mean[0] == 1.0);
  CHECK(r->mean[1] == doctest::Approx(3.0 / 16.0));  // (2^2 - 1) / 2^4, over q1 alone
  CHECK(ndcg::format_trec(*r, true).find("q2") == std::string::npos);
}

TEST_CASE("trec: subtopic qrels alone give the per-document judgments") {
  const std::string subtopics = "q s1 a 1\nq s2 a 1\nq s1 b 0\nq s3 c 1\n";
  const std::string run = "q Q0 b 1 3 t\nq Q0 a 2 2 t\nq Q0 c 3 1 t\n";
  ndcg::trec_options opt;
  opt.measures = {"alpha_ndcg_cut.20", "P.2", "num_rel"};
  auto alone = ndcg::evaluate_trec("", run, opt, subtopics);
  auto same = ndcg::evaluate_trec(subtopics, run, opt, subtopics);
  auto two = ndcg::evaluate_trec("q 0 a 1\nq 0 b 0\nq 0 c 1\n", run, opt, subtopics);
  REQUIRE(alone.ok());
  REQUIRE(same.ok());
  REQUIRE(two.ok());
  CHECK(ndcg::format_trec(*alone, true, 17) == ndcg::format_trec(*two, true, 17));
  CHECK(ndcg::format_trec(*same, true, 17) == ndcg::format_trec(*two, true, 17));
  REQUIRE(alone->names[0] == "num_rel");
  CHECK(alone->mean[0] == 2);  // a and c cover a subtopic; b does not
}

TEST_CASE("trec: run scores read exactly as strtod reads them") {
  // The fast readers (Clinger's exact case, from_chars) against strtod, bit
  // for bit, on decimals of every length and exponent near the edges.
  std::mt19937_64 rng(11);
  const char* fixed[] = {"-0", "0", "1.", ".5", "9007199254740992", "9007199254740993", "1e22", "1e23",
                         "123456789012345678", "1e-22", "4.9e-324", "18.90443319866316", "9.692124e-01", "-0.4"};
  std::vector<std::string> texts(std::begin(fixed), std::end(fixed));
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t m = rng() >> (rng() % 64);
    const int point = static_cast<int>(rng() % 21), exp10 = static_cast<int>(rng() % 60) - 30;
    std::string digits = std::to_string(m);
    if (point < static_cast<int>(digits.size())) digits.insert(digits.size() - static_cast<std::size_t>(point), ".");
    if (rng() % 2) digits += "e" + std::to_string(exp10);
    texts.push_back((rng() % 3 == 0 ? "-" : "") + digits);
  }
  for (const std::string& t : texts) {
    const ndcg::detail::field f[5] = {{"q", 1}, {"Q0", 3}, {"d", 6}, {"1", 8}, {t, 10}};
    double got = 0;
    REQUIRE_MESSAGE(ndcg::detail::read_score(f, 1, got).ok(), t);
    const double want = std::strtod(t.c_str(), nullptr);
    INFO(t);
    CHECK(std::memcmp(&got, &want, sizeof got) == 0);
  }
}

}  // namespace trec_reference_test
