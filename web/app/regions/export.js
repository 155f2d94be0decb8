// The export region: one button per format, Download, and a preview of the
// text last exported. The text itself comes from the controller (the
// analysis's own render(), or the batch result's trec_eval text).
import { t } from '../i18n.js';
import { count, h } from '../templates.js';
import { fitsInBox } from '../state.js';
import { lineCount } from '../engine.js';
import { byId, setText, show } from './dom.js';

/** Lines of a long export shown in the preview (a text area lays out every line it holds). */
export const PREVIEW_LINES = 200;

/** Formats, the mode that offers each, and the file it downloads as. */
export const EXPORT_FORMATS = Object.freeze([
  { format: 'markdown', mode: 'explain', ext: 'md', type: 'text/markdown' },
  { format: 'csv', mode: 'explain', ext: 'csv', type: 'text/csv' },
  { format: 'latex', mode: 'explain', ext: 'tex', type: 'application/x-latex' },
  { format: 'json', mode: 'explain', ext: 'json', type: 'application/json' },
  { format: 'trec', mode: 'trec', ext: 'txt', type: 'text/plain' },
]);

export function mountExport(root) {
  root.replaceChildren(h('section', { id: 'export', class: 'panel', 'aria-labelledby': 'export-heading' },
    h('h2', { id: 'export-heading', 'data-i18n': 'exportHeading' }),
    h('p', { class: 'help', 'data-i18n': 'exportIntro' }),
    h('div', { class: 'export-buttons', role: 'group', 'aria-labelledby': 'export-heading' },
      EXPORT_FORMATS.map(({ format, mode }) => [h('button', { type: 'button', 'data-action': 'export', 'data-format': format, 'data-mode': mode }), ' ']),
      h('button', { type: 'button', 'data-action': 'download', id: 'export-download', disabled: true, 'data-i18n': 'exportDownload' })),
    h('div', { id: 'export-preview', class: 'export-preview', hidden: true },
      h('label', { for: 'export-text', id: 'export-label' }),
      h('p', { id: 'export-note', class: 'help', hidden: true }),
      h('textarea', { id: 'export-text', rows: '10', readonly: true, spellcheck: 'false' }))));
  return { root, lang: null, mode: null, format: null, text: '', lines: 0 };
}

function clearPreview(region) {
  show(byId(region.root, 'export-preview'), false);
  byId(region.root, 'export-download').disabled = true;
  region.format = null;
  region.text = '';
}

// The preview's label, and the note on a preview that shows only the head of the text.
function labelPreview(region, lang) {
  setText(byId(region.root, 'export-label'), t(lang, 'exportPreview', { format: t(lang, `export_${region.format}`) }));
  const note = byId(region.root, 'export-note');
  show(note, region.lines > 0);
  if (region.lines) setText(note, t(lang, 'exportPreviewHead', { shown: count(PREVIEW_LINES), lines: count(region.lines) }));
}

// The first PREVIEW_LINES lines of `text` (a scan, no split of the whole text).
function headOf(text) {
  let end = -1;
  for (let i = 0; i < PREVIEW_LINES && (end = text.indexOf('\n', end + 1)) >= 0;) i++;
  return end < 0 ? text : text.slice(0, end + 1);
}

/** Labels the buttons, shows those of the current mode, and drops an export of the other mode. */
export function renderExport(region, lang, model) {
  const mode = model.state.mode;
  if (region.lang !== lang) {
    for (const b of region.root.querySelectorAll('[data-action="export"]')) {
      b.textContent = t(lang, 'exportCopy', { format: t(lang, `export_${b.dataset.format}`) });
    }
    if (region.format) labelPreview(region, lang);
    region.lang = lang;
  }
  for (const b of region.root.querySelectorAll('[data-action="export"]')) b.hidden = b.dataset.mode !== mode;
  // An export of the other mode's results would be misleading.
  if (region.mode !== mode) clearPreview(region);
  region.mode = mode;
}

/** Shows an exported text in the preview (its head when it is long) and enables Download. */
export function showExport(region, lang, format, text) {
  const whole = fitsInBox(text);
  Object.assign(region, { format, text, lines: whole ? 0 : lineCount(text) });
  labelPreview(region, lang);
  byId(region.root, 'export-text').value = whole ? text : headOf(text);
  show(byId(region.root, 'export-preview'), true);
  byId(region.root, 'export-download').disabled = false;
}

/** The exported text (all of it) with its file name and type, or null before any export. */
export function exportedFile(region) {
  const entry = EXPORT_FORMATS.find((f) => f.format === region.format);
  if (!entry) return null;
  return { name: `ndcg.${entry.ext}`, type: `${entry.type};charset=utf-8`, text: region.text };
}
