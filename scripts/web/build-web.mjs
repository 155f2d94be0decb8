// Assembles dist/: the one-file module (wasm inlined, API appended) and the
// page, embed page and web component with everything inlined. Prints sizes
// and fails above the budgets in web/budget.json (gzip level 9 bytes; each
// file's "target" is where the size work is heading, printed alongside).
import { build, transform } from 'esbuild';
import { minify } from 'terser';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTypes } from '../types/build-types.mjs';
import { fieldLists } from '../types/field-lists.mjs';
import { glueFactory } from './glue.mjs';
import { decoderOf, lzmaOf, LZMA_PARAMS } from './pack.mjs';
import { textsPlugin } from './texts-plugin.mjs';
import { orderFunctions } from './wasm-order.mjs';
import { splitCode } from './wasm-streams.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });

// The API layer's step-row maker, written from the core's field list: one
// object literal with the fields in put_step's order, the fastest way to
// make 100,000 rows of one shape (about three times a generic loop's
// speed), with no list of names typed in JS: the names are put_step's list
// in cpp/include/ndcg/result_fields.hpp (step_fields, which the doctests
// hold put_step to). api.js imports it as 'ndcg:step-row'; it uses it only
// for tables whose columns have those names in that order (else its
// generic loop).
function stepRowModule(fields) {
  const entries = fields.map((name, i) => `${JSON.stringify(name)}: c[${i}][i]`).join(', ');
  return `export const STEP_FIELDS = ${JSON.stringify(fields)};\nexport const stepRow = (c, i) => ({ ${entries} });\n`;
}
const stepRowPlugin = (fields) => ({
  name: 'ndcg-step-row',
  setup(b) {
    b.onResolve({ filter: /^ndcg:step-row$/ }, (a) => ({ path: a.path, namespace: 'ndcg' }));
    b.onLoad({ filter: /.*/, namespace: 'ndcg' }, () => ({ contents: stepRowModule(fields), loader: 'js' }));
  },
});
const fields = fieldLists(root).step.map((f) => f.name);

// esbuild's minified output minified again by terser, whose compressor
// folds what esbuild leaves (two passes; no unsafe transforms): 0.4 KB less
// gzipped on the modules' JS, 1.7 KB less packed on the full page's app.
async function smaller(code, charset) {
  const out = await minify(code, { compress: { passes: 2 }, mangle: true, format: { ascii_only: charset === 'ascii' } });
  return out.code;
}

// `charset: 'utf8'` writes the Chinese texts as UTF-8 rather than \u
// escapes: smaller once packed (the pages' apps), larger once gzipped.
async function bundle(entry, { globalName = undefined, charset = 'ascii', format = 'iife' } = {}) {
  const out = await build({
    entryPoints: [join(root, entry)], bundle: true, write: false, format, globalName, minify: true,
    target: ['es2020'], legalComments: 'none', external: ['node:zlib'], charset, plugins: [stepRowPlugin(fields), textsPlugin],
  });
  return smaller(out.outputFiles[0].text, charset);
}

// The API layer, whose one export (wrapFactory) moduleText calls: bundled
// as a module and its export made a plain variable, which spares the
// getters esbuild writes for an iife's exports (150 bytes gzipped).
async function layerBundle() {
  const text = await bundle('web/api/entry.js', { format: 'esm' });
  const end = /export\s*\{\s*([\w$]+)(?:\s+as\s+wrapFactory)?\s*\};?\s*$/.exec(text);
  if (!end) throw new Error('web/api/entry.js: its bundle does not end with its one export, wrapFactory');
  return `${text.slice(0, end.index)}var ndcgApiLayer = { wrapFactory: ${end[1]} };\n`;
}

// A call of eval or of the Function constructor (an error message that
// names one, as the debug glue's does, is no call; WebAssembly.Function is
// another function).
function assertNoEval(name, text) {
  const call = /(?<![\w.$])(eval|Function)\s*\(/.exec(text);
  if (call) throw new Error(`${name} calls ${call[1]}: a strict CSP would block it`);
}

// The wasm in the .lzma format (scripts/web/pack.mjs): about 13% smaller than
// zopfli's best deflate. Decoded here once by the decoder the builds carry,
// to be sure.
const decoder = decoderOf(root);
// `unpacked`: what decoding must give, when the decoder also joins what it
// unpacks (a module split into code streams).
export function packed(original, name, params = LZMA_PARAMS, unpacked = original) {
  const data = lzmaOf(original, params);
  if (Buffer.compare(Buffer.from(decoder.unlzma(data)), unpacked) !== 0) throw new Error(`${name}: the packed bytes do not decode to the original`);
  return data;
}

// A module's wasm as it travels: its functions in the order that packs
// smallest (scripts/web/wasm-order.mjs), its code in streams (wasm-streams.mjs).
function shipped(name, wasm) {
  if (name === 'ndcg-debug') return packed(wasm, name);
  const ordered = orderFunctions(wasm);
  return packed(Buffer.from(splitCode(ordered)), name, LZMA_PARAMS, ordered);
}

// The module's glue (Emscripten's JS for the Embind registrations,
// build/wasm/<name>.js), kept to itself, so only createNdcgModule leaves
// the file. Minified but in the debug build.
async function glueOf(name) {
  const glue = readFileSync(join(root, `build/wasm/${name}.js`), 'utf8');
  const wrapped = `var ndcgCore = (function () {\n${glue}\nreturn ndcgCore;\n})();`;
  if (name === 'ndcg-debug') return wrapped;
  return (await transform(wrapped, { minify: true, target: ['es2020'], legalComments: 'none' })).code;
}

// The wasm travels inside dist/ndcg.js packed and base64-encoded (base64 of
// packed bytes grows by under 1% once the served file is gzipped), with the
// decoder beside it; the API layer unpacks it and hands it to the glue. The
// same name for require() and for a classic <script>'s global.
// The glue and the layer go through terser together (but in the debug
// build), which then shortens the names they share: 80 bytes less gzipped.
async function moduleText(name, layer) {
  const wasm = shipped(name, readFileSync(join(root, `build/wasm/${name}.wasm`))).toString('base64');
  const code = `var createNdcgModule = (function () {\n${await glueOf(name)}\n${layer}\n` +
    'return ndcgApiLayer.wrapFactory(ndcgCore, "@wasm", "@decoder");\n})();\n' +
    `if (typeof module === 'object' && module.exports) module.exports = createNdcgModule;\n`;
  const bytes = { '"@wasm"': JSON.stringify(wasm), '"@decoder"': JSON.stringify(decoder.bytes.toString('base64')) };
  const text = name === 'ndcg-debug' ? code : await smaller(code, 'ascii');
  return text.replace(/"@wasm"|"@decoder"/g, (m) => bytes[m]);
}

// dist/ndcg.js (every call), dist/ndcg-light.js (one ranking: no batch
// evaluation; carried by the embed page and the element) and
// dist/ndcg-debug.js (the full module at -O1 with function names).
async function buildModules() {
  const layer = await layerBundle();
  const [full, light, debug] = await Promise.all(['ndcg', 'ndcg-light', 'ndcg-debug'].map((name) => moduleText(name, layer)));
  for (const [file, text] of [['ndcg.js', full], ['ndcg-light.js', light], ['ndcg-debug.js', debug]]) {
    assertNoEval(`dist/${file}`, text);
    writeFileSync(join(dist, file), text);
  }
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

// dist/ndcg-cli.js: the `ndcg` command for Node (the npm package's bin,
// bin/ndcg-calc.cjs): Emscripten's loader for cpp/cli as it is, given the
// wasm as Module.wasmBinary, unpacked from LZMA by the decoder the modules carry.
async function buildCommand() {
  const loader = join(root, 'build/wasm/ndcg-cli.js');
  if (!existsSync(loader)) return;
  const wasm = shipped('ndcg-cli', readFileSync(join(root, 'build/wasm/ndcg-cli.wasm'))).toString('base64');
  const unpack = await bundle('web/api/unpack.js', { globalName: 'ndcgUnpack' });
  const args = `${JSON.stringify(wasm)}, ${JSON.stringify(decoder.bytes.toString('base64'))}`;
  const text = `${unpack}\nvar Module = { wasmBinary: ndcgUnpack.unpack(${args}) };\n${readFileSync(loader, 'utf8')}`;
  writeFileSync(join(dist, 'ndcg-cli.js'), text);
}

const modules = await buildModules();
await buildCommand();
await buildTypes(root);
const page = join(root, 'scripts/web/build-page.mjs');
if (existsSync(page)) await (await import(page)).buildPage({ root, dist, bundle, modules, assertNoEval, packed });
report(JSON.parse(readFileSync(join(root, 'web/budget.json'), 'utf8')));
