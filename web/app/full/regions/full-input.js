// The full page's input panel: the mode, the ranking, ranking B, compare
// mode's runs C to H, the judgments, files and long pastes shown as a
// summary, and the examples. Reached through FULL_REGIONS, so the embed page
// carries none of it.
import { t } from '../../shared/i18n.js';
import { button, h } from '../../shared/templates.js';
import { bytesText, count } from '../../shared/templates/numbers.js';
import { FIELD, fitsInBox, fitsInBoxSize, MAX_RUNS, RUN_BOXES, runLetter } from '../../shared/state.js';
import { kindOf } from '../batch/engine.js';
import { EXAMPLE_NAMES, EXAMPLES } from '../examples.js';
import { AREA, EXTRA_BOXES, LABELS, textField } from '../../shared/regions/input.js';
import { byId, setText } from '../../shared/regions/dom.js';

const boxField = (name, rows) => textField(name, rows, true, sourcePart(name));

// A file or long paste in place of the box's text, and the way to open a file.
function sourcePart(name) {
  return [
    h('div', { id: `${name}-source`, class: 'source', hidden: true },
      h('p', { id: `${name}-source-text`, class: 'source-text' }),
      button({ class: 'small', 'data-action': 'source-edit', 'data-box': name, id: `${name}-source-edit` }),
      ' ',
      button({ class: 'small', 'data-action': 'source-remove', 'data-box': name, id: `${name}-source-remove` })),
    h('div', { class: 'file-row' },
      button({ class: 'small', id: `${name}-open` }),
      h('input', { type: 'file', id: `${name}-file`, class: 'file-input', multiple: true, hidden: true, tabindex: '-1' }),
      ' ', h('span', { class: 'help', id: `${name}-drop`, 'data-i18n': 'dropHint' })),
  ];
}

// Runs C to H: as many boxes as the state's runs, in compare mode only; "Add a run" below them.
function renderExtraRuns(region, lang, state) {
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

// Batch and compare modes name only TREC's formats here (what explain's detection can tell of them); the core's reading below the box says the rest.
const BATCH_FORMATS = ['trec_run', 'trec_qrels', 'subtopic_qrels'];

function formatOf(lang, source, mode) {
  if (mode !== 'explain' && (source.kind || '').startsWith('letor')) return 'LETOR';
  if (!source.format || (mode !== 'explain' && !BATCH_FORMATS.includes(source.format))) return '';
  return t(lang, `format_${source.format}`);
}

function sourceText(lang, source, mode) {
  const format = formatOf(lang, source, mode);
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
  setText(byId(region.root, `${name}-source-text`), sourceText(lang, source, mode));
  const edit = byId(region.root, `${name}-source-edit`);
  edit.hidden = !fitsInBoxSize(source.bytes, source.lines);
  setText(edit, t(lang, 'sourceEdit'));
  setText(byId(region.root, `${name}-source-remove`), t(lang, 'sourceRemove'));
}

// The file button and drops on the field: a file goes to handlers.openFile, never into the box.
function bindFiles(region, box, handlers) {
  const input = byId(region.root, `${box}-file`);
  const field = region[AREA[box]].closest('.field');
  if (!input || !field) return;
  byId(region.root, `${box}-open`).addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    if (input.files && input.files[0]) handlers.openFile(box, Array.from(input.files));
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
      handlers.openFile(box, Array.from(transfer.files));
    } else if (transfer && !fitsInBox(transfer.getData('text/plain') || '')) {
      e.preventDefault();
      handlers.bigText(box, transfer.getData('text/plain'));
    }
  });
}

// The group row's button and drops: its file goes to the group slot.
function bindGroup(region, handlers) {
  const input = byId(region.root, 'group-file');
  const field = byId(region.root, 'group-field');
  byId(region.root, 'group-open').addEventListener('click', () => input.click());
  input.addEventListener('change', () => {
    if (input.files && input.files[0]) handlers.openGroup(input.files[0]);
    input.value = '';
  });
  field.addEventListener('dragover', (e) => e.preventDefault());
  field.addEventListener('drop', (e) => {
    if (!e.dataTransfer || !e.dataTransfer.files || !e.dataTransfer.files.length) return;
    e.preventDefault();
    handlers.openGroup(e.dataTransfer.files[0]);
  });
}

function modeChoice() {
  const radio = (value, key) => h('label', { class: 'choice' },
    h('input', { type: 'radio', name: 'mode', value, checked: value === 'explain' }), ' ', h('span', { 'data-i18n': key }));
  return h('fieldset', { class: 'mode' }, h('legend', { 'data-i18n': 'modeLabel' }),
    radio('explain', 'modeExplain'), radio('trec', 'modeTrec'), radio('compare', 'modeCompare'));
}

// Run C, D, …: a box like A's and B's with a button that removes it.
function extraRun(box) {
  const el = boxField(box, 3);
  el.hidden = true;
  el.classList.add('extra-run');
  el.querySelector('.file-row').append(' ', button({ class: 'small', 'data-action': 'run-remove', 'data-box': box, id: `${box}-remove` }));
  return el;
}

function extraRuns() {
  return [EXTRA_BOXES.map(extraRun),
    h('p', { id: 'run-add-row', hidden: true }, button({ 'data-action': 'run-add', id: 'run-add', 'data-i18n': 'runAdd' }))];
}

function examples() {
  return h('div', { class: 'examples', role: 'group', 'aria-labelledby': 'examples-label' },
    h('span', { id: 'examples-label', class: 'examples-label', 'data-i18n': 'examplesLabel' }),
    EXAMPLE_NAMES.map((name) => [' ', button({ class: 'chip', 'data-action': 'example', 'data-example': name, 'data-mode': EXAMPLES[name].mode, 'data-i18n': `example_${name}` })]),
    ' ', button({ id: 'undo-drop', class: 'chip', 'data-action': 'undo-drop', 'data-i18n': 'undoDrop', hidden: true }));
}

// LETOR's group sizes (LightGBM .query, XGBoost .group): a file only, shown while the judgments are LETOR.
function groupRow() {
  return h('div', { id: 'group-field', class: 'field group-field', role: 'group', 'aria-labelledby': 'group-label', hidden: true },
    h('p', { id: 'group-label', class: 'group-label', 'data-i18n': 'groupLabel' }),
    h('p', { id: 'group-help', class: 'help' }),
    h('p', { id: 'group-source-text', class: 'source-text', hidden: true }),
    h('div', { class: 'file-row' },
      button({ class: 'small', id: 'group-open', 'aria-describedby': 'group-help', 'data-i18n': 'openGroup' }),
      h('input', { type: 'file', id: 'group-file', class: 'file-input', hidden: true, tabindex: '-1' }),
      ' ', button({ class: 'small', id: 'group-remove', 'data-action': 'group-remove', 'data-i18n': 'sourceRemove', hidden: true })));
}

function build() {
  return h('section', { class: 'panel', 'aria-labelledby': 'input-heading' },
    h('h2', { id: 'input-heading', 'data-i18n': 'inputHeading' }), modeChoice(), boxField('ranking', 7), boxField('ranking-b', 3),
    extraRuns(), boxField('qrels', 4), groupRow(), examples());
}

/** True when batch or compare mode's judgments are a LETOR file or text (the run boxes then take predictions). */
export function letorJudgments(model) {
  if (model.state.mode === 'explain') return false;
  const source = model.sources && model.sources.qrels;
  const kind = source ? source.kind || '' : kindOf(model.api, model.state.qrels);
  return kind.startsWith('letor');
}

// With LETOR judgments the run boxes are its predictions, A to H in compare mode.
function renderLetorLabels(region, lang, model) {
  const compare = model.state.mode === 'compare';
  for (const box of compare ? RUN_BOXES : ['ranking']) {
    setText(byId(region.root, `${box}-label`), compare ? t(lang, 'predictionsXLabel', { x: runLetter(box) }) : t(lang, 'predictionsLabel'));
    setText(byId(region.root, `${box}-help`), t(lang, 'predictionsHelp'));
    setText(byId(region.root, `${box}-open`), t(lang, 'openPredictions'));
  }
  setText(byId(region.root, 'qrels-help'), t(lang, 'qrelsLetor'));
}

// A text whose `marked` parts are names (file extensions, a field): those in <code>.
const withCode = (text) => text.split('`').map((part, i) => (i % 2 ? h('code', null, part) : part));

function renderGroup(region, lang, model, letor) {
  const source = model.groupSource || null;
  const help = byId(region.root, 'group-help');
  if (help.dataset.lang !== lang) {
    help.dataset.lang = lang;
    help.replaceChildren(...withCode(t(lang, 'groupHelp')));
  }
  byId(region.root, 'group-field').hidden = !letor && !source;
  const text = byId(region.root, 'group-source-text');
  text.hidden = !source;
  if (source) setText(text, sourceText(lang, source, model.state.mode));
  byId(region.root, 'group-remove').hidden = !source;
}

// The boxes shown and the core's readings (its "inputs" fields), [box, reading]: each names its run by
// number (compare mode's in the order of its letters), 0 for the judgments.
function readingBoxes(model) {
  const trec = model.state.mode === 'trec' && model.trec;
  const cmp = model.state.mode === 'compare' && model.compare;
  if (!trec && !cmp) return null;
  const runs = trec ? ['ranking'] : cmp.letters.map((x) => RUN_BOXES['ABCDEFGH'.indexOf(x)]);
  return { boxes: [...runs, 'qrels'], read: ((trec || cmp).inputs || []).map((r) => [r.run ? runs[r.run - 1] : 'qrels', r]) };
}

const code = (text) => h('code', null, text);
const NOTES = { 'score-is-rel': 'readScoreIsRel', 'doc-positions': 'readPositionIds', 'rank-order': 'readByRank' };

// "query_id → query" ("score" alone when the file's name is the page's word).
function pairNodes(lang, role, from) {
  const word = t(lang, `col_${role}`);
  return from.toLowerCase() === word ? [code(from)] : [code(from), ` → ${word}`];
}

// A table's, records' or MS MARCO's columns, then its notes.
function tableNodes(lang, r, format) {
  const pairs = Object.entries(r.columns).flatMap(([role, from], i) => [...(i ? [t(lang, 'readSep')] : []), ...pairNodes(lang, role, from)]);
  const gap = t(lang, 'readGap');
  const notes = [...r.notes.map((n) => NOTES[n]), ...(r.both ? ['readBoth'] : [])].map((key) => gap + t(lang, key));
  return [t(lang, 'readBatchAs', { format }), ...pairs, t(lang, 'readEnd'), ...notes,
    ...(r.ignored.length ? [gap + t(lang, 'readIgnored'), code(r.ignored.join(', ')), t(lang, 'readEnd')] : [])];
}

/** A reading of the core (a BatchReading) as the page says it: strings and <code> nodes, in `lang`. */
export function readingNodes(lang, r) {
  const word = t(lang, `readFormat_${r.format}`);  // a format the page has no words for: its name
  const format = `${word.startsWith('readFormat_') ? r.format : word}${r.gzip ? ' (gzip)' : ''}`;
  if (r.format === 'trec' || r.format === 'predictions') return [t(lang, 'readBatchAsOnly', { format })];
  if (r.format === 'dict') return [t(lang, 'readBatchAs', { format }), code(`{qid: {docid: ${r.run ? 'score' : 'rel'}}}`), t(lang, 'readEnd')];
  if (r.format !== 'letor') return tableNodes(lang, r, format);
  return [t(lang, 'readBatchAs', { format }), t(lang, 'readLetor', { lines: count(r.lines), queries: count(r.queries) }),
    r.notes.includes('from-group') ? t(lang, 'readFromGroup') : '', t(lang, r.notes.includes('doc-positions') ? 'readLinePosition' : 'readDocids')].filter(Boolean);
}

/** Beside each box, how the core read it (the last result's readings; none while an error stands). */
function renderReadings(region, lang, model) {
  const shown = model.error || model.pending || model.notice ? null : readingBoxes(model);
  const byBox = Object.fromEntries((shown && shown.read) || []);
  // The core says nothing of what it read as TREC as given.
  for (const box of (shown && shown.boxes) || []) if (!byBox[box]) byBox[box] = { format: 'trec' };
  for (const box of [...RUN_BOXES, 'qrels']) {
    const el = byId(region.root, `${box}-status`);
    const r = byBox[box];
    const key = r ? `${lang}|${JSON.stringify(r)}` : '';
    if (!el || el.dataset.key === key) continue;
    el.dataset.key = key;
    el.replaceChildren(...(r ? readingNodes(lang, r) : []));
  }
}

function render(region, lang, model) {
  renderExtraRuns(region, lang, model.state);
  // Batch and compare modes offer only their own examples (styles-page.css); files an example put aside come back with Undo.
  region.root.querySelector('.examples').dataset.mode = model.state.mode;
  byId(region.root, 'undo-drop').hidden = !model.dropped;
  const sources = model.sources || {};
  for (const name of Object.keys(AREA)) renderSource(region, lang, name, sources[name] || null, model.state.mode);
  const letor = letorJudgments(model);
  if (letor) renderLetorLabels(region, lang, model);
  renderGroup(region, lang, model, letor);
  if (model.state.mode !== 'explain') renderReadings(region, lang, model);
}

function bind(region, handlers) {
  for (const box of Object.keys(AREA)) if (region[AREA[box]]) bindFiles(region, box, handlers);
  bindGroup(region, handlers);
  for (const radio of region.root.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener('change', () => { if (radio.checked) handlers.mode(radio.value); });
  }
}

/** What mountInput, renderInput and bindInput (input.js) add on the full page. */
export const FULL_INPUT = { build, render, bind };
