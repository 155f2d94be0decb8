// The input region: the ranking (and on the full page, through
// full-input.js, the mode, the other boxes and the examples) with what was
// read from each and the error boxes under the texts. mountInput() builds
// it; renderInput() draws a model into it.
import { t } from '../i18n.js';
import { button, h } from '../templates.js';
import { errorPanel, isChoice } from '../templates/errors.js';
import { count } from '../templates/numbers.js';
import { FIELD, fitsInBox, RUN_BOXES, runLetter } from '../state.js';
import { byId, setText } from './dom.js';

const TEXT_ATTRS = { spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off' };

/** A box with its label, status and error; the full page adds its help and `more` (the source part). */
export function textField(name, rows, withHelp, more = null) {
  return h('div', { class: 'field', id: `${name}-field` },
    h('label', { for: name, id: `${name}-label` }),
    withHelp ? h('p', { id: `${name}-help`, class: 'help' }) : null,
    h('textarea', { id: name, rows: String(rows), ...TEXT_ATTRS, 'aria-describedby': `${withHelp ? `${name}-help ` : ''}${name}-status` }),
    more,
    h('p', { id: `${name}-status`, class: 'input-status', 'aria-live': 'polite' }),
    h('div', { id: `${name}-error`, class: 'error-box', role: 'alert', hidden: true }));
}

/** Compare mode's runs C to H: boxes shown as runs are added. */
export const EXTRA_BOXES = RUN_BOXES.slice(2);
/** The region's text area of each box (runs C to H under their box names). */
export const AREA = { ranking: 'ranking', 'ranking-b': 'rankingB', qrels: 'qrels', ...Object.fromEntries(EXTRA_BOXES.map((b) => [b, b])) };
/** Label, help and file button of each box, by mode. */
export const LABELS = {
  explain: { ranking: ['rankingLabel', 'rankingHelp', 'openRanking'], 'ranking-b': ['rankingBLabel', 'rankingBHelp', 'openRanking'], qrels: ['qrelsLabel', 'qrelsHelp', 'openJudgments'] },
  trec: { ranking: ['runLabel', 'runHelp', 'openRun'], qrels: ['qrelsLabelTrec', 'qrelsHelpTrec', 'openQrels'] },
  compare: { ranking: ['runALabel', 'runAHelp', 'openRun'], 'ranking-b': ['runBLabel', 'runBHelp', 'openRun'], qrels: ['qrelsLabelTrec', 'qrelsHelpCompare', 'openQrels'] },
};

/**
 * Builds the region in `root`. The full page's `extra` (FULL_INPUT of
 * full-input.js) builds, draws and binds the mode, the judgments box, the
 * runs, files and the examples; the compact one has only the ranking.
 */
export function mountInput(root, { full, extra = null }) {
  const content = extra ? extra.build() : textField('ranking', 3, false);
  root.replaceChildren(content);
  const region = { root, full, extra, ranking: byId(root, 'ranking'), rankingB: byId(root, 'ranking-b'), qrels: byId(root, 'qrels'), shownErrors: {} };
  for (const box of EXTRA_BOXES) region[box] = byId(root, box);
  return region;
}

function renderLabels(region, lang, mode) {
  for (const [box, [label, help]] of Object.entries(LABELS[mode] || LABELS.explain)) {
    setText(byId(region.root, `${box}-label`), t(lang, label));
    setText(byId(region.root, `${box}-help`), t(lang, help));
  }
}

/** "doc,score" in the page's words: "doc, score" / "文档, 分数". */
const columnWords = (lang, list) => list.split(',').map((c) => t(lang, `col_${c}`)).join(', ');

function statusText(lang, status) {
  if (!status || !status.format) return '';
  const format = t(lang, `format_${status.format}`);
  const r = status.reading || {};
  return [t(lang, 'readAs', { format, n: count(status.n) }),
    r.columns ? t(lang, 'readColumns', { columns: columnWords(lang, r.columns) }) : '',
    r.columns && /(^|,)rank(,|$)/.test(r.columns) && !/(^|,)score(,|$)/.test(r.columns) ? t(lang, 'readByRank') : '',
    r.query ? t(lang, 'readQuery', { query: r.query }) : ''].filter(Boolean).join(' ');
}

function otherReadingText(lang, other) {
  const named = t(lang, `otherReading_${other}`);
  return named !== `otherReading_${other}` ? named : t(lang, 'otherReading', { columns: columnWords(lang, other) });
}

/** The status line, and a button for the other reading of the same text when there is one. */
function renderStatus(el, lang, status) {
  if (!el) return;
  const text = statusText(lang, status);
  const other = status && status.reading && status.reading.other;
  const key = `${text}|${other || ''}`;
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  el.replaceChildren(text, ...(other ? [' ', button({ class: 'small', 'data-action': 'other-reading', 'data-columns': other },
    otherReadingText(lang, other))] : []));
}

// A box whose text cannot be read (`errorBox`) says only that, never also how it was read.
function renderStatuses(region, lang, model, errorBox) {
  const qrelsStatus = byId(region.root, 'qrels-status');
  // Batch and compare modes' readings keep a key there (full-input.js): the next one is drawn anew.
  if (qrelsStatus) delete qrelsStatus.dataset.key;
  renderStatus(byId(region.root, 'ranking-status'), lang, model.inputStatus);
  const qrelsFormat = errorBox !== 'qrels' && model.qrelsFormat && model.qrelsFormat.format;
  setText(byId(region.root, 'qrels-status'), qrelsFormat ? t(lang, 'qrelsRead', { format: t(lang, `format_${qrelsFormat}`) }) : '');
}

/** Fills an error box with a structured error (or empties and hides it); `inWhat` names the input when the source alone does not. */
export function renderErrorBox(box, lang, err, text, inWhat = undefined, inBox = true) {
  if (!box) return;
  const key = err ? `${lang}|${err.code}|${err.source}|${err.key}|${err.message}|${err.line}|${err.column}|${inWhat}|${err.excerpt}|${inBox}` : '';
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.hidden = !err;
  // Several queries are a choice to make, not an error: drawn calm, not in red.
  box.classList.toggle('choice-box', isChoice(err));
  box.replaceChildren(...(err ? errorPanel(lang, err, text, inWhat, inBox) : []));
}

// Compare mode's runs are named by their box's letter: "in run C", not "in the run".
function runNamed(lang, mode, box, err) {
  return mode === 'compare' && err && err.source === 'run' && RUN_BOXES.includes(box) ? t(lang, 'errorInRun', { run: runLetter(box) }) : undefined;
}

/** Draws the texts, what was read from them, and an error that belongs to one of them. */
export function renderInput(region, lang, model, target) {
  const { state } = model;
  if (region.ranking.value !== state.text) region.ranking.value = state.text;
  if (region.qrels && region.qrels.value !== state.qrels) region.qrels.value = state.qrels;
  if (region.rankingB) {
    if (region.rankingB.value !== state.textB) region.rankingB.value = state.textB;
    byId(region.root, 'ranking-b-field').hidden = state.mode === 'trec';
  }
  for (const radio of region.root.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === state.mode;
  renderLabels(region, lang, state.mode);
  if (region.extra) region.extra.render(region, lang, model);
  // Batch and compare modes say the core's readings of their inputs instead (full-input.js).
  const errorBox = target && target.region === 'input' && model.error ? target.box : null;
  if (state.mode === 'explain' || !region.extra) renderStatuses(region, lang, model, errorBox);
  for (const name of Object.keys(AREA)) {
    // A text kept out of the box (a file, a long paste) is the one the error's line is in.
    const source = model.sources && model.sources[name];
    const text = source ? source.text : state[FIELD[name]];
    const mine = errorBox === name;
    const err = mine ? model.error : null;
    renderErrorBox(byId(region.root, `${name}-error`), lang, err, text, runNamed(lang, state.mode, name, err), !source);
    const area = region[AREA[name]];
    if (area) area.setAttribute('aria-invalid', String(mine && !isChoice(err)));
  }
}

// A paste that would make the box too long never enters it.
function bindPaste(area, box, handlers) {
  area.addEventListener('paste', (e) => {
    const pasted = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
    const whole = area.value.slice(0, area.selectionStart) + pasted + area.value.slice(area.selectionEnd);
    if (fitsInBox(whole)) return;
    e.preventDefault();
    handlers.bigText(box, whole);
  });
}

/** Connects the texts (and on the full page the files and the mode) to the handlers. */
export function bindInput(region, handlers) {
  region.ranking.addEventListener('input', (e) => handlers.text(e.target.value));
  if (region.qrels) region.qrels.addEventListener('input', (e) => handlers.qrels(e.target.value));
  if (region.rankingB) region.rankingB.addEventListener('input', (e) => handlers.textB(e.target.value));
  for (const box of EXTRA_BOXES) if (region[box]) region[box].addEventListener('input', (e) => handlers.runText(box, e.target.value));
  for (const box of Object.keys(AREA)) {
    if (!region[AREA[box]]) continue;
    bindPaste(region[AREA[box]], box, handlers);
  }
  if (region.extra) region.extra.bind(region, handlers);
}

/** The text area an error's place names. */
export function areaFor(region, box) {
  return region[AREA[box]] || region.ranking;
}


