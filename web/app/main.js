// Wiring: load the module, read the state from the hash (or the draft),
// compute on every change (debounced by input size) and hand the view a
// model to draw. No DOM access here beyond what view.js offers.
import { loadApi } from './loader.js';
import { detectLang, t } from './i18n.js';
import {
  applyPreset, decodeHash, defaultState, encodeHash, HASH_TEXT_LIMIT, toApiOptions, toTrecOptions,
} from './state.js';
import * as store from './store.js';
import { createView } from './view.js';
import { bigExample, EXAMPLES, linesOfQuery } from './examples.js';

const FIRST_ROWS = 100;
const PRESET_COMPARE_LIMIT = 5000;
const EXPORT_TYPES = {
  markdown: ['md', 'text/markdown'], csv: ['csv', 'text/csv'], latex: ['tex', 'application/x-latex'],
  json: ['json', 'application/json'], trec: ['txt', 'text/plain'],
};

/** How long to wait after a keystroke: longer for texts that take longer to compute. */
export function delayFor(state) {
  const size = state.text.length + state.qrels.length;
  if (size < 20000) return 120;
  if (size < 400000) return 400;
  return 900;
}

function safely(fn, fallback) {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export async function start(options = {}) {
  const doc = options.document || document;
  const compact = Boolean(options.compact);
  const view = createView(doc);
  const prefs = store.loadPrefs();
  const browserLang = detectLang(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
  const app = {
    lang: prefs.lang || browserLang,
    theme: prefs.theme === 'dark' || prefs.theme === 'light' ? prefs.theme : '',
    version: 0,
    explain: null,
    trec: null,
    error: null,
    errorStale: false,
    notice: null,
    inputStatus: null,
    qrelsFormat: null,
    matching: '',
    rowLimit: { dcg: FIRST_ROWS, idcg: FIRST_ROWS },
    lastGood: null,
    hash: '',
    timer: 0,
  };
  view.showLoading(app.lang);

  let api;
  try {
    api = await loadApi();
  } catch (e) {
    view.showFatal(app.lang, e && e.message ? e.message : String(e));
    return null;
  }
  const presets = api.presets();
  const table = new Map(presets.map((p) => [p.name, p.options]));

  function stateFromHash(hash) {
    const { state, empty } = decodeHash(hash, table);
    if (state.local) {
      const draft = store.loadDraft();
      if (draft) Object.assign(state, { text: draft.text, qrels: draft.qrels });
    }
    return empty ? null : state;
  }

  function initialState() {
    const hash = store.readHash();
    const fromHash = hash ? stateFromHash(hash) : null;
    if (fromHash) return fromHash;
    const draft = store.loadDraft();
    if (draft) return { ...decodeHash(draft.hash, table).state, text: draft.text, qrels: draft.qrels };
    return defaultState(table);
  }

  app.state = initialState();
  if (app.state.lang) app.lang = app.state.lang;
  // A link too long to write back (over HASH_TEXT_LIMIT) stays in the address
  // bar as it was opened until the user changes something: it is their URL.
  const tooLongForLink = (s) => s.text.length + s.qrels.length > HASH_TEXT_LIMIT;
  app.keepUrl = Boolean(store.readHash()) && tooLongForLink(app.state);

  // ---- computing ---------------------------------------------------------------

  function computeExplain(s) {
    const { options, error } = toApiOptions(s);
    if (error) {
      const field = t(app.lang, error.field === 'weights' ? 'weightsLabel' : 'gainTableLabel');
      app.error = { code: 'bad-option', message: t(app.lang, 'listInvalid', { field, value: error.value }), line: 0, column: 0, source: '' };
      return;
    }
    const { qrels, ...convention } = options;
    app.matching = safely(() => api.matchingPreset(convention), '');
    if (!s.text.trim()) {
      app.explain = null;
      app.inputStatus = null;
      app.notice = 'emptyInput';
      app.version++;
      return;
    }
    try {
      const r = api.explain(s.text, options);
      const weighted = r.steps.some((x) => x.weight !== 1) || r.ideal_steps.some((x) => x.weight !== 1);
      const unweightedNdcg = weighted && r.n <= 200000 ? safely(() => api.explain(s.text, { ...options, weights: [] }).ndcg, null) : null;
      app.explain = { result: r, weighted, unweightedNdcg, gainTable: options.gainTable, presetRows: compact ? null : presetRows(s.text, options, r.n) };
      app.inputStatus = { format: r.format, n: r.n };
      app.lastGood = { text: s.text, options };
      app.version++;
    } catch (e) {
      if (!e || !e.code) throw e;
      app.error = e;
      app.errorStale = true;
      app.inputStatus = null;
      if (e.code === 'restarting') app.error = { ...e, message: t(app.lang, 'restarting'), line: 0, source: '' };
    }
  }

  // The same ranking under every preset, so differences between libraries show at a glance.
  function presetRows(text, options, n) {
    if (n > PRESET_COMPARE_LIMIT) return [];
    return presets.map(({ name }) => {
      try {
        const r = api.explain(text, { preset: name, k: options.k, qrels: options.qrels, weights: options.weights });
        return { name, ndcg: r.ndcg, dcg: r.dcg, idcg: r.idcg, options: r.options };
      } catch (e) {
        return { name, error: String(e.message).replace(/^(ranking|judgments): /, '') };
      }
    });
  }

  function computeTrec(s) {
    app.inputStatus = null;
    app.matching = safely(() => api.matchingPreset({ preset: s.preset, gain: s.gain === 'table' ? undefined : s.gain }), '');
    if (!s.text.trim() || !s.qrels.trim()) {
      app.trec = null;
      app.notice = s.text.trim() ? 'trecNeedQrels' : 'trecNeedRun';
      app.version++;
      return;
    }
    try {
      app.trec = api.evaluateTrec(s.qrels, s.text, { ...toTrecOptions(s), preset: s.preset });
      app.version++;
    } catch (e) {
      if (!e || !e.code) throw e;
      app.error = e;
      app.errorStale = true;
    }
  }

  function compute() {
    const s = app.state;
    app.error = null;
    app.errorStale = false;
    app.notice = null;
    if (s.mode === 'trec') computeTrec(s);
    else computeExplain(s);
    app.qrelsFormat = s.qrels.trim() ? safely(() => api.detectFormat(s.qrels), null) : null;
  }

  // ---- persisting and drawing ------------------------------------------------------

  function persist() {
    app.hash = encodeHash(app.state, table);
    if (!app.keepUrl) store.writeHash(app.hash);
    store.saveDraft(app.hash, app.state.text, app.state.qrels);
  }

  function model() {
    return { ...app, presets, compact };
  }

  function render() {
    view.render(model());
  }

  function run() {
    clearTimeout(app.timer);
    app.timer = 0;
    if (app.rowsStale) resetRows();
    app.rowsStale = false;
    compute();
    persist();
    render();
  }

  function schedule(delay) {
    clearTimeout(app.timer);
    app.timer = setTimeout(run, delay);
  }

  function update(patch, delay = 0) {
    app.state = { ...app.state, ...patch };
    app.keepUrl = false;
    if (delay) {
      render();
      schedule(delay);
    } else {
      run();
    }
  }

  function resetRows() {
    app.rowLimit = { dcg: FIRST_ROWS, idcg: FIRST_ROWS };
  }

  // ---- actions -------------------------------------------------------------------

  function loadExample(name) {
    const example = EXAMPLES[name];
    if (!example) return;
    resetRows();
    let next = example.reset ? { ...defaultState(table), lang: app.state.lang } : { ...app.state };
    if (example.mode === 'trec' && next.mode !== 'trec' && next.preset === 'document') next = applyPreset(next, 'trec_eval', table);
    next = { ...next, ...(example.set || {}), text: example.text === null ? bigExample() : example.text, qrels: example.qrels, mode: example.mode };
    app.state = next;
    // Let the browser paint the pressed button before a large computation.
    setTimeout(run, 0);
  }

  async function exportAs(format) {
    let text;
    if (format === 'trec') {
      text = app.trec ? app.trec.text : '';
    } else {
      if (!app.lastGood) return;
      if (app.explain && app.explain.result.n > 20000) {
        // A large report takes a while to build: say so, and let that paint first.
        view.announce(t(app.lang, 'exportWorking'));
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      try {
        text = api.render(app.lastGood.text, app.lastGood.options, format);
      } catch (e) {
        view.announce(e.message);
        return;
      }
    }
    view.showExport(app.lang, format, text);
    const ok = await view.copyText(text);
    view.announce(ok ? t(app.lang, 'exportCopied', { format: t(app.lang, `export_${format}`) }) : t(app.lang, 'copyFailed'));
  }

  function explainQuery(qid) {
    const s = app.state;
    resetRows();
    update({ mode: 'explain', text: linesOfQuery(s.text, qid), qrels: linesOfQuery(s.qrels, qid) });
    view.focusResults();
  }

  const actions = {
    'more-rows': (data) => {
      const which = data.table === 'idcg' ? 'idcg' : 'dcg';
      app.rowLimit = { ...app.rowLimit, [which]: data.count === 'all' ? Infinity : app.rowLimit[which] + Number(data.count) };
      render();
    },
    'goto-error': () => { if (app.error) view.selectError(app.error, app.state.mode); },
    example: (data) => loadExample(data.example),
    reset: () => loadExample('worked'),
    export: (data) => exportAs(data.format),
    download: () => {
      const shown = view.exportedText();
      if (!shown || !shown.format) return;
      const [ext, type] = EXPORT_TYPES[shown.format] || ['txt', 'text/plain'];
      view.download(`ndcg.${ext}`, shown.text, `${type};charset=utf-8`);
    },
    'explain-query': (data) => explainQuery(data.qid),
    'switch-trec': () => handlers.mode('trec'),
    'use-preset': (data) => handlers.preset(data.preset),
  };

  const handlers = {
    text(value) {
      // Rows go back to the first page when the new result arrives, not per keystroke.
      app.rowsStale = true;
      update({ text: value }, delayFor({ ...app.state, text: value }));
    },
    qrels(value) {
      update({ qrels: value }, delayFor({ ...app.state, qrels: value }));
    },
    mode(mode) {
      let next = { ...app.state, mode };
      if (mode === 'trec' && next.preset === 'document') next = applyPreset(next, 'trec_eval', table);
      app.state = next;
      run();
    },
    preset(name) {
      app.state = applyPreset(app.state, name, table);
      run();
    },
    set(patch) {
      if (patch.gain === 'table' && !app.state.gainTable.trim()) patch = { ...patch, gainTable: '0,1,3,7,15' };
      const typed = 'gainTable' in patch || 'weights' in patch;
      update(patch, typed ? 250 : 0);
    },
    resync() {
      render();
    },
    toggleLang() {
      app.lang = app.lang === 'zh' ? 'en' : 'zh';
      store.savePref('lang', app.lang);
      update({ lang: app.lang });
    },
    toggleTheme(darkNow) {
      app.theme = darkNow ? 'light' : 'dark';
      store.savePref('theme', app.theme);
      render();
    },
    systemTheme() {
      render();
    },
    async copyLink() {
      if (app.timer) run();
      persist();
      const ok = await view.copyText(location.href);
      const tooLong = tooLongForLink(app.state);
      if (tooLong) {
        const size = `${Math.round((app.state.text.length + app.state.qrels.length) / 1024)} KB`;
        view.announce(t(app.lang, 'linkTooLong', { size }));
      } else {
        view.announce(ok ? t(app.lang, 'linkCopied') : t(app.lang, 'copyFailed'));
      }
    },
    action(name, data) {
      if (actions[name]) actions[name](data);
    },
    hashChanged() {
      const hash = store.readHash();
      if (hash === app.hash) return;
      const state = stateFromHash(hash);
      if (!state) return;
      app.state = state;
      app.keepUrl = tooLongForLink(state);
      if (state.lang) app.lang = state.lang;
      resetRows();
      run();
    },
  };

  view.bind(handlers);
  run();
  // A read-only handle for tests and the curious: the same API the page uses.
  globalThis.ndcgCalc = Object.freeze({ api, state: () => ({ ...app.state }), hash: () => app.hash });
  return app;
}

if (typeof document !== 'undefined' && document.getElementById('app')) {
  start({ compact: document.body.classList.contains('embed') });
}
