// The rows of the option table that only trec and compare take (the
// measures, -c, -q, the paired tests' trials, ...), and how their settings
// are read: over these rows and the ones they share with explain
// (option_table.cpp). The light module leaves this file out.
#include <string>

#include "ndcg/field_sink.hpp"
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
     "score judged queries missing from a run as 0 on every measure and average over all of them (else trec leaves "
     "them out, as trec_eval documents, and compare stops)",
     set_flag<trec, &trec_options::complete>, put_flag<trec, &trec_options::complete>},
    {"strict", T, "", kind::flag, "", none, none, false, false,
     "a judged query missing from the run is an error (else it is left out)", set_flag<trec, &trec_options::strict>,
     put_flag<trec, &trec_options::strict>},
    {"shard", T, "", kind::flag, "", none, none, false, false,
     "the run is one shard of a run split by query: no error when it shares no query with the qrels",
     set_flag<trec, &trec_options::shard>, put_flag<trec, &trec_options::shard>},
    {"max_docs", T | C, "-M", kind::whole, "", 0, max_whole, false, false,
     "keep the top N documents of each query by score, drop the rest (0 = every document)",
     set_whole<trec, &trec_options::max_docs>, put_whole<trec, &trec_options::max_docs>},
    {"judged_only", T | C, "-J", kind::flag, "", none, none, false, false,
     "drop documents without a judgment from each ranking before any measure (trec_eval warns: easy to forget)",
     set_flag<trec, &trec_options::judged_only>, put_flag<trec, &trec_options::judged_only>},
    {"docs_in_collection", T | C, "-N", kind::whole, "", 0, max_whole, false, false,
     "documents in the collection (utility's fourth coefficient)",
     set_whole<trec, &trec_options::docs_in_collection>, put_whole<trec, &trec_options::docs_in_collection>},
    {"judgments", T | C, "-R", kind::choice, "qrels,prefs,qrels_prefs,qrels_jg", none, none, false, false,
     "what the qrels file holds: qrels, preferences (qid group subgroup docid level), qrels read as preferences, or "
     "qrels whose iter field names a judgment group",
     set_choice<trec, &trec_options::judgments>, put_choice<trec, &trec_options::judgments>},
    {"results_format", T, "-T", kind::choice, "trec_results", none, none, false, false,
     "what the run file holds: trec_results, the one format trec_eval 10.0 reads",
     set_choice<&batch_settings::results_format>, put_choice<&batch_settings::results_format>},
    {"no_summary", T, "-n", kind::flag, "", none, none, false, false, "no `all` lines (with -q, the queries only)",
     set_flag<&batch_settings::no_summary>, put_flag<&batch_settings::no_summary>},
    {"per_query", T | C, "-q", kind::flag, "", none, none, false, false, "every query's values, not only the means",
     set_flag<&batch_settings::per_query>, put_flag<&batch_settings::per_query>},
    {"digits", T | C, "", kind::whole, "", 0, 17, false, false, "decimals printed; 17 prints %.17g (trec)",
     set_whole<&batch_settings::digits>, put_whole<&batch_settings::digits>},
    {"tie_range", T | C, "", kind::flag, "", none, none, false, false,
     "also evaluate each run with its tied documents (equal scores) in their worst and best order (3 evaluations a run)",
     set_flag<&batch_settings::tie_range>, put_flag<&batch_settings::tie_range>},
    {"ci", T, "", kind::flag, "", none, none, false, false,
     "a seeded bootstrap 95% interval beside each mean over queries, with its queries",
     set_flag<&batch_settings::ci>, put_flag<&batch_settings::ci>},
    {"trials", T | C, "", kind::whole, "", 1, 1000000, false, false, "bootstrap resamples (and compare's randomization flips)",
     set_whole<&batch_settings::trials>, put_whole<&batch_settings::trials>},
    {"seed", T | C, "", kind::whole, "", 0, max_whole, false, false, "seed of the bootstrap and the randomization test",
     set_whole<&batch_settings::seed>, put_whole<&batch_settings::seed>},
    {"all_pairs", C, "", kind::flag, "", none, none, false, false,
     "compare every pair of runs, not each run against the first", set_flag<&batch_settings::all_pairs>,
     put_flag<&batch_settings::all_pairs>},
    {"holm_test", C, "", kind::choice, "ttest,wilcoxon,sign,randomization", none, none, false, false,
     "the test whose p-values are Holm-adjusted over the pairs of each measure",
     set_choice<&batch_settings::holm>, put_choice<&batch_settings::holm>},
    {"format", T | C, "", kind::choice, "text,markdown|md,json,csv,latex|tex", none, none, false, false,
     "the report's format (trec: text, json as pytrec_eval's {qid: {measure: value}} with \"all\", or csv)",
     set_choice<&batch_settings::format>,
     put_choice<&batch_settings::format>},
    {"table", C, "", kind::choice, "comparisons,tie_ranges,per_query", none, none, false, false,
     "the one table a CSV holds, named as in the JSON",
     set_choice<&batch_settings::table>, put_choice<&batch_settings::table>},
    {"run_format", T | C, "", kind::choice, input_format_choices, none, none, false, false,
     "how the runs are read: by their content (auto), or as TREC, CSV or TSV with a header, JSON, JSON Lines "
     "or MS MARCO TSV (qid pid rank)",
     set_choice<&batch_settings::run_format>, put_choice<&batch_settings::run_format>},
    {"qrels_format", T | C, "", kind::choice, input_format_choices, none, none, false, false,
     "how the judgments are read: by their content (auto), or as TREC, CSV, TSV, JSON, JSON Lines or LETOR (whose "
     "runs are predictions files, one score per line)",
     set_choice<&batch_settings::qrels_format>, put_choice<&batch_settings::qrels_format>},
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

const std::vector<std::string>& default_compare_measures() {
  static const std::vector<std::string> measures{"ndcg_cut.10", "map", "P.10", "recip_rank"};
  return measures;
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

void put_option_rows(command c, field_sink& out) {
  out.begin_list("rows");
  for (const option_row* r : option_rows(c)) {
    out.begin("");
    put_option_row(*r, c, default_text(*r, c), out);
    out.end();
  }
  out.end();
}

}  // namespace ndcg
