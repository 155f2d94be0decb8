// The full page's own events, added to the handlers every view has
// (handlers.js): files and long pastes, the mode, ranking B, the judgments
// and runs C to H, examples, exports, compare mode's picks, the link and the
// embed dialog. Its entry (main.js) passes makeFullHandlers to the controller.
import { errorText, t } from '../shared/i18n.js';
import { bytesText } from '../shared/templates/numbers.js';
import { structuredError } from '../shared/analyse.js';
import { COPY_LIMIT, defaultState, HEAD_LINES, fitsInBox, MAX_RUNS, RUN_BOXES, runBoxes, runLetter, slotOf, settingsOf, switchMode, textLength, toCompareOptions, toTrecOptions } from '../shared/state.js';
import { fileOf } from './regions/export-panel.js';
import { exportRecipe } from './export-recipe.js';
import { editable, FIELD, hasSources, keepOutOfBox } from '../shared/sources.js';
import { dropSource, fileSource, readInPage, runnerOf, sourceText } from './batch/batch-sources.js';
import { fileKind, headOfFile, placeFiles, runsFor } from './batch/placing.js';
import * as view from '../shared/view.js';
import { bigExample, EXAMPLES, linesOfQuery } from './examples.js';
import { exportOf } from './batch/engine.js';
import { loadDrill, qrelsKindOf as qrelsKind } from './full-controller.js';
import { makeHandlers } from '../shared/handlers.js';
import { rearrangeHandlers } from './rearrange-handlers.js';
import { delayFor, draw, persist, resetRows, run, stateFromHash, tooLongForLink, update } from '../shared/controller.js';
import { backHolds, pushQuery, restoreScroll, viewOnly } from './history.js';

/** Each mode keeps its own settings (switchMode in state.js); batch and compare start from trec_eval's convention. */
function withMode(app, state, mode) {
  return switchMode(app.spec, state, mode, app.modeSettings || (app.modeSettings = {}));
}

function loadExample(app, name) {
  const example = EXAMPLES[name];
  if (!example) return;
  resetRows(app);
  // Files it puts aside come back with Undo.
  app.dropped = hasSources(app) ? { state: app.state, sources: app.sources, modeSettings: app.modeSettings } : null;
  // The worked example starts over: every mode's settings too.
  if (example.reset) app.modeSettings = {};
  let next = example.reset ? { ...defaultState(app.spec), lang: app.state.lang } : { ...app.state };
  next = withMode(app, next, example.mode);
  next = { ...next, ...(example.set || {}), text: example.text === null ? bigExample() : example.text, qrels: example.qrels };
  app.state = next;
  app.sources = {};
  app.back = null;
  app.controlError = null;
  // Let the browser paint the pressed button before a large computation.
  setTimeout(() => run(app), 0);
}

/** Undo of an example that put files aside: the files, their texts, the mode and its settings come back. */
function undoDrop(app) {
  Object.assign(app, app.dropped, { dropped: null, controlError: null });
  resetRows(app);
  run(app);
}

/** Items up to which an export is built in the page from the kept analysis (a few ms). */
export const EXPORT_IN_PAGE_ITEMS = 2000;

/**
 * `analysis` in `format` as exportOf (engine.js) makes it. A large one is
 * built in the runner's worker from the same input and options (about 1 s
 * for 100,000 rows, which would freeze the page), and only its Blob and head
 * come back; without a worker, here as before.
 */
async function renderAnalysis(app, analysis, format) {
  const options = { ...analysis.options, language: app.lang };
  if (analysis.items <= EXPORT_IN_PAGE_ITEMS) return exportOf(renderHere(app, analysis, options, format), HEAD_LINES);
  view.announce(app.view, t(app.lang, 'exportWorking'));
  const runner = await runnerOf(app);
  if (runner.kind === 'worker') return runner.call('render', { input: analysis.input, options, format, keep: HEAD_LINES });
  // Let the message paint before the page is busy.
  await new Promise((resolve) => setTimeout(resolve, 60));
  return exportOf(renderHere(app, analysis, options, format), HEAD_LINES);
}

// The analysis on screen was computed in English; an export in another
// language reads the same input again with the core's `language` option.
function renderHere(app, analysis, options, format) {
  return options.language === 'en' ? analysis.render(format) : app.api.render(analysis.input, options, format);
}

// Compare mode's report of the runs compared, all formats with every query's values (`ndcg compare -q --format F`).
async function compareExport(app, format, table) {
  const cmp = app.good.compare;
  if (!cmp) return null;
  // The runs are compared again with the same seed: the same numbers, in the report's format.
  view.announce(app.view, t(app.lang, 'exportComparing'));
  const options = { ...toCompareOptions(app.spec, app.state, cmp.runs), format, perQuery: true, language: app.lang };
  // A CSV is one table, the one chosen.
  if (format === 'csv') options.table = table;
  return (await runnerOf(app)).call('exportCompare', { slots: cmp.slots, options, keep: HEAD_LINES });
}

// Batch mode: `ndcg trec -q --format F` of the run on screen, trec_eval's text for 'trec' (in the runner when it
// holds a file); the evaluation on screen has no per-query lines in its text (toTrecEvaluation).
async function trecExport(app, format) {
  if (!app.good.trec) return null;
  const options = { ...toTrecOptions(app.spec, app.state), format: format === 'trec' ? 'text' : format };
  if (hasSources(app)) return (await runnerOf(app)).call('exportTrec', { options, keep: HEAD_LINES });
  return exportOf(app.api.evaluateTrec(app.state.qrels, app.state.text, options).text, HEAD_LINES);
}

function makeExport(app, format, which) {
  if (app.state.mode === 'compare') return compareExport(app, format, which);
  if (app.state.mode === 'trec') return trecExport(app, format);
  const analysis = which === 'b' ? app.good.analysisB : app.good.analysis;
  return analysis ? renderAnalysis(app, analysis, format) : null;
}

/**
 * The export of the result on screen in `format` (and, with ranking B, of
 * ranking `which`): built once per recipe (export-recipe.js), so Copy,
 * Download and Copy all share it. Null (and the reason announced) when it cannot be built.
 */
async function exportOfShown(app, format, which) {
  const key = exportRecipe({ ...app.good, spec: app.spec, state: app.state, lang: app.lang }, format, which);
  if (app.exported && app.exported.key === key) return app.exported.value;
  try {
    const made = await makeExport(app, format, which);
    // The key goes with the text, so the preview stays while the export it shows would be the same.
    const value = made && { ...made, key, which };
    if (value) app.exported = { key, value };
    return value;
  } catch (e) {
    view.announce(app.view, errorText(app.lang, structuredError(e && typeof e.code === 'string' ? Object.assign(new Error(e.message), e) : e)));
    return null;
  }
}

// A format button: choose it, show it and copy it when it is small enough to copy with the click.
async function exportAs(app, format) {
  view.chooseExport(app.view, format);
  const { which } = view.exportChoice(app.view);
  const exported = await exportOfShown(app, format, which);
  if (!exported) return;
  view.showExportText(app.view, app.lang, format, exported);
  const size = exported.blob.size;
  if (size <= COPY_LIMIT) return copyShown(app);
  view.announce(app.view, t(app.lang, 'exportReady', { format: t(app.lang, `export_${format}`), size: bytesText(size) }));
}

/** A ranking or a table chosen: the preview, when there is one, shows that part in its format. */
async function showPart(app) {
  const { format, which } = view.exportChoice(app.view);
  const exported = view.exportShown(app.view) && await exportOfShown(app, format, which);
  if (exported) view.showExportText(app.view, app.lang, format, exported);
}

/** Copies all of the chosen format's export. */
async function copyShown(app) {
  const { format, which } = view.exportChoice(app.view);
  const exported = format && await exportOfShown(app, format, which);
  if (!exported) return;
  const ok = await view.copyBlob(app.view, exported.blob);
  view.announce(app.view, ok ? t(app.lang, 'exportCopied', { format: t(app.lang, `export_${format}`) }) : t(app.lang, 'copyFailed'));
}

async function downloadShown(app) {
  const { format, which } = view.exportChoice(app.view);
  const exported = format && await exportOfShown(app, format, which);
  if (exported) view.download(app.view, { blob: exported.blob, ...fileOf(app.state.mode, format, which) });
}

async function explainQuery(app, qid) {
  resetRows(app);
  let lines = { run: linesOfQuery(app.state.text, qid), qrels: linesOfQuery(app.state.qrels, qid) };
  // A file or long paste lives in the runner: it finds the query's lines there.
  if (hasSources(app)) lines = await (await runnerOf(app)).call('linesOf', { qid });
  for (const box of ['ranking', 'qrels']) dropSource(app, slotOf('explain', box));
  // Back (or "All queries") returns to this table as it is (history.js).
  app.back = { hash: app.hash, state: app.state, good: app.good, computed: app.computed, sources: { ...app.sources }, n: app.good.trec ? app.good.trec.numQ : 0 };
  pushQuery(app);
  // The query is explained under batch mode's settings, so its NDCG is its row's; batch mode keeps them.
  const settings = settingsOf(app.spec, app.state);
  app.state = withMode(app, app.state, 'explain');
  update(app, { ...settings, text: lines.run, qrels: lines.qrels });
  view.focusResults(app.view);
}

/**
 * A file opened or dropped on `box`. Batch mode hands it to the runner
 * without reading it here; the explain mode reads it and keeps it in the
 * box when it fits there.
 */
/**
 * Files opened or dropped together on `box` in batch or compare mode: each
 * goes where its kind says (placing.js), the others in the order given.
 */
async function placeInBoxes(app, box, files) {
  const heads = await Promise.all(files.map(headOfFile));
  const kinds = files.map((file, i) => ({ file, kind: fileKind(app.api, file.name, heads[i]) }));
  const placed = placeFiles(kinds, box, app.state.mode, qrelsKind(app).startsWith('letor'));
  app.controlError = app.dropped = null;
  resetRows(app);
  for (const p of placed) {
    const slot = p.box === 'group' ? 'group' : slotOf(app.state.mode, p.box);
    app.sources[slot] = { ...fileSource(p.file), kind: p.kind };
    app.loaded[slot] = null;
  }
  if (app.state.mode === 'compare') app.state = { ...app.state, runs: runsFor(placed, app.state.runs) };
  run(app);
  if (placed.length > 1 || (placed[0] && placed[0].box !== box)) {
    const letor = qrelsKind(app).startsWith('letor');
    const where = (p) => placedName(app.lang, p.box, app.state.mode, letor);
    view.announce(app.view, t(app.lang, 'filesPlaced', { list: placed.map((p) => t(app.lang, 'filePlaced', { name: p.file.name, box: where(p) })).join(', ') }));
  }
}

// "judgments", "run B", "predictions": where a file went, for the announcement.
function placedName(lang, box, mode, letor) {
  if (box === 'group' || box === 'qrels') return t(lang, box === 'group' ? 'placedGroup' : 'placedJudgments');
  const kind = letor ? 'placedPredictions' : 'placedRun';
  return mode === 'compare' ? t(lang, `${kind}X`, { x: runLetter(box) }) : t(lang, kind);
}

/** A group-size file opened or dropped on its row. */
function openGroup(app, file) {
  app.controlError = null;
  resetRows(app);
  app.sources.group = { ...fileSource(file), kind: 'group' };
  app.loaded.group = null;
  run(app);
}

/** The group file's Remove: LETOR's lines are read by their qid: again. */
function removeGroup(app) {
  dropSource(app, 'group');
  resetRows(app);
  run(app);
}

async function openFile(app, box, files) {
  if (app.state.mode !== 'explain') {
    await placeInBoxes(app, box, files);
    return;
  }
  const file = files[0];
  app.controlError = null;
  resetRows(app);
  let text;
  try {
    text = await readInPage(file, slotOf('explain', box), () => {});
  } catch (e) {
    view.announce(app.view, errorText(app.lang, structuredError(Object.assign(new Error(e.message), e))));
    return;
  }
  dropSource(app, slotOf('explain', box));
  if (fitsInBox(text)) update(app, { [FIELD[box]]: text });
  else {
    keepOutOfBox(app, box, text, file.name);
    run(app);
  }
}

/** Edit: a small source goes back into its box; remove: the box shows its own text again. */
async function sourceAction(app, data, edit) {
  const box = data.box in FIELD ? data.box : 'ranking';
  const slot = slotOf(app.state.mode, box);
  const source = app.sources[slot];
  if (!source) return;
  // Remove brings back what was typed in the box before the file came (a long paste left nothing there).
  const text = edit && editable(source) ? await sourceText(app, slot) : app.state[FIELD[box]];
  dropSource(app, slot);
  resetRows(app);
  update(app, { [FIELD[box]]: text });
  view.focusBox(app.view, box);
}

/** Compare mode's view (measure, pair, query): kept in the link, drawn without comparing again. */
function setView(app, patch) {
  app.state = { ...app.state, ...patch };
  app.keepUrl = false;
  persist(app);
  app.version++;
  draw(app);
}

/** Compare mode: query `qid` side by side, a history entry of its own. */
function openSide(app, qid) {
  if (qid !== app.state.query) pushQuery(app);
  setView(app, { query: qid });
  loadDrill(app, true);
}

function closeSide(app) {
  app.drill = null;
  setView(app, { query: '' });
}

/** Back to the batch table a query was explained from: its result as it was, no evaluation again. */
function backToTable(app) {
  const { state, good, computed } = app.back;
  Object.assign(app, { good, computed, back: null, drill: null, controlError: null });
  resetRows(app);
  setView(app, { ...state, lang: app.state.lang });
  restoreScroll(app);
}

/**
 * Back and Forward: to the table a query was explained from; between compare
 * mode's queries (drawn, not compared again); else the state the hash says.
 */
function hashChanged(app, base) {
  const hash = location.hash.slice(1);
  if (backHolds(app, hash)) return backToTable(app);
  const next = app.state.mode === 'compare' && app.good.compare && hash !== app.hash && viewOnly(app.hash, hash) && stateFromHash(app, hash);
  if (!next) return base();
  app.drill = null;
  setView(app, { query: next.query, measure: next.measure, pair: next.pair });
  loadDrill(app, false);
  restoreScroll(app);
}

/** Compare mode: one more run box (up to MAX_RUNS), with the focus in it. */
function addRun(app) {
  if (app.state.runs >= MAX_RUNS) return;
  const box = RUN_BOXES[app.state.runs];
  update(app, { runs: app.state.runs + 1 });
  view.focusBox(app.view, box);
}

/** Removes run `box` (C or later): the runs after it move up one box, their files with them. */
function removeRun(app, box) {
  const boxes = runBoxes(app.state.runs);
  const at = boxes.indexOf(box);
  if (at < 2) return;
  // A pair and a query name runs by number: they no longer mean the same runs.
  const patch = { runs: app.state.runs - 1, pair: '', query: '' };
  for (let i = at; i < boxes.length; i++) {
    const next = boxes[i + 1];
    const [slot, nextSlot] = [slotOf('compare', boxes[i]), next && slotOf('compare', next)];
    patch[FIELD[boxes[i]]] = next ? app.state[FIELD[next]] : '';
    if (next && app.sources[nextSlot]) app.sources[slot] = app.sources[nextSlot];
    else delete app.sources[slot];
    // The runner holds texts by slot: each moved run is loaded again.
    app.loaded[slot] = null;
  }
  update(app, patch);
  view.focusBox(app.view, boxes[at - 1]);
}

function fullActions(app, handlers) {
  return {
    example: (data) => loadExample(app, data.example),
    reset: () => loadExample(app, 'worked'),
    'undo-drop': () => undoDrop(app),
    export: (data) => exportAs(app, data.format),
    download: () => downloadShown(app),
    'copy-export': () => copyShown(app),
    'export-part': () => showPart(app),
    'explain-query': (data) => explainQuery(app, data.qid),
    'compare-query': (data) => openSide(app, String(data.qid)),
    // Back when the query was opened here (its scroll kept), else straight to the table.
    'all-queries': () => (app.left ? history.back() : app.state.mode === 'compare' ? closeSide(app) : handlers.mode('trec')),
    'run-add': () => addRun(app),
    'run-remove': (data) => removeRun(app, data.box),
    'compare-pick': (data) => setView(app, { measure: data.value }),
    'compare-pair': (data) => { setView(app, { pair: data.value }); loadDrill(app, false); },
    'source-edit': (data) => sourceAction(app, data, true),
    'source-remove': (data) => sourceAction(app, data, false),
    'group-remove': () => removeGroup(app),
    'switch-trec': () => handlers.mode('trec'),
    'open-embed': () => { view.showEmbed(app.view, true); draw(app); },
    'close-embed': () => view.showEmbed(app.view, false),
    'copy-snippet': (data) => copySnippet(app, data.target),
    'jump-results': () => { view.focusResults(app.view); },
    'jump-error': () => view.showError(app.view, app.controlError || (app.computed && app.computed.error)),
  };
}

async function copyLink(app) {
  if (app.timer) run(app);
  persist(app);
  const ok = await view.copyText(app.view, location.href);
  if (ok && hasSources(app)) {
    view.announce(app.view, t(app.lang, 'linkWithoutFiles'));
  } else if (tooLongForLink(app.state)) {
    const size = `${Math.round(textLength(app.state) / 1024)} KB`;
    view.announce(app.view, t(app.lang, 'linkTooLong', { size }));
  } else {
    view.announce(app.view, ok ? t(app.lang, 'linkCopied') : t(app.lang, 'copyFailed'));
  }
  view.flashButton(app.view, 'copy-link', t(app.lang, ok ? 'linkCopiedShort' : 'copyFailedShort'));
}

async function copySnippet(app, id) {
  const text = view.embedSnippet(app.view, id);
  if (!text) return;
  const ok = await view.copyText(app.view, text);
  view.embedStatus(app.view, t(app.lang, ok ? 'embedCopied' : 'copyFailed'));
}

// A box's text: one too long for the box is kept out of it at once.
function boxText(app, handlers, box, value, patch) {
  if (!fitsInBox(value)) {
    handlers.bigText(box, value);
    return;
  }
  update(app, patch, delayFor(box === 'qrels' ? { ...app.state, qrels: value } : { ...app.state, text: value }));
}

function fullHandlers(app, handlers) {
  const base = handlers.hashChanged;
  return {
    textB: (value) => boxText(app, handlers, 'ranking-b', value, { textB: value }),
    qrels: (value) => boxText(app, handlers, 'qrels', value, { qrels: value }),
    /** Runs C to H of compare mode. */
    runText: (box, value) => boxText(app, handlers, box, value, { [FIELD[box]]: value }),
    /** One file or several (a drop of LETOR and its predictions, a run and its qrels). */
    openGroup: (file) => openGroup(app, file),
    openFile: (box, files) => openFile(app, box, Array.isArray(files) ? files : [files]),
    mode(mode) {
      app.back = null;
      app.state = withMode(app, app.state, mode);
      run(app);
    },
    copyLink: () => copyLink(app),
    hashChanged: () => hashChanged(app, base),
    embedChanged: () => draw(app),
  };
}

/**
 * Batch mode's formats beyond trec_eval's text: those of `ndcg trec
 * --format` (JSON, CSV), once the module's trec table has that row and its
 * evaluateTrec() answers with its text in the format asked for (asked once,
 * on a one-line run).
 */
export function trecFormats(api) {
  const row = api.trecOptionSchema().find((r) => r.key === 'format');
  if (!row) return [];
  try {
    const probe = api.evaluateTrec('q 0 d 1\n', 'q Q0 d 1 1 r\n', { measures: ['map'], format: 'json' }).text;
    if (!probe.trimStart().startsWith('{')) return [];
  } catch {
    return [];
  }
  return ['json', 'csv'].filter((f) => row.choices.includes(f));
}

/** The full page's handlers: every view's (handlers.js) and its own. */
export function makeFullHandlers(app) {
  // Asked the first time batch mode is shown, not at start-up.
  let trec = null;
  app.exportFormats = { get trec() { return trec || (trec = trecFormats(app.api)); } };
  const moves = rearrangeHandlers(app);
  return makeHandlers(app, (a, handlers) => ({ handlers: { ...fullHandlers(a, handlers), ...moves.handlers }, actions: { ...fullActions(a, handlers), ...moves.actions } }));
}
