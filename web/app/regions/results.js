// The results region: the headline, the step tables in the document's
// shape, and on the full page the formulas, the judged pool, the loss, the
// NDCG@k curve, the other metrics and the preset comparison; or the batch
// table. It draws model.analysis (see compute.js) and never calls the module.
import { t } from '../i18n.js';
import { cutLabel } from '../state.js';
import { ALL_PARTS, DEFAULT_PARTS } from '../parts.js';
import * as T from '../templates.js';
import { byId, setText, show } from './dom.js';

const { h } = T;

/**
 * Builds the region. `full` is the whole page: every part, the formulas and
 * the judged pool; otherwise `parts` (see parts.js) says what to draw.
 * `heading` (default true) adds the panel heading and the stale note.
 */
export function mountResults(root, { full, heading = true, parts = DEFAULT_PARTS }) {
  const body = h('div', { id: 'results-body' });
  const live = h('p', { id: 'result-live', class: 'visually-hidden', 'aria-live': 'polite' });
  const content = heading
    ? h('section', { id: 'results', class: 'panel results', 'aria-labelledby': 'results-heading', tabindex: '-1' },
      h('h2', { id: 'results-heading', 'data-i18n': 'resultsHeading' }),
      h('p', { id: 'stale-note', class: 'stale-note', 'data-i18n': 'staleNote', hidden: true }), live, body)
    : h('div', { class: 'results' }, live, body);
  root.replaceChildren(content);
  return { root, full, parts: full ? ALL_PARTS : new Set(parts), body, shownKey: null };
}

/** Changes the parts a compact region draws (drawn at the next render). */
export function setParts(region, parts) {
  region.parts = new Set(parts);
  region.shownKey = null;
}

function section(id, title, content) {
  return h('section', { class: `result-section result-${id}`, 'aria-labelledby': `h-${id}` },
    h('h3', { id: `h-${id}` }, title), content);
}

const isWeighted = (r) => r.steps.some((x) => x.weight !== 1) || r.idealSteps.some((x) => x.weight !== 1);

function stepSections(lang, r, d, rowLimit) {
  const kl = cutLabel(r.k);
  const opts = { gain: r.options.gain, logBase: r.options.logBase };
  const marked = new Set(T.biggestLosses(r.loss));
  const ndcgText = r.ndcg === null ? t(lang, 'undefinedValue') : T.fixed(r.ndcg, d);
  return [
    section('dcg', t(lang, 'step1', { k: kl }), [
      T.stepTable(lang, 'dcg', r, opts, d, rowLimit.dcg, marked),
      h('p', { class: 'sum-line', id: 'sum-dcg' }, T.sumLine(`DCG${kl}`, r.steps, r.dcg, d)),
    ]),
    section('idcg', t(lang, 'step2', { k: kl }), [
      h('p', { class: 'help' }, t(lang, `step2From_${r.options.ideal === 'judgments' && r.hasJudgments ? 'judgments' : 'list'}`)),
      T.stepTable(lang, 'idcg', r, opts, d, rowLimit.idcg, null),
      h('p', { class: 'sum-line', id: 'sum-idcg' }, T.sumLine(`IDCG${kl}`, r.idealSteps, r.idcg, d)),
    ]),
    section('ndcg', t(lang, 'step3', { k: kl }), [
      h('p', { class: 'sum-line', id: 'ndcg-line' },
        `NDCG${kl} = DCG${kl} / IDCG${kl} = ${T.fixed(r.dcg, d)} / ${T.fixed(r.idcg, d)} = ${ndcgText}`),
      T.roundingNotes(lang, r, d),
    ]),
  ];
}

function formulaSection(lang, r) {
  return section('formulas', t(lang, 'formulaHeading'), T.formulas(lang, {
    gain: r.options.gain, logBase: r.options.logBase, weighted: isWeighted(r), k: r.k, ideal: r.options.ideal,
    zeroIdcg: r.options.zeroIdcg, gainTable: r.options.gain === 'table' ? r.options.gainTable : null,
  }));
}

function extraSections(lang, model, r, d, parts) {
  const { analysis, state } = model;
  return [
    parts.has('charts') ? h('div', { class: 'result-pair' },
      section('loss', t(lang, 'lossHeading'), T.lossPanel(lang, r, d, T.biggestLosses(r.loss))),
      section('curve', t(lang, 'curveHeading'), T.curve(lang, r, d))) : null,
    parts.has('metrics') ? section('metrics', t(lang, 'metricsHeading'), T.metricsPanel(lang, r, d, {
      weighted: isWeighted(r), unweightedNdcg: analysis.unweightedNdcg, relevanceLevel: state.relevanceLevel,
    })) : null,
    parts.has('presets') ? section('presets', t(lang, 'presetsHeading'),
      T.presetTable(lang, analysis.presets, model.presetOptions, state.preset, r.k, d)) : null,
  ];
}

function explainBody(region, lang, model) {
  const r = model.analysis.explanation;
  const d = model.state.decimals;
  const { parts, full } = region;
  return [
    parts.has('headline') ? T.headline(lang, r, d) : null,
    full && r.hasJudgments ? section('pool', t(lang, 'poolHeading'), T.poolPanel(lang, r, d)) : null,
    full ? formulaSection(lang, r) : null,
    parts.has('tables') ? stepSections(lang, r, d, model.rowLimit) : null,
    extraSections(lang, model, r, d, parts),
  ];
}

function bodyParts(region, lang, model) {
  const notice = (key) => h('p', { class: 'notice' }, t(lang, key));
  if (model.state.mode === 'trec') {
    if (!model.trec) return [notice(model.notice || 'trecNeedRun')];
    return [section('trec', t(lang, 'trecHeading'), T.trecTable(lang, model.trec, model.state.decimals))];
  }
  if (!model.analysis) return [notice(model.notice || 'emptyInput')];
  return [model.notice ? notice(model.notice) : null, explainBody(region, lang, model)];
}

/** Draws the results of a model: rebuilt only when the result, language, rows shown or mode change. */
export function renderResults(region, lang, model) {
  const key = `${model.version}|${lang}|${[...region.parts].join()}|${model.rowLimit.dcg}|${model.rowLimit.idcg}|${model.state.mode}|${model.notice}`;
  if (key !== region.shownKey) {
    region.shownKey = key;
    region.body.replaceChildren(...bodyParts(region, lang, model).flat(3).filter(Boolean));
    // Bar widths are data, set through the CSSOM (the CSP forbids style attributes).
    for (const fill of region.body.querySelectorAll('.meter-fill')) {
      fill.style.width = `${(Number(fill.dataset.fraction) * 100).toFixed(2)}%`;
    }
  }
  // Screen readers hear the new value after each recomputation (the table is not read out).
  const r = model.analysis && model.state.mode === 'explain' ? model.analysis.explanation : null;
  setText(byId(region.root, 'result-live'), r && !model.error
    ? `NDCG${cutLabel(r.k)} = ${r.ndcg === null ? t(lang, 'undefinedValue') : T.fixed(r.ndcg, model.state.decimals)}` : '');
  const stale = Boolean(model.error && model.stale);
  show(byId(region.root, 'stale-note'), stale);
  region.body.classList.toggle('stale', stale);
}

/** Replaces the results with one message (loading, or a module that failed to load). */
export function showMessage(region, text, cls = 'notice') {
  region.shownKey = null;
  region.body.replaceChildren(h('p', { class: cls }, text));
}
