// Two rankings side by side (A is the main ranking, B the optional second
// one): each position's id, grade and term in both, the difference, NDCG of
// each, and a warning when the two are not divided by the same ideal (other
// candidates, or another ideal list): the judged pool is then the fair
// comparison. Pure builders like templates.js.
import { t } from '../shared/i18n.js';
import './texts/ab-texts.js';
import { cutLabel } from '../shared/state.js';
import { h, scrollTable } from '../shared/templates.js';
import { count, fixed, plain } from '../shared/templates/numbers.js';
import { helpAttrs } from '../shared/templates/steps.js';

/** Rows the side-by-side table shows at most. */
export const AB_ROWS = 100;

const same = (x, y, d) => fixed(x, d) === fixed(y, d);

function idsOf(r) {
  return r.steps.length === r.n && r.steps.every((x) => x.id !== null) ? new Set(r.steps.map((x) => x.id)) : null;
}

/**
 * What makes A and B unfair to compare: `candidates` when the two lists hold
 * other items (by id when every item has one and all are shown, else by
 * count), `ideal` when their ideal lists differ.
 */
export function abPitfalls(a, b, d) {
  const ia = idsOf(a);
  const ib = idsOf(b);
  const candidates = ia && ib ? ia.size !== ib.size || [...ia].some((id) => !ib.has(id)) : a.n !== b.n;
  const rels = (r) => r.idealSteps.map((x) => plain(x.rel)).join(' ');
  const ideal = !same(a.idcg, b.idcg, d) || rels(a) !== rels(b);
  return { candidates, ideal };
}

const ndcgText = (lang, v, d) => (v === null || v === undefined ? t(lang, 'undefinedValue') : fixed(v, d));

function diffText(a, b, d) {
  if (a === null || b === null || a === undefined || b === undefined) return '—';
  const v = b - a;
  return `${v > 0 && !same(v, 0, d) ? '+' : ''}${fixed(v, d)}`;
}

function summary(lang, a, b, d) {
  const kl = cutLabel(a.k);
  return h('p', { class: 'sum-line', id: 'ab-line' },
    t(lang, 'abSummary', { k: kl, a: ndcgText(lang, a.ndcg, d), b: ndcgText(lang, b.ndcg, d), diff: diffText(a.ndcg, b.ndcg, d) }));
}

function warning(lang, a, b, d, pitfalls) {
  if (!pitfalls.candidates && !pitfalls.ideal) return h('p', { class: 'note', id: 'ab-fair' }, t(lang, 'abFair'));
  const kl = cutLabel(a.k);
  const judged = a.hasJudgments && b.hasJudgments;
  return h('div', { class: 'error-box ab-warning', id: 'ab-warning', role: 'note' },
    h('p', null, h('strong', null, t(lang, 'abWarnTitle'))),
    pitfalls.candidates ? h('p', null, t(lang, 'abWarnCandidates', { a: count(a.n), b: count(b.n) })) : null,
    pitfalls.ideal ? h('p', null, t(lang, 'abWarnIdeal', { k: kl, a: fixed(a.idcg, d), b: fixed(b.idcg, d) })) : null,
    judged
      ? h('p', { id: 'ab-judged' }, t(lang, 'abJudged', { k: kl, a: ndcgText(lang, a.ndcgJudged, d), b: ndcgText(lang, b.ndcgJudged, d), diff: diffText(a.ndcgJudged, b.ndcgJudged, d) }))
      : h('p', null, t(lang, 'abNeedJudgments')));
}

function cells(x, d, ids) {
  if (!x) return [ids ? h('td', { class: 'text' }, '') : null, h('td', { class: 'num' }, ''), h('td', { class: 'num' }, '')];
  return [ids ? h('td', { class: 'text id' }, x.id === null ? '' : x.id) : null, h('td', { class: 'num' }, plain(x.rel)),
    h('td', { class: 'num term' }, fixed(x.contribution, d))];
}

function table(lang, a, b, d) {
  const ids = a.steps.some((x) => x.id !== null) || b.steps.some((x) => x.id !== null);
  const n = Math.min(AB_ROWS, Math.max(a.steps.length, b.steps.length));
  const th = (text, cls, key) => h('th', { scope: 'col', class: cls, ...helpAttrs(key) }, text);
  const side = (name) => [ids ? th(`${name}: ${t(lang, 'col_id')}`, 'text', 'col_id') : null, th(`${name}: rel`, 'num', 'col_grade'), th(`${name}: ${t(lang, 'col_term')}`, 'num', 'col_term')];
  const rows = [];
  for (let i = 0; i < n; i++) {
    const x = a.steps[i];
    const y = b.steps[i];
    const differs = !x || !y || x.id !== y.id || x.rel !== y.rel;
    rows.push(h('tr', { class: differs ? 'hot' : null, 'data-position': i + 1 },
      h('th', { scope: 'row', class: 'num' }, String(i + 1)), cells(x, d, ids), cells(y, d, ids),
      h('td', { class: 'num' }, diffText(x ? x.contribution : 0, y ? y.contribution : 0, d))));
  }
  const caption = t(lang, 'abCaption', { k: cutLabel(a.k) });
  return scrollTable(lang, caption, { class: 'steps', id: 'table-ab' }, [
    h('thead', null, h('tr', null, th(t(lang, 'col_position'), 'num', 'col_position'), side('A'), side('B'), th(t(lang, 'abColDiff'), 'num', 'ab'))),
    h('tbody', null, rows)]);
}

/** The A/B panel: the summary line, the warning (or the note that the comparison is fair) and the table. */
export function abPanel(lang, a, b, d) {
  return [summary(lang, a, b, d), warning(lang, a, b, d, abPitfalls(a, b, d)), h('p', { class: 'help' }, t(lang, 'abMarked')), table(lang, a, b, d)];
}
