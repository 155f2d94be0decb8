// Whole-run evaluation against trec_eval: the workload (gen.py,
// seed 1000, 1,000,000 run lines), medians of several runs and peak memory
// (/usr/bin/time) of `ndcg trec`, evaluateTrec in Node, trec_eval when one
// is given (--trec-eval PATH) or on PATH, and `cat` of both files (the floor), printed as ratios. Then
// a 10,000,000-line run streamed against the same qrels, to show that
// memory stays flat. Data is generated once into a temporary directory.
// With --baseline BIN (an earlier build's `ndcg`), that command is timed in
// the same run and every figure is also given as a ratio against it; with
// --trec-eval-figure S,MB,BS,BMB (trec_eval's seconds and megabytes measured
// elsewhere while the baseline took BS seconds and BMB megabytes), ratios
// against trec_eval are derived from the baseline timed now and printed as
// derived. Times are wall seconds and, steadier on a loaded machine, CPU
// seconds (user + system, every thread).
// Usage: node bench/trec.mjs [--runs N] [--no-10m] [--ndcg BIN] [--module dist/ndcg.js]
//        [--baseline BIN] [--trec-eval PATH] [--trec-eval-figure S,MB,BS,BMB]
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { generate, median, option, root, timedOnce as timedWithOutput } from './whole-run.mjs';

const runs = Number(option('--runs', 5));
const ndcgBin = resolve(option('--ndcg', join(root, 'build', 'native', 'ndcg')));
const modulePath = resolve(option('--module', join(root, 'dist', 'ndcg.js')));
const baselineBin = option('--baseline', null);
const trecEvalFigure = option('--trec-eval-figure', null)?.split(',').map(Number);
const measures = ['ndcg_cut.10', 'ndcg'];
const mArgs = measures.flatMap((m) => ['-m', m]);

// One run under /usr/bin/time (whole-run.mjs), its output dropped.
const timedOnce = (cmd, args) => {
  const { stdout, ...r } = timedWithOutput(cmd, args);
  return r;
};

function measure(name, cmd, args, times = runs) {
  const results = [];
  for (let i = 0; i < times; i++) {
    const r = timedOnce(cmd, args);
    if (r.failed) {
      console.log(`${name.padEnd(28)} failed: ${r.failed}`);
      return null;
    }
    results.push(r);
  }
  const m = { name, seconds: median(results.map((r) => r.seconds)), cpu: median(results.map((r) => r.cpu)), mb: Math.max(...results.map((r) => r.mb)) };
  console.log(`${name.padEnd(32)} ${m.seconds.toFixed(3)} s, CPU ${m.cpu.toFixed(3)} s (medians of ${times})   peak ${m.mb.toFixed(1)} MB`);
  return m;
}

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).status === 0;
}

const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}x` : 'n/a');

const big = generate(1000000);
console.log(`\nworkload: gen.py --seed 1000 --target-lines 1000000, measures ${measures.join(' ')}`);
const cat = measure('cat (the floor)', 'cat', [big.qrels, big.run]);
const baseline = baselineBin ? measure('baseline ndcg trec', baselineBin, ['trec', ...mArgs, big.qrels, big.run]) : null;
const native = measure('ndcg trec', ndcgBin, ['trec', ...mArgs, big.qrels, big.run]);
const nativeDefault = measure('ndcg trec (default measures)', ndcgBin, ['trec', big.qrels, big.run]);
const nativeAll = measure('ndcg trec -m all_trec', ndcgBin, ['trec', '-m', 'all_trec', big.qrels, big.run]);
const nodeScript = join(root, 'bench', 'trec-node.mjs');
const node = measure('evaluateTrec in Node (strings)', 'node', [nodeScript, modulePath, big.qrels, big.run, ...measures]);
const nodeBytes = measure('evaluateTrec in Node (Buffers)', 'node', [nodeScript, '--bytes', modulePath, big.qrels, big.run, ...measures]);
// The npm package's command: cpp/cli in wasm on Node, one thread (bin/ndcg-calc.cjs).
const nodeCli = measure('ndcg trec on Node (npx)', 'node', [join(root, 'bin', 'ndcg-calc.cjs'), 'trec', ...mArgs, big.qrels, big.run]);
const trecEvalBin = option('--trec-eval', onPath('trec_eval') ? 'trec_eval' : null);
const trecEval = trecEvalBin ? measure('trec_eval', trecEvalBin, [...mArgs, big.qrels, big.run]) : null;
const trecEvalDefault = trecEval ? measure('trec_eval (default measures)', trecEvalBin, [big.qrels, big.run]) : null;
if (!trecEvalBin) console.log('trec_eval: none given (--trec-eval PATH) and none on PATH, skipped');

console.log('\nratios (time; peak memory):');
if (trecEval) {
  console.log(`trec_eval / ndcg trec:              ${ratio(trecEval.seconds, native?.seconds)} faster; memory ${ratio(native?.mb, trecEval.mb)} of trec_eval's`);
  console.log(`trec_eval / ndcg trec (defaults):   ${ratio(trecEvalDefault?.seconds, nativeDefault?.seconds)} faster`);
  console.log(`trec_eval / evaluateTrec in Node:   ${ratio(trecEval.seconds, node?.seconds)} faster; memory ${ratio(node?.mb, trecEval.mb)} of trec_eval's`);
}
if (baseline) {
  console.log(`baseline / ndcg trec:               ${ratio(baseline.seconds, native?.seconds)} faster (CPU ${ratio(baseline.cpu, native?.cpu)}); memory ${ratio(native?.mb, baseline.mb)} of the baseline's`);
  console.log(`baseline / evaluateTrec (Buffers):  ${ratio(baseline.seconds, nodeBytes?.seconds)} faster`);
}
if (baseline && trecEvalFigure) {
  // trec_eval's time now, derived: the baseline timed now times trec_eval's figure over the baseline's then.
  const [teSeconds, teMb, baseSeconds] = trecEvalFigure;
  const te = baseline.seconds * (teSeconds / baseSeconds);
  console.log(`derived, not measured: trec_eval ${teSeconds} s / ${teMb} MB when the baseline took ${baseSeconds} s, so about ${te.toFixed(3)} s now`);
  console.log(`derived trec_eval / ndcg trec:              ${ratio(te, native?.seconds)} faster; memory ${ratio(native?.mb, teMb)} of trec_eval's`);
  console.log(`derived trec_eval / ndcg trec -m all_trec:  ${ratio(te, nativeAll?.seconds)} faster`);
  console.log(`derived trec_eval / evaluateTrec (strings): ${ratio(te, node?.seconds)} faster`);
  console.log(`derived trec_eval / evaluateTrec (Buffers): ${ratio(te, nodeBytes?.seconds)} faster; memory ${ratio(nodeBytes?.mb, teMb)} of trec_eval's`);
}
console.log(`ndcg trec / cat floor:              ${ratio(native?.seconds, cat?.seconds)} the floor's time`);
console.log(`all_trec / default measures:        ${ratio(nativeAll?.seconds, nativeDefault?.seconds)} the time (CPU ${ratio(nativeAll?.cpu, nativeDefault?.cpu)})`);
console.log(`evaluateTrec in Node / ndcg trec:   ${ratio(node?.seconds, native?.seconds)} (strings), ${ratio(nodeBytes?.seconds, native?.seconds)} (Buffers)`);
console.log(`npx ndcg-calc trec / ndcg trec:     ${ratio(nodeCli?.seconds, native?.seconds)}`);

if (!process.argv.includes('--no-10m')) {
  const huge = generate(10000000);
  // The same qrels: the first 11,647 queries of the longer run are the same,
  // so memory holds the same judgments while ten times the lines go by.
  console.log('\nstreaming: a 10,000,000-line run against the 1,000,000-line workload\'s qrels (--shard)');
  const one = measure('ndcg trec, 1M lines', ndcgBin, ['trec', '--shard', ...mArgs, big.qrels, big.run], Math.min(runs, 3));
  const ten = measure('ndcg trec, 10M lines', ndcgBin, ['trec', '--shard', ...mArgs, big.qrels, huge.run], Math.min(runs, 3));
  console.log(`peak memory 10M / 1M:               ${ratio(ten?.mb, one?.mb)}`);
}
