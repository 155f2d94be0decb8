// Options of explain() and analyse(), checked against the core's option
// table (optionSchema()) and passed to the core as text: the core's readers
// decide what each value may be, so the CLI, the API and the page's hash
// accept and refuse the same values with the same codes.
import { NdcgError, optionError } from './errors.js';

// JS types each kind takes besides a string (which the core reads as the CLI would).
const TYPES = {
  choice: () => false,
  whole: (v) => typeof v === 'number',
  real: (v) => typeof v === 'number',
  reals: (v) => Array.isArray(v) || ArrayBuffer.isView(v),
  flag: (v) => typeof v === 'boolean',
  texts: (v) => Array.isArray(v) && v.every((t) => typeof t === 'string'),
};
const WANTED = {
  choice: 'a string', whole: 'a number', real: 'a number', reals: 'an array of numbers', flag: 'true or false',
  texts: 'an array of strings',
};

function asText(kind, value) {
  if (kind === 'reals' && typeof value !== 'string') return Array.from(value, String).join(',');
  return String(value);
}

/**
 * Checks the JS types of `options` and splits them into the core's
 * key/value texts and the judgments text (`qrels`, an input, not an option).
 * @param {object|undefined} options
 * @param {Map<string, object>} schema key → option row
 * @param {boolean} [judgments] whether `qrels` (the judgments text) is taken
 * @returns {{keys: string[], values: string[], qrels: string}}
 */
export function optionTexts(options, schema, judgments = true) {
  if (options === undefined || options === null) return { keys: [], values: [], qrels: '' };
  if (typeof options !== 'object') throw optionError('', 'an object', options);
  const keys = [];
  const values = [];
  let qrels = '';
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (key === 'qrels' && judgments) {
      if (typeof value !== 'string') throw optionError(key, 'a string', value);
      qrels = value;
      continue;
    }
    const row = schema.get(key);
    if (!row) {
      const known = judgments ? [...schema.keys(), 'qrels'] : [...schema.keys()];
      throw new NdcgError('unknown-option', `unknown option ${JSON.stringify(key).slice(0, 40)} (known: ${known.join(', ')})`,
        { source: 'options', args: { found: key } });
    }
    if (typeof value !== 'string' && !TYPES[row.kind](value)) throw optionError(key, WANTED[row.kind], value);
    const texts = row.kind === 'texts' && typeof value !== 'string' ? value : [asText(row.kind, value)];
    for (const text of texts) {  // a texts option: one pair per entry, as the CLI's repeated flag
      keys.push(key);
      values.push(text);
    }
  }
  return { keys, values, qrels };
}
