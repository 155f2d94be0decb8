// The teaching panel's DOM, pure builders over the walk's state: the bar
// (walk, guess first), the walk's current step with its questions, NDCG
// asked before the results, and the "why" beside each step table.
import { t } from '../../shared/i18n.js';
import { button, h, section } from '../../shared/templates.js';
import { walkStep } from './walk-steps.js';

/** The "why" of a step table ('dcg', 'idcg', 'ndcg'), collapsed to one line; its text is the walk's own. */
export function whyNote(lang, which, r) {
  return h('details', { class: 'why-note' }, h('summary', null, t(lang, 'why')),
    { dcg: [0, 1], idcg: [3], ndcg: [4] }[which].flatMap((i) => walkStep(lang, r, i, 3).why).map((p) => p && h('p', null, p)));
}

/** The questions on show: the answered ones, then the first open one (null once all are answered). */
export function openAsks(asks, prefix, answers) {
  const shown = [];
  for (let i = 0; i < asks.length; i++) {
    shown.push([asks[i], prefix + i]);
    if (!answers[prefix + i]) return shown;
  }
  shown.done = true;
  return shown;
}

function askBox(lang, [q, id], state) {
  const a = state.answers[id];
  const label = t(lang, 'guessAsk', { name: q.name });
  if (a) return h('div', { class: 'guess' }, h('p', null, `${label} → `, h('strong', null, a.text)), a.lines.map((l) => l && h('p', { class: a.right ? 'right' : null }, l)));
  const bad = state.invalid === id;
  return h('p', { class: 'guess' }, h('label', { for: `guess-${id}` }, label), ' ',
    h('input', { id: `guess-${id}`, class: 'guess-input', inputmode: 'decimal', autocomplete: 'off', 'data-q': id, 'aria-invalid': String(bad), 'aria-describedby': bad ? 'bad' : null }), ' ',
    button({ 'data-teach': 'check', 'data-q': id }, t(lang, 'guessCheck')), ' ', button({ 'data-teach': 'check', 'data-q': id, 'data-show': 1 }, t(lang, 'guessSkip')),
    bad ? h('span', { class: 'guess-bad', id: 'bad' }, ` ${t(lang, 'guessInvalid')}`) : null);
}

function walkBox(lang, r, d, state) {
  const i = state.step;
  const step = walkStep(lang, r, i, d);
  const shown = state.guessFirst ? openAsks(step.asks, `${i}-`, state.answers) : { done: 1 };
  return h('div', { id: 'walk', class: 'walk', role: 'group', 'aria-labelledby': 'walk-title' },
    h('h4', { id: 'walk-title', tabindex: '-1' }, t(lang, 'walkStep', { i: i + 1, name: t(lang, 'walkNames')[i] })),
    state.guessFirst ? shown.map((ask) => askBox(lang, ask, state)) : null,
    shown.done ? [step.text.map((line) => h('p', { class: line.includes(' = ') ? 'walk-text' : null }, line)), h('p', { class: 'why' }, [t(lang, 'why'), ...step.why].filter(Boolean).join(lang === 'zh' ? '' : ' '))] : null,
    h('p', null, button({ 'data-teach': 'go', 'data-to': i - 1, disabled: !i }, t(lang, 'walkPrev')), ' ',
      button({ 'data-teach': i > 3 ? 'walk' : 'go', 'data-to': i + 1, id: 'walk-next', class: 'primary' }, t(lang, i > 3 ? 'walkDone' : 'walkNext'))));
}

/** The teaching panel for explanation `r` with `d` decimals under `state` (teach.js). */
export function teachPanel(lang, r, d, state) {
  const ndcg = walkStep(lang, r, 4, d).asks[0];
  return section('teach', t(lang, 'teachHeading'), [
    h('p', { class: 'teach-bar' },
      button({ 'data-teach': 'walk', id: 'walk-toggle', 'aria-expanded': String(state.walking) }, t(lang, state.walking ? 'walkStop' : 'walkStart')), ' ',
      h('label', { class: 'choice' }, h('input', { type: 'checkbox', id: 'guess-first', checked: state.guessFirst }), ' ', t(lang, 'guessToggle')), ' ',
      button({ 'data-teach': 'learn', class: 'small' }, t(lang, 'learnHeading'))),
    state.walking ? walkBox(lang, r, d, state) : state.guessFirst && ndcg ? askBox(lang, [ndcg, 'h'], state) : null,
  ], { id: 'teach' });
}
