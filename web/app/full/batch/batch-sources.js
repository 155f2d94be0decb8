// The full page's sources: files (read by the batch engine's reader, gzip
// included) and the runner (runner.js, a worker) that holds batch and
// compare mode's inputs and evaluates them while a progress bar says how
// far it is. The sources themselves are shared/sources.js.
import { createRunner } from './runner.js';
import { readFile } from './engine.js';
import { structuredError } from '../../shared/analyse.js';
import { sourceOf } from '../../shared/sources.js';
import { boxesOf, FIELD, RUN_BOXES, runBoxes, runLetter, slotOf, toCompareOptions, toTrecEvaluation } from '../../shared/state.js';

/** The largest input the core reads (ndcg::limits::max_bytes, stated in docs/inputs.md). */
export const MAX_INPUT_BYTES = 256 * 2 ** 20;
/**
 * The largest run batch mode takes: the core reads a TREC run in pieces, with no limit
 * on its size, but the page holds the file's bytes (docs/inputs.md). A run in another
 * format is read whole, and the core refuses it above MAX_INPUT_BYTES.
 */
export const MAX_RUN_BYTES = 2 ** 30;

/** The runner, made once (a worker where the page can make one). */
export function runnerOf(app) {
  if (!app.runner) app.runner = createRunner(app.view.doc, { noWorker: Boolean(globalThis.__ndcgNoWorker) });
  return app.runner;
}

/** A file chosen in batch mode: only its handle is kept here; the runner reads it. */
export function fileSource(file) {
  return { origin: 'file', name: file.name, file, bytes: file.size, lines: null, format: null, gzip: /\.gz$/i.test(file.name) };
}

/** Reads a file in the page (explain mode): its text, or a structured error. */
export async function readInPage(file, slot, progress) {
  return (await readFile(file, slot, MAX_INPUT_BYTES, progress)).text;
}

// Batch mode's run is read by the core in pieces; every other input is held whole.
const streamed = (mode, slot) => mode === 'trec' && slot === 'run';

// The module's memory a file will take once evaluated, touched while it is read (engine.js): a
// text the core holds whole takes about twice its bytes; a streamed run, next to none.
function heldBytes(mode, slot, file) {
  return streamed(mode, slot) ? 0 : 2 * file.size;
}

/** The most bytes a file in `slot` may unpack to in `mode`. */
export function fileLimit(mode, slot) {
  return streamed(mode, slot) ? MAX_RUN_BYTES : MAX_INPUT_BYTES;
}

// What the runner must hold in `slot`: the source, or the box's text.
function wanted(app, slot, box) {
  const source = app.sources[slot];
  const { mode } = app.state;
  if (source && source.file) return { key: source, args: { slot, file: source.file, limit: fileLimit(mode, slot), reserve: heldBytes(mode, slot, source.file) } };
  if (source) return { key: source, args: { slot, text: source.text } };
  // The group slot has no box: without a file it holds nothing.
  const text = box === 'group' ? '' : app.state[FIELD[box]];
  return { key: `text:${text}`, args: { slot, text } };
}

// Loads `slot` unless the runner holds (or is reading) that input already.
function loadSlot(app, runner, slot, box, onProgress) {
  const { key, args } = wanted(app, slot, box);
  const held = app.loaded[slot];
  if (held && held.key === key) return held.done;
  const name = app.sources[slot] ? app.sources[slot].name : '';
  onProgress({ phase: 'reading', slot, name, fraction: 0 });
  const done = runner.call('load', args, (fraction) => onProgress({ phase: 'reading', slot, name, fraction })).then((info) => {
    if (app.sources[slot] === key) Object.assign(key, info);
  });
  app.loaded[slot] = { key, done };
  return done;
}

// Every load is asked for at once: the runner reads the files side by side and answers in turn.
async function loadSlots(app, runner, seq, onProgress) {
  const boxes = app.state.mode === 'compare' ? [...comparedBoxes(app), 'qrels'] : boxesOf(app.state.mode);
  const loads = [...boxes.map((box) => [slotOf(app.state.mode, box), box]), ['group', 'group']]
    .map(([slot, box]) => loadSlot(app, runner, slot, box, onProgress));
  for (const done of loads) done.catch(() => {});  // the first failure is the one reported
  for (const done of loads) {
    await done;
    if (seq !== app.batchSeq) return false;
  }
  return true;
}

/** True when compare mode's `box` holds a run (a source or text in the box). */
export const hasRun = (app, box) => Boolean(sourceOf(app, box, 'compare') || app.state[FIELD[box]].trim());

/** The run boxes compared: A and B always, C to H when they hold a run (an empty added box waits). */
export function comparedBoxes(app) {
  return runBoxes(app.state.runs).filter((box, i) => i < 2 || hasRun(app, box));
}

/** The names compare mode gives the runs of `boxes`: a file's name, else the box's letter; a repeated name gets its letter too. */
export function runNames(app, boxes) {
  const names = boxes.map((box) => {
    const source = sourceOf(app, box, 'compare');
    return source && source.origin === 'file' ? source.name : runLetter(box);
  });
  return names.map((name, i) => (names.indexOf(name) < i ? `${name} (${runLetter(boxes[i])})` : name));
}

// compareRuns numbers the runs it was given; the page's boxes are numbered with the empty ones too.
function boxError(e, boxes) {
  if (e && e.source === 'run' && e.index >= 1 && boxes[e.index - 1]) e.index = RUN_BOXES.indexOf(boxes[e.index - 1]) + 1;
  return e;
}

// One call for the mode: evaluateTrec in batch mode, compareRuns in compare mode.
async function evaluateIn(app, runner) {
  if (app.state.mode !== 'compare') return { trec: await runner.call('evaluate', { options: toTrecEvaluation(app.spec, app.state) }) };
  const boxes = comparedBoxes(app);
  const slots = boxes.map((box) => slotOf('compare', box));
  try {
    const compare = await runner.call('compare', { slots, options: toCompareOptions(app.spec, app.state, runNames(app, boxes)) });
    // Which runner slot and which box letter each run of the result came from.
    return { compare: { ...compare, slots, letters: boxes.map(runLetter) } };
  } catch (e) {
    throw boxError(e, boxes);
  }
}

/**
 * Evaluates the batch or compare sources: loads what changed into the
 * runner, then evaluates. onProgress({phase, slot, name, fraction}) while it
 * works; resolves with {trec}, {compare} or {error}, or null when a newer
 * job replaced it.
 */
export async function runBatch(app, onProgress) {
  const seq = ++app.batchSeq;
  try {
    const runner = await runnerOf(app);
    if (!(await loadSlots(app, runner, seq, onProgress))) return null;
    onProgress({ phase: 'evaluating', fraction: null });
    const done = await evaluateIn(app, runner);
    return seq === app.batchSeq ? done : null;
  } catch (e) {
    if (seq !== app.batchSeq) return null;
    // A failed read leaves nothing usable in the runner for that input.
    app.loaded = {};
    const plain = e && typeof e.code === 'string' ? Object.assign(new Error(e.message), e) : e;
    return { error: structuredError(plain) };
  }
}

/** Drops the source of `slot`; the runner forgets its text. */
export function dropSource(app, slot) {
  delete app.sources[slot];
  app.loaded[slot] = null;
}

/** The text of a source (a file in the runner is asked for it). */
export async function sourceText(app, slot) {
  const source = app.sources[slot];
  if (!source) return '';
  if (typeof source.text === 'string') return source.text;
  const runner = await runnerOf(app);
  return runner.call('text', { slot });
}
