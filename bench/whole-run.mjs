// Timing whole processes for the benchmarks that compare commands
// (bench/trec.mjs, bench/table.mjs): the workload generated once,
// one run under /usr/bin/time, and medians.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// gen.py lives in the shared folder beside the repository.
function generator() {
  const found = [join(root, '..', 'shared', 'data', 'gen.py'), '/work/shared/data/gen.py'].find(existsSync);
  if (!found) throw new Error('gen.py not found beside the repository (../shared/data/gen.py)');
  return found;
}

/** The run and qrels of gen.py --seed 1000 --target-lines LINES, generated once into the temporary directory. */
export function generate(lines) {
  const dir = join(tmpdir(), 'ndcg-bench-trec');
  mkdirSync(dir, { recursive: true });
  const run = join(dir, `seed1000-${lines}.run`), qrels = join(dir, `seed1000-${lines}.qrels`);
  if (!existsSync(run) || !existsSync(qrels)) {
    console.log(`generating ${lines} run lines into ${dir} ...`);
    const r = spawnSync('python3', [generator(), '--seed', '1000', '--target-lines', String(lines), '--run', run, '--qrels', qrels],
      { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('gen.py failed');
  }
  return { run, qrels };
}

/**
 * One run under /usr/bin/time: wall seconds, CPU seconds (user + system,
 * every thread), peak resident megabytes and the command's stdout; or
 * { failed } with the first line of its stderr. The seconds are bash's
 * `time`, to the millisecond (GNU time's own are to 10 ms, coarse beside a
 * 0.2 s command), and count GNU time's start too, alike on both sides of a pair.
 */
export function timedOnce(cmd, args, env = process.env) {
  const script = 'TIMEFORMAT="BTIME %3R %3U %3S"; time /usr/bin/time -f "TIME %e %M %U %S" "$@"';
  const r = spawnSync('bash', ['-c', script, 'bash', cmd, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env, maxBuffer: 1 << 30 });
  const lines = r.stderr.trim().split('\n');
  const last = (tag) => lines.filter((l) => l.startsWith(tag)).pop();
  const gnu = last('TIME '), fine = last('BTIME ') || gnu;
  if (r.status !== 0 || !gnu) return { failed: lines[0] || `exit ${r.status}` };
  const [, , kb] = gnu.split(' ');
  const [, seconds, user, sys] = fine === gnu ? [, ...gnu.split(' ').filter((_, i) => i !== 2).slice(1)] : fine.split(' ');
  return { seconds: Number(seconds), mb: Number(kb) / 1024, cpu: Number(user) + Number(sys), stdout: r.stdout };
}

// The word after `name` on the command line, or `fallback`.
export function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The median time of `runs` calls of `fn`, in milliseconds.
export function medianMs(fn, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}
