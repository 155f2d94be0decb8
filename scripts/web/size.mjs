// `npm run size [-- [--light] [N]]`: where the module's bytes go. Builds the
// module (or, with --light, the light one of the embed page and the element)
// with function names (build/wasm/ndcg[-light]-profile.wasm), reads it with wasm-objdump
// (Debian's wabt) and prints the sections, the share of each part (our
// core, the bindings, Embind's C++ side, the number libraries, libc++, libc
// and the compiler's runtime), the largest functions, and what the one-file
// module carries.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const light = process.argv.includes('--light');
const name = light ? 'ndcg-light-profile' : 'ndcg-profile';
const wasm = join(root, `build/wasm/${name}.wasm`);
const top = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) || 25);

execFileSync('cmake', ['--build', join(root, 'build/wasm'), '--target', light ? 'ndcg_module_light_profile' : 'ndcg_module_profile'], {
  stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_PATH: '/usr/share/nodejs' },
});
const objdump = (flag) => execFileSync('wasm-objdump', [flag, wasm], { encoding: 'utf8', maxBuffer: 1 << 28 });

// The part of the module a function belongs to, judged by its name.
const PARTS = [
  // cpp/wasm/: the entry points (in its files' anonymous namespaces) and js_values.
  ['bindings', /^ndcg_wasm::|^\(anonymous namespace\)::/],
  // Embind's own C++ side: its type registrations and val's calls into JS.
  ['embind', /emscripten::|embind|__getTypeName/],
  ['fast_float', /fast_float::/],
  ['fmt', /fmt::/],
  ['core', /ndcg::/],
  ['libc++', /std::|__cxxabiv1|operator new|operator delete/],
  ['libc and runtime', /./],
];
const partOf = (name) => PARTS.find(([, re]) => re.test(name))[0];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function sections() {
  const out = [];
  for (const m of objdump('-h').matchAll(/^\s*(\w+) start=\S+ end=\S+ \(size=(0x[0-9a-f]+)\)(?: count: (\d+))?(?: "(\S+)")?/gm)) {
    out.push({ name: m[4] ? `${m[1]} "${m[4]}"` : m[1], size: Number(m[2]), count: m[3] || '' });
  }
  return out;
}

function functions() {
  const out = [];
  for (const m of objdump('-x').matchAll(/^ - func\[\d+\] size=(\d+) <(.*)>$/gm)) out.push({ size: Number(m[1]), name: m[2] });
  return out.sort((a, b) => b.size - a.size);
}

const bytes = readFileSync(wasm);
console.log(`wasm: ${kb(bytes.length)} raw, ${kb(gzipSync(bytes, { level: 9 }).length)} gzipped (names section included)`);
console.log('\nsections:');
for (const s of sections()) console.log(`  ${s.name.padEnd(16)} ${kb(s.size).padStart(10)}  ${s.count}`);

const funcs = functions();
const code = funcs.reduce((n, f) => n + f.size, 0);
const parts = new Map();
for (const f of funcs) parts.set(partOf(f.name), (parts.get(partOf(f.name)) || 0) + f.size);
console.log(`\ncode by part (${funcs.length} functions, ${kb(code)}):`);
for (const [name, size] of [...parts].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${name.padEnd(18)} ${kb(size).padStart(10)}  ${(100 * size / code).toFixed(1).padStart(5)}%`);
}
console.log(`\nlargest ${top} functions:`);
for (const f of funcs.slice(0, top)) console.log(`  ${String(f.size).padStart(7)}  ${partOf(f.name).padEnd(16)} ${f.name.slice(0, 110)}`);

// The one-file module as built: the packed wasm and the decoder (base64
// strings), Embind's JS glue (up to the API layer's bundle) and the API
// layer (the rest).
const moduleFile = join(root, 'dist', light ? 'ndcg-light.js' : 'ndcg.js');
if (existsSync(moduleFile)) {
  const text = readFileSync(moduleFile, 'utf8');
  const gz = (t) => kb(gzipSync(Buffer.from(t), { level: 9 }).length);
  const [wasm, decoder] = [...text.matchAll(/"([A-Za-z0-9+/=]{1000,})"/g)].map((m) => m[1]);
  const rest = text.replace(wasm, '').replace(decoder, '');
  const layerAt = rest.indexOf('var ndcgApiLayer');
  const [glue, layer] = [rest.slice(0, layerAt), rest.slice(layerAt)];
  console.log(`\n${moduleFile.slice(root.length + 1)} (gzipped): packed wasm ${gz(wasm)}, decoder ${gz(decoder)}, Embind glue ${gz(glue)}, API layer ${gz(layer)}`);
}
