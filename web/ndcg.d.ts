// Types of dist/ndcg.js: `require('./dist/ndcg.js')` or the global
// `createNdcgModule` of a classic <script>. Checked against the real module
// by tests/js/types.test.mjs.

export type GainKind = 'exp' | 'exponential' | 'linear' | 'table';
export type IdealSource = 'list' | 'judgments';
export type TiePolicy = 'input' | 'trec' | 'average';
export type ZeroPolicy = 'zero' | 'one' | 'skip';
export type NegativePolicy = 'reject' | 'zero' | 'drop';
export type ReportFormat = 'text' | 'markdown' | 'json' | 'csv' | 'latex';

export interface ExplainOptions {
  k?: number;
  gain?: GainKind;
  gainTable?: number[] | Float64Array;
  logBase?: number;
  weights?: number[] | Float64Array;
  ideal?: IdealSource;
  qrels?: string;
  idealCutToRetrieved?: boolean;
  ties?: TiePolicy;
  zeroIdcg?: ZeroPolicy;
  negatives?: NegativePolicy;
  integerGrades?: boolean;
  truncateGrades?: boolean;
  float32Scores?: boolean;
  maxGrade?: number;
  relevanceLevel?: number;
  errMaxGrade?: number;
  alpha?: number;
  preset?: string;
  decimals?: number;
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
}

export interface Explanation {
  format: string;
  preset: string | null;
  options: { gain: string; log_base: number; k: number; ideal: string; ties: string; zero_idcg: string; negatives: string };
  k: number;
  n: number;
  dcg: number;
  idcg: number;
  ndcg: number | null;
  cg: number;
  has_judgments: boolean;
  idcg_list?: number;
  ndcg_list?: number;
  idcg_judged?: number;
  ndcg_judged?: number;
  metrics: {
    precision: number;
    recall: number;
    average_precision: number;
    reciprocal_rank: number;
    err: number;
    alpha_dcg?: number;
    alpha_idcg?: number;
    alpha_ndcg?: number;
  };
  steps: Step[];
  ideal_steps: Step[];
  ndcg_at: (number | null)[];
  loss: number[];
}

export interface TrecOptions {
  measures?: string[];
  complete?: boolean;
  relevanceLevel?: number;
  preset?: string;
  gain?: 'exp' | 'linear';
  subtopics?: string;
  alpha?: number;
  errMaxGrade?: number;
  perQuery?: boolean;
  digits?: number;
}

export interface TrecResult {
  measures: string[];
  qids: string[];
  perQuery: Record<string, Record<string, number | null>>;
  mean: Record<string, number | null>;
  numQ: number;
  text: string;
}

export interface PresetInfo {
  name: string;
  summary: string;
  options: ExplainOptions;
}

export interface NdcgApi {
  explain(input: string | number[] | Float64Array, options?: ExplainOptions): Explanation;
  render(input: string | number[] | Float64Array, options?: ExplainOptions, format?: ReportFormat): string;
  evaluateTrec(qrelsText: string, runText: string, options?: TrecOptions): TrecResult;
  presets(): PresetInfo[];
  matchingPreset(options?: ExplainOptions): string;
  detectFormat(text: string): string;
  memoryBytes(): number;
  ready(): Promise<void>;
}

export declare class NdcgError extends Error {
  code: 'bad-input' | 'bad-option' | 'restarting';
  line: number;
  column: number;
  source: string;
}

export interface CreateNdcgModule {
  (moduleArg?: object): Promise<NdcgApi>;
  createNdcgModule: CreateNdcgModule;
  NdcgError: typeof NdcgError;
}

declare const createNdcgModule: CreateNdcgModule;
export default createNdcgModule;
