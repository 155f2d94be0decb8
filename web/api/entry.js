// The API layer as it is appended to the module's glue in dist/ndcg.js:
// wrapFactory makes the factory that starts the Embind module and resolves
// to the API. `coreFactory` is the glue Emscripten writes for the wasm
// (cmake/wasm.cmake: MINIMAL_RUNTIME, MODULARIZE, DYNAMIC_EXECUTION=0); it
// instantiates the bytes it is given as Module.wasm, unpacked here.
import { makeApi } from './api.js';
import { NdcgError } from './errors.js';
import { unpack } from './unpack.js';

/**
 * The factory `createNdcgModule()` → Promise of the API. `packedWasm` is the
 * wasm packed and base64-encoded, `decoder` the wasm that unpacks it. The
 * wasm is unpacked once; every call (and every restart after an abort)
 * starts a fresh instance of it.
 */
export function wrapFactory(coreFactory, packedWasm, decoder) {
  let wasm = null;
  const fresh = () => coreFactory({ wasm });
  async function createNdcgModule() {
    if (!wasm) wasm = unpack(packedWasm, decoder);
    return makeApi(await fresh(), fresh);
  }
  createNdcgModule.createNdcgModule = createNdcgModule;
  createNdcgModule.NdcgError = NdcgError;
  // The pages' apps travel packed too (scripts/web/build-page.mjs).
  createNdcgModule.unpackText = (text) => new TextDecoder().decode(unpack(text, decoder));
  return createNdcgModule;
}
