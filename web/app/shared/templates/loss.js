// Where the score was lost: each position's difference from the ideal, and how they add up.
import { t } from '../i18n.js';
import { cutLabel } from '../state.js';
import { h } from '../templates.js';
import { count, fixed, plain, shown } from './numbers.js';

/** Positions (0-based) with the largest positive loss, largest first. */
export function biggestLosses(loss, max = 3) {
  const idx = [];
  for (let i = 0; i < loss.length; i++) if (loss[i] > 1e-12) idx.push(i);
  idx.sort((a, b) => loss[b] - loss[a] || a - b);
  return idx.slice(0, max);
}

/** Positions a loss list names one by one; the rest are summed in one line. */
export const LOSS_ITEMS = 5;

/**
 * Positions (0-based) where the ranking's term differs from the ideal
 * order's at the same position: `short` (below the ideal), largest first,
 * and `above` (a relevant item sits where the ideal has a smaller one).
 */
export function lossParts(loss) {
  const pick = (keep) => loss.map((x, i) => i).filter((i) => keep(loss[i])).sort((a, b) => Math.abs(loss[b]) - Math.abs(loss[a]) || a - b);
  return { short: pick((x) => x > 1e-12), above: pick((x) => x < -1e-12) };
}

const sumOf = (loss, positions) => positions.reduce((n, i) => n + Math.abs(loss[i]), 0);

// One list: each position in words, the rest in one line.
function lossList(lang, r, d, positions, key) {
  if (!positions.length) return null;
  const items = positions.slice(0, LOSS_ITEMS).map((i) => h('li', null, t(lang, key, {
    i: i + 1,
    rel: plain(r.steps[i] ? r.steps[i].rel : 0),
    ideal: plain(r.idealSteps[i] ? r.idealSteps[i].rel : 0),
    loss: fixed(Math.abs(r.loss[i]), d),
  })));
  const rest = positions.slice(LOSS_ITEMS);
  if (rest.length) items.push(h('li', null, t(lang, 'lossMore', { n: count(rest.length), sum: fixed(sumOf(r.loss, rest), d) })));
  return h('ul', { class: 'loss-list' }, items);
}

// A difference in a sum: "0.387", "+ 0.387" or "− 1.000" ("−1.000" first).
function sumTerm(v, first, d) {
  const a = fixed(Math.abs(v), d);
  if (v < 0) return first ? `−${a}` : `− ${a}`;
  return first ? a : `+ ${a}`;
}

// IDCG − DCG as the positions' differences add up to it: every term when few, else the two sums.
function lossSum(lang, r, d, parts) {
  const kl = cutLabel(r.k);
  const all = [...parts.short, ...parts.above].sort((a, b) => a - b);
  const few = all.length <= 2 * LOSS_ITEMS;
  const terms = few ? all.map((i, j) => sumTerm(r.loss[i], j === 0, d)).join(' ')
    : t(lang, 'lossSums', { short: fixed(sumOf(r.loss, parts.short), d), above: fixed(sumOf(r.loss, parts.above), d) });
  const gap = r.idcg - r.dcg;
  const line = h('p', { class: 'sum-line', id: 'loss-sum' }, `IDCG${kl} − DCG${kl} = ${fixed(r.idcg, d)} − ${fixed(r.dcg, d)} = ${terms} = ${fixed(gap, d)}`);
  // The rounded terms can miss the rounded total in the last digit: say so rather than leave a sum that does not add up.
  const rounded = few ? all.reduce((n, i) => n + Math.sign(r.loss[i]) * shown(Math.abs(r.loss[i]), d), 0)
    : shown(sumOf(r.loss, parts.short), d) - shown(sumOf(r.loss, parts.above), d);
  const off = fixed(rounded, d) !== fixed(gap, d);
  return [line, off ? h('p', { class: 'note', 'data-note': 'loss-rounding' }, t(lang, 'lossRounding', { rounded: fixed(rounded, d), exact: fixed(gap, Math.max(d + 3, 6)) })) : null];
}

/**
 * Where the score was lost: the positions below the ideal order's term, the
 * positions above it (they give back part of the loss), and the sum of
 * both, which is IDCG − DCG.
 */
export function lossPanel(lang, r, d) {
  const parts = lossParts(r.loss);
  if (!parts.short.length && !parts.above.length) return [h('p', null, t(lang, 'lossIntro')), h('p', null, t(lang, 'lossNone'))];
  return [
    h('p', null, t(lang, 'lossIntro')),
    parts.short.length ? h('p', { class: 'loss-heading' }, t(lang, 'lossShortHeading', { n: count(parts.short.length) })) : null,
    lossList(lang, r, d, parts.short, 'lossItem'),
    parts.above.length ? h('p', { class: 'loss-heading' }, t(lang, 'lossAboveHeading', { n: count(parts.above.length) })) : null,
    lossList(lang, r, d, parts.above, 'lossAboveItem'),
    lossSum(lang, r, d, parts),
  ];
}
