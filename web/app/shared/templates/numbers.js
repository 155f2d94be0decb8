// Numbers as the page shows them: fixed decimals with a minus sign (U+2212),
// counts, and sizes in bytes.

// Prose and tables write a minus sign (U+2212), not a hyphen.
const minus = (text) => (text[0] === '-' ? `−${text.slice(1)}` : text);

/** A number with `d` decimals; "—" for no value; never "−0.000"; a minus sign, not a hyphen. */
export function fixed(v, d) {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  // From 1e21 toFixed writes "1.0715086071862673e+301": d decimals of a mantissa instead.
  if (Math.abs(v) >= 1e21) return scientific(v, d);
  const text = v.toFixed(d);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : minus(text);
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** 1.0715e+301 with d = 3 → "1.072 × 10³⁰¹". */
function scientific(v, d) {
  const [mantissa, exponent] = v.toExponential(Math.min(d, 100)).split('e');
  const power = exponent.replace('+', '').replace('-', '⁻').replace(/\d/g, (c) => SUPERSCRIPT[c]);
  return `${minus(mantissa)} × 10${power}`;
}

/** `v` as fixed() shows it, as a number: what a hand calculation from the shown digits adds. */
export const shown = (v, d) => Number(v.toFixed(d));

/** A grade or weight as written: shortest form, at most 6 decimals. */
export function plain(v) {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  return minus(String(Number.isInteger(v) ? v : Number(v.toPrecision(12))));
}

/** 100000 → "100,000" (by hand: the first toLocaleString of a page costs tens of ms of ICU start-up). */
export function count(n) {
  return String(Number(n)).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** 36700160 → "35.0 MB"; sizes below 1 KB in bytes. */
export function bytesText(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 2 ** 20).toFixed(1)} MB`;
}
