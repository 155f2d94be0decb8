// The full page's entry (index.html): every mode, the export panel and the
// embed dialog. The embed page has its own entry, embed-page.js.
// The texts first: kept together in the bundle, they compress better.
import './texts/page.js';
import './texts/ab.js';
import './texts/batch.js';
import './texts/compare.js';
import './texts/export.js';
import './texts/embed.js';
import { start } from './controller.js';
import { makeFullHandlers } from './full-handlers.js';
import { FULL_MODES } from './full-controller.js';
import { FULL_REGIONS } from './full-regions.js';

if (typeof document !== 'undefined' && document.getElementById('app')) {
  start({ doc: document, full: true, makeHandlers: makeFullHandlers, regions: FULL_REGIONS, modes: FULL_MODES });
}
