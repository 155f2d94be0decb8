// The export region: one button per format, Download, and a preview of the
// text last exported. The text itself comes from the controller (the
// analysis's own render(), or the batch result's trec_eval text).
import { t } from '../i18n.js';
import { h } from '../templates.js';
import { byId, setText, show } from './dom.js';

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
      h('textarea', { id: 'export-text', rows: '10', readonly: true, spellcheck: 'false' }))));
  return { root, lang: null, mode: null, format: null };
}

function clearPreview(region) {
  show(byId(region.root, 'export-preview'), false);
  byId(region.root, 'export-download').disabled = true;
  region.format = null;
}

/** Labels the buttons, shows those of the current mode, and drops an export of the other mode. */
export function renderExport(region, lang, model) {
  const mode = model.state.mode;
  if (region.lang !== lang) {
    for (const b of region.root.querySelectorAll('[data-action="export"]')) {
      b.textContent = t(lang, 'exportCopy', { format: t(lang, `export_${b.dataset.format}`) });
    }
    if (region.format) setText(byId(region.root, 'export-label'), t(lang, 'exportPreview', { format: t(lang, `export_${region.format}`) }));
    region.lang = lang;
  }
  for (const b of region.root.querySelectorAll('[data-action="export"]')) b.hidden = b.dataset.mode !== mode;
  // An export of the other mode's results would be misleading.
  if (region.mode !== mode) clearPreview(region);
  region.mode = mode;
}

/** Shows an exported text in the preview and enables Download. */
export function showExport(region, lang, format, text) {
  show(byId(region.root, 'export-preview'), true);
  region.format = format;
  setText(byId(region.root, 'export-label'), t(lang, 'exportPreview', { format: t(lang, `export_${format}`) }));
  byId(region.root, 'export-text').value = text;
  byId(region.root, 'export-download').disabled = false;
}

/** The text in the preview with its file name and type, or null before any export. */
export function exportedFile(region) {
  const entry = EXPORT_FORMATS.find((f) => f.format === region.format);
  if (!entry) return null;
  return { name: `ndcg.${entry.ext}`, type: `${entry.type};charset=utf-8`, text: byId(region.root, 'export-text').value };
}
