// The speed table of docs/benchmarks.md from one command: each of our
// commands and its peer timed in pairs (alternating which goes first),
// medians of wall and CPU seconds and the largest peak memory, the ratio
// and the goal. Rows:
//   native `ndcg trec -m ndcg_cut.10 -m ndcg`, and `-m all_trec`, against
//     trec_eval on the 1M-line workload (gen.py seed 1000, 11,648 queries);
//   evaluateTrec in Node (whole process, the files as Buffers, and as file: URLs
//     that the module reads itself) against trec_eval;
//   NumPy arrays (bench/python/arrays.py --sparse: int32 grades, 5% relevant,
//     ndcg_cut.10, 2 threads) for 100k and 1M queries x 100 documents,
//     against ranx's numba kernel's figure (not run here: quoted);
//   the page's 1M-line run (bench/page/batchpage.mjs: files chosen -> means
//     shown, in Chromium) and Dask on 10M rows (bench/python/cluster.py: a
//     LocalCluster of 2 processes against one process), each printed as its
//     own command prints it; --no-page and --no-dask skip them.
// trec_eval comes from --trec-eval PATH (or PATH); without one its rows say
// so and show ours alone. The arrays rows need the Python package built in
// place (python3 setup.py build_ext --inplace) or --python with one that
// imports ndcg_calc; --no-arrays skips them. --baseline BIN (an earlier
// build's `ndcg`) and --baseline-pythonpath DIR (an earlier build of the
// package) join the same rounds, and each row then says before -> now;
// --baseline-module FILE (an earlier dist/ndcg.js) does so for the Node row on Buffers.
// Usage: node bench/table.mjs [--trec-eval PATH] [--runs N] [--ndcg BIN]
//        [--module dist/ndcg.js] [--python PY] [--pythonpath DIR] [--no-arrays] [--big-queries N]
//        [--no-page] [--no-dask] [--dask-rows N] [--baseline BIN] [--baseline-pythonpath DIR] [--baseline-module FILE]
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generate, median, option, root, timedOnce } from './whole-run.mjs';

const runs = Number(option('--runs', 7));
const ndcgBin = resolve(option('--ndcg', join(root, 'build', 'native', 'ndcg')));
const modulePath = resolve(option('--module', join(root, 'dist', 'ndcg.js')));
const python = option('--python', '/usr/bin/python3');
const onPath = spawnSync('sh', ['-c', 'command -v trec_eval'], { encoding: 'utf8' }).stdout.trim();
const trecEval = option('--trec-eval', onPath || null);
const baselineBin = option('--baseline', null);
const baselinePath = option('--baseline-pythonpath', null);
const baselineModule = option('--baseline-module', null);
const ranxKernel = 0.153; // the figure: ranx's _ndcg_parallel, 100k x 100, runs sorted, JIT warm

const summary = (name, results) => {
  if (results.some((r) => r.failed)) return { name, failed: results.find((r) => r.failed).failed };
  return { name, seconds: median(results.map((r) => r.seconds)), cpu: median(results.map((r) => r.cpu)),
    mb: Math.max(...results.map((r) => r.mb)) };
};

// Each command of `commands` once per round, the order turned every
// round; the summaries by name.
function paired(commands) {
  const results = commands.map(() => []);
  for (let round = 0; round < runs; round++) {
    const order = commands.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order) results[i].push(timedOnce(commands[i].cmd, commands[i].args));
  }
  return Object.fromEntries(commands.map((c, i) => [c.name, summary(c.name, results[i])]));
}

const fmt = (m) => (!m ? 'not run' : m.failed ? `failed: ${m.failed}`
  : `${m.seconds.toFixed(3)} s, CPU ${m.cpu.toFixed(3)} s, ${m.mb.toFixed(0)} MB`);
const times = (a, b) => (a && b ? `${(a / b).toFixed(2)}x` : 'n/a');

function row(label, ours, peer, goal, before = null) {
  console.log(`\n${label}`);
  if (before) console.log(`  before ${fmt(before)}   (now ${times(before.seconds, ours?.seconds)} faster wall, ${times(before.cpu, ours?.cpu)} CPU)`);
  console.log(`  ours  ${fmt(ours)}`);
  console.log(`  peer  ${peer ? fmt(peer) : 'trec_eval: none given (--trec-eval PATH), skipped'}`);
  if (ours?.seconds && peer?.seconds)
    console.log(`  ratio ${times(peer.seconds, ours.seconds)} wall, ${times(peer.cpu, ours.cpu)} CPU, memory ${times(ours.mb, peer.mb)} of the peer's   (goal ${goal})`);
}

function trecRows() {
  const w = generate(1000000);
  const cut = ['-m', 'ndcg_cut.10', '-m', 'ndcg'];
  const mine = (name, m, bin = ndcgBin) => ({ name, cmd: bin, args: ['trec', ...m, w.qrels, w.run] });
  const old = (name, m) => (baselineBin ? [mine(name, m, resolve(baselineBin))] : []);
  const peer = (name, m) => (trecEval ? [{ name, cmd: trecEval, args: [...m, w.qrels, w.run] }] : []);
  const node = (name, how, module = modulePath) => ({ name, cmd: 'node', args: [join(root, 'bench', 'trec-node.mjs'), how, module, w.qrels, w.run, 'ndcg_cut.10', 'ndcg'] });
  const oldNode = baselineModule ? [node('nodeBefore', '--bytes', resolve(baselineModule))] : [];
  const cat = { name: 'cat', cmd: 'cat', args: [w.qrels, w.run] };
  console.log(`workload: gen.py --seed 1000 --target-lines 1000000; pairs of runs, medians of ${runs}`);
  const r = paired([mine('ndcg', cut), node('evaluateTrec', '--bytes'), node('files', '--files'), cat, ...peer('trec_eval', cut), ...old('before', cut), ...oldNode]);
  row('ndcg trec -m ndcg_cut.10 -m ndcg  vs trec_eval', r.ndcg, r.trec_eval, '>= 12x wall, >= 8x CPU', r.before);
  row('evaluateTrec in Node, whole process (Buffers)  vs trec_eval', r.evaluateTrec, r.trec_eval, '>= 3x wall', r.nodeBefore);
  row('evaluateTrec in Node, whole process (file: URLs)  vs trec_eval', r.files, r.trec_eval, '>= 3x wall');
  console.log(`\ncat of both files (the byte-scan floor): ${fmt(r.cat)}; ndcg trec is ${times(r.ndcg?.cpu, r.cat?.cpu)} its CPU`);
  const all = ['-m', 'all_trec'];
  const a = paired([mine('ndcg', all), ...peer('trec_eval', all), ...old('before', all)]);
  row('ndcg trec -m all_trec  vs trec_eval -m all_trec', a.ndcg, a.trec_eval, '>= 8x CPU', a.before);
}

// One process of bench/python/arrays.py --sparse with the package from `path`.
// No path: the package `python` imports by itself (an installed one, e.g. a venv's).
function arraysOnce(queries, path) {
  const env = path ? { ...process.env, PYTHONPATH: resolve(path) } : process.env;
  const r = timedOnce(python, [join(root, 'bench', 'python', 'arrays.py'), '--sparse', String(queries), '--runs', '3'], env);
  if (!r.failed) r.call = JSON.parse(r.stdout.trim().split('\n').pop());
  return r;
}

// The checkout's python/ holds a built extension (setup.py build_ext --inplace).
function builtInPlace() {
  return readdirSync(join(root, 'python', 'ndcg_calc')).some((f) => /^_core.*\.so$/.test(f));
}

function arraysLine(what, results, n) {
  if (results.some((r) => r.failed)) return console.log(`  ${what} failed: ${results.find((r) => r.failed).failed}`);
  const call = median(results.map((r) => r.call.seconds)), cpu = median(results.map((r) => r.call.cpu));
  const mb = Math.max(...results.map((r) => r.mb)), last = results[results.length - 1].call;
  console.log(`  ${what} the call ${call.toFixed(3)} s, CPU ${cpu.toFixed(3)} s (medians of 3 calls after a warm-up, in each of ${n} processes); process peak ${mb.toFixed(0)} MB, of which the inputs ${last.input_mb.toFixed(0)} MB; mean ${last.mean}`);
  return call;
}

function arraysRow(queries, n, goal) {
  const ours = [], before = [];
  for (let i = 0; i < n; i++) {
    if (baselinePath) before.push(arraysOnce(queries, baselinePath));
    ours.push(arraysOnce(queries, option('--pythonpath', builtInPlace() ? join(root, 'python') : null)));
  }
  console.log(`\nNumPy arrays, ndcg_cut.10, ${queries} queries x 100 (int32, 5% relevant), 2 threads`);
  if (baselinePath) arraysLine('before', before, n);
  const call = arraysLine('ours  ', ours, n);
  if (queries === 100000 && call) console.log(`  ranx's numba kernel (the issue's figure, not run here): ${ranxKernel} s; ours is ${times(ranxKernel, call)} its speed`);
  console.log(`  (goal ${goal})`);
}

// A row that is a benchmark of its own, its lines shown as it prints them.
function ownRow(label, goal, cmd, args, env = process.env) {
  console.log(`\n${label}   (goal ${goal})`);
  const r = spawnSync(cmd, args, { encoding: 'utf8', env, maxBuffer: 1 << 26 });
  const out = (r.stdout || '').trim();
  if (r.status !== 0 || !out) return console.log(`  failed: ${(r.stderr || r.error?.message || '').trim().split('\n').pop()}`);
  console.log(out.split('\n').map((line) => `  ${line}`).join('\n'));
}

const has = (flag) => process.argv.includes(flag);
trecRows();
if (!has('--no-arrays')) {
  arraysRow(100000, 3, "<= the kernel's 0.153 s");
  arraysRow(Number(option('--big-queries', 1000000)), 1, '<= 1.5 s, <= 1.5 GB');
}
if (!has('--no-page')) {
  const w = generate(1000000);  // the rows above's files, not generated again
  ownRow("the page's 1M-line run (bench/page/batchpage.mjs)", '<= 800 ms', 'node',
    [join(root, 'bench', 'page', 'batchpage.mjs'), '--runs', String(Math.min(runs, 5)), '--run', w.run, '--qrels', w.qrels]);
}
if (!has('--no-dask')) {
  const path = option('--pythonpath', builtInPlace() ? join(root, 'python') : null);
  ownRow('ndcg_calc.dask.evaluate on a 2-process LocalCluster (bench/python/cluster.py)',
    '>= 1.5x one process shuffled, >= 1.8x grouped; one process within 2x of the arrays path', python,
    [join(root, 'bench', 'python', 'cluster.py'), '--rows', option('--dask-rows', '10000000'), '--parts', '2', '--runs', '1'],
    path ? { ...process.env, PYTHONPATH: resolve(path) } : process.env);
}
