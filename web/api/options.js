// Options of every call, checked against the rows of the core's option
// table that its command takes and passed to the core as text: the core's readers
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
 * key/value texts and the call's input texts among them, which are not
 * options (explain's judgments `qrels`, evaluateTrec's `subtopics` and
 * `zscores`).
 * @param {object|undefined} options
 * @param {Map<string, object>} schema key → option row (the rows the call's command takes)
 * @param {...string} inputNames the names of the input texts the call takes, if any
 * @returns {{keys: string[], values: string[], input: string|Uint8Array, inputs: object}}
 *   `input` is the first input's text, `inputs` every input's by name ('' when not given)
 */
export function optionTexts(options, schema, ...inputNames) {
  const inputs = Object.fromEntries(inputNames.map((name) => [name, '']));
  if (options === undefined || options === null) return { keys: [], values: [], input: '', inputs };
  if (typeof options !== 'object') throw optionError('', 'an object', options);
  const keys = [];
  const values = [];
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (inputNames.includes(key)) {
      if (typeof value !== 'string' && !(value instanceof Uint8Array)) throw optionError(key, 'a string or a Uint8Array', value);
      inputs[key] = value;
      continue;
    }
    const row = schema.get(key);
    if (!row) {
      const known = [...schema.keys(), ...inputNames];
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
  return { keys, values, input: inputNames.length ? inputs[inputNames[0]] : '', inputs };
}
