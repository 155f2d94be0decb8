// The teaching parts' state and wiring: the guided walk (its step and
// answers) and guessing first, off until asked for, so someone after the
// number gets it at once. While a guess is open the results wait; the walk
// lights its step's cells. The view calls panel() and why() while it draws
// the results, after() once they are drawn, bind() once.
import './teach-texts.js';
import { byId, setText } from '../../shared/regions/dom.js';
import { h } from '../../shared/templates.js';
import { announce } from '../../shared/view.js';
import { bindTips, headStops, helpOf } from './cell-tips.js';
import { judge, readGuess } from './guess.js';
import { walkStep } from './walk-steps.js';
import { openAsks, teachPanel, whyNote } from './walk-view.js';

const state = { walking: false, guessFirst: false, step: 0, answers: {} };

const explanation = (model) => (model && model.state.mode === 'explain' && model.analysis && model.analysis.explanation.steps.length ? model.analysis.explanation : null);
const step = (r, i = state.step) => walkStep(state.lang, r, i, state.model.state.decimals);

function panel(lang, model) {
  const r = explanation(model);
  // A new ranking (or K, or judgments) is a new question.
  const subject = r && [model.state.text, model.state.qrels, r.k, r.dcg, r.idcg].join('\n');
  if (subject !== state.subject) Object.assign(state, { subject, answers: {} });
  return r && teachPanel(lang, r, model.state.decimals, state);
}

// The walk's step lights its cells: the columns its headers' data-help name (a whole table when none).
function light(doc, r) {
  for (const el of doc.querySelectorAll('.walk-hot')) el.classList.remove('walk-hot');
  const [which, cols] = r && state.walking ? step(r).cells : [];
  const table = which && byId(doc, `table-${which}`);
  if (!table) return;
  const at = Array.from(table.tHead.rows[0].cells, (th) => !cols || cols.includes(th.dataset.help));
  for (const row of table.tBodies[0].rows) Array.from(row.cells, (cell, i) => at[i] && cell.classList.add('walk-hot'));
}

/** After each drawing of the results (and of the panel): the headers' help, what waits, what is lit. */
function after(view, lang, model) {
  Object.assign(state, { view, lang, model });
  const doc = view.doc;
  // The headers' descriptions (aria-describedby="help-col_gain", from helpAttrs in steps.js).
  const box = byId(doc, 'col-helps') || doc.body.appendChild(h('div', { id: 'col-helps', hidden: true }));
  if (box.lang !== lang) box.replaceChildren();
  box.lang = lang;
  for (const th of doc.querySelectorAll('th[data-help]')) {
    const id = `help-${th.dataset.help}`;
    if (!byId(doc, id)) box.appendChild(h('span', { id }, helpOf(lang, th.dataset.help)));
  }
  headStops(doc);
  const r = explanation(model);
  // A guess open: the results wait for it, and nothing is read out.
  const wait = Boolean(r && state.guessFirst && (state.walking ? !openAsks(step(r).asks, `${state.step}-`, state.answers).done : r.idcg > 0 && !state.answers.h));
  for (const el of [byId(doc, 'results'), doc.documentElement]) el.classList.toggle('teach-wait', wait);
  byId(doc, 'results').classList.toggle('walk-on', Boolean(r && state.walking));
  if (wait) setText(byId(doc, 'result-live'), '');
  light(doc, r);
}

// The panel drawn again in place, then the focus on the first of `ids` there is (OPEN: the open guess field).
const OPEN = 1;
function redraw(...ids) {
  const { view, lang, model } = state;
  const doc = view.doc;
  const old = byId(doc, 'teach');
  if (!old) return;
  old.replaceWith(panel(lang, model) || '');
  after(view, lang, model);
  const to = ids.map((id) => (id === OPEN ? doc.querySelector('#teach .guess-input') : byId(doc, id))).find(Boolean);
  if (to) to.focus();
}

function answer(id, shown) {
  const r = explanation(state.model);
  const q = id === 'h' ? step(r, 4).asks[0] : step(r).asks[id.split('-')[1]];
  const input = byId(state.view.doc, `guess-${id}`);
  const guess = readGuess(input.value);
  state.invalid = shown || guess ? '' : id;
  if (state.invalid) return redraw(OPEN);
  const said = shown ? { lines: [`${q.name} = ${q.shown}`] } : judge(state.lang, q, guess, state.model.state.decimals);
  state.answers[id] = { text: shown ? '—' : input.value.trim(), ...said };
  redraw(OPEN, id === 'h' ? 'guess-first' : 'walk-next');
  announce(state.view, said.lines.join(' '));
}

const ACTIONS = {
  walk: () => {
    state.walking = !state.walking;
    state.step = 0;
    state.answers.h = state.answers.h || state.answers['4-0'];
    redraw(state.walking ? 'walk-title' : 'walk-toggle');
  },
  go: ({ to }) => {
    state.step = +to;
    redraw('walk-title');
  },
  check: ({ q, show }) => answer(q, show),
  // The long "How NDCG@K works", its first part open, brought into view from the top.
  learn: () => {
    const first = state.view.doc.querySelector('.learn details');
    first.open = true;
    first.scrollIntoView();
    first.querySelector('summary').focus();
  },
};

/** Listens for the panel's buttons, its check box, Enter in a guess field, and the tables' tips. */
function bind(view) {
  const doc = view.doc;
  doc.addEventListener('click', (e) => {
    const b = e.target instanceof Element && e.target.closest('[data-teach]');
    if (b) ACTIONS[b.dataset.teach]({ ...b.dataset });
  });
  doc.addEventListener('change', (e) => {
    if (e.target.id !== 'guess-first') return;
    state.guessFirst = e.target.checked;
    redraw('guess-first');
  });
  doc.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || !e.target.matches || !e.target.matches('.guess-input')) return;
    e.preventDefault();
    answer(e.target.dataset.q);
  });
  bindTips(doc, () => ({ lang: state.lang, r: explanation(state.model), d: state.model.state.decimals }));
}

export const TEACH = { panel, why: whyNote, after, bind };
