// Options derived from one schema, the core's option table as
// api.optionSchema() gives it: how a value is read from text, written back,
// turned into an API value, and which attribute or hash key names it.
// Pure functions; nothing here touches the DOM.

/** Batch mode's own option (trec_eval's -c), a row of the core's table that `trec` takes (api.trecOptionSchema()). */
export const TREC_KEYS = Object.freeze(['complete']);

/** Compare mode's own options, rows of the core's table that `compare` takes (api.compareOptionSchema()). */
export const COMPARE_KEYS = Object.freeze(['trials', 'seed', 'allPairs']);

/** A batch command's rows the page shows, in the schema's shape, marked with the mode they belong to. */
function modeRows(rows, keys, mark) {
  return rows.filter((r) => keys.includes(r.key)).map((r) => Object.freeze({ ...r, preset: false, [mark]: true }));
}

/** The module's option schema, with batch mode's and compare mode's own rows after it. */
export function loadSchema(api) {
  return [...api.optionSchema().map(Object.freeze), ...modeRows(api.trecOptionSchema(), TREC_KEYS, 'trecOnly'),
    ...modeRows(api.compareOptionSchema(), COMPARE_KEYS, 'compareOnly')];
}

/** True for a row the page alone uses (batch or compare mode): no attribute of the element, no snippet. */
export const pageOnly = (row) => Boolean(row.trecOnly || row.compareOnly);

/** "zeroIdcg" → "zero-idcg": the component attribute and element id of a key. */
export function kebab(key) {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

const limit = (v, fallback) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? fallback : Number(v));

/** A row's range as numbers (±Infinity for none). */
export function rangeOf(row) {
  return { min: limit(row.min, -Infinity), max: limit(row.max, Infinity) };
}

/** A structured option error, the same shape the module throws. */
export function optionError(row, code, found, message) {
  const args = { found: String(found) };
  if (code === 'out-of-range') {
    const { min, max } = rangeOf(row);
    Object.assign(args, { min: Number.isFinite(min) ? String(min) : '', max: Number.isFinite(max) ? String(max) : '' });
  }
  if (code === 'unknown-choice') args.choices = (row.choices || []).join(',');
  return { code, source: 'options', key: row.key, line: 0, column: 0, args, message: `${row.key}: ${message}` };
}

// The core's number rules (option_table.cpp): decimals with an optional
// exponent, full-width digits folded; whole numbers are digits only.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const fold = (text) => text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xFEE0));

function inRange(row, n) {
  const { min, max } = rangeOf(row);
  return (row.aboveMin ? n > min : n >= min) && n <= max;
}

function readNumber(row, text) {
  const folded = fold(String(text));
  const n = DECIMAL.test(folded) ? Number(folded) : NaN;
  if (!Number.isFinite(n)) return { error: optionError(row, 'not-a-number', text, `expected a number, got "${text}"`) };
  if (!inRange(row, n)) return { error: optionError(row, 'out-of-range', text, `${text} is out of range`) };
  if (row.kind === 'whole' && !/^\d+$/.test(folded)) {
    return { error: optionError(row, 'not-whole', text, `expected a whole number, got "${text}"`) };
  }
  return { value: n };
}

const FLAGS = { true: true, 1: true, false: false, 0: false };

/**
 * Reads an option from text (a hash value, an attribute, a control): {value}
 * or {error}. Lists stay text, as typed: the module reads them with the
 * core's own reader, and its error names the option.
 */
export function readOption(row, text) {
  const raw = String(text);
  if (row.kind === 'choice') {
    return row.choices.includes(raw) ? { value: raw } : { error: optionError(row, 'unknown-choice', raw, `unknown choice "${raw}"`) };
  }
  if (row.kind === 'flag') {
    return raw in FLAGS ? { value: FLAGS[raw] } : { error: optionError(row, 'unknown-choice', raw, `expected true or false, got "${raw}"`) };
  }
  if (row.kind === 'whole' || row.kind === 'real') return readNumber(row, raw);
  return { value: raw };
}

/** A row's default as a page value (lists as text). */
export function defaultValue(row) {
  const d = row.default;
  if (row.kind === 'reals') return Array.isArray(d) || ArrayBuffer.isView(d) ? Array.from(d).join(',') : String(d ?? '');
  if (row.kind === 'flag') return d === true || d === 'true';
  if (row.kind === 'whole' || row.kind === 'real') return Number(d);
  return d === null || d === undefined ? '' : String(d);
}

/** An API value (from a preset's options, say) as a page value. */
export function pageValue(row, value) {
  if (value === undefined || value === null) return defaultValue(row);
  if (row.kind === 'reals') return Array.from(value).join(',');
  return value;
}

/** A page value as text for a hash or an attribute. */
export function writeOption(row, value) {
  if (row.kind === 'flag') return value ? '1' : '0';
  return String(value);
}

/** A page value as the API takes it; undefined leaves the option out (an empty list). */
export function toApiValue(row, value) {
  if (row.kind !== 'reals') return value;
  const text = String(value).trim();
  return text ? text : undefined;
}
