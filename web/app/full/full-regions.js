// The regions only the full page has: compare and batch mode, ranking B, the
// formulas, the judged pool, "how it works", the export panel and the embed
// dialog. Its entry (main.js) hands them to the view, so the embed page
// (embed-page.js) carries none of their code or texts.
import { chooseFormat, chosenFormat, chosenPart, mountExport, renderExport, showExport } from './regions/export-panel.js';
import { bindEmbed, closeEmbed, embedStatus, mountEmbed, openEmbed, renderEmbed, snippetText } from './regions/embed-dialog.js';
import { chartKeys, compareLive, compareSections } from './regions/compare-results.js';
import { batchSections } from './regions/batch-results.js';
import { backBar } from './history.js';
import { abPanel } from './ab.js';
import { formulas, learnSection, poolPanel } from './full-templates.js';
import { byId } from '../shared/regions/dom.js';
import { FULL_INPUT } from './regions/full-input.js';
import { mountTopline, renderTopline } from './regions/topline.js';
import { bindRows, rearrangeBar } from './regions/rearrange.js';
import { TEACH } from './teach/teach.js';

// The "how it works" section in the page's language.
function learn(doc, lang) {
  const body = byId(doc, 'learn-body');
  if (body) body.replaceChildren(...learnSection(lang));
}

export const FULL_REGIONS = {
  results: { compare: { sections: compareSections, live: compareLive }, batch: batchSections, ab: abPanel, formulas, pool: poolPanel, rearrange: rearrangeBar, back: backBar, teach: { panel: TEACH.panel, why: TEACH.why } },
  input: FULL_INPUT,
  learn,
  // The functions the view calls, not the modules: a module passed as a value
  // would be bundled with an object of getters for every export.
  exporter: { mountExport, renderExport, showExport, chooseFormat, chosenFormat, chosenPart },
  embed: { mountEmbed, renderEmbed, bindEmbed, openEmbed, closeEmbed, snippetText, embedStatus },
  topline: { mount: mountTopline, render: renderTopline },
  teach: { after: TEACH.after, bind: TEACH.bind },
  chartKeys,
  bindRows,
};
