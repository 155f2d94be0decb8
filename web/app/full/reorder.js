// Rearranging the ranking by hand: the order the user makes becomes the
// ranking's text, written in the plainest form that holds it (grades, or ids
// with their grades, or ids alone beside judgments) and read back by the
// core before it is used, so the text and the numbers never disagree.
// No DOM here: it runs in Node against dist/ndcg.js as well.
import { toApiOptions } from '../shared/state.js';

// The order the core reads a text in, every item (K = 0), as {id, rel}.
function readOrder(api, text, options) {
  try {
    return api.explain(text, { ...options, k: 0 }).steps.map((x) => ({ id: x.id, rel: x.rel }));
  } catch {
    return null;
  }
}

/** The state's options for reading its ranking again (columns picked apply to the old text only). */
export function orderOptions(spec, state) {
  const { columns, ...options } = toApiOptions(spec, state);
  return options;
}

/** Every item of the state's ranking in order, as {id, rel}, or null when it cannot be read. */
export function itemsOf(api, spec, state) {
  return readOrder(api, state.text, toApiOptions(spec, state));
}

/** `list` with the item at `from` moved to `to` (0-based). */
export function moved(list, from, to) {
  const out = list.slice();
  out.splice(to, 0, ...out.splice(from, 1));
  return out;
}

/** `list` in the ideal order: larger grades first, equal grades as they were. */
export const idealOrder = (list) => list.map((x, i) => [x, i]).sort((a, b) => b[0].rel - a[0].rel || a[1] - b[1]).map(([x]) => x);

const quoted = (s) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const grade = (v) => String(Number(v.toPrecision(15)));

// The forms to try, plainest first: beside judgments the ids say it all.
function forms(list, judged) {
  if (list.every((x) => x.id === null)) return [list.map((x) => grade(x.rel)).join(' ')];
  const line = judged ? (x) => x.id : (x) => `${x.id} ${grade(x.rel)}`;
  // A table when an id holds a separator: its header names the columns.
  const csv = judged ? (x, i) => `${quoted(x.id)},${i + 1}` : (x) => `${quoted(x.id)},${grade(x.rel)}`;
  return [list.map(line).join('\n'), [judged ? 'id,rank' : 'id,grade', ...list.map(csv)].join('\n')];
}

const same = (a, b) => a && a.length === b.length && a.every((x, i) => x.id === b[i].id && x.rel === b[i].rel);

/**
 * The state's fields that hold `list` in its order (`text`, and `query`:
 * kept where it picks the judgments, dropped where the new text has no
 * queries), or null when no text reads back the same.
 */
export function textFor(api, spec, state, list) {
  for (const query of [...new Set([state.query, ''])]) {
    const options = orderOptions(spec, { ...state, query });
    const judged = Boolean(options.qrels && options.qrels.trim());
    const text = forms(list, judged).find((t) => same(readOrder(api, t, options), list));
    if (text !== undefined) return { text, query };
  }
  return null;
}
