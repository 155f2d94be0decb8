// The other metrics of the same ranking: precision, recall, AP, RR, ERR, alpha-nDCG.
import { t } from '../i18n.js';
import { cutLabel } from '../state.js';
import { h } from '../templates.js';
import { fixed, plain } from './numbers.js';

function metricRow(lang, key, kl, value, d) {
  return h('div', { class: 'metric', 'data-metric': key },
    h('dt', { title: t(lang, `m_${key}_tip`) }, t(lang, `m_${key}`, { k: kl })),
    h('dd', { class: 'metric-value' }, value === null ? '—' : fixed(value, d)),
    h('dd', { class: 'metric-tip' }, t(lang, `m_${key}_tip`)));
}

/** CG, P, R, AP, RR, ERR, α-nDCG (with subtopics), weighted NDCG (with weights). */
export function metricsPanel(lang, r, d, { weighted, unweightedNdcg, relevanceLevel }) {
  const kl = cutLabel(r.k);
  const m = r.metrics;
  const rows = [
    metricRow(lang, 'cg', kl, r.cg, d),
    metricRow(lang, 'precision', kl, m.precision, d),
    metricRow(lang, 'recall', kl, m.recall, d),
    metricRow(lang, 'ap', kl, m.averagePrecision, d),
    metricRow(lang, 'rr', kl, m.reciprocalRank, d),
    metricRow(lang, 'err', kl, m.err, d),
  ];
  if (m.alphaNdcg !== undefined) rows.push(metricRow(lang, 'alpha', kl, m.alphaNdcg, d));
  if (weighted) {
    rows.push(metricRow(lang, 'weighted', kl, r.ndcg, d));
    rows.push(metricRow(lang, 'unweighted', kl, unweightedNdcg, d));
  }
  return [
    h('p', { class: 'note' }, t(lang, r.k ? 'metricsCutoff' : 'metricsWhole', { k: r.k, level: plain(relevanceLevel) })),
    h('dl', { class: 'metrics' }, rows),
  ];
}
