// The export region: one button per format, Download, and a preview of the
// text last exported. The text itself comes from the controller (the
// analysis's own render(), or the batch result's trec_eval text).
import { t } from '../../shared/i18n.js';
import '../texts/export-texts.js';
import { button, count, h } from '../../shared/templates.js';
import { fitsInBoxSize } from '../../shared/state.js';
import { headOf } from '../batch/engine.js';
import { byId, setText, show } from '../../shared/regions/dom.js';

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
      EXPORT_FORMATS.map(({ format, mode }) => [button({ 'data-action': 'export', 'data-format': format, 'data-mode': mode }), ' ']),
      button({ 'data-action': 'download', id: 'export-download', disabled: true, 'data-i18n': 'exportDownload' }), ' ',
      button({ 'data-action': 'copy-export', id: 'export-copy', disabled: true, 'data-i18n': 'exportCopyAll' })),
    h('div', { id: 'export-preview', class: 'export-preview', hidden: true },
      h('label', { for: 'export-text', id: 'export-label' }),
      h('p', { id: 'export-note', class: 'help', hidden: true }),
      h('textarea', { id: 'export-text', rows: '10', readonly: true, spellcheck: 'false' }))));
  return { root, lang: null, mode: null, format: null, blob: null, lines: 0 };
}

function clearPreview(region) {
  show(byId(region.root, 'export-preview'), false);
  for (const id of ['export-download', 'export-copy']) byId(region.root, id).disabled = true;
  region.format = null;
  region.blob = null;
}

// The preview's label, and the note on a preview that shows only the head of the text.
function labelPreview(region, lang) {
  setText(byId(region.root, 'export-label'), t(lang, 'exportPreview', { format: t(lang, `export_${region.format}`) }));
  const note = byId(region.root, 'export-note');
  show(note, region.lines > 0);
  if (region.lines) setText(note, t(lang, 'exportPreviewHead', { shown: count(PREVIEW_LINES), lines: count(region.lines) }));
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

/**
 * Shows an export (exportOf in engine.js, its head HEAD_LINES long) in the
 * preview, all of it or its first PREVIEW_LINES lines, and enables Download
 * and Copy all.
 */
export function showExport(region, lang, format, { blob, chars, lines, head }) {
  const whole = fitsInBoxSize(chars, lines);
  Object.assign(region, { format, blob, lines: whole ? 0 : lines });
  labelPreview(region, lang);
  byId(region.root, 'export-text').value = whole ? head : headOf(head, PREVIEW_LINES);
  show(byId(region.root, 'export-preview'), true);
  for (const id of ['export-download', 'export-copy']) byId(region.root, id).disabled = false;
}

/** The export shown (all of it, a text/plain Blob), its format, file name and type; null before any export. */
export function exportedFile(region) {
  const entry = EXPORT_FORMATS.find((f) => f.format === region.format);
  if (!entry) return null;
  return { format: entry.format, blob: region.blob, name: `ndcg.${entry.ext}`, type: `${entry.type};charset=utf-8` };
}
