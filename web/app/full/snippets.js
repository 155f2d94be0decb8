// The two ways to embed a view, written as HTML to paste into a post: the
// <ndcg-calc> element and an iframe of embed.html with the lines that let
// it size itself. Both come from the page's hash codec, so they describe
// exactly what a link would. Pure functions; nothing here touches the DOM.
import { kebab, pageOnly } from '../shared/option-rows.js';
import { encodeHash, parseHashPairs } from '../shared/state.js';
import { isDefaultParts, writeParts } from '../shared/parts.js';
import { HEIGHT_MESSAGE } from '../embed/embed-size.js';

/** The lines a host page needs for the iframe to take its content's height (also in docs/embedding.md). */
export const LISTENER = `addEventListener('message', function (e) {
  var d = e.data;
  if (!d || d.type !== '${HEIGHT_MESSAGE}' || !(d.height > 0 && d.height < 100000)) return;
  document.querySelectorAll('iframe').forEach(function (f) {
    if (f.contentWindow !== e.source) return;
    var s = getComputedStyle(f), box = s.boxSizing === 'border-box'
      ? ['borderTopWidth', 'borderBottomWidth', 'paddingTop', 'paddingBottom'].reduce(function (a, k) { return a + parseFloat(s[k]); }, 0) : 0;
    f.style.height = Math.ceil(d.height + box) + 'px';
  });
});`;

const escapeAttr = (text) => String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// A <script type="text/plain"> holds any text but one that would end it
// early ("</script") or change how it is parsed ("<!--"). Spelled so that
// neither sequence appears in the page's own inlined script.
const fitsScript = (text) => !/<\/script|<!-{2}/i.test(text);

/**
 * What the element needs for `state`: attributes [name, value] in order
 * and the texts that go in child scripts ({text, qrels}, null when an
 * attribute carries them).
 */
export function elementParts(spec, state, { parts, theme = '', lang = '' }) {
  const pairs = parseHashPairs(encodeHash(spec, { ...state, text: '', qrels: '', lang: '', parts: '', theme: '', mode: 'explain' }));
  const attrs = [];
  const child = { text: null, qrels: null };
  if (/^-?\d+(\.\d+)?( -?\d+(\.\d+)?)*$/.test(state.text)) attrs.push(['grades', state.text.split(' ').join(',')]);
  else if (fitsScript(state.text)) child.text = state.text;
  else attrs.push(['text', state.text]);
  if (state.qrels && fitsScript(state.qrels)) child.qrels = state.qrels;
  else if (state.qrels) attrs.push(['qrels', state.qrels]);
  for (const [key, value] of pairs) {
    if (spec.byKey.has(key) && !pageOnly(spec.byKey.get(key))) attrs.push([kebab(key), value]);
  }
  if (lang) attrs.push(['lang', lang]);
  if (theme) attrs.push(['theme', theme]);
  if (parts && !isDefaultParts(parts)) attrs.push(['parts', writeParts(parts)]);
  return { attrs, child };
}

/** The element snippet: the script tag and the element. */
export function elementSnippet(spec, state, { scriptUrl, ...choices }) {
  const { attrs, child } = elementParts(spec, state, choices);
  const open = `<ndcg-calc${attrs.map(([name, value]) => ` ${name}="${escapeAttr(value)}"`).join('')}>`;
  const inner = [
    child.text !== null ? `\n  <script type="text/plain">\n${child.text}\n  </script>` : '',
    child.qrels !== null ? `\n  <script type="text/plain" data-qrels>\n${child.qrels}\n  </script>` : '',
  ].join('');
  return `<script src="${escapeAttr(scriptUrl)}"></script>\n${open}${inner}${inner ? '\n' : ''}</ndcg-calc>`;
}

/** The hash of embed.html for `state` with the chosen parts, language and theme. */
export function embedHash(spec, state, { parts, theme = '', lang = '' }) {
  return encodeHash(spec, { ...state, lang, theme, parts: parts && !isDefaultParts(parts) ? writeParts(parts, ',') : '' });
}

/**
 * The iframe snippet: the frame and the listener that sizes it. `fullUrl`
 * (this calculator's address, '' from disk) is where the embed's "full
 * calculator" link goes, so a copied embed.html links back here, not to
 * an index.html beside it that may not be there.
 */
export function iframeSnippet(spec, state, { pageUrl, title, fullUrl = '', ...choices }) {
  const full = fullUrl ? `&full=${encodeURIComponent(fullUrl)}` : '';
  const src = `${pageUrl}#${embedHash(spec, state, choices)}${full}`;
  return `<iframe src="${escapeAttr(src)}" title="${escapeAttr(title)}" width="100%" height="600" loading="lazy"></iframe>\n`
    + `<script>\n${LISTENER}\n</script>`;
}
