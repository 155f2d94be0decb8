// A chart's marks and the table rows they stand for: focusing or hovering a
// bar or point highlights its row and reads out its value under the chart; Enter or a click takes the focus to the
// row; the arrow keys, Home and End move between the marks of one chart
// (only one mark per chart is in the tab order).
import { byId } from './dom.js';

const markOf = (e) => (e.target instanceof Element ? e.target.closest('[data-row]') : null);

// The mark's label (its position and value) read out in place of its chart's axis title.
function readout(root, mark) {
  for (const old of root.querySelectorAll('.mark-value')) old.remove();
  const title = mark && mark.ownerSVGElement.querySelector('.axis-title');
  if (!title) return;
  const text = title.cloneNode();
  text.setAttribute('class', 'axis mark-value');
  text.textContent = mark.getAttribute('aria-label');
  title.after(text);
}

function highlight(root, mark) {
  readout(root, mark);
  for (const old of root.querySelectorAll('tr.linked')) old.classList.remove('linked');
  const row = mark ? byId(root.getRootNode(), mark.dataset.row) : null;
  if (row) row.classList.add('linked');
  return row;
}

function goToRow(root, mark) {
  const row = highlight(root, mark);
  if (!row) return;
  row.tabIndex = -1;
  row.scrollIntoView({ block: 'nearest' });
  row.focus({ preventScroll: true });
}

// The mark `key` moves to among its chart's marks, or null.
function nextMark(mark, key) {
  const marks = [...mark.ownerSVGElement.querySelectorAll('[data-row]')];
  const i = marks.indexOf(mark);
  const to = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: marks.length - 1 }[key];
  return to === undefined ? null : marks[Math.max(0, Math.min(marks.length - 1, to))];
}

function moveFocus(mark, key) {
  const next = nextMark(mark, key);
  if (!next) return false;
  mark.setAttribute('tabindex', '-1');
  next.setAttribute('tabindex', '0');
  next.focus();
  return true;
}

/** Listens on `root` (the results region) for its charts' marks. */
export function bindMarks(root) {
  root.addEventListener('focusin', (e) => { const mark = markOf(e); if (mark) highlight(root, mark); });
  root.addEventListener('pointerover', (e) => { const mark = markOf(e); if (mark) highlight(root, mark); });
  root.addEventListener('click', (e) => { const mark = markOf(e); if (mark) goToRow(root, mark); });
  root.addEventListener('keydown', (e) => {
    const mark = markOf(e);
    if (!mark) return;
    if (e.key === 'Enter' || e.key === ' ') goToRow(root, mark);
    else if (!moveFocus(mark, e.key)) return;
    e.preventDefault();
  });
}
