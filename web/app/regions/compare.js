// Compare mode's results (model.compare, from compareRuns): the paired
// tests per measure, the verdict in words, the per-query differences as a
// chart and as a table (a click on either shows that query's two rankings
// side by side), and how far tied scores move each run's mean.
import { t } from '../i18n.js';
import { count, fixed, h, s } from '../templates.js';
import { abPanel } from '../ab.js';
import { measureLabel, pickedComparison, pickKey, pText, seriesOf, signed, sortedByDiff, testCount, verdictOf } from '../compare.js';
import { virtualTable } from './batch.js';

/** Bars the chart draws at most; more queries are sampled evenly from the sorted order. */
export const CHART_BARS = 600;

const section = (id, title, ...content) => h('section', { class: `result-section result-${id}`, 'aria-labelledby': `h-${id}`, id: `section-${id}` },
  h('h3', { id: `h-${id}` }, title), ...content);
const th = (text, cls = 'num') => h('th', { scope: 'col', class: cls }, text);
const td = (text, cls = 'num') => h('td', { class: cls }, text);

// The statistics table's rows: a label and how one comparison's cell reads.
const STAT_ROWS = [
  ['cmpColMeanA', 'mean-a', (c, d) => fixed(c.meanA, d)],
  ['cmpColMeanB', 'mean-b', (c, d) => fixed(c.meanB, d)],
  ['cmpColDiff', 'diff', (c, d) => signed(c.diff, d)],
  ['cmpColCi', 'ci95', (c, d) => `[${signed(c.ci95[0], d)}, ${signed(c.ci95[1], d)}]`],
  ['cmpColDz', 'effect-size', (c) => fixed(c.effectSize, 2)],
  ['cmpColWlt', 'wlt', (c) => `${count(c.wins)} / ${count(c.losses)} / ${count(c.ties)}`],
  ['cmpColPt', 'p-ttest', (c, d) => pText(c.pTtest, d)],
  ['cmpColPw', 'p-wilcoxon', (c, d) => pText(c.pWilcoxon, d)],
  ['cmpColPs', 'p-sign', (c, d) => pText(c.pSign, d)],
  ['cmpColPr', 'p-randomization', (c, d) => pText(c.pRandomization, d)],
  ['cmpColPh', 'p-holm', (c, d) => pText(c.pHolm, d)],
];

// One column per comparison (a measure, and the pair when there are more than two runs), one row per statistic.
function statsTable(lang, cmp, d) {
  const holm = cmp.comparisons.some((c) => c.pHolm !== undefined);
  const pairs = cmp.runs.length > 2;
  // NDCG first: the measure this page is about.
  const list = [...cmp.comparisons].sort((x, y) => y.measure.startsWith('ndcg') - x.measure.startsWith('ndcg'));
  const rows = STAT_ROWS.filter(([key]) => holm || key !== 'cmpColPh').map(([key, stat, cell]) => h('tr', { 'data-stat': stat },
    h('th', { scope: 'row', class: 'text' }, t(lang, key)),
    list.map((c) => h('td', { class: 'num', 'data-measure': c.measure, 'data-run-b': c.runB }, cell(c, d)))));
  const head = h('tr', null, th(t(lang, 'cmpColMeasure'), 'text'),
    list.map((c) => th([measureLabel(c.measure), pairs ? h('span', { class: 'cmp-pair' }, `${c.runA} → ${c.runB}`) : null])));
  const caption = t(lang, 'cmpStatsCaption');
  return h('div', { class: 'table-scroll', role: 'region', tabindex: '0', 'aria-label': t(lang, 'tableRegion', { name: caption }) },
    h('table', { class: 'steps cmp-stats', id: 'table-cmp-stats' }, h('caption', { class: 'visually-hidden' }, caption),
      h('thead', null, head), h('tbody', null, rows)));
}

function statsPart(lang, cmp, d, filesNote) {
  const first = cmp.comparisons[0];
  return section('cmp-stats', t(lang, 'cmpStatsHeading', { a: cmp.runs[0], b: cmp.runs.slice(1).join(', '), n: count(first ? first.queries : 0) }),
    statsTable(lang, cmp, d), h('p', { class: 'note' }, t(lang, 'cmpConventions', { trials: count(cmp.trials), seed: cmp.seed })),
    filesNote ? h('p', { class: 'note', id: 'cmp-files-note' }, t(lang, 'cmpFilesNote')) : null);
}

function pickMenu(lang, cmp, c) {
  const pairs = cmp.runs.length > 2;
  const name = (x) => `${measureLabel(x.measure)}${pairs ? ` (${x.runA} → ${x.runB})` : ''}`;
  return h('p', { class: 'cmp-pick' }, h('label', { for: 'cmp-pick' }, t(lang, 'cmpPick')), ' ',
    h('select', { id: 'cmp-pick', 'data-change': 'compare-pick' },
      cmp.comparisons.map((x) => h('option', { value: pickKey(x), selected: x === c }, name(x)))));
}

function verdictPart(lang, cmp, c, d) {
  const v = verdictOf(lang, c, d, testCount(cmp));
  return section('cmp-verdict', t(lang, 'cmpVerdictHeading', { measure: measureLabel(c.measure) }),
    h('p', { id: 'cmp-says', class: 'cmp-says' }, v.says.join(' ')),
    h('h4', { id: 'h-cmp-not' }, t(lang, 'cmpNotHeading')),
    h('ul', { id: 'cmp-not', class: 'cmp-not', 'aria-labelledby': 'h-cmp-not' }, v.notSays.map((x) => h('li', null, x))));
}

// ---- the per-query chart ----------------------------------------------------------

const W = 640; const H = 200; const L = 44; const R = 8; const T = 10; const B = 22;

function chartLabel(lang, c, series, order, d) {
  const diff = series.columns.diff;
  const [hi, lo] = [order[0], order[order.length - 1]];
  return t(lang, 'cmpChartLabel', { n: count(order.length), measure: measureLabel(c.measure), w: count(c.wins), l: count(c.losses), t: count(c.ties),
    max: signed(diff[hi], d), maxq: series.qids[hi], min: signed(diff[lo], d), minq: series.qids[lo] });
}

function chartAxes(svg, lang, y, top, d) {
  for (const v of [top, 0, -top]) {
    svg.appendChild(s('line', { class: v ? 'grid' : 'zero', x1: L, x2: W - R, y1: y(v), y2: y(v) }));
    svg.appendChild(s('text', { class: 'axis', x: L - 5, y: y(v) + 4, 'text-anchor': 'end' }, signed(v, Math.min(d, 2))));
  }
  svg.appendChild(s('text', { class: 'axis', x: L + 4, y: T + 10 }, `▲ ${t(lang, 'cmpChartUp')}`));
  svg.appendChild(s('text', { class: 'axis', x: L + 4, y: H - B - 4 }, `▼ ${t(lang, 'cmpChartDown')}`));
}

/** Bars of B − A per query, largest first; each bar opens its query side by side. */
export function diffChart(lang, c, series, d) {
  const order = sortedByDiff(series);
  if (!order.length) return null;
  const diff = series.columns.diff;
  const top = Math.max(1e-12, ...order.map((i) => Math.abs(diff[i])));
  const y = (v) => T + ((top - v) / (2 * top)) * (H - T - B);
  const svg = s('svg', { class: 'chart cmp-chart', id: 'cmp-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': chartLabel(lang, c, series, order, d) });
  chartAxes(svg, lang, y, top, d);
  const bars = Math.min(CHART_BARS, order.length);
  const slot = (W - L - R) / bars;
  for (let j = 0; j < bars; j++) {
    const i = order[Math.floor((j * order.length) / bars)];
    const v = diff[i];
    const [y0, y1] = [y(Math.max(v, 0)), y(Math.min(v, 0))];
    svg.appendChild(s('rect', { class: `bar ${v > 0 ? 'up' : v < 0 ? 'down' : 'flat'}`, x: (L + j * slot).toFixed(2), y: y0.toFixed(2),
      width: Math.max(0.6, slot * 0.8).toFixed(2), height: Math.max(0.8, y1 - y0).toFixed(2), 'data-action': 'compare-query', 'data-qid': series.qids[i],
      'data-value': String(v) }, s('title', null, t(lang, 'cmpBarTitle', { qid: series.qids[i], diff: signed(v, d) }))));
  }
  return svg;
}

// ---- the per-query table, the drill-down and tied scores ------------------------------

function queryTable(lang, c, series, d, table) {
  const names = { a: c.runA, b: c.runB, diff: t(lang, 'cmpColDiff') };
  return virtualTable(lang, series, d, table, {
    id: 'cmp', caption: t(lang, 'cmpTableHeading', { measure: measureLabel(c.measure) }), label: (_, m) => names[m],
    cell: (m, v, dd) => (m === 'diff' ? signed(v, dd) : fixed(v, dd)),
    action: (l, qid) => h('button', { type: 'button', class: 'small', 'data-action': 'compare-query', 'data-qid': qid,
      'aria-label': t(l, 'cmpSideLabel', { qid }) }, t(l, 'cmpSide')),
  });
}

function sideProblem(lang, run, side) {
  if (side.error) return h('div', { class: 'error-box' }, h('p', null, `${t(lang, 'cmpDrillError', { run })} ${side.error.message}`));
  return h('p', { class: 'notice' }, t(lang, 'cmpDrillMissing', { run }));
}

function drillPart(lang, c, drill, d) {
  const { a, b } = drill;
  const body = a.analysis && b.analysis ? abPanel(lang, a.analysis.explanation, b.analysis.explanation, d)
    : [a.analysis ? null : sideProblem(lang, c.runA, a), b.analysis ? null : sideProblem(lang, c.runB, b)];
  const el = section('cmp-drill', t(lang, 'cmpDrillHeading', { qid: drill.qid, a: c.runA, b: c.runB }),
    h('p', { class: 'help' }, t(lang, 'cmpDrillNote')), body);
  el.id = 'cmp-drill';
  el.tabIndex = -1;
  return el;
}

function tiesPart(lang, cmp, d) {
  if (!cmp.tieRanges.length) return null;
  const caption = t(lang, 'cmpTiesCaption');
  const rows = cmp.tieRanges.map((r) => h('tr', { 'data-measure': r.measure, 'data-run': r.run },
    h('th', { scope: 'row', class: 'text' }, measureLabel(r.measure)), td(r.run, 'text'), td(count(r.queriesChanged)),
    td(fixed(r.meanMin, d)), td(fixed(r.meanMax, d))));
  return section('cmp-ties', t(lang, 'cmpTiesHeading'), h('p', { class: 'help' }, t(lang, 'cmpTiesIntro')),
    h('div', { class: 'table-scroll', role: 'region', tabindex: '0', 'aria-label': t(lang, 'tableRegion', { name: caption }) },
      h('table', { class: 'steps', id: 'table-cmp-ties' }, h('caption', { class: 'visually-hidden' }, caption),
        h('thead', null, h('tr', null, th(t(lang, 'cmpColMeasure'), 'text'), th(t(lang, 'cmpColRun'), 'text'),
          th(t(lang, 'cmpColTieQueries')), th(t(lang, 'cmpColWorst')), th(t(lang, 'cmpColBest')))),
        h('tbody', null, rows))));
}

/**
 * The compare sections for `model` (model.compare, model.drill); `table`
 * ({sort, filter}) is the region's own state, kept across results.
 */
export function compareSections(lang, model, table) {
  const cmp = model.compare;
  const d = model.state.decimals;
  const c = pickedComparison(cmp, model.pick);
  if (!c) return [];
  const series = seriesOf(cmp, c);
  const files = Boolean(model.sources && (model.sources.ranking || model.sources['ranking-b'] || model.sources.qrels));
  return [
    statsPart(lang, cmp, d, files),
    cmp.comparisons.length > 1 ? pickMenu(lang, cmp, c) : null,
    verdictPart(lang, cmp, c, d),
    section('cmp-chart', t(lang, 'cmpChartHeading', { measure: measureLabel(c.measure) }),
      h('p', { class: 'help' }, t(lang, 'cmpChartHelp')), diffChart(lang, c, series, d)),
    model.drill ? drillPart(lang, c, model.drill, d) : null,
    section('cmp-table', t(lang, 'cmpTableHeading', { measure: measureLabel(c.measure) }), queryTable(lang, c, series, d, table)),
    tiesPart(lang, cmp, d),
  ];
}

/** What a screen reader hears after a comparison. */
export function compareLive(lang, model) {
  const cmp = model.compare;
  const c = cmp && pickedComparison(cmp, model.pick);
  return c ? t(lang, 'compareLive', { a: c.runA, b: c.runB, diff: signed(c.diff, model.state.decimals), measure: measureLabel(c.measure), n: count(c.queries) }) : '';
}
