// Pure builders: each takes data and returns a detached DOM node (or a
// string). Text always goes in as text nodes or attribute values, never as
// HTML, so an id such as "<img onerror=…>" shows as those characters.
// Event handlers are not attached here: buttons carry data-action and the
// view handles them by delegation. The pieces the views draw with these
// live in templates/, a file per piece.
import { t } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FORBIDDEN_ATTR = /^(on|style$|srcdoc$|href$|src$|action$|formaction$)/i;

function append(node, child) {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) child.forEach((c) => append(node, c));
  else if (typeof child === 'string' || typeof child === 'number') node.appendChild(document.createTextNode(String(child)));
  else node.appendChild(child);
}

function setAttrs(node, attrs) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (FORBIDDEN_ATTR.test(name)) throw new Error(`templates never set ${name}`);
    if (name === 'class') node.setAttribute('class', value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
}

/** An HTML element with attributes and children (strings become text nodes). */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element, likewise. */
export function s(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

/** A button that submits nothing; what it does is named by its data-action. */
export const button = (attrs, ...children) => h('button', { type: 'button', ...attrs }, ...children);

/** A results section: a heading (id "h-" + id) that names it, then its content. */
export function section(id, title, content, attrs = null) {
  return h('section', { class: `result-section result-${id}`, 'aria-labelledby': `h-${id}`, ...attrs }, h('h3', { id: `h-${id}` }, title), content);
}

/**
 * A table with a caption for screen readers, in a region that scrolls and
 * takes focus (so a keyboard can scroll it) and is named after the caption.
 */
export function scrollTable(lang, caption, attrs, parts, scroller = null) {
  // data-hint: said above the table when it is wider than its box (see regions/scroll-hints.js).
  return h('div', { class: 'table-scroll', role: 'region', tabindex: '0', 'aria-label': t(lang, 'tableRegion', { name: caption }), 'data-hint': t(lang, 'scrollHint'), ...scroller },
    h('table', attrs, h('caption', { class: 'visually-hidden' }, caption), parts));
}
