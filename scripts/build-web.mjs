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

// The wasm in gzip format by zopfli (Debian's zopfli, installed by
// scripts/setup): about 5% smaller than zlib's level 9, and any gzip
// inflater reads it. Base64 text of it is all but incompressible, so those
// bytes are what the served files carry.
function deflated(file) {
  try {
    return execFileSync('zopfli', ['--i15', '-c', file], { maxBuffer: 1 << 26 });
  } catch (e) {
    throw new Error(`zopfli failed or is missing (bash scripts/setup installs it): ${e.message}`);
  }
}

// The wasm travels inside dist/ndcg.js gzipped and then base64-encoded
// (smaller than Emscripten's plain base64, which gzip cannot squeeze); the
// API layer inflates it once with the platform's DecompressionStream.
async function moduleText(name, layer) {
  const glue = (await transform(readFileSync(join(root, `build/wasm/${name}.js`), 'utf8'), { minify: true, target: 'es2020' })).code;
  const packed = deflated(join(root, `build/wasm/${name}.wasm`)).toString('base64');
  return `${glue}\n${apiText(layer, `, ${JSON.stringify(packed)}`)}`;
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
if (existsSync(page)) await (await import(page)).buildPage({ root, dist, bundle, modules, assertNoEval });
report(JSON.parse(readFileSync(join(root, 'web/budget.json'), 'utf8')));
