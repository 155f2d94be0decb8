// `ndcg compare`: runs against the first, with paired tests.
#include "cli_support.hpp"

#include <iostream>
#include <string>

#include "ndcg/compare.hpp"
#include "ndcg/option_table.hpp"

namespace ndcg::cli {
namespace {

const char* compare_intro =
    "Usage: ndcg compare [options] QRELS RUN_A RUN_B [RUN...]\n"
    "\n"
    "Is B better than A? Evaluates every run as `ndcg trec` does and compares each\n"
    "run with the first (the baseline), or every pair with --all-pairs, query by\n"
    "query: for each measure the means, the mean difference B - A with a 95%\n"
    "bootstrap interval, the effect size d_z, wins/losses/ties, and the p-values of\n"
    "the paired t-test, the Wilcoxon signed-rank test, the sign test and a paired\n"
    "randomization test; with several pairs also Holm-adjusted p-values. Each run is\n"
    "also evaluated with its tied documents (equal scores) in their worst and best\n"
    "order: how many queries change, and the mean in both orders (see ndcg trec\n"
    "--tie-range).\n"
    "\n"
    "Options (--name VALUE or --name=VALUE; a true/false option alone means true):\n";

const char* compare_conventions =
    "\n"
    "Conventions (the same as SciPy's defaults, so the numbers can be checked there):\n"
    "  Every test is two-sided, on d = B - A per query (queries with a value in both).\n"
    "  t-test: t = mean(d) / (sd(d) / sqrt(n)), n - 1 degrees of freedom\n"
    "    (scipy.stats.ttest_rel). d_z = mean(d) / sd(d) (Cohen's paired effect size).\n"
    "  Wilcoxon signed-rank: zero differences are dropped (Wilcoxon's rule: a tie\n"
    "    says nothing about direction); equal |d| share their mean rank; statistic\n"
    "    W+. Exact distribution when n <= 50 with no ties and no zeros, or when\n"
    "    n <= 13 (every sign pattern of the ranks counted); otherwise the normal\n"
    "    approximation with tie-corrected variance and no continuity correction\n"
    "    (scipy.stats.wilcoxon, method auto). n counts zero differences too.\n"
    "  Sign test: zero differences are dropped (they favour neither run);\n"
    "    binomial with p = 1/2 on the rest (scipy.stats.binomtest).\n"
    "  Randomization: statistic |sum(d)|; all sign flips of the nonzero d are\n"
    "    counted when there are at most 30 (exact); otherwise --trials random\n"
    "    flips and p = (1 + hits) / (1 + trials): the observed labelling is one of\n"
    "    the permutations, so p is never 0. Flips within 1e-11 of the observed sum\n"
    "    count as ties (at least as extreme).\n"
    "  Bootstrap: --trials resamples of the queries; the 2.5% and 97.5% percentiles\n"
    "    of the resampled mean differences. The same --seed gives the same numbers.\n"
    "  Holm: over the pairs of each measure, on the --holm-test p-values.\n"
    "  Queries judged in QRELS but missing from a run are an error, or 0 with -c.\n"
    "\n"
    "Example: ndcg compare -m ndcg_cut.10 -m map qrels.txt base.run new.run\n";

std::string compare_help() {
  std::string out = compare_intro;
  for (const compare_option& row : compare_option_table()) {
    std::string left = "  " + (row.short_flag.empty() ? "" : std::string(row.short_flag) + ", ") + cli_flag(row.meta.key);
    std::string hint = value_hint(row.meta);
    if (!hint.empty()) left += " " + hint;
    const std::string def = row.show(compare_settings{});
    out += wrapped(left, std::string(row.meta.help) + (def.empty() || def == "false" ? "" : " (default " + def + ")"));
  }
  return out + compare_conventions;
}

struct compare_request {
  std::vector<std::pair<std::string, std::string>> given;
  std::vector<std::string> files;
};

expected<compare_request> parse_compare_args(words& w) {
  compare_request r;
  while (!w.done()) {
    std::string word = w.take();
    if (word.size() < 2 || word[0] != '-') { r.files.push_back(word); continue; }
    option_word ow = split_option(word);
    const compare_option* row = find_compare_option(ow.name);
    if (!row && ow.name[1] != '-' && ow.name.size() > 2) {  // "-mndcg"
      row = find_compare_option(ow.name.substr(0, 2));
      if (row) ow = {ow.name.substr(0, 2), ow.name.substr(2)};
    }
    if (!row || (ow.name[1] != '-' && row->short_flag != ow.name))
      return fail(error_code::unknown_option, "unknown option " + echo(ow.name) + " (see `ndcg compare --help`)")
          .in("options").with("found", ow.name);
    if (!ow.value && row->meta.kind == option_kind::flag) ow.value = "true";
    if (!ow.value) {
      if (w.done()) return fail(error_code::missing_value, "option " + echo(ow.name) + " needs a value (see `ndcg compare --help`)").in("options");
      ow.value = w.take();
    }
    r.given.emplace_back(row->meta.key, *ow.value);
  }
  if (r.files.size() < 3)
    return fail("expected QRELS and two runs or more, got " + std::to_string(r.files.size()) +
                " file" + (r.files.size() == 1 ? "" : "s") + " (see `ndcg compare --help`)");
  return r;
}

}  // namespace

int compare_command(words& w, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!w.done() && (w.peek() == "-h" || w.peek() == "--help")) { out << compare_help(); return 0; }
  auto req = parse_compare_args(w);
  if (!req) { err << "ndcg compare: " << req.err().message << "\n"; return 2; }
  auto s = compare_settings_from(req->given);
  if (!s) { err << "ndcg compare: " << s.err().message << "\n"; return 2; }
  std::vector<std::string> texts;
  for (const std::string& path : req->files) {
    std::string problem;
    auto text = read_file(path, in, problem);
    if (!text) { err << "ndcg compare: " << problem << "\n"; return 2; }
    texts.push_back(std::move(*text));
  }
  for (std::size_t i = s->names.size(); i + 1 < req->files.size(); ++i) s->names.push_back(req->files[i + 1]);
  std::vector<std::string_view> runs(texts.begin() + 1, texts.end());
  auto result = compare_runs(texts[0], runs, *s);
  if (!result) {
    const error& e = result.err();
    const std::string file = e.source == "qrels" ? req->files[0] : e.source == "run" && e.index ? req->files[e.index] : "";
    err << "ndcg compare: " << placed(file, e) << "\n";
    return 2;
  }
  out << render_compare(*result, *s);
  return 0;
}

}  // namespace ndcg::cli

