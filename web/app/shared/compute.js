// The step from state to model: which calls the module gets for a state
// and what the page should show. No DOM and no timers, so it runs in Node
// against dist/ndcg.js as well as in the page. The explain view's only
// caller of the module is analyse() (one call per change with a module
// that has api.analyse). Batch mode, which calls evaluateTrec, is the full
// page's: full/batch/batch-compute.js adds it to MODELS, so the embed page
// and the element carry none of it.
import { analyse, structuredError } from './analyse.js';
import { toApiOptions } from './state.js';

/**
 * The model of a mode other than explain, a function (api, spec, state) by
 * mode, added by the module that computes it (batch mode's `trec`:
 * full/batch/batch-compute.js). A mode without one is explained as one ranking.
 */
export const MODELS = {};

/** The preset `options` match ('' for none; undefined when the module refused them). */
export function matchingOf(api, options) {
  try {
    return api.matchingPreset(options);
  } catch {
    return undefined;
  }
}

// The convention of a state: its options without the judgments, and
// without option `skip` (one the module refused).
function conventionOf(spec, state, skip = '') {
  const { qrels, ...options } = toApiOptions(spec, skip ? { ...state, [skip]: spec.defaults[skip] } : state);
  return options;
}

// The A/B view's ranking B under the same options: one more call, only when B has text.
function secondRanking(api, state, options) {
  if (!state.textB || !state.textB.trim()) return {};
  try {
    return { analysisB: analyse(api, state.textB, options) };
  } catch (e) {
    return { errorB: structuredError(e) };
  }
}

function computeExplain(api, spec, state) {
  const options = toApiOptions(spec, state);
  if (!state.text.trim()) return { notice: 'emptyInput', matching: matchingOf(api, conventionOf(spec, state)) };
  try {
    const analysis = analyse(api, state.text, options);
    const { format, reading } = analysis.explanation;
    return { analysis, matching: analysis.matchingPreset, inputStatus: { format, n: analysis.items, reading }, ...secondRanking(api, state, options) };
  } catch (e) {
    const err = structuredError(e);
    const bad = err.source === 'options' && spec.byKey.has(err.key) ? err.key : '';
    return { error: err, matching: matchingOf(api, conventionOf(spec, state, bad)) };
  }
}

// The judgments' format changes only when they do: reuse the last answer.
function qrelsFormatOf(api, qrels, previous) {
  if (previous && previous.qrelsFormat && previous.qrelsFormat.text === qrels) return previous.qrelsFormat;
  let format = null;
  try {
    format = qrels.trim() ? api.detectFormat(qrels) : null;
  } catch {
    format = null;
  }
  return { text: qrels, format };
}

/**
 * The model for a state.
 * @param {object} api the module's API
 * @param {object} spec from specOf(api)
 * @param {object} state the page state
 * @param {object|null} previous the model computed before, or null
 * @returns {{mode, analysis?, trec?, error?, notice?, inputStatus?, matching?, qrelsFormat}}
 *   `matching` undefined means "not known this time"; `analysis` and `trec`
 *   are absent when the input could not be read.
 */
export function compute(api, spec, state, previous = null) {
  const model = (MODELS[state.mode] || computeExplain)(api, spec, state);
  return { mode: state.mode, error: null, notice: null, inputStatus: null, ...model, qrelsFormat: qrelsFormatOf(api, state.qrels, previous) };
}
