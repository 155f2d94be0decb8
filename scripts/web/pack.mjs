// What the one-file builds carry packed: xz's .lzma bytes with the true
// size in the header, and the decoder wasm that unpacks them
// (cpp/unpack/unlzma.cpp, built to build/wasm/unlzma.wasm). Used by the
// build (build-web.mjs, build-page.mjs) and by the tests that read its output.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeUnlzma } from '../../web/api/unpack.js';

// lc=1, lp=0, pb=0 measured best on our wasm split into code streams
// (wasm-streams.mjs; lc=3 was, on it whole); the pages' apps (text), lc=2
// (82 bytes less on the full page's app) and matches sought up to 64 bytes
// long rather than 273 (65 bytes less on index.html, 37 on embed.html).
export const LZMA_PARAMS = 'preset=9e,lc=1,lp=0,pb=0';
export const TEXT_LZMA_PARAMS = 'preset=9e,lc=2,lp=0,pb=0,nice=64';

/**
 * `data` in the .lzma format by xz (Debian's xz-utils, installed by
 * scripts/setup). xz writes "size unknown" and an end marker; the true size
 * goes into the header so that the decoder knows where to stop.
 */
export function lzmaOf(data, params = LZMA_PARAMS) {
  let out;
  try {
    out = execFileSync('xz', ['--format=lzma', `--lzma1=${params}`, '--stdout'], { input: data, maxBuffer: 1 << 26 });
  } catch (e) {
    throw new Error(`xz failed or is missing (bash scripts/setup installs xz-utils): ${e.message}`);
  }
  out.writeBigUInt64LE(BigInt(data.length), 5);
  return out;
}

/** The decoder wasm's bytes, and a function unpacking with it, from a built tree. */
export function decoderOf(root) {
  const bytes = readFileSync(join(root, 'build/wasm/unlzma.wasm'));
  return { bytes, unlzma: makeUnlzma(bytes) };
}
