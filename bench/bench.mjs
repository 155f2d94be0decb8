// Benchmarks, each reported as a ratio against a baseline run in the same
// command on the same data (so machine speed cancels out). Median of runs.
// Usage: npm run bench   (or: node bench/bench.mjs [--lines N] [--runs R])
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeRun } from './gen.mjs';
import { medianMs, option } from './whole-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lines = Number(option('--lines', 200000));
const runs = Number(option('--runs', 5));
// The median time of `runs` calls, in seconds.
const median = (fn) => medianMs(fn, runs) / 1000;

function report(name, subject, baseline, what) {
  console.log(`${name}: ${(subject / baseline).toFixed(2)}x  (${what}; ${subject.toFixed(4)} s vs ${baseline.toFixed(4)} s, median of ${runs})`);
}

// A plain JS NDCG@10 per query: what someone would write without the tool.
function naiveNdcg(grades, k) {
  const dcg = (list) => list.slice(0, k).reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg([...grades].sort((a, b) => b - a));
  return ideal > 0 ? dcg(grades) / ideal : 0;
}

const ndcg = await createRequire(import.meta.url)(join(root, 'dist', 'ndcg.js'))();
const dir = mkdtempSync(join(tmpdir(), 'ndcg-bench-'));
const { run, qrels } = makeRun(lines);
writeFileSync(join(dir, 'b.run'), run);
writeFileSync(join(dir, 'b.qrels'), qrels);
console.log(`data: ${lines} run lines, ${qrels.split('\n').length - 1} qrels lines (bench/gen.mjs, seed 1)`);

const measures = ['ndcg', 'ndcg_cut.10', 'map', 'P.10'];
const cliArgs = ['trec', ...measures.flatMap((m) => ['-m', m]), join(dir, 'b.qrels'), join(dir, 'b.run')];
const native = median(() => spawnSync(join(root, 'build/native/ndcg'), cliArgs));
const wasm = median(() => ndcg.evaluateTrec(qrels, run, { measures }));
report('trec batch, wasm in Node vs native ndcg', wasm, native, 'evaluateTrec vs build/native/ndcg trec, whole run');

const grades = Array.from({ length: 100000 }, (_, i) => (i * 7919) % 5);
const explained = median(() => ndcg.explain(grades, { k: 10 }));
const naive = median(() => naiveNdcg(grades, 10));
report('explain 100k grades vs a bare JS NDCG@10', explained, naive, 'full explanation: steps, ideal, curve, metrics');

const exe = join(dir, 'discounts');
execFileSync('g++', ['-O2', '-std=c++17', `-I${join(root, 'cpp/include')}`, join(root, 'bench/discounts.cpp'),
  join(root, 'build/native/libndcg_core.a'), '-lpthread', '-o', exe]);
const [logTime, tableTime, same] = execFileSync(exe, { encoding: 'utf8' }).trim().split(' ').map(Number);
report('DCG with a discount table vs log2 per term', tableTime, logTime, `20M terms natively, identical sums: ${same === 1}`);
