// What each event of every view does to the state: typing in the ranking,
// options, presets, the language and theme, the rows shown, an error's place
// and the hash. The full page's own events (files, modes, runs, exports, the
// embed dialog) are added by full-handlers.js, which its entry uses.
import { implying } from './option-rows.js';
import { applyPreset, fitsInBox } from './state.js';
import { keepOutOfBox } from './sources.js';
import * as store from './store.js';
import * as view from './view.js';
import { delayFor, draw, holdError, resetRows, run, stateFromHash, tooLongForLink, update } from './controller.js';

// The table a gain table starts from when gain "table" is chosen with none:
// the exponential gains of grades 0 to 4.
const SAMPLE_TABLE = '0,1,3,7,15';

function moreRows(app, data) {
  const which = data.table === 'idcg' ? 'idcg' : 'dcg';
  app.rowLimit = { ...app.rowLimit, [which]: data.count === 'all' ? Infinity : app.rowLimit[which] + Number(data.count) };
  draw(app);
}

function hashChanged(app) {
  const hash = store.readHash();
  if (hash === app.hash) return;
  const state = stateFromHash(app, hash);
  if (!state) return;
  app.state = state;
  app.keepUrl = tooLongForLink(state);
  app.controlError = null;
  if (state.lang) app.lang = state.lang;
  if (state.theme) app.theme = state.theme;
  resetRows(app);
  run(app);
}

/** A typed option value: {value} changes the state, {error} is shown at its control until fixed. */
function setOption(app, key, read) {
  if (read.error) {
    app.controlError = read.error;
    holdError(app);
    draw(app);
    return;
  }
  if (app.controlError && app.controlError.key === key) app.controlError = null;
  const patch = { [key]: read.value };
  // A choice that an empty row implies (gain "table", the core's `implies`) starts that row from a sample.
  const row = implying(app.spec.rows, key, read.value);
  if (row && !app.state[row.key].trim()) patch[row.key] = SAMPLE_TABLE;
  update(app, patch, app.spec.byKey.get(key).kind === 'reals' ? 250 : 0);
}

function toolbarHandlers(app) {
  return {
    toggleLang() {
      app.lang = app.lang === 'zh' ? 'en' : 'zh';
      // Preferences are the calculator's; an embed keeps its language in its hash.
      if (app.full) store.savePref('lang', app.lang);
      update(app, { lang: app.lang });
    },
    toggleTheme(darkNow) {
      app.theme = darkNow ? 'light' : 'dark';
      if (app.full) store.savePref('theme', app.theme);
      // A theme the link named follows the toggle, so the link stays true.
      if (app.state.theme) update(app, { theme: app.theme });
      else draw(app);
    },
    systemTheme: () => draw(app),
  };
}

// The click actions every view has ([data-action] in the results).
function actionsOf(app, handlers) {
  return {
    'more-rows': (data) => moreRows(app, data),
    'goto-error': () => { if (app.computed && app.computed.error) view.selectError(app.view, app.computed.error); },
    'use-preset': (data) => handlers.preset(data.preset),
    'other-reading': (data) => update(app, { columns: data.columns }),
    'pick-query': (data) => update(app, { query: data.query }),
  };
}

/**
 * The handlers the view calls, for `app` (see controller.js). `more(app,
 * handlers)` gives a view's own {handlers, actions}, added to these.
 */
export function makeHandlers(app, more = null) {
  const handlers = {
    text(value) {
      // Rows go back to the first page when the new result arrives, not per keystroke.
      if (!fitsInBox(value)) {
        handlers.bigText('ranking', value);
        return;
      }
      app.rowsStale = true;
      update(app, { text: value }, delayFor({ ...app.state, text: value }));
    },
    /** A text too long for its box (a paste, a drop of text): kept out of it at once. */
    bigText(box, value) {
      resetRows(app);
      keepOutOfBox(app, box, value);
      run(app);
    },
    preset(name) {
      app.state = applyPreset(app.spec, app.state, name);
      run(app);
    },
    option: (key, read) => setOption(app, key, read),
    resync(key) {
      if (app.controlError && app.controlError.key === key) app.controlError = null;
      draw(app);
    },
    action: (name, data) => { if (actions[name]) actions[name](data); },
    hashChanged: () => hashChanged(app),
    ...toolbarHandlers(app),
  };
  const own = more ? more(app, handlers) : { handlers: {}, actions: {} };
  const actions = { ...actionsOf(app, handlers), ...own.actions };
  return Object.assign(handlers, own.handlers);
}
