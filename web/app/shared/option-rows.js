// Options derived from one schema, the core's option table as
// api.optionSchema() gives it: how a value is read from text, written back,
// turned into an API value, and which attribute or hash key names it.
// Pure functions; nothing here touches the DOM.

/**
 * Batch mode's own options, rows of the core's table that `trec` takes
 * (api.trecOptionSchema()): the measures (-m), -c, -J, -M and --ci.
 */
export const TREC_KEYS = Object.freeze(['measures', 'complete', 'judgedOnly', 'maxDocs', 'ci']);

/** Rows batch mode reads only with --ci (the bootstrap's): shown there only while ci is on. */
export const CI_KEYS = Object.freeze(['trials', 'seed']);

/** Compare mode's own options, rows of the core's table that `compare` takes (api.compareOptionSchema()). */
export const COMPARE_KEYS = Object.freeze(['trials', 'seed', 'allPairs']);

/** An explain row the batch commands take under another name: the page's decimals are their digits. */
const BATCH_NAME = Object.freeze({ decimals: 'digits' });

/** A row's key in the batch commands' tables. */
export const batchKey = (row) => BATCH_NAME[row.key] || row.key;

/**
 * A row marked with the batch commands that take it (`batch`: 'trec',
 * 'compare'), as their own tables say (`tables`: command → its keys): what
 * batch and compare modes show and pass on (state.js, rowInMode).
 */
function markBatch(row, tables, more = {}) {
  const batch = Object.keys(tables).filter((command) => tables[command].has(batchKey(row)));
  return Object.freeze({ ...row, ...more, batch });
}

// The module whose option table reads every value the page reads
// (readOption): the one whose schema the page loaded. The last text read
// for each key is kept with its reading, so drawing a control again after
// its input asks the module nothing more.
let reader = null;
let lastRead = new Map();
let measureHelps = new Map();

/**
 * A row the page never shows: the language of a report's prose is the
 * page's own (its exports pass it; the element draws no report).
 */
const OWN_ROWS = new Set(['language']);

/** The module's option schema, with batch mode's and compare mode's own rows after it. */
export function loadSchema(api) {
  if (reader !== api) lastRead = new Map(), measureHelps = new Map();
  reader = api;
  const trec = api.trecOptionSchema();
  const compare = api.compareOptionSchema();
  const tables = { trec: new Set(trec.map((r) => r.key)), compare: new Set(compare.map((r) => r.key)) };
  // A batch command's own rows the page shows, marked with the mode they belong to.
  const own = (rows, keys, mark) => rows.filter((r) => keys.includes(r.key))
    // Batch mode alone shows the measures: compare mode tests its own list (compareMeasures in state.js).
    .map((r) => markBatch(r, r.key === 'measures' ? { trec: tables.trec } : tables, { preset: false, [mark]: true }));
  const explainRows = api.optionSchema().filter((row) => !OWN_ROWS.has(row.key));
  return [...explainRows.map((r) => markBatch(r, tables)), ...own(trec, TREC_KEYS, 'trecOnly'), ...own(compare, COMPARE_KEYS, 'compareOnly')];
}

/** True for a row the page alone uses (batch or compare mode): no attribute of the element, no snippet. */
export const pageOnly = (row) => Boolean(row.trecOnly || row.compareOnly);

/**
 * The choice a row implies, from its `implies` in the core's table
 * ("gain=table": a gain table chooses gain "table"), as [key, value], or [].
 * The key is a one-word row key, spelled alike in the core and here
 * (tests/js/schema.test.mjs checks every row's).
 */
export const impliesOf = (row) => row.implies?.split('=') ?? [];

/** The row that implies choosing `value` for `key` (a gain table for gain "table"), if any. */
export const implying = (rows, key, value) => rows.find((row) => row.implies === `${key}=${value}`);

/** Makes in `state` the choice that `row`'s value there implies, unless `given(key)` says that row is given too. */
export function takeImplied(state, row, given) {
  const [key, value] = impliesOf(row);
  if (key !== undefined && String(state[row.key]).trim() && !given(key)) state[key] = value;
}

/** True for a row whose implied choice is not made (a table left behind under gain "exp"): not sent, not linked. */
export function dormant(row, state) {
  const [key, value] = impliesOf(row);
  return key !== undefined && state[key] !== value;
}

/** "zeroIdcg" → "zero-idcg": the component attribute and element id of a key. */
export function kebab(key) {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * A measure's one-line help, the core's (describeMeasure of the module the
 * page loaded), for a name as trec_eval prints it ("ndcg_cut_10", and
 * "NAME:ties"); '' where the module has none (the light one, a name it does not describe).
 */
export function measureHelp(name) {
  if (!measureHelps.has(name)) {
    let help = '';
    try {
      help = reader ? reader.describeMeasure(name.split(':')[0]).help : '';
    } catch (e) {
      if (!e || e.name !== 'NdcgError') throw e;
    }
    measureHelps.set(name, help);
  }
  return measureHelps.get(name);
}

/** An NdcgError as the plain structured error the page keeps and shows. */
function plainError(e) {
  const { code, source, key, line, column, args, message } = e;
  return { code, source, key, line, column, args, message };
}

/**
 * Reads an option from text (a hash value, an attribute, a control): {value}
 * or {error}, by the core's own reader (api.readOption), so the page takes
 * and refuses what the CLI and the API do. Lists stay text, as typed: the
 * module reads them with each call, and its error names the option.
 */
export function readOption(row, text) {
  const raw = String(text);
  if (row.kind === 'reals' || row.kind === 'texts') return { value: raw };
  if (!reader) throw new Error('readOption before loadSchema: the page reads options with the module it loaded');
  const last = lastRead.get(row.key);
  if (last && last.raw === raw) return last.read;
  let read;
  try {
    read = { value: reader.readOption(row.key, raw) };
  } catch (e) {
    if (!e || e.name !== 'NdcgError') throw e;
    // A module restarting after running out of memory reads nothing yet: say so, and ask again next time.
    if (e.code === 'restarting') return { error: plainError(e) };
    read = { error: plainError(e) };
  }
  lastRead.set(row.key, { raw, read });
  return read;
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
