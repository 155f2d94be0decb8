// Compare mode's pure pieces: which comparison is shown, its per-query
// series, how numbers and p-values are written, and the verdict in words
// (what the paired tests say and what they do not). No DOM: tested in Node.
import { t } from '../shared/i18n.js';
import { fixed } from '../shared/templates/numbers.js';

/** The significance level the verdict speaks of. */
export const ALPHA = 0.05;

/**
 * A pair of runs as the link and the pair menu name it: their boxes' numbers
 * from 1, "1-3" for A and C, so a link names the same pair when a box
 * between them is empty.
 */
export const pairKey = (cmp, c) => `${boxNumber(cmp, c.runA)}-${boxNumber(cmp, c.runB)}`;
const boxNumber = (cmp, run) => 'ABCDEFGH'.indexOf(letterOf(cmp, run)) + 1;

/** The pairs compared, in the core's order: [{key, runA, runB}]. */
export function pairsOf(cmp) {
  const seen = new Map();
  for (const c of cmp.comparisons) {
    const key = pairKey(cmp, c);
    if (!seen.has(key)) seen.set(key, { key, runA: c.runA, runB: c.runB });
  }
  return [...seen.values()];
}

/** A run's short name in the tables: its letter (the box it came from), A for the first. */
export const letterOf = (cmp, run) => (cmp.letters || 'ABCDEFGH')[cmp.runs.indexOf(run)] || run;

/**
 * The comparison shown: `measure` of `pair` (see pairKey); the first pair
 * when `pair` names none, NDCG (the question people bring) when `measure`
 * names none, else the pair's first measure.
 */
export function pickedComparison(cmp, measure = '', pair = '') {
  const pairs = pairsOf(cmp);
  const chosen = pairs.find((p) => p.key === pair) || pairs[0];
  if (!chosen) return null;
  const list = cmp.comparisons.filter((c) => pairKey(cmp, c) === chosen.key);
  return list.find((c) => c.measure === measure) || list.find((c) => c.measure.startsWith('ndcg')) || list[0];
}

/** trec_eval's name of a measure as the page writes it: ndcg_cut_10 → NDCG@10, P_5 → P@5. */
export function measureLabel(name) {
  const cut = /^(ndcg_cut|P|recall)_(\d+)$/.exec(name);
  if (cut) return `${{ ndcg_cut: 'NDCG', P: 'P', recall: 'R' }[cut[1]]}@${cut[2]}`;
  return { ndcg: 'NDCG', map: 'MAP', recip_rank: 'MRR' }[name] || name;
}

/**
 * The per-query values of comparison `c` in columns over cmp.qids: a, b and
 * diff = b − a (NaN where a run has no value), with the means the core gave.
 * The shape of batch mode's table (qids, names, columns, mean).
 */
export function seriesOf(cmp, c) {
  const values = cmp.perQuery[c.measure];
  const [ia, ib] = [cmp.runs.indexOf(c.runA), cmp.runs.indexOf(c.runB)];
  const n = cmp.qids.length;
  const columns = { a: new Float64Array(n), b: new Float64Array(n), diff: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    const a = values[ia][i];
    const b = values[ib][i];
    columns.a[i] = a === null ? NaN : a;
    columns.b[i] = b === null ? NaN : b;
    columns.diff[i] = a === null || b === null ? NaN : b - a;
  }
  return { qids: cmp.qids, names: ['a', 'b', 'diff'], columns, mean: { a: c.meanA, b: c.meanB, diff: c.diff } };
}

/** Indices of the queries with a difference, largest B − A first (ties by position in qids). */
export function sortedByDiff(series) {
  const diff = series.columns.diff;
  const order = [];
  for (let i = 0; i < diff.length; i++) if (!Number.isNaN(diff[i])) order.push(i);
  return order.sort((x, y) => diff[y] - diff[x] || x - y);
}

/** A difference with its sign: "+0.012", "−0.004" as fixed() writes it, "0.000" when it rounds to zero. */
export function signed(v, d) {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  const text = fixed(v, d);
  return v > 0 && /[1-9]/.test(text) ? `+${text}` : text;
}

/** A p-value with `d` decimals; one too small to show is "< 0.001". */
export function pText(p, d) {
  if (p === null || p === undefined || Number.isNaN(p)) return '—';
  const floor = 10 ** -d;
  return p < floor / 2 ? `< ${fixed(floor, d)}` : fixed(p, d);
}

/** A p-value as a relation, "= 0.030" or "< 0.001", for a sentence that reads "p {p}". */
export function pIs(p, d) {
  const text = pText(p, d);
  return text.startsWith('<') ? text : `= ${text}`;
}

/** How many comparisons the page shows (measures × pairs): the more, the more small p-values by chance. */
export const testCount = (cmp) => cmp.comparisons.length;

// What the test says: the direction and size, then how unusual it would be by chance.
function saysOf(lang, c, d) {
  const names = { a: c.runA, b: c.runB, measure: measureLabel(c.measure), n: c.queries, ma: fixed(c.meanA, d), mb: fixed(c.meanB, d) };
  const same = fixed(c.diff, d) === fixed(0, d);
  const direction = same ? 'cmpVerdictEqual' : c.diff > 0 ? 'cmpVerdictHigher' : 'cmpVerdictLower';
  const out = [t(lang, direction, { ...names, diff: fixed(Math.abs(c.diff), d) })];
  if (c.pTtest === null) out.push(t(lang, 'cmpVerdictNoTest'));
  else out.push(t(lang, c.pTtest < ALPHA ? 'cmpVerdictUnusual' : 'cmpVerdictUsual', { p: pIs(c.pTtest, d), n: c.queries }));
  if (c.interval === 'withheld') out.push(t(lang, 'cmpVerdictFew', { n: c.queries }));
  else if (c.ci95[0] !== null && c.ci95[1] !== null) out.push(t(lang, 'cmpVerdictCi', { lo: signed(c.ci95[0], d), hi: signed(c.ci95[1], d) }));
  if (c.pHolm !== undefined && c.pHolm !== null) out.push(t(lang, 'cmpVerdictHolm', { p: pIs(c.pHolm, d), a: c.runA }));
  return out;
}

// What it does not say: importance, every query, the cause, and chance across many tests.
function notSaysOf(lang, c, d, tests) {
  const winner = c.diff < 0 ? c.runA : c.runB;
  const out = [
    t(lang, 'cmpNotImportance', { dz: c.effectSize === null ? '—' : fixed(c.effectSize, 2) }),
    t(lang, 'cmpNotEveryQuery', { winner, b: c.runB, w: c.wins, l: c.losses, t: c.ties }),
    t(lang, 'cmpNotWhy'),
  ];
  if (c.pTtest !== null && c.pTtest >= ALPHA) out.push(t(lang, 'cmpNotEqual'));
  // Holm's row is there only when a measure has several pairs.
  if (tests > 1) out.push(t(lang, 'cmpNotMany', { m: tests }) + (c.pHolm !== undefined ? t(lang, 'cmpNotManyHolm') : ''));
  return out;
}

/**
 * The verdict on comparison `c` in `lang`: { says: [sentences], notSays: [sentences] }.
 * `tests` is how many comparisons the page shows.
 */
export function verdictOf(lang, c, d, tests) {
  return { says: saysOf(lang, c, d), notSays: notSaysOf(lang, c, d, tests) };
}
