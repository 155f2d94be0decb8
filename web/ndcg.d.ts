// Types of require('ndcg-calc') and require('./dist/ndcg.js'): the module
// sets module.exports to the factory, so the declaration is `export =`, and
// the named types travel on the factory's namespace (one alias per type of
// ndcg-types.d.ts; a test checks that none is missing).
import type * as T from './ndcg-types';

declare function createNdcgModule(moduleArg?: object): Promise<T.NdcgApi>;
declare namespace createNdcgModule {
  const createNdcgModule: T.CreateNdcgModule;
  const NdcgError: typeof T.NdcgError;
  type NdcgError = T.NdcgError;
  type GainKind = T.GainKind;
  type IdealSource = T.IdealSource;
  type TiePolicy = T.TiePolicy;
  type ZeroPolicy = T.ZeroPolicy;
  type NegativePolicy = T.NegativePolicy;
  type ReportFormat = T.ReportFormat;
  type PresetName = T.PresetName;
  type MeasureName = T.MeasureName;
  type MeasureSpec = T.MeasureSpec;
  type ExplainOptions = T.ExplainOptions;
  type ResolvedOptions = T.ResolvedOptions;
  type OptionValue = T.OptionValue;
  type OptionRow = T.OptionRow;
  type Step = T.Step;
  type Reading = T.Reading;
  type Explanation = T.Explanation;
  type PresetScore = T.PresetScore;
  type Analysis = T.Analysis;
  type BatchInput = T.BatchInput;
  type TrecOptions = T.TrecOptions;
  type TrecResult = T.TrecResult;
  type CompareOptions = T.CompareOptions;
  type CompareOptionRow = T.CompareOptionRow;
  type TrecOptionRow = T.TrecOptionRow;
  type Comparison = T.Comparison;
  type TieRangeSummary = T.TieRangeSummary;
  type CompareResult = T.CompareResult;
  type PresetInfo = T.PresetInfo;
  type NdcgApi = T.NdcgApi;
  type CreateNdcgModule = T.CreateNdcgModule;
}
export = createNdcgModule;
