// The API layer as it is appended to Emscripten's output in dist/ndcg.js:
// wrapFactory turns the raw module factory into one that resolves to the API.
import { makeApi } from './api.js';
import { NdcgError } from './errors.js';
import { rawApi } from './raw.js';
import { unpack } from './unpack.js';

/**
 * Wraps Emscripten's factory: the result resolves to the API, not the raw
 * module. `packedWasm` is the wasm packed and base64-encoded, `decoder` the
 * wasm that unpacks it (both absent when the loader carries its own wasm,
 * as the debug build does).
 */
export function wrapFactory(rawFactory, packedWasm, decoder) {
  let binary = null;
  async function createNdcgModule(moduleArg = {}) {
    if (packedWasm && !binary) binary = unpack(packedWasm, decoder);
    const wasm = packedWasm ? { wasmBinary: binary } : {};
    const fresh = async () => rawApi(await rawFactory({ ...moduleArg, ...wasm }));
    return makeApi(await fresh(), fresh);
  }
  createNdcgModule.createNdcgModule = createNdcgModule;
  createNdcgModule.NdcgError = NdcgError;
  // The pages' apps travel packed too (scripts/build-page.mjs).
  if (decoder) createNdcgModule.unpackText = (text) => new TextDecoder().decode(unpack(text, decoder));
  return createNdcgModule;
}
