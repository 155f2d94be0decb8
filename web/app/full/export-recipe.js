// What an export is made of, as one key: the mode, the format, the result
// objects it is rendered from and the options that shape it. The preview
// and the export cache are kept while the key holds, so a redraw that
// changes none of these (a drill-down, a chart's pick) keeps them.
import { toCompareOptions, toTrecOptions } from '../shared/state.js';

const ids = new WeakMap();
let last = 0;

// A result object's number: the same object, the same number.
function idOf(object) {
  if (!object) return 0;
  if (!ids.has(object)) ids.set(object, ++last);
  return ids.get(object);
}

/**
 * The key of the export of `shown` ({spec, state, lang, analysis, analysisB,
 * trec, compare}: the page's model, or its last good results with its
 * state and language) in `format`, of ranking `which`. Explain's and
 * compare's prose is in the page's language (the core's `language` option).
 */
export function exportRecipe(shown, format, which = 'a') {
  const { state } = shown;
  const mode = state.mode;
  const more = mode === 'trec' ? '' : shown.lang;
  let made;
  if (mode === 'compare') made = [idOf(shown.compare), toCompareOptions(shown.spec, state, shown.compare && shown.compare.runs), state.decimals];
  else if (mode === 'trec') made = [idOf(shown.trec), toTrecOptions(shown.spec, state)];
  else made = [idOf(which === 'b' ? shown.analysisB : shown.analysis)];
  return JSON.stringify([mode, format, which, more, made]);
}
