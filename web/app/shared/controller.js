// The controller: events change the state, compute() turns the state into
// a model, the view draws it; the state is kept in the URL hash and a draft.
// It holds what persists between events (the last readable result, the
// rows shown, the timer) in one `app` object that its functions share.
import { loadApi } from './loader.js';
import { detectLang } from './i18n.js';
import { compute } from './compute.js';
import { effectiveState, hasSources, moveBigTexts, sourceOf } from './sources.js';
import { boxesOf, decodeHash, defaultState, encodeHash, HASH_TEXT_LIMIT, specOf, textLength } from './state.js';
import * as store from './store.js';
import * as view from './view.js';

export const FIRST_ROWS = 100;

/** How long to wait after a keystroke: longer for texts that take longer to compute. */
export function delayFor(state) {
  const size = state.text.length + state.qrels.length;
  if (size < 20000) return 120;
  if (size < 400000) return 400;
  return 900;
}

/** Texts this long stay out of links (see HASH_TEXT_LIMIT). */
export const tooLongForLink = (s) => textLength(s) > HASH_TEXT_LIMIT;

/**
 * The API with every call counted into `counter` ({calls, names}) when a
 * test page provides one as window.__ndcgCallCounter; else the API itself.
 */
export function countedApi(api, counter) {
  if (!counter || typeof counter !== 'object') return api;
  const out = {};
  for (const [name, value] of Object.entries(api)) {
    out[name] = typeof value !== 'function' ? value : (...args) => {
      counter.calls = (counter.calls || 0) + 1;
      (counter.names || (counter.names = [])).push(name);
      return value.apply(api, args);
    };
  }
  return out;
}

/** The state a hash describes (its text from the draft when the hash says local=1), or null. */
export function stateFromHash(app, hash) {
  const { state, empty } = decodeHash(app.spec, hash);
  if (state.local) {
    const draft = ownDraft(app);
    if (draft) Object.assign(state, { text: draft.text, qrels: draft.qrels });
  }
  return empty ? null : withinBuild(app, state);
}

// The light module (embed.html) has no batch evaluation and no compare: a
// link or draft in either mode shows its text as one ranking.
function withinBuild(app, state) {
  return app.api.build === 'light' && state.mode !== 'explain' ? { ...state, mode: 'explain' } : state;
}

// The saved draft belongs to the full calculator: an embed (or any compact
// view) keeps its state in its own hash, so viewing one never replaces
// what the user typed in the calculator, and it never reads that either.
function ownDraft(app) {
  return app.full ? store.loadDraft() : null;
}

function initialState(app) {
  const hash = store.readHash();
  const fromHash = hash ? stateFromHash(app, hash) : null;
  if (fromHash) return fromHash;
  const draft = ownDraft(app);
  if (draft) return withinBuild(app, { ...decodeHash(app.spec, draft.hash).state, text: draft.text, qrels: draft.qrels });
  return defaultState(app.spec);
}

export function resetRows(app) {
  app.rowLimit = { dcg: FIRST_ROWS, idcg: FIRST_ROWS };
}

function recompute(app) {
  moveBigTexts(app);
  app.drill = null;
  // Batch and compare modes belong to the full page (full-controller.js).
  if (app.modes && app.modes.recompute(app)) {
    app.version++;
    return;
  }
  app.batchSeq++;
  app.job = null;
  const next = compute(app.api, app.spec, effectiveState(app), app.computed);
  app.computed = next;
  if (next.matching !== undefined) app.matching = next.matching;
  // A result that could not be read leaves the last one on show, marked stale.
  if (!next.error) app.lastStatus = next.inputStatus;
  if (!next.error) app.good = { analysis: next.analysis || null, trec: next.trec || null, analysisB: next.analysisB || null, errorB: next.errorB || null };
  app.version++;
}

export function persist(app) {
  // Files and long pastes stay out of the link: it says which options were used.
  app.hash = encodeHash(app.spec, app.state, { withText: !hasSources(app) });
  if (!app.keepUrl) store.writeHash(app.hash);
  if (app.full) store.saveDraft(app.hash, app.state.text, app.state.qrels);
}

/** What the view draws: the state, the last readable result and what went wrong since. */
export function modelOf(app) {
  const c = app.computed || {};
  // An error met while typing waits for a pause (see run): a transient "-" moves nothing on screen.
  const error = app.holdError ? null : app.controlError || c.error || null;
  return {
    lang: app.lang, theme: app.theme, api: app.api, state: app.state, hash: app.hash, version: app.version, rowLimit: app.rowLimit,
    analysis: app.good.analysis, trec: app.good.trec, analysisB: app.good.analysisB || null, errorB: app.good.errorB || null, error,
    compare: app.good.compare || null, drill: app.drill || null, stale: Boolean(error && (app.good.analysis || app.good.trec || app.good.compare)),
    notice: c.notice || null, inputStatus: error ? null : app.holdError ? app.lastStatus : c.inputStatus, qrelsFormat: c.qrelsFormat, matching: app.matching,
    presetList: app.presetList, presetOptions: app.spec.presets, spec: app.spec,
    sources: Object.fromEntries(boxesOf(app.state.mode, app.state.runs).map((box) => [box, sourceOf(app, box)])), job: app.job, pending: Boolean(c.pending),
    exportFormats: app.exportFormats || null, back: app.back || null, dropped: Boolean(app.dropped), undo: app.undo ? app.undo[app.undo.length - 1] : null, groupSource: app.state.mode === 'explain' ? null : app.sources.group || null,
  };
}

export function draw(app) {
  view.render(app.view, modelOf(app));
}

/** How long typing must pause before an error it made is shown (ms). */
export const ERROR_PAUSE = 900;

/** Keeps an error just made by typing off the screen until the typing pauses. */
export function holdError(app) {
  clearTimeout(app.pauseTimer);
  app.holdError = true;
  app.pauseTimer = setTimeout(() => { app.holdError = false; draw(app); }, ERROR_PAUSE);
}

/**
 * Computes now: the pending keystroke's timer is dropped. A result of
 * `typing` that cannot be read leaves the last one as it was until the
 * typing pauses: the half-typed "-" of "-1" shows no error, moves no line.
 */
export function run(app, typing = false) {
  clearTimeout(app.timer);
  clearTimeout(app.pauseTimer);
  app.timer = 0;
  if (app.rowsStale) resetRows(app);
  app.rowsStale = false;
  recompute(app);
  app.holdError = false;
  if (typing && app.computed && app.computed.error) holdError(app);
  persist(app);
  draw(app);
}

// Fields that change only the words and colours on screen: results stand
// (in compare mode a new computation would be thousands of resamples).
const VIEW_ONLY = new Set(['lang', 'theme']);

/** Applies a change to the state; typing waits `delay` ms so one computation follows a burst of keys. */
export function update(app, patch, delay = 0) {
  app.state = { ...app.state, ...patch };
  app.keepUrl = false;
  if (Object.keys(patch).every((key) => VIEW_ONLY.has(key))) {
    persist(app);
    draw(app);
    return;
  }
  if (!delay) {
    run(app);
    return;
  }
  // A held error waits for the pause to start again at each key.
  if (app.holdError) holdError(app);
  draw(app);
  clearTimeout(app.timer);
  app.timer = setTimeout(() => run(app, true), delay);
}

function newApp(v, full, modes) {
  const prefs = store.loadPrefs();
  const browser = detectLang(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
  return {
    view: v, full, lang: prefs.lang || browser, theme: prefs.theme === 'dark' || prefs.theme === 'light' ? prefs.theme : '',
    version: 0, computed: null, good: { analysis: null, trec: null }, controlError: null, matching: '', hash: '', timer: 0,
    rowLimit: { dcg: FIRST_ROWS, idcg: FIRST_ROWS }, rowsStale: false, keepUrl: false,
    sources: {}, runner: null, loaded: {}, batchSeq: 0, job: null, drill: null, modes,
  };
}

/**
 * Starts the page in `doc`: loads the module, reads the state, binds the
 * view to `makeHandlers(app)` and draws the first result. `regions` (see
 * view.createView) and `modes` (FULL_MODES of full-controller.js: batch and
 * compare) are the full page's own.
 */
export async function start({ doc = document, full = true, makeHandlers, regions = null, modes = null }) {
  // The module first: its wasm compiles off the main thread while the regions are built.
  const loading = loadApi();
  const app = newApp(view.createView(doc, { full, regions }), full, modes);
  view.showLoading(app.view, app.lang);
  try {
    app.api = countedApi(await loading, globalThis.__ndcgCallCounter);
  } catch (e) {
    view.showFatal(app.view, app.lang, e && e.message ? e.message : String(e));
    return null;
  }
  app.spec = specOf(app.api);
  app.presetList = app.api.presets();
  view.mountSchema(app.view, app.spec.rows);
  app.state = initialState(app);
  if (app.state.lang) app.lang = app.state.lang;
  if (app.state.theme) app.theme = app.state.theme;
  // A link too long to write back stays in the address bar as it was opened
  // until the user changes something: it is their URL.
  app.keepUrl = Boolean(store.readHash()) && tooLongForLink(app.state);
  view.bind(app.view, makeHandlers(app));
  run(app);
  // A read-only handle for tests and the curious: the same API the page uses.
  globalThis.ndcgCalc = Object.freeze({ api: app.api, state: () => ({ ...app.state }), hash: () => app.hash });
  return app;
}
