// The Embed dialog: which parts to show and which colours, the element and
// iframe snippets for the current view, ready to copy, and a live preview
// (an <ndcg-calc> of the snippet's attributes on this page).
import '../../../component/ndcg-calc.js';
import { t } from '../../shared/i18n.js';
import '../texts/embed-texts.js';
import { button, h } from '../../shared/templates.js';
import { DEFAULT_PARTS, PARTS } from '../../shared/parts.js';
import { HASH_TEXT_LIMIT } from '../../shared/state.js';
import { elementParts, elementSnippet, iframeSnippet } from '../snippets.js';
import { byId, relabel, setText, show } from '../../shared/regions/dom.js';

const THEMES = [['', 'embedThemeAuto'], ['light', 'embedThemeLight'], ['dark', 'embedThemeDark']];

function snippetField(id, labelKey, copyKey, rows) {
  return h('div', { class: 'field snippet' },
    h('label', { for: id, 'data-i18n': labelKey }),
    h('textarea', { id, rows: String(rows), readonly: true, spellcheck: 'false', class: 'snippet-text' }),
    button({ 'data-action': 'copy-snippet', 'data-target': id, 'data-i18n': 'embedCopy', 'data-i18n-aria-label': copyKey }));
}

function choices() {
  return h('div', { class: 'embed-choices' },
    h('fieldset', { class: 'embed-parts' }, h('legend', { 'data-i18n': 'embedParts' }),
      PARTS.map((name) => h('label', { class: 'choice' },
        h('input', { type: 'checkbox', name: 'embed-part', value: name, checked: DEFAULT_PARTS.includes(name) }), ' ',
        h('span', { 'data-i18n': `part_${name}` })))),
    h('div', { class: 'field' }, h('label', { for: 'embed-theme', 'data-i18n': 'embedTheme' }),
      h('select', { id: 'embed-theme' }, THEMES.map(([value, key]) => h('option', { value, 'data-i18n': key })))));
}

/** Builds the dialog in `root` (hidden until opened). */
export function mountEmbed(root) {
  const dialog = h('dialog', { id: 'embed-dialog', class: 'embed-dialog', 'aria-labelledby': 'embed-heading' },
    h('div', { class: 'embed-head' }, h('h2', { id: 'embed-heading', 'data-i18n': 'embedHeading' }),
      button({ 'data-action': 'close-embed', 'data-i18n': 'embedClose' })),
    h('p', { class: 'help', 'data-i18n': 'embedIntro' }),
    choices(),
    snippetField('embed-element', 'embedElement', 'embedCopyElement', 3),
    snippetField('embed-iframe', 'embedIframe', 'embedCopyIframe', 6),
    h('p', { id: 'embed-too-long', class: 'notice', 'data-i18n': 'embedTooLong', hidden: true }),
    h('p', { id: 'embed-status', class: 'input-status', role: 'status', 'aria-live': 'polite' }),
    h('p', { class: 'help', 'data-i18n': 'embedCsp' }),
    h('h3', { 'data-i18n': 'embedPreview' }),
    h('div', { id: 'embed-preview-slot' }));
  root.replaceChildren(dialog);
  // The preview exists only while the dialog is open: a closed dialog holds no second ranking box.
  dialog.addEventListener('close', () => byId(root, 'embed-preview-slot').replaceChildren());
  return { root, dialog, lang: null };
}

function previewOf(region) {
  const slot = byId(region.root, 'embed-preview-slot');
  if (!slot.firstChild) slot.appendChild(h('ndcg-calc', { id: 'embed-preview' }));
  return slot.firstChild;
}

/** The parts and theme chosen in the dialog. */
export function embedChoices(region) {
  const parts = new Set(Array.from(region.root.querySelectorAll('input[name="embed-part"]:checked'), (box) => box.value));
  return { parts, theme: byId(region.root, 'embed-theme').value };
}

// The preview takes the snippet's attributes; unchanged ones are left alone
// (each change makes the element compute again).
function syncPreview(el, { attrs, child }) {
  const wanted = new Map(attrs);
  if (child.text !== null) wanted.set('text', child.text);
  if (child.qrels !== null) wanted.set('qrels', child.qrels);
  for (const name of el.getAttributeNames()) if (name !== 'id' && !wanted.has(name)) el.removeAttribute(name);
  for (const [name, value] of wanted) if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

// The address of a file beside this page. From disk it is the bare name, as
// the dialog says to copy the file next to the post: a file:// address would
// point into this computer.
function urlOf(name) {
  const url = new URL(name, location.href);
  if (url.protocol === 'file:') return name;
  url.hash = '';
  url.search = '';
  return url.href;
}

// This calculator's address for an embed's link back, or '' from disk.
function fullUrl() {
  return location.protocol === 'file:' ? '' : `${location.origin}${location.pathname}`;
}

/** Writes the snippets and the preview for the current state, in `lang`. */
export function renderEmbed(region, lang, spec, state) {
  if (!region.dialog.open) return;
  if (region.lang !== lang) {
    relabel(region.root, lang);
    embedStatus(region, '');
  }
  region.lang = lang;
  const choice = { ...embedChoices(region), lang };
  byId(region.root, 'embed-element').value = elementSnippet(spec, state, { ...choice, scriptUrl: urlOf('ndcg-calc.js') });
  byId(region.root, 'embed-iframe').value = iframeSnippet(spec, state, { ...choice, pageUrl: urlOf('embed.html'), fullUrl: fullUrl(), title: t(lang, 'title') });
  show(byId(region.root, 'embed-too-long'), state.text.length + state.qrels.length > HASH_TEXT_LIMIT);
  syncPreview(previewOf(region), elementParts(spec, state, choice));
}

export function openEmbed(region) {
  if (!region.dialog.open) region.dialog.showModal();
}

export function closeEmbed(region) {
  if (region.dialog.open) region.dialog.close();
}

/** Connects the dialog's choices to `changed()`. */
export function bindEmbed(region, changed) {
  region.root.addEventListener('change', (e) => {
    if (e.target.name === 'embed-part' || e.target.id === 'embed-theme') changed();
  });
}

/** The snippet in text area `id`, and a word in the dialog's own status line (the page behind it is inert). */
export function snippetText(region, id) {
  const area = byId(region.root, id);
  return area && area.classList.contains('snippet-text') ? area.value : '';
}

export function embedStatus(region, text) {
  setText(byId(region.root, 'embed-status'), text);
}
