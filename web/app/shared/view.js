// The page's view: it mounts the regions into the page's [data-region]
// placeholders, draws a model through each of them, and performs the few
// side effects the controller asks for. Every string reaches the DOM as
// text or an attribute value, never as HTML.
import { t } from './i18n.js';
import { errorSpan } from './templates/errors.js';
import { byId } from './regions/dom.js';
import { RUN_BOXES, slotOf } from './state.js';
import { AREA, areaFor, bindInput, mountInput, renderInput } from './regions/input.js';
import { bindOptions, hasControl, mountOptions, renderOptions } from './regions/options-panel.js';
import { mountResults, renderProgress as drawProgress, renderResults, setParts, showMessage } from './regions/results.js';
import { readParts } from './parts.js';
import { applyLanguage, bindToolbar, renderTheme } from './regions/toolbar.js';

function mountIn(doc, name, mount) {
  const root = doc.querySelector(`[data-region="${name}"]`);
  return root ? mount(root) : null;
}

/**
 * The view of `doc`; `full` is the whole calculator, otherwise the compact
 * (embed) page. `regions` (FULL_REGIONS of full-regions.js) are the parts
 * only the full page has; its entry passes them, so the embed page's bundle
 * carries none of their code or texts.
 */
export function createView(doc, { full, regions = null }) {
  const own = regions || { results: {} };
  return {
    doc,
    full,
    own,
    input: mountIn(doc, 'input', (root) => mountInput(root, { full, extra: own.input })),
    options: null,
    results: mountIn(doc, 'results', (root) => mountResults(root, { full, ...own.results })),
    exporter: own.exporter ? mountIn(doc, 'export', own.exporter.mountExport) : null,
    embed: own.embed ? mountIn(doc, 'embed', own.embed.mountEmbed) : null,
    topline: own.topline ? mountIn(doc, 'topline', own.topline.mount) : null,
    shownLang: null,
    shownParts: null,
    statusTimer: 0,
    flashTimer: 0,
  };
}

/** Builds the options region once the schema is known. */
export function mountSchema(view, rows) {
  view.options = mountIn(view.doc, 'options', (root) => mountOptions(root, rows, { full: view.full }));
  view.shownLang = null;
}

/** Which box an error belongs in, from its source and key: "ranking", "qrels" or "options". */
export function errorPlace(err) {
  if (err.source === 'options' || (!err.line && !err.source)) return 'options';
  if (err.source === 'judgments' || err.source === 'qrels' || err.source === 'subtopics' || err.source === 'group') return 'qrels';
  // compareRuns numbers its runs from 1 (batch-sources.js numbers them by box); a file read fails in its slot.
  if (err.source === 'run' && err.index >= 2 && RUN_BOXES[err.index - 1]) return RUN_BOXES[err.index - 1];
  if (err.source === 'rankingB') return 'ranking-b';
  return RUN_BOXES.find((box) => box !== 'ranking' && slotOf('compare', box) === err.source) || 'ranking';
}

function errorTarget(view, err) {
  if (!err) return null;
  const place = errorPlace(err);
  if (place === 'options' && view.options) return { region: 'options', key: hasControl(view.options, err.key) ? err.key : '' };
  return { region: 'input', box: view.input[AREA[place]] ? place : 'ranking' };
}

/** The compact page shows the parts its hash names (see parts.js); the input panel is one of them. */
function renderParts(view, partsText) {
  if (view.full || view.shownParts === partsText) return;
  view.shownParts = partsText;
  const parts = readParts(partsText);
  if (view.results) setParts(view.results, parts);
  const panel = byId(view.doc, 'input-panel');
  if (panel) panel.hidden = !parts.has('input');
}

/** Draws the whole page for a model (see controller.js for its fields). */
export function render(view, model) {
  const lang = model.lang;
  renderParts(view, model.state.parts);
  if (lang !== view.shownLang) {
    applyLanguage(view.doc, lang);
    if (view.own.learn) view.own.learn(view.doc, lang);
    view.shownLang = lang;
    if (view.results) view.results.shownKey = null;
    if (view.exporter) view.exporter.lang = null;
  }
  renderTheme(view.doc, model.theme);
  const target = errorTarget(view, model.error);
  renderInput(view.input, lang, model, target);
  if (view.options) renderOptions(view.options, lang, model, target);
  if (view.results) renderResults(view.results, lang, model);
  if (view.own.teach) view.own.teach.after(view, lang, model);
  if (view.exporter) view.own.exporter.renderExport(view.exporter, lang, model);
  if (view.embed) view.own.embed.renderEmbed(view.embed, lang, model.spec, model.state);
  if (view.topline) view.own.topline.render(view.topline, lang, model);
  // The full page stays busy until the result has painted: it lays out the
  // sections below the screen only then (styles-page.css), so its first
  // result appears a frame's layout sooner. Elsewhere (an embed's iframe,
  // whose frames may wait while it is off screen) busy ends here.
  const app = byId(view.doc, 'app');
  const settle = () => app.setAttribute('aria-busy', 'false');
  if (view.full) requestAnimationFrame(() => requestAnimationFrame(settle));
  else settle();
  // The embed page's link to the full calculator (embed/full-link.js).
  if (view.own.fullLink) view.own.fullLink(view.doc, model);
}

/** Connects every region's controls, the toolbar, click actions and the hash to the handlers. */
export function bind(view, handlers) {
  bindInput(view.input, handlers);
  if (view.options) bindOptions(view.options, handlers);
  bindToolbar(view.doc, handlers);
  if (view.embed) view.own.embed.bindEmbed(view.embed, () => handlers.embedChanged());
  if (view.own.bindRows) view.own.bindRows(view.doc, handlers);
  if (view.own.teach) view.own.teach.bind(view);
  // The skip link moves focus without touching the hash, which holds the state.
  for (const link of view.doc.querySelectorAll('.skip-link')) {
    link.addEventListener('click', (e) => {
      e.preventDefault();
      focusResults(view);
    });
  }
  view.doc.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target.closest('[data-action]') : null;
    if (target) handlers.action(target.dataset.action, { ...target.dataset });
  });
  // The compare chart's bars: one tab stop moved by the arrow keys; Enter opens a query.
  view.doc.addEventListener('keydown', (e) => {
    const bar = e.target instanceof Element ? e.target.closest('.cmp-chart .bar') : null;
    if (bar && view.own.chartKeys) view.own.chartKeys(e, bar, (data) => handlers.action('compare-query', data));
  });
  // Menus drawn with the results name their action the same way.
  view.doc.addEventListener('change', (e) => {
    const target = e.target instanceof Element ? e.target.closest('select[data-change]') : null;
    if (target) handlers.action(target.dataset.change, { ...target.dataset, value: target.value });
  });
  globalThis.addEventListener('hashchange', () => handlers.hashChanged());
  // A file dropped beside the boxes would replace the page (and its state) with the file.
  for (const type of ['dragover', 'drop']) {
    view.doc.addEventListener(type, (e) => { if (e.dataTransfer && [...e.dataTransfer.types].includes('Files')) e.preventDefault(); });
  }
}

/** Redraws only the progress bar (called often while a batch is read). */
export function renderProgress(view, lang, job) {
  if (view.results) drawProgress(view.results, lang, job);
}

/** Puts the focus in a text box (or its summary's first button when the box is hidden). */
export function focusBox(view, box) {
  const area = areaFor(view.input, box);
  if (area && !area.hidden) area.focus();
}

// ---- side effects the controller asks for ------------------------------------------

/** Says `text` through the status line; it goes away once it has been read. */
export function announce(view, text) {
  const status = byId(view.doc, 'status');
  if (!status) return;
  status.textContent = '';
  clearTimeout(view.statusTimer);
  // A fresh text node makes screen readers read the message again. Its 8 s
  // count from when it shows: a page busy for longer would clear it unseen.
  view.statusTimer = setTimeout(() => {
    status.textContent = text;
    view.statusTimer = setTimeout(() => { status.textContent = ''; }, 8000);
  }, 30);
}

/**
 * Shows `text` on button `id` for a few seconds, where the user is looking
 * (the status line says it too), then the button's own label again.
 */
export function flashButton(view, id, text) {
  const b = byId(view.doc, id);
  if (!b) return;
  clearTimeout(view.flashTimer);
  b.textContent = text;
  b.classList.add('flashed');
  view.flashTimer = setTimeout(() => {
    b.classList.remove('flashed');
    if (b.dataset.i18n) b.textContent = t(view.shownLang, b.dataset.i18n);
  }, 3000);
}

export function showExportText(view, lang, format, exported) {
  if (view.exporter) view.own.exporter.showExport(view.exporter, lang, format, exported);
}

/** What Download and Copy all export: {format, which} (the chosen format; ranking 'a' or 'b', or compare's CSV table). */
export function exportChoice(view) {
  const own = view.own.exporter;
  return view.exporter ? { format: own.chosenFormat(view.exporter), which: own.chosenPart(view.exporter) } : { format: null, which: 'a' };
}

/** True while the export panel shows a preview. */
export function exportShown(view) {
  return Boolean(view.exporter && view.exporter.shown);
}

/** Makes `format` the one Download and Copy all give. */
export function chooseExport(view, format) {
  if (view.exporter) view.own.exporter.chooseFormat(view.exporter, view.shownLang, format);
}

// A clipboard that never answers (seen in a headless browser under load)
// counts as a refusal, so the user is told rather than left waiting.
const answered = (promise) => Promise.race([promise, new Promise((_, no) => setTimeout(no, 4000))]);

/** Copies text to the clipboard; false when the browser refused. */
export async function copyText(view, text) {
  try {
    if (navigator.clipboard && globalThis.isSecureContext) {
      await answered(navigator.clipboard.writeText(text));
      return true;
    }
  } catch {
    // fall through to the selection-based copy
  }
  // The copy command with the text handed to its event: no text area to lay
  // out, which for an export of 100,000 rows froze the page for seconds.
  const doc = view.doc;
  const put = (e) => {
    e.clipboardData.setData('text/plain', text);
    e.preventDefault();
  };
  doc.addEventListener('copy', put, true);
  try {
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    doc.removeEventListener('copy', put, true);
  }
}

/**
 * Copies a Blob of text: handed to the clipboard as it is where the browser
 * takes a ClipboardItem (the page never holds the text), else as text.
 */
export async function copyBlob(view, blob) {
  try {
    if (globalThis.ClipboardItem && navigator.clipboard && navigator.clipboard.write && globalThis.isSecureContext) {
      await answered(navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]));
      return true;
    }
  } catch {
    // fall through to the copy of the text
  }
  return copyText(view, await blob.text());
}

/** Saves a Blob as a file of `type` through a blob: URL (no network involved). */
export function download(view, { name, blob, type }) {
  // A Blob of a Blob refers to the same bytes: no copy.
  const url = URL.createObjectURL(new Blob([blob], { type }));
  const link = view.doc.createElement('a');
  Object.assign(link, { href: url, download: name, className: 'offscreen' });
  view.doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** Selects the offending text of an error in its text area. */
export function selectError(view, err) {
  const place = errorPlace(err);
  if (place === 'options' || !err.line) return;
  const area = areaFor(view.input, place);
  const span = errorSpan(area.value, err.line, err.column);
  if (!span) return;
  area.focus();
  area.setSelectionRange(span.offsetStart, Math.max(span.offsetEnd, span.offsetStart + 1));
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
  area.scrollTop = Math.max(0, (err.line - 3) * lineHeight);
}

/** Opens or closes the Embed dialog; draw() then fills it. */
export function showEmbed(view, open) {
  if (!view.embed) return;
  if (open) view.own.embed.openEmbed(view.embed);
  else view.own.embed.closeEmbed(view.embed);
}

/** The snippet in the dialog's text area `id`, or ''. */
export function embedSnippet(view, id) {
  return view.embed ? view.own.embed.snippetText(view.embed, id) : '';
}

export function embedStatus(view, text) {
  if (view.embed) view.own.embed.embedStatus(view.embed, text);
}

/** Brings compare mode's side-by-side view of one query into sight and focus. */
export function showDrill(view) {
  const section = byId(view.doc, 'cmp-drill');
  if (!section) return;
  section.scrollIntoView({ block: 'start' });
  section.focus({ preventScroll: true });
}

export function focusResults(view) {
  const results = byId(view.doc, 'results');
  if (results) results.focus();
}

/** Brings the first error message on show into sight, and the offending text into focus when it has a place. */
export function showError(view, err) {
  const box = view.doc.querySelector('#app .error-box:not([hidden])');
  if (box) box.scrollIntoView({ block: 'center' });
  if (err && err.line) selectError(view, err);
}

export function showLoading(view, lang) {
  applyLanguage(view.doc, lang);
  if (view.results) showMessage(view.results, t(lang, 'loading'));
}

export function showFatal(view, lang, message) {
  if (view.results) showMessage(view.results, t(lang, 'loadFailed', { message }), 'error-box');
  byId(view.doc, 'app').setAttribute('aria-busy', 'false');
}
