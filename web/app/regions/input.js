// The input region: the mode, the ranking and judgments boxes with what was
// read from each, the examples, and the error boxes under the two texts.
// mountInput() builds it; renderInput() draws a model into it.
import { t } from '../i18n.js';
import { count, errorPanel, h } from '../templates.js';
import { EXAMPLE_NAMES } from '../examples.js';
import { byId, setText } from './dom.js';

const TEXT_ATTRS = { spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off' };

function textField(name, rows, withHelp) {
  return h('div', { class: 'field' },
    h('label', { for: name, id: `${name}-label` }),
    withHelp ? h('p', { id: `${name}-help`, class: 'help' }) : null,
    h('textarea', { id: name, rows: String(rows), ...TEXT_ATTRS, 'aria-describedby': `${withHelp ? `${name}-help ` : ''}${name}-status` }),
    h('p', { id: `${name}-status`, class: 'input-status', 'aria-live': 'polite' }),
    h('div', { id: `${name}-error`, class: 'error-box', role: 'alert', hidden: true }));
}

function modeChoice() {
  const radio = (value, key) => h('label', { class: 'choice' },
    h('input', { type: 'radio', name: 'mode', value, checked: value === 'explain' }), ' ', h('span', { 'data-i18n': key }));
  return h('fieldset', { class: 'mode' }, h('legend', { 'data-i18n': 'modeLabel' }),
    radio('explain', 'modeExplain'), radio('trec', 'modeTrec'));
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
      h('h2', { id: 'input-heading', 'data-i18n': 'inputHeading' }), modeChoice(), textField('ranking', 7, true), textField('qrels', 4, true), examples())
    : textField('ranking', 3, false);
  root.replaceChildren(content);
  return { root, full, ranking: byId(root, 'ranking'), qrels: byId(root, 'qrels'), shownErrors: {} };
}

function renderLabels(region, lang, trec) {
  setText(byId(region.root, 'ranking-label'), t(lang, trec ? 'runLabel' : 'rankingLabel'));
  setText(byId(region.root, 'ranking-help'), t(lang, trec ? 'runHelp' : 'rankingHelp'));
  setText(byId(region.root, 'qrels-label'), t(lang, trec ? 'qrelsLabelTrec' : 'qrelsLabel'));
  setText(byId(region.root, 'qrels-help'), t(lang, trec ? 'qrelsHelpTrec' : 'qrelsHelp'));
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
  for (const radio of region.root.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === state.mode;
  renderLabels(region, lang, state.mode === 'trec');
  setText(byId(region.root, 'ranking-status'), statusText(lang, model.inputStatus));
  const qrelsFormat = model.qrelsFormat && model.qrelsFormat.format;
  setText(byId(region.root, 'qrels-status'), qrelsFormat ? t(lang, 'qrelsRead', { format: t(lang, `format_${qrelsFormat}`) }) : '');
  for (const [name, text] of [['ranking', state.text], ['qrels', state.qrels]]) {
    const mine = target && target.region === 'input' && target.box === name;
    renderErrorBox(byId(region.root, `${name}-error`), lang, mine ? model.error : null, text);
    const area = region[name];
    if (area) area.setAttribute('aria-invalid', String(Boolean(mine)));
  }
}

/** Connects the texts and the mode to the handlers. */
export function bindInput(region, handlers) {
  region.ranking.addEventListener('input', (e) => handlers.text(e.target.value));
  if (region.qrels) region.qrels.addEventListener('input', (e) => handlers.qrels(e.target.value));
  for (const radio of region.root.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener('change', () => { if (radio.checked) handlers.mode(radio.value); });
  }
}

/** The text area an error's place names. */
export function areaFor(region, box) {
  return box === 'qrels' && region.qrels ? region.qrels : region.ranking;
}


