// Rearranging by hand in the explain mode's first table: a row dragged by
// its position cell (mouse, pen or touch, through pointer events) or moved
// with Alt+↑/↓ when focused (↑/↓ alone move the focus between rows), and
// the "Ideal order" and "Undo" buttons. Moves go to handlers.moveRow(from,
// to); the text they write is rearrange-handlers.js's. While a row is
// dragged, the NDCG it would give where it is is shown beside the pointer.
import '../texts/rearrange-texts.js';
import { t } from '../../shared/i18n.js';
import { button, h } from '../../shared/templates.js';

const ROWS = 'table.movable > tbody > tr';
const KEYS = { up: 'Alt+↑', down: 'Alt+↓' };

/** True when the model's ranking can be rearranged: the explain mode, its text in the box. */
export const movable = (model) => model.state.mode === 'explain' && !model.sources.ranking && Boolean(model.analysis);

/**
 * The bar above the first table, or null; marks the table in `block` movable,
 * its rows one tab stop (the first row; the arrows move between them).
 */
export function rearrangeBar(lang, model, block) {
  if (!movable(model)) return null;
  const table = block.querySelector('table');
  table.classList.add('movable');
  const rows = table.tBodies[0].rows;
  for (let i = 0; i < rows.length; i++) {
    rows[i].tabIndex = i ? -1 : 0;
    rows[i].setAttribute('aria-describedby', 'move-help');
    rows[i].setAttribute('aria-keyshortcuts', 'Alt+ArrowUp Alt+ArrowDown');
  }
  return h('div', { class: 'rearrange' },
    h('p', { class: 'help', id: 'move-help' }, t(lang, 'moveHelp').split(/\{(up|down)\}/).map((part, i) => (i % 2 ? h('kbd', null, KEYS[part]) : part))),
    button({ 'data-action': 'ideal-order', id: 'ideal-order' }, t(lang, 'idealOrder')), ' ',
    button({ 'data-action': 'undo-move', id: 'undo-move', disabled: !(model.undo && model.undo.after === model.state.text) }, t(lang, 'undoMove')));
}

/** Focuses the row at 0-based `index` of the movable table. */
export function focusRow(doc, index) {
  const rows = doc.querySelectorAll(ROWS);
  const row = rows[Math.min(index, rows.length - 1)];
  if (!row) return;
  for (const r of rows) r.tabIndex = r === row ? 0 : -1;
  row.focus();
}

// Where a row dropped at page height `y` lands: after every other row whose middle is above it.
const landing = (drag, y) => drag.mids.filter((mid, i) => i !== drag.from && mid < y).length;

function mark(drag, to) {
  for (const row of drag.rows) row.classList.remove('drop-above', 'drop-below');
  if (to !== drag.from) drag.rows[to].classList.add(to < drag.from ? 'drop-above' : 'drop-below');
  drag.to = to;
}

function end(drag) {
  drag.row.classList.remove('dragging');
  mark(drag, drag.from);
}

function startDrag(e) {
  const cell = e.target instanceof Element ? e.target.closest(`${ROWS} > th`) : null;
  if (!cell || e.button !== 0) return null;
  const row = cell.parentElement;
  const rows = [...row.parentElement.rows];
  // Every row's middle read once, in page coordinates: nothing is measured while moving.
  const mids = rows.map((r) => {
    const box = r.getBoundingClientRect();
    return box.top + box.height / 2 + scrollY;
  });
  cell.setPointerCapture(e.pointerId);
  row.classList.add('dragging');
  e.preventDefault();
  const from = rows.indexOf(row);
  return { id: e.pointerId, row, rows, mids, from, to: from };
}

function rowKeys(e, handlers) {
  const row = e.target instanceof Element ? e.target.closest(ROWS) : null;
  if (!row || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
  e.preventDefault();
  const rows = [...row.parentElement.rows];
  const from = rows.indexOf(row);
  const to = e.key === 'ArrowUp' ? from - 1 : from + 1;
  if (to < 0 || to >= rows.length) return;
  if (e.altKey) handlers.moveRow(from, to, true);
  else focusRow(row.ownerDocument, to);
}

// Beside the pointer while a row is dragged: the NDCG the order would have if the row were dropped here.
function ghost(doc, drag, e, handlers) {
  const box = doc.getElementById('drag-ghost') || doc.body.appendChild(h('div', { id: 'drag-ghost', class: 'drag-ghost', 'aria-hidden': 'true' }));
  let text = '';
  try {
    text = drag && drag.to !== drag.from ? handlers.previewMove(drag.from, drag.to) : '';
  } catch {
    // no ghost: the drop itself says what went wrong
  }
  box.hidden = !text;
  box.textContent = text;
  if (text) Object.assign(box.style, { left: `${e.clientX + 14}px`, top: `${e.clientY + 14}px` });
}

/** Listens for drags and keys on the movable table (drawn again after each move). */
export function bindRows(doc, handlers) {
  let drag = null;
  doc.addEventListener('pointerdown', (e) => { drag = startDrag(e) || drag; });
  doc.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    mark(drag, landing(drag, e.clientY + scrollY));
    ghost(doc, drag, e, handlers);
  });
  doc.addEventListener('pointerup', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const { from, to } = drag;
    end(drag);
    drag = null;
    ghost(doc, drag, e, handlers);
    if (from !== to) handlers.moveRow(from, to, false);
  });
  doc.addEventListener('pointercancel', (e) => {
    if (drag) end(drag);
    drag = null;
    ghost(doc, drag, e, handlers);
  });
  doc.addEventListener('keydown', (e) => rowKeys(e, handlers));
}
