// Texts kept out of the text boxes: a file opened or dropped, or a paste
// too long for a box (see BOX_LIMITS). Each belongs to a slot (slotOf: the
// run and qrels of batch mode, the ranking and judgments of the explain
// mode) and is shown as a summary. Batch mode evaluates them through the
// runner (batch.js) while a progress bar says how far it is.
import { createRunner } from '../full/batch/runner.js';
import { describeText, readFile } from '../full/batch/engine.js';
import { structuredError } from './analyse.js';
import { boxesOf, FIELD, fitsInBox, fitsInBoxSize, RUN_BOXES, runBoxes, runLetter, slotOf, toCompareOptions, toTrecOptions } from './state.js';

export { FIELD };

/** The largest input the core reads (ndcg::limits::max_bytes, stated in the README). */
export const MAX_INPUT_BYTES = 256 * 2 ** 20;

/** The source of `box` in the state's mode, or null. */
export function sourceOf(app, box, mode = app.state.mode) {
  return app.sources[slotOf(mode, box)] || null;
}

/** True when a box of the current mode shows a summary instead of its text. */
export function hasSources(app) {
  return boxesOf(app.state.mode, app.state.runs).some((box) => sourceOf(app, box));
}

/** A source holding `text` (a long paste, or a file read in the page). */
export function textSource(app, text, name = '') {
  return { origin: name ? 'file' : 'paste', name, text, ...describeText(app.api, { text, bytes: new Blob([text]).size, gzip: false }) };
}

/** Takes `text` out of `box` into a source of the current mode. */
export function keepOutOfBox(app, box, text, name = '') {
  app.sources[slotOf(app.state.mode, box)] = textSource(app, text, name);
  app.state = { ...app.state, [FIELD[box]]: '' };
}

/** Moves any box text over the limits into a source (a long link or draft, a long paste). */
export function moveBigTexts(app) {
  for (const box of boxesOf(app.state.mode, app.state.runs)) {
    const text = app.state[FIELD[box]];
    if (text && !fitsInBox(text)) keepOutOfBox(app, box, text);
  }
}

/** The state the explain mode computes from: its sources' texts in place of the boxes'. */
export function effectiveState(app) {
  if (app.state.mode !== 'explain') return app.state;
  const out = { ...app.state };
  for (const box of boxesOf('explain')) {
    const source = sourceOf(app, box);
    if (source) out[FIELD[box]] = source.text;
  }
  return out;
}

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

// What the runner must hold in `slot`: the source, or the box's text.
function wanted(app, slot, box) {
  const source = app.sources[slot];
  if (source) return { key: source, args: source.file ? { slot, file: source.file, limit: MAX_INPUT_BYTES } : { slot, text: source.text } };
  const text = app.state[FIELD[box]];
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

async function loadSlots(app, runner, seq, onProgress) {
  const boxes = app.state.mode === 'compare' ? [...comparedBoxes(app), 'qrels'] : boxesOf(app.state.mode);
  for (const box of boxes) {
    await loadSlot(app, runner, slotOf(app.state.mode, box), box, onProgress);
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
  if (app.state.mode !== 'compare') return { trec: await runner.call('evaluate', { options: toTrecOptions(app.state) }) };
  const boxes = comparedBoxes(app);
  const slots = boxes.map((box) => slotOf('compare', box));
  try {
    const compare = await runner.call('compare', { slots, options: toCompareOptions(app.state, runNames(app, boxes)) });
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

/** True when a source is small enough to edit in its box again. */
export function editable(source) {
  return Boolean(source) && fitsInBoxSize(source.bytes, source.lines);
}
