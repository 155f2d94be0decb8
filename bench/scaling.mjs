// How cost grows with the run: 10k, 100k, 1M and 10M run lines (gen.py,
// seed 1000, each size with its own qrels), `-m ndcg_cut.10 -m ndcg`, for
// the native `ndcg trec`, evaluateTrec in Node on Buffers, and the page
// (files chosen → means, bench/page/batchpage.mjs in headless Chromium). Times
// are medians of --runs whole runs; memory is the peak resident size of
// the process (/usr/bin/time), for the page the peak summed over the
// browser's processes while the run is read. The last columns say how the
// time grew against ten times fewer lines: 10.0x is linear (fixed costs,
// start-up and compiling the module, make the small sizes grow less).
// Usage: node bench/scaling.mjs [--runs N] [--sizes 10000,100000,...] [--no-page]
//        [--ndcg BIN] [--module dist/ndcg.js]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(option('--runs', 3));
const sizes = option('--sizes', '10000,100000,1000000,10000000').split(',').map(Number);
const ndcgBin = resolve(option('--ndcg', join(root, 'build', 'native', 'ndcg')));
const modulePath = resolve(option('--module', join(root, 'dist', 'ndcg.js')));
const withPage = !process.argv.includes('--no-page');
const measures = ['ndcg_cut.10', 'ndcg'];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function generate(lines) {
  const dir = join(tmpdir(), 'ndcg-bench-trec');
  mkdirSync(dir, { recursive: true });
  const run = join(dir, `seed1000-${lines}.run`), qrels = join(dir, `seed1000-${lines}.qrels`);
  if (!existsSync(run) || !existsSync(qrels)) {
    const gen = [join(root, '..', 'shared', 'data', 'gen.py'), '/work/shared/data/gen.py'].find(existsSync);
    if (!gen) throw new Error('gen.py not found beside the repository (../shared/data/gen.py)');
    console.log(`generating ${lines} run lines into ${dir} ...`);
    const r = spawnSync('python3', [gen, '--seed', '1000', '--target-lines', String(lines), '--run', run, '--qrels', qrels], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('gen.py failed');
  }
  return { run, qrels };
}

// Medians of whole runs under /usr/bin/time: wall seconds, CPU seconds
// (user + system, every thread: steadier on a loaded machine) and peak
// megabytes.
function timed(cmd, args) {
  const seconds = [], cpu = [], mb = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M %U %S', cmd, ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 26 });
    const last = r.stderr.trim().split('\n').filter((l) => l.startsWith('TIME ')).pop();
    if (r.status !== 0 || !last) return { failed: r.stderr.trim().split('\n').slice(-1)[0] };
    const [, s, kb, user, sys] = last.split(' ');
    seconds.push(Number(s));
    cpu.push(Number(user) + Number(sys));
    mb.push(Number(kb) / 1024);
  }
  return { seconds: median(seconds), cpu: median(cpu), mb: Math.max(...mb) };
}

// The resident kilobytes of `pid` and every process under it.
function treeRss(pid) {
  const parent = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* gone */ }
  }
  let kb = 0;
  for (const p of parent.keys()) {
    let q = p;
    while (q && q !== pid && parent.has(q)) q = parent.get(q);
    if (q !== pid) continue;
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch { /* gone */ }
  }
  return kb;
}

// The page: bench/page/batchpage.mjs on these files; its median time, and the
// peak of the browser's processes (polled every 100 ms).
function page(files) {
  return new Promise((done) => {
    const child = spawn('node', [join(root, 'bench', 'page', 'batchpage.mjs'), '--run', files.run, '--qrels', files.qrels, '--runs', String(runs)],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', peak = 0;
    const poll = setInterval(() => { peak = Math.max(peak, treeRss(child.pid)); }, 100);
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('close', (status) => {
      clearInterval(poll);
      const m = /mean shown (\d+) ms/.exec(out);
      done(status === 0 && m ? { seconds: Number(m[1]) / 1000, mb: peak / 1024 } : { failed: out.trim().split('\n').slice(-1)[0] });
    });
  });
}

const cpuText = (m) => (m.cpu === undefined ? '' : ` (CPU ${m.cpu.toFixed(2)})`);
const cell = (m) => (!m ? 'n/a' : m.failed ? 'failed' : `${m.seconds.toFixed(2)} s${cpuText(m)} ${m.mb.toFixed(0)} MB`);
// Growth by CPU seconds where there are some (the page has wall time only).
const cost = (m) => (m.cpu === undefined ? m.seconds : m.cpu);
const growth = (m, prev) => (m && prev && !m.failed && !prev.failed ? `${(cost(m) / cost(prev)).toFixed(1)}x` : '');

console.log(`load before: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; medians of ${runs}; measures ${measures.join(' ')}`);
console.log(`${'run lines'.padEnd(12)}${'native ndcg trec'.padEnd(30)}${'Node evaluateTrec'.padEnd(30)}${'page'.padEnd(16)}growth (native, Node, page)`);
let prev = null;
for (const lines of sizes) {
  const files = generate(lines);
  const row = {
    native: timed(ndcgBin, ['trec', ...measures.flatMap((m) => ['-m', m]), files.qrels, files.run]),
    node: timed('node', [join(root, 'bench', 'trec-node.mjs'), '--bytes', modulePath, files.qrels, files.run, ...measures]),
    page: withPage ? await page(files) : null,
  };
  const grew = prev ? [growth(row.native, prev.native), growth(row.node, prev.node), growth(row.page, prev.page)].join(', ') : '';
  console.log(`${lines.toLocaleString('en').padEnd(12)}${cell(row.native).padEnd(30)}${cell(row.node).padEnd(30)}${cell(row.page).padEnd(16)}${grew}`);
  prev = row;
}
console.log(`load after: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
