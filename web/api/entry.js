// The API layer as it is appended to the module's glue in dist/ndcg.js:
// wrapFactory makes the factory that starts the Embind module and resolves
// to the API. `coreFactory` is the glue Emscripten writes for the wasm
// (cmake/wasm.cmake: MODULARIZE, DYNAMIC_EXECUTION=0); it gets the wasm,
// unpacked here, through its instantiateWasm hook.
import { makeApi } from './api.js';
import { NdcgError } from './errors.js';
import { unpack } from './unpack.js';

/**
 * The factory `createNdcgModule()` → Promise of the API. `packedWasm` is the
 * wasm packed and base64-encoded, `decoder` the wasm that unpacks it. The
 * wasm is unpacked and compiled once; every call (and every restart after
 * an abort) starts a fresh instance of it.
 */
export function wrapFactory(coreFactory, packedWasm, decoder) {
  let compiled = null;
  const fresh = async () => {
    const wasm = await compiled;
    let failed = null;
    const failure = new Promise((resolve, reject) => { failed = reject; });
    const core = coreFactory({
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(wasm, imports).then((instance) => receive(instance), failed);
        return {};
      },
      // An abort says why in the error that the API turns into an NdcgError.
      printErr() {},
    });
    return Promise.race([core, failure]);
  };
  async function createNdcgModule() {
    if (!compiled) compiled = WebAssembly.compile(unpack(packedWasm, decoder));
    return makeApi(await fresh(), fresh);
  }
  createNdcgModule.createNdcgModule = createNdcgModule;
  createNdcgModule.NdcgError = NdcgError;
  // The pages' apps travel packed too (scripts/build-page.mjs).
  createNdcgModule.unpackText = (text) => new TextDecoder().decode(unpack(text, decoder));
  return createNdcgModule;
}
