// On a narrow screen the results come after every input and setting: a
// line at the top (sticky, shown below 900 px by styles-page.css) carries
// the result, or what is wrong with the input, and a button that goes there.
import { t } from '../../shared/i18n.js';
import { button, count, fixed, h } from '../../shared/templates.js';
import { cutLabel } from '../../shared/state.js';
import { compareLive } from './compare-results.js';

export function mountTopline(root) {
  const line = h('div', { id: 'topline', class: 'topline', hidden: true });
  root.replaceChildren(line);
  return { root, line, key: null };
}

// The result in a few words: NDCG of the ranking, batch mode's mean, compare's difference.
function resultText(lang, model) {
  const d = model.state.decimals;
  if (model.state.mode === 'compare') return model.compare ? compareLive(lang, model) : '';
  if (model.state.mode === 'trec') {
    const trec = model.trec;
    const name = trec && [`ndcg_cut_${model.state.k}`, 'ndcg'].find((m) => m in trec.mean);
    return name ? t(lang, 'trecLive', { name, value: fixed(trec.mean[name], d), n: count(trec.numQ) }) : '';
  }
  const r = model.analysis && model.analysis.explanation;
  return r ? `NDCG${cutLabel(r.k)} = ${r.ndcg === null ? t(lang, 'undefinedValue') : fixed(r.ndcg, d)}` : '';
}

function content(lang, model) {
  const e = model.error;
  if (e) {
    const where = e.line ? ` ${t(lang, 'errorWhere', { line: e.line, column: e.column })}` : '';
    const title = t(lang, e.source === 'options' || (!e.line && !e.source) ? 'errorOption' : 'errorHeading');
    return { cls: 'topline bad', parts: [h('strong', null, title), where, ' ', button({ class: 'small', 'data-action': 'jump-error' }, t(lang, 'toplineError'))] };
  }
  const text = model.pending ? '' : resultText(lang, model);
  if (!text) return null;
  return { cls: 'topline', parts: [h('strong', null, text), ' ', button({ class: 'small', 'data-action': 'jump-results' }, t(lang, 'toplineResults'))] };
}

/** Draws the line for `model`: the error first, else the result. */
export function renderTopline(region, lang, model) {
  const key = `${model.version}|${lang}|${model.error ? `${model.error.code}:${model.error.line}:${model.error.column}` : ''}|${model.pending}`;
  if (key === region.key) return;
  region.key = key;
  const c = content(lang, model);
  region.line.hidden = !c;
  if (!c) return region.line.replaceChildren();
  region.line.className = c.cls;
  region.line.replaceChildren(...c.parts);
}
