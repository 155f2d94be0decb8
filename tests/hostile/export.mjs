// The catalogue as JSON on stdout, for runners in other languages
// (tests/python/test_hostile.py). Texts stay texts; bytes no string can hold
// become { base64 }; numbers JSON lacks (NaN, ±Infinity) become { number:
// 'NaN' }, a BigInt { bigint }; regular expressions { regex, flags }. Inputs over MAX_BYTES (the
// ten-million-item and 256 MB cases) are left out and listed in `skipped`:
// the command and the Node API run those.
import { catalogue } from './catalogue.mjs';

const MAX_BYTES = 4 << 20;

function plain(value) {
  if (typeof value === 'function') value = value();
  if (Buffer.isBuffer(value)) return { base64: value.toString('base64') };
  if (value instanceof RegExp) return { regex: value.source, flags: value.flags };
  if (typeof value === 'number' && !Number.isFinite(value)) return { number: String(value) };
  if (typeof value === 'bigint') return { bigint: String(value) };
  if (ArrayBuffer.isView(value)) return value.length > MAX_BYTES ? { tooLarge: true } : Array.from(value, plain);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

const size = (v) => (typeof v === 'string' || Buffer.isBuffer(v) ? v.length : ArrayBuffer.isView(v) ? v.byteLength : 0);

const cases = [];
const skipped = [];
for (const c of catalogue) {
  const made = ['ranking', 'apiInput'].map((k) => (typeof c[k] === 'function' ? c[k]() : c[k]));
  if (made.some((v) => size(v) > MAX_BYTES)) { skipped.push(c.name); continue; }
  cases.push(plain({ ...c, ranking: made[0], apiInput: made[1], page: undefined }));
}
process.stdout.write(JSON.stringify({ cases, skipped }));
