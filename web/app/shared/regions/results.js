// The results region: the headline, the step tables in the document's
// shape, and on the full page the formulas, the judged pool, the loss, the
// NDCG@k curve, the other metrics and the preset comparison; or the batch
// table. It draws model.analysis (see compute.js) and never calls the module.
import { errorText, t } from '../i18n.js';
import { isChoice } from '../templates/errors.js';
import { cutLabel } from '../state.js';
import { ALL_PARTS, DEFAULT_PARTS } from '../parts.js';
import { h, section } from '../templates.js';
import { curve } from '../templates/curve.js';
import { idealSource } from '../templates/formulas.js';
import { headline } from '../templates/headline.js';
import { biggestLosses, lossPanel } from '../templates/loss.js';
import { metricsPanel } from '../templates/metrics.js';
import { count, fixed } from '../templates/numbers.js';
import { presetTable } from '../templates/presets.js';
import { roundingNotes, stepTable, sumLine, tableColumns } from '../templates/steps.js';
import { byId, setText, show } from './dom.js';
import { bindMarks } from './marks.js';
import { watchScrolling } from './scroll-hints.js';
import { cumulativeChart, flowDiagram, termBars, tieRangeText } from '../charts.js';

/**
 * Builds the region. `full` is the whole page: every part; otherwise
 * `parts` (see parts.js) says what to draw.
 * `heading` (default true) adds the panel heading and the stale note.
 * `compare` ({sections, live}, from compare-results.js) draws compare mode,
 * `batch` (batchSections of batch-results.js) batch mode and `ab` (abPanel
 * of ab.js) ranking B, `formulas` and `pool` (of full-templates.js) the
 * formulas and the judged pool, `rearrange` (rearrangeBar of
 * rearrange.js) the bar that makes the first table movable, `teach` (of
 * full/teach/teach.js) the guided walk and each step's why; only the full page passes them, so the
 * embed page and the component carry none of their code or texts.
 */
export function mountResults(root, { full, heading = true, parts = DEFAULT_PARTS, compare = null, batch = null, ab = null, formulas = null, pool = null, rearrange = null, back = null, teach = null }) {
  const body = h('div', { id: 'results-body' });
  const live = h('p', { id: 'result-live', class: 'visually-hidden', 'aria-live': 'polite' });
  const content = heading
    ? h('section', { id: 'results', class: 'panel results', 'aria-labelledby': 'results-heading', tabindex: '-1' },
      h('h2', { id: 'results-heading', 'data-i18n': 'resultsHeading' }),
      h('div', { id: 'stale-note', class: 'stale-note', hidden: true },
        h('p', null, h('strong', { 'data-i18n': 'staleTitle' })), h('p', { 'data-i18n': 'staleNote' })), progressBar(), live, body)
    : h('div', { class: 'results' }, live, body);
  root.replaceChildren(content);
  bindMarks(root);
  const region = { root, full, watch: watchScrolling(body), parts: full ? ALL_PARTS : new Set(parts), body, shownKey: null, table: { sort: { name: '', desc: false }, filter: '' },
    cmpTable: { sort: { name: 'diff', desc: true }, filter: '' }, compare, batch, ab, formulas, pool, rearrange, back, teach, allColumns: false };
  root.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('.columns-toggle')) showAllColumns(region, !region.allColumns);
  });
  return region;
}

// A compact step table's gain, discount and weight columns, shown or left out again (every table of the
// region at once). The tables drawn next say the same (stepTable's `all`); the scroll hints follow by themselves.
function showAllColumns(region, all) {
  region.allColumns = all;
  region.root.classList.toggle('all-columns', all);
  for (const b of region.root.querySelectorAll('.columns-toggle')) b.setAttribute('aria-pressed', String(all));
}

/** Changes the parts a compact region draws (drawn at the next render). */
export function setParts(region, parts) {
  region.parts = new Set(parts);
  region.shownKey = null;
}

function progressBar() {
  return h('div', { id: 'batch-progress', class: 'batch-progress', hidden: true },
    h('p', { id: 'progress-label', class: 'progress-label' }),
    h('progress', { id: 'progress-bar', max: '1', 'aria-labelledby': 'progress-label' }));
}

/** Shows how far reading or evaluating has come; hides the bar when `job` is null. */
export function renderProgress(region, lang, job) {
  const box = byId(region.root, 'batch-progress');
  if (!box) return;
  show(box, Boolean(job));
  if (!job) return;
  const bar = byId(region.root, 'progress-bar');
  if (job.fraction === null || job.fraction === undefined) bar.removeAttribute('value');
  else bar.value = Math.min(1, job.fraction);
  const percent = job.fraction === null || job.fraction === undefined ? '' : `${Math.floor(job.fraction * 100)}%`;
  const what = job.name || t(lang, job.slot === 'qrels' ? 'qrelsLabelTrec' : 'runLabel');
  setText(byId(region.root, 'progress-label'), job.phase === 'reading'
    ? t(lang, 'progressReading', { name: what, percent }) : t(lang, 'progressEvaluating'));
}

const isWeighted = (r) => tableColumns(r).weights;

function stepSections(region, lang, model, r, d) {
  const { rowLimit } = model;
  const kl = cutLabel(r.k);
  const opts = { gain: r.options.gain, logBase: r.options.logBase };
  const marked = new Set(biggestLosses(r.loss));
  const ndcgText = r.ndcg === null ? t(lang, 'undefinedValue') : fixed(r.ndcg, d);
  const table = stepTable(lang, 'dcg', r, opts, d, rowLimit.dcg, marked, region.allColumns);
  const why = (which) => (region.teach ? region.teach.why(lang, which, r) : null);
  return [
    section('dcg', t(lang, 'step1', { k: kl }), [
      why('dcg'), region.rearrange && region.rearrange(lang, model, table), table,
      h('p', { class: 'sum-line', id: 'sum-dcg' }, sumLine(`DCG${kl}`, r.steps, r.dcg, d)),
    ]),
    section('idcg', t(lang, 'step2', { k: kl }), [
      why('idcg'), h('p', { class: 'help', id: 'ideal-from' }, t(lang, `step2From_${idealSource(r)}`)),
      zerosNote(lang, r),
      stepTable(lang, 'idcg', r, opts, d, rowLimit.idcg, null, region.allColumns),
      h('p', { class: 'sum-line', id: 'sum-idcg' }, sumLine(`IDCG${kl}`, r.idealSteps, r.idcg, d)),
    ]),
    section('ndcg', t(lang, 'step3', { k: kl }), [
      why('ndcg'), h('p', { class: 'sum-line', id: 'ndcg-line' },
        `NDCG${kl} = DCG${kl} / IDCG${kl} = ${fixed(r.dcg, d)} / ${fixed(r.idcg, d)} = ${ndcgText}`),
      region.parts.has('headline') ? null : tieNote(lang, r, d),
      roundingNotes(lang, r, d),
    ]),
  ];
}

// Step 2 lists only the ideal items with a gain: say how many were left out, so
// a table shorter than K does not look like a mistake.
function zerosNote(lang, r) {
  const m = r.idealSteps.length;
  const kl = cutLabel(r.k);
  if (idealSource(r).startsWith('judgments')) return h('p', { class: 'help', id: 'ideal-zeros' }, t(lang, 'step2ZerosJudged', { m: count(m), k: kl }));
  const zeros = Math.min(r.k || r.n, r.n) - m;
  if (zeros <= 0) return null;
  return h('p', { class: 'help', id: 'ideal-zeros' }, t(lang, 'step2Zeros', { z: count(zeros), m: count(m), k: kl }));
}

// Ranking B beside A, or B's error, when the A/B box has text.
function abSection(region, lang, model, r, d) {
  if (!region.ab || model.state.mode !== 'explain' || !(model.state.textB || '').trim()) return null;
  const b = model.analysisB;
  const e = model.errorB;
  const body = e ? h('div', { class: 'error-box', id: 'ab-error' }, h('p', null, h('strong', null, t(lang, 'abErrorIn')),
    e.line ? ` ${t(lang, 'errorWhere', { line: e.line, column: e.column })}` : '', ` ${errorText(lang, e)}`))
    : b ? region.ab(lang, r, b.explanation, d) : null;
  return body ? section('ab', t(lang, 'abHeading', { k: cutLabel(r.k) }), body) : null;
}

function formulaSection(region, lang, r) {
  if (!region.formulas) return null;
  return section('formulas', t(lang, 'formulaHeading'), region.formulas(lang, {
    gain: r.options.gain, logBase: r.options.logBase, weighted: isWeighted(r), k: r.k, ideal: idealSource(r),
    zeroIdcg: r.options.zeroIdcg, gainTable: r.options.gainTable,
  }));
}

function chartSections(lang, r, d) {
  const kl = cutLabel(r.k);
  return [
    section('flow', t(lang, 'flowHeading'), flowDiagram(lang, r, d)),
    h('div', { class: 'result-pair charts' },
      section('bars', t(lang, 'barsHeading', { k: kl }), termBars(lang, r, d)),
      section('cumulative', t(lang, 'cumulativeHeading', { k: kl }), cumulativeChart(lang, r, d)),
      section('curve', t(lang, 'curveHeading'), curve(lang, r, d))),
    section('loss', t(lang, 'lossHeading'), lossPanel(lang, r, d)),
  ];
}

function extraSections(lang, model, r, d, parts) {
  const { analysis, state } = model;
  return [
    parts.has('charts') ? chartSections(lang, r, d) : null,
    parts.has('metrics') ? section('metrics', t(lang, 'metricsHeading'), metricsPanel(lang, r, d, {
      weighted: isWeighted(r), unweightedNdcg: analysis.unweightedNdcg, relevanceLevel: state.relevanceLevel,
    })) : null,
    parts.has('presets') ? section('presets', t(lang, 'presetsHeading'),
      presetTable(lang, analysis.presets, model.presetOptions, state.preset, r.k, d)) : null,
  ];
}

// How far the order of tied items moves NDCG, said next to the result when it does.
function tieNote(lang, r, d) {
  const text = tieRangeText(lang, r, d);
  return text ? h('p', { class: 'note tie-range', id: 'tie-range' }, text) : null;
}

function explainBody(region, lang, model) {
  const r = model.analysis.explanation;
  const d = model.state.decimals;
  const { parts, full } = region;
  return [
    parts.has('headline') ? [headline(lang, r, d), tieNote(lang, r, d)] : null,
    region.teach ? region.teach.panel(lang, model) : null,
    region.pool && r.hasJudgments ? section('pool', t(lang, 'poolHeading'), region.pool(lang, r, d)) : null,
    formulaSection(region, lang, r),
    parts.has('tables') ? stepSections(region, lang, model, r, d) : null,
    full ? abSection(region, lang, model, r, d) : null,
    extraSections(lang, model, r, d, parts),
  ];
}

function bodyParts(region, lang, model) {
  const notice = (key) => h('p', { class: 'notice' }, t(lang, key));
  if (model.state.mode === 'trec' && region.batch) {
    // An input that cannot be read is named at its box: never "paste a run" beside a run.
    if (!model.trec || model.notice) return [notice(model.pending ? 'trecWorking' : model.notice || (model.error ? 'resultsAfterError' : 'trecNeedRun'))];
    return region.batch(lang, model.trec, model.state.decimals, model.state.k, region.table);
  }
  if (model.state.mode === 'compare' && region.compare) {
    if (model.notice || !model.compare) return [notice(model.pending ? 'compareWorking' : model.notice || (model.error ? 'resultsAfterError' : 'compareNeedRuns'))];
    return region.compare.sections(lang, model, region.cmpTable);
  }
  // A text of several queries waits for the choice beside its box; the last result would answer another question.
  if (isChoice(model.error)) return [h('p', { class: 'notice' }, t(lang, 'choiceTitle', model.error.args))];
  if (!model.analysis) return [notice(model.notice || (model.error ? 'resultsAfterError' : 'emptyInput'))];
  return [region.back && model.back ? region.back(lang, model.back.n) : null, model.notice ? notice(model.notice) : null, explainBody(region, lang, model)];
}

// What a screen reader hears after each result: the NDCG, or a batch's mean NDCG.
/**
 * The result in a few words (NDCG, batch mode's mean, compare's difference;
 * '' while there is none): read out after each change, and the full page's
 * line at the top of a narrow screen. `compareLive` says compare mode's.
 */
export function liveText(lang, model, compareLive = null) {
  if (model.error || model.pending) return '';
  if (model.state.mode === 'compare') return compareLive ? compareLive(lang, model) : '';
  const d = model.state.decimals;
  if (model.state.mode === 'trec') {
    const trec = model.trec;
    const name = trec && [`ndcg_cut_${model.state.k}`, 'ndcg'].find((m) => m in trec.mean);
    return name ? t(lang, 'trecLive', { name, value: fixed(trec.mean[name], d), n: count(trec.numQ) }) : '';
  }
  const r = model.analysis ? model.analysis.explanation : null;
  return r ? `NDCG${cutLabel(r.k)} = ${r.ndcg === null ? t(lang, 'undefinedValue') : fixed(r.ndcg, d)}` : '';
}

// Only the parts that differ are put in: the others keep their layout, style and scroll.
function patch(body, next) {
  const old = body.childNodes;
  if (old.length !== next.length) body.replaceChildren(...next);
  else next.forEach((node, i) => { if (!old[i].isEqualNode(node)) old[i].replaceWith(node); });
}

/** Draws the results of a model: rebuilt only when the result, language, rows shown or mode change. */
export function renderResults(region, lang, model) {
  const key = `${model.version}|${lang}|${[...region.parts].join()}|${model.rowLimit.dcg}|${model.rowLimit.idcg}|${model.state.mode}|${model.notice}|${Boolean(model.error)}|${isChoice(model.error)}`;
  if (key !== region.shownKey) {
    region.shownKey = key;
    patch(region.body, bodyParts(region, lang, model).flat(3).filter(Boolean));
    region.watch();
  }
  // Screen readers hear the new value after each recomputation (the table is not read out).
  setText(byId(region.root, 'result-live'), liveText(lang, model, region.compare && region.compare.live));
  renderProgress(region, lang, model.job);
  const stale = Boolean(model.error && model.stale && !isChoice(model.error));
  show(byId(region.root, 'stale-note'), stale);
  // While a batch is evaluated, the last result stays on show, dimmed.
  region.body.classList.toggle('stale', stale || Boolean(model.pending && (model.trec || model.compare)));
}

/** Replaces the results with one message (loading, or a module that failed to load). */
export function showMessage(region, text, cls = 'notice') {
  region.shownKey = null;
  region.body.replaceChildren(h('p', { class: cls }, text));
}
