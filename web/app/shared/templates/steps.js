// The step tables of DCG and IDCG, their sum lines and the notes on rounding.
import { has, t } from '../i18n.js';
import { cutLabel } from '../state.js';
import { button, h, scrollTable } from '../templates.js';
import { discountExpr, discountText, gainExpr, gainText, relI, sub, v } from './formulas.js';
import { count, fixed, plain, shown } from './numbers.js';

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

/** A header's help: its key, and its description where the page carries the help texts (the full page: teach/cell-tips.js). */
export const helpAttrs = (key) => ({ 'data-help': key, 'aria-describedby': has('help_col_term') ? `help-${key}` : null });

// A column heading: its name in words over its formula (the formula in force,
// so the gain column says 2^rel − 1, rel or g(rel) as the options have it).
export function head(lang, key, formula, label, cls = 'num', nameClass = 'col-name') {
  return h('th', { scope: 'col', class: cls, 'aria-label': label, ...helpAttrs(key) },
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
