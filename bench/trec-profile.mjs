// Where evaluateTrec's time goes in the wasm: the profiling build of the
// full module (build/wasm/ndcg-profile.js, -Oz with function names; built by
// `npm run size` or `cmake --build build/wasm --target ndcg_module_profile`)
// called once on the files under V8's sampling profiler, the samples' self
// time summed by function and printed largest first, with the share of the
// call spent outside the wasm (copies, the JS side).
// --callers NAME also sums the samples of the functions whose name starts
// with NAME by their caller (who calls memset, memchr, ...).
// Usage: node bench/trec-profile.mjs QRELS RUN [MEASURE...] [--top N] [--callers NAME] [--module FILE]
import { Session } from 'node:inspector/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return value;
};
const top = Number(option('--top', 30));
const callersOf = option('--callers', null);
const modulePath = resolve(option('--module', join(root, 'build', 'wasm', 'ndcg-profile.js')));
const [qrelsPath, runPath, ...measures] = args;
// The glue (MINIMAL_RUNTIME) defines the factory ndcgCore and instantiates the bytes it is handed as `wasm`.
const glue = readFileSync(modulePath, 'utf8');
const factory = new Function(`${glue}\nreturn ndcgCore;`)();
const m = await factory({ wasm: readFileSync(modulePath.replace(/\.js$/, '.wasm')) });
const qrels = readFileSync(qrelsPath), run = readFileSync(runPath);
const keys = measures.map(() => 'measures');

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const started = process.hrtime.bigint();
const r = m.evaluateTrec(qrels, run, '', '', '', keys, measures);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const { profile } = await session.post('Profiler.stop');
if (!r.ok) throw new Error(r.message);

// Self time per function: each sample's top frame, weighted by the time to the next sample.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const f = byId.get(id).callFrame;
  const name = f.functionName || `(${f.url.split('/').pop() || 'native'})`;
  const key = f.url.startsWith('wasm://') ? `wasm  ${name}` : `js    ${name}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  total += dt;
});
console.log(`evaluateTrec: ${seconds.toFixed(3)} s, ${r.qids.length} queries; self time by function (${profile.samples.length} samples):`);
const rows = [...self].sort((a, b) => b[1] - a[1]);
for (const [name, us] of rows.slice(0, top)) console.log(`${(100 * us / total).toFixed(1).padStart(5)}%  ${name.slice(0, 120)}`);
if (callersOf) {
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
  const by = new Map();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node.callFrame.functionName.startsWith(callersOf)) return;
    const caller = parent.get(id)?.callFrame.functionName || '(none)';
    const dt = profile.timeDeltas[i + 1] ?? 0;
    by.set(caller, (by.get(caller) ?? 0) + dt);
    all += dt;
  });
  console.log(`callers of ${callersOf}* (${(100 * all / total).toFixed(1)}% of the call):`);
  for (const [name, us] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${(100 * us / all).toFixed(1).padStart(5)}%  ${name.slice(0, 120)}`);
}
const outside = rows.filter(([k]) => !k.startsWith('wasm')).reduce((s, [, us]) => s + us, 0);
console.log(`outside the wasm (JS, copies, idle, GC): ${(100 * outside / total).toFixed(1)}%`);
