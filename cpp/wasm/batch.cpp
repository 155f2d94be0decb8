// The module's batch exports: evaluateTrec (trec_eval-compatible runs over
// qrels). Only the full module links this file; the light module for
// embedding one ranking leaves it out, and the JS layer says so if called.
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ndcg/numbers.hpp"
#include "ndcg/trec.hpp"
#include "reply.hpp"

using namespace ndcg_wasm;

namespace {

// evaluateTrec's options object, as key/value texts (a list repeats its key).
class js_object {
 public:
  explicit js_object(std::vector<std::pair<std::string, std::string>> p) : pairs_(std::move(p)) {}
  bool has(std::string_view k) const { return find(k) != nullptr; }
  std::string text(std::string_view k) const { return *find(k); }
  bool boolean(std::string_view k) const { return *find(k) == "true"; }
  double number(std::string_view k) const {
    double v = 0;
    ndcg::read_number(*find(k), v);
    return v;
  }
  std::vector<std::string> texts(std::string_view k) const {
    std::vector<std::string> out;
    for (const auto& [key, value] : pairs_)
      if (key == k) out.push_back(value);
    return out;
  }

 private:
  const std::string* find(std::string_view k) const {
    for (const auto& [key, value] : pairs_)
      if (key == k) return &value;
    return nullptr;
  }
  std::vector<std::pair<std::string, std::string>> pairs_;
};

}  // namespace

extern "C" {

// pack: qrels, run, subtopics, then evaluateTrec's options as key/value texts.
EMSCRIPTEN_KEEPALIVE const reply_block* ndcg_evaluate_trec(const char* data, std::size_t size) {
  pack p(data, size);
  std::string_view qrels = p.next(), run = p.next(), subtopics = p.next();
  js_object js(pairs_of(p));
  ndcg::trec_options o;
  if (js.has("measures"))
    for (const std::string& m : js.texts("measures")) o.measures.push_back(m);
  if (js.has("complete")) o.complete = js.boolean("complete");
  if (js.has("shard")) o.shard = js.boolean("shard");
  if (js.has("relevanceLevel")) o.relevance_level = static_cast<long>(js.number("relevanceLevel"));
  if (js.has("preset")) o.preset = js.text("preset");
  if (js.has("gain")) o.exp_gain = js.text("gain") == "exp";
  if (js.has("alpha")) o.alpha = js.number("alpha");
  if (js.has("errMaxGrade")) o.err_max_grade = js.number("errMaxGrade");
  out = reply();
  auto r = ndcg::evaluate_trec(qrels, run, o, subtopics);
  if (!r) return failure(out, r.err()), sent();
  std::vector<double> flat;
  for (const auto& row : r->values) flat.insert(flat.end(), row.begin(), row.end());
  std::string names, qids;
  for (const std::string& n : r->names) names += (names.empty() ? "" : "\n") + n;
  for (const std::string& q : r->qids) qids += (qids.empty() ? "" : "\n") + q;
  out.open();
  out.set("ok", true);
  out.set_bytes("names", names);
  out.set_bytes("qids", qids);
  out.set_numbers("values", flat);
  out.set_numbers("mean", r->mean);
  out.set_numbers("isCount", std::vector<double>(r->is_count.begin(), r->is_count.end()));
  out.set_numbers("summaryOnly", std::vector<double>(r->summary_only.begin(), r->summary_only.end()));
  out.set("numQ", static_cast<double>(r->num_q));
  out.set_bytes("runId", r->run_id);
  std::string not_offered;
  for (const std::string& n : r->not_offered) not_offered += (not_offered.empty() ? "" : "\n") + n;
  out.set_bytes("notOffered", not_offered);
  out.set_bytes("text", ndcg::format_trec(*r, js.has("perQuery") && js.boolean("perQuery"),
                                          js.has("digits") ? static_cast<int>(js.number("digits")) : 4));
  out.close();
  return sent();
}

}  // extern "C"
