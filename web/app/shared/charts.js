// Charts of one ranking: each position's term beside the ideal's, and the
// running DCG beside the running IDCG; and the flow of the computation
// with its numbers. Pure builders like templates.js. Every bar and point
// names its table row (data-row, aria-describedby): the view highlights
// and scrolls to that row when the mark is focused, hovered or clicked.
import { choiceText, t } from './i18n.js';
import { cutLabel } from './state.js';
import { h, s } from './templates.js';
import { discountExpr, gainExpr } from './templates/formulas.js';
import { fixed, plain } from './templates/numbers.js';
import { LINKED_ROWS } from './templates/steps.js';

/** Positions drawn: enough to read, few enough to reach each by keyboard. */
export const CHART_POSITIONS = LINKED_ROWS;

/** The id of a step table's row for a 1-based position ("row-dcg-3"); rows past the charts have none. */
export const rowId = (which, position) => `row-${which}-${position}`;

const W = 360; const H = 160; const L = 42; const R = 8; const T = 10; const B = 28;

/** How many positions the charts of `r` show. */
export function chartPositions(r) {
  return Math.min(CHART_POSITIONS, Math.max(r.steps.length, r.idealSteps.length));
}

// A y scale over [min(0, lo), hi] that never divides by zero.
function scaleY(values) {
  const finite = values.filter(Number.isFinite);
  const lo = Math.min(0, ...finite);
  const hi = Math.max(lo + 1e-12, ...finite);
  return { y: (v) => T + ((hi - v) / (hi - lo)) * (H - T - B), lo, hi };
}

// The frame: the y range, the positions under their marks (every other one past 12), the axis title.
function frame(lang, label, scale, n, d, xAt) {
  const svg = s('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'group', 'aria-label': label, focusable: 'false' });
  for (const v of [scale.lo, scale.hi]) {
    svg.appendChild(s('line', { class: 'grid', x1: L, x2: W - R, y1: scale.y(v), y2: scale.y(v) }));
    svg.appendChild(s('text', { class: 'axis', x: L - 5, y: scale.y(v) + 4, 'text-anchor': 'end', 'aria-hidden': 'true' }, fixed(v, Math.min(d, 2))));
  }
  for (let i = 0; i < n; i += n > 12 ? 2 : 1) {
    svg.appendChild(s('text', { class: 'axis', x: xAt(i).toFixed(1), y: H - B + 11, 'text-anchor': 'middle', 'aria-hidden': 'true' }, String(i + 1)));
  }
  svg.appendChild(s('text', { class: 'axis axis-title', x: (L + W - R) / 2, y: H - 5, 'text-anchor': 'middle', 'aria-hidden': 'true' },
    t(lang, 'chartAxisPosition', { n })));
  return svg;
}

// One mark linked to its row; only the first of a chart is in the tab order (arrow keys move on).
function mark(tag, attrs, { which, position, label, value, first }) {
  return s(tag, {
    ...attrs, class: `${attrs.class} chart-mark`, role: 'link', tabindex: first ? '0' : '-1', 'aria-label': label,
    'aria-describedby': rowId(which, position), 'data-row': rowId(which, position), 'data-value': String(value),
  });
}

function legend(lang, kl) {
  return h('p', { class: 'chart-legend', 'aria-hidden': 'true' },
    h('span', { class: 'swatch rank' }), ` ${t(lang, 'chartRanking')} `,
    h('span', { class: 'swatch ideal' }), ` ${t(lang, 'chartIdeal', { k: kl })}`);
}

/** Bars of each position's term, the ranking's beside the ideal order's. */
export function termBars(lang, r, d) {
  const n = chartPositions(r);
  if (!n) return null;
  const term = (steps, i) => (steps[i] ? steps[i].contribution : null);
  const values = [];
  for (let i = 0; i < n; i++) values.push(term(r.steps, i), term(r.idealSteps, i));
  const scale = scaleY(values);
  const slot = (W - L - R) / n;
  const svg = frame(lang, t(lang, 'barsDesc', { n }), scale, n, d, (i) => L + slot * (i + 0.5));
  const width = Math.max(1, slot * 0.38);
  for (let i = 0; i < n; i++) {
    for (const [which, steps, dx] of [['dcg', r.steps, 0.1], ['idcg', r.idealSteps, 0.52]]) {
      const v = term(steps, i);
      if (v === null) continue;
      const top = Math.min(scale.y(v), scale.y(0));
      const label = t(lang, which === 'dcg' ? 'barRank' : 'barIdeal', { i: i + 1, v: fixed(v, d) });
      svg.appendChild(mark('rect', { class: `bar ${which === 'dcg' ? 'rank' : 'ideal'}`, x: (L + slot * (i + dx)).toFixed(2), y: top.toFixed(2),
        width: width.toFixed(2), height: Math.max(0.5, Math.abs(scale.y(v) - scale.y(0))).toFixed(2) },
      { which, position: i + 1, label, value: v, first: i === 0 && which === 'dcg' }));
    }
  }
  return [svg, legend(lang, cutLabel(r.k))];
}

function line(steps, n, x, y, cls) {
  let d = '';
  for (let i = 0; i < Math.min(n, steps.length); i++) d += `${d ? 'L' : 'M'}${x(i).toFixed(1)},${y(steps[i].cumulative).toFixed(1)}`;
  return d ? s('path', { class: `cum-line ${cls}`, d }) : null;
}

/** The running DCG against the running IDCG, a point per position. */
export function cumulativeChart(lang, r, d) {
  const n = chartPositions(r);
  if (!n) return null;
  const head = (steps) => steps.slice(0, n).map((x) => x.cumulative);
  const scale = scaleY([...head(r.steps), ...head(r.idealSteps)]);
  const x = (i) => L + (n === 1 ? (W - L - R) / 2 : (i / (n - 1)) * (W - L - R));
  const svg = frame(lang, t(lang, 'cumulativeDesc', { n }), scale, n, d, x);
  svg.appendChild(line(r.idealSteps, n, x, scale.y, 'ideal') || s('g'));
  // After its last item with a gain the ideal order adds nothing: its total carries on, flat, to the last position drawn.
  const last = r.idealSteps.length;
  const top = last ? r.idealSteps[Math.min(last, n) - 1].cumulative : 0;
  if (last < n) svg.appendChild(s('path', { class: 'cum-line ideal flat', d: `M${x(Math.max(0, last - 1)).toFixed(1)},${scale.y(top).toFixed(1)}L${x(n - 1).toFixed(1)},${scale.y(top).toFixed(1)}` }));
  svg.appendChild(line(r.steps, n, x, scale.y, 'rank') || s('g'));
  for (const [which, steps] of [['dcg', r.steps], ['idcg', r.idealSteps]]) {
    for (let i = 0; i < Math.min(n, steps.length); i++) {
      const v = steps[i].cumulative;
      const label = t(lang, which === 'dcg' ? 'pointRank' : 'pointIdeal', { i: i + 1, v: fixed(v, d) });
      svg.appendChild(mark('circle', { class: `point ${which === 'dcg' ? 'rank' : 'ideal'}`, cx: x(i).toFixed(2), cy: scale.y(v).toFixed(2), r: 3.5 },
        { which, position: i + 1, label, value: v, first: i === 0 }));
    }
  }
  const flat = last < n ? h('p', { class: 'note', id: 'ideal-flat' }, t(lang, last ? 'cumulativeFlat' : 'cumulativeNoIdeal', { m: last, n, v: fixed(top, d) })) : null;
  return [svg, legend(lang, cutLabel(r.k)), flat];
}

// ---- the flow of the computation -------------------------------------------------

const FLOW_ITEMS = 6;

function listText(steps, pick, d) {
  const shown = steps.slice(0, FLOW_ITEMS).map((x) => (d === null ? plain(pick(x)) : fixed(pick(x), d)));
  return (shown.length ? shown.join(', ') : '—') + (steps.length > FLOW_ITEMS ? ', …' : '');
}

function box(label, value, cls = '') {
  return h('li', { class: `flow-box${cls}` }, h('span', { class: 'flow-label' }, label), ' ', h('span', { class: 'flow-value' }, value));
}

// A label whose {f} is a formula, set as the tables' headings set it.
function formulaLabel(lang, key, formula) {
  const [before, after] = t(lang, key).split('{f}');
  return [before, h('span', { class: 'col-formula' }, formula), after];
}

const arrow = () => h('li', { class: 'flow-arrow', 'aria-hidden': 'true' }, '→');

/** grades → gains → discounts → DCG; sorted grades → IDCG; DCG / IDCG → NDCG, with the current numbers. */
export function flowDiagram(lang, r, d) {
  const kl = cutLabel(r.k);
  const ndcg = r.ndcg === null ? t(lang, 'undefinedValue') : fixed(r.ndcg, d);
  const row = (...items) => h('li', { class: 'flow-row' }, h('ol', { class: 'flow-line' }, items.flatMap((x, i) => (i ? [arrow(), x] : [x]))));
  return h('figure', { class: 'flow', 'aria-labelledby': 'flow-caption' },
    h('figcaption', { id: 'flow-caption', class: 'visually-hidden' }, t(lang, 'flowHeading')),
    h('ol', { class: 'flow-rows' },
      row(box(t(lang, 'flowGrades'), listText(r.steps, (x) => x.rel, null)),
        box(formulaLabel(lang, 'flowGains', gainExpr(r.options.gain)), listText(r.steps, (x) => x.gain, d)),
        box(formulaLabel(lang, 'flowDiscounts', discountExpr(r.options.logBase)), listText(r.steps, (x) => x.discount, d)),
        box(`DCG${kl}`, fixed(r.dcg, d), ' total')),
      row(box(t(lang, 'flowSorted'), listText(r.idealSteps, (x) => x.rel, null)),
        box(formulaLabel(lang, 'flowGains', gainExpr(r.options.gain)), listText(r.idealSteps, (x) => x.gain, d)),
        box(`IDCG${kl}`, fixed(r.idcg, d), ' total')),
      row(box(`DCG${kl} / IDCG${kl}`, `${fixed(r.dcg, d)} / ${fixed(r.idcg, d)}`),
        box(`NDCG${kl}`, ndcg, ' total result'))));
}

// ---- ties -------------------------------------------------------------------------

/** In words, how far the order of tied items can move NDCG; null when it cannot. */
export function tieRangeText(lang, r, d) {
  const range = r && r.tieRange;
  if (!range || range.min === null || range.max === null) return null;
  if (fixed(range.min, d) === fixed(range.max, d)) return null;
  return t(lang, 'tieRangeNote', { k: cutLabel(r.k), min: fixed(range.min, d), max: fixed(range.max, d), policy: choiceText(lang, 'ties', r.options.ties) });
}
