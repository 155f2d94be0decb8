// Batch results (model.trec, in columns: see columnsOf in engine.js): the
// mean of every measure first, a histogram of per-query NDCG, then the
// per-query table, sortable by any column and filtered by query id, whose
// rows exist only where the table is scrolled to (a run has thousands).
import { t } from '../../shared/i18n.js';
import '../texts/batch-texts.js';
import { button, h, s, scrollTable, section } from '../../shared/templates.js';
import { count, fixed } from '../../shared/templates/numbers.js';
import { helpAttrs } from '../../shared/templates/steps.js';
import { cutLabel } from '../../shared/state.js';

const OVERSCAN = 12;
const compareIds = new Intl.Collator('en', { numeric: true }).compare;

/** Row indices of `trec` whose qid contains `filter`, sorted by `sort` ({name, desc}; name '' = qid). */
export function orderOf(trec, sort, filter) {
  const needle = filter.trim().toLowerCase();
  const order = [];
  for (let i = 0; i < trec.qids.length; i++) if (!needle || trec.qids[i].toLowerCase().includes(needle)) order.push(i);
  if (!sort.name) {
    order.sort((a, b) => compareIds(trec.qids[a], trec.qids[b]));
    if (sort.desc) order.reverse();
    return order;
  }
  const column = trec.columns[sort.name];
  const sign = sort.desc ? -1 : 1;
  // Queries with no value go last either way.
  order.sort((a, b) => {
    const x = column[a];
    const y = column[b];
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) - Number.isNaN(y);
    return sign * (x - y) || compareIds(trec.qids[a], trec.qids[b]);
  });
  return order;
}

/** The measure the histogram shows: NDCG at the cutoff when there is one, else over the whole list. */
export function histogramMeasure(trec, k) {
  const cut = `ndcg_cut_${k}`;
  if (k && trec.columns[cut]) return cut;
  return trec.columns.ndcg ? 'ndcg' : '';
}

/** Counts of `values` in `bins` equal bins over [0, 1] (1 falls in the last); NaN skipped. */
export function binsOf(values, bins = 10) {
  const counts = new Array(bins).fill(0);
  for (const v of values) if (!Number.isNaN(v)) counts[Math.min(bins - 1, Math.max(0, Math.floor(v * bins)))]++;
  return counts;
}

// With the ci option: the mean's bootstrap interval and the queries it rests on.
function intervalOf(lang, trec, m, d) {
  const ci = trec.ci95 && trec.ci95[m];
  if (!ci) return null;
  const n = count(trec.ciQueries[m]);
  const text = ci[0] === null ? t(lang, 'trecIntervalWithheld', { n }) : t(lang, 'trecInterval', { low: fixed(ci[0], d), high: fixed(ci[1], d), n });
  return h('dd', { class: 'interval help' }, text);
}

// A value as trec_eval prints it: counts (num_q, num_ret, ...: the core's `counts`) whole, others with d decimals.
const valueText = (trec, m, v, d) => (v !== null && trec.counts.includes(m) ? count(v) : fixed(v, d));

function meansPart(lang, trec, d) {
  return section('means', t(lang, 'trecMeanHeading', { n: count(trec.numQ) }),
    h('dl', { class: 'means', id: 'trec-means' }, trec.measures.map((m) => h('div', { class: 'mean', 'data-measure': m },
      h('dt', null, m), h('dd', null, valueText(trec, m, trec.mean[m], d)), intervalOf(lang, trec, m, d)))));
}

function histogramSvg(counts, label) {
  const W = 420;
  const H = 150;
  const [L, B, T] = [8, 24, 16];
  const most = Math.max(1, ...counts);
  const bw = (W - 2 * L) / counts.length;
  const svg = s('svg', { class: 'histogram', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': 'hist-title', focusable: 'false' });
  svg.appendChild(s('title', { id: 'hist-title' }, label));
  counts.forEach((c, i) => {
    const height = ((H - B - T) * c) / most;
    const x = L + i * bw;
    svg.appendChild(s('rect', { class: 'bar', x: x + 1, y: H - B - height, width: bw - 2, height }));
    if (c) svg.appendChild(s('text', { class: 'axis', x: x + bw / 2, y: H - B - height - 4, 'text-anchor': 'middle' }, count(c)));
  });
  svg.appendChild(s('line', { class: 'grid', x1: L, x2: W - L, y1: H - B, y2: H - B }));
  for (const [v, anchor] of [[0, 'start'], [0.5, 'middle'], [1, 'end']]) {
    svg.appendChild(s('text', { class: 'axis', x: L + v * (W - 2 * L), y: H - 6, 'text-anchor': anchor }, v.toFixed(1)));
  }
  return svg;
}

function histogramPart(lang, trec, k) {
  const name = histogramMeasure(trec, k);
  if (!name) return null;
  const counts = binsOf(trec.columns[name]);
  const metric = `NDCG${name === 'ndcg' ? '' : cutLabel(k)}`;
  const spans = counts.map((c, i) => `${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}: ${count(c)}`).join('; ');
  const label = t(lang, 'histogramLabel', { metric, n: count(trec.qids.length), bins: spans });
  return section('histogram', t(lang, 'histogramHeading', { metric }), histogramSvg(counts, label));
}

/**
 * A header with its one-line help (`key`: see helpOf in teach/cell-tips.js), as the step tables'
 * (helpAttrs). One with no button of its own takes the focus itself, so the keyboard reaches its
 * help: a table's such headers are one tab stop, the arrow keys move between them (teach/cell-tips.js).
 */
export function helpHead(key, attrs, ...content) {
  const focusable = content.some((c) => c instanceof Element && c.matches('button'));
  return h('th', { ...attrs, ...helpAttrs(key), tabindex: focusable ? null : '-1' }, ...content);
}

function headCell(lang, name, label, sort, key) {
  const mine = sort.name === name;
  const help = helpAttrs(key)['aria-describedby'];
  return helpHead(key, { scope: 'col', class: name ? 'num' : 'text', 'aria-sort': mine ? (sort.desc ? 'descending' : 'ascending') : 'none' },
    button({ class: 'sort', 'data-sort': name, title: t(lang, 'sortBy', { name: label }), 'aria-describedby': help }, label));
}

// The table's parts. `cfg` names them (id), labels the columns and writes
// each cell (see BATCH_TABLE); the tbody is filled by drawWindow.
function tablePart(lang, data, d, table, cfg) {
  const { id, label, cell, help } = cfg;
  const head = h('tr', { 'aria-rowindex': '1' }, headCell(lang, '', t(lang, 'trecQuery'), table.sort, 'trecQuery'),
    data.names.map((m) => headCell(lang, m, label(lang, m), table.sort, help(m))), h('td', null));
  const foot = h('tfoot', null, h('tr', null, helpHead('trecMean', { scope: 'row', class: 'text' }, t(lang, 'trecMean')),
    data.names.map((m) => h('td', { class: 'num' }, cell(m, data.mean[m], d))), h('td', null)));
  const tbody = h('tbody', { id: `${id}-rows` });
  const scroller = scrollTable(lang, cfg.caption, { class: `steps ${id}`, id: `table-${id}` }, [h('thead', null, head), tbody, foot],
    { class: 'table-scroll batch-scroll', id: `${id}-scroll` });
  const el = scroller.firstChild;
  const filter = h('input', { type: 'search', id: `${id}-filter`, value: table.filter, spellcheck: 'false', autocomplete: 'off' });
  const tools = h('div', { class: 'batch-tools' }, h('label', { for: `${id}-filter` }, t(lang, 'trecFilter')), filter,
    h('p', { id: `${id}-shown`, class: 'help', 'aria-live': 'polite' }));
  return { tools, scroller, table: el, tbody, filter };
}

function rowOf(view, i, at) {
  const { lang, data, d, cfg } = view;
  const qid = data.qids[i];
  return h('tr', { 'aria-rowindex': String(at + 2), 'data-qid': qid }, h('th', { scope: 'row', class: 'text' }, qid),
    data.names.map((m) => h('td', { class: 'num' }, cfg.cell(m, Number.isNaN(data.columns[m][i]) ? null : data.columns[m][i], d))),
    h('td', null, cfg.action(lang, qid)));
}

function spacer(cols, height) {
  const cell = h('td', { colspan: String(cols) });
  cell.style.height = `${height}px`;
  return h('tr', { class: 'spacer', 'aria-hidden': 'true' }, cell);
}

/**
 * Draws the rows in view (and a few around), with spacers standing for the
 * others. Unless `again`, rows already drawn stay: a sideways scroll that
 * replaced them lost a click on an Explain button in progress.
 */
function drawWindow(view, again) {
  const { parts, data, order } = view;
  const rowH = view.rowH;
  const top = parts.scroller.scrollTop;
  const first = Math.max(0, Math.floor(top / rowH) - OVERSCAN);
  const last = Math.min(order.length, Math.ceil((top + (parts.scroller.clientHeight || 400)) / rowH) + OVERSCAN);
  const drawn = `${first}-${last}`;
  if (!again && view.drawn === drawn) return;
  view.drawn = drawn;
  const cols = data.names.length + 2;
  const rows = [];
  for (let at = first; at < last; at++) rows.push(rowOf(view, order[at], at));
  const above = first ? [spacer(cols, first * rowH)] : [];
  const below = last < order.length ? [spacer(cols, (order.length - last) * rowH)] : [];
  parts.tbody.replaceChildren(...above, ...rows, ...below);
  // The first drawing measures the real row height; draw again if it differs.
  const sample = rows[0];
  const measured = sample ? sample.getBoundingClientRect().height : 0;
  if (measured > 0 && Math.abs(measured - rowH) > 0.5) {
    view.rowH = measured;
    drawWindow(view, true);
  }
}

function reorder(view) {
  view.order = orderOf(view.data, view.table.sort, view.table.filter);
  view.parts.table.setAttribute('aria-rowcount', String(view.order.length + 1));
  const shown = view.parts.tools.querySelector(`#${view.cfg.id}-shown`);
  shown.textContent = t(view.lang, 'trecShown', { n: count(view.order.length), total: count(view.data.qids.length) });
  for (const th of view.parts.table.querySelectorAll('thead th[aria-sort]')) {
    const name = th.firstChild.dataset.sort;
    th.setAttribute('aria-sort', view.table.sort.name === name ? (view.table.sort.desc ? 'descending' : 'ascending') : 'none');
  }
  drawWindow(view, true);
}

function bindTable(view) {
  let frame = 0;
  view.parts.scroller.addEventListener('scroll', () => {
    if (!frame) frame = requestAnimationFrame(() => { frame = 0; drawWindow(view); });
  });
  view.parts.filter.addEventListener('input', () => {
    view.table.filter = view.parts.filter.value;
    view.parts.scroller.scrollTop = 0;
    reorder(view);
  });
  view.parts.table.querySelector('thead').addEventListener('click', (e) => {
    const clicked = e.target instanceof Element ? e.target.closest('button[data-sort]') : null;
    if (!clicked) return;
    const name = clicked.dataset.sort;
    const sort = view.table.sort;
    view.table.sort = { name, desc: sort.name === name ? !sort.desc : Boolean(name) };
    reorder(view);
  });
}

/**
 * A per-query table of `data` ({qids, names, columns, mean}: columns are
 * Float64Arrays over qids, NaN for no value), sortable by any column and
 * filtered by query id, whose rows exist only where it is scrolled to.
 * `table` ({sort, filter}) is kept by the caller across results; `cfg` is
 * {id, caption, label(lang, name), cell(name, value, d), help(name): the column's help key, action(lang, qid)}.
 * Returns the filter row and the scrolling table; it fills itself in once attached.
 */
export function virtualTable(lang, data, d, table, cfg) {
  const parts = tablePart(lang, data, d, table, cfg);
  const view = { parts, data, d, lang, table, cfg, order: [], rowH: 33 };
  bindTable(view);
  // Rows need the table in the document to measure and fill the view.
  queueMicrotask(() => reorder(view));
  return [parts.tools, parts.scroller];
}

// Batch mode's table: trec_eval's names, values as they are, an Explain button per row.
const batchTable = (lang, trec) => ({
  id: 'trec', caption: t(lang, 'trecHeading'), label: (_, m) => m, cell: (m, v, d) => valueText(trec, m, v, d), help: (m) => `m:${m}`,
  action: (l, qid) => button({ class: 'small', 'data-action': 'explain-query', 'data-qid': qid,
    'aria-label': t(l, 'trecExplainLabel', { qid }) }, t(l, 'trecExplain')),
});

/**
 * The batch sections for `trec`; `table` ({sort, filter}) is the region's
 * own state, kept across results. The table fills itself in once attached.
 */
export function batchSections(lang, trec, d, k, table) {
  return [
    meansPart(lang, trec, d),
    histogramPart(lang, trec, k),
    section('trec', t(lang, 'trecHeading'), [virtualTable(lang, trec, d, table, batchTable(lang, trec)),
      h('p', { class: 'note' }, t(lang, 'trecCount', { n: count(trec.numQ) }))]),
  ];
}
