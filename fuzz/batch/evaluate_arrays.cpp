// Fuzzes evaluate_arrays (queries held as numbers: NumPy arrays, pytrec_eval's
// dicts). The first four bytes choose the options, the measures and the
// threads; then each row takes three bytes: its label (a grade from -1 to 5,
// NaN, 0.5 or infinity), its score (few values, so ties are common; now and
// then NaN) and whether a query ends after it. Against the same queries as
// TREC text, the values must be evaluate_trec's exactly.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/trec.hpp"

namespace {

const char* const measure_menu[] = {"ndcg", "ndcg_cut.3", "P.2", "map", "recip_rank", "all_trec", "err_cut.3",
                                    "ndcg.1=2", "relstring.3", "iprec_at_recall.0.5"};
constexpr int menu_size = sizeof measure_menu / sizeof measure_menu[0];
const char* const preset_menu[] = {"", "trec_eval", "sklearn", "xgboost"};

double label_of(std::uint8_t b) {
  switch (b % 10) {
    case 7: return std::numeric_limits<double>::quiet_NaN();
    case 8: return b > 250 ? 0.5 : 1;
    case 9: return b > 250 ? std::numeric_limits<double>::infinity() : 2;
    default: return static_cast<double>(b % 7) - 1;
  }
}

struct queries {
  std::vector<double> labels, scores;
  ndcg::array_queries in;
  std::string qrels, run;
};

void add_row(queries& q, std::uint8_t l, std::uint8_t s) {
  const double label = label_of(l);
  const double score = s == 255 ? std::nan("") : static_cast<double>(s % 5) / 2;
  const std::size_t query = q.in.qids.size() + 1, position = q.labels.size() - q.in.starts.back();
  const std::string qid = std::to_string(1000 + query), doc = std::to_string(1000 + position);
  if (!std::isnan(label)) q.qrels += qid + " 0 " + doc + " " + ndcg::shortest(label) + "\n";
  q.run += qid + " Q0 " + doc + " 0 " + ndcg::shortest(score) + " t\n";
  q.labels.push_back(label);
  q.scores.push_back(score);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::bytes in(data, size);
  const std::uint8_t a = in.take(), b = in.take(), c = in.take(), d = in.take();
  std::vector<std::pair<std::string, std::string>> given = {{"relevance_level", std::to_string(b % 3)}};
  if (*preset_menu[a & 3]) given.emplace_back("preset", preset_menu[a & 3]);
  for (int m = 0; m < 8; ++m)
    if (d & (1 << m)) given.emplace_back("measures", measure_menu[(m + (b >> 3)) % menu_size]);
  if (a & 4) given.emplace_back("judged_only", "true");
  if (a & 8) given.emplace_back("max_docs", std::to_string(c & 7));
  auto read = ndcg::settings_from(given, ndcg::command::trec);
  fuzz::require(read.ok(), "the menus hold good options");
  const ndcg::trec_options opt = read->batch.trec;

  queries q;
  while (!in.rest().empty() && q.labels.size() < 2000) {
    const std::uint8_t l = in.take(), s = in.take(), end = in.take();
    add_row(q, l, s);
    if (end & 1) {
      q.in.starts.push_back(q.labels.size());
      q.in.qids.push_back(std::to_string(1000 + q.in.qids.size() + 1));
    }
  }
  if (q.in.starts.back() != q.labels.size()) {
    q.in.starts.push_back(q.labels.size());
    q.in.qids.push_back(std::to_string(1000 + q.in.qids.size() + 1));
  }
  q.in.labels = q.labels.data();
  q.in.scores = q.scores.data();
  auto r = ndcg::evaluate_arrays(q.in, opt, 1 + (a >> 7));
  if (!r) {
    const std::string& s = r.err().source;
    fuzz::require(s == "labels" || s == "scores", "an error names the labels or the scores", s);
    fuzz::require(r.err().line >= 1 && r.err().line <= q.labels.size(), "an error names a row");
    return 0;
  }
  // The same queries as text, where every query is judged somewhere (else the text leaves it out).
  auto text = ndcg::evaluate_trec(q.qrels, q.run, opt);
  if (!text) return 0;
  if (text->qids != r->qids) return 0;
  for (std::size_t i = 0; i < r->values.size(); ++i)
    for (std::size_t m = 0; m < r->names.size(); ++m) {
      const double x = r->values[i][m], y = text->values[i][m];
      fuzz::require(x == y || (std::isnan(x) && std::isnan(y)), "arrays give what the text gives", r->names[m]);
    }
  return 0;
}
