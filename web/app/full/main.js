// The full page's entry (index.html): every mode, the export panel and the
// embed dialog. The embed page has its own entry, embed-page.js.
// The texts first: kept together in the bundle, they compress better.
import './texts/page-texts.js';
import './texts/ab-texts.js';
import './texts/batch-texts.js';
import './texts/measure-texts.js';
import './texts/formats-texts.js';
import './texts/compare-texts.js';
import './texts/export-texts.js';
import './texts/embed-texts.js';
import './texts/rearrange-texts.js';
import './teach/teach-texts.js';
// Batch mode's model, which it adds to compute()'s.
import './batch/batch-compute.js';
import { start } from '../shared/controller.js';
import { makeFullHandlers } from './full-handlers.js';
import { FULL_MODES } from './full-controller.js';
import { FULL_REGIONS } from './full-regions.js';

if (typeof document !== 'undefined' && document.getElementById('app')) {
  start({ doc: document, full: true, makeHandlers: makeFullHandlers, regions: FULL_REGIONS, modes: FULL_MODES });
}
