// The options region: the preset menu with its match indicator, and one
// control per row of the option schema: a menu for a choice, a number field
// with the schema's range for a whole or real number, a text field for a
// list, a checkbox for a flag. An option's error is shown at its control.
import { has, optionText, presetLabel, t } from '../i18n.js';
import { button, h } from '../templates.js';
import { CI_KEYS, dormant, kebab, readOption } from '../option-rows.js';
import { rowInMode } from '../state.js';
import { renderErrorBox } from './input.js';
import { byId, setText, show } from './dom.js';

/** The options the full page shows first, in this order; every other row goes under "more settings". */
const FIRST = ['k', 'decimals', 'measures', 'judgedOnly', 'maxDocs', 'complete', 'allPairs', 'trials', 'seed', 'gain', 'gainTable', 'logBase', 'weights', 'ideal', 'ties', 'zeroIdcg', 'negatives'];
/** The options of the compact (embed) page. */
const COMPACT = ['k', 'gain', 'gainTable'];
/** Fields that take the grid's whole width: long menus and lists (checkboxes always do). */
const WIDE = new Set(['gain', 'gainTable', 'ideal', 'ties', 'measures']);
// TREC mode's measure box is #measures, a contract (DESIGN.md's page ids).
export const controlId = (key) => (key === 'measures' ? key : `opt-${kebab(key)}`);

function numberAttrs(row) {
  const finite = (v) => (v === null || v === undefined || !Number.isFinite(Number(v)) ? null : String(v));
  return {
    type: 'number', min: finite(row.min), max: finite(row.max), step: row.kind === 'whole' ? '1' : 'any',
    inputmode: row.kind === 'whole' ? 'numeric' : 'decimal',
  };
}

function control(row, described) {
  const id = controlId(row.key);
  const aria = described ? { 'aria-describedby': `${id}-help` } : {};
  if (row.kind === 'choice') {
    return h('select', { id, ...aria }, row.choices.map((c) => h('option', { value: c, 'data-opt-choice': row.key })));
  }
  if (row.kind === 'flag') return h('input', { id, type: 'checkbox', ...aria });
  if (row.kind === 'reals' || row.kind === 'texts') {
    return h('input', { id, type: 'text', spellcheck: 'false', autocomplete: 'off', 'data-opt-placeholder': optionText('en', row.key, 'placeholder') ? row.key : null, ...aria });
  }
  return h('input', { id, ...numberAttrs(row), ...aria });
}

function field(row, full) {
  const id = controlId(row.key);
  const described = full && Boolean(optionText('en', row.key, 'help'));
  const wide = full && (row.kind === 'flag' || WIDE.has(row.key));
  const label = row.kind === 'flag'
    ? h('label', { class: 'choice' }, control(row, described), ' ', h('span', { 'data-opt-label': row.key }))
    : [h('label', { for: id, 'data-opt-label': row.key }), control(row, described)];
  return h('div', { class: `field${wide ? ' wide' : ''}`, id: `field-${kebab(row.key)}`, 'data-key': row.key },
    label,
    described ? h('p', { id: `${id}-help`, class: 'help', 'data-opt-help': row.key }) : null,
    row.key === 'ideal' && full ? h('p', { id: 'ideal-note', class: 'help', 'data-i18n': 'idealNeedsQrels', hidden: true }) : null,
    h('div', { id: `${id}-error`, class: 'error-box field-error', role: 'alert', hidden: true }));
}

function presetField(full) {
  return h('div', { class: 'field' },
    h('label', { for: 'preset', 'data-opt-label': 'preset' }),
    h('select', { id: 'preset', 'aria-describedby': full ? 'preset-help preset-match' : 'preset-match' }),
    h('p', { id: 'preset-match', class: 'match', 'aria-live': 'polite' }),
    full ? h('p', { id: 'preset-help', class: 'help' }) : null);
}

function fullPanel(rows) {
  const grid = (list) => h('div', { class: 'options-grid' }, list.map((row) => field(row, true)));
  const first = FIRST.map((key) => rows.find((r) => r.key === key)).filter(Boolean);
  const more = rows.filter((r) => r.key !== 'preset' && !FIRST.includes(r.key));
  return h('section', { class: 'panel', 'aria-labelledby': 'options-heading' },
    h('h2', { id: 'options-heading', 'data-i18n': 'optionsHeading' }), presetField(true),
    h('p', { id: 'trec-note', class: 'help', 'data-i18n': 'trecOptionsNote', hidden: true }),
    grid(first),
    h('details', { class: 'more-settings' }, h('summary', { 'data-i18n': 'moreSettings' }), grid(more)),
    h('div', { id: 'options-error', class: 'error-box', role: 'alert', hidden: true }),
    h('p', null, button({ 'data-action': 'reset', 'data-i18n': 'reset' })));
}

/** Builds the region for the schema's rows: every option on the full page, a few on the compact one. */
export function mountOptions(root, rows, { full }) {
  const content = full ? fullPanel(rows)
    : [presetField(false), ...COMPACT.map((key) => rows.find((r) => r.key === key)).filter(Boolean).map((row) => field(row, false)),
      h('div', { id: 'options-error', class: 'error-box', role: 'alert', hidden: true })];
  root.replaceChildren(...[content].flat());
  const shown = rows.filter((r) => byId(root, controlId(r.key)));
  return { root, full, rows: shown, controls: new Map(shown.map((r) => [r.key, byId(root, controlId(r.key))])), presetNames: '' };
}

/** True when the region has a control for option `key`. */
export function hasControl(region, key) {
  return region.controls.has(key);
}

// ---- drawing --------------------------------------------------------------------

function writeControl(el, row, value) {
  if (row.kind === 'flag') {
    if (el.checked !== value) el.checked = value;
    return;
  }
  if (el.value === String(value)) return;
  // Leave a number field alone while it holds another spelling of the same value ("2.0").
  const numeric = row.kind === 'whole' || row.kind === 'real';
  if (numeric && readOption(row, el.value).value === value) return;
  el.value = String(value);
}

function renderPresets(region, lang, model) {
  const select = byId(region.root, 'preset');
  const names = model.presetList.map((p) => p.name);
  const label = (n) => presetLabel(lang, n);
  if (region.presetNames !== `${lang}|${names}`) {
    select.replaceChildren(...names.map((n) => h('option', { value: n }, label(n))));
    region.presetNames = `${lang}|${names}`;
  }
  const { state, matching } = model;
  if (select.value !== state.preset) select.value = state.preset;
  const match = byId(region.root, 'preset-match');
  setText(match, matching ? t(lang, 'presetMatches', { name: label(matching) }) : t(lang, 'presetMatchesNone'));
  match.classList.toggle('match-none', !matching);
  const summary = model.presetList.find((p) => p.name === state.preset);
  const key = `preset_${state.preset}`;
  setText(byId(region.root, 'preset-help'), has(key) ? t(lang, key) : (summary ? summary.summary : ''));
}

// A dormant row (a gain table under gain "exp") is hidden until its choice is made;
// batch mode's trials and seed until ci is on.
function visibleIn(row, state) {
  return !dormant(row, state) && rowInMode(row, state.mode) && !(state.mode === 'trec' && !state.ci && CI_KEYS.includes(row.key));
}

/** Draws the option values, the preset, and an option's error at its control. */
export function renderOptions(region, lang, model, target) {
  const { state } = model;
  renderPresets(region, lang, model);
  for (const row of region.rows) {
    const el = region.controls.get(row.key);
    writeControl(el, row, state[row.key]);
    show(byId(region.root, `field-${kebab(row.key)}`), visibleIn(row, state));
    const mine = Boolean(target && target.region === 'options' && target.key === row.key);
    el.setAttribute('aria-invalid', String(mine));
    renderErrorBox(byId(region.root, `${controlId(row.key)}-error`), lang, mine ? model.error : null, '');
  }
  const general = Boolean(target && target.region === 'options' && !target.key);
  renderErrorBox(byId(region.root, 'options-error'), lang, general ? model.error : null, '');
  show(byId(region.root, 'ideal-note'), state.ideal === 'judgments' && !state.qrels.trim());
  show(byId(region.root, 'trec-note'), state.mode !== 'explain');
}

/** Connects each control: handlers.option(key, {value} | {error}), handlers.preset(name), handlers.resync(). */
export function bindOptions(region, handlers) {
  byId(region.root, 'preset').addEventListener('change', (e) => handlers.preset(e.target.value));
  for (const row of region.rows) {
    const el = region.controls.get(row.key);
    const immediate = row.kind === 'choice' || row.kind === 'flag';
    const read = () => readOption(row, row.kind === 'flag' ? String(el.checked) : el.value);
    el.addEventListener(immediate ? 'change' : 'input', () => handlers.option(row.key, read()));
    // On leaving a number field that holds nothing valid, show the value in use again.
    if (row.kind === 'whole' || row.kind === 'real') el.addEventListener('change', () => { if (read().error) handlers.resync(row.key); });
  }
}
