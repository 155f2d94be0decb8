// A learner's guess held against the value, in words: right to the digits
// given (at least one decimal), or how far off and, where it matches a
// common slip (the −1 forgotten, the ratio upside down), why. No DOM.
import { t } from '../../shared/i18n.js';
import { fixed } from '../../shared/templates/numbers.js';

/** A typed guess as {value, digits}, or null ("0,75" reads as 0.75). */
export function readGuess(text) {
  const s = text.trim().replace(',', '.');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(s) ? { value: +s, digits: s.includes('.') ? s.length - s.indexOf('.') - 1 : 0 } : null;
}

/** What the page says of `guess` for question `q` (walk-steps.js): {right, lines}. */
export function judge(lang, q, guess, d) {
  const digits = Math.max(1, Math.min(guess.digits, d));
  const near = (a, b) => Math.abs(a - b) <= 0.5 * 10 ** -digits + 1e-12;
  const params = { name: q.name, value: q.shown, diff: fixed(Math.abs(guess.value - q.value), d) };
  if (near(guess.value, q.value)) return { right: true, lines: [t(lang, 'guessRight', params)] };
  const slip = q.slips.find(([, v]) => Number.isFinite(v) && !near(v, q.value) && near(guess.value, v));
  return { lines: [t(lang, 'guessOff', params), slip && t(lang, `slip_${slip[0]}`)] };
}
