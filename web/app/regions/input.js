// The input region: the mode, the ranking and judgments boxes with what was
// read from each, the examples, and the error boxes under the two texts.
// mountInput() builds it; renderInput() draws a model into it.
import { t } from '../i18n.js';
import { bytesText, count, errorPanel, h } from '../templates.js';
import { FIELD, fitsInBox, fitsInBoxSize, MAX_RUNS, RUN_BOXES, runLetter } from '../state.js';
import { EXAMPLE_NAMES } from '../examples.js';
import { byId, setText } from './dom.js';

const TEXT_ATTRS = { spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off' };

function textField(name, rows, withHelp) {
  return h('div', { class: 'field', id: `${name}-field` },
    h('label', { for: name, id: `${name}-label` }),
    withHelp ? h('p', { id: `${name}-help`, class: 'help' }) : null,
    h('textarea', { id: name, rows: String(rows), ...TEXT_ATTRS, 'aria-describedby': `${withHelp ? `${name}-help ` : ''}${name}-status` }),
    withHelp ? sourcePart(name) : null,
    h('p', { id: `${name}-status`, class: 'input-status', 'aria-live': 'polite' }),
    h('div', { id: `${name}-error`, class: 'error-box', role: 'alert', hidden: true }));
}

// A file or long paste in place of the box's text, and the way to open a file.
function sourcePart(name) {
  return [
    h('div', { id: `${name}-source`, class: 'source', hidden: true },
      h('p', { id: `${name}-source-text`, class: 'source-text' }),
      h('button', { type: 'button', class: 'small', 'data-action': 'source-edit', 'data-box': name, id: `${name}-source-edit` }),
      ' ',
      h('button', { type: 'button', class: 'small', 'data-action': 'source-remove', 'data-box': name, id: `${name}-source-remove` })),
    h('div', { class: 'file-row' },
      h('button', { type: 'button', class: 'small', id: `${name}-open` }),
      h('input', { type: 'file', id: `${name}-file`, class: 'file-input', hidden: true, tabindex: '-1' }),
      ' ', h('span', { class: 'help', id: `${name}-drop`, 'data-i18n': 'dropHint' })),
  ];
}

/** Compare mode's runs C to H: boxes shown as runs are added. */
const EXTRA_BOXES = RUN_BOXES.slice(2);
/** The region's text area of each box (runs C to H under their box names). */
const AREA = { ranking: 'ranking', 'ranking-b': 'rankingB', qrels: 'qrels', ...Object.fromEntries(EXTRA_BOXES.map((b) => [b, b])) };
/** Label, help and file button of each box, by mode. */
const LABELS = {
  explain: { ranking: ['rankingLabel', 'rankingHelp', 'openRanking'], 'ranking-b': ['rankingBLabel', 'rankingBHelp', 'openRanking'], qrels: ['qrelsLabel', 'qrelsHelp', 'openJudgments'] },
  trec: { ranking: ['runLabel', 'runHelp', 'openRun'], qrels: ['qrelsLabelTrec', 'qrelsHelpTrec', 'openQrels'] },
  compare: { ranking: ['runALabel', 'runAHelp', 'openRun'], 'ranking-b': ['runBLabel', 'runBHelp', 'openRun'], qrels: ['qrelsLabelTrec', 'qrelsHelpCompare', 'openQrels'] },
};

function modeChoice() {
  const radio = (value, key) => h('label', { class: 'choice' },
    h('input', { type: 'radio', name: 'mode', value, checked: value === 'explain' }), ' ', h('span', { 'data-i18n': key }));
  return h('fieldset', { class: 'mode' }, h('legend', { 'data-i18n': 'modeLabel' }),
    radio('explain', 'modeExplain'), radio('trec', 'modeTrec'), radio('compare', 'modeCompare'));
}

// Run C, D, …: a box like A's and B's with a button that removes it.
function extraRun(box) {
  const el = textField(box, 3, true);
  el.hidden = true;
  el.classList.add('extra-run');
  el.querySelector('.file-row').append(' ', h('button', { type: 'button', class: 'small', 'data-action': 'run-remove', 'data-box': box, id: `${box}-remove` }));
  return el;
}

function extraRuns() {
  return [EXTRA_BOXES.map(extraRun),
    h('p', { id: 'run-add-row', hidden: true }, h('button', { type: 'button', 'data-action': 'run-add', id: 'run-add', 'data-i18n': 'runAdd' }))];
}

function examples() {
  return h('div', { class: 'examples', role: 'group', 'aria-labelledby': 'examples-label' },
    h('span', { id: 'examples-label', class: 'examples-label', 'data-i18n': 'examplesLabel' }),
    EXAMPLE_NAMES.map((name) => [' ', h('button', { type: 'button', class: 'chip', 'data-action': 'example', 'data-example': name, 'data-i18n': `example_${name}` })]));
}

/**
 * Builds the region in `root`. The full page has the mode, the judgments
 * box and the examples; the compact one only the ranking.
 */
export function mountInput(root, { full }) {
  const content = full
    ? h('section', { class: 'panel', 'aria-labelledby': 'input-heading' },
      h('h2', { id: 'input-heading', 'data-i18n': 'inputHeading' }), modeChoice(), textField('ranking', 7, true), textField('ranking-b', 3, true),
      extraRuns(), textField('qrels', 4, true), examples())
    : textField('ranking', 3, false);
  root.replaceChildren(content);
  const region = { root, full, ranking: byId(root, 'ranking'), rankingB: byId(root, 'ranking-b'), qrels: byId(root, 'qrels'), shownErrors: {} };
  for (const box of EXTRA_BOXES) region[box] = byId(root, box);
  return region;
}

function renderLabels(region, lang, mode) {
  for (const [box, [label, help]] of Object.entries(LABELS[mode] || LABELS.explain)) {
    setText(byId(region.root, `${box}-label`), t(lang, label));
    setText(byId(region.root, `${box}-help`), t(lang, help));
  }
}

// Runs C to H: as many boxes as the state's runs, in compare mode only; "Add a run" below them.
function renderExtraRuns(region, lang, state) {
  if (!region.full) return;
  const compare = state.mode === 'compare';
  EXTRA_BOXES.forEach((box, i) => {
    const x = runLetter(box);
    byId(region.root, `${box}-field`).hidden = !compare || i + 2 >= state.runs;
    if (region[box].value !== state[FIELD[box]]) region[box].value = state[FIELD[box]];
    setText(byId(region.root, `${box}-label`), t(lang, 'runXLabel', { x }));
    setText(byId(region.root, `${box}-help`), t(lang, 'runXHelp'));
    setText(byId(region.root, `${box}-open`), t(lang, 'openRun'));
    setText(byId(region.root, `${box}-remove`), t(lang, 'runRemove', { x }));
  });
  byId(region.root, 'run-add-row').hidden = !compare || state.runs >= MAX_RUNS;
}

function sourceText(lang, source) {
  const format = source.format ? t(lang, `format_${source.format}`) : '';
  const parts = [bytesText(source.bytes), source.lines === null ? '' : t(lang, source.lines === 1 ? 'sourceOneLine' : 'sourceLines', { n: count(source.lines) }), format,
    source.gzip ? 'gzip' : ''].filter(Boolean).join(' · ');
  return source.origin === 'file' ? t(lang, 'sourceFile', { name: source.name, parts }) : t(lang, 'sourcePaste', { parts });
}

// A box with a source shows its summary instead of the text area.
function renderSource(region, lang, name, source, mode) {
  const area = region[AREA[name]];
  if (!area || !byId(region.root, `${name}-source`)) return;
  area.hidden = Boolean(source);
  byId(region.root, `${name}-source`).hidden = !source;
  const labels = (LABELS[mode] || LABELS.explain)[name];
  if (labels) setText(byId(region.root, `${name}-open`), t(lang, labels[2]));
  if (!source) return;
  setText(byId(region.root, `${name}-source-text`), sourceText(lang, source));
  const edit = byId(region.root, `${name}-source-edit`);
  edit.hidden = !fitsInBoxSize(source.bytes, source.lines);
  setText(edit, t(lang, 'sourceEdit'));
  setText(byId(region.root, `${name}-source-remove`), t(lang, 'sourceRemove'));
}

function statusText(lang, status) {
  if (!status || !status.format) return '';
  const format = t(lang, `format_${status.format}`);
  return status.n === 1 ? t(lang, 'readAsOne', { format }) : t(lang, 'readAs', { format, n: count(status.n) });
}

/** Fills an error box with a structured error (or empties and hides it). */
export function renderErrorBox(box, lang, err, text) {
  if (!box) return;
  const key = err ? `${lang}|${err.code}|${err.source}|${err.key}|${err.message}|${err.line}|${err.column}` : '';
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.hidden = !err;
  box.replaceChildren(...(err ? errorPanel(lang, err, text) : []));
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
  renderExtraRuns(region, lang, state);
  const sources = model.sources || {};
  for (const name of Object.keys(AREA)) renderSource(region, lang, name, sources[name] || null, state.mode);
  setText(byId(region.root, 'ranking-status'), statusText(lang, model.inputStatus));
  const qrelsFormat = model.qrelsFormat && model.qrelsFormat.format;
  setText(byId(region.root, 'qrels-status'), qrelsFormat ? t(lang, 'qrelsRead', { format: t(lang, `format_${qrelsFormat}`) }) : '');
  for (const name of Object.keys(AREA)) {
    const text = state[FIELD[name]];
    const mine = target && target.region === 'input' && target.box === name;
    renderErrorBox(byId(region.root, `${name}-error`), lang, mine ? model.error : null, text);
    const area = region[AREA[name]];
    if (area) area.setAttribute('aria-invalid', String(Boolean(mine)));
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

// The file button and drops on the field: a file goes to handlers.openFile, never into the box.
function bindFiles(region, box, handlers) {
  const input = byId(region.root, `${box}-file`);
  const field = region[AREA[box]].closest('.field');
  if (!input || !field) return;
  byId(region.root, `${box}-open`).addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    if (input.files && input.files[0]) handlers.openFile(box, input.files[0]);
    input.value = '';
  });
  field.addEventListener('dragover', (e) => {
    e.preventDefault();
    field.classList.add('drop-target');
  });
  field.addEventListener('dragleave', () => field.classList.remove('drop-target'));
  field.addEventListener('drop', (e) => {
    field.classList.remove('drop-target');
    const transfer = e.dataTransfer;
    if (transfer && transfer.files && transfer.files.length) {
      e.preventDefault();
      handlers.openFile(box, transfer.files[0]);
    } else if (transfer && !fitsInBox(transfer.getData('text/plain') || '')) {
      e.preventDefault();
      handlers.bigText(box, transfer.getData('text/plain'));
    }
  });
}

/** Connects the texts, files and the mode to the handlers. */
export function bindInput(region, handlers) {
  region.ranking.addEventListener('input', (e) => handlers.text(e.target.value));
  if (region.qrels) region.qrels.addEventListener('input', (e) => handlers.qrels(e.target.value));
  if (region.rankingB) region.rankingB.addEventListener('input', (e) => handlers.textB(e.target.value));
  for (const box of EXTRA_BOXES) if (region[box]) region[box].addEventListener('input', (e) => handlers.runText(box, e.target.value));
  for (const box of Object.keys(AREA)) {
    if (!region[AREA[box]]) continue;
    bindPaste(region[AREA[box]], box, handlers);
    bindFiles(region, box, handlers);
  }
  for (const radio of region.root.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener('change', () => { if (radio.checked) handlers.mode(radio.value); });
  }
}

/** The text area an error's place names. */
export function areaFor(region, box) {
  return region[AREA[box]] || region.ranking;
}


