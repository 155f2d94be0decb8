// The embed page's entry (embed.html): one ranking, the options it shows and
// the results, without batch, compare, export or the embed dialog (see
// full-regions.js); it reports its height to the page that frames it.
import { start } from '../shared/controller.js';
import { makeHandlers } from '../shared/handlers.js';
import { reportHeight } from './embed-size.js';
import { renderFullLink } from './full-link.js';

if (typeof document !== 'undefined' && document.getElementById('app')) {
  start({ doc: document, full: false, makeHandlers, regions: { results: {}, fullLink: renderFullLink } });
  reportHeight(document);
}
