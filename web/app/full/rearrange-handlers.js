// What a move by hand does: the ranking's items in their new order become
// its text (reorder.js), pushed on an undo list, and the result is said
// through the status line ("d3 moved to position 1; NDCG@3 0.812").
import { t } from '../shared/i18n.js';
import { cutLabel } from '../shared/state.js';
import { fixed, plain } from '../shared/templates/numbers.js';
import * as view from '../shared/view.js';
import { run, update } from '../shared/controller.js';
import { idealOrder, itemsOf, moved, orderOptions, textFor } from './reorder.js';
import { focusRow } from './regions/rearrange.js';

const UNDO_STEPS = 50;

/** True when the last move can be undone: the ranking still holds the text it wrote. */
function canUndo(app) {
  const last = app.undo && app.undo[app.undo.length - 1];
  return Boolean(last && last.after === app.state.text);
}

// The NDCG now on show, as the status line says it.
function result(app) {
  const r = app.good.analysis && app.good.analysis.explanation;
  if (!r) return {};
  return { k: cutLabel(r.k), v: r.ndcg === null ? t(app.lang, 'undefinedValue') : fixed(r.ndcg, app.state.decimals) };
}

// Writes `list` as the ranking's text; false when no text holds that order.
function place(app, list) {
  const fields = textFor(app.api, app.spec, app.state, list);
  if (fields === null) {
    view.announce(app.view, t(app.lang, 'moveFailed'));
    return false;
  }
  const { text, query, columns } = app.state;
  app.undo = [...(canUndo(app) ? app.undo.slice(1 - UNDO_STEPS) : []), { before: { text, query, columns }, after: fields.text }];
  update(app, { ...fields, columns: '' });
  return true;
}

// The items in order; a keystroke still waiting is computed first, so the rows on show are the text's.
function itemsNow(app) {
  if (app.timer) run(app);
  return itemsOf(app.api, app.spec, app.state);
}

function moveRow(app, from, to, keys) {
  const list = itemsNow(app);
  if (!list || to < 0 || to >= list.length || !place(app, moved(list, from, to))) return;
  const item = list[from].id === null ? t(app.lang, 'movedItem', { rel: plain(list[from].rel), from: from + 1 }) : list[from].id;
  view.announce(app.view, t(app.lang, 'moved', { item, to: to + 1, ...result(app) }));
  if (keys) focusRow(app.view.doc, to);
}

// "NDCG@10 0.949 → 0.912": the order with the row at `to`, read by the core (small rankings: one drag step, a few calls).
function previewMove(app, from, to) {
  const list = itemsNow(app);
  const fields = list && list.length <= 1000 && textFor(app.api, app.spec, app.state, moved(list, from, to));
  if (!fields) return '';
  const { k, v } = result(app);
  const r = app.api.explain(fields.text, orderOptions(app.spec, { ...app.state, ...fields }));
  return `NDCG${k} ${v} → ${r.ndcg === null ? t(app.lang, 'undefinedValue') : fixed(r.ndcg, app.state.decimals)}`;
}

function idealAction(app) {
  const list = itemsNow(app);
  if (list && place(app, idealOrder(list))) view.announce(app.view, t(app.lang, 'movedIdeal', result(app)));
}

function undoAction(app) {
  if (!canUndo(app)) return;
  update(app, app.undo.pop().before);
  view.announce(app.view, t(app.lang, 'movedBack', result(app)));
}

/** The handlers and click actions of rearranging, for makeHandlers's `more`. */
export function rearrangeHandlers(app) {
  return {
    handlers: { moveRow: (from, to, keys) => moveRow(app, from, to, keys), previewMove: (from, to) => previewMove(app, from, to) },
    actions: { 'ideal-order': () => idealAction(app), 'undo-move': () => undoAction(app) },
  };
}
