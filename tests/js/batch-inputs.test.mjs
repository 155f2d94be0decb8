// evaluateTrec() and compareRuns() read every batch format `ndcg trec` reads:
// the parity set as CSV, JSON objects, arrays of records, JSON Lines,
// LETOR with predictions (and a group file) and gzip gives the TREC
// original's text; the readings are the command's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cli, createNdcgModule, readParity } from './helpers.mjs';

const api = await createNdcgModule();
const QRELS = readParity('set1.qrels');
const RUN = readParity('set1.run');
const fields = (text) => text.split('\n').map((l) => l.trim().split(/\s+/)).filter((f) => f.length > 1);
const runRows = fields(RUN);
const qrelsRows = fields(QRELS);
const ALL = { measures: ['all_trec'], perQuery: true };
const want = api.evaluateTrec(QRELS, RUN, ALL).text;
const untagged = api.evaluateTrec(QRELS, runRows.map((f) => `${f[0]} Q0 ${f[2]} ${f[3]} ${f[4]} run`).join('\n'), ALL).text;

const cell = (s) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

test('a CSV run and BEIR qrels give the TREC text, and say how they were read', () => {
  const run = ['query_id,doc_id,score,tag', ...runRows.map((f) => [f[0], f[2], f[4], f[5]].map(cell).join(','))].join('\r\n');
  const qrels = ['query-id\tcorpus-id\tscore', ...qrelsRows.map((f) => [f[0], f[2], f[3]].map(cell).join('\t'))].join('\n');
  const r = api.evaluateTrec(qrels, run, ALL);
  assert.equal(r.text, want);
  assert.deepEqual(r.readings, [
    'qrels read as TSV: query-id -> query, corpus-id -> doc, score -> rel (no rel column: the score is the judgment)',
    'run read as CSV: query_id -> query, doc_id -> doc, score -> score, tag -> tag']);
});

test('objects {qid: {docid: number}} and arrays of records', () => {
  const dict = (rows, value) => {
    const out = {};
    for (const f of rows) (out[f[0]] ??= {})[f[2]] = Number(value(f));
    return out;
  };
  assert.equal(api.evaluateTrec(dict(qrelsRows, (f) => f[3]), dict(runRows, (f) => f[4]), ALL).text, untagged);
  const records = runRows.map((f) => ({ qid: f[0], docno: f[2], score: Number(f[4]), run_id: f[5] }));
  const judged = qrelsRows.map((f) => ({ query_id: f[0], doc_id: f[2], relevance: Number(f[3]) }));
  assert.equal(api.evaluateTrec(judged, records, ALL).text, want);
  const lines = records.map((r) => JSON.stringify(r)).join('\n');
  assert.equal(api.evaluateTrec(Buffer.from(QRELS), lines, ALL).text, want);
});

test('gzip bytes are unpacked in Node; a truncated one is refused', () => {
  assert.equal(api.evaluateTrec(gzipSync(QRELS), gzipSync(RUN), ALL).text, want);
  const cut = gzipSync(RUN).subarray(0, 40);
  assert.throws(() => api.evaluateTrec(QRELS, cut), (e) => e.code === 'binary-input' && e.source === 'run' && /ends early/.test(e.message));
});

test('LETOR with predictions, with a group file, and one table holding run and qrels', () => {
  const letor = '# two queries\n2 qid:1 1:0.5 # docid = a\n0 qid:1 1:0.1 # docid = b\n1.0 qid:2 3:1 # docid = c\n';
  const pred = '0.2\n0.9\n0.5\n';
  const trec = api.evaluateTrec('1 0 a 2\n1 0 b 0\n2 0 c 1\n', '1 Q0 a 0 0.2 run\n1 Q0 b 0 0.9 run\n2 Q0 c 0 0.5 run\n', ALL).text;
  assert.equal(api.evaluateTrec(letor, pred, ALL).text, trec);
  const bare = '2 1:0.5\n0 1:0.1\n1 3:1\n';
  const grouped = api.evaluateTrec('1 0 1 2\n1 0 2 0\n2 0 1 1\n', '1 Q0 1 0 0.2 run\n1 Q0 2 0 0.9 run\n2 Q0 1 0 0.5 run\n', ALL).text;
  assert.equal(api.evaluateTrec(bare, pred, { ...ALL, group: '2\n1\n' }).text, grouped);
  assert.throws(() => api.evaluateTrec(bare, pred, { group: '2\n2\n' }), (e) => e.source === 'group' && e.code === 'field-count');
  const one = api.evaluateTrec([{ qid: '1', label: 2, score: 0.5 }, { qid: '1', label: 0, score: 0.9 }], null, { measures: ['ndcg'] });
  assert.equal(one.mean.ndcg, 0.6309297535714575);
});

test('runFormat and qrelsFormat name a format, as --run-format and --qrels-format', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ndcg-inputs-'));
  writeFileSync(join(dir, 'q'), 'q 0 a 1\n');
  writeFileSync(join(dir, 'r'), 'query_id,doc_id,score\nq,a,1\n');
  const r = api.evaluateTrec('q 0 a 1\n', 'query_id,doc_id,score\nq,a,1\n', { runFormat: 'csv', measures: ['map'] });
  assert.equal(r.mean.map, 1);
  let caught = null;
  try { api.evaluateTrec('q 0 a 1\n', 'query_id,doc_id,score\nq,a,1\n', { runFormat: 'trec' }); } catch (e) { caught = e; }
  assert.ok(caught);
  const native = cli(['trec', '--run-format', 'trec', join(dir, 'q'), join(dir, 'r')]);
  assert.equal(native.status, 2);
  assert.match(native.stderr, /r:1:22: expected 6 fields/);
  assert.equal(caught.line, 1);
  assert.equal(caught.column, 22);
});

test('compareRuns reads the same formats, and LETOR with two predictions files', () => {
  const letor = '2 qid:1 1:0.5\n0 qid:1 1:0.1\n1 qid:2 3:1\n0 qid:2 3:0\n';
  const c = api.compareRuns(letor, ['0.2\n0.9\n0.5\n0.1\n', '0.9\n0.2\n0.1\n0.5\n'], { measures: ['map'], trials: 50 });
  assert.equal(c.comparisons[0].meanA, 0.75);
  assert.equal(c.comparisons[0].meanB, 0.75);
  assert.match(c.readings[0], /^qrels read as LETOR: labels -> rel, 4 lines in 2 queries/);
  assert.throws(() => api.compareRuns(letor, ['0.2\n', '0.1\n0.2\n0.3\n0.4\n']), (e) => e.source === 'run' && e.index === 1 && e.code === 'field-count');
});

test('a file: URL whose read fails during the call is a bad-file error naming it, the file closed, the module usable', async () => {
  const fs = (await import('node:fs')).default;
  const { pathToFileURL } = await import('node:url');
  const runFile = join(mkdtempSync(join(tmpdir(), 'ndcg-read-fails-')), 'big.run');
  // Pieces enough that one after the first (2 MB) is read during the call: about 6 MB of lines.
  const qids = [...new Set(qrelsRows.map((f) => f[0]))];
  writeFileSync(runFile, Array.from({ length: 200000 }, (_, i) => `${qids[i % qids.length]} Q0 x${i} ${i} ${-i} r\n`).join(''));
  const readSync = fs.readSync, closeSync = fs.closeSync;
  const closed = [];
  fs.readSync = (fd, view, offset, length, position) => {
    if (position > 1 << 20) throw Object.assign(new Error('i/o error'), { code: 'EIO' });
    return readSync(fd, view, offset, length, position);
  };
  fs.closeSync = (fd) => (closed.push(fd), closeSync(fd));
  try {
    assert.throws(() => api.evaluateTrec(QRELS, pathToFileURL(runFile), ALL),
      { code: 'bad-file', source: 'run', message: /the file ".*big\.run" cannot be read \(EIO\)/ });
  } finally {
    fs.readSync = readSync;
    fs.closeSync = closeSync;
  }
  assert.equal(closed.length, 1);
  assert.equal(api.evaluateTrec(QRELS, RUN, ALL).text, want);
  assert.equal(api.evaluateTrec(QRELS, pathToFileURL(runFile), { measures: ['map'] }).numQ, qids.length);
});
