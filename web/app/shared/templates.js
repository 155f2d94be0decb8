// Pure builders: each takes data and returns a detached DOM node (or a
// string). Text always goes in as text nodes or attribute values, never as
// HTML, so an id such as "<img onerror=…>" shows as those characters.
// Event handlers are not attached here: buttons carry data-action and the
// view handles them by delegation.
import { errorText, optionText, presetLabel, shortChoice, t } from './i18n.js';
import { cutLabel } from './state.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FORBIDDEN_ATTR = /^(on|style$|srcdoc$|href$|src$|action$|formaction$)/i;

function append(node, child) {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) child.forEach((c) => append(node, c));
  else if (typeof child === 'string' || typeof child === 'number') node.appendChild(document.createTextNode(String(child)));
  else node.appendChild(child);
}

function setAttrs(node, attrs) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (FORBIDDEN_ATTR.test(name)) throw new Error(`templates never set ${name}`);
    if (name === 'class') node.setAttribute('class', value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
}

/** An HTML element with attributes and children (strings become text nodes). */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element, likewise. */
export function s(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

/** A button that submits nothing; what it does is named by its data-action. */
export const button = (attrs, ...children) => h('button', { type: 'button', ...attrs }, ...children);

/** A results section: a heading (id "h-" + id) that names it, then its content. */
export function section(id, title, content, attrs = null) {
  return h('section', { class: `result-section result-${id}`, 'aria-labelledby': `h-${id}`, ...attrs }, h('h3', { id: `h-${id}` }, title), content);
}

/**
 * A table with a caption for screen readers, in a region that scrolls and
 * takes focus (so a keyboard can scroll it) and is named after the caption.
 */
export function scrollTable(lang, caption, attrs, parts, scroller = null) {
  // data-hint: said above the table when it is wider than its box (see regions/scroll-hints.js).
  return h('div', { class: 'table-scroll', role: 'region', tabindex: '0', 'aria-label': t(lang, 'tableRegion', { name: caption }), 'data-hint': t(lang, 'scrollHint'), ...scroller },
    h('table', attrs, h('caption', { class: 'visually-hidden' }, caption), parts));
}

// ---- numbers --------------------------------------------------------------

// Prose and tables write a minus sign (U+2212), not a hyphen.
const minus = (text) => (text[0] === '-' ? `−${text.slice(1)}` : text);

/** A number with `d` decimals; "—" for no value; never "−0.000"; a minus sign, not a hyphen. */
export function fixed(v, d) {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  const text = v.toFixed(d);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : minus(text);
}

/** `v` as fixed() shows it, as a number: what a hand calculation from the shown digits adds. */
const shown = (v, d) => Number(v.toFixed(d));

/** A grade or weight as written: shortest form, at most 6 decimals. */
export function plain(v) {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  return minus(String(Number.isInteger(v) ? v : Number(v.toPrecision(12))));
}

/** 100000 → "100,000" (by hand: the first toLocaleString of a page costs tens of ms of ICU start-up). */
export function count(n) {
  return String(Number(n)).replace(/\B(?=(\d{3})+$)/g, ',');
}

// ---- formula fragments ------------------------------------------------------

export const sub = (x) => h('sub', null, x);
const sup = (x) => h('sup', null, x);
export const v = (x) => h('var', null, x);

function relI() {
  return [v('rel'), sub(v('i'))];
}

/** The gain of rel_i under the options, as formula nodes. */
export function gainExpr(gain) {
  if (gain === 'linear') return relI();
  if (gain === 'table') return ['g(', relI(), ')'];
  return ['2', sup(relI()), ' − 1'];
}

export function gainText(gain) {
  if (gain === 'linear') return 'rel_i';
  if (gain === 'table') return 'g(rel_i)';
  return '2^rel_i − 1';
}

function baseText(logBase) {
  if (logBase === 2) return '2';
  if (Math.abs(logBase - Math.E) < 1e-12) return 'e';
  return plain(logBase);
}

export function discountExpr(logBase) {
  return ['log', sub(baseText(logBase)), '(', v('i'), ' + 1)'];
}

export function discountText(logBase) {
  return `log_${baseText(logBase)}(i + 1)`;
}

/**
 * Where the ideal order came from, as the numbers were computed: 'list' (the
 * ranking's own grades), 'fallback' (judgments asked for, none given),
 * 'judgments', or 'judgmentsCut' (cut to the ranking's length). Every
 * sentence about the ideal order is chosen by this one answer.
 */
export function idealSource(r) {
  if (r.options.ideal !== 'judgments') return 'list';
  if (!r.hasJudgments) return 'fallback';
  return r.options.idealCutToRetrieved ? 'judgmentsCut' : 'judgments';
}

// ---- the headline -------------------------------------------------------------

function verdictKey(ndcg) {
  if (ndcg === null) return null;
  if (ndcg >= 1 - 1e-12) return 'verdict_perfect';
  if (ndcg >= 0.9) return 'verdict_high';
  if (ndcg >= 0.6) return 'verdict_mid';
  if (ndcg > 0) return 'verdict_low';
  return 'verdict_zero';
}

/** "NDCG@10 = 10.639 / 11.210 = 0.949" with the value stressed, and a verdict. */
export function headline(lang, r, d) {
  const kl = cutLabel(r.k);
  const value = r.ndcg === null ? t(lang, 'undefinedValue') : fixed(r.ndcg, d);
  const line = h('p', { class: 'headline', id: 'headline' },
    h('span', { class: 'headline-name' }, `NDCG${kl}`), ' = ',
    h('span', { class: 'headline-part' }, fixed(r.dcg, d)), ' / ',
    h('span', { class: 'headline-part' }, fixed(r.idcg, d)), ' = ',
    h('strong', { class: 'headline-value' }, value));
  const key = verdictKey(r.ndcg);
  const fill = h('div', { class: 'meter-fill' });
  // The width is data, set through the CSSOM (the CSP forbids style attributes).
  fill.style.width = `${(Math.max(0, Math.min(1, r.ndcg)) * 100).toFixed(2)}%`;
  const meter = r.ndcg === null ? null : h('div', { class: 'meter', 'aria-hidden': 'true' }, fill);
  // IDCG = 0: the value is a convention, not a score; the verdict says so.
  const verdict = r.ndcg === null ? t(lang, 'undefinedNote') : r.idcg === 0 ? t(lang, 'idcgZero', { v: value }) : t(lang, key);
  return h('div', { class: 'headline-box' }, line, meter, h('p', { class: 'verdict' }, verdict));
}

// ---- step tables ---------------------------------------------------------------

/** Rows a chart can point to (charts.js draws at most this many positions). */
export const LINKED_ROWS = 20;

/** Which optional columns a pair of step lists needs. */
export function tableColumns(r) {
  const any = (rows, f) => rows.some(f);
  return {
    ids: any(r.steps, (x) => x.id !== null) || any(r.idealSteps, (x) => x.id !== null),
    weights: any(r.steps, (x) => x.weight !== 1) || any(r.idealSteps, (x) => x.weight !== 1),
  };
}

// A column heading: its name in words over its formula (the formula in force,
// so the gain column says 2^rel − 1, rel or g(rel) as the options have it).
function head(lang, key, formula, label, cls = 'num', nameClass = 'col-name') {
  return h('th', { scope: 'col', class: cls, 'aria-label': label },
    h('span', { class: nameClass }, t(lang, key)), formula ? h('span', { class: 'col-formula' }, formula) : null);
}

// The columns a narrow table leaves out until asked (styles.css, "compact tables"): how each term is made.
const DETAIL = 'num detail';

function headerRow(lang, cols, options, withLoss) {
  const named = (key, formula, text, cls) => head(lang, key, formula, `${t(lang, key)} ${text}`, cls);
  return h('tr', null,
    // On a phone the positions' column is headed by i alone (the word is its label).
    head(lang, 'col_position', v('i'), t(lang, 'col_positionLabel'), 'num', 'col-name wide-only'),
    cols.ids ? head(lang, 'col_id', null, null, 'text') : null,
    named('col_grade', relI(), 'rel_i'),
    named('col_gain', gainExpr(options.gain), gainText(options.gain), DETAIL),
    named('col_discount', discountExpr(options.logBase), discountText(options.logBase), DETAIL),
    cols.weights ? named('col_weight', [v('w'), sub(v('i'))], 'w_i', DETAIL) : null,
    head(lang, 'col_term', null, null),
    head(lang, 'col_running', null, null),
    withLoss ? head(lang, 'col_loss', null, null) : null);
}

/**
 * Table rows for steps[0..limit). `marked` holds 0-based rows to highlight;
 * with `idPrefix`, the first LINKED_ROWS rows get ids the charts point to.
 */
export function stepRows(steps, cols, d, limit, loss, marked, idPrefix = '') {
  const frag = document.createDocumentFragment();
  const n = Math.min(limit, steps.length);
  for (let i = 0; i < n; i++) {
    const x = steps[i];
    const hot = marked && marked.has(i);
    const lossCell = loss ? h('td', { class: `num${loss[i] > 1e-12 ? ' loss' : loss[i] < -1e-12 ? ' gain' : ''}` },
      loss[i] > 1e-12 ? `−${fixed(loss[i], d)}` : loss[i] < -1e-12 ? `+${fixed(-loss[i], d)}` : '') : null;
    const id = idPrefix && i < LINKED_ROWS ? `${idPrefix}-${x.position}` : null;
    frag.appendChild(h('tr', { class: hot ? 'hot' : null, 'data-position': x.position, id },
      h('th', { scope: 'row', class: 'num' }, String(x.position)),
      // A long id is cut to fit; its title holds all of it.
      cols.ids ? h('td', { class: 'text id', title: x.id === null ? null : x.id }, x.id === null ? '' : x.id) : null,
      h('td', { class: 'num' }, plain(x.rel)),
      h('td', { class: DETAIL }, fixed(x.gain, d)),
      h('td', { class: DETAIL }, fixed(x.discount, d)),
      cols.weights ? h('td', { class: DETAIL }, plain(x.weight)) : null,
      h('td', { class: 'num term' }, fixed(x.contribution, d)),
      h('td', { class: 'num' }, fixed(x.cumulative, d)),
      lossCell));
  }
  return frag;
}

/**
 * A step table in a scrollable region, with its "show more" controls.
 * @param {string} which "dcg" or "idcg"
 * @param {boolean} all a compact table's left-out columns shown (the button pressed)
 */
export function stepTable(lang, which, r, options, d, limit, marked, all = false) {
  const cols = tableColumns(r);
  const steps = which === 'dcg' ? r.steps : r.idealSteps;
  const loss = which === 'dcg' && r.loss.length ? r.loss : null;
  const caption = t(lang, `tableCaption_${which}`, { k: cutLabel(r.k) });
  const region = scrollTable(lang, caption, { class: 'steps', id: `table-${which}` }, [
    h('thead', null, headerRow(lang, cols, options, !!loss)),
    h('tbody', null, stepRows(steps, cols, d, limit, loss, marked, `row-${which}`))]);
  const shown = Math.min(limit, steps.length);
  const more = shown < steps.length ? h('p', { class: 'more-rows' },
    h('span', null, t(lang, 'rowsShown', { shown: count(shown), total: count(steps.length) })), ' ',
    button({ 'data-action': 'more-rows', 'data-table': which, 'data-count': '1000' }, t(lang, 'showMore', { n: count(Math.min(1000, steps.length - shown)) })), ' ',
    button({ 'data-action': 'more-rows', 'data-table': which, 'data-count': 'all' }, t(lang, 'showAll', { n: count(steps.length) }))) : null;
  // Shown only where the table is compact (styles.css): brings back the columns left out.
  const toggle = button({ class: 'small columns-toggle', 'aria-pressed': String(all) }, t(lang, 'allColumns'));
  return h('div', { class: 'table-block' }, toggle, region, more);
}

const MAX_SUM_TERMS = 40;

/** "DCG@10 = 7.000 + 1.893 + … = 10.639" */
export function sumLine(name, steps, total, d) {
  const terms = steps.slice(0, MAX_SUM_TERMS).map((x) => fixed(x.contribution, d));
  let text = `${name} = ${terms.length ? terms.join(' + ') : '0'}`;
  if (steps.length > MAX_SUM_TERMS) text += ` + … (${count(steps.length - MAX_SUM_TERMS)} more)`;
  return `${text} = ${fixed(total, d)}`;
}

/** The sum of the rounded terms, to explain when it differs from the rounded total. */
export function roundedSum(steps, d) {
  let sum = 0;
  for (const x of steps) sum += shown(x.contribution, d);
  return sum;
}

export function roundingNotes(lang, r, d) {
  const kl = cutLabel(r.k);
  const notes = [h('p', { class: 'note' }, t(lang, 'roundingNote', { d }))];
  for (const [name, steps, total] of [[`DCG${kl}`, r.steps, r.dcg], [`IDCG${kl}`, r.idealSteps, r.idcg]]) {
    if (steps.length > 100000) continue;
    const rounded = roundedSum(steps, d);
    if (fixed(rounded, d) !== fixed(total, d)) {
      notes.push(h('p', { class: 'note', 'data-note': 'rounding' }, t(lang, 'roundingDiff', {
        rounded: fixed(rounded, d), name, exact: fixed(total, Math.max(d + 3, 6)), exactRounded: fixed(total, d),
      })));
    }
  }
  return notes;
}

// ---- loss --------------------------------------------------------------------

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

// ---- NDCG@k curve -------------------------------------------------------------

/** Points to draw: every k up to 400, else an even sample that keeps the last. */
function samplePoints(values) {
  const n = values.length;
  const step = Math.max(1, Math.ceil(n / 400));
  const out = [];
  for (let i = 0; i < n; i += step) out.push(i);
  if (out[out.length - 1] !== n - 1) out.push(n - 1);
  return out;
}

/** A small line chart of NDCG@k, built with DOM calls (no markup strings). */
export function curve(lang, r, d) {
  const values = r.ndcgAt;
  const n = values.length;
  if (!n) return null;
  const W = 360; const H = 150; const L = 34; const R = 10; const T = 10; const B = 26;
  const x = (i) => L + (n === 1 ? (W - L - R) / 2 : (i / (n - 1)) * (W - L - R));
  const y = (val) => T + (1 - Math.max(0, Math.min(1, val))) * (H - T - B);
  const kAt = r.k && r.k <= n ? r.k : n;
  const vk = values[kAt - 1];
  const desc = t(lang, 'curveDesc', { n: count(n), k: count(kAt), v: fixed(vk, d) });
  const svg = s('svg', { class: 'curve', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': desc, focusable: 'false' });
  svg.appendChild(s('title', null, desc));
  for (const g of [0, 0.5, 1]) {
    svg.appendChild(s('line', { class: 'grid', x1: L, x2: W - R, y1: y(g), y2: y(g) }));
    svg.appendChild(s('text', { class: 'axis', x: L - 6, y: y(g) + 4, 'text-anchor': 'end' }, g.toFixed(1)));
  }
  let path = '';
  for (const i of samplePoints(values)) {
    if (values[i] === null) continue;
    path += `${path ? 'L' : 'M'}${x(i).toFixed(1)},${y(values[i]).toFixed(1)}`;
  }
  if (path) svg.appendChild(s('path', { class: 'curve-line', d: path }));
  // The cutoff: a dot with its value and a tick on the axis, no line down to
  // zero (which read as the score collapsing there).
  if (vk !== null && vk !== undefined) {
    const cx = x(kAt - 1);
    svg.appendChild(s('line', { class: 'k-tick', x1: cx, x2: cx, y1: H - B, y2: H - B + 5 }));
    svg.appendChild(s('circle', { class: 'k-dot', cx, cy: y(vk), r: 3.5 }));
    const right = cx > (L + W - R) / 2;
    // The label sits on the side of the dot away from the line: below a high value, above a low one.
    svg.appendChild(s('text', { class: 'axis k-label', x: right ? cx - 7 : cx + 7, y: vk > 0.5 ? y(vk) + 18 : y(vk) - 8, 'text-anchor': right ? 'end' : 'start' },
      t(lang, 'curveCutoff', { k: count(r.k || n), v: fixed(vk, d) })));
  }
  svg.appendChild(s('text', { class: 'axis', x: L, y: H - 8, 'text-anchor': 'start' }, '1'));
  svg.appendChild(s('text', { class: 'axis', x: W - R, y: H - 8, 'text-anchor': 'end' }, count(n)));
  svg.appendChild(s('text', { class: 'axis', x: (L + W - R) / 2, y: H - 8, 'text-anchor': 'middle' }, t(lang, 'curveAxisK')));
  return svg;
}

// ---- other metrics -------------------------------------------------------------

function metricRow(lang, key, kl, value, d) {
  return h('div', { class: 'metric', 'data-metric': key },
    h('dt', { title: t(lang, `m_${key}_tip`) }, t(lang, `m_${key}`, { k: kl })),
    h('dd', { class: 'metric-value' }, value === null ? '—' : fixed(value, d)),
    h('dd', { class: 'metric-tip' }, t(lang, `m_${key}_tip`)));
}

/** CG, P, R, AP, RR, ERR, α-nDCG (with subtopics), weighted NDCG (with weights). */
export function metricsPanel(lang, r, d, { weighted, unweightedNdcg, relevanceLevel }) {
  const kl = cutLabel(r.k);
  const m = r.metrics;
  const rows = [
    metricRow(lang, 'cg', kl, r.cg, d),
    metricRow(lang, 'precision', kl, m.precision, d),
    metricRow(lang, 'recall', kl, m.recall, d),
    metricRow(lang, 'ap', kl, m.averagePrecision, d),
    metricRow(lang, 'rr', kl, m.reciprocalRank, d),
    metricRow(lang, 'err', kl, m.err, d),
  ];
  if (m.alphaNdcg !== undefined) rows.push(metricRow(lang, 'alpha', kl, m.alphaNdcg, d));
  if (weighted) {
    rows.push(metricRow(lang, 'weighted', kl, r.ndcg, d));
    rows.push(metricRow(lang, 'unweighted', kl, unweightedNdcg, d));
  }
  return [
    h('p', { class: 'note' }, t(lang, r.k ? 'metricsCutoff' : 'metricsWhole', { k: r.k, level: plain(relevanceLevel) })),
    h('dl', { class: 'metrics' }, rows),
  ];
}

// ---- every preset ---------------------------------------------------------------------

/** Options shown beside each preset's NDCG: what most often makes libraries disagree. */
const PRESET_COLUMNS = ['gain', 'ideal', 'ties', 'zeroIdcg'];

function presetRowCells(lang, row, options, d) {
  const ndcg = h('td', { class: 'num term' }, row.error ? '' : row.ndcg === null ? t(lang, 'undefinedValue') : fixed(row.ndcg, d));
  if (row.error) return [ndcg, h('td', { class: 'text preset-error', colspan: String(PRESET_COLUMNS.length) }, errorText(lang, row.error))];
  return [ndcg, PRESET_COLUMNS.map((key) => h('td', { class: 'text' }, options && options[key] !== undefined ? shortChoice(lang, key, options[key]) : ''))];
}

/**
 * One row per preset: the NDCG it gives (next to its name, so it stays in
 * view on a phone), then its conventions; the current one marked.
 * @param {Array|null} rows the analysis's presets (null when the ranking is too large to compare)
 * @param {Map<string, object>} presetOptions preset name → its options
 */
export function presetTable(lang, rows, presetOptions, current, k, d) {
  if (!rows || !rows.length) return h('p', { class: 'note' }, t(lang, 'presetsTooLarge'));
  const col = (text, cls) => h('th', { scope: 'col', class: cls }, text);
  const head = h('tr', null, col(optionText(lang, 'preset'), 'text'), col(`NDCG${cutLabel(k)}`, 'num'),
    PRESET_COLUMNS.map((key) => col(optionText(lang, key), 'text')), h('td', null));
  const body = rows.map((row) => {
    const mine = row.name === current;
    const name = presetLabel(lang, row.name);
    return h('tr', { class: mine ? 'current' : null, 'aria-current': mine ? 'true' : null, 'data-preset': row.name },
      h('th', { scope: 'row', class: 'text' }, name), presetRowCells(lang, row, presetOptions.get(row.name), d),
      h('td', null, mine ? null : button({ class: 'small', 'data-action': 'use-preset', 'data-preset': row.name,
        'aria-label': t(lang, 'usePresetLabel', { name }) }, t(lang, 'usePreset'))));
  });
  return [
    h('p', { class: 'help' }, t(lang, 'presetsIntro')),
    scrollTable(lang, t(lang, 'presetsHeading'), { class: 'steps presets', id: 'table-presets' }, [h('thead', null, head), h('tbody', null, body)]),
  ];
}

// ---- errors ----------------------------------------------------------------------

/** The UTF-16 index in `line` of the 1-based UTF-8 byte column the core reports. */
export function charIndexOfByteColumn(line, column) {
  if (column <= 1) return 0;
  const bytes = new TextEncoder().encode(line);
  const head = bytes.subarray(0, Math.min(column - 1, bytes.length));
  return new TextDecoder().decode(head).replace(/\uFFFD$/, '').length;
}

/** Where an error's line starts and the offending span within it. */
export function errorSpan(text, line, column) {
  const lines = text.split(/\r\n|\r|\n/);
  const raw = lines[line - 1];
  if (raw === undefined) return null;
  const body = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
  const bom = raw.length - body.length;
  const start = Math.min(charIndexOfByteColumn(body, column), body.length);
  const rest = body.slice(start);
  const token = rest.match(/^[^\s,|;，、]+/);
  const end = start + (token ? token[0].length : rest.length ? 1 : 0);
  let offset = 0;
  const re = /\r\n|\r|\n/g;
  for (let i = 1; i < line; i++) {
    const m = re.exec(text);
    if (!m) return null;
    offset = m.index + m[0].length;
  }
  return { lineText: body, start, end, offsetStart: offset + bom + start, offsetEnd: offset + bom + end };
}

const SNIPPET_MAX = 120;

function errorSnippet(lang, err, span) {
  // Show a window of the line around the error so long lines stay readable.
  const from = Math.max(0, Math.min(span.start - 40, span.lineText.length - SNIPPET_MAX));
  const to = Math.min(span.lineText.length, from + SNIPPET_MAX);
  const before = (from > 0 ? '…' : '') + span.lineText.slice(from, span.start);
  const bad = span.lineText.slice(span.start, Math.max(span.end, span.start)) || ' ';
  const after = span.lineText.slice(Math.max(span.end, span.start), to) + (to < span.lineText.length ? '…' : '');
  return h('div', { class: 'error-snippet' },
    h('p', { class: 'visually-hidden' }, t(lang, 'errorMarker')),
    h('pre', { class: 'error-line' },
      h('span', { class: 'error-gutter', 'aria-hidden': 'true' }, `${err.line} | `),
      before, h('mark', null, bad), after, '\n',
      h('span', { class: 'error-caret', 'aria-hidden': 'true' },
        `${' '.repeat(String(err.line).length + 3)}${' '.repeat([...before].length)}^`)),
    button({ 'data-action': 'goto-error' }, t(lang, 'errorGoto')));
}

/** What went wrong, in bold (the input or a setting), and where: line and column. */
export function errorTitle(lang, err) {
  const aboutSetting = err.source === 'options' || (!err.line && !err.source);
  return [h('strong', null, t(lang, aboutSetting ? 'errorOption' : 'errorHeading')),
    err.line ? ` ${t(lang, 'errorWhere', { line: err.line, column: err.column })}` : ''];
}

/**
 * The error panel for a structured error: where (line, column, which
 * input), what (translated from its code and args), and the line of `text`
 * with the bad part marked.
 */
export function errorPanel(lang, err, text, inWhat = err.source && err.source !== 'options' ? t(lang, `errorIn_${err.source}`) : '') {
  const span = err.line && typeof text === 'string' ? errorSpan(text, err.line, err.column) : null;
  return [
    h('p', { class: 'error-title' }, errorTitle(lang, err), inWhat ? ` ${inWhat}` : ''),
    h('p', { class: 'error-message' }, errorText(lang, err)),
    span ? errorSnippet(lang, err, span) : null,
    err.code === 'several-queries' ? queryPicker(lang, err.args) : null,
  ].filter(Boolean);
}

// ---- sizes -----------------------------------------------------------------------

/** Text of several queries: one button per query it names, to explain that one, and one for TREC mode. */
function queryPicker(lang, args) {
  const names = String(args.queries || '').split(', ').filter((q) => q && q !== '...');
  return h('p', { class: 'query-picker' }, t(lang, 'pickQuery'), ' ',
    ...names.flatMap((q) => [button({ class: 'small', 'data-action': 'pick-query', 'data-query': q }, q), ' ']),
    button({ 'data-action': 'switch-trec' }, t(lang, 'switchToTrec')));
}

/** 36700160 → "35.0 MB"; sizes below 1 KB in bytes. */
export function bytesText(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 2 ** 20).toFixed(1)} MB`;
}
