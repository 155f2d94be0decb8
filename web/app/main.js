// The page's entry: starts the controller on the full page (index.html) or
// the compact one (embed.html, whose body has the class "embed").
import { start } from './controller.js';
import { makeHandlers } from './handlers.js';

if (typeof document !== 'undefined' && document.getElementById('app')) {
  start({ doc: document, full: !document.body.classList.contains('embed'), makeHandlers });
}
