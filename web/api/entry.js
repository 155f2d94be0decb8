// The API layer as it is appended to the packed wasm in dist/ndcg.js:
// wrapFactory makes the factory that instantiates the wasm and resolves to
// the API. The wasm is built standalone (cmake/wasm.cmake): it exports its
// C functions by name and imports only the two functions below, so no
// loader is needed.
import { makeApi } from './api.js';
import { NdcgError } from './errors.js';
import { rawApi } from './raw.js';
import { unpack } from './unpack.js';

/** What the standalone wasm imports (tests/js/unpack.test.mjs checks the list). */
export const WASM_IMPORTS = {
  // Views of the memory are made afresh at each use (raw.js): nothing to do.
  env: { emscripten_notify_memory_growth() {} },
  // abort() and exit() end here: the API's guard makes a fresh instance.
  wasi_snapshot_preview1: {
    proc_exit(code) {
      throw new WebAssembly.RuntimeError(`the core stopped (exit code ${code})`);
    },
  },
};

/**
 * The factory `createNdcgModule()` → Promise of the API. `packedWasm` is the
 * wasm packed and base64-encoded, `decoder` the wasm that unpacks it. The
 * wasm is unpacked and compiled once; every call (and every restart after
 * an abort) makes a fresh instance of it.
 */
export function wrapFactory(packedWasm, decoder) {
  let compiled = null;
  const fresh = async () => {
    const { exports } = await WebAssembly.instantiate(await compiled, WASM_IMPORTS);
    exports._initialize(); // the C++ constructors
    return rawApi(exports);
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
