// Each result's fields as the put_* writers write them (snake_case), with
// each field's type and one line of doc: one list per writer, the one place
// they are stated (tests/cpp/result_fields_test.cpp holds each writer to its
// list). The JS types (scripts/types/build-types.mjs, which checks every
// result the module returns against them), Python's stubs
// (scripts/types/build-stubs.mjs), Python's result attributes and merge's reader
// are read off these lists. Nothing the wasm module compiles includes this
// header, so the docs stay out of dist/ndcg.js.
//
// A row is {name, type, doc} or {name, type, doc, when}; `when` says when a
// field is there ("" : always). Each text is one string literal, as the
// generators read this file as text. Types:
//   int (a count), float, bool, str, null, 'literal'
//   T?  T or null       T[]  a list       {T}  an object whose names are data
//   [T, T]  a pair      A | B  either     (T)  grouping
//   Name    another list below (tie_range: TieRange), or one the generators
//           name: Options (the option table's values), Error (put_error's
//           fields), Preset (a preset's name), HolmTest (a holm_test choice)
#pragma once

#include <cstddef>
#include <string_view>

namespace ndcg {

struct field_doc {
  std::string_view name, type, doc, when;
  constexpr field_doc(std::string_view n, std::string_view t, std::string_view d, std::string_view w = {})
      : name(n), type(t), doc(d), when(w) {}
};

// put_step: one row of a step table.
inline constexpr field_doc step_fields[] = {
    {"position", "int", "1-based position in the ranking."},
    {"id", "str?", "The item's id; null when the input gives grades only."},
    {"rel", "float", "The item's grade (relevance)."},
    {"gain", "float", "The gain of the grade (2^rel - 1 for exponential gain)."},
    {"discount", "float", "The discount at this position (log2(position + 1) by default)."},
    {"weight", "float", "The position's weight (1 unless weights are given)."},
    {"contribution", "float", "gain / discount * weight: this row's share of DCG."},
    {"cumulative", "float", "DCG up to this position."},
    {"judged", "bool", "False when judgments were given and hold none for this item (it counts as grade 0)."},
};

// put_explanation's "reading": how the input was read.
inline constexpr field_doc reading_fields[] = {
    {"note", "str?", "In words: \"ordered by score, grades from the judgments\"; null when the format says it all."},
    {"columns", "str?", "A table's columns as read (\"query,doc,score,rel\")."},
    {"other", "str?", "The columns option that reads the same text the other way (\"doc,rel\"), or null."},
    {"query", "str?", "The query read, when the input names one."},
};

// put_explanation's "tie_range".
inline constexpr field_doc tie_range_fields[] = {
    {"min", "float?", "NDCG with tied items in their worst order."},
    {"max", "float?", "NDCG with tied items in their best order."},
};

// put_explanation's "metrics": the other measures of the same ranking.
inline constexpr field_doc metrics_fields[] = {
    {"precision", "float", "Relevant items in the top K over K."},
    {"recall", "float", "Relevant items in the top K over all relevant items."},
    {"average_precision", "float", "Mean of the precision at each relevant item's position."},
    {"reciprocal_rank", "float", "1 over the position of the first relevant item (0 when none)."},
    {"err", "float", "Expected reciprocal rank over the top K."},
    {"alpha_dcg", "float", "alpha-DCG over the subtopics.", "with subtopics"},
    {"alpha_idcg", "float", "alpha-DCG of the greedy ideal order.", "with subtopics"},
    {"alpha_ndcg", "float", "alpha-DCG over alpha-IDCG.", "with subtopics"},
};

// put_explanation: one ranking step by step.
inline constexpr field_doc explanation_fields[] = {
    {"format", "str", "The input format that was detected (never null: every input is read as one)."},
    {"reading", "Reading", "How the input was read."},
    {"preset", "Preset?", "The preset given, else the one the options match; null when they match none."},
    {"options", "Options", "Every option with the value it had."},
    {"k", "int", "The cutoff K (0: the whole ranking)."},
    {"n", "int", "Items in the ranking."},
    {"dcg", "float", "DCG@K of the ranking."},
    {"idcg", "float", "DCG@K of the ideal order."},
    {"ndcg", "float?", "DCG over IDCG; null when IDCG = 0 under zero_idcg 'skip'."},
    {"tie_range", "TieRange", "NDCG under the worst and the best order of items with equal scores (min = max when none tie)."},
    {"cg", "float", "Cumulative gain: the top K's gains, undiscounted."},
    {"has_judgments", "bool", "True when judgments (qrels) were given."},
    {"unjudged", "int", "Items of the ranking without a judgment.", "with judgments"},
    {"idcg_list", "float", "IDCG of the ranking's own items, as scikit-learn takes it.", "with judgments"},
    {"ndcg_list", "float", "NDCG against idcg_list.", "with judgments"},
    {"idcg_judged", "float", "IDCG of every judged item, as trec_eval takes it.", "with judgments"},
    {"ndcg_judged", "float", "NDCG against idcg_judged.", "with judgments"},
    {"missed", "int", "Judged items with a gain above 0 that the ranking does not hold.", "with judgments"},
    {"missed_ids", "str[]", "Their ids, largest gain first.", "with judgments"},
    {"in_ideal_order", "bool", "True when the top K follows the ideal order gain by gain (not merely DCG = IDCG)."},
    {"metrics", "Metrics", "The other measures of the same ranking."},
    {"steps", "Step[]", "One row per position of the ranking."},
    {"ideal_steps", "Step[]", "One row per position of the ideal order."},
    {"ndcg_at", "float?[]", "NDCG@k for k = 1..n; null where IDCG@k = 0 under zero_idcg 'skip'."},
    {"loss", "float[]", "Per position, the ideal term minus the actual one: always a number."},
};

// put_preset_score: one preset's NDCG for the same input.
inline constexpr field_doc preset_score_fields[] = {
    {"name", "Preset", "The preset."},
    {"dcg", "float", "DCG under the preset."},
    {"idcg", "float", "IDCG under the preset."},
    {"ndcg", "float?", "NDCG under the preset; null when not defined."},
    {"error", "Error?", "Why the preset does not apply to this input, or null."},
};

// put_analysis: everything the page shows for one input.
inline constexpr field_doc analysis_fields[] = {
    {"explanation", "Explanation", "The explanation under the options given."},
    {"items", "int", "Items read from the input."},
    {"matching_preset", "Preset | ''", "The preset whose options are the ones given, or ''."},
    {"unweighted_ndcg", "float?", "NDCG without the weights, when weights are given; else null."},
    {"presets", "PresetScore[]?", "Every preset side by side; null above 20,000 items."},
};

// put_readings' "inputs": how one batch input was read, as fields (its
// "readings" line words the same).
inline constexpr field_doc batch_reading_fields[] = {
    {"name", "str", "The input's name (\"qrels\", \"run\", or the name given)."},
    {"run", "int", "The run's number, from 1 in the order given; 0 for the judgments (with both, the one file)."},
    {"format", "'trec' | 'csv' | 'tsv' | 'json' | 'jsonl' | 'dict' | 'letor' | 'predictions' | 'msmarco' | 'frame'", "What it was read as: 'json' and 'jsonl' are records, 'dict' is {qid: {docid: number}} (scores for a run, grades for judgments), 'frame' a table held as columns (a DataFrame)."},
    {"gzip", "bool", "True when it was unpacked from gzip."},
    {"both", "bool", "True when the one file holds the run and the judgments."},
    {"columns", "{str}", "By role (query, doc, score, rank, rel, tag): the column or key read as it."},
    {"notes", "('score-is-rel' | 'doc-positions' | 'rank-order' | 'from-group')[]", "What else was read so: the score is the judgment (no rel column), doc ids are positions in the query, ordered by rank (score = -rank), LETOR's queries from the group file."},
    {"ignored", "str[]", "Columns or keys read as nothing."},
    {"lines", "int", "LETOR: the lines read (0 otherwise)."},
    {"queries", "int", "LETOR: the queries they make (0 otherwise)."},
    {"of", "str", "Predictions: the LETOR file whose lines they score ('' otherwise)."},
};

// put_input_kind: what a batch input seems to hold (inputKind()).
inline constexpr field_doc input_kind_fields[] = {
    {"format", "'trec' | 'csv' | 'tsv' | 'json' | 'jsonl' | 'letor' | 'msmarco'", "The format its first lines are in, as the readers detect it (TREC when they say nothing else)."},
    {"use", "'' | 'run' | 'qrels' | 'scores'", "What it is for: a run, judgments (a rel column, BEIR's corpus-id, TREC's four fields, LETOR), scores (one number a line: LETOR's predictions or group sizes), or '' when its lines do not say."},
    {"grouped", "bool", "False for LETOR lines without qid:, which need a group file to tell their queries apart."},
};

// put_evaluate_reply: put_trec_result's fields, then readings and text.
inline constexpr field_doc trec_result_fields[] = {
    {"measures", "str[]", "The measures' printed names (\"ndcg_cut_10\", \"P_5\"), in column order."},
    {"qids", "str[]", "The evaluated queries, in trec_eval's order."},
    {"per_query", "{{float? | str}}", "pytrec_eval's shape {qid: {measure: value}}; a text measure's value (relstring) is its text."},
    {"mean", "{float?}", "The \"all\" values (not relstring's, which has none); gm_map's is the geometric mean, runid's is null (see run_id)."},
    {"num_q", "int", "Queries evaluated."},
    {"run_id", "str", "The tag of the run's last line, as trec_eval's runid line prints it."},
    {"summary_only", "str[]", "Measures with an \"all\" value only, in no row of per_query (num_q, gm_map; with tie_range, NAME:ties)."},
    {"counts", "str[]", "Measures that count (num_q, num_ret, num_rel, num_rel_ret, ...): whole numbers, printed without decimals."},
    {"not_offered", "str[]", "Measures that all_trec named and that are not computed."},
    {"notes", "str[]", "Readings taken and trec_eval's faults avoided, as `ndcg trec` says them on stderr."},
    {"readings", "str[]", "How each input that is not plain TREC was read, as `ndcg trec` says on stderr."},
    {"inputs", "BatchReading[]", "The same readings as fields, in the same order."},
    {"text", "str", "`ndcg trec`'s output: text, or JSON or CSV as format says; no_summary, per_query, digits as its flags."},
    {"ci95", "{[float, float] | [null, null]}", "A seeded bootstrap 95% interval of each mean over queries; [null, null] under 10 queries.", "with ci"},
    {"ci_queries", "{int}", "The queries each interval rests on.", "with ci"},
};

// put_comparison: one measure, one pair of runs.
inline constexpr field_doc comparison_fields[] = {
    {"measure", "str", "The measure."},
    {"run_a", "str", "The first run of the pair."},
    {"run_b", "str", "The second run of the pair."},
    {"queries", "int", "Queries both runs have a value for."},
    {"mean_a", "float", "run_a's mean over those queries."},
    {"mean_b", "float", "run_b's mean over those queries."},
    {"diff", "float", "mean_b - mean_a."},
    {"ci95", "[float, float] | [null, null]", "A bootstrap 95% interval of diff; [null, null] when withheld (see interval)."},
    {"interval", "'bootstrap' | 'withheld'", "'withheld' below 10 queries, where a bootstrap interval covers the difference too rarely."},
    {"effect_size", "float?", "Cohen's d_z of the per-query differences; null when they do not vary."},
    {"wins", "int", "Queries where run_b is higher."},
    {"losses", "int", "Queries where run_b is lower."},
    {"ties", "int", "Queries where both are equal."},
    {"p_ttest", "float?", "Two-sided p of the paired t-test; null when the differences do not vary."},
    {"p_wilcoxon", "float?", "Two-sided p of the Wilcoxon signed-rank test."},
    {"p_sign", "float", "Two-sided p of the sign test."},
    {"p_randomization", "float", "Two-sided p of the paired randomization test."},
    {"p_holm", "float?", "Holm-adjusted p of the holm_test.", "with several pairs"},
    {"wilcoxon", "'exact' | 'normal'", "How p_wilcoxon was computed."},
    {"randomization", "'exact' | 'sampled'", "How p_randomization was computed: every sign flip, or trials of them."},
};

// put_tie_summary: one measure and run under the worst and best order of ties.
inline constexpr field_doc tie_range_summary_fields[] = {
    {"measure", "str", "The measure."},
    {"run", "str", "The run."},
    {"queries_changed", "int", "Queries whose value differs between the worst and the best order."},
    {"mean_min", "float", "The mean with tied documents in their worst order."},
    {"mean_max", "float", "The mean with tied documents in their best order."},
};

// put_compare_reply: put_compare_result's fields, then readings and text.
inline constexpr field_doc compare_result_fields[] = {
    {"runs", "str[]", "The runs' names, the first being the baseline."},
    {"measures", "str[]", "The measures compared."},
    {"qids", "str[]", "The queries, in the order of per_query's lists."},
    {"comparisons", "Comparison[]", "One per measure and pair of runs."},
    {"tie_ranges", "TieRangeSummary[]", "By measure, then run; empty with tie_range off."},
    {"per_query", "{float?[][]}", "per_query[measure][run][query], in the order of runs and qids."},
    {"per_query_worst", "{float?[][]}?", "The same with tied documents in their worst order; null with tie_range off."},
    {"per_query_best", "{float?[][]}?", "The same with tied documents in their best order; null with tie_range off."},
    {"trials", "int", "Bootstrap and randomization trials."},
    {"seed", "int", "The seed of the trials."},
    {"holm_test", "HolmTest", "The test whose p values Holm's method adjusts."},
    {"readings", "str[]", "How each input that is not plain TREC was read, as `ndcg compare` says on stderr."},
    {"inputs", "BatchReading[]", "The same readings as fields, in the same order."},
    {"text", "str", "The report in the format asked for (text by default), byte for byte `ndcg compare --format`'s."},
};

// put_presets: one row per preset.
inline constexpr field_doc preset_info_fields[] = {
    {"name", "Preset", "The preset's name."},
    {"summary", "str", "What it matches, in a line."},
    {"options", "Options", "The options it sets, with every other option at its default."},
};

// put_measure_description: one measure family.
inline constexpr field_doc measure_description_fields[] = {
    {"name", "str", "The family's name."},
    {"help", "str", "Its line in `ndcg trec --help`."},
    {"about", "str", "What it computes and its formula, in the words of its own file in the core."},
    {"parameters", "str", "What its parameters are."},
    {"all", "str", "How its \"all\" line is made (mean, sum, ...)."},
    {"ties", "str", "How tied scores are ordered; '' where the rule does not apply."},
    {"unjudged", "str", "What an unjudged document counts as; '' where the rule does not apply."},
    {"level", "str", "What -l changes; '' where the rule does not apply."},
    {"judged_only", "str", "What -J changes; '' where the rule does not apply."},
    {"text", "str", "`ndcg trec --help-measure NAME`'s text."},
};

// Not constexpr: reached while a constant is computed, it fails the build.
inline std::string_view no_such_field(std::string_view name) { return name; }

// A field's name, checked at compile time against its list (give it to a
// constexpr variable): a reader that names a field the writer does not
// write fails to compile.
template <std::size_t N>
constexpr std::string_view field_of(const field_doc (&list)[N], std::string_view name) {
  for (const field_doc& f : list)
    if (f.name == name) return f.name;
  return no_such_field(name);
}

}  // namespace ndcg
