// Texts kept out of the text boxes: a file opened or dropped, or a paste
// too long for a box (see BOX_LIMITS). Each belongs to a slot (slotOf: the
// run and qrels of batch mode, the ranking and judgments of the explain
// mode) and is shown as a summary. Batch mode evaluates them through the
// runner (batch.js) while a progress bar says how far it is.
import { createRunner } from './batch.js';
import { describeText, readFile } from './engine.js';
import { structuredError } from './analyse.js';
import { boxesOf, fitsInBox, fitsInBoxSize, slotOf, toCompareOptions, toTrecOptions } from './state.js';

/** The largest input the core reads (ndcg::limits::max_bytes, stated in the README). */
export const MAX_INPUT_BYTES = 256 * 2 ** 20;

/** The state field of each text box. */
export const FIELD = Object.freeze({ ranking: 'text', 'ranking-b': 'textB', qrels: 'qrels' });

/** The source of `box` in the state's mode, or null. */
export function sourceOf(app, box, mode = app.state.mode) {
  return app.sources[slotOf(mode, box)] || null;
}

/** True when a box of the current mode shows a summary instead of its text. */
export function hasSources(app) {
  return boxesOf(app.state.mode).some((box) => sourceOf(app, box));
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
  for (const box of boxesOf(app.state.mode)) {
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
  for (const box of boxesOf(app.state.mode)) {
    await loadSlot(app, runner, slotOf(app.state.mode, box), box, onProgress);
    if (seq !== app.batchSeq) return false;
  }
  return true;
}

/** The names compare mode gives its runs: a file's name, else A and B. */
export function runNames(app) {
  return ['ranking', 'ranking-b'].map((box, i) => {
    const source = sourceOf(app, box, 'compare');
    return source && source.origin === 'file' ? source.name : 'AB'[i];
  });
}

// One call for the mode: evaluateTrec in batch mode, compareRuns in compare mode.
async function evaluateIn(app, runner) {
  if (app.state.mode !== 'compare') return { trec: await runner.call('evaluate', { options: toTrecOptions(app.state) }) };
  const names = runNames(app);
  // Two files of one name would be two columns of one name.
  if (names[0] === names[1]) names[1] = `${names[1]} (B)`;
  return { compare: await runner.call('compare', { slots: ['run', 'runB'], options: toCompareOptions(app.state, names) }) };
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
