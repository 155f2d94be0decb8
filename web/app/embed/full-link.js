// The embed page's link to the full calculator: to the address that full=
// in the hash it was opened with, or else the link's data-full, names, with
// the view's state; hidden when neither names one, so an embed.html copied
// alone never links to an index.html that is not beside it. Read here, not
// in the page state: the full calculator has no use for it.
import { byId } from '../shared/regions/dom.js';
import { parseHashPairs } from '../shared/state.js';

/** An address the link may take: http(s), or a path relative to the embed; '' for anything else. */
export function fullCalculator(value) {
  if (!value) return '';
  try {
    return /^https?:$/.test(new URL(value, 'https://relative.invalid/').protocol) ? value : '';
  } catch {
    return '';
  }
}

// Read as the page loads: the page writes its own hash, without full=, once it has computed.
const opened = fullCalculator(parseHashPairs(location.hash).get('full'));

export function renderFullLink(doc, model) {
  const link = byId(doc, 'open-full');
  if (!link || model.hash === undefined) return;
  const base = opened || fullCalculator(link.dataset.full);
  link.hidden = !base;
  if (base) link.href = `${base}#${model.hash}`;
}
