// The page state: its defaults, the URL-hash codec and the mapping to the
// API's options. Pure functions only; nothing here touches the DOM.
//
// Hash form (every value URI-encoded; keys in a fixed order):
//   #grades=3,2,0,1,0,0,2,1,0,0&k=10            the worked example
//   #text=…&qrels=…&k=5&preset=sklearn&gain=exp  any text, any option
// Options are written only when they differ from the chosen preset, so a
// link stays short. Every value read from a hash is validated; anything
// unknown or malformed is ignored, never evaluated.

export const WORKED_EXAMPLE = '3 2 0 1 0 0 2 1 0 0';

/** Fields a preset decides and the page lets the user edit. */
export const PRESET_FIELDS = ['gain', 'gainTable', 'logBase', 'weights', 'ideal', 'ties', 'zeroIdcg', 'negatives',
  'relevanceLevel', 'alpha', 'errMaxGrade'];

export const ENUMS = {
  mode: ['explain', 'trec'],
  gain: ['exp', 'linear', 'table'],
  ideal: ['list', 'judgments'],
  ties: ['input', 'trec', 'average'],
  zeroIdcg: ['zero', 'one', 'skip'],
  negatives: ['reject', 'zero', 'drop'],
  lang: ['', 'en', 'zh'],
};

export const DEFAULTS = Object.freeze({
  mode: 'explain',
  text: WORKED_EXAMPLE,
  qrels: '',
  k: 10,
  preset: 'document',
  gain: 'exp',
  gainTable: '',
  logBase: 2,
  weights: '',
  ideal: 'list',
  ties: 'input',
  zeroIdcg: 'zero',
  negatives: 'reject',
  relevanceLevel: 1,
  alpha: 0.5,
  errMaxGrade: 0,
  decimals: 3,
  complete: false,
  lang: '',
  local: false,
});

// Hash keys, in the order they are written.
const KEYS = [
  ['mode', 'mode'], ['k', 'k'], ['preset', 'preset'], ['gain', 'gain'], ['gainTable', 'table'],
  ['logBase', 'base'], ['weights', 'weights'], ['ideal', 'ideal'], ['ties', 'ties'], ['zeroIdcg', 'zero'],
  ['negatives', 'neg'], ['relevanceLevel', 'rel'], ['alpha', 'alpha'], ['errMaxGrade', 'errmax'],
  ['decimals', 'd'], ['complete', 'c'], ['lang', 'lang'],
];

/** Texts longer than this (in characters, text + judgments) are not put in a link. */
export const HASH_TEXT_LIMIT = 60000;
/** Longest text accepted from a hash or a draft. */
export const MAX_TEXT = 64 * 1024 * 1024;
export const MAX_K = 1e9;

const GRADE_LIST = /^-?\d+(?:\.\d+)?(?: -?\d+(?:\.\d+)?)*$/;

/** A preset's API options as page fields (lists as comma-separated text). */
export function presetFields(options) {
  const list = (v) => (v && v.length ? Array.from(v).join(',') : '');
  const out = {};
  for (const f of PRESET_FIELDS) out[f] = options[f];
  out.gainTable = list(options.gainTable);
  out.weights = list(options.weights);
  out.gain = options.gain === 'exponential' ? 'exp' : options.gain;
  return out;
}

/** The fields of `preset` from a name → options map, or the defaults when unknown. */
export function baseFields(presetName, presetTable) {
  const options = presetTable && presetTable.get(presetName);
  if (!options) return Object.fromEntries(PRESET_FIELDS.map((f) => [f, DEFAULTS[f]]));
  return presetFields(options);
}

/** A fresh state: the defaults with the preset's fields. */
export function defaultState(presetTable) {
  return { ...DEFAULTS, ...baseFields(DEFAULTS.preset, presetTable) };
}

/** The state with `preset` applied: every field it decides takes its value. */
export function applyPreset(state, name, presetTable) {
  if (!presetTable.has(name)) return state;
  return { ...state, preset: name, ...baseFields(name, presetTable) };
}

function formatValue(field, value) {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

function sameValue(a, b) {
  return String(a) === String(b);
}

/**
 * The hash (without "#") for a state. Long texts are left out and the
 * hash says `local=1`: the text then lives in the saved draft only.
 */
export function encodeHash(state, presetTable) {
  const base = baseFields(state.preset, presetTable);
  const parts = [];
  const put = (key, value) => parts.push(`${key}=${encodeURIComponent(value)}`);
  const tooLong = state.text.length + state.qrels.length > HASH_TEXT_LIMIT;
  if (tooLong) {
    parts.push('local=1');
  } else if (GRADE_LIST.test(state.text)) {
    parts.push(`grades=${state.text.split(' ').join(',')}`);
  } else {
    put('text', state.text);
  }
  if (!tooLong && state.qrels) put('qrels', state.qrels);
  for (const [field, key] of KEYS) {
    const value = state[field];
    const reference = field in base ? base[field] : DEFAULTS[field];
    if (field !== 'k' && sameValue(value, reference)) continue;
    put(key, formatValue(field, value));
  }
  return parts.join('&');
}

/** Splits "a=1&b=2" into a Map; malformed escapes drop only their own pair. */
export function parseHashPairs(hash) {
  const pairs = new Map();
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const raw = eq < 0 ? '' : part.slice(eq + 1);
    try {
      pairs.set(decodeURIComponent(key), decodeURIComponent(raw));
    } catch {
      // a bad %-escape: ignore this pair
    }
  }
  return pairs;
}

function readNumber(value, { min = -Infinity, max = Infinity, integer = false } = {}) {
  if (value === '' || value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) return undefined;
  if (integer && !Number.isInteger(n)) return undefined;
  return n;
}

function readList(value) {
  // Stored as typed; checked when turned into options (so errors can be shown).
  return typeof value === 'string' && value.length <= 10000 ? value : undefined;
}

const READERS = {
  mode: (v) => (ENUMS.mode.includes(v) ? v : undefined),
  k: (v) => readNumber(v, { min: 0, max: MAX_K, integer: true }),
  gain: (v) => (v === 'exponential' ? 'exp' : ENUMS.gain.includes(v) ? v : undefined),
  gainTable: readList,
  logBase: (v) => readNumber(v, { min: 1e-9 }),
  weights: readList,
  ideal: (v) => (ENUMS.ideal.includes(v) ? v : undefined),
  ties: (v) => (ENUMS.ties.includes(v) ? v : undefined),
  zeroIdcg: (v) => (ENUMS.zeroIdcg.includes(v) ? v : undefined),
  negatives: (v) => (ENUMS.negatives.includes(v) ? v : undefined),
  relevanceLevel: (v) => readNumber(v),
  alpha: (v) => readNumber(v, { min: 0, max: 1 }),
  errMaxGrade: (v) => readNumber(v, { min: 0 }),
  decimals: (v) => readNumber(v, { min: 0, max: 12, integer: true }),
  complete: (v) => (v === '1' ? true : v === '0' ? false : undefined),
  lang: (v) => (ENUMS.lang.includes(v) ? v : undefined),
};

/**
 * The state a hash describes. Unknown keys and invalid values are ignored;
 * a hash without any text key keeps the worked example.
 * @returns {{state: object, empty: boolean}} empty is true for a hash with no known key
 */
export function decodeHash(hash, presetTable) {
  const pairs = parseHashPairs(hash);
  const presetName = pairs.get('preset');
  const preset = presetName && presetTable.has(presetName) ? presetName : DEFAULTS.preset;
  const state = { ...DEFAULTS, ...baseFields(preset, presetTable), preset };
  let known = pairs.has('preset');
  if (pairs.has('grades')) {
    state.text = pairs.get('grades').split(/[,+\s]+/).filter(Boolean).join(' ').slice(0, MAX_TEXT);
    known = true;
  } else if (pairs.has('text')) {
    state.text = pairs.get('text').slice(0, MAX_TEXT);
    known = true;
  }
  if (pairs.has('qrels')) {
    state.qrels = pairs.get('qrels').slice(0, MAX_TEXT);
    known = true;
  }
  if (pairs.get('local') === '1') {
    state.local = true;
    known = true;
  }
  for (const [field, key] of KEYS) {
    if (field === 'preset' || !pairs.has(key)) continue;
    const value = READERS[field](pairs.get(key));
    if (value !== undefined) {
      state[field] = value;
      known = true;
    }
  }
  return { state, empty: !known };
}

/** Numbers from "0, 1, 3 7" (commas, spaces, Chinese commas); throws naming a bad one. */
export function parseNumberList(text) {
  const parts = String(text).split(/[\s,，、;]+/).filter(Boolean);
  return parts.map((p) => {
    const n = Number(p);
    if (!Number.isFinite(n)) {
      const error = new Error(`not a number: ${p}`);
      error.value = p;
      throw error;
    }
    return n;
  });
}

/**
 * The API options for a state, or {error: {field, value}} when a list field
 * holds something other than numbers.
 */
export function toApiOptions(state) {
  const options = {
    preset: state.preset,
    k: state.k,
    gain: state.gain,
    logBase: state.logBase,
    ideal: state.ideal,  // without judgments the core uses the ranking's own ideal
    ties: state.ties,
    zeroIdcg: state.zeroIdcg,
    negatives: state.negatives,
    relevanceLevel: state.relevanceLevel,
    alpha: state.alpha,
    errMaxGrade: state.errMaxGrade,
    decimals: state.decimals,
  };
  for (const [field, name] of [['gainTable', 'gainTable'], ['weights', 'weights']]) {
    try {
      const list = parseNumberList(state[field]);
      if (list.length || field === 'weights') options[name] = list;
    } catch (e) {
      return { error: { field, value: e.value } };
    }
  }
  if (state.gain !== 'table') delete options.gainTable;
  if (state.qrels.trim()) options.qrels = state.qrels;
  return { options };
}

/** The options of evaluateTrec for a state in batch mode. */
export function toTrecOptions(state) {
  const k = state.k;
  const measures = ['ndcg', k ? `ndcg_cut.${k}` : null, k ? `P.${k}` : null, k ? `recall.${k}` : null, 'map', 'recip_rank']
    .filter(Boolean);
  const options = { measures, perQuery: true, digits: Math.min(state.decimals, 17), complete: state.complete };
  if (Number.isInteger(state.relevanceLevel)) options.relevanceLevel = state.relevanceLevel;
  if (state.gain === 'exp') options.gain = 'exp';
  return options;
}

/** "@10", or "" for no cutoff: the suffix of every metric name. */
export function cutLabel(k) {
  return k ? `@${k}` : '';
}
