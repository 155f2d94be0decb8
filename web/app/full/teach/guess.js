// A learner's guess held against the value, in words: right to the digits
// given (at least one decimal), or how far off and, where it matches a
// common slip (the −1 forgotten, the ratio upside down), why. No DOM.
import { t } from '../../shared/i18n.js';
import { fixed } from '../../shared/templates/numbers.js';
import { num } from './cell-tips.js';

/** A typed guess as {value, digits}, or null ("0,75" reads as 0.75). */
export function readGuess(text) {
  const s = String(text).trim().replace(',', '.').replace('−', '-');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(s) ? { value: Number(s), digits: s.includes('.') ? s.length - s.indexOf('.') - 1 : 0 } : null;
}

/** What the page says of `guess` for question `q` (walk-steps.js): {right, lines}. */
export function judge(lang, q, guess, d) {
  const digits = Math.max(1, Math.min(guess.digits, d));
  const near = (a, b) => Math.abs(a - b) <= 0.5 * 10 ** -digits + 1e-12;
  const value = num(q.value, d);
  if (near(guess.value, q.value)) return { right: true, lines: [t(lang, 'guessRight', { name: q.name, value })] };
  const diff = Math.abs(guess.value - q.value);
  const slip = q.slips.find(([, v]) => !near(v, q.value) && near(guess.value, v));
  return { right: false, lines: [t(lang, 'guessOff', { guess: num(guess.value, digits), name: q.name, value, diff: fixed(diff, d),
    dir: t(lang, guess.value > q.value ? 'guessHigh' : 'guessLow'), pct: q.value ? `${Math.round((diff / Math.abs(q.value)) * 100)}%` : '—' }),
  slip ? t(lang, `slip_${slip[0]}`) : ''].filter(Boolean) };
}
