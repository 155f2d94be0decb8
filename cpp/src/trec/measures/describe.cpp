// A family described (--help-measure, describeMeasure, describe_measure):
// its own words (`about`, beside its code in its file) and what its
// declaration says (parameters, the "all" line, which grades it reads),
// with trec_eval's rules on ties, unjudged documents, -l and -J said once
// here for every family they hold for. One list of lines makes both the
// fields and the text.
#include <array>
#include <string>

#include "ndcg/field_sink.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/trec.hpp"
#include "trec/measures/list.hpp"

namespace ndcg {
namespace trec_detail {
namespace {

std::string parameters_of(const family& f) {
  static constexpr std::string_view kinds[] = {"none", "cutoffs K, a column each", "fractions X, a column each",
                                               "numbers for one column", "REL=GAIN pairs for one column"};
  std::string out(kinds[static_cast<int>(f.params)]);
  if (f.default_count) out += "; default ";
  for (std::size_t i = 0; i < f.default_count; ++i) (out += i ? "," : "") += shortest(f.defaults[i]);
  if (f.params == param_kind::gains) out += "; default: the gain is the grade";
  if (f.persistence) out += "; p=P, the persistence (default 0.9)";
  return out;
}

struct line {
  std::string_view field, label, value;  // value "" where the rule does not apply
};

// How the "all" line combines queries; -l and unjudged documents as the
// family reads grades; ties and -J as every family that ranks judged
// documents. `params` is parameters_of(f).
std::array<line, 6> lines_of(const family& f, std::string_view params) {
  static constexpr std::string_view ways[] = {"mean", "sum", "exp(mean(log(max(value, 0.00001))))", "none",
                                              "mean, on it alone", "sum, on it alone",
                                              "exp(mean(log(max(value, 0.00001)))), on it alone"};
  const bool ranked = f.judgments != judgment_kind::any, prefs = f.judgments == judgment_kind::prefs;
  const bool gains = f.grades == grade_use::gains, level = f.grades == grade_use::level && !prefs;
  const char* unjudged = prefs ? "in no preference, no part" : gains ? "gain 0, as a negative grade"
                         : level ? "not relevant, nor a negative grade" : "";
  const char* lv = level ? "relevant means grade >= LEVEL (default 1)" : gains ? "unused: gains are grades" : "unused";
  return {{{"parameters", "Parameters: ", params},
           {"all", "all line: ", ways[static_cast<int>(f.all) + (f.printed == lines::summary_only ? 4 : 0)]},
           {"ties", "Ties: ", ranked ? "by score, then docid, both descending; rank column unused" : ""},
           {"unjudged", "Unjudged: ", ranked ? unjudged : ""},
           {"level", "-l LEVEL: ", ranked ? lv : ""},
           {"judged_only", "-J: ", ranked ? "unjudged documents leave the ranking first" : ""}}};
}

std::string text_of(const family& f) {
  std::string out(f.name);
  ((((out += ": ") += f.help) += "\n  ") += f.about) += '\n';
  const std::string params = parameters_of(f);  // lines_of's views of it must outlive the loop
  for (const line& l : lines_of(f, params))
    if (!l.value.empty()) ((out += l.label) += l.value) += '\n';
  return out;
}

// A family by name ("ndcg_cut"), with parameters ("ndcg_cut.10") or as
// printed ("ndcg_cut_10", a family's name and its parameters alone); else
// -m's error for an unknown measure.
expected<const family*> lookup(std::string_view name) {
  const std::string_view base = name.substr(0, name.find('.'));
  if (const family* f = find_family(base)) return f;
  const family* f = family_of_column(name);
  const std::size_t params = f ? f->name.size() + 1 : 0;
  if (f && f->params != param_kind::none && name.size() > params &&
      name.find_first_not_of("0123456789.,=-p", params) == std::string_view::npos)
    return f;
  auto spec = parse_measure(base);  // its error names the known measures
  if (!spec) return spec.err();
  return fail(error_code::unknown_measure, "unknown measure " + echo(name)).with("found", name);
}

}  // namespace
}  // namespace trec_detail

expected<std::string> describe_measure(std::string_view name) {
  auto f = trec_detail::lookup(name);
  if (!f) return f.err();
  return trec_detail::text_of(**f);
}

status put_measure_description(std::string_view name, field_sink& out) {
  auto found = trec_detail::lookup(name);
  if (!found) return found.err();
  const trec_detail::family& f = **found;
  out.text("name", f.name);
  out.text("help", f.help);
  out.text("about", f.about);
  const std::string params = trec_detail::parameters_of(f);
  for (const trec_detail::line& l : trec_detail::lines_of(f, params)) out.text(l.field, l.value);
  out.text("text", trec_detail::text_of(f));
  return done{};
}

}  // namespace ndcg
