// A family described (--help-measure, describeMeasure, describe_measure):
// its own words (`about`, beside its code in its file) and what its
// declaration says (parameters, the "all" line, which grades it reads),
// with trec_eval's rules on ties, unjudged documents, -l and -J said once
// here for every family they hold for.
#include <string>

#include "ndcg/field_sink.hpp"
#include "ndcg/numbers.hpp"
#include "ndcg/trec.hpp"
#include "trec/measures/list.hpp"

namespace ndcg {
namespace trec_detail {
namespace {

std::string defaults_of(const family& f) {
  std::string d;
  for (std::size_t i = 0; i < f.default_count; ++i) d += (i ? "," : "") + shortest(f.defaults[i]);
  return d;
}

std::string parameters_of(const family& f) {
  const std::string name(f.name), d = defaults_of(f);
  switch (f.params) {
    case param_kind::cutoffs: return "cutoffs K, a column each (" + name + "_K); default " + d;
    case param_kind::fractions: return "fractions X, a column each (" + name + "_X.XX); default " + d;
    case param_kind::numbers: return "numbers for one column (" + name + "_X,...); default " + d;
    case param_kind::gains:
      return "REL=GAIN pairs for one column (" + name + "_REL=GAIN,...); default: the gain is the grade" +
             (f.persistence ? "; p=P, the persistence (default 0.9)" : "");
    default: return "none";
  }
}

std::string all_line(const family& f) {
  const char* only = f.printed == lines::summary_only ? " (on the all line only)" : "";
  switch (f.all) {
    case combine::sum: return std::string("the sum over queries") + only;
    case combine::geometric: return std::string("exp(mean(log(max(value, 0.00001)))) over queries") + only;
    case combine::none: return "none: per query only";
    default: return std::string("the mean over queries") + only;
  }
}

struct rules {
  std::string_view ties, unjudged, level, judged_only;
};

rules rules_of(const family& f) {
  if (f.judgments == judgment_kind::any) return {};
  rules r;
  r.ties = "by score, descending; equal scores by docid, descending (byte order); the rank column is unused";
  r.judged_only = "documents without a judgment leave the ranking first, so those below move up";
  if (f.judgments == judgment_kind::prefs) {
    r.unjudged = "a document in no preference takes no part";
    r.level = "unused: preferences compare levels";
    return r;
  }
  if (f.grades == grade_use::gains) {
    r.unjudged = "no qrels line, or a negative grade: gain 0";
    r.level = "unused: the gains are the grades (REL=GAIN, --gain and --preset change them)";
  } else if (f.grades == grade_use::level) {
    r.unjudged = "no qrels line, or a negative grade: not relevant";
    r.level = "relevant means grade >= LEVEL (default 1)";
  } else {
    r.level = "unused";
  }
  return r;
}

void text_line(std::string& out, std::string_view label, std::string_view text) {
  if (!text.empty()) out += std::string(label) + std::string(text) + "\n";
}

std::string text_of(const family& f) {
  const rules r = rules_of(f);
  std::string out = std::string(f.name) + ": " + std::string(f.help) + "\n  " + std::string(f.about) + "\n";
  text_line(out, "Parameters: ", parameters_of(f));
  text_line(out, "The all line: ", all_line(f));
  text_line(out, "Ties: ", r.ties);
  text_line(out, "Unjudged: ", r.unjudged);
  text_line(out, "-l LEVEL: ", r.level);
  text_line(out, "-J: ", r.judged_only);
  return out;
}

// A family by name ("ndcg_cut"), with parameters ("ndcg_cut.10") or as
// printed ("ndcg_cut_10"); else -m's error for an unknown measure.
expected<const family*> lookup(std::string_view name) {
  const std::string_view base = name.substr(0, name.find('.'));
  if (const family* f = find_family(base)) return f;
  const family* f = family_of_column(name);
  // As printed, a family's name is followed by its parameters alone.
  const std::size_t params = f ? f->name.size() + 1 : 0;
  if (f && f->params != param_kind::none && name.size() > params &&
      name.find_first_not_of("0123456789.,=-p", params) == std::string_view::npos)
    return f;
  auto err = parse_measure(base);
  if (!err) return err.err();
  return fail(error_code::unknown_measure, "unknown measure " + echo(base)).with("found", base);
}

}  // namespace
}  // namespace trec_detail

expected<std::string> describe_measure(std::string_view name) {
  auto f = trec_detail::lookup(name);
  if (!f) return f.err();
  return trec_detail::text_of(**f);
}

status put_measure_description(std::string_view name, field_sink& out) {
  using namespace trec_detail;
  auto found = lookup(name);
  if (!found) return found.err();
  const family* f = *found;
  const rules r = rules_of(*f);
  out.text("name", f->name);
  out.text("help", f->help);
  out.text("about", f->about);
  out.text("parameters", parameters_of(*f));
  out.numbers("defaults", std::vector<double>(f->defaults, f->defaults + f->default_count));
  out.text("all", all_line(*f));
  out.text("ties", r.ties);
  out.text("unjudged", r.unjudged);
  out.text("level", r.level);
  out.text("judged_only", r.judged_only);
  out.text("text", text_of(*f));
  return done{};
}

}  // namespace ndcg
