// Unpacks what the one-file builds carry packed by LZMA (see
// scripts/build-web.mjs): the decoder is a wasm of about 2 KB
// (cpp/unpack/unlzma.cpp) that travels unpacked beside the packed bytes.

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
    const missing = base + input.length + size - exports.memory.buffer.byteLength;
    if (missing > 0) exports.memory.grow(Math.ceil(missing / 65536));
    new Uint8Array(exports.memory.buffer).set(input, base);
    const status = exports.unlzma(base, input.length, base + input.length, size);
    if (status !== 0) throw new Error(`the packed bytes are damaged (unlzma status ${status})`);
    return new Uint8Array(exports.memory.buffer, base + input.length, size).slice();
  };
}

/** The bytes of `packed` (base64 of .lzma bytes), by the decoder in base64 `decoder`. */
export function unpack(packed, decoder) {
  return makeUnlzma(fromBase64(decoder))(fromBase64(packed));
}
