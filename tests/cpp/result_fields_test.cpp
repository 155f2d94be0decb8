// Each put_* writer writes exactly the fields its list in result_fields.hpp
// states, each of a kind its type allows: a field written but not listed, a
// listed field (without a `when`) not written, or a count listed as a text
// fails here, before the generators that read the lists.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/commands.hpp"
#include "ndcg/compare.hpp"
#include "ndcg/report.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/result_fields.hpp"
#include "ndcg/trec.hpp"
#include "trec_support.hpp"

namespace result_fields_test {

namespace {

using namespace ndcg;

// Every object a writer writes: its path ("reading", "presets[]", "" for
// the top) and its fields with the kind of call that wrote each.
struct written_object {
  std::string path;
  bool data = false;  // a list, or an object whose names are data: its entries are not fields
  std::vector<std::pair<std::string, std::string>> fields;
};

class recorder : public field_sink {
 public:
  std::vector<written_object> done;

  recorder() { open_.push_back({}); }
  void number(std::string_view n, double) override { add(n, "number"); }
  void count(std::string_view n, std::uint64_t) override { add(n, "count"); }
  void boolean(std::string_view n, bool) override { add(n, "bool"); }
  void text(std::string_view n, std::string_view) override { add(n, "text"); }
  void null(std::string_view n) override { add(n, "null"); }
  void numbers(std::string_view n, const std::vector<double>&) override { add(n, "numbers"); }
  void texts(std::string_view n, const std::vector<std::string_view>&) override { add(n, "texts"); }
  void begin(std::string_view n) override { open(n, "object", false); }
  void begin_list(std::string_view n) override { open(n, "list", true); }
  void begin_keys(std::string_view n) override { open(n, "keys", true); }
  void end() override {
    done.push_back(open_.back());
    open_.pop_back();
  }
  void steps(std::string_view n, const std::vector<step>& rows) override {
    add(n, "steps");
    for (const step& s : rows) {
      open_.push_back({path_of(n) + "[]", false, {}});
      put_step(s, *this);
      end();
    }
  }
  const written_object& top() {
    done.push_back(open_.front());
    return done.back();
  }

 private:
  std::vector<written_object> open_;
  void add(std::string_view n, const char* kind) {
    if (!open_.back().data) open_.back().fields.emplace_back(std::string(n), kind);
  }
  std::string path_of(std::string_view n) const {
    const written_object& at = open_.back();
    if (at.data) return at.path;  // a list's entries: "presets[]"; a keyed object's: "mean.*"
    return at.path.empty() ? std::string(n) : at.path + "." + std::string(n);
  }
  void open(std::string_view n, const char* kind, bool data) {
    add(n, kind);
    const std::string kind_s = kind;
    std::string path = path_of(n) + (kind_s == "list" ? "[]" : kind_s == "keys" ? ".*" : "");
    open_.push_back({std::move(path), data, {}});
  }
};

// Does a call of `kind` write a value of `type` (result_fields.hpp's notation)?
bool fits(const std::string& kind, std::string type) {
  const bool nullable = type.find('?') != std::string::npos || type.find("null") != std::string::npos;
  if (kind == "null") return nullable;
  if (type.size() > 1 && type.back() == '?') type.pop_back();
  const auto starts = [&](std::string_view s) { return type.compare(0, s.size(), s) == 0; };
  const bool named = !type.empty() && type[0] >= 'A' && type[0] <= 'Z';
  const bool list = type.size() > 2 && type.compare(type.size() - 2, 2, "[]") == 0;
  if (kind == "count") return type == "int";
  if (kind == "number") return type == "float";
  if (kind == "bool") return type == "bool";
  if (kind == "text") return type == "str" || starts("'") || starts("Preset") || type == "HolmTest";
  if (kind == "numbers") return starts("[") || (list && starts("float"));
  if (kind == "texts") return type == "str[]";
  if (kind == "steps") return type == "Step[]";
  if (kind == "object") return named && !list;
  if (kind == "list") return list;
  if (kind == "keys") return starts("{");
  return false;
}

// Every object at `path` holds only `list`'s fields, each of a kind its type
// allows, and every field without a `when`.
template <std::size_t N>
void check(const std::vector<written_object>& objects, const std::string& path, const field_doc (&list)[N]) {
  int found = 0;
  for (const written_object& o : objects) {
    if (o.path != path || o.data) continue;
    ++found;
    std::set<std::string> names;
    for (const auto& field : o.fields) {
      const std::string& name = field.first;  // not a structured binding: CAPTURE's lambda takes it
      const std::string& kind = field.second;
      CAPTURE(path);
      CAPTURE(name);
      names.insert(name);
      const field_doc* f = nullptr;
      for (const field_doc& d : list)
        if (d.name == name) f = &d;
      REQUIRE_MESSAGE(f, "written but not in its list in result_fields.hpp");
      CHECK_MESSAGE(fits(kind, std::string(f->type)), kind << " is not " << f->type);
    }
    for (const field_doc& d : list)
      if (d.when.empty()) CHECK_MESSAGE(names.count(std::string(d.name)), path << " lacks " << d.name);
  }
  CHECK_MESSAGE(found > 0, "nothing written at " << path);
}

// What each writer writes, a fresh recorder per sample, all together.
template <class Put>
void write(std::vector<written_object>& into, Put put) {
  recorder out;
  put(out);
  out.top();
  into.insert(into.end(), out.done.begin(), out.done.end());
}

// Every object written is one that a list checks (or one of the lists the
// generators name: Options, Error).
void all_checked(const std::vector<written_object>& objects, const std::set<std::string>& paths) {
  for (const written_object& o : objects)
    if (!o.data) CHECK_MESSAGE(paths.count(o.path), "no field list checks " << o.path);
}

}  // namespace

TEST_CASE("put_analysis, put_explanation and put_step write their lists' fields") {
  std::vector<written_object> done;
  auto plain = settings_from({{"k", "3"}});
  REQUIRE(plain.ok());
  auto judged = settings_from({{"alpha", "0.25"}, {"weights", "2,1"}});
  REQUIRE(judged.ok());
  for (auto a : {analyse_text("3 2 0 1 0", "", *plain), analyse_text("a 2\nb 1\nc 0", "q 1 a 1\nq 2 a 1\nq 2 b 1\nq 3 c 0", *judged),
                 analyse_text("0 0 0", "", *plain)}) {
    REQUIRE(a.ok());
    write(done, [&](field_sink& out) { put_analysis(*a, out); });
  }
  check(done, "", analysis_fields);
  check(done, "explanation", explanation_fields);
  check(done, "explanation.reading", reading_fields);
  check(done, "explanation.tie_range", tie_range_fields);
  check(done, "explanation.metrics", metrics_fields);
  check(done, "explanation.steps[]", step_fields);
  check(done, "explanation.ideal_steps[]", step_fields);
  check(done, "presets[]", preset_score_fields);
  all_checked(done, {"", "explanation", "explanation.reading", "explanation.tie_range", "explanation.metrics",
                     "explanation.steps[]", "explanation.ideal_steps[]", "presets[]", "explanation.options",
                     "presets[].error"});
}

TEST_CASE("put_evaluate_reply and put_compare_reply write their lists' fields") {
  const std::string qrels = "q1 0 d1 1\nq1 0 d2 2\nq2 0 d1 1\nq3 0 d5 1\n";
  const std::string run_a = "q1 Q0 d1 1 2 r\nq1 Q0 d2 2 1 r\nq2 Q0 d1 1 2 r\nq3 Q0 d5 1 1 r\n";
  const std::string run_b = "q1 Q0 d2 1 2 r\nq1 Q0 d3 2 2 r\nq2 Q0 d4 1 2 r\nq3 Q0 d5 1 3 r\n";
  std::vector<written_object> done;
  std::vector<batch_reading> said(2);
  said[0].format = input_format::csv;
  said[0].columns = {"", "qid"};
  said[0].ignored = {"x"};
  said[0].notes = batch_reading::doc_positions;
  said[1].format = input_format::letor;
  trec_result r = test_support::evaluate_ok(qrels, run_a, test_support::measures({"map", "relstring.3", "num_q"}));
  const auto with_report = [&](field_sink& out) { put_evaluate_reply(evaluate_reply{run_evaluation{r, {}}, ""}, said, out); };
  write(done, with_report);
  add_intervals(r, 100, 1);
  write(done, with_report);
  check(done, "", trec_result_fields);
  check(done, "inputs[]", batch_reading_fields);
  all_checked(done, {"", "inputs[]"});

  std::vector<written_object> compared;
  for (const char* tie_range : {"true", "false"}) {
    auto s = settings_from({{"tie_range", tie_range}, {"all_pairs", "true"}, {"trials", "100"}}, command::compare);
    REQUIRE(s.ok());
    auto c = compare_runs(qrels, {run_a, run_b, run_a}, s->batch);
    REQUIRE(c.ok());
    write(compared, [&](field_sink& out) { put_compare_reply(compare_reply{*c, ""}, said, out); });
  }
  check(compared, "", compare_result_fields);
  check(compared, "comparisons[]", comparison_fields);
  check(compared, "tie_ranges[]", tie_range_summary_fields);
  check(compared, "inputs[]", batch_reading_fields);
  all_checked(compared, {"", "comparisons[]", "tie_ranges[]", "inputs[]"});
}

TEST_CASE("put_presets, put_measure_description and put_input_kind write their lists' fields") {
  std::vector<written_object> presets;
  write(presets, [](field_sink& out) { put_presets(out); });
  check(presets, "presets[]", preset_info_fields);
  all_checked(presets, {"", "presets[]", "presets[].options"});

  std::vector<written_object> measures;
  for (const char* name : {"ndcg_cut", "runid", "relstring"})
    write(measures, [&](field_sink& out) { REQUIRE(put_measure_description(name, out).ok()); });
  check(measures, "", measure_description_fields);
  all_checked(measures, {""});

  std::vector<written_object> kinds;
  for (const char* head : {"qid,docid,rel\n", "2 1:0.5\n"})
    write(kinds, [&](field_sink& out) { put_input_kind(kind_of(head), out); });
  check(kinds, "", input_kind_fields);
  all_checked(kinds, {""});
}

}  // namespace result_fields_test
