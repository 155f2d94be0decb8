// The only module that touches the page: render(model) draws it, bind()
// connects controls to handlers. Every string reaches the DOM through
// textContent, attribute values or the template builders, never innerHTML.
import { t } from './i18n.js';
import { cutLabel } from './state.js';
import * as T from './templates.js';

const { h } = T;

// [element id, state field, kind]
const OPTION_CONTROLS = [
  ['opt-k', 'k', 'int'], ['opt-decimals', 'decimals', 'decimals'], ['opt-gain', 'gain', 'enum'],
  ['opt-gain-table', 'gainTable', 'text'], ['opt-log-base', 'logBase', 'number'], ['opt-weights', 'weights', 'text'],
  ['opt-ideal', 'ideal', 'enum'], ['opt-ties', 'ties', 'enum'], ['opt-zero', 'zeroIdcg', 'enum'],
  ['opt-negatives', 'negatives', 'enum'], ['opt-relevance', 'relevanceLevel', 'number'], ['opt-alpha', 'alpha', 'number'],
  ['opt-errmax', 'errMaxGrade', 'number'], ['opt-complete', 'complete', 'bool'],
];

/** A control's value as a state value, or undefined while it is not valid. */
function readControl(el, kind) {
  if (kind === 'bool') return el.checked;
  if (kind === 'enum' || kind === 'text') return el.value;
  const text = el.value.trim();
  if (text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  if (kind === 'int') return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
  if (kind === 'decimals') return Number.isInteger(n) && n >= 0 && n <= 12 ? n : undefined;
  return n;
}

function writeControl(el, kind, value) {
  if (kind === 'bool') {
    if (el.checked !== value) el.checked = value;
    return;
  }
  const text = String(value);
  // Leave a number field alone while it holds another spelling of the same value ("2.0").
  if (kind !== 'enum' && kind !== 'text' && readControl(el, kind) === value) return;
  if (el.value !== text) el.value = text;
}

const OPTION_WORDS = /\b(log base|weight|gain|table|alpha|relevance|preset|option|decimals|cutoff)\b/i;

/** Which box an error belongs in: "ranking", "qrels" or "options". */
export function errorPlace(err, mode) {
  if (err.code === 'bad-option') return 'options';
  if (err.source === 'judgments' || err.source === 'qrels' || err.source === 'subtopics') return 'qrels';
  if (err.source === 'ranking' || err.source === 'run') return 'ranking';
  if (!err.line && OPTION_WORDS.test(err.message)) return 'options';
  return mode === 'trec' && /qrels|judg/i.test(err.message) ? 'qrels' : 'ranking';
}

export function createView(doc = document) {
  const $ = (id) => doc.getElementById(id);
  const html = doc.documentElement;
  let shownLang = null;
  let shownKey = null;
  let presetNames = null;
  let downloadName = null;
  let exportMode = null;
  let statusTimer = 0;

  function setText(id, text) {
    const el = $(id);
    if (el && el.textContent !== text) el.textContent = text;
  }

  function show(id, visible) {
    const el = $(id);
    if (el) el.hidden = !visible;
  }

  // ---- language --------------------------------------------------------------

  function applyLanguage(lang) {
    html.lang = lang === 'zh' ? 'zh-CN' : 'en';
    doc.title = `${t(lang, 'title')} · ${lang === 'zh' ? '逐步计算' : 'step by step'}`;
    for (const el of doc.querySelectorAll('[data-i18n]')) el.textContent = t(lang, el.dataset.i18n);
    for (const el of doc.querySelectorAll('[data-i18n-aria-label]')) el.setAttribute('aria-label', t(lang, el.dataset.i18nAriaLabel));
    for (const el of doc.querySelectorAll('[data-i18n-title]')) el.title = t(lang, el.dataset.i18nTitle);
    const toggle = $('lang-toggle');
    if (toggle) toggle.lang = lang === 'zh' ? 'en' : 'zh';
    for (const b of doc.querySelectorAll('[data-action="export"]')) {
      b.textContent = t(lang, 'exportCopy', { format: t(lang, `export_${b.dataset.format}`) });
    }
    const learn = $('learn-body');
    if (learn) learn.replaceChildren(...T.learnSection(lang));
    presetNames = null;
  }

  // ---- controls ----------------------------------------------------------------

  function syncControls(state, lang) {
    const ranking = $('ranking');
    if (ranking && ranking.value !== state.text) ranking.value = state.text;
    const qrels = $('qrels');
    if (qrels && qrels.value !== state.qrels) qrels.value = state.qrels;
    for (const radio of doc.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === state.mode;
    for (const [id, field, kind] of OPTION_CONTROLS) {
      const el = $(id);
      if (el) writeControl(el, kind, state[field]);
    }
    show('field-gain-table', state.gain === 'table' && state.mode === 'explain');
    show('opt-ideal-help', state.ideal === 'judgments' && !state.qrels.trim());
    for (const el of doc.querySelectorAll('[data-only]')) {
      if (el.id === 'field-gain-table') continue;
      el.hidden = el.dataset.only !== state.mode;
    }
    show('trec-note', state.mode === 'trec');
    const trec = state.mode === 'trec';
    setText('ranking-label', t(lang, trec ? 'runLabel' : 'rankingLabel'));
    setText('ranking-help', t(lang, trec ? 'runHelp' : 'rankingHelp'));
    setText('qrels-label', t(lang, trec ? 'qrelsLabelTrec' : 'qrelsLabel'));
    setText('qrels-help', t(lang, trec ? 'qrelsHelpTrec' : 'qrelsHelp'));
  }

  function syncPresets(lang, presets, state, matching) {
    const select = $('preset');
    if (!select) return;
    if (presetNames !== presets.map((p) => p.name).join()) {
      select.replaceChildren(...presets.map((p) => h('option', { value: p.name }, p.name === 'document' ? t(lang, 'presetDocumentName') : p.name)));
      presetNames = presets.map((p) => p.name).join();
    }
    if (select.value !== state.preset) select.value = state.preset;
    const name = (n) => (n === 'document' ? t(lang, 'presetDocumentName') : n);
    setText('preset-match', matching ? t(lang, 'presetMatches', { name: name(matching) }) : t(lang, 'presetMatchesNone'));
    const match = $('preset-match');
    if (match) match.classList.toggle('match-none', !matching);
    const summary = presets.find((p) => p.name === state.preset);
    const key = `preset_${state.preset}`;
    setText('preset-help', t(lang, key) !== key ? t(lang, key) : (summary ? summary.summary : ''));
  }

  // ---- errors --------------------------------------------------------------------

  function renderErrors(lang, model) {
    const boxes = { ranking: $('ranking-error'), qrels: $('qrels-error'), options: $('options-error') };
    const place = model.error ? errorPlace(model.error, model.state.mode) : null;
    for (const [where, box] of Object.entries(boxes)) {
      if (!box) continue;
      const mine = place === where;
      const key = mine ? `${lang}|${model.error.message}|${model.error.line}|${model.error.column}` : '';
      if (box.dataset.key === key) continue;
      box.dataset.key = key;
      box.hidden = !mine;
      const text = where === 'qrels' ? model.state.qrels : model.state.text;
      box.replaceChildren(...(mine ? T.errorPanel(lang, model.error, text).filter(Boolean) : []));
    }
    // When the error's box is absent (the embed page), fall back to the ranking's box.
    const fallback = $('ranking-error');
    if (place && !boxes[place] && fallback) {
      fallback.hidden = false;
      fallback.replaceChildren(...T.errorPanel(lang, model.error, model.state.text).filter(Boolean));
    }
    for (const id of ['ranking', 'qrels']) {
      const el = $(id);
      if (el) el.setAttribute('aria-invalid', String(place === id));
    }
  }

  // ---- results ------------------------------------------------------------------

  function section(id, title, content) {
    return h('section', { class: `result-section result-${id}`, 'aria-labelledby': `h-${id}` },
      h('h3', { id: `h-${id}` }, title), content);
  }

  function explainBody(lang, model) {
    const { result: r, weighted, unweightedNdcg } = model.explain;
    const d = model.state.decimals;
    const kl = cutLabel(r.k);
    const opts = { gain: r.options.gain, logBase: r.options.log_base };
    const worst = T.biggestLosses(r.loss);
    const marked = new Set(worst);
    const compact = model.compact;
    const ndcgText = r.ndcg === null ? t(lang, 'undefinedValue') : T.fixed(r.ndcg, d);
    const parts = [T.headline(lang, r, d)];
    if (r.has_judgments && !compact) parts.push(section('pool', t(lang, 'poolHeading'), T.poolPanel(lang, r, d)));
    if (!compact) {
      parts.push(section('formulas', t(lang, 'formulaHeading'), T.formulas(lang, {
        gain: r.options.gain, logBase: r.options.log_base, weighted, k: r.k, ideal: r.options.ideal,
        zeroIdcg: r.options.zero_idcg, gainTable: model.explain.gainTable,
      })));
    }
    parts.push(section('dcg', t(lang, 'step1', { k: kl }), [
      T.stepTable(lang, 'dcg', r, opts, d, model.rowLimit.dcg, marked),
      h('p', { class: 'sum-line', id: 'sum-dcg' }, T.sumLine(`DCG${kl}`, r.steps, r.dcg, d)),
    ]));
    parts.push(section('idcg', t(lang, 'step2', { k: kl }), [
      h('p', { class: 'help' }, t(lang, `step2From_${r.options.ideal === 'judgments' && r.has_judgments ? 'judgments' : 'list'}`)),
      T.stepTable(lang, 'idcg', r, opts, d, model.rowLimit.idcg, null),
      h('p', { class: 'sum-line', id: 'sum-idcg' }, T.sumLine(`IDCG${kl}`, r.ideal_steps, r.idcg, d)),
    ]));
    parts.push(section('ndcg', t(lang, 'step3', { k: kl }), [
      h('p', { class: 'sum-line', id: 'ndcg-line' },
        `NDCG${kl} = DCG${kl} / IDCG${kl} = ${T.fixed(r.dcg, d)} / ${T.fixed(r.idcg, d)} = ${ndcgText}`),
      T.roundingNotes(lang, r, d),
    ]));
    if (!compact) {
      parts.push(h('div', { class: 'result-pair' },
        section('loss', t(lang, 'lossHeading'), T.lossPanel(lang, r, d, worst)),
        section('curve', t(lang, 'curveHeading'), T.curve(lang, r, d))));
      parts.push(section('metrics', t(lang, 'metricsHeading'), T.metricsPanel(lang, r, d, {
        weighted, unweightedNdcg, relevanceLevel: model.state.relevanceLevel,
      })));
      if (model.explain.presetRows) {
        parts.push(section('presets', t(lang, 'presetsHeading'), T.presetTable(lang, model.explain.presetRows, model.matching, r.k, d)));
      }
    }
    return parts;
  }

  function trecBody(lang, model) {
    if (!model.trec) return [h('p', { class: 'notice' }, t(lang, model.notice || 'trecNeedRun'))];
    return [section('trec', t(lang, 'trecHeading'), T.trecTable(lang, model.trec, model.state.decimals))];
  }

  function renderResults(lang, model) {
    const body = $('results-body');
    if (!body) return;
    const key = `${model.version}|${lang}|${model.rowLimit.dcg}|${model.rowLimit.idcg}|${model.state.mode}|${model.notice}`;
    if (key !== shownKey) {
      shownKey = key;
      let parts;
      if (model.state.mode === 'trec') parts = trecBody(lang, model);
      else if (model.explain) parts = explainBody(lang, model);
      else parts = [h('p', { class: 'notice' }, t(lang, model.notice || 'emptyInput'))];
      if (model.state.mode === 'explain' && model.explain && model.notice) {
        parts.unshift(h('p', { class: 'notice' }, t(lang, model.notice)));
      }
      body.replaceChildren(...parts.flat().filter(Boolean));
      // Bar widths are data, set through the CSSOM (the CSP forbids style attributes).
      for (const fill of body.querySelectorAll('.meter-fill')) {
        fill.style.width = `${(Number(fill.dataset.fraction) * 100).toFixed(2)}%`;
      }
    }
    // Screen readers hear the new value after each recomputation (the table is not read out).
    const r = model.explain && model.state.mode === 'explain' ? model.explain.result : null;
    setText('result-live', r && !model.error
      ? `NDCG${cutLabel(r.k)} = ${r.ndcg === null ? t(lang, 'undefinedValue') : T.fixed(r.ndcg, model.state.decimals)}` : '');
    const stale = Boolean(model.error && (model.explain || model.trec) && model.errorStale);
    show('stale-note', stale);
    body.classList.toggle('stale', stale);
  }

  function renderStatus(lang, model) {
    const status = model.inputStatus;
    let text = '';
    if (status && status.format) {
      const format = t(lang, `format_${status.format}`);
      text = status.n === 1 ? t(lang, 'readAsOne', { format }) : t(lang, 'readAs', { format, n: T.count(status.n) });
    }
    setText('ranking-status', text);
    setText('qrels-status', model.qrelsFormat ? t(lang, 'qrelsRead', { format: t(lang, `format_${model.qrelsFormat}`) }) : '');
  }

  function renderTheme(lang, theme) {
    if (theme) html.dataset.theme = theme;
    else delete html.dataset.theme;
    const button = $('theme-toggle');
    if (button) button.setAttribute('aria-pressed', String(isDark(theme)));
  }

  function isDark(theme) {
    if (theme) return theme === 'dark';
    return Boolean(globalThis.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  }

  /** Draws the whole page for a model (see main.js for its fields). */
  function render(model) {
    const lang = model.lang;
    if (lang !== shownLang) {
      applyLanguage(lang);
      shownLang = lang;
      shownKey = null;
    }
    renderTheme(lang, model.theme);
    syncControls(model.state, lang);
    if (model.presets) syncPresets(lang, model.presets, model.state, model.matching);
    renderStatus(lang, model);
    renderErrors(lang, model);
    renderResults(lang, model);
    const app = $('app');
    if (app) app.setAttribute('aria-busy', 'false');
    if (exportMode !== model.state.mode) {
      // An export of the other mode's results would be misleading: drop it.
      exportMode = model.state.mode;
      show('export-preview', false);
      const download = $('export-download');
      if (download) download.disabled = true;
      downloadName = null;
    }
    const full = $('open-full');
    if (full && model.hash !== undefined) full.href = `index.html#${model.hash}`;
  }

  // ---- side effects the handlers ask for ----------------------------------------------

  function announce(text) {
    const status = $('status');
    if (!status) return;
    status.textContent = '';
    clearTimeout(statusTimer);
    // A fresh text node makes screen readers read the message again; the
    // message goes away once it has been read.
    setTimeout(() => { status.textContent = text; }, 30);
    statusTimer = setTimeout(() => { status.textContent = ''; }, 8000);
  }

  function showExport(lang, format, text) {
    const preview = $('export-preview');
    if (!preview) return;
    preview.hidden = false;
    setText('export-label', t(lang, 'exportPreview', { format: t(lang, `export_${format}`) }));
    $('export-text').value = text;
    const download = $('export-download');
    if (download) download.disabled = false;
    downloadName = format;
  }

  function exportedText() {
    const area = $('export-text');
    return area ? { format: downloadName, text: area.value } : null;
  }

  async function copyText(text) {
    try {
      if (navigator.clipboard && globalThis.isSecureContext) {
        await navigator.clipboard.writeText(text);
        return true;
      }
    } catch {
      // fall through to the selection-based copy
    }
    const area = doc.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'offscreen';
    doc.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = doc.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }

  /** Saves `text` as a file through a blob: URL (no network involved). */
  function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = doc.createElement('a');
    link.href = url;
    link.download = name;
    link.className = 'offscreen';
    doc.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  /** Selects the offending text of an error in its text area. */
  function selectError(err, mode) {
    const place = errorPlace(err, mode);
    const area = $(place === 'qrels' ? 'qrels' : 'ranking');
    if (!area || !err.line) return;
    const span = T.errorSpan(area.value, err.line, err.column);
    if (!span) return;
    area.focus();
    area.setSelectionRange(span.offsetStart, Math.max(span.offsetEnd, span.offsetStart + 1));
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (err.line - 3) * lineHeight);
  }

  function showFatal(lang, message) {
    const body = $('results-body');
    if (body) body.replaceChildren(h('p', { class: 'error-box' }, t(lang, 'loadFailed', { message })));
    const app = $('app');
    if (app) app.setAttribute('aria-busy', 'false');
  }

  function showLoading(lang) {
    applyLanguage(lang);
    shownLang = lang;
    const body = $('results-body');
    if (body) body.replaceChildren(h('p', { class: 'notice' }, t(lang, 'loading')));
  }

  function focusResults() {
    const results = $('results');
    if (results) results.focus();
  }

  /** Connects controls to handlers: text, qrels, set, preset, action, toggles, hash. */
  function bind(handlers) {
    const on = (id, event, fn) => {
      const el = $(id);
      if (el) el.addEventListener(event, fn);
    };
    on('ranking', 'input', (e) => handlers.text(e.target.value));
    on('qrels', 'input', (e) => handlers.qrels(e.target.value));
    for (const radio of doc.querySelectorAll('input[name="mode"]')) {
      radio.addEventListener('change', () => { if (radio.checked) handlers.mode(radio.value); });
    }
    on('preset', 'change', (e) => handlers.preset(e.target.value));
    for (const [id, field, kind] of OPTION_CONTROLS) {
      const el = $(id);
      if (!el) continue;
      const event = kind === 'enum' || kind === 'bool' ? 'change' : 'input';
      el.addEventListener(event, () => {
        const value = readControl(el, kind);
        if (value !== undefined) handlers.set({ [field]: value });
      });
      // On leaving a number field that holds nothing valid, show the value in use again.
      if (kind !== 'enum' && kind !== 'bool' && kind !== 'text') {
        el.addEventListener('change', () => { if (readControl(el, kind) === undefined) handlers.resync(); });
      }
    }
    on('lang-toggle', 'click', () => handlers.toggleLang());
    on('theme-toggle', 'click', () => handlers.toggleTheme(isDark(html.dataset.theme || '')));
    on('copy-link', 'click', () => handlers.copyLink());
    // The skip link moves focus without touching the hash, which holds the state.
    for (const link of doc.querySelectorAll('.skip-link')) {
      link.addEventListener('click', (e) => {
        e.preventDefault();
        focusResults();
      });
    }
    doc.addEventListener('click', (e) => {
      const target = e.target instanceof Element ? e.target.closest('[data-action]') : null;
      if (target) handlers.action(target.dataset.action, { ...target.dataset });
    });
    globalThis.addEventListener('hashchange', () => handlers.hashChanged());
    if (globalThis.matchMedia) {
      const media = matchMedia('(prefers-color-scheme: dark)');
      if (media.addEventListener) media.addEventListener('change', () => handlers.systemTheme());
    }
  }

  return { render, bind, announce, copyText, download, showExport, exportedText, selectError, showFatal, showLoading, focusResults };
}
