// Batch and compare modes of the full page: a batch evaluated in the runner
// (a worker) with a progress bar, and compare mode's runs and its drilled
// query. The full page's entry (main.js) hands FULL_MODES to the controller,
// so the embed page carries none of this, nor the runner it needs.
import { letorError, trecMatching } from './batch/batch-compute.js';
import { hasRun, runBatch, runnerOf } from './batch/batch-sources.js';
import { hasSources, sourceOf } from '../shared/sources.js';
import { kindOf } from './batch/engine.js';
import { analyse } from '../shared/analyse.js';
import { pickedComparison } from './comparison.js';
import { toApiOptions, toTrecEvaluation } from '../shared/state.js';
import * as view from '../shared/view.js';
import { draw } from '../shared/controller.js';

// Batch mode with a file or a long paste: evaluated away from the main
// thread; the last result stays on show until the new one arrives.
function startBatch(app) {
  const qrelsFormat = app.computed ? app.computed.qrelsFormat : null;
  app.computed = { mode: app.state.mode, error: null, notice: null, inputStatus: null, pending: true, qrelsFormat, matching: trecMatching(app.api, app.spec, app.state) };
  app.matching = app.computed.matching;
  app.job = { phase: 'reading', fraction: 0, name: '' };
  runBatch(app, (job) => {
    app.job = job;
    view.renderProgress(app.view, app.lang, job);
  }).then((done) => {
    if (!done) return;
    app.job = null;
    app.computed = { ...app.computed, pending: false, error: letorError(done.error || null, qrelsKindOf(app).startsWith('letor')) };
    if (done.trec) app.good = { analysis: null, trec: done.trec };
    if (done.compare) app.good = { analysis: null, trec: null, compare: done.compare };
    app.version++;
    draw(app);
    // A query named by the link (or open before) is shown side by side again.
    if (done.compare && app.state.query) loadDrill(app, false);
  });
}

// One side of a drilled query: its analysis, or why there is none.
function drillSide(app, lines, options) {
  if (!lines.trim()) return { analysis: null, error: null };
  try {
    return { analysis: analyse(app.api, lines, options), error: null };
  } catch (e) {
    return { analysis: null, error: e };
  }
}

/**
 * Compare mode: the state's query in the shown pair's two runs side by side,
 * each explained over the qrels' judgments of that query (the A/B view of
 * the explain mode). `focus` brings it into sight (a click, Enter).
 */
export async function loadDrill(app, focus) {
  const cmp = app.good.compare;
  const { query, measure, pair } = app.state;
  const c = cmp && query && cmp.qids.includes(query) ? pickedComparison(cmp, measure, pair) : null;
  if (!c) return;
  const [slotA, slotB] = [cmp.slots[cmp.runs.indexOf(c.runA)], cmp.slots[cmp.runs.indexOf(c.runB)]];
  const lines = await (await runnerOf(app)).call('linesOf', { qid: query, slots: [slotA, slotB, 'qrels'] });
  // The query's own judgments, not the whole qrels a pasted text holds.
  const { qrels, ...options } = toApiOptions(app.spec, app.state);
  if (lines.qrels.trim()) options.qrels = lines.qrels;
  app.drill = { qid: query, a: drillSide(app, lines[slotA], options), b: drillSide(app, lines[slotB], options) };
  app.version++;
  draw(app);
  if (focus) view.showDrill(app.view);
}

/** What compare mode still lacks before it can run ('' when nothing): two runs and the qrels. */
export function compareNeeds(app) {
  const letor = letorNeeds(app);
  if (letor === 'letorNeedGroup') return letor;
  if (!hasRun(app, 'ranking') || !hasRun(app, 'ranking-b')) return 'compareNeedRuns';
  return sourceOf(app, 'qrels') || app.state.qrels.trim() ? '' : 'compareNeedQrels';
}

// A batch mode's run starts in the runner, or, while an input is missing, the notice that names it.
function startOrAsk(app, mode, need) {
  if (!need) {
    startBatch(app);
    return;
  }
  app.batchSeq++;
  app.job = null;
  app.computed = { mode, error: null, notice: need, inputStatus: null, matching: trecMatching(app.api, app.spec, app.state), qrelsFormat: null };
}

// Compare mode always runs in the runner: its tests resample thousands of times.
function recomputeCompare(app) {
  startOrAsk(app, 'compare', compareNeeds(app));
}

/** What the judgments hold (kindOf the file's head or the box's text). */
export function qrelsKindOf(app) {
  const source = app.sources.qrels;
  return source ? source.kind || '' : kindOf(app.api, app.state.qrels);
}

/** What LETOR judgments still lack ('' when nothing): their predictions, or the group file that lines without qid: need. */
function letorNeeds(app) {
  const kind = qrelsKindOf(app);
  if (!kind.startsWith('letor')) return '';
  if (kind === 'letor-bare' && !app.sources.group) return 'letorNeedGroup';
  return hasRun(app, 'ranking') ? '' : 'letorNeedPredictions';
}

// Batch mode with a file: evaluated in the runner unless LETOR's predictions or group file are still missing.
function recomputeTrec(app) {
  startOrAsk(app, 'trec', letorNeeds(app));
}

// While a batch mode waits for its files, the runner (a worker and its module) starts and warms
// up when the page is idle, so that files chosen then are read and evaluated at once; a batch
// begun before that (the runner made) goes without, and so does a runner in the page (its
// warm-up would hold the page).
function warmRunner(app) {
  if (app.runner || app.warming) return;
  app.warming = true;
  const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 200));
  idle(() => {
    if (app.runner) return;
    runnerOf(app).then((runner) => runner.kind === 'worker' && runner.call('warm', { options: toTrecEvaluation(app.spec, app.state) })).catch(() => {});
  });
}

/** The modes computed away from the page's own compute(): true when `app`'s state is one of them. */
export const FULL_MODES = {
  recompute(app) {
    if (app.state.mode === 'trec' || app.state.mode === 'compare') warmRunner(app);
    if (app.state.mode === 'compare') recomputeCompare(app);
    else if (app.state.mode === 'trec' && hasSources(app)) recomputeTrec(app);
    else return false;
    return true;
  },
};
