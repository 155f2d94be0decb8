// Tests for option_table.hpp's one-value reader and row fields (what the
// module's readOption and the schemas give JS), and for how presets are
// matched: by the values they set, once per analysis.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "ndcg/option_table.hpp"
#include "ndcg/pipeline.hpp"
#include "ndcg/report.hpp"

namespace option_table_test {

using namespace ndcg;

namespace {

const option_row& row(std::string_view key) {
  const option_row* r = find_option(key);
  if (!r) r = find_option(key, command::compare);
  REQUIRE(r);
  return *r;
}

// One value read from text, as its row's JSON writes it: {"k":7}.
std::string read(std::string_view key, std::string_view text) {
  std::string out;
  const std::string json = json_object([&](field_sink& sink) {
    auto ok = read_option(row(key), text, sink);
    if (!ok) out = std::string(name_of(ok.err().code)) + ": " + ok.err().message;
  });
  return out.empty() ? json : out;
}

}  // namespace

TEST_CASE("read_option reads one text as settings_from does and writes the value it gives") {
  CHECK(read("k", "007") == "{\"k\":7}");
  CHECK(read("gain", "exponential") == "{\"gain\":\"exp\"}");
  CHECK(read("integer_grades", "1") == "{\"integer_grades\":true}");
  CHECK(read("weights", "2, 1") == "{\"weights\":[2,1]}");
  CHECK(read("gain_table", "0,1,3") == "{\"gain_table\":[0,1,3]}");
  CHECK(read("preset", "sklearn") == "{\"preset\":\"sklearn\"}");
  CHECK(read("trials", "500") == "{\"trials\":500}");
  CHECK(read("k", "２") == "not-whole: k takes a whole number, 0 or more, got \"２\"");
  CHECK(read("log_base", "1") == "out-of-range: log_base takes a number above 1, got \"1\"");
  CHECK(read("weights", "1,,2") == "empty-field: weights takes numbers separated by commas, 0 or more, got \"1,,2\"");
  for (std::string_view text : {"x", "1e999", "", "nan"}) {
    CAPTURE(text);
    auto whole = settings_from({{"alpha", std::string(text)}});
    REQUIRE_FALSE(whole.ok());
    CHECK(read("alpha", text) == std::string(name_of(whole.err().code)) + ": " + whole.err().message);
  }
}

TEST_CASE("a flag's refusal names true and false as its choices") {
  auto s = settings_from({{"integer_grades", "maybe"}});
  REQUIRE_FALSE(s.ok());
  CHECK(s.err().code == error_code::unknown_choice);
  REQUIRE(s.err().args.size() == 2);
  CHECK(s.err().args[1].name == "choices");
  CHECK(s.err().args[1].value == "true,false");
}

TEST_CASE("an unknown key is the one unknown-option error, in settings_from too") {
  const error e = unknown_option_error("no_such");
  CHECK(e.code == error_code::unknown_option);
  CHECK(e.source == "options");
  CHECK(e.message == "unknown option \"no_such\"");
  auto s = settings_from({{"no_such", "1"}});
  REQUIRE_FALSE(s.ok());
  CHECK(s.err().message == e.message);
}

TEST_CASE("put_option_row writes a row as each command's schema shows it") {
  CHECK(json_object([](field_sink& out) { put_option_row(row("zero_idcg"), command::explain, "zero", out); }) ==
        "{\"key\":\"zero_idcg\",\"flag\":\"--zero-idcg\",\"kind\":\"choice\","
        "\"choices\":[\"zero\",\"one\",\"skip\"],\"min\":null,\"max\":null,\"above_min\":false,\"default\":\"zero\","
        "\"help\":\"NDCG when IDCG = 0: 0, 1, or left out\",\"preset\":true}");
  const std::string level = json_object([](field_sink& out) {
    put_option_row(row("relevance_level"), command::trec, "1", out);
  });
  CHECK(level.find("\"short_flag\":\"-l\"") != std::string::npos);
  CHECK(level.find("\"kind\":\"real\"") != std::string::npos);
  CHECK(level.find("above_min") == std::string::npos);
}

TEST_CASE("a gain table implies gain table unless a gain is given, and its row says so") {
  const auto gain_of = [](std::vector<std::pair<std::string, std::string>> given) {
    auto s = settings_from(given);
    REQUIRE(s.ok());
    return s->opt.gain;
  };
  CHECK(gain_of({{"gain_table", "0,1,5"}}) == gain_kind::table);
  CHECK(gain_of({{"preset", "sklearn"}, {"gain_table", "0,1,5"}}) == gain_kind::table);
  // A gain given anywhere wins: the table is kept but not used.
  CHECK(gain_of({{"gain", "linear"}, {"gain_table", "0,1,5"}}) == gain_kind::linear);
  CHECK(gain_of({{"gain_table", "0,1,5"}, {"gain", "exp"}}) == gain_kind::exponential);
  CHECK(gain_of({{"gain_table", " "}}) == gain_kind::exponential);  // a blank table implies nothing
  auto trec = settings_from({{"gain_table", "0,2"}}, command::trec);
  REQUIRE(trec.ok());
  CHECK(trec->s.opt.gain == gain_kind::table);
  for (command c : {command::explain, command::trec}) {
    const std::string json = json_object([&](field_sink& out) { put_option_row(row("gain_table"), c, "", out); });
    CHECK(json.find("\"implies\":\"gain=table\"") != std::string::npos);
  }
  CHECK(json_object([](field_sink& out) { put_option_row(row("gain"), command::explain, "exp", out); }).find("implies") ==
        std::string::npos);
}

TEST_CASE("a preset is matched by the values it sets, not by how they are written") {
  options o;  // the document's convention
  o.max_grade = -0.0;  // written "-0", equal to the preset's 0
  CHECK(matching_preset(o) == "document");
  o.gain_table = {0, 1, 3};  // only used with gain "table"; still a value the presets set
  CHECK(matching_preset(o).empty());
}

TEST_CASE("an analysis finds its matching preset once; its reports name it as explain's do") {
  settings s;
  s.opt = *preset("sklearn");
  auto a = analyse_text("a 0.9 2\nb 0.8 0", "", s);
  REQUIRE(a.ok());
  CHECK(a->matching == "sklearn");
  const result_context ctx = context_of(*a);
  CHECK(ctx.preset == "sklearn");
  CHECK(render(*a, report_format::json) == render(a->text.result, report_format::json, context_of(a->text, a->s)));
  s.preset = "trec_eval";  // a preset given by name is the one reported, whatever the options match
  auto named = analyse_text("a 0.9 2\nb 0.8 0", "", s);
  REQUIRE(named.ok());
  CHECK(context_of(*named).preset == "trec_eval");
  CHECK(named->matching == "sklearn");
}

}  // namespace option_table_test
