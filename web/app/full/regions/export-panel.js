// The export region: the formats of the mode on screen (each button
// copies that format and shows it), Download and Copy all of the chosen
// format, usable as soon as there is a result, the ranking exported when
// ranking B is shown, and a preview of the text last exported. The text
// itself comes from the controller (full-handlers.js): the core's report
// of the result, as the command prints it.
import { t } from '../../shared/i18n.js';
import '../texts/export-texts.js';
import { button, h } from '../../shared/templates.js';
import { count } from '../../shared/templates/numbers.js';
import { fitsInBoxSize } from '../../shared/state.js';
import { headOf } from '../batch/engine.js';
import { exportRecipe } from '../export-recipe.js';
import { byId, relabel, setText, show } from '../../shared/regions/dom.js';

/** Lines of a long export shown in the preview (a text area lays out every line it holds). */
export const PREVIEW_LINES = 200;

/**
 * Formats, the modes that offer each, and the file type. Batch mode's JSON
 * and CSV are `ndcg trec --format`'s: offered when the module's trec table
 * has that format (model.exportFormats.trec, see full-handlers.js).
 */
export const EXPORT_FORMATS = Object.freeze([
  { format: 'markdown', modes: ['explain', 'compare'], ext: 'md', type: 'text/markdown' },
  { format: 'csv', modes: ['explain', 'compare'], ext: 'csv', type: 'text/csv' },
  { format: 'latex', modes: ['explain', 'compare'], ext: 'tex', type: 'application/x-latex' },
  { format: 'json', modes: ['explain', 'compare'], ext: 'json', type: 'application/json' },
  { format: 'trec', modes: ['trec'], ext: 'txt', type: 'text/plain' },
]);

/**
 * The formats offered in `mode`, its own first (the first is the default);
 * `extra` lists formats a mode gains from the module ({trec: ['json', 'csv']}).
 */
export function formatsOf(mode, extra = null) {
  const more = (extra && extra[mode]) || [];
  const own = EXPORT_FORMATS.filter((f) => f.modes.includes(mode));
  const gained = EXPORT_FORMATS.filter((f) => !f.modes.includes(mode) && more.includes(f.format));
  return [...own, ...gained].map((f) => f.format);
}

/** The file an export of part `which` (chosenPart) downloads as: its name and type. */
export function fileOf(mode, format, which = 'a') {
  const entry = EXPORT_FORMATS.find((f) => f.format === format);
  const table = format === 'csv' && COMPARE_TABLES.includes(which) ? `-${which}` : '';
  const base = { explain: which === 'b' ? 'ndcg-b' : 'ndcg', trec: 'ndcg-trec', compare: `ndcg-compare${table}` }[mode] || 'ndcg';
  return { name: `${base}.${entry.ext}`, type: `${entry.type};charset=utf-8` };
}

/** compare's CSV tables, one a file: the choices of the core's `table` row (a test holds them equal). */
export const COMPARE_TABLES = Object.freeze(['comparisons', 'tie_ranges', 'per_query']);

// Radio buttons named `id` under legend `legend`: [value, text key] each, the first checked.
function choice(id, legend, choices) {
  const radio = ([value, key], i) => [h('label', { class: 'choice' },
    h('input', { type: 'radio', name: id, value, checked: !i, 'data-action': 'export-part' }), ' ', h('span', { 'data-i18n': key })), ' '];
  return h('fieldset', { id, class: 'export-which', hidden: true }, h('legend', { 'data-i18n': legend }), choices.map(radio));
}

export function mountExport(root) {
  root.replaceChildren(h('section', { id: 'export', class: 'panel', 'aria-labelledby': 'export-heading' },
    h('h2', { id: 'export-heading', 'data-i18n': 'exportHeading' }),
    h('p', { id: 'export-intro', class: 'help' }),
    choice('export-which', 'exportWhich', [['a', 'exportWhichA'], ['b', 'exportWhichB']]),
    choice('export-table', 'exportTable', COMPARE_TABLES.map((name) => [name, `exportTable_${name}`])),
    h('div', { class: 'export-buttons', role: 'group', 'aria-labelledby': 'export-heading' },
      EXPORT_FORMATS.map(({ format }) => [button({ 'data-action': 'export', 'data-format': format, 'aria-pressed': 'false' }), ' '])),
    h('div', { class: 'export-buttons export-actions' },
      button({ 'data-action': 'download', id: 'export-download', disabled: true }), ' ',
      button({ 'data-action': 'copy-export', id: 'export-copy', disabled: true })),
    h('p', { id: 'export-hint', class: 'help' }),
    h('div', { id: 'export-preview', class: 'export-preview', hidden: true },
      h('label', { for: 'export-text', id: 'export-label' }),
      h('p', { id: 'export-note', class: 'help', hidden: true }),
      h('textarea', { id: 'export-text', rows: '10', readonly: true, spellcheck: 'false' }))));
  return { root, lang: null, mode: null, chosen: {}, formats: [], shown: null };
}

const formatName = (lang, format) => t(lang, `export_${format}`);

/** The format Download and Copy all give in the region's mode: the one last chosen, else the mode's first. */
export function chosenFormat(region) {
  const picked = region.chosen[region.mode];
  return region.formats.includes(picked) ? picked : region.formats[0];
}

/**
 * The part exported: in explain mode ranking 'a', or 'b' when ranking B is
 * shown and chosen; compare's CSV, the table chosen (COMPARE_TABLES).
 */
export function chosenPart(region) {
  for (const id of ['export-which', 'export-table']) {
    const picked = byId(region.root, id).hidden ? null : region.root.querySelector(`input[name="${id}"]:checked`);
    if (picked) return picked.value;
  }
  return 'a';
}

/** Makes `format` the one Download and Copy all give. */
export function chooseFormat(region, lang, format) {
  if (region.formats.includes(format)) region.chosen[region.mode] = format;
  labelActions(region, lang);
}

function labelActions(region, lang) {
  const format = chosenFormat(region);
  show(byId(region.root, 'export-table'), region.mode === 'compare' && format === 'csv');
  const name = format ? formatName(lang, format) : '';
  for (const b of region.root.querySelectorAll('[data-action="export"]')) {
    b.setAttribute('aria-pressed', String(b.dataset.format === format));
  }
  setText(byId(region.root, 'export-download'), t(lang, 'exportDownload', { format: name }));
  setText(byId(region.root, 'export-copy'), t(lang, 'exportCopyAll', { format: name }));
}

// The preview's label, and the note on a preview that shows only the head of the text.
function labelPreview(region, lang) {
  const shown = region.shown;
  if (!shown) return;
  const table = COMPARE_TABLES.includes(shown.which) ? ` (${t(lang, `exportTable_${shown.which}`)})` : '';
  setText(byId(region.root, 'export-label'), t(lang, 'exportPreview', { format: formatName(lang, shown.format) + table }));
  const note = byId(region.root, 'export-note');
  show(note, shown.lines > 0);
  if (shown.lines) setText(note, t(lang, 'exportPreviewHead', { shown: count(PREVIEW_LINES), lines: count(shown.lines) }));
}

/** The command whose output each mode's export is (shown in the intro). */
const COMMANDS = { explain: 'ndcg explain --format F', trec: 'ndcg trec -q', compare: 'ndcg compare -q --format F' };

// The intro in `lang` with the command set as code (its prose in `lang` too: the core's --language).
function intro(lang, mode) {
  const [before, after = ''] = t(lang, 'exportIntro').split('{cmd}');
  const command = (COMMANDS[mode] || '') + (lang !== 'en' && mode !== 'trec' ? ` --language ${lang}` : '');
  return [before, h('code', null, command), after];
}

function relabelAll(region, lang, mode) {
  relabel(region.root, lang);
  for (const b of region.root.querySelectorAll('[data-action="export"]')) {
    b.textContent = t(lang, 'exportCopy', { format: formatName(lang, b.dataset.format) });
  }
  byId(region.root, 'export-intro').replaceChildren(...intro(lang, mode));
  labelPreview(region, lang);
}

/** True when the model holds a result of its mode that can be exported now (read, not stale, not pending). */
export function exportable(model) {
  if (model.error || model.pending) return false;
  const mode = model.state.mode;
  return Boolean(mode === 'compare' ? model.compare : mode === 'trec' ? model.trec : model.analysis);
}

/**
 * Shows the buttons of the mode, labelled in `lang` with the chosen format;
 * Download and Copy all are enabled whenever there is a result. A preview
 * of another export (the result, the mode or an option that shapes it
 * changed) is taken away.
 */
export function renderExport(region, lang, model) {
  const mode = model.state.mode;
  region.formats = formatsOf(mode, model.exportFormats);
  if (region.lang !== lang || region.mode !== mode) relabelAll(region, lang, mode);
  region.lang = lang;
  region.mode = mode;
  for (const b of region.root.querySelectorAll('[data-action="export"]')) b.hidden = !region.formats.includes(b.dataset.format);
  show(byId(region.root, 'export-which'), mode === 'explain' && Boolean(model.analysisB) && Boolean((model.state.textB || '').trim()));
  const ready = exportable(model);
  for (const id of ['export-download', 'export-copy']) byId(region.root, id).disabled = !ready;
  for (const b of region.root.querySelectorAll('[data-action="export"]')) b.disabled = !ready;
  setText(byId(region.root, 'export-hint'), t(lang, ready ? 'exportHint' : 'exportWaiting'));
  labelActions(region, lang);
  // The preview goes when the export it shows would no longer be the same (not on every redraw).
  const shown = region.shown;
  if (shown && (!ready || exportRecipe(model, shown.format, shown.which) !== shown.key)) {
    region.shown = null;
    show(byId(region.root, 'export-preview'), false);
  }
}

/**
 * Shows an export (exportOf in engine.js, its head HEAD_LINES long) in the
 * preview, all of it or its first PREVIEW_LINES lines.
 */
export function showExport(region, lang, format, { chars, lines, head, key, which }) {
  const whole = fitsInBoxSize(chars, lines);
  region.shown = { format, which, key, lines: whole ? 0 : lines };
  labelPreview(region, lang);
  byId(region.root, 'export-text').value = whole ? head : headOf(head, PREVIEW_LINES);
  show(byId(region.root, 'export-preview'), true);
}
