// The page's entry: starts the controller on the full page (index.html) or
// the compact one (embed.html, whose body has the class "embed"), which
// also reports its height to the page that frames it.
// The texts first: kept together, they compress better.
import './texts/page.js';
import './texts/ab.js';
import './texts/batch.js';
import './texts/compare.js';
import './texts/export.js';
import './texts/embed.js';
import { start } from './controller.js';
import { makeHandlers } from './handlers.js';
import { reportHeight } from './embed-size.js';

if (typeof document !== 'undefined' && document.getElementById('app')) {
  const full = !document.body.classList.contains('embed');
  start({ doc: document, full, makeHandlers });
  if (!full) reportHeight(document);
}
