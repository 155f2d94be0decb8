// Properties of NDCG checked over thousands of generated rankings, and of
// the renderers over generated ids and numbers. The generator is seeded and
// written out here (not <random>'s distributions, which differ between
// libstdc++ and libc++), so the native and the wasm suites see the very same
// rankings. A failing check prints the seed and the case number.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "ndcg/metrics.hpp"
#include "ndcg/option_table.hpp"
#include "ndcg/report.hpp"

namespace properties_test {

using namespace ndcg;

namespace {

// ---- the generator ---------------------------------------------------------

// SplitMix64: small, fast, and the same numbers on every platform.
class generator {
 public:
  explicit generator(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [lo, hi] (the tiny modulo bias does not matter here).
  std::size_t between(std::size_t lo, std::size_t hi) {
    return lo + static_cast<std::size_t>(next() % (static_cast<std::uint64_t>(hi - lo) + 1));
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
  bool chance(double p) { return unit() < p; }

  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[between(0, i - 1)]);
  }

 private:
  std::uint64_t state_;
};

// NDCG_PROPERTY_SEED overrides the seed, to replay or explore.
std::uint64_t base_seed() {
  const char* s = std::getenv("NDCG_PROPERTY_SEED");
  return s && *s ? std::strtoull(s, nullptr, 10) : 20240611ull;
}

// A non-negative grade: mostly the small integers people use, sometimes
// fractional, sometimes large enough that 2^g - 1 is huge but finite.
double random_grade(generator& g) {
  const double pick = g.unit();
  if (pick < 0.75) return static_cast<double>(g.between(0, 4));
  if (pick < 0.95) return std::round(g.unit() * 1000.0) / 100.0;  // 0.00 .. 10.00
  return static_cast<double>(g.between(0, 300));
}

std::vector<double> random_grades(generator& g, std::size_t lo, std::size_t hi) {
  std::vector<double> out(g.between(lo, hi));
  for (double& v : out) v = random_grade(g);
  return out;
}

std::vector<item> as_items(const std::vector<double>& grades) {
  std::vector<item> out(grades.size());
  for (std::size_t i = 0; i < grades.size(); ++i) {
    out[i].grade = grades[i];
    out[i].line = i + 1;
    out[i].column = 1;
  }
  return out;
}

// Items with ids and scores drawn from a few values, so that ties are common.
std::vector<item> scored_items(generator& g, const std::vector<double>& grades, std::size_t distinct_scores) {
  std::vector<item> out = as_items(grades);
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i].id = "d" + std::to_string(g.between(0, 999)) + "-" + std::to_string(i);
    out[i].has_id = true;
    out[i].score = static_cast<double>(g.between(0, distinct_scores - 1)) / 4.0;
    out[i].has_score = true;
  }
  return out;
}

// Options without position weights and with a list ideal: the setting in
// which NDCG is a ratio of a sum to its largest possible value.
options random_options(generator& g) {
  options o;
  o.k = g.chance(0.3) ? 0 : g.between(1, 12);
  o.gain = g.chance(0.7) ? gain_kind::exponential : gain_kind::linear;
  o.log_base = g.chance(0.7) ? 2.0 : 1.5 + g.unit() * 9.0;
  const tie_policy ties[] = {tie_policy::input, tie_policy::trec, tie_policy::average};
  o.ties = ties[g.between(0, 2)];
  return o;
}

explanation explained(const std::vector<item>& items, const options& opt) {
  auto e = explain(items, opt);
  REQUIRE_MESSAGE(e.ok(), (e.ok() ? std::string() : describe(e.err())));
  return *e;
}

double exp_gain(double grade) { return std::exp2(grade) - 1.0; }

// Relative closeness for sums that may be summed in another order.
bool close(double a, double b) {
  return std::fabs(a - b) <= 1e-12 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

constexpr int cases = 3000;

}  // namespace

TEST_CASE("NDCG lies in [0, 1] for non-negative grades under any tie policy, gain, base and K") {
  generator g(base_seed());
  for (int c = 0; c < cases; ++c) {
    CAPTURE(c);
    std::vector<double> grades = random_grades(g, 1, 40);
    std::vector<item> items = g.chance(0.5) ? scored_items(g, grades, g.between(1, 6)) : as_items(grades);
    const options opt = random_options(g);
    const explanation e = explained(items, opt);
    CHECK(e.ndcg >= 0.0);
    CHECK(e.ndcg <= 1.0 + 1e-12);
    CHECK(e.dcg <= e.idcg * (1.0 + 1e-12));
    for (double v : e.ndcg_at) {
      CHECK(v >= 0.0);
      CHECK(v <= 1.0 + 1e-12);
    }
  }
}

TEST_CASE("a ranking already in ideal order has NDCG 1 at every K") {
  generator g(base_seed() + 1);
  for (int c = 0; c < cases; ++c) {
    CAPTURE(c);
    std::vector<double> grades = random_grades(g, 1, 40);
    grades[g.between(0, grades.size() - 1)] = 1 + static_cast<double>(g.between(0, 3));  // IDCG > 0
    std::sort(grades.begin(), grades.end(), [](double a, double b) { return a > b; });
    options opt = random_options(g);
    opt.ties = tie_policy::input;
    const explanation e = explained(as_items(grades), opt);
    CHECK(e.ndcg == doctest::Approx(1.0).epsilon(1e-12));
    CHECK(e.dcg == doctest::Approx(e.idcg).epsilon(1e-12));
  }
}

TEST_CASE("IDCG does not change when the ranking is permuted") {
  generator g(base_seed() + 2);
  for (int c = 0; c < cases; ++c) {
    CAPTURE(c);
    std::vector<double> grades = random_grades(g, 1, 40);
    const options opt = random_options(g);
    const double idcg = explained(as_items(grades), opt).idcg;
    g.shuffle(grades);
    CHECK(explained(as_items(grades), opt).idcg == idcg);  // the same terms in the same order
  }
}

TEST_CASE("swapping an adjacent pair with the lower grade above never lowers DCG") {
  generator g(base_seed() + 3);
  int swaps = 0;
  for (int c = 0; c < cases; ++c) {
    CAPTURE(c);
    std::vector<double> grades = random_grades(g, 2, 30);
    options opt = random_options(g);
    opt.ties = tie_policy::input;
    std::vector<std::size_t> misordered;
    for (std::size_t i = 0; i + 1 < grades.size(); ++i)
      if (grades[i] < grades[i + 1]) misordered.push_back(i);
    if (misordered.empty()) continue;
    const std::size_t i = misordered[g.between(0, misordered.size() - 1)];
    CAPTURE(i);
    const double before = explained(as_items(grades), opt).dcg;
    std::swap(grades[i], grades[i + 1]);
    const double after = explained(as_items(grades), opt).dcg;
    CHECK(after >= before * (1.0 - 1e-12));
    ++swaps;
  }
  CHECK(swaps > cases / 2);
}

namespace {

// DCG@k of grades in the given order, computed here from the definition.
double dcg_of(const std::vector<double>& grades, std::size_t k) {
  double total = 0;
  const std::size_t depth = k == 0 ? grades.size() : std::min(k, grades.size());
  for (std::size_t i = 0; i < depth; ++i) total += exp_gain(grades[i]) / std::log2(static_cast<double>(i) + 2.0);
  return total;
}

// The mean DCG@k over every order of the items that the scores allow (each
// tied group in every order), by enumerating all permutations.
double brute_force_mean(const std::vector<item>& items, std::size_t k) {
  std::vector<std::size_t> order(items.size());
  std::iota(order.begin(), order.end(), 0);
  double total = 0;
  long count = 0;
  std::vector<double> grades(items.size());
  do {
    bool allowed = true;
    for (std::size_t i = 0; allowed && i + 1 < order.size(); ++i)
      allowed = items[order[i]].score >= items[order[i + 1]].score;
    if (!allowed) continue;
    for (std::size_t i = 0; i < order.size(); ++i) grades[i] = items[order[i]].grade;
    total += dcg_of(grades, k);
    ++count;
  } while (std::next_permutation(order.begin(), order.end()));
  return total / static_cast<double>(count);
}

}  // namespace

TEST_CASE("tie-averaged DCG equals the brute-force mean over all orders for generated tie groups") {
  generator g(base_seed() + 4);
  for (int c = 0; c < 600; ++c) {
    CAPTURE(c);
    std::vector<double> grades(g.between(1, 6));
    for (double& v : grades) v = static_cast<double>(g.between(0, 4));
    const std::vector<item> items = scored_items(g, grades, g.between(1, 3));
    options opt;
    opt.ties = tie_policy::average;
    opt.k = g.between(0, grades.size());
    CAPTURE(opt.k);
    const double expected = brute_force_mean(items, opt.k);
    CHECK(close(explained(items, opt).dcg, expected));
  }
}

// ---- renderers ---------------------------------------------------------------

namespace {

// A strict JSON checker (RFC 8259): one value, nothing after it, strings
// without raw control bytes and in valid UTF-8, numbers in JSON's grammar.
class json_checker {
 public:
  explicit json_checker(const std::string& s) : s_(s) {}

  // An empty string when valid; otherwise what is wrong and where.
  std::string problem() {
    if (value(0) && (space(), at_ == s_.size())) return "";
    if (why_.empty()) why_ = "trailing bytes";
    return why_ + " at byte " + std::to_string(at_) + ": ..." + s_.substr(at_ > 20 ? at_ - 20 : 0, 40) + "...";
  }
  // The strings read, in order (decoded), so callers can compare ids.
  const std::vector<std::string>& strings() const { return strings_; }

 private:
  bool bad(const char* why) {
    why_ = why;
    return false;
  }
  void space() {
    while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\n' || s_[at_] == '\r' || s_[at_] == '\t')) ++at_;
  }
  bool literal(const char* word) {
    const std::size_t n = std::char_traits<char>::length(word);
    if (s_.compare(at_, n, word) != 0) return bad("unknown literal");
    at_ += n;
    return true;
  }
  bool value(int depth) {
    if (depth > 64) return bad("nested too deep");
    space();
    if (at_ >= s_.size()) return bad("unexpected end");
    switch (s_[at_]) {
      case '{': return object(depth);
      case '[': return array(depth);
      case '"': return string();
      case 't': return literal("true");
      case 'f': return literal("false");
      case 'n': return literal("null");
      default: return number();
    }
  }
  bool object(int depth) {
    ++at_;
    space();
    if (at_ < s_.size() && s_[at_] == '}') return ++at_, true;
    for (;;) {
      space();
      if (at_ >= s_.size() || s_[at_] != '"' || !string()) return bad("expected a key");
      space();
      if (at_ >= s_.size() || s_[at_++] != ':') return bad("expected ':'");
      if (!value(depth + 1)) return false;
      space();
      if (at_ < s_.size() && s_[at_] == ',') { ++at_; continue; }
      if (at_ < s_.size() && s_[at_] == '}') return ++at_, true;
      return bad("expected ',' or '}'");
    }
  }
  bool array(int depth) {
    ++at_;
    space();
    if (at_ < s_.size() && s_[at_] == ']') return ++at_, true;
    for (;;) {
      if (!value(depth + 1)) return false;
      space();
      if (at_ < s_.size() && s_[at_] == ',') { ++at_; continue; }
      if (at_ < s_.size() && s_[at_] == ']') return ++at_, true;
      return bad("expected ',' or ']'");
    }
  }
  bool digits() {
    const std::size_t start = at_;
    while (at_ < s_.size() && s_[at_] >= '0' && s_[at_] <= '9') ++at_;
    return at_ > start;
  }
  bool number() {
    if (at_ < s_.size() && s_[at_] == '-') ++at_;
    if (at_ < s_.size() && s_[at_] == '0') ++at_;
    else if (!digits()) return bad("expected a value");
    if (at_ < s_.size() && s_[at_] == '.' && (++at_, !digits())) return bad("expected digits after '.'");
    if (at_ < s_.size() && (s_[at_] == 'e' || s_[at_] == 'E')) {
      ++at_;
      if (at_ < s_.size() && (s_[at_] == '+' || s_[at_] == '-')) ++at_;
      if (!digits()) return bad("expected exponent digits");
    }
    return true;
  }
  static void put_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) { out += static_cast<char>(cp); return; }
    if (cp < 0x800) { out += static_cast<char>(0xC0 | (cp >> 6)); }
    else {
      if (cp < 0x10000) out += static_cast<char>(0xE0 | (cp >> 12));
      else { out += static_cast<char>(0xF0 | (cp >> 18)); out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F)); }
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    }
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  bool utf8_sequence(std::string& out) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s_[at_ + k]); };
    const unsigned char c = b(0);
    std::size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (!len || at_ + len > s_.size()) return bad("invalid UTF-8");
    for (std::size_t k = 1; k < len; ++k)
      if ((b(k) & 0xC0) != 0x80) return bad("invalid UTF-8");
    if ((c == 0xE0 && b(1) < 0xA0) || (c == 0xED && b(1) >= 0xA0) || (c == 0xF0 && b(1) < 0x90) ||
        (c == 0xF4 && b(1) >= 0x90))
      return bad("overlong UTF-8 or a surrogate");
    out.append(s_, at_, len);
    at_ += len;
    return true;
  }
  bool string() {
    ++at_;
    std::string out;
    while (at_ < s_.size()) {
      const auto c = static_cast<unsigned char>(s_[at_]);
      if (c == '"') {
        ++at_;
        strings_.push_back(out);
        return true;
      }
      if (c < 0x20) return bad("raw control byte in a string");
      if (c >= 0x80) {
        if (!utf8_sequence(out)) return false;
        continue;
      }
      ++at_;
      if (c != '\\') { out += static_cast<char>(c); continue; }
      if (at_ >= s_.size()) return bad("unfinished escape");
      const char e = s_[at_++];
      const char* plain = "\"\\/bfnrt";
      const char* meant = "\"\\/\b\f\n\r\t";
      if (const char* p = std::char_traits<char>::find(plain, 8, e)) { out += meant[p - plain]; continue; }
      if (e != 'u' || at_ + 4 > s_.size()) return bad("bad escape");
      unsigned cp = 0;
      for (int k = 0; k < 4; ++k) {
        const char h = s_[at_++];
        const int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (d < 0) return bad("bad \\u escape");
        cp = cp * 16 + static_cast<unsigned>(d);
      }
      if (cp >= 0xD800 && cp <= 0xDFFF) return bad("a surrogate escape (not written by us)");
      put_utf8(out, cp);
    }
    return bad("unterminated string");
  }

  const std::string& s_;
  std::size_t at_ = 0;
  std::string why_;
  std::vector<std::string> strings_;
};

// Whether an id is valid UTF-8, the case in which json_string keeps it byte
// for byte (it replaces each invalid byte by U+FFFD).
bool valid_utf8(const std::string& s) {
  std::string quoted = "\"";
  for (char c : s)  // ASCII that a JSON string would need escaped is valid UTF-8 anyway
    quoted += static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\' ? 'x' : c;
  json_checker check(quoted += "\"");
  return check.problem().empty();
}

// Random id bytes: printable ASCII, JSON's specials, control bytes, HTML,
// valid multi-byte UTF-8 and invalid bytes.
std::string random_id(generator& g) {
  static const char* pieces[] = {"\"", "\\", "/", "<script>", "</", "&amp;", "'", ",", "|", "`", "*", "_",
                                 "\xC3\xA9", "\xE4\xB8\xAD", "\xF0\x9F\x98\x80", "\xEF\xBB\xBF", "\xE2\x80\xA8",
                                 "\xC3", "\xFF", "\xED\xA0\x80", "\xC0\xAF", "\xF4\x90\x80\x80", "\x7F", "\t", "%",
                                 "\xFF\xA1\xA1", "\xF5\x80\x80\x80", "\xF8\x88\x80\x80"};
  std::string id;
  const std::size_t n = g.between(0, 12);
  for (std::size_t i = 0; i < n; ++i) {
    const double pick = g.unit();
    if (pick < 0.4) id += static_cast<char>(g.between(0x21, 0x7E));
    else if (pick < 0.5) id += static_cast<char>(g.between(0x00, 0x1F));
    else if (pick < 0.6) id += static_cast<char>(g.between(0x80, 0xFF));
    else id += pieces[g.between(0, sizeof pieces / sizeof *pieces - 1)];
  }
  return id;
}

// A double from random bits: every exponent, denormals, both zeros, and
// the non-finite values too.
double random_double(generator& g) {
  const double pick = g.unit();
  if (pick < 0.2) return static_cast<double>(g.between(0, 20)) / 8.0;
  if (pick < 0.3) {
    const double specials[] = {0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
                               0.1, 1e22, 1e21, 9007199254740993.0, 123456789012345680.0, 1e-7};
    return specials[g.between(0, 11)];
  }
  std::uint64_t bits = g.next();
  double v = 0;
  static_assert(sizeof v == sizeof bits, "IEEE double");
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

// Splits CSV text into records of fields (RFC 4180 quoting).
std::vector<std::vector<std::string>> csv_records(const std::string& text, std::string& problem) {
  std::vector<std::vector<std::string>> records(1, std::vector<std::string>(1));
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    std::string& f = records.back().back();
    if (quoted) {
      if (c != '"') f += c;
      else if (i + 1 < text.size() && text[i + 1] == '"') f += '"', ++i;
      else quoted = false;
    } else if (c == '"' && f.empty()) {
      quoted = true;
    } else if (c == ',') {
      records.back().emplace_back();
    } else if (c == '\n') {
      records.emplace_back(1);
    } else if (c == '"') {
      problem = "a quote inside an unquoted field";
    } else {
      f += c;
    }
  }
  if (quoted) problem = "an unterminated quoted field";
  if (records.back().size() == 1 && records.back()[0].empty()) records.pop_back();
  return records;
}

// The cells of one Markdown table row: split at '|' not escaped by '\'.
std::size_t markdown_cells(const std::string& row) {
  std::size_t bars = 0;
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (row[i] == '\\') ++i;
    else if (row[i] == '|') ++bars;
  }
  return bars ? bars - 1 : 0;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == '\n') {
      out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

}  // namespace

TEST_CASE("JSON reports are valid JSON for any id bytes, grades and options") {
  generator g(base_seed() + 5);
  for (int c = 0; c < 400; ++c) {
    CAPTURE(c);
    std::vector<item> items = scored_items(g, random_grades(g, 1, 8), 3);
    for (item& it : items) it.id = random_id(g);
    options opt = random_options(g);
    if (g.chance(0.3)) opt.weights = {g.unit() * 3, 0.0, 1e300};
    auto result = explain(items, opt);
    if (!result) {  // 1e300 times a huge gain: the sums overflow, and say so
      CHECK(result.err().message.rfind("the sums overflow", 0) == 0);
      continue;
    }
    const explanation& e = *result;
    settings s;
    s.opt = opt;
    result_context ctx;
    ctx.s = &s;
    ctx.input_format = "csv";
    ctx.preset = g.chance(0.5) ? "" : "sklearn";
    const std::string json = render(e, report_format::json, ctx);
    json_checker check(json);
    const std::string problem = check.problem();
    CHECK_MESSAGE(problem.empty(), problem);
    if (!problem.empty()) continue;
    // Every id that is valid UTF-8 comes back byte for byte.
    for (const step& s : e.steps) {
      if (!valid_utf8(s.id)) continue;
      const auto& got = check.strings();
      CHECK_MESSAGE(std::find(got.begin(), got.end(), s.id) != got.end(), "id lost: ", json_string(s.id));
    }
  }
}

TEST_CASE("CSV reports keep nine fields per record and every id intact") {
  generator g(base_seed() + 6);
  for (int c = 0; c < 400; ++c) {
    CAPTURE(c);
    std::vector<item> items = scored_items(g, random_grades(g, 1, 8), 3);
    for (item& it : items) it.id = random_id(g) + (g.chance(0.2) ? "\r\n\"" : "");
    const options opt = random_options(g);
    const explanation e = explained(items, opt);
    std::string problem;
    const auto records = csv_records(render(e, report_format::csv, {}), problem);
    CHECK_MESSAGE(problem.empty(), problem);
    REQUIRE(records.size() == 1 + e.steps.size() + e.ideal_steps.size());
    for (std::size_t r = 0; r < records.size(); ++r) CHECK(records[r].size() == 9);
    for (std::size_t i = 0; i < e.steps.size(); ++i) CHECK(records[1 + i][2] == e.steps[i].id);
  }
}

TEST_CASE("Markdown and text tables keep one row per step with the same cells for ids without line breaks") {
  generator g(base_seed() + 7);
  for (int c = 0; c < 300; ++c) {
    CAPTURE(c);
    std::vector<item> items = scored_items(g, random_grades(g, 1, 8), 3);
    for (item& it : items) {
      it.id = random_id(g);
      it.id.erase(std::remove_if(it.id.begin(), it.id.end(), [](char ch) { return ch == '\n' || ch == '\r'; }),
                  it.id.end());
    }
    options opt = random_options(g);
    const explanation e = explained(items, opt);
    settings s;
    s.opt = opt;
    result_context ctx;
    ctx.s = &s;
    std::size_t rows = 0, cells = 0;
    for (const std::string& line : lines_of(render(e, report_format::markdown, ctx))) {
      if (line.empty() || line[0] != '|') continue;
      ++rows;
      if (cells == 0) cells = markdown_cells(line);
      CHECK_MESSAGE(markdown_cells(line) == cells, line);
    }
    CHECK(rows == 4 + e.steps.size() + e.ideal_steps.size());  // two headers, two rules
    const std::vector<std::string> text = lines_of(render(e, report_format::text, ctx));
    const std::size_t tie_line = e.tie_min < e.tie_max ? 1 : 0;  // said only when the order of ties matters
    CHECK(text.size() == 14 + tie_line + e.steps.size() + e.ideal_steps.size());
  }
}

// The tags render_html writes; anything else between < and > came from the input.
bool only_report_tags(const std::string& html, std::string& found) {
  static const char* const tags[] = {"div", "p", "strong", "em", "h4", "table", "thead", "tbody", "tr", "th", "td", "ul", "li"};
  for (std::size_t at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1)) {
    std::size_t end = html.find_first_of(" >", at);
    std::string name = html.substr(at + 1, end - at - 1);
    if (!name.empty() && name[0] == '/') name.erase(0, 1);
    if (std::none_of(std::begin(tags), std::end(tags), [&](const char* t) { return name == t; })) {
      found = html.substr(at, 40);
      return false;
    }
  }
  return true;
}

TEST_CASE("the HTML report escapes every id and has one table row per step") {
  generator g(base_seed() + 9);
  for (int c = 0; c < 300; ++c) {
    CAPTURE(c);
    std::vector<item> items = scored_items(g, random_grades(g, 1, 8), 3);
    for (item& it : items) it.id = random_id(g) + (g.chance(0.3) ? "<script>&\"'</td>" : "");
    const options opt = random_options(g);
    const explanation e = explained(items, opt);
    settings s;
    s.opt = opt;
    result_context ctx;
    ctx.s = &s;
    const std::string html = render_html(e, ctx);
    std::string found;
    CHECK_MESSAGE(only_report_tags(html, found), found);
    std::size_t rows = 0;
    for (std::size_t at = html.find("<tr>"); at != std::string::npos; at = html.find("<tr>", at + 1)) ++rows;
    CHECK(rows == 2 + e.steps.size() + e.ideal_steps.size());
    // The headline and the sum lines are the text report's own.
    for (const std::string& line : lines_of(render(e, report_format::text, ctx)))
      if (line.rfind("NDCG", 0) == 0 || line.rfind("DCG", 0) == 0 || line.rfind("IDCG", 0) == 0) {
        std::string escaped;  // these lines hold no input text, only the apostrophe of "ranking's"
        for (char ch : line) escaped += ch == '\'' ? std::string("&#39;") : std::string(1, ch);
        CHECK_MESSAGE(html.find(escaped) != std::string::npos, line);
      }
  }
}

TEST_CASE("shortest() reads back exactly and is a JSON number for every finite double") {
  generator g(base_seed() + 8);
  for (int c = 0; c < 20000; ++c) {
    const double v = random_double(g);
    if (!std::isfinite(v)) continue;
    const std::string s = shortest(v);
    CAPTURE(s);
    CHECK(std::strtod(s.c_str(), nullptr) == v);
    CHECK(std::signbit(std::strtod(s.c_str(), nullptr)) == std::signbit(v));
    json_checker check(s);
    CHECK_MESSAGE(check.problem().empty(), s);
  }
}

}  // namespace properties_test
