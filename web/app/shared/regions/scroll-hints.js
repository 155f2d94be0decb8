// A table wider than its box says so above it ("scroll sideways for more
// columns"): on a phone, or beside long ids. Checked after each drawing and
// whenever the region changes size; the text is the box's data-hint (set in
// the page's language by scrollTable in templates.js).
import { h } from '../templates.js';

/** Marks every table box under `root` that scrolls sideways (class "scrolls") and puts its hint before it. */
export function markScrolling(root) {
  for (const box of root.querySelectorAll('.table-scroll')) {
    const wide = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle('scrolls', wide);
    const before = box.previousElementSibling;
    const hint = before && before.classList.contains('scroll-hint') ? before : null;
    if (wide && !hint) box.before(h('p', { class: 'scroll-hint', 'aria-hidden': 'true' }, box.dataset.hint || ''));
    else if (!wide && hint) hint.remove();
    else if (hint && hint.textContent !== box.dataset.hint) hint.textContent = box.dataset.hint || '';
  }
}

/** Marks `root` again whenever it changes size (a rotated phone, rows filled in later). */
export function watchScrolling(root) {
  if (typeof ResizeObserver !== 'function') return null;
  let frame = 0;
  const observer = new ResizeObserver(() => {
    if (!frame) frame = requestAnimationFrame(() => { frame = 0; markScrolling(root); });
  });
  observer.observe(root);
  return observer;
}
