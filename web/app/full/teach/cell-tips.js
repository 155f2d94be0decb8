// Each step-table cell's formula with its numbers ("term₂ = 3 / log₂(3) =
// 1.893", from the core's fields of that row), and the tip that shows it or
// a header's help on hover or tap (pointerover) or a row's focus (Escape hides it).
import { has, optionText, STRINGS, t } from '../../shared/i18n.js';
import { measureHelp } from '../../shared/option-rows.js';
import { h } from '../../shared/templates.js';
import { fixed, plain } from '../../shared/templates/numbers.js';

const sub = (n) => String(n).replace(/\d/g, (c) => '₀₁₂₃₄₅₆₇₈₉'[c]);
/** A value as the tables show it: whole numbers as they are, others with `d` decimals. */
export const num = (v, d) => (Number.isInteger(v) ? plain(v) : fixed(v, d));
const same = (a, b) => Math.abs(a - b) <= 1e-9 * Math.abs(b) + 1e-12;
const logOf = (base) => (Math.abs(base - Math.E) < 1e-12 ? 'ln' : `log${sub(plain(base))}`);

// How each column's value is made, where the core's fields show it (tie averaging adds something else).
const MADE = {
  col_gain: (r, x) => (r.options.gain === 'exp' ? `2^${plain(x.rel)} − 1 = ` : ''),
  col_discount: (r, x) => `${logOf(r.options.logBase)}(${x.position} + 1) = `,
  col_term: (r, x, d) => (x.weight === 1 && same(x.gain / x.discount, x.contribution) ? `${num(x.gain, d)} / ${logOf(r.options.logBase)}(${x.position + 1}) = ` : ''),
};
const VALUE = { col_grade: 'rel', col_gain: 'gain', col_discount: 'discount', col_weight: 'weight', col_term: 'contribution', col_running: 'cumulative' };

/** "gain₁ = 2^3 − 1 = 7": column `key` of step `x`, or ''. */
export function formula(lang, r, key, x, d) {
  const v = x[VALUE[key]];
  return v === undefined ? '' : `${t(lang, key)}${sub(x.position)} = ${MADE[key] ? MADE[key](r, x, d) : ''}${key === 'col_gain' || key === 'col_grade' ? num(v, d) : fixed(v, d)}`;
}

/**
 * A header's one line: its own, else the option's help or its choices (the
 * presets' columns); a measure's ("m:NAME", batch and compare tables) is the core's.
 */
export function helpOf(lang, key) {
  if (key.startsWith('m:')) return measureHelp(key.slice(2)) || t(lang, 'help_measure');
  if (has(`help_${key}`)) return t(lang, `help_${key}`);
  if (key === 'presetNdcg') return t(lang, 'presetsIntro');
  const o = STRINGS[lang].option[key = key === 'col_weight' ? 'weights' : key];
  return optionText(lang, key, 'help') || (o ? Object.values(o.choices).join(' · ') : '');
}

const headerOf = (cell) => {
  const table = cell.closest('table');
  return table.tHead ? table.tHead.rows[0].cells[cell.cellIndex] : null;
};

/** The tip over `cell`: its header's help, or its formula ({lang, r, d}: the page's last drawing). */
export function tipText({ lang, r, d }, cell) {
  if (cell.dataset.help) return helpOf(lang, cell.dataset.help);  // a header, of a column or of a row
  const head = headerOf(cell);
  const key = head && head.dataset.help;
  if (!key) return '';
  const which = { 'table-dcg': 'steps', 'table-idcg': 'idealSteps' }[cell.closest('table').id];
  const steps = r && which && r[which];
  const x = steps && steps[cell.parentElement.dataset.position - 1];
  return x ? formula(lang, r, key, x, d) : '';
}

const STEPS = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
const headsOf = (table) => Array.from(table.querySelectorAll('th[data-help][tabindex]'));

/** A table's focusable headers (batch-results.js, helpHead) are one tab stop: its first, or the one last moved to. */
export function headStops(doc) {
  for (const table of doc.querySelectorAll('#results table')) {
    const heads = headsOf(table);
    if (heads.length && !heads.some((th) => th.tabIndex === 0)) heads[0].tabIndex = 0;
  }
}

// The arrow keys on such a header move the focus (and the tab stop) to the next or the previous one.
function moveHead(e) {
  const head = e.target instanceof Element && e.target.matches('th[data-help][tabindex]') ? e.target : null;
  if (!head || !(e.key in STEPS)) return;
  const heads = headsOf(head.closest('table'));
  const next = heads[heads.indexOf(head) + STEPS[e.key]];
  if (!next) return;
  e.preventDefault();
  head.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

/** Shows the tips over the result tables of `doc`; `context()` gives {lang, r, d}. */
export function bindTips(doc, context) {
  const tip = doc.body.appendChild(h('div', { id: 'cell-tip', class: 'cell-tip', role: 'tooltip', hidden: true }));
  const showFor = (cell) => {
    const text = cell ? tipText(context(), cell) : '';
    tip.hidden = !text;
    if (!text) return;
    tip.textContent = text;
    const box = cell.getBoundingClientRect();
    tip.style.left = `${Math.max(4, Math.min(box.left, innerWidth - tip.offsetWidth - 8))}px`;
    tip.style.top = `${box.bottom + 4}px`;
  };
  const cellOf = (e) => (e.target instanceof Element ? e.target.closest('#results table.steps :is(th, td)') : null);
  doc.addEventListener('pointerover', (e) => showFor(cellOf(e)));
  // A focused row (the movable table's) shows its term's formula.
  // A focused header (or its sort button) shows its help; a focused row (the movable table's) its term's formula.
  doc.addEventListener('focusin', (e) => {
    const head = e.target instanceof Element && e.target.closest('#results table.steps th[data-help]');
    if (head) return showFor(head);
    const row = e.target instanceof Element && e.target.closest('#results table.steps tbody tr');
    showFor(row && Array.from(row.cells).find((c) => headerOf(c)?.dataset.help === 'col_term'));
  });
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') tip.hidden = true;
    else moveHead(e);
  });
  addEventListener('scroll', () => { tip.hidden = true; }, { passive: true });
}
