// A table wider than its box says so above it ("scroll sideways for more
// columns"): on a phone, or beside long ids. Checked when a table box is
// laid out or changes size, by a ResizeObserver: its callback runs after
// layout, so the widths are read without forcing one, all before any hint
// is written. The text is the box's data-hint (set in the page's language
// by scrollTable in templates.js).
import { h } from '../templates.js';

function mark(box, wide) {
  box.classList.toggle('scrolls', wide);
  const before = box.previousElementSibling;
  const hint = before && before.classList.contains('scroll-hint') ? before : null;
  if (wide && !hint) box.before(h('p', { class: 'scroll-hint', 'aria-hidden': 'true' }, box.dataset.hint || ''));
  else if (!wide && hint) hint.remove();
  else if (hint && hint.textContent !== box.dataset.hint) hint.textContent = box.dataset.hint || '';
}

/** Marks each table box of `boxes` that scrolls sideways (class "scrolls") and puts its hint before it. */
function markBoxes(boxes) {
  const wide = boxes.map((box) => box.scrollWidth > box.clientWidth + 1);
  boxes.forEach((box, i) => mark(box, wide[i]));
}

/**
 * Watches the table boxes under `root`: call the function it returns after
 * each drawing. A box and its table are observed; a box changes size with the
 * screen, its table with the rows.
 */
export function watchScrolling(root) {
  const observer = new ResizeObserver((entries) => {
    markBoxes([...new Set(entries.map((e) => e.target.closest('.table-scroll')))].filter(Boolean));
  });
  return () => {
    observer.disconnect();
    for (const box of root.querySelectorAll('.table-scroll')) {
      observer.observe(box);
      if (box.firstElementChild) observer.observe(box.firstElementChild);
    }
  };
}
