// A query opened from a per-query table (batch mode's Explain, compare
// mode's Side by side) is a history entry of its own, so Back returns to the
// table as it was: its sort is the results region's own, its scroll is kept
// here (app.left) when the query opens. "All queries" is that Back.
import { t } from '../shared/i18n.js';
import { button, h } from '../shared/templates.js';
import { count } from '../shared/templates/numbers.js';
import './texts/batch-texts.js';

const tableOf = (app) => app.view.doc.querySelector('.batch-scroll');

/** Before a query opens: the scroll kept, and a new entry for the query. */
export function pushQuery(app) {
  const table = tableOf(app);
  app.left = [scrollX, scrollY, table && table.scrollTop];
  history.pushState(null, '', location.href);
}

/** Once Back has drawn the table again: the scroll it had (the table fills itself in first). */
export function restoreScroll(app) {
  const left = app.left;
  app.left = null;
  if (left) requestAnimationFrame(() => { if (tableOf(app)) tableOf(app).scrollTop = left[2]; scrollTo(left[0], left[1]); });
}

/** The link back to the table of `n` queries, above a query opened from it: Back when the query was opened here. */
export function backBar(lang, n) {
  return h('p', { class: 'back-bar' }, button({ class: 'small', 'data-action': 'all-queries' }, t(lang, 'allQueries', { n: count(n) })));
}

// Compare mode's view keys: a change of these alone is drawn, not compared again.
const VIEW_KEYS = /(^|&)(query|measure|pair)=[^&]*/g;
const withoutView = (hash) => hash.replace(VIEW_KEYS, '').replace(/^&/, '');

/** True when Back or Forward went from `hash` to `next` changing only compare mode's view. */
export const viewOnly = (hash, next) => withoutView(hash) === withoutView(next);

/** True when `hash` is that of the batch result a query was explained from, its files still loaded. */
export function backHolds(app, hash) {
  const back = app.back;
  return Boolean(back) && hash === back.hash && Object.keys(back.sources).every((slot) => app.sources[slot] === back.sources[slot]);
}
