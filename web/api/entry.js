// Appended to Emscripten's output to make dist/ndcg.js: replaces the raw
// factory with one that resolves to the API, for require() and <script>.
import { makeApi } from './api.js';
import { NdcgError } from './errors.js';

/* global createNdcgModule */
const rawFactory = createNdcgModule;

async function createApi(moduleArg = {}) {
  const fresh = () => rawFactory({ ...moduleArg });
  return makeApi(await fresh(), fresh);
}
createApi.createNdcgModule = createApi;
createApi.NdcgError = NdcgError;

if (typeof module === 'object' && module.exports) module.exports = createApi;
else globalThis.createNdcgModule = createApi;
