// Start-up and export of the Node module, each as a ratio against a
// baseline timed in the same command (median of runs):
// - require('dist/ndcg.js') to the first explain() result, in a fresh Node
//   process, against a fresh Node process that does nothing;
// - the JSON export of 100,000 rows (render('json') of a kept analysis)
//   against JSON.stringify of the same rows.
// Usage: node bench/startup.mjs [--runs R] [--module path/to/ndcg.js]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', 5));
const modulePath = resolve(arg('--module', join(root, 'dist/ndcg.js')));

const median = (times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)];

function timeProcess(script) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`node -e failed: ${script}`);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

function timeCall(fn) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

const first = `require(${JSON.stringify(modulePath)})().then((a) => { if (!(a.explain('3 2 0 1 0 0 2 1 0 0', { k: 10 }).ndcg > 0.949)) process.exit(1); })`;
const empty = timeProcess('');
const start = timeProcess(first);
console.log(`start-up, require to first explain vs an empty node process: ${(start / empty).toFixed(2)}x  (${start.toFixed(1)} ms vs ${empty.toFixed(1)} ms; ${start - empty > 0 ? (start - empty).toFixed(1) : 0} ms of our own)`);

const api = await createRequire(import.meta.url)(modulePath)();
const grades = Array.from({ length: 100000 }, (_, i) => (i * 7919) % 5);
const analysis = api.analyse(grades, { k: 0 });
const rows = analysis.explanation.steps;
const exported = timeCall(() => analysis.render('json'));
const stringify = timeCall(() => JSON.stringify(rows));
console.log(`JSON export of 100,000 rows vs JSON.stringify of the same rows: ${(exported / stringify).toFixed(2)}x  (${exported.toFixed(1)} ms vs ${stringify.toFixed(1)} ms, both tables in the export)`);
