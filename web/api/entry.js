// The API layer as it is appended to Emscripten's output in dist/ndcg.js:
// wrapFactory turns the raw module factory into one that resolves to the API.
import { makeApi } from './api.js';
import { NdcgError } from './errors.js';
import { rawApi } from './raw.js';

// Node's own zlib when this file runs as a CommonJS module in Node (web
// streams start slowly there); null in a browser.
function nodeZlib() {
  try {
    return typeof process === 'object' && process.versions && process.versions.node && typeof require === 'function'
      ? require('node:zlib') : null;
  } catch {
    return null;
  }
}

/** The wasm bytes from their gzipped base64 text, by the platform's own inflater. */
async function inflate(base64) {
  const zlib = nodeZlib();
  if (zlib) return new Uint8Array(zlib.gunzipSync(Buffer.from(base64, 'base64')));
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Wraps Emscripten's factory: the result resolves to the API, not the raw
 * module. `packedWasm` is the wasm gzipped and base64-encoded (absent when
 * the loader carries its own, as the debug build does).
 */
export function wrapFactory(rawFactory, packedWasm) {
  let binary = null;
  async function createNdcgModule(moduleArg = {}) {
    if (packedWasm && !binary) binary = inflate(packedWasm);
    const wasm = packedWasm ? { wasmBinary: await binary } : {};
    const fresh = async () => rawApi(await rawFactory({ ...moduleArg, ...wasm }));
    return makeApi(await fresh(), fresh);
  }
  createNdcgModule.createNdcgModule = createNdcgModule;
  createNdcgModule.NdcgError = NdcgError;
  return createNdcgModule;
}
