// Finds the WebAssembly module that the page's (or component's) first
// script defines as the global createNdcgModule, and returns its API.
let pending = null;

/** The API (see web/api/api.js), created once per page. */
export function loadApi() {
  if (!pending) {
    pending = (async () => {
      // A free name first: where a bundler wraps dist/ndcg-calc.js in a
      // function (import 'ndcg-calc/element'), the module's var is not global.
      /* global createNdcgModule */
      const factory = typeof createNdcgModule === 'function' ? createNdcgModule : globalThis.createNdcgModule;
      if (typeof factory !== 'function') throw new Error('the module script did not load');
      const api = await factory();
      if (typeof api.explain !== 'function') throw new Error('the module script is not the ndcg-calc API');
      return api;
    })();
  }
  return pending;
}
