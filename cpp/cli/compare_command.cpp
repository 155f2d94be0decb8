// `ndcg compare`: runs against the first, with paired tests.
#include "cli_support.hpp"

#include <iostream>
#include <string>

#include "ndcg/commands.hpp"
#include "ndcg/option_table.hpp"

namespace ndcg::cli {
namespace {

const char* compare_intro =
    "Usage: ndcg compare [options] QRELS RUN_A RUN_B [RUN...]\n"
    "       ndcg compare [options] LETOR PREDICTIONS_A PREDICTIONS_B [...]\n"
    "\n"
    "Is B better than A? Evaluates every run as `ndcg trec` does and compares each\n"
    "run with the first (the baseline), or every pair with --all-pairs, query by\n"
    "query: for each measure the means, the mean difference B - A with a 95%\n"
    "bootstrap interval, the effect size d_z, wins/losses/ties, and the p-values of\n"
    "the paired t-test, the Wilcoxon signed-rank test, the sign test and a paired\n"
    "randomization test; with several pairs also Holm-adjusted p-values. Each run is\n"
    "also evaluated with its tied documents (equal scores) in their worst and best\n"
    "order: how many queries change, and the mean in both orders (see ndcg trec\n"
    "--tie-range). --format writes the report as text, Markdown, LaTeX, CSV or\n"
    "JSON; with -q each format also holds every query's values and B - A. A CSV\n"
    "is one table, so a spreadsheet reads it: the comparisons, or the one --table\n"
    "names (comparisons, tie_ranges, per_query).\n"
    "\n"
    "QRELS and the runs are read as `ndcg trec` reads them: TREC, CSV or TSV with\n"
    "a header, JSON, JSON Lines, gzip, or a LETOR file whose runs are predictions\n"
    "files (see `ndcg trec --help`); how each was read is said on stderr.\n"
    "  --group FILE           LETOR lines without qid: ; FILE has each query's size\n"
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

bool was_given(const std::vector<std::pair<std::string, std::string>>& given, std::string_view key) {
  for (const auto& [name, value] : given)
    if (name == key) return true;
  return false;
}

std::string compare_help() { return compare_intro + options_help(command::compare) + compare_conventions; }

}  // namespace

int compare_command(words& w, std::istream& in, std::ostream& out, std::ostream& err) {
  if (!w.done() && (w.peek() == "-h" || w.peek() == "--help")) { out << compare_help(); return 0; }
  auto line = read_command_line(w, command::compare, {{"--group", true}});
  if (!line) { err << "ndcg compare: " << line.err().message << "\n"; return 2; }
  std::string group_file;
  for (const auto& [name, value] : line->io) group_file = value;
  const std::vector<std::string>& files = line->files;
  if (files.size() < 3) {
    err << "ndcg compare: expected QRELS and two runs or more, got " << files.size() << " file"
        << (files.size() == 1 ? "" : "s") << " (see `ndcg compare --help`)\n";
    return 2;
  }
  auto s = settings_from(line->given, command::compare);
  if (!s) { err << "ndcg compare: " << s.err().message << "\n"; return 2; }
  std::vector<std::string> texts;
  for (const std::string& path : files) {
    std::string problem;
    auto text = read_file(path, in, problem);
    if (!text) { err << "ndcg compare: " << problem << "\n"; return 2; }
    texts.push_back(std::move(*text));
  }
  std::string group;
  if (!group_file.empty()) {
    std::string problem;
    auto text = read_file(group_file, in, problem);
    if (!text) { err << "ndcg compare: " << problem << "\n"; return 2; }
    group = std::move(*text);
  }
  auto file_of = [&](const error& e) {
    if (e.source == "group") return group_file;
    return e.source == "qrels" ? files[0] : e.source == "run" && e.index ? files[e.index] : std::string();
  };
  compare_inputs inputs;
  inputs.qrels = texts[0];
  inputs.runs.assign(texts.begin() + 1, texts.end());
  inputs.group = group;
  inputs.qrels_name = files[0];
  inputs.run_names.assign(files.begin() + 1, files.end());
  // A run --names leaves unnamed is named by its file.
  for (std::size_t i = s->batch.names.size(); i + 1 < files.size(); ++i) line->given.emplace_back("names", files[i + 1]);
  std::vector<batch_reading> readings;
  const compare_reply reply = compare_batch(inputs, line->given, readings);
  for (const batch_reading& reading : readings) err << "ndcg compare: " << reading_line(reading) << "\n";
  if (!reply.result) {
    err << "ndcg compare: " << placed(reply.result.err(), file_of(reply.result.err())) << "\n";
    return 2;
  }
  out << reply.text;
  // A CSV is one table: say which, and how to ask for the others.
  if (s->batch.format == report_format::csv && !was_given(line->given, "table"))
    err << "ndcg compare: the CSV is the comparisons table; --table tie_ranges or --table per_query writes another\n";
  return 0;
}

}  // namespace ndcg::cli
