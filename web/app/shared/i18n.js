// The texts and the functions that read them. The texts every view shows are
// in texts/ (the options' labels, the error messages, and a table per region
// of the view: toolbar, input, options panel, results, charts, metrics);
// texts that only some views show live in web/app/full/texts/*.js and join
// these tables when the module that shows them is loaded (addTexts), so a
// bundle carries only the texts it can show. Strings may hold {name}
// placeholders, filled by t(). Nothing here is HTML: the view puts these
// strings into the page as text.
import { CHART_TEXTS } from './texts/charts-texts.js';
import { ERROR_TEXTS } from './texts/error-texts.js';
import { INPUT_TEXTS } from './texts/input-texts.js';
import { METRICS_TEXTS } from './texts/metrics-texts.js';
import { OPTION_TEXTS } from './texts/option-texts.js';
import { OPTIONS_PANEL_TEXTS } from './texts/options-panel-texts.js';
import { RESULTS_TEXTS } from './texts/results-texts.js';
import { TOOLBAR_TEXTS } from './texts/toolbar-texts.js';

// Every view's texts, a table per region, in the order the page shows them.
const VIEW_TEXTS = [TOOLBAR_TEXTS, INPUT_TEXTS, RESULTS_TEXTS, OPTIONS_PANEL_TEXTS, CHART_TEXTS, METRICS_TEXTS];
const viewTexts = (lang) => Object.assign({}, ...VIEW_TEXTS.map((table) => table[lang]));
const en = { option: OPTION_TEXTS.en, errors: ERROR_TEXTS.en, ...viewTexts('en') };
const zh = { option: OPTION_TEXTS.zh, errors: ERROR_TEXTS.zh, ...viewTexts('zh') };

export const STRINGS = { en, zh };
export const LANGS = Object.keys(STRINGS);

/** Adds a table {en, zh} of texts to the shared ones; a key defined twice is an error. */
export function addTexts(table) {
  // Error templates (`errors`) and option texts (`option`) join their own tables.
  const parts = LANGS.flatMap((lang) => {
    const { errors = {}, option = {}, ...texts } = table[lang];
    return [[lang, STRINGS[lang], texts], [lang, STRINGS[lang].errors, errors], [lang, STRINGS[lang].option, option]];
  });
  for (const [lang, into, add] of parts) {
    for (const key in add) if (key in into) throw new Error(`the text "${key}" (${lang}) is defined twice`);
  }
  for (const [, into, add] of parts) Object.assign(into, add);
}

/** The page language for a list of browser languages: Chinese for any zh-*, else English. */
export function detectLang(languages) {
  for (const tag of languages || []) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (base === 'zh') return 'zh';
    if (base === 'en') return 'en';
  }
  return 'en';
}

/** The string for `key` in `lang` with {placeholders} filled from `params`. */
export function t(lang, key, params) {
  const table = STRINGS[lang] || en;
  let text = key in table ? table[key] : en[key];
  if (text === undefined) return key;
  if (params && typeof text === 'string') {
    // {n|item|items}: the first word when the count reads 1.
    text = text.replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (m, name, one, many) => (String(params[name]) === '1' ? one : many))
      .replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
  }
  return text;
}

/** True when `key` has a string in English (used for optional keys such as preset summaries). */
export function has(key) {
  return key in en;
}

/** An option's label, help or placeholder in `lang` (English when missing; the key for a missing label). */
export function optionText(lang, key, part = 'label') {
  const pick = (table) => (part === 'help' ? (table.optionHelp || {})[key] : table.option[key] ? table.option[key][part] : undefined);
  const text = pick(STRINGS[lang] || en) ?? pick(en);
  return text ?? (part === 'label' ? key : '');
}

/** The name of one choice of an option (the choice itself when there is none). */
export function choiceText(lang, key, choice) {
  const pick = (table) => (table.option[key] && table.option[key].choices ? table.option[key].choices[choice] : undefined);
  return pick(STRINGS[lang] || en) ?? pick(en) ?? choice;
}

/** A choice as a table cell shows it: its short name (the choice itself when there is none). */
export function shortChoice(lang, key, choice) {
  const pick = (table) => (table.option[key] && table.option[key].short ? table.option[key].short[choice] : undefined);
  return pick(STRINGS[lang] || en) ?? pick(en) ?? String(choice);
}

/** A preset's name as the page shows it: the source article's in words, the libraries' as they are called. */
export function presetLabel(lang, name) {
  return name === 'document' ? t(lang, 'presetDocumentName') : name;
}

/** The {names} a template uses. */
export function placeholders(template) {
  return [...new Set(Array.from(template.matchAll(/\{(\w+)\}/g), (m) => m[1]))];
}

// A value an error carries, as shown: a range's open end as ∞ (not "no
// limit"), the largest whole number a double holds exactly as 2⁵³ − 1, at
// most 40 characters, control characters visible.
function shownArg(lang, name, value) {
  if (value === '' && (name === 'min' || name === 'max')) return name === 'min' ? '−∞' : '∞';
  if (name === 'max' && value === '9007199254740991') return '2⁵³ − 1';
  const text = String(value).replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * An error's message in `lang` from its code and args; the core's English
 * message when there is no template or an arg the template needs is missing.
 * An option's error starts with the option's label.
 */
export function errorText(lang, err) {
  const template = ((STRINGS[lang] || en).errors || {})[err.code];
  const args = err.args || {};
  const complete = template && placeholders(template).every((name) => name in args);
  const body = complete ? template.replace(/\{(\w+)\}/g, (m, name) => shownArg(lang, name, args[name])) : String(err.message);
  return err.source === 'options' && err.key ? t(lang, 'optionError', { label: optionText(lang, err.key), message: body }) : body;
}
