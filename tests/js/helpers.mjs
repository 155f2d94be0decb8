// Shared set-up for the Node suites: the built module, the CLI, the data.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { glueFactory } from '../../scripts/web/glue.mjs';
import { runProcess } from './spawn.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

/** The factory exported by dist/ndcg.js, loaded with require() as users do. */
export const createNdcgModule = require(join(root, 'dist', 'ndcg.js'));

/**
 * The Embind module of build/wasm/<name>.js and .wasm, started by its glue
 * as the API layer starts it: `core` (what the registrations give JS),
 * `imports` (what the glue hands the wasm) and `registered` (the names of
 * the functions cpp/wasm/ registers).
 */
export async function loadCore(name) {
  const factory = glueFactory(join(root, 'build', 'wasm', `${name}.js`));
  const wasm = readFileSync(join(root, 'build', 'wasm', `${name}.wasm`));
  // The glue instantiates Module.wasm itself: what it hands the wasm is
  // seen by watching WebAssembly.instantiate for this one call.
  let imports = null;
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = (bytes, given) => {
    imports = given;
    return instantiate(bytes, given);
  };
  let core;
  try {
    core = await factory({ wasm });
  } finally {
    WebAssembly.instantiate = instantiate;
  }
  // Embind marks each function it registers with its argument count.
  const registered = Object.keys(core).filter((k) => typeof core[k] === 'function' && 'argCount' in core[k]).sort();
  return { core, imports, registered, wasm };
}

/** The names cpp/wasm/<file> registers with Embind (emscripten::function("name", …)). */
export function registrationsIn(file) {
  const source = readFileSync(join(root, 'cpp', 'wasm', file), 'utf8');
  return [...source.matchAll(/emscripten::function\("(\w+)"/g)].map((m) => m[1]);
}

/** Runs build/native/ndcg; returns { status, stdout, stderr }. */
export function cli(args, input = '') {
  const r = runProcess(join(root, 'build', 'native', 'ndcg'), args, { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function parity(name) {
  return join(root, 'tests', 'data', 'trec-parity', name);
}

export function readParity(name) {
  return readFileSync(parity(name), 'utf8');
}

export const WORKED = [3, 2, 0, 1, 0, 0, 2, 1, 0, 0];

/** The CLI's JSON with its snake_case names turned into the JS API's camelCase, mechanically. */
export function camelKeys(value) {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) out[k.replace(/_([a-z0-9])/g, (m, c) => c.toUpperCase())] = camelKeys(v);
  return out;
}
