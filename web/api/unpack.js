// Unpacks what the one-file builds carry packed by LZMA (see
// scripts/web/build-web.mjs): the decoder is a wasm of just under 4 KB
// (cpp/unpack/unlzma.cpp, unsplit.cpp) that travels unpacked beside the packed bytes.

// The browser's own decoder where there is one: 2 ms for the full module's
// 160 KB of text in Chromium, against 25 ms through atob and a copy by character.
const fromBase64 = (text) => typeof Buffer === 'function' ? Buffer.from(text, 'base64')
  : Uint8Array.fromBase64 ? Uint8Array.fromBase64(text) : Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The size that the build wrote into the .lzma header (bytes 5–12, little-endian). */
function declaredSize(input) {
  let size = 0;
  for (let i = 12; i >= 5; i--) size = size * 256 + input[i];
  return size;
}

// "\0wsp": a module whose code travels as streams (scripts/web/wasm-streams.mjs),
// which the decoder joins back (cpp/unpack/unsplit.cpp).
const SPLIT = [0, 0x77, 0x73, 0x70];

// Far above anything the builds pack; a larger size means a damaged header.
const SIZE_LIMIT = 1 << 30;

/** A function from .lzma bytes to the bytes they hold, by the decoder wasm `decoder` (bytes). */
export function makeUnlzma(decoder) {
  // Synchronous: the decoder is small enough for the main thread everywhere.
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(decoder));
  return (input) => {
    const size = input.length >= 13 ? declaredSize(input) : 0;
    if (size > SIZE_LIMIT) throw new Error('the packed bytes are damaged (a size over 1 GiB)');
    const base = exports.unlzma_heap();
    const out = base + input.length;
    // Room for the output, then for the module a split one joins to (at most twice its size).
    const missing = out + 3 * size - exports.memory.buffer.byteLength;
    if (missing > 0) exports.memory.grow(Math.ceil(missing / 65536));
    new Uint8Array(exports.memory.buffer).set(input, base);
    const status = exports.unlzma(base, input.length, out, size);
    if (status !== 0) throw new Error(`the packed bytes are damaged (unlzma status ${status})`);
    const bytes = new Uint8Array(exports.memory.buffer, out, size);
    if (!SPLIT.every((x, i) => bytes[i] === x)) return bytes.slice();
    const length = exports.unsplit(out, size, out + size, 2 * size);
    if (length === 0) throw new Error('the packed module is damaged (its code streams do not join)');
    return new Uint8Array(exports.memory.buffer, out + size, length).slice();
  };
}

/** The bytes of `packed` (base64 of .lzma bytes), by the decoder in base64 `decoder`. */
export function unpack(packed, decoder) {
  return makeUnlzma(fromBase64(decoder))(fromBase64(packed));
}
