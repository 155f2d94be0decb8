// The teaching parts' state and wiring: the guided walk (its step and
// answers) and guessing first, which is off until asked for, so someone
// after the number gets it at once. While a guess is open the results
// wait; the walk lights its step's cells. The view calls panel() and why()
// while it draws the results, after() once they are drawn, bind() once.
import './teach-texts.js';
import { t } from '../../shared/i18n.js';
import { byId, setText } from '../../shared/regions/dom.js';
import { h } from '../../shared/templates.js';
import { announce } from '../../shared/view.js';
import { bindTips, HELP_KEYS, helpOf, num } from './cell-tips.js';
import { judge, readGuess } from './guess.js';
import { walkStep } from './walk-steps.js';
import { openAsks, teachPanel, whyNote } from './walk-view.js';

const state = { walking: false, step: 0, guessFirst: false, answers: {}, invalid: '', subject: '', lang: 'en', model: null, view: null };

const explanation = (model) => (model && model.state.mode === 'explain' && model.analysis && model.analysis.explanation.steps.length ? model.analysis.explanation : null);
const decimals = () => state.model.state.decimals;

function panel(lang, model) {
  const r = explanation(model);
  if (!r) return null;
  // A new ranking (or K, or judgments) is a new question.
  const subject = [model.state.text, model.state.qrels, r.k, r.dcg, r.idcg].join('\n');
  if (subject !== state.subject) Object.assign(state, { subject, answers: {}, invalid: '' });
  return teachPanel(lang, r, model.state.decimals, state);
}

// True while a question is open: the results wait for the guess.
function pending(r) {
  if (!r || !state.guessFirst) return false;
  if (state.walking) return !openAsks(walkStep(state.lang, r, state.step, decimals()).asks, `${state.step}-`, state.answers).done;
  return r.idcg > 0 && !state.answers.h;
}

// The walk's step lights its cells: the columns its headers' data-help name (a whole table when none).
function light(doc, r) {
  for (const el of doc.querySelectorAll('.walk-hot')) el.classList.remove('walk-hot');
  const [which, cols] = r && state.walking ? walkStep(state.lang, r, state.step, decimals()).cells : [];
  const table = which && byId(doc, `table-${which}`);
  if (!table) return;
  const at = Array.from(table.tHead.rows[0].cells, (th) => !cols || cols.includes(th.dataset.help));
  for (const row of table.tBodies[0].rows) Array.from(row.cells, (cell, i) => at[i] && cell.classList.add('walk-hot'));
}

// The headers' help as descriptions (aria-describedby="help-col_gain", from helpAttrs in steps.js).
function helpTexts(doc, lang) {
  const box = byId(doc, 'col-helps') || doc.body.appendChild(h('div', { id: 'col-helps', hidden: true }));
  if (box.lang === lang) return;
  box.lang = lang;
  box.replaceChildren(...HELP_KEYS.map((k) => h('span', { id: `help-${k}` }, helpOf(lang, k))));
}

/** After each drawing of the results (and of the panel): what waits, what is lit. */
function after(view, lang, model) {
  Object.assign(state, { view, lang, model });
  helpTexts(view.doc, lang);
  const r = explanation(model);
  const wait = pending(r);
  byId(view.doc, 'results').classList.toggle('teach-wait', wait);
  byId(view.doc, 'results').classList.toggle('walk-on', Boolean(r && state.walking));
  view.doc.documentElement.classList.toggle('teach-wait', wait);
  if (wait) setText(byId(view.doc, 'result-live'), '');
  light(view.doc, r);
}

// The panel drawn again in place, then the focus on `id` (or the first open guess).
function redraw(id) {
  const { view, lang, model } = state;
  const old = byId(view.doc, 'teach');
  if (!old) return;
  old.replaceWith(panel(lang, model) || '');
  after(view, lang, model);
  const open = view.doc.querySelector('#teach .guess-input');
  const target = byId(view.doc, id) || open;
  if (target) target.focus();
}

function answer(id, shown) {
  const r = explanation(state.model);
  const [step, i] = id === 'h' ? [4, 0] : id.split('-').map(Number);
  const q = walkStep(state.lang, r, step, decimals()).asks[i];
  const input = byId(state.view.doc, `guess-${id}`);
  const guess = readGuess(input.value);
  state.invalid = shown || guess ? '' : id;
  if (state.invalid) return redraw(`guess-${id}`);
  const said = shown ? { right: false, lines: [`${q.name} = ${num(q.value, decimals())}`] } : judge(state.lang, q, guess, decimals());
  state.answers[id] = { text: shown ? '—' : input.value.trim(), ...said };
  redraw(null);
  if (!byId(state.view.doc, 'teach').querySelector('.guess-input')) byId(state.view.doc, id === 'h' ? 'guess-again' : 'walk-next').focus();
  announce(state.view, said.lines.join(' '));
}

const ACTIONS = {
  walk: () => {
    state.walking = !state.walking;
    state.step = 0;
    if (!state.walking && state.answers['4-0']) state.answers.h = state.answers['4-0'];
    redraw(state.walking ? 'walk-title' : 'walk-toggle');
  },
  go: ({ to }) => {
    state.step = Number(to);
    redraw('walk-title');
  },
  check: ({ q }) => answer(q, false),
  show: ({ q }) => answer(q, true),
  again: () => {
    delete state.answers.h;
    redraw('guess-h');
  },
};

/** Listens for the panel's buttons, its check box, Enter in a guess field, and the tables' tips. */
function bind(view) {
  const doc = view.doc;
  doc.addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('[data-teach]') : null;
    if (b) ACTIONS[b.dataset.teach]({ ...b.dataset });
  });
  doc.addEventListener('change', (e) => {
    if (e.target.id !== 'guess-first') return;
    state.guessFirst = e.target.checked;
    redraw('guess-first');
  });
  doc.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' || !(e.target instanceof Element) || !e.target.matches('.guess-input')) return;
    e.preventDefault();
    answer(e.target.dataset.q, false);
  });
  bindTips(doc, () => ({ lang: state.lang, r: explanation(state.model), d: state.model ? decimals() : 3 }));
}

export const TEACH = { panel, why: whyNote, after, bind };
