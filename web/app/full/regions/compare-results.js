// Compare mode's results (model.compare, from compareRuns): the paired
// tests per measure, the verdict in words, the per-query differences as a
// chart and as a table (a click on either shows that query's two rankings
// side by side), and how far tied scores move each run's mean.
import { t } from '../../shared/i18n.js';
import '../texts/compare-texts.js';
import { button, h, s, scrollTable, section as resultSection } from '../../shared/templates.js';
import { count, fixed } from '../../shared/templates/numbers.js';
import { abPanel } from '../ab.js';
import { letterOf, measureLabel, pairKey, pairsOf, pickedComparison, pText, seriesOf, signed, sortedByDiff, testCount, verdictOf } from '../comparison.js';
import { helpHead, virtualTable } from './batch-results.js';
import { backBar } from '../history.js';

/** Bars the chart draws at most; more queries are sampled evenly from the sorted order. */
export const CHART_BARS = 600;

// Compare's sections carry ids of their own (tests and links find them).
const section = (id, title, ...content) => resultSection(id, title, content, { id: `section-${id}` });
const th = (key, text, cls = 'num') => helpHead(key, { scope: 'col', class: cls }, text);
const td = (text, cls = 'num') => h('td', { class: cls }, text);

// The statistics table's rows: a label and how one comparison's cell reads.
const STAT_ROWS = [
  ['cmpColMeanA', 'mean-a', (c, d) => fixed(c.meanA, d)],
  ['cmpColMeanB', 'mean-b', (c, d) => fixed(c.meanB, d)],
  ['cmpColDiff', 'diff', (c, d) => signed(c.diff, d)],
  ['cmpColCi', 'ci95', (c, d, lang) => (c.interval === 'withheld' ? t(lang, 'cmpCiWithheld') : `[${signed(c.ci95[0], d)}, ${signed(c.ci95[1], d)}]`)],
  ['cmpColDz', 'effect-size', (c) => fixed(c.effectSize, 2)],
  ['cmpColWlt', 'wlt', (c) => `${count(c.wins)} / ${count(c.losses)} / ${count(c.ties)}`],
  ['cmpColPt', 'p-ttest', (c, d) => pText(c.pTtest, d)],
  ['cmpColPw', 'p-wilcoxon', (c, d) => pText(c.pWilcoxon, d)],
  ['cmpColPs', 'p-sign', (c, d) => pText(c.pSign, d)],
  ['cmpColPr', 'p-randomization', (c, d) => pText(c.pRandomization, d)],
  ['cmpColPh', 'p-holm', (c, d) => pText(c.pHolm, d)],
];

// The letters of a comparison's runs, for the labels of tables and charts: { a: 'A', b: 'C' }.
const lettersOf = (cmp, c) => ({ a: letterOf(cmp, c.runA), b: letterOf(cmp, c.runB) });

// One column per measure of the chosen pair, one row per statistic; Holm's row when the core adjusted.
function statsTable(lang, cmp, c, d) {
  const ab = lettersOf(cmp, c);
  const key = pairKey(cmp, c);
  // NDCG first: the measure this page is about.
  const list = cmp.comparisons.filter((x) => pairKey(cmp, x) === key).sort((x, y) => y.measure.startsWith('ndcg') - x.measure.startsWith('ndcg'));
  const holm = list.some((x) => x.pHolm !== undefined);
  const rows = STAT_ROWS.filter(([name]) => holm || name !== 'cmpColPh').map(([name, stat, cell]) => h('tr', { 'data-stat': stat },
    helpHead(name, { scope: 'row', class: 'text' }, t(lang, name, ab)),
    list.map((x) => h('td', { class: x === c ? 'num picked' : 'num', 'data-measure': x.measure, 'data-run-b': x.runB }, cell(x, d, lang)))));
  const head = h('tr', null, th('cmpColMeasure', t(lang, 'cmpColMeasure'), 'text'), list.map((x) => th(`m:${x.measure}`, measureLabel(x.measure))));
  const caption = t(lang, 'cmpStatsCaption', ab);
  return scrollTable(lang, caption, { class: 'steps cmp-stats', id: 'table-cmp-stats', 'data-pair': key }, [h('thead', null, head), h('tbody', null, rows)]);
}

// The pair menu (more than one pair) and the measure menu: what the tables, verdict and chart below show.
function pickMenus(lang, cmp, c) {
  const pairs = pairsOf(cmp);
  const named = (run, letter) => (run === letter ? run : `${letter} (${run})`);
  const pairName = (p) => `${named(p.runA, letterOf(cmp, p.runA))} → ${named(p.runB, letterOf(cmp, p.runB))}`;
  const measures = cmp.comparisons.filter((x) => pairKey(cmp, x) === pairKey(cmp, c));
  const menu = (id, label, action, options) => [h('label', { for: id }, t(lang, label)), ' ',
    h('select', { id, 'data-change': action }, options.map(([value, text, on]) => h('option', { value, selected: on }, text)))];
  return h('p', { class: 'cmp-pick' },
    pairs.length > 1 ? menu('cmp-pair', 'cmpPair', 'compare-pair', pairs.map((p) => [p.key, pairName(p), p.key === pairKey(cmp, c)])) : null,
    measures.length > 1 ? menu('cmp-pick', 'cmpPick', 'compare-pick', measures.map((x) => [x.measure, measureLabel(x.measure), x === c])) : null);
}

function statsPart(lang, cmp, c, d, filesNote) {
  return section('cmp-stats', t(lang, 'cmpStatsHeading', { a: c.runA, b: c.runB, n: count(c.queries) }),
    pickMenus(lang, cmp, c), statsTable(lang, cmp, c, d), h('p', { class: 'note' }, t(lang, 'cmpConventions', { trials: count(cmp.trials), seed: cmp.seed })),
    c.interval === 'withheld' ? h('p', { class: 'note', id: 'cmp-ci-note' }, t(lang, 'cmpCiWithheldNote', { n: count(c.queries) })) : null,
    filesNote ? h('p', { class: 'note', id: 'cmp-files-note' }, t(lang, 'cmpFilesNote')) : null);
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

function chartLabel(lang, c, ab, series, order, d) {
  const diff = series.columns.diff;
  const [hi, lo] = [order[0], order[order.length - 1]];
  return t(lang, 'cmpChartLabel', { ...ab, n: count(order.length), measure: measureLabel(c.measure), w: count(c.wins), l: count(c.losses), t: count(c.ties),
    max: signed(diff[hi], d), maxq: series.qids[hi], min: signed(diff[lo], d), minq: series.qids[lo] });
}

function chartAxes(svg, lang, ab, y, top, d) {
  for (const v of [top, 0, -top]) {
    svg.appendChild(s('line', { class: v ? 'grid' : 'zero', x1: L, x2: W - R, y1: y(v), y2: y(v) }));
    svg.appendChild(s('text', { class: 'axis', x: L - 5, y: y(v) + 4, 'text-anchor': 'end' }, signed(v, Math.min(d, 2))));
  }
  // Bars run largest first: the upper right and the lower left stay clear of them.
  svg.appendChild(s('text', { class: 'axis', x: W - R - 4, y: T + 10, 'text-anchor': 'end' }, `▲ ${t(lang, 'cmpChartUp', ab)}`));
  svg.appendChild(s('text', { class: 'axis', x: L + 4, y: H - B - 4 }, `▼ ${t(lang, 'cmpChartDown', ab)}`));
}

// The queries drawn: every one up to CHART_BARS, else an even sample of the sorted order.
function drawn(order) {
  const bars = Math.min(CHART_BARS, order.length);
  return Array.from({ length: bars }, (_, j) => order[Math.floor((j * order.length) / bars)]);
}

/**
 * Bars of B − A per query, largest first; each bar opens its query side by
 * side, on a click or with Enter (one tab stop: the picked query's bar, else
 * the first; the arrow keys move between bars, see chartKeys).
 */
export function diffChart(lang, cmp, c, series, d, picked) {
  const order = sortedByDiff(series);
  if (!order.length) return null;
  const ab = lettersOf(cmp, c);
  const diff = series.columns.diff;
  const top = Math.max(1e-12, ...order.map((i) => Math.abs(diff[i])));
  const y = (v) => T + ((top - v) / (2 * top)) * (H - T - B);
  const svg = s('svg', { class: 'chart cmp-chart', id: 'cmp-chart', viewBox: `0 0 ${W} ${H}`, role: 'group', 'aria-label': chartLabel(lang, c, ab, series, order, d) });
  chartAxes(svg, lang, ab, y, top, d);
  const shown = drawn(order);
  const slot = (W - L - R) / shown.length;
  const stop = Math.max(0, shown.findIndex((i) => series.qids[i] === picked));
  shown.forEach((i, j) => {
    const v = diff[i];
    const [y0, y1] = [y(Math.max(v, 0)), y(Math.min(v, 0))];
    const name = t(lang, 'cmpBarTitle', { ...ab, qid: series.qids[i], diff: signed(v, d) });
    svg.appendChild(s('rect', { class: `bar ${v > 0 ? 'up' : v < 0 ? 'down' : 'flat'}${series.qids[i] === picked ? ' picked' : ''}`, x: (L + j * slot).toFixed(2), y: y0.toFixed(2),
      width: Math.max(0.6, slot * 0.8).toFixed(2), height: Math.max(0.8, y1 - y0).toFixed(2), 'data-action': 'compare-query', 'data-qid': series.qids[i],
      'data-value': String(v), role: 'button', tabindex: j === stop ? '0' : '-1', 'aria-label': name }, s('title', null, name)));
  });
  return svg;
}

const MOVES = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, PageDown: 10, PageUp: -10, Home: -Infinity, End: Infinity };

/** A key on a chart bar: arrows, Page Up/Down, Home and End move the one tab stop; Enter or Space opens the query (open(dataset)). */
export function chartKeys(e, bar, open) {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    open({ ...bar.dataset });
    return;
  }
  if (!(e.key in MOVES)) return;
  const bars = Array.from(bar.parentNode.querySelectorAll('.bar'));
  const at = Math.min(bars.length - 1, Math.max(0, bars.indexOf(bar) + MOVES[e.key]));
  e.preventDefault();
  bar.tabIndex = -1;
  bars[at].tabIndex = 0;
  bars[at].focus();
}

// ---- the per-query table, the drill-down and tied scores ------------------------------

function queryTable(lang, cmp, c, series, d, table) {
  const ab = lettersOf(cmp, c);
  const names = { a: c.runA, b: c.runB, diff: t(lang, 'cmpColDiff', ab) };
  return virtualTable(lang, series, d, table, {
    id: 'cmp', caption: t(lang, 'cmpTableHeading', { measure: measureLabel(c.measure) }), label: (_, m) => names[m],
    help: (m) => ({ a: 'cmpColRunA', b: 'cmpColRunB', diff: 'cmpColDiff' })[m],
    cell: (m, v, dd) => (m === 'diff' ? signed(v, dd) : fixed(v, dd)),
    action: (l, qid) => button({ class: 'small', 'data-action': 'compare-query', 'data-qid': qid,
      'aria-label': t(l, 'cmpSideLabel', { qid, a: c.runA, b: c.runB }) }, t(l, 'cmpSide')),
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
    backBar(lang, c.queries),
    h('p', { class: 'help' }, t(lang, 'cmpDrillNote')), body);
  el.id = 'cmp-drill';
  el.tabIndex = -1;
  return el;
}

function tiesPart(lang, cmp, d) {
  if (!cmp.tieRanges.length) return null;
  const caption = t(lang, 'cmpTiesCaption');
  const rows = cmp.tieRanges.map((r) => h('tr', { 'data-measure': r.measure, 'data-run': r.run },
    helpHead(`m:${r.measure}`, { scope: 'row', class: 'text' }, measureLabel(r.measure)), td(r.run, 'text'), td(count(r.queriesChanged)),
    td(fixed(r.meanMin, d)), td(fixed(r.meanMax, d))));
  return section('cmp-ties', t(lang, 'cmpTiesHeading'), h('p', { class: 'help' }, t(lang, 'cmpTiesIntro')),
    scrollTable(lang, caption, { class: 'steps', id: 'table-cmp-ties' }, [
      h('thead', null, h('tr', null, th('cmpColMeasure', t(lang, 'cmpColMeasure'), 'text'), th('cmpColRun', t(lang, 'cmpColRun'), 'text'),
        ...['cmpColTieQueries', 'cmpColWorst', 'cmpColBest'].map((key) => th(key, t(lang, key))))),
      h('tbody', null, rows)]));
}

/**
 * The compare sections for `model` (model.compare, model.drill); `table`
 * ({sort, filter}) is the region's own state, kept across results.
 */
export function compareSections(lang, model, table) {
  const cmp = model.compare;
  const { decimals: d, measure, pair, query } = model.state;
  const c = pickedComparison(cmp, measure, pair);
  if (!c) return [];
  const series = seriesOf(cmp, c);
  const files = Object.values(model.sources || {}).some(Boolean);
  return [
    statsPart(lang, cmp, c, d, files),
    verdictPart(lang, cmp, c, d),
    section('cmp-chart', t(lang, 'cmpChartHeading', { ...lettersOf(cmp, c), measure: measureLabel(c.measure) }),
      h('p', { class: 'help' }, t(lang, 'cmpChartHelp')), diffChart(lang, cmp, c, series, d, query)),
    model.drill ? drillPart(lang, c, model.drill, d) : null,
    section('cmp-table', t(lang, 'cmpTableHeading', { measure: measureLabel(c.measure) }), queryTable(lang, cmp, c, series, d, table)),
    tiesPart(lang, cmp, d),
  ];
}

/** What a screen reader hears after a comparison. */
export function compareLive(lang, model) {
  const cmp = model.compare;
  const c = cmp && pickedComparison(cmp, model.state.measure, model.state.pair);
  return c ? t(lang, 'compareLive', { a: c.runA, b: c.runB, diff: signed(c.diff, model.state.decimals), measure: measureLabel(c.measure), n: count(c.queries) }) : '';
}
