// Formula fragments: rel_i, the gain and the discount in force, as math and as text.
import { h } from '../templates.js';
import { plain } from './numbers.js';

export const sub = (x) => h('sub', null, x);
const sup = (x) => h('sup', null, x);
export const v = (x) => h('var', null, x);

export function relI() {
  return [v('rel'), sub(v('i'))];
}

/** The gain of rel_i under the options, as formula nodes. */
export function gainExpr(gain) {
  if (gain === 'linear') return relI();
  if (gain === 'table') return ['g(', relI(), ')'];
  return ['2', sup(relI()), ' − 1'];
}

export function gainText(gain) {
  if (gain === 'linear') return 'rel_i';
  if (gain === 'table') return 'g(rel_i)';
  return '2^rel_i − 1';
}

function baseText(logBase) {
  if (logBase === 2) return '2';
  if (Math.abs(logBase - Math.E) < 1e-12) return 'e';
  return plain(logBase);
}

export function discountExpr(logBase) {
  return ['log', sub(baseText(logBase)), '(', v('i'), ' + 1)'];
}

export function discountText(logBase) {
  return `log_${baseText(logBase)}(i + 1)`;
}

/**
 * Where the ideal order came from, as the numbers were computed: 'list' (the
 * ranking's own grades), 'fallback' (judgments asked for, none given),
 * 'judgments', or 'judgmentsCut' (cut to the ranking's length). Every
 * sentence about the ideal order is chosen by this one answer.
 */
export function idealSource(r) {
  if (r.options.ideal !== 'judgments') return 'list';
  if (!r.hasJudgments) return 'fallback';
  return r.options.idealCutToRetrieved ? 'judgmentsCut' : 'judgments';
}
