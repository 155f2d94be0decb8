// Finds the WebAssembly module that the page's (or component's) first
// script defines as the global createNdcgModule, and returns its API.
let pending = null;

/**
 * Calls the Emscripten factory with fetch() hidden. Emscripten 3.1.6 tries
 * fetch() on the inlined `data:` wasm before decoding it itself; under the
 * page's CSP (no connect-src) that attempt is refused and logged as a
 * violation. Without fetch it decodes the base64 directly. The factory
 * reads `fetch` synchronously, so the global is restored before any other
 * code runs.
 */
function withoutFetch(factory) {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (!saved || !saved.configurable) return factory();
  Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
  try {
    return factory();
  } finally {
    Object.defineProperty(globalThis, 'fetch', saved);
  }
}

/** The API (see web/api/api.js), created once per page. */
export function loadApi() {
  if (!pending) {
    pending = (async () => {
      const factory = globalThis.createNdcgModule;
      if (typeof factory !== 'function') throw new Error('the module script did not load');
      const api = await withoutFetch(factory);
      if (typeof api.explain !== 'function') throw new Error('the module script is not the ndcg-calc API');
      return api;
    })();
  }
  return pending;
}
