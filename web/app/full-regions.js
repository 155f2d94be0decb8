// The regions only the full page has: compare and batch mode, ranking B, the
// export panel and the embed dialog. Its entry (main.js) hands them to the
// view, so the embed page (embed-page.js) carries none of their code or texts.
import * as exporter from './regions/export.js';
import * as embed from './regions/embed.js';
import { chartKeys, compareLive, compareSections } from './regions/compare.js';
import { batchSections } from './regions/batch.js';
import { abPanel } from './ab.js';

export const FULL_REGIONS = {
  results: { compare: { sections: compareSections, live: compareLive }, batch: batchSections, ab: abPanel },
  exporter,
  embed,
  chartKeys,
};
