// The types of the module's API, one declaration each. ndcg.d.ts gives them
// to require('ndcg-calc') (export =), ndcg.d.mts to import, ndcg-calc.d.ts
// to the element. Checked against the real module by tests/js/types.test.mjs.

export type GainKind = 'exp' | 'exponential' | 'linear' | 'table';
export type IdealSource = 'list' | 'judgments';
export type TiePolicy = 'input' | 'trec' | 'average';
export type ZeroPolicy = 'zero' | 'one' | 'skip';
export type NegativePolicy = 'reject' | 'zero' | 'drop';
export type ReportFormat = 'text' | 'markdown' | 'json' | 'csv' | 'latex';

// The names in the core's tables, one union each: presets() (presets.cpp) and
// the measures `ndcg trec -m` takes (trec_measure_names(), trec.cpp).
// tests/cpp/names_test.cpp checks both unions against the tables.
export type PresetName = 'document' | 'trec_eval' | 'gdeval' | 'sklearn' | 'lightgbm' | 'xgboost' | 'xgboost-' | 'tf-ranking' | 'torchmetrics' | 'elasticsearch';
export type MeasureName = 'runid' | 'num_q' | 'num_ret' | 'num_rel' | 'num_rel_ret' | 'map' | 'gm_map' | 'Rprec' | 'bpref' | 'recip_rank' | 'iprec_at_recall' | 'P' | 'relstring' | 'recall' | 'infAP' | 'gm_bpref' | 'Rprec_mult' | 'utility' | '11pt_avg' | 'binG' | 'G' | 'dcg' | 'ideal_dcg' | 'ndcg' | 'ndcg_rel' | 'Rndcg' | 'ndcg_cut' | 'map_cut' | 'relative_P' | 'success' | 'set_P' | 'set_relative_P' | 'set_recall' | 'set_map' | 'set_F' | 'num_nonrel_judged_ret' | 'num_nonjudged_ret' | 'prefs_num_prefs_poss' | 'prefs_num_prefs_ful' | 'prefs_num_prefs_ful_ret' | 'prefs_simp' | 'prefs_pair' | 'prefs_avgjg' | 'prefs_avgjg_Rnonrel' | 'prefs_simp_ret' | 'prefs_pair_ret' | 'prefs_avgjg_ret' | 'prefs_avgjg_Rnonrel_ret' | 'prefs_simp_imp' | 'prefs_pair_imp' | 'prefs_avgjg_imp' | 'map_avgjg' | 'P_avgjg' | 'Rprec_mult_avgjg' | 'yaap' | 'rbp' | 'rbp_resid' | 'unj' | 'err_cut' | 'alpha_ndcg_cut' | 'judged';
/** A measure as `-m` takes it: a name, with parameters after a dot ('ndcg_cut.5,10', 'ndcg.1=1,2=3'), or a nickname. */
export type MeasureSpec = MeasureName | `${MeasureName}.${string}` | 'official' | 'set' | 'all_trec' | 'all_qrels' | 'all_prefs' | 'prefs' | 'qrels_jg';

// One member per row of the core's option table (optionSchema()), plus the
// judgments text. Every value may also be given as text, read as the CLI reads it.
export interface ExplainOptions {
  preset?: PresetName;
  k?: number | string;
  gainTable?: number[] | Float64Array | string;
  gain?: GainKind;
  logBase?: number | string;
  weights?: number[] | Float64Array | string;
  ideal?: IdealSource;
  idealCutToRetrieved?: boolean | string;
  ties?: TiePolicy;
  zeroIdcg?: ZeroPolicy;
  negatives?: NegativePolicy;
  integerGrades?: boolean | string;
  truncateGrades?: boolean | string;
  float32Scores?: boolean | string;
  maxGrade?: number | string;
  relevanceLevel?: number | string;
  errMaxGrade?: number | string;
  alpha?: number | string;
  decimals?: number | string;
  /** What each column holds (query, doc, score, rel, rank, subtopics, tag, - to skip): one list or one name per entry. */
  columns?: string | string[];
  /** The query to explain when the input holds several. */
  query?: string | string[];
  qrels?: string;
}

/** Every option with its value, as an explanation reports them. */
export interface ResolvedOptions {
  preset: PresetName | null;
  k: number;
  gainTable: number[];
  gain: 'exp' | 'linear' | 'table';
  logBase: number;
  weights: number[];
  ideal: IdealSource;
  idealCutToRetrieved: boolean;
  ties: TiePolicy;
  zeroIdcg: ZeroPolicy;
  negatives: NegativePolicy;
  integerGrades: boolean;
  truncateGrades: boolean;
  float32Scores: boolean;
  maxGrade: number;
  relevanceLevel: number;
  errMaxGrade: number;
  alpha: number;
  decimals: number;
  columns: string;
  query: string;
}

/** An option's value as readOption() gives it: numbers, flags, a choice's name, a list of numbers, a text. */
export type OptionValue = number | boolean | string | number[];

/** One row of the core's option table. */
export interface OptionRow {
  key: keyof ExplainOptions;
  flag: string;
  kind: 'choice' | 'whole' | 'real' | 'reals' | 'flag';
  choices: string[];
  min: number | null;
  max: number | null;
  aboveMin: boolean;
  default: string;
  help: string;
  preset: boolean;
}

export interface Step {
  position: number;
  id: string | null;
  rel: number;
  gain: number;
  discount: number;
  weight: number;
  contribution: number;
  cumulative: number;
  /** False when judgments were given and hold none for this item (it counts as grade 0). */
  judged: boolean;
}

/** How the input was read, besides its format. */
export interface Reading {
  /** In words: "ordered by score, grades from the judgments"; null when the format says it all. */
  note: string | null;
  /** A table's columns as read ("query,doc,score,rel"). */
  columns: string | null;
  /** The columns option that reads the same text the other way ("doc,rel"), or null. */
  other: string | null;
  /** The query read, when the input names one. */
  query: string | null;
}

export interface Explanation {
  /** The input format that was detected (never null: every input is read as one). */
  format: string;
  reading: Reading;
  /** The preset given, else the one the options match; null when they match none. */
  preset: PresetName | null;
  options: ResolvedOptions;
  k: number;
  n: number;
  dcg: number;
  idcg: number;
  ndcg: number | null;
  /** NDCG under the worst and the best order of items with equal scores (min = max when none tie). */
  tieRange: { min: number | null; max: number | null };
  cg: number;
  hasJudgments: boolean;
  /** Items of the ranking without a judgment (with judgments only). */
  unjudged?: number;
  idcgList?: number;
  ndcgList?: number;
  idcgJudged?: number;
  ndcgJudged?: number;
  metrics: {
    precision: number;
    recall: number;
    averagePrecision: number;
    reciprocalRank: number;
    err: number;
    alphaDcg?: number;
    alphaIdcg?: number;
    alphaNdcg?: number;
  };
  steps: Step[];
  idealSteps: Step[];
  /** NDCG@k for k = 1..n; null where IDCG@k = 0 under zeroIdcg 'skip'. */
  ndcgAt: (number | null)[];
  /** Per position, the ideal term minus the actual one: always a number. */
  loss: number[];
}

/** One input under one preset, for the side-by-side comparison. */
export interface PresetScore {
  name: PresetName;
  dcg: number;
  idcg: number;
  ndcg: number | null;
  error: NdcgError | null;
}

/** Everything the page shows for one input, from one call into the core. */
export interface Analysis {
  explanation: Explanation;
  format: string;
  items: number;
  matchingPreset: PresetName | '';
  unweightedNdcg: number | null;
  presets: PresetScore[] | null;
  render(format?: ReportFormat): string;
}

// One member per row of the option table that `ndcg trec` takes
// (trecOptionSchema()), plus the subtopic qrels text. Every value may also
// be given as text, read as the CLI reads it.
export interface TrecOptions {
  preset?: PresetName;
  gainTable?: number[] | Float64Array | string;
  gain?: 'exp' | 'exponential' | 'linear' | 'table';
  relevanceLevel?: number | string;
  errMaxGrade?: number | string;
  alpha?: number | string;
  measures?: MeasureSpec[];
  complete?: boolean | string;
  /** A qrels query missing from the run is an error (else it is left out, as trec_eval documents). */
  strict?: boolean | string;
  /** The run is one shard of a larger one: no error when it shares no query with the qrels. */
  shard?: boolean | string;
  k?: number | string;
  ties?: 'input' | 'trec' | 'average';
  zeroIdcg?: 'zero' | 'one' | 'skip';
  /** trec_eval's -M: keep the top N documents of each query (0 = all). */
  maxDocs?: number | string;
  /** trec_eval's -J: drop unjudged documents from each ranking first. */
  judgedOnly?: boolean | string;
  /** trec_eval's -N: documents in the collection (utility). */
  docsInCollection?: number | string;
  /** trec_eval's -R: what the qrels text holds. */
  judgments?: 'qrels' | 'prefs' | 'qrels_prefs' | 'qrels_jg';
  /** trec_eval's -T: trec_results, the one run format. */
  resultsFormat?: 'trec_results';
  /** trec_eval's -n: no "all" lines in the text. */
  noSummary?: boolean | string;
  perQuery?: boolean | string;
  digits?: number | string;
  format?: 'text' | 'json' | 'csv' | 'markdown' | 'md' | 'latex' | 'tex';
  /** How the run is read: by its content (auto), or as the format named. */
  runFormat?: 'auto' | 'trec' | 'csv' | 'tsv' | 'json' | 'jsonl' | 'letor';
  /** How the judgments are read: by their content (auto), or as the format named (letor: the run is a predictions file). */
  qrelsFormat?: 'auto' | 'trec' | 'csv' | 'tsv' | 'json' | 'jsonl' | 'letor';
  /** LETOR's group sizes, one per line (LightGBM .query, XGBoost .group), for lines without qid: (queries named 1, 2, ...). An input, not an option. */
  group?: string | Uint8Array;
  /** Subtopic qrels (`qid subtopic docid judgment`) for alpha_ndcg_cut: an input, not an option. */
  subtopics?: string | Uint8Array;
  /** trec_eval's -Z: lines `qid measure mean stddev`; values become z-scores named as trec_eval prints them (`Zmap`). An input, not an option. */
  zscores?: string | Uint8Array;
}

/** A run or judgments as the batch calls take them: text, bytes, {qid: {docid: number}} or records. */
export type BatchInput = string | Uint8Array | Record<string, Record<string, number>> | Record<string, string | number>[];

export interface TrecResult {
  measures: string[];
  qids: string[];
  /** pytrec_eval's shape; a text measure's value (relstring) is its text. */
  perQuery: Record<string, Record<string, number | string | null>>;
  /** The "all" values (not relstring's, which has none); gm_map's is the geometric mean, runid's is null (see runId). */
  mean: Record<string, number | null>;
  numQ: number;
  /** The tag of the run's last line, as trec_eval's runid line prints it. */
  runId: string;
  /** Measures that `all_trec` named and that are not computed. */
  notOffered: string[];
  /** Readings taken and trec_eval's faults avoided, as `ndcg trec` says them on stderr. */
  notes: string[];
  /** How each input that is not plain TREC was read ("run read as CSV: query_id -> query, ..."), as `ndcg trec` says on stderr. */
  readings: string[];
  /** `ndcg trec`'s output: text, or JSON or CSV as `format` says; `noSummary`, `perQuery`, `digits` as its flags. */
  text: string;
}

// One member per row of the option table that `ndcg compare` takes
// (compareOptionSchema()). Every value may also be given as text, read as
// the CLI reads it.
export interface CompareOptions {
  preset?: PresetName;
  gainTable?: number[] | Float64Array | string;
  gain?: 'exp' | 'exponential' | 'linear' | 'table';
  relevanceLevel?: number | string;
  errMaxGrade?: number | string;
  alpha?: number | string;
  measures?: MeasureSpec[];
  complete?: boolean | string;
  k?: number | string;
  ties?: 'input' | 'trec' | 'average';
  zeroIdcg?: 'zero' | 'one' | 'skip';
  /** trec_eval's -M: keep the top N documents of each query (0 = all). */
  maxDocs?: number | string;
  /** trec_eval's -J: drop unjudged documents from each ranking first. */
  judgedOnly?: boolean | string;
  /** trec_eval's -N: documents in the collection (utility). */
  docsInCollection?: number | string;
  /** trec_eval's -R: what the qrels text holds. */
  judgments?: 'qrels' | 'prefs' | 'qrels_prefs' | 'qrels_jg';
  perQuery?: boolean | string;
  digits?: number | string;
  tieRange?: boolean | string;
  trials?: number | string;
  seed?: number | string;
  allPairs?: boolean | string;
  holmTest?: 'ttest' | 'wilcoxon' | 'sign' | 'randomization';
  format?: ReportFormat | 'md' | 'tex';
  names?: string[];
  /** How the runs are read: by their content (auto), or as the format named. */
  runFormat?: 'auto' | 'trec' | 'csv' | 'tsv' | 'json' | 'jsonl' | 'letor';
  /** How the judgments are read (letor: the runs are predictions files). */
  qrelsFormat?: 'auto' | 'trec' | 'csv' | 'tsv' | 'json' | 'jsonl' | 'letor';
  /** LETOR's group sizes, one per line, for lines without qid:. An input, not an option. */
  group?: string | Uint8Array;
}

/** One row of the option table as `ndcg compare` takes it. */
export interface CompareOptionRow {
  key: Exclude<keyof CompareOptions, 'group'>;
  flag: string;
  /** trec_eval's spelling (-m, -q, -c, -l), or ''. */
  shortFlag: string;
  kind: 'choice' | 'whole' | 'real' | 'reals' | 'flag' | 'texts';
  choices: string[];
  min: number | null;
  max: number | null;
  /** The default for this command ("linear" for gain, where explain's is "exp"). */
  default: string;
  help: string;
}

/** One row of the option table as `ndcg trec` takes it. */
export interface TrecOptionRow {
  key: Exclude<keyof TrecOptions, 'subtopics' | 'zscores' | 'group'>;
  flag: string;
  /** trec_eval's spelling (-m, -q, -c, -l), or ''. */
  shortFlag: string;
  kind: 'choice' | 'whole' | 'real' | 'reals' | 'flag' | 'texts';
  choices: string[];
  min: number | null;
  max: number | null;
  /** The default for this command ("linear" for gain, where explain's is "exp"). */
  default: string;
  help: string;
}

/**
 * One measure, run B against run A (d = B - A per query). Every comparison has at least one
 * query and compare's measures always have a value, so means, the difference, its interval and
 * the sign and randomization p-values are numbers; null where a value is undefined: d_z and the
 * t-test when every d is equal, Wilcoxon's normal approximation when every d is 0.
 */
export interface Comparison {
  measure: string;
  runA: string;
  runB: string;
  queries: number;
  meanA: number;
  meanB: number;
  diff: number;
  /** [null, null] when withheld: fewer than 10 queries (see `interval`). */
  ci95: [number, number] | [null, null];
  /** 'withheld' below 10 queries, where a bootstrap interval covers the difference too rarely. */
  interval: 'bootstrap' | 'withheld';
  effectSize: number | null;
  wins: number;
  losses: number;
  ties: number;
  pTtest: number | null;
  pWilcoxon: number | null;
  pSign: number;
  pRandomization: number;
  /** Holm-adjusted p of the holmTest, when the measure has several pairs. */
  pHolm?: number | null;
  wilcoxon: 'exact' | 'normal';
  randomization: 'exact' | 'sampled';
}

/** How far the order of one run's tied documents moves one measure's mean. */
export interface TieRangeSummary {
  measure: string;
  run: string;
  /** Queries whose value differs between the worst and the best order. */
  queriesChanged: number;
  meanMin: number;
  meanMax: number;
}

export interface CompareResult {
  runs: string[];
  measures: string[];
  qids: string[];
  comparisons: Comparison[];
  /** By measure, then run; empty with tieRange: false. */
  tieRanges: TieRangeSummary[];
  /** perQuery[measure][run][query], in the order of runs and qids. */
  perQuery: Record<string, (number | null)[][]>;
  /** The same with tied documents in their worst and their best order; null with tieRange: false. */
  perQueryWorst: Record<string, (number | null)[][]> | null;
  perQueryBest: Record<string, (number | null)[][]> | null;
  trials: number;
  seed: number;
  holmTest: 'ttest' | 'wilcoxon' | 'sign' | 'randomization';
  /** How each input that is not plain TREC was read, as `ndcg compare` says on stderr. */
  readings: string[];
  /** The report in options.format (text by default), byte for byte `ndcg compare --format`'s; with perQuery every query's values and B − A. */
  text: string;
}

export interface PresetInfo {
  name: PresetName;
  summary: string;
  options: ResolvedOptions;
}

export interface NdcgApi {
  explain(input: string | number[] | Float64Array, options?: ExplainOptions): Explanation;
  analyse(input: string | number[] | Float64Array, options?: ExplainOptions): Analysis;
  optionSchema(): OptionRow[];
  errorCodes(): { code: string; args: string[] }[];
  render(input: string | number[] | Float64Array, options?: ExplainOptions, format?: ReportFormat): string;
  /** The texts as strings or as their UTF-8 bytes (Uint8Array, Buffer: copied into the module's memory with no JS string made). */
  /** qrels and run: TREC, CSV/TSV, JSON or JSON Lines text or bytes (gzip unpacked in Node), {qid: {docid: number}} or an array of records; a LETOR file and its predictions; run null: the qrels hold both. */
  evaluateTrec(qrels: BatchInput, run?: BatchInput | null, options?: TrecOptions): TrecResult;
  compareRuns(qrels: BatchInput, runs: BatchInput[], options?: CompareOptions): CompareResult;
  compareOptionSchema(): CompareOptionRow[];
  trecOptionSchema(): TrecOptionRow[];
  presets(): PresetInfo[];
  matchingPreset(options?: ExplainOptions): PresetName | '';
  detectFormat(text: string): string;
  /**
   * One option's value read from text by the core's option table, as the CLI reads it (a key of
   * optionSchema(), trecOptionSchema() or compareOptionSchema()): a number, a boolean, a choice's
   * name, a list of numbers or a text. A value the row refuses throws its NdcgError (source 'options').
   */
  readOption(key: string, text: string): OptionValue;
  /** 'full' (dist/ndcg.js, the page) or 'light' (embed.html, ndcg-calc.js): there evaluateTrec and compareRuns throw code 'not-in-build' and compareOptionSchema() and trecOptionSchema() are []. */
  build: 'full' | 'light';
  memoryBytes(): number;
  ready(): Promise<void>;
}

export declare class NdcgError extends Error {
  /** A code from errorCodes(), e.g. 'not-a-number', 'out-of-range', 'duplicate-id'. */
  code: string;
  source: '' | 'ranking' | 'judgments' | 'run' | 'qrels' | 'subtopics' | 'zscores' | 'labels' | 'scores' | 'options';
  /** The option's key when source is 'options'. */
  key: string;
  /** Which of several inputs of the source, 1-based (compareRuns' runs); 0 when there is one. */
  index: number;
  line: number;
  column: number;
  /** The values the code names (errorCodes()), e.g. { found: 'x' }. */
  args: Record<string, string>;
}

export interface CreateNdcgModule {
  /** Resolves to the API; each call makes a fresh instance of the wasm. The argument is ignored (kept for callers that passed Emscripten options). */
  (moduleArg?: object): Promise<NdcgApi>;
  createNdcgModule: CreateNdcgModule;
  NdcgError: typeof NdcgError;
}
