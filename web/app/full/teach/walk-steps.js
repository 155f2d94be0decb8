// The guided walk's five steps, read from one explanation's fields (no
// number typed in): what each says, which cells it lights and, when the
// learner guesses first, what it asks, with the slips worth naming.
import { t } from '../../shared/i18n.js';
import { cutLabel } from '../../shared/state.js';
import { idealSource } from '../../shared/templates/formulas.js';
import { fixed } from '../../shared/templates/numbers.js';
import { sumLine } from '../../shared/templates/steps.js';
import { formula } from './cell-tips.js';

const ask = (name, value, d, slips = [], shown = fixed(value, d)) => ({ name, value, shown, slips });

// A step's row: a grade of 2 or more shows the −1 best; position 3's discount is round; position 2's is the first that divides.
function rows(steps) {
  const pick = (ok, i) => steps.find((x, j) => j < 10 && ok(x)) || steps[Math.min(i, steps.length - 1)];
  return [pick((x) => x.rel >= 2, 0), steps[Math.min(2, steps.length - 1)], pick((x) => x.position > 1 && x.gain > 0, 1)];
}

/** Step `i` (0..4) over explanation `r` ({text, why, cells, asks}); the ranking has rows. */
export function walkStep(lang, r, i, d) {
  const kl = cutLabel(r.k);
  const [g, c, tm] = rows(r.steps);
  const learn = t(lang, 'learn').map(([, p]) => p);
  const q = (key, x, slips) => {
    const [name, ...made] = formula(lang, r, key, x, d).split(' = ');
    return ask(name, x[{ col_gain: 'gain', col_discount: 'discount', col_term: 'contribution' }[key]], d, slips, made.pop());
  };
  // From all judgments: the slip is the ideal of the retrieved items; from the list, the why is the pool's trap.
  const own = idealSource(r).startsWith('judgments') ? r.idcgList : NaN;
  return [
    () => ({ text: [formula(lang, r, 'col_gain', g, d)], why: [learn[0][2], r.options.gain === 'exp' ? t(lang, 'whyMinus') : ''], cells: ['dcg', ['col_grade', 'col_gain']],
      asks: [q('col_gain', g, [['noMinus', r.options.gain === 'exp' ? g.gain + 1 : NaN]])] }),
    () => ({ text: [formula(lang, r, 'col_discount', c, d)], why: [learn[1][0]], cells: ['dcg', ['col_discount']],
      asks: [q('col_discount', c, [['noPlusOne', c.position > 1 ? r.steps[c.position - 2].discount : NaN]])] }),
    () => ({ text: [formula(lang, r, 'col_term', tm, d), sumLine(`DCG${kl}`, r.steps, r.dcg, d)], why: [learn[0][1]], cells: ['dcg', ['col_term', 'col_running']],
      asks: [q('col_term', tm, []), ask(`DCG${kl}`, r.dcg, d)] }),
    () => ({ text: [t(lang, `step2From_${idealSource(r)}`), sumLine(`IDCG${kl}`, r.idealSteps, r.idcg, d)], why: Number.isNaN(own) ? learn[3] : [t(lang, 'whyIdeal'), learn[3][0]], cells: ['idcg'],
      asks: [ask(`IDCG${kl}`, r.idcg, d, [['ownIdeal', own]])] }),
    () => ({ text: [`NDCG${kl} = DCG${kl} / IDCG${kl} = ${fixed(r.dcg, d)} / ${fixed(r.idcg, d)} = ${r.ndcg === null ? '—' : fixed(r.ndcg, d)}`], why: [learn[2][0]], cells: [],
      asks: r.idcg > 0 ? [ask(`NDCG${kl}`, r.ndcg, d, [['inverted', r.idcg / r.dcg]])] : [] }),
  ][i]();
}
