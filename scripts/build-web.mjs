// Assembles dist/: the one-file module (wasm inlined, API appended) and the
// page, embed page and web component with everything inlined. Prints sizes
// and fails above the budgets in web/budget.json (gzip level 9 bytes; each
// file's "target" is where the size work is heading, printed alongside).
import { build, transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeUnlzma } from '../web/api/unpack.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });

async function bundle(entry, globalName = undefined) {
  const out = await build({
    entryPoints: [join(root, entry)], bundle: true, write: false, format: 'iife', globalName, minify: true,
    target: ['es2020'], legalComments: 'none', external: ['node:zlib'],
  });
  return out.outputFiles[0].text;
}

function assertNoEval(name, text) {
  for (const bad of ['eval(', 'new Function']) {
    if (text.includes(bad)) throw new Error(`${name} contains "${bad}": a strict CSP would block it`);
  }
}

// Emscripten 3.1.6 tries fetch() on the inlined data: URI before decoding
// it itself; a page whose CSP has no connect-src logs that refused fetch as
// a violation. Later Emscripten versions skip fetch for data: URIs; so do we.
function decodeWasmWithoutFetch(text) {
  const from = /if\s*\(typeof fetch\s*==+\s*(["'])function\1\s*\)\s*\{(\s*)return fetch\(wasmBinaryFile/;
  if (!from.test(text)) throw new Error('Emscripten output changed: the data: URI fetch patch no longer applies');
  return text.replace(from, (m, q, space) => `if(typeof fetch==${q}function${q}&&!isDataURI(wasmBinaryFile)){${space}return fetch(wasmBinaryFile`);
}

// The wasm in the .lzma format by xz (Debian's xz-utils, installed by
// scripts/setup): about 13% smaller than zopfli's best deflate. lc=3, lp=0,
// pb=0 measured best on our wasm and scripts. xz writes "size unknown" and
// an end marker; the true size goes into the header so that the decoder
// (cpp/unpack/unlzma.cpp, build/wasm/unlzma.wasm) knows where to stop.
// Decoded here once by that same decoder to be sure.
const decoder = readFileSync(join(root, 'build/wasm/unlzma.wasm'));
const unlzma = makeUnlzma(decoder);
export function packed(original, name) {
  let data;
  try {
    data = execFileSync('xz', ['--format=lzma', '--lzma1=preset=9e,lc=3,lp=0,pb=0', '--stdout'], { input: original, maxBuffer: 1 << 26 });
  } catch (e) {
    throw new Error(`xz failed or is missing (bash scripts/setup installs xz-utils): ${e.message}`);
  }
  data.writeBigUInt64LE(BigInt(original.length), 5);
  if (Buffer.compare(Buffer.from(unlzma(data)), original) !== 0) throw new Error(`${name}: the packed bytes do not decode to the original`);
  return data;
}

// The wasm travels inside dist/ndcg.js packed and base64-encoded (smaller
// than Emscripten's plain base64, which gzip cannot squeeze; base64 of
// packed bytes grows by under 1% once the served file is gzipped), with the
// decoder beside it; the API layer unpacks it once.
async function moduleText(name, layer) {
  const glue = (await transform(readFileSync(join(root, `build/wasm/${name}.js`), 'utf8'), { minify: true, target: 'es2020' })).code;
  const wasm = packed(readFileSync(join(root, `build/wasm/${name}.wasm`)), name).toString('base64');
  return `${glue}\n${apiText(layer, `, ${JSON.stringify(wasm)}, ${JSON.stringify(decoder.toString('base64'))}`)}`;
}

// The same name for require() and for a classic <script>'s global.
function apiText(layer, wasm) {
  return `var createNdcgModule = (function () {\n${layer}\nreturn ndcgApiLayer.wrapFactory(createNdcgModule${wasm});\n})();\n` +
    `if (typeof module === 'object' && module.exports) module.exports = createNdcgModule;\n`;
}

// dist/ndcg.js (every call), dist/ndcg-light.js (one ranking: no batch
// evaluation; carried by the embed page and the element) and the debug build.
async function buildModules() {
  const layer = await bundle('web/api/entry.js', 'ndcgApiLayer');
  const full = await moduleText('ndcg', layer);
  const light = await moduleText('ndcg-light', layer);
  for (const [file, text] of [['ndcg.js', full], ['ndcg-light.js', light]]) {
    assertNoEval(`dist/${file}`, text);
    writeFileSync(join(dist, file), text);
  }
  const debug = join(root, 'build/wasm/ndcg-debug.js');
  if (existsSync(debug)) writeFileSync(join(dist, 'ndcg-debug.js'), `${decodeWasmWithoutFetch(readFileSync(debug, 'utf8'))}\n${apiText(layer, '')}`);
  return { full, light };
}

function report(budgets) {
  let over = false;
  for (const [file, budget] of Object.entries(budgets)) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    const data = readFileSync(path);
    const gz = gzipSync(data, { level: 9 }).length;
    const target = budget.target ? `, target ${budget.target}` : '';
    const note = gz > budget.gzip ? `  OVER BUDGET (${budget.gzip} bytes gzipped)` : `  (budget ${budget.gzip}${target})`;
    console.log(`size: ${file}: ${data.length} bytes raw, ${gz} bytes gzipped${note}`);
    over = over || gz > budget.gzip;
  }
  if (over) throw new Error('a file is over its size budget (web/budget.json)');
}

const modules = await buildModules();
const page = join(root, 'scripts/build-page.mjs');
if (existsSync(page)) await (await import(page)).buildPage({ root, dist, bundle, modules, assertNoEval, packed });
report(JSON.parse(readFileSync(join(root, 'web/budget.json'), 'utf8')));
