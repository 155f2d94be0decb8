// The headline: NDCG@K as DCG / IDCG, its bar, and a verdict in words.
import { choiceText, optionText, t } from '../i18n.js';
import { cutLabel } from '../state.js';
import { h } from '../templates.js';
import { fixed } from './numbers.js';

// "Already in the ideal order" comes from the order itself (the core's
// inIdealOrder): 1000 0 1 has DCG = IDCG in doubles, yet is not ideal.
function verdictKey({ ndcg, inIdealOrder }) {
  if (ndcg === null) return null;
  if (inIdealOrder) return 'verdict_perfect';
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
  const key = verdictKey(r);
  const fill = h('div', { class: 'meter-fill' });
  // The width is data, set through the CSSOM (the CSP forbids style attributes).
  fill.style.width = `${(Math.max(0, Math.min(1, r.ndcg)) * 100).toFixed(2)}%`;
  const meter = r.ndcg === null ? null : h('div', { class: 'meter', 'aria-hidden': 'true' }, fill);
  // IDCG = 0: what it means, and that the value is the named convention's, not a score.
  const rule = { v: value, option: optionText(lang, 'zeroIdcg'), rule: choiceText(lang, 'zeroIdcg', r.options.zeroIdcg) };
  const verdict = r.idcg === 0 ? t(lang, r.ndcg === null ? 'undefinedNote' : 'idcgZero', rule) : t(lang, key);
  return h('div', { class: 'headline-box' }, line, meter, h('p', { class: 'verdict' }, verdict));
}
