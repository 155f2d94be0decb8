// The page state: its defaults, the URL-hash codec and the mapping to the
// API's options, all derived from the option schema (see option-rows.js).
// Pure functions only; nothing here touches the DOM.
//
// Hash form (every value URI-encoded; keys in the schema's order):
//   #grades=3,2,0,1,0,0,2,1,0,0&k=10            the worked example
//   #text=…&qrels=…&k=5&preset=sklearn&gain=exp  any text, any option
// Option keys are the schema's camelCase keys; the short keys of older links
// (base, table, zero, …) are read too. Options are written only when they
// differ from the chosen preset, so a link stays short. Every value read
// from a hash is validated; anything unknown or malformed is ignored.
import { readParts, writeParts } from './parts.js';
import {
  batchKey, defaultValue, dormant, loadSchema, pageOnly, pageValue, readOption, takeImplied, toApiValue, writeOption,
} from './option-rows.js';

export const WORKED_EXAMPLE = '3 2 0 1 0 0 2 1 0 0';

/** Compare mode compares runs A, B, … up to this many. */
export const MAX_RUNS = 8;
/** The run boxes of compare mode in order: A and B share the explain mode's boxes, C to H are its own. */
export const RUN_BOXES = Object.freeze(['ranking', 'ranking-b', 'run-c', 'run-d', 'run-e', 'run-f', 'run-g', 'run-h']);
/** The state field of each text box. */
export const FIELD = Object.freeze({
  ranking: 'text', 'ranking-b': 'textB', qrels: 'qrels', ...Object.fromEntries(RUN_BOXES.slice(2).map((box) => [box, `text${box.slice(-1).toUpperCase()}`])),
});
/** The state fields of runs C to H. */
export const EXTRA_FIELDS = Object.freeze(RUN_BOXES.slice(2).map((box) => FIELD[box]));
/** A run's letter, A to H, from its box. */
export const runLetter = (box) => 'ABCDEFGH'[RUN_BOXES.indexOf(box)];

/** Page fields that are not options. */
const PAGE_DEFAULTS = Object.freeze({
  mode: 'explain', text: WORKED_EXAMPLE, textB: '', qrels: '', lang: '', local: false, parts: '', theme: '',
  runs: 2, ...Object.fromEntries(EXTRA_FIELDS.map((f) => [f, ''])), measure: '', pair: '', query: '',
});
/** Where the page's defaults differ from the core's: the document's K = 10 and its convention. */
const PAGE_CHOICES = Object.freeze({ k: 10, preset: 'document' });
const MODES = ['explain', 'trec', 'compare'];
const LANGS = ['', 'en', 'zh'];
const THEMES = ['', 'light', 'dark'];

/** Short hash keys of older links → schema keys. */
export const LEGACY_KEYS = Object.freeze({
  base: 'logBase', table: 'gainTable', zero: 'zeroIdcg', neg: 'negatives', rel: 'relevanceLevel', errmax: 'errMaxGrade',
  d: 'decimals', c: 'complete',
});

/** Texts longer than this (in characters, text + judgments) are not put in a link. */
export const HASH_TEXT_LIMIT = 60000;
/**
 * The most a text box holds: Chromium lays out every line of a textarea
 * (measured: 10,000 short lines take 0.1 s, 1,000,000 take 30 s and 6,000,000
 * end the tab; one 1 MB line 0.3 s). A longer text is kept out of the box,
 * shown as a summary (see sources in controller.js).
 */
export const BOX_LIMITS = Object.freeze({ lines: 2000, chars: 512 * 1024 });
/** Lines of an export handed to the page with its Blob: all of a text the box can show whole. */
export const HEAD_LINES = BOX_LIMITS.lines;
/**
 * Bytes of an export copied with its button's click. Chromium writes the
 * clipboard on the page's thread, about 3 ms per MB here and ten times that
 * on a busy machine (bench/page/export-browser.mjs): a larger text waits for
 * Copy all, so building an export never freezes the page.
 */
export const COPY_LIMIT = 2 * 2 ** 20;

/** True when `text` may live in a text box (see BOX_LIMITS). */
export function fitsInBox(text) {
  if (text.length > BOX_LIMITS.chars) return false;
  let lines = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    if (++lines >= BOX_LIMITS.lines) return false;
  }
  return true;
}

/** True when a text of `bytes` bytes and `lines` lines may go back into a box. */
export function fitsInBoxSize(bytes, lines) {
  return bytes <= BOX_LIMITS.chars && lines !== null && lines < BOX_LIMITS.lines;
}

/**
 * Where a box's text comes from in a mode: the run and qrels of batch mode,
 * the ranking and judgments of the explain mode (each may be a file or a
 * long paste kept out of the box).
 */
export function slotOf(mode, box) {
  if (mode === 'explain') return { qrels: 'judgments', 'ranking-b': 'rankingB' }[box] || 'ranking';
  // Batch and compare modes share the qrels and the first run; runs B to H are runB … runH.
  if (box === 'qrels' || box === 'ranking') return box === 'qrels' ? 'qrels' : 'run';
  return RUN_BOXES.includes(box) ? `run${runLetter(box)}` : 'run';
}

/** The run boxes compare mode shows for `runs` runs (2 to MAX_RUNS). */
export const runBoxes = (runs = 2) => RUN_BOXES.slice(0, Math.min(Math.max(runs, 2), MAX_RUNS));

/** The text boxes of a mode (the second ranking box serves the explain and compare modes). */
export function boxesOf(mode, runs = 2) {
  if (mode === 'trec') return ['ranking', 'qrels'];
  return mode === 'compare' ? [...runBoxes(runs), 'qrels'] : ['ranking', 'ranking-b', 'qrels'];
}

/** Characters of every text the state holds (the runs, the rankings and the judgments). */
export function textLength(state) {
  return Object.values(FIELD).reduce((n, f) => n + (state[f] || '').length, 0);
}

/** Longest text accepted from a hash or a draft. */
export const MAX_TEXT = 64 * 1024 * 1024;

const GRADE_LIST = /^-?\d+(?:\.\d+)?(?: -?\d+(?:\.\d+)?)*$/;

/**
 * What the state functions need to know: the schema's rows, the presets'
 * options and the compare command's default measures ("ndcg_cut.10 map …").
 * Built once the module is loaded.
 */
export function makeSpec(rows, presetList, choices = PAGE_CHOICES, compareDefault = '', trecDefaults = {}) {
  const presets = new Map(presetList.map((p) => [p.name, p.options]));
  const defaults = { ...PAGE_DEFAULTS };
  for (const row of rows) defaults[row.key] = row.key in choices ? choices[row.key] : defaultValue(row);
  return { rows, byKey: new Map(rows.map((r) => [r.key, r])), presets, defaults: Object.freeze(defaults), compareDefault, trecDefaults };
}

/**
 * Where batch mode starts from `ndcg trec`'s own defaults rather than the
 * page's: K (0: trec_eval's cutoff lists) and its digits (trec_eval's 4),
 * as the trec command's table gives them.
 */
function trecDefaultsOf(api) {
  const rows = new Map(api.trecOptionSchema().map((row) => [row.key, row]));
  // The light module (embed page, element) has no trec command.
  return rows.has('digits') ? { k: Number(rows.get('k').default), decimals: Number(rows.get('digits').default) } : {};
}

/** The defaults of a mode: the page's, with batch mode's own where they differ. */
const modeDefaults = (spec, mode) => (mode === 'trec' ? { ...spec.defaults, ...spec.trecDefaults } : spec.defaults);

/**
 * The spec for a loaded API. `choices` overrides the schema's defaults; the
 * page's own (K = 10, the document's preset) unless given.
 */
export function specOf(api, choices = PAGE_CHOICES) {
  const measures = api.compareOptionSchema().find((row) => row.key === 'measures');
  return makeSpec(loadSchema(api), api.presets(), choices, measures ? String(measures.default) : '', trecDefaultsOf(api));
}

/** The fields a preset decides, as page values; the defaults when the preset is unknown. */
export function baseFields(spec, presetName) {
  const options = spec.presets.get(presetName);
  const out = {};
  for (const row of spec.rows) {
    if (row.preset) out[row.key] = options ? pageValue(row, options[row.key]) : spec.defaults[row.key];
  }
  return out;
}

/** A fresh state: the defaults with the default preset's fields. */
export function defaultState(spec) {
  return { ...spec.defaults, ...baseFields(spec, spec.defaults.preset) };
}

/** A mode's settings: the option rows' fields, the preset among them (each mode keeps its own). */
export function settingsOf(spec, state) {
  return Object.fromEntries(spec.rows.map((row) => [row.key, state[row.key]]));
}

/**
 * `state` in `mode`: the settings of the mode left go into `kept` (by mode)
 * and the mode entered takes its own back, so a switch never changes another
 * mode's numbers or link. A mode shown for the first time starts from the
 * page's defaults; batch and compare modes from trec_eval's convention.
 */
export function switchMode(spec, state, mode, kept) {
  if (mode === state.mode) return state;
  kept[state.mode] = settingsOf(spec, state);
  const fresh = defaultState(spec);
  const first = mode === 'explain' ? fresh : { ...applyPreset(spec, fresh, 'trec_eval'), ...(mode === 'trec' ? spec.trecDefaults : {}) };
  return { ...state, ...(kept[mode] || settingsOf(spec, first)), mode };
}

/** The state with preset `name` applied: every field it decides takes its value. */
export function applyPreset(spec, state, name) {
  if (!spec.presets.has(name)) return state;
  return { ...state, preset: name, ...baseFields(spec, name) };
}

function textPart(state, withText) {
  if (!withText) return [];
  if (textLength(state) > HASH_TEXT_LIMIT) return ['local=1'];
  const parts = [GRADE_LIST.test(state.text) ? `grades=${state.text.split(' ').join(',')}` : `text=${encodeURIComponent(state.text)}`];
  if (state.qrels) parts.push(`qrels=${encodeURIComponent(state.qrels)}`);
  // The second ranking of the A/B view, when there is one.
  if (state.textB) parts.push(`textB=${encodeURIComponent(state.textB)}`);
  for (const f of EXTRA_FIELDS) if (state[f]) parts.push(`${f}=${encodeURIComponent(state[f])}`);
  return parts;
}

// Compare mode's view: how many runs, the measure and pair shown, the query side by side.
function comparePart(state, put) {
  if (state.runs !== 2) put('runs', String(state.runs));
  for (const key of ['measure', 'pair', 'query']) if (state[key]) put(key, state[key]);
}

/**
 * The hash (without "#") for a state. Long texts are left out and the hash
 * says `local=1`: the text then lives in the saved draft only. With
 * `withText` false (files or long pastes in use) the hash holds the options
 * only. K is always written, so the documented link form stays as it is.
 */
export function encodeHash(spec, state, { withText = true } = {}) {
  const base = baseFields(spec, state.preset);
  const parts = textPart(state, withText);
  // Each key once: compare mode's drilled query is also the option row `query`.
  const written = new Set();
  const put = (key, text) => written.has(key) || (written.add(key), parts.push(`${key}=${encodeURIComponent(text)}`));
  if (state.mode !== spec.defaults.mode) put('mode', state.mode);
  comparePart(state, put);
  const ordered = [spec.byKey.get('k'), ...spec.rows.filter((r) => r.key !== 'k')];
  for (const row of ordered) {
    const value = state[row.key];
    const reference = row.key in base ? base[row.key] : modeDefaults(spec, state.mode)[row.key];
    if (row.key !== 'k' && (String(value) === String(reference) || dormant(row, state))) continue;
    put(row.key, writeOption(row, value));
  }
  if (state.lang) put('lang', state.lang);
  if (state.theme) put('theme', state.theme);
  // Part names need no escaping; commas read better than %2C.
  if (state.parts) parts.push(`parts=${state.parts}`);
  return parts.join('&');
}

/** Splits "a=1&b=2" into a Map; malformed escapes drop only their own pair. */
export function parseHashPairs(hash) {
  const pairs = new Map();
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    try {
      pairs.set(decodeURIComponent(eq < 0 ? part : part.slice(0, eq)), decodeURIComponent(eq < 0 ? '' : part.slice(eq + 1)));
    } catch {
      // a bad %-escape: ignore this pair
    }
  }
  for (const [old, key] of Object.entries(LEGACY_KEYS)) {
    if (pairs.has(old) && !pairs.has(key)) pairs.set(key, pairs.get(old));
  }
  return pairs;
}

function readTexts(pairs, state) {
  let known = false;
  if (pairs.has('grades')) {
    state.text = pairs.get('grades').split(/[,+\s]+/).filter(Boolean).join(' ').slice(0, MAX_TEXT);
    known = true;
  } else if (pairs.has('text')) {
    state.text = pairs.get('text').slice(0, MAX_TEXT);
    known = true;
  }
  if (pairs.has('qrels')) state.qrels = pairs.get('qrels').slice(0, MAX_TEXT);
  if (pairs.has('textB')) state.textB = pairs.get('textB').slice(0, MAX_TEXT);
  for (const f of EXTRA_FIELDS) if (pairs.has(f)) [state[f], known] = [pairs.get(f).slice(0, MAX_TEXT), true];
  if (pairs.get('local') === '1') state.local = true;
  return known || pairs.has('qrels') || pairs.has('textB') || state.local;
}

function readPageFields(pairs, state) {
  let known = false;
  if (MODES.includes(pairs.get('mode'))) [state.mode, known] = [pairs.get('mode'), true];
  if (LANGS.includes(pairs.get('lang'))) [state.lang, known] = [pairs.get('lang'), true];
  if (THEMES.includes(pairs.get('theme'))) [state.theme, known] = [pairs.get('theme'), true];
  // The parts an embed shows (see parts.js); the full page shows them all.
  if (pairs.has('parts')) [state.parts, known] = [writeParts(readParts(pairs.get('parts'), []), ','), true];
  return readCompareFields(pairs, state) || known;
}

// The number of runs (2 to MAX_RUNS), and the measure, pair and query as text of modest length.
function readCompareFields(pairs, state) {
  let known = false;
  const runs = Number(pairs.get('runs'));
  if (Number.isInteger(runs) && runs >= 2 && runs <= MAX_RUNS) [state.runs, known] = [runs, true];
  for (const key of ['measure', 'pair', 'query']) {
    const value = pairs.get(key);
    if (value && value.length <= 200) [state[key], known] = [value, true];
  }
  return known;
}

/**
 * The state a hash describes. Unknown keys and invalid values are ignored;
 * a hash without any text key keeps the worked example.
 * @returns {{state: object, empty: boolean}} empty is true for a hash with no known key
 */
export function decodeHash(spec, hash) {
  const pairs = parseHashPairs(hash);
  const asked = pairs.get('preset');
  const preset = spec.presets.has(asked) ? asked : spec.defaults.preset;
  const state = { ...spec.defaults, ...baseFields(spec, preset), preset };
  let known = pairs.has('preset');
  known = readTexts(pairs, state) || known;
  known = readPageFields(pairs, state) || known;
  if (state.mode === 'trec') Object.assign(state, spec.trecDefaults);
  for (const row of spec.rows) {
    if (row.key === 'preset' || !pairs.has(row.key)) continue;
    const read = readOption(row, pairs.get(row.key));
    if (read.error || (row.kind === 'reals' && read.value.length > 10000)) continue;
    state[row.key] = read.value;
    takeImplied(state, row, (k) => pairs.has(k));
    known = true;
  }
  return { state, empty: !known };
}

// A row's value as the API takes it; a dormant row (option-rows.js) is not sent.
function apiValueOf(row, state) {
  if (dormant(row, state)) return undefined;
  return toApiValue(row, state[row.key]);
}

// The values of the rows `keep` picks, under the key `keyOf` gives each.
function optionsOf(spec, state, keep, keyOf) {
  const options = {};
  for (const row of spec.rows) {
    if (!keep(row)) continue;
    const value = apiValueOf(row, state);
    if (value !== undefined) options[keyOf(row)] = value;
  }
  return options;
}

/** True when a row is an option of `mode`: explain's own rows, or those a batch command's table holds. */
export function rowInMode(row, mode) {
  return mode === 'explain' ? !pageOnly(row) : Boolean(row.batch?.includes(mode));
}

/** The API options for a state. Page-only rows stay out; lists go as typed, for the core to read. */
export function toApiOptions(spec, state) {
  const options = optionsOf(spec, state, (row) => rowInMode(row, 'explain'), (row) => row.key);
  if (state.qrels.trim()) options.qrels = state.qrels;
  return options;
}

/** The convention a batch mode's state names, as explain's options (for the preset it matches). */
export function batchConvention(spec, state) {
  return optionsOf(spec, state, (row) => !pageOnly(row) && rowInMode(row, state.mode), (row) => row.key);
}

/**
 * The options a batch command ('trec' or 'compare') takes from a state:
 * every row its own table holds, in its spelling, read as explain's are.
 */
function batchOptions(spec, state, command) {
  return optionsOf(spec, state, (row) => rowInMode(row, command), batchKey);
}

/**
 * The measures batch mode evaluates: the measure box's entries, as `-m`
 * takes them (several, spaced; a "-m" before each is allowed), for the
 * core to read. Left empty: trec_eval's default set under the trec_eval
 * preset (no measures given), else NDCG whole and at K, P, recall, MAP and MRR.
 */
export function trecMeasures(state) {
  const typed = (state.measures || '').split(/\s+/).filter((m) => m && m !== '-m');
  if (typed.length) return typed;
  if (state.preset === 'trec_eval') return undefined;
  const k = state.k;
  return ['ndcg', k ? `ndcg_cut.${k}` : null, k ? `P.${k}` : null, k ? `recall.${k}` : null, 'map', 'recip_rank'].filter(Boolean);
}

/** The options of evaluateTrec for a state in batch mode. */
export function toTrecOptions(spec, state) {
  const options = { ...batchOptions(spec, state, 'trec'), perQuery: true };
  const measures = trecMeasures(state);
  if (measures) options.measures = measures;
  else delete options.measures;
  return options;
}

/**
 * The options the page evaluates a run with: toTrecOptions' without trec_eval's per-query lines in
 * the text, which only the 'trec' export shows and asks for when made (every query's values come
 * all the same): 10.9 MB of text on the 1M-line run, 30% of its call.
 */
export function toTrecEvaluation(spec, state) {
  return { ...toTrecOptions(spec, state), perQuery: false };
}

/**
 * The measures compare mode tests: the compare command's own default list
 * (its schema's), each cutoff at the page's K; with no cutoff, NDCG of the
 * whole list and no P.
 */
export function compareMeasures(spec, k) {
  const list = spec.compareDefault.split(' ').map((m) => {
    const cut = /^([A-Za-z_]+)\.\d+$/.exec(m);
    if (!cut) return m;
    if (k) return `${cut[1]}.${k}`;
    return cut[1] === 'ndcg_cut' ? 'ndcg' : null;
  });
  return list.filter(Boolean);
}

/** The options of compareRuns for a state in compare mode; `names` labels the runs. */
export function toCompareOptions(spec, state, names) {
  return { ...batchOptions(spec, state, 'compare'), measures: compareMeasures(spec, state.k), names };
}

/** "@10", or "" for no cutoff: the suffix of every metric name. */
export function cutLabel(k) {
  return k ? `@${k}` : '';
}
