// The rows of the option table that only trec and compare take (the
// measures, -c, -q, the paired tests' trials, ...), and how their settings
// are read: over these rows and the ones they share with explain
// (option_table.cpp). The light module leaves this file out.
#include <string>

#include "ndcg/compare.hpp"
#include "ndcg/option_table.hpp"
#include "options/row_kit.hpp"

namespace ndcg {
namespace {

using namespace row_kit;
constexpr auto trec = &batch_settings::trec;

const std::vector<option_row> batch_rows = {
    {"measures", T | C, "-m", kind::texts, "", none, none, false, false,
     "a measure in trec_eval's spelling, repeatable: ndcg_cut.10, map, P.5,10, recip_rank, ndcg, ...",
     add_text<trec, &trec_options::measures>, put_texts<trec, &trec_options::measures>},
    {"complete", T | C, "-c", kind::flag, "", none, none, false, false,
     "score judged queries missing from a run as 0 (else an error)", set_flag<trec, &trec_options::complete>,
     put_flag<trec, &trec_options::complete>},
    {"shard", T, "", kind::flag, "", none, none, false, false,
     "leave out judged queries missing from the run (the run is one shard of a run split by query)",
     set_flag<trec, &trec_options::shard>, put_flag<trec, &trec_options::shard>},
    {"per_query", T | C, "-q", kind::flag, "", none, none, false, false, "every query's values, not only the means",
     set_flag<&batch_settings::per_query>, put_flag<&batch_settings::per_query>},
    {"digits", T | C, "", kind::whole, "", 0, 17, false, false, "decimals printed; 17 prints %.17g (trec)",
     set_whole<&batch_settings::digits>, put_whole<&batch_settings::digits>},
    {"tie_range", C, "", kind::flag, "", none, none, false, false,
     "also evaluate each run with its tied documents (equal scores) in their worst and best order (3 evaluations a run)",
     set_flag<&batch_settings::tie_range>, put_flag<&batch_settings::tie_range>},
    {"trials", C, "", kind::whole, "", 1, 1000000, false, false, "bootstrap resamples and randomization flips",
     set_whole<&batch_settings::trials>, put_whole<&batch_settings::trials>},
    {"seed", C, "", kind::whole, "", 0, max_whole, false, false, "seed of the bootstrap and the randomization test",
     set_whole<&batch_settings::seed>, put_whole<&batch_settings::seed>},
    {"all_pairs", C, "", kind::flag, "", none, none, false, false,
     "compare every pair of runs, not each run against the first", set_flag<&batch_settings::all_pairs>,
     put_flag<&batch_settings::all_pairs>},
    {"holm_test", C, "", kind::choice, "ttest,wilcoxon,sign,randomization", none, none, false, false,
     "the test whose p-values are Holm-adjusted over the pairs of each measure",
     set_choice<&batch_settings::holm>, put_choice<&batch_settings::holm>},
    {"format", C, "", kind::choice, "text,markdown|md,json,csv,latex|tex", none, none, false, false,
     "the report's format", set_choice<&batch_settings::format>,
     put_choice<&batch_settings::format>},
    {"names", C, "", kind::texts, "", none, none, false, false,
     "the runs' names in order, repeatable (default: file names; run1, run2, ...)",
     add_text<&batch_settings::names>, put_texts<&batch_settings::names>},
};

}  // namespace

const std::vector<option_row>& batch_option_table() { return batch_rows; }

std::string_view name_of(command c) {
  switch (c) {
    case command::explain: return "explain";
    case command::trec: return "trec";
    case command::compare: return "compare";
  }
  return "";
}

std::vector<const option_row*> option_rows(command c) {
  std::vector<const option_row*> out;
  for (const std::vector<option_row>* table : {&option_table(), &batch_rows})
    for (const option_row& r : *table)
      if (takes(r, c)) out.push_back(&r);
  return out;
}

const option_row* find_option(std::string_view key, command c) {
  return row_kit::find_in({&option_table(), &batch_rows}, key, c);
}

batch_request default_batch(command c) {
  batch_request r;
  r.s.opt = trec_eval_conventions();
  if (c == command::compare) {
    r.batch.tie_range = true;
    r.batch.trec.measures = default_compare_measures();
  }
  r.batch.trec.conv = r.s.opt;
  return r;
}

expected<batch_request> settings_from(const std::vector<std::pair<std::string, std::string>>& given, command c) {
  batch_request r = default_batch(c);
  if (auto ok = row_kit::read_settings(given, c, {&option_table(), &batch_rows}, {r.s, &r.batch}); !ok) return ok.err();
  r.batch.trec.conv = r.s.opt;
  return r;
}

std::string default_text(const option_row& row, command c) {
  if (c == command::explain) return default_text(row);
  const batch_request r = default_batch(c);
  return value_text(row, {r.s, &r.batch});
}

}  // namespace ndcg
