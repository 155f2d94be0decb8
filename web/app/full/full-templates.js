// The parts of the results only the full page draws: the formulas for the
// current options, the judged pool's two NDCGs and the "how it works"
// section. Reached through FULL_REGIONS (full-regions.js), so the embed
// page and the element carry none of them.
import { t } from '../shared/i18n.js';
import { cutLabel } from '../shared/state.js';
import { h } from '../shared/templates.js';
import { discountExpr, discountText, gainExpr, gainText, sub, v } from '../shared/templates/formulas.js';
import { fixed, plain } from '../shared/templates/numbers.js';
import './texts/pool-texts.js';

function sigma(upper) {
  return h('span', { class: 'bigop' }, h('span', { class: 'bigop-up' }, upper), h('span', { class: 'bigop-sym' }, 'Σ'),
    h('span', { class: 'bigop-low' }, 'i = 1'));
}

function frac(num, den) {
  return h('span', { class: 'frac' }, h('span', { class: 'frac-num' }, num), h('span', { class: 'frac-den' }, den));
}

/** The formula block for the current options. */
export function formulas(lang, { gain, logBase, weighted, k, ideal, zeroIdcg, gainTable }) {
  const kl = cutLabel(k);
  const upper = k ? 'K' : 'n';
  const term = weighted ? [v('w'), sub(v('i')), ' · '] : [];
  const dcgLabel = t(lang, 'formulaDcgLabel', { gain: gainText(gain), discount: discountText(logBase) });
  const out = h('div', { class: 'formulas' },
    h('p', { class: 'formula', role: 'math', 'aria-label': dcgLabel },
      h('span', { 'aria-hidden': 'true' }, `DCG${kl} = `, sigma(upper), ' ', term, frac(gainExpr(gain), discountExpr(logBase)))),
    // The ideal order in step 2's own words (idealSource in templates.js), so the two never disagree.
    h('p', { class: 'formula-note', id: 'formula-ideal' }, `${t(lang, 'formulaIdcgNote', { k: kl })} ${t(lang, `step2From_${ideal}`)}`),
    h('p', { class: 'formula', role: 'math', 'aria-label': `NDCG${kl} = DCG${kl} / IDCG${kl}` },
      h('span', { 'aria-hidden': 'true' }, `NDCG${kl} = `, frac(`DCG${kl}`, `IDCG${kl}`))),
    h('p', { class: 'formula-note' }, t(lang, `formulaZero_${zeroIdcg}`, { k: kl })));
  if (gain === 'table' && gainTable && gainTable.length) {
    out.appendChild(h('p', { class: 'formula-note' }, `g = [${gainTable.map(plain).join(', ')}]`));
  }
  if (k) out.appendChild(h('p', { class: 'formula-note' }, `K = ${k}`));
  return out;
}

/** The ranking's NDCG against its own ideal and against the judged pool's. */
export function poolPanel(lang, r, d) {
  const kl = cutLabel(r.k);
  const card = (label, idcg, ndcg, cls) => h('div', { class: `pool-card ${cls}` },
    h('p', { class: 'pool-label' }, label),
    h('p', { class: 'pool-value' }, `IDCG${kl} = ${fixed(idcg, d)}`),
    h('p', { class: 'pool-value' }, `NDCG${kl} = ${fixed(r.dcg, d)} / ${fixed(idcg, d)} = `, h('strong', null, fixed(ndcg, d))));
  const gap = r.ndcgList - r.ndcgJudged;
  return [
    h('div', { class: 'pool-cards' },
      card(t(lang, 'poolOwn'), r.idcgList, r.ndcgList, 'own'),
      card(t(lang, 'poolJudged'), r.idcgJudged, r.ndcgJudged, 'judged')),
    h('p', null, t(lang, 'poolExplain')),
    missedLines(lang, r),
    Math.abs(gap) > 1e-12 ? h('p', null, t(lang, 'poolGap', { gap: fixed(gap, d) })) : null,
    h('p', null, t(lang, 'poolAdvice')),
  ];
}

// What the judgments hold that the ranking never retrieved, by the core's
// count and ids; and, when the IDCGs still agree, that they do so at this K only.
function missedLines(lang, r) {
  if (!r.missed) return h('p', { id: 'pool-missed' }, t(lang, 'poolNoneMissed'));
  const ids = r.missedIds.slice(0, 20).join(', ') + (r.missed > 20 ? ', …' : '');
  const agree = r.idcgList === r.idcgJudged
    ? h('p', { id: 'pool-agree' }, t(lang, 'poolAgreeAtK', { k: cutLabel(r.k), kn: r.k })) : null;
  return [h('p', { id: 'pool-missed' }, t(lang, 'poolMissed', { n: r.missed, ids })), agree];
}

/** The "how it works" section: one disclosure per question. */
export function learnSection(lang) {
  return t(lang, 'learn').map(([title, paragraphs]) => h('details', { class: 'learn-item' },
    h('summary', null, title), paragraphs.map((p) => h('p', null, p))));
}
