// Batch mode's step from state to model when its run and qrels are in the
// boxes: one evaluateTrec call in the page, the result in columns, added to
// compute()'s MODELS (shared/compute.js) by importing this module, which the
// full page does. No DOM: tested in Node.
import { matchingOf, MODELS } from '../../shared/compute.js';
import { structuredError } from '../../shared/analyse.js';
import { batchConvention, toTrecEvaluation } from '../../shared/state.js';
import { columnsOf, kindOf } from './engine.js';

/** The preset batch mode's options match ('' for none). */
export function trecMatching(api, spec, state) {
  return matchingOf(api, batchConvention(spec, state));
}

/** Batch mode's model: what is missing, the result in columns, or the error. */
export function computeTrec(api, spec, state) {
  const matching = trecMatching(api, spec, state);
  const kind = kindOf(api, state.qrels);
  // LETOR's group sizes come from a file, which the runner evaluates (full-controller.js).
  if (kind === 'letor-bare') return { notice: 'letorNeedGroup', matching };
  if (!state.text.trim() || !state.qrels.trim()) {
    return { notice: kind === 'letor' ? 'letorNeedPredictions' : state.text.trim() ? 'trecNeedQrels' : 'trecNeedRun', matching };
  }
  try {
    return { trec: columnsOf(api.evaluateTrec(state.qrels, state.text, toTrecEvaluation(spec, state))), matching };
  } catch (e) {
    return { error: letorError(structuredError(e), kind === 'letor'), matching };
  }
}

/**
 * An error of LETOR's predictions or group file as the page words it: the
 * core says a count of lines is off as it says a count of fields is
 * (field-count), and a query met again as in a run; with LETOR judgments
 * the page names what was counted, and what to group.
 */
export function letorError(err, letor) {
  if (!err || !letor) return err;
  if (err.code === 'ungrouped-run' && err.source === 'qrels') return { ...err, code: 'letor-ungrouped' };
  // A line of several numbers is a count of fields after all (its column is past the first).
  if (err.code !== 'field-count' || err.column > 1) return err;
  if (err.source === 'run') return { ...err, code: 'prediction-count' };
  return err.source === 'group' ? { ...err, code: 'group-count' } : err;
}

MODELS.trec = computeTrec;
