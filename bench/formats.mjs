// Every batch input format against TREC text: the workload (gen.py,
// seed 1000, 1,000,000 run lines) written once as CSV (RFC 4180 quoting),
// TSV, JSON Lines and LETOR + predictions, each evaluated by
// `ndcg trec -m ndcg_cut.10 -m ndcg` in paired rounds beside the TREC text
// (one round runs every format once, in turn). Medians of wall and CPU
// seconds, peak memory (/usr/bin/time), and each format's ratios to TREC.
// The CSV, TSV and JSON Lines runs are judged by the TREC qrels; the LETOR
// file holds every run line's label (0 where the qrels have none), so its
// TREC twin is the same lines as qrels plus the run.
// Usage: node bench/formats.mjs [--runs N] [--ndcg BIN]
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { generate, median, option, root, timedOnce } from './whole-run.mjs';

const runs = Number(option('--runs', 5));
const ndcgBin = resolve(option('--ndcg', join(root, 'build', 'native', 'ndcg')));
const mArgs = ['-m', 'ndcg_cut.10', '-m', 'ndcg'];

// RFC 4180: a cell with the separator, a quote or a line end is quoted, its quotes doubled.
const quoted = (s) => `"${s.replaceAll('"', '""')}"`;
const csvCell = (s) => (/[",\r\n]/.test(s) ? quoted(s) : s);
const tsvCell = (s) => (/["\t\r\n]/.test(s) ? quoted(s) : s);
// A score as a JSON number when it is one ("1e0", "-0.0"), else as a string.
const jsonNumber = (s) => (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(s) ? s : JSON.stringify(s));

// Writes `path` from the run's fields once; each writer turns one run line into one output line.
async function writeOnce(path, runPath, header, line) {
  if (existsSync(path)) return path;
  const out = createWriteStream(path);
  if (header) out.write(header);
  const lines = createInterface({ input: createReadStream(runPath), crlfDelay: Infinity });
  for await (const l of lines) {
    const f = l.split(/\s+/);
    if (f.length < 6) continue;
    if (!out.write(line(f))) await new Promise((ok) => out.once('drain', ok));
  }
  await new Promise((ok) => out.end(ok));
  return path;
}

function gradesOf(qrelsPath) {
  const grades = new Map();
  for (const l of readFileSync(qrelsPath, 'utf8').split('\n')) {
    const f = l.split(/\s+/);
    if (f.length >= 4) grades.set(`${f[0]} ${f[2]}`, f[3]);
  }
  return grades;
}

async function workloads(big) {
  const dir = dirname(big.run), base = join(dir, 'seed1000-1000000');
  const csv = await writeOnce(`${base}.csv`, big.run, 'query_id,doc_id,score\n',
    (f) => `${csvCell(f[0])},${csvCell(f[2])},${f[4]}\n`);
  const tsv = await writeOnce(`${base}.tsv`, big.run, 'query_id\tdoc_id\tscore\n', (f) => `${tsvCell(f[0])}\t${tsvCell(f[2])}\t${f[4]}\n`);
  const jsonl = await writeOnce(`${base}.jsonl`, big.run, null,
    (f) => `{"query_id": ${JSON.stringify(f[0])}, "doc_id": ${JSON.stringify(f[2])}, "score": ${jsonNumber(f[4])}}\n`);
  const grades = existsSync(`${base}.letor`) ? null : gradesOf(big.qrels);
  const grade = (f) => grades.get(`${f[0]} ${f[2]}`) ?? '0';
  const letor = await writeOnce(`${base}.letor`, big.run, null, (f) => `${grade(f)} qid:${f[0]} 1:${f[3]} # docid = ${f[2]}\n`);
  const predictions = await writeOnce(`${base}.predictions`, big.run, null, (f) => `${f[4]}\n`);
  const letorQrels = await writeOnce(`${base}.letor-qrels`, big.run, null, (f) => `${f[0]} 0 ${f[2]} ${grade(f)}\n`);
  return [
    { name: 'TREC text', args: [big.qrels, big.run] },
    { name: 'CSV', args: [big.qrels, csv], twin: 'TREC text' },
    { name: 'TSV', args: [big.qrels, tsv], twin: 'TREC text' },
    { name: 'JSON Lines', args: [big.qrels, jsonl], twin: 'TREC text' },
    { name: 'TREC, every line judged', args: [letorQrels, big.run] },
    { name: 'LETOR + predictions', args: [letor, predictions], twin: 'TREC, every line judged' },
  ];
}

const big = generate(1000000);
const inputs = await workloads(big);
const times = new Map(inputs.map((w) => [w.name, []]));
const outputs = new Map();
for (let round = 0; round < runs; round++) {
  for (const w of inputs) {
    const r = timedOnce(ndcgBin, ['trec', ...mArgs, ...w.args]);
    if (r.failed) throw new Error(`${w.name}: ${r.failed}`);
    times.get(w.name).push(r);
    outputs.set(w.name, r.stdout);
  }
}
const summary = (rs) => ({ seconds: median(rs.map((r) => r.seconds)), cpu: median(rs.map((r) => r.cpu)), mb: Math.max(...rs.map((r) => r.mb)) });
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;
console.log(`\nworkload: gen.py --seed 1000 --target-lines 1000000; ndcg trec ${mArgs.join(' ')}; medians of ${runs} paired rounds`);
for (const w of inputs) {
  const m = summary(times.get(w.name));
  let line = `${w.name.padEnd(26)} ${m.seconds.toFixed(3)} s, CPU ${m.cpu.toFixed(3)} s, peak ${m.mb.toFixed(1)} MB`;
  if (w.twin) {
    const t = summary(times.get(w.twin));
    const same = outputs.get(w.name) === outputs.get(w.twin) ? 'same output' : 'OUTPUT DIFFERS';
    line += `   vs ${w.twin}: time ${ratio(m.seconds, t.seconds)}, CPU ${ratio(m.cpu, t.cpu)}, memory ${ratio(m.mb, t.mb)} (${same})`;
  }
  console.log(line);
}
