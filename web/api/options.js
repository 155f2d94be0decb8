// Checks and normalises the options of explain() before they reach wasm.
import { optionError } from './errors.js';

const ENUMS = {
  gain: ['exp', 'exponential', 'linear', 'table'],
  ideal: ['list', 'judgments'],
  ties: ['input', 'trec', 'average'],
  zeroIdcg: ['zero', 'one', 'skip'],
  negatives: ['reject', 'zero', 'drop'],
};
const NUMBERS = ['logBase', 'maxGrade', 'relevanceLevel', 'errMaxGrade', 'alpha'];
const BOOLEANS = ['idealCutToRetrieved', 'integerGrades', 'truncateGrades', 'float32Scores'];
const ARRAYS = ['gainTable', 'weights'];
const OTHERS = ['k', 'preset', 'qrels', 'decimals'];
const KNOWN = new Set([...Object.keys(ENUMS), ...NUMBERS, ...BOOLEANS, ...ARRAYS, ...OTHERS]);

function show(value) {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function checkEnum(key, value) {
  if (!ENUMS[key].includes(value)) {
    throw optionError(`option ${key} must be one of ${ENUMS[key].join(', ')}, got ${show(value)}`);
  }
}

function checkNumber(key, value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw optionError(`option ${key} must be a finite number, got ${show(value)}`);
  }
}

function checkArray(key, value) {
  const ok = (Array.isArray(value) || ArrayBuffer.isView(value)) &&
    Array.prototype.every.call(value, (v) => typeof v === 'number' && Number.isFinite(v));
  if (!ok) throw optionError(`option ${key} must be an array of finite numbers`);
}

/** Checks the type of one option; throws an NdcgError naming it. */
function checkOne(key, value) {
  if (!KNOWN.has(key)) throw optionError(`unknown option ${show(key)} (known: ${[...KNOWN].join(', ')})`);
  if (key in ENUMS) return checkEnum(key, value);
  if (NUMBERS.includes(key)) return checkNumber(key, value);
  if (ARRAYS.includes(key)) return checkArray(key, value);
  if (BOOLEANS.includes(key) && typeof value !== 'boolean') throw optionError(`option ${key} must be true or false`);
  if (key === 'k' && !(Number.isSafeInteger(value) && value >= 0)) {
    throw optionError(`option k must be a whole number, 0 or more (0 = no cutoff), got ${show(value)}`);
  }
  if (key === 'decimals' && !(Number.isInteger(value) && value >= 0 && value <= 17)) {
    throw optionError(`option decimals must be a whole number from 0 to 17, got ${show(value)}`);
  }
  if ((key === 'preset' || key === 'qrels') && typeof value !== 'string') {
    throw optionError(`option ${key} must be a string`);
  }
}

/**
 * Validates `options` and merges them over the named preset's options.
 * @param {object|undefined} options the caller's options
 * @param {Map<string, object>} presets preset name → its options
 * @returns {{core: object, preset: string, qrels: string, decimals: number}}
 */
export function normaliseOptions(options, presets) {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object') throw optionError('options must be an object');
  const given = Object.entries(options).filter(([, v]) => v !== undefined);
  given.forEach(([k, v]) => checkOne(k, v));
  const { preset = '', qrels = '', decimals = 3, ...rest } = Object.fromEntries(given);
  if (preset && !presets.has(preset)) {
    throw optionError(`unknown preset ${show(preset)} (known: ${[...presets.keys()].join(', ')})`);
  }
  if (rest.gainTable && rest.gain === undefined) rest.gain = 'table';
  const core = { ...(preset ? presets.get(preset) : {}), ...rest };
  return { core, preset, qrels, decimals };
}
