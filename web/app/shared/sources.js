// Texts kept out of the text boxes: a file opened or dropped, or a paste
// too long for a box (see BOX_LIMITS). Each belongs to a slot (slotOf: the
// run and qrels of batch mode, the ranking and judgments of the explain
// mode) and is shown as a summary. Every view keeps a long paste out of its
// box; the full page's files and the runner that evaluates batch and
// compare sources are in full/batch/batch-sources.js.
import { describeText } from './summary.js';
import { boxesOf, FIELD, fitsInBox, fitsInBoxSize, slotOf } from './state.js';

export { FIELD };

/** The source of `box` in the state's mode, or null. */
export function sourceOf(app, box, mode = app.state.mode) {
  return app.sources[slotOf(mode, box)] || null;
}

/** True when a box of the current mode shows a summary instead of its text. */
export function hasSources(app) {
  // LETOR's group sizes come from a file only (batch and compare modes).
  return boxesOf(app.state.mode, app.state.runs).some((box) => sourceOf(app, box)) || (app.state.mode !== 'explain' && Boolean(app.sources.group));
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

/** True when a source is small enough to edit in its box again. */
export function editable(source) {
  return Boolean(source) && fitsInBoxSize(source.bytes, source.lines);
}
