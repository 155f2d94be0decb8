// Small helpers the regions share: find within a region, set text only when
// it changes, show or hide, and put every translated text of a subtree in
// the current language (elements name their text with data-* attributes).
import { choiceText, optionText, t } from '../i18n.js';

/** The element with `id` inside `root` (a document, shadow root or element). */
export function byId(root, id) {
  if (typeof root.getElementById === 'function') return root.getElementById(id);
  return root.querySelector(`#${CSS.escape(id)}`);
}

export function setText(el, text) {
  if (el && el.textContent !== text) el.textContent = text;
}

export function show(el, visible) {
  if (el) el.hidden = !visible;
}

const TRANSLATORS = [
  ['[data-i18n]', (el, lang) => { el.textContent = t(lang, el.dataset.i18n); }],
  ['[data-i18n-aria-label]', (el, lang) => el.setAttribute('aria-label', t(lang, el.dataset.i18nAriaLabel))],
  ['[data-i18n-title]', (el, lang) => { el.title = t(lang, el.dataset.i18nTitle); }],
  ['[data-opt-label]', (el, lang) => { el.textContent = optionText(lang, el.dataset.optLabel); }],
  ['[data-opt-help]', (el, lang) => { el.textContent = optionText(lang, el.dataset.optHelp, 'help'); }],
  ['[data-opt-placeholder]', (el, lang) => el.setAttribute('placeholder', optionText(lang, el.dataset.optPlaceholder, 'placeholder'))],
  ['[data-opt-choice]', (el, lang) => { el.textContent = choiceText(lang, el.dataset.optChoice, el.value); }],
];

/** Puts every translated text under `root` in `lang`. */
export function relabel(root, lang) {
  for (const [selector, apply] of TRANSLATORS) {
    for (const el of root.querySelectorAll(selector)) apply(el, lang);
  }
}
