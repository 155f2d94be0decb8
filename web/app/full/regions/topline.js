// On a narrow screen the results come after every input and setting: a
// line at the top (sticky, shown below 900 px by styles-page.css) carries
// the result, or what is wrong with the input, and a button that goes there.
import { t } from '../../shared/i18n.js';
import { button, h } from '../../shared/templates.js';
import { errorTitle, isChoice } from '../../shared/templates/errors.js';
import { liveText } from '../../shared/regions/results.js';
import { compareLive } from './compare-results.js';

export function mountTopline(root) {
  const line = h('div', { id: 'topline', class: 'topline', hidden: true });
  root.replaceChildren(line);
  return { root, line, key: null };
}

function content(lang, model) {
  if (model.error) {
    return { cls: isChoice(model.error) ? 'topline' : 'topline bad', parts: [...errorTitle(lang, model.error), ' ', button({ class: 'small', 'data-action': 'jump-error' }, t(lang, 'toplineError'))] };
  }
  const text = liveText(lang, model, compareLive);
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
