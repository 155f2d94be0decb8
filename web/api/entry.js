// The API layer as it is appended to Emscripten's output in dist/ndcg.js:
// wrapFactory turns the raw module factory into one that resolves to the API.
import { makeApi } from './api.js';
import { NdcgError } from './errors.js';

/** Wraps Emscripten's factory: the result resolves to the API, not the raw module. */
export function wrapFactory(rawFactory) {
  async function createNdcgModule(moduleArg = {}) {
    const fresh = () => rawFactory({ ...moduleArg });
    return makeApi(await fresh(), fresh);
  }
  createNdcgModule.createNdcgModule = createNdcgModule;
  createNdcgModule.NdcgError = NdcgError;
  return createNdcgModule;
}
