// The page words the core's readings from fields (web/app/full/batch/readings.js):
// every shape the core says, taken through evaluateTrec and compareRuns,
// comes apart into those fields, none left as the core's English text; and
// the files dropped together go to the right boxes (placing.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { createNdcgModule } from './helpers.mjs';
import { parseReading } from '../../web/app/full/batch/readings.js';
import { fileKind, placeFiles, runsFor } from '../../web/app/full/batch/placing.js';
import { isTrecRun } from '../../web/app/full/batch/kind.js';

const api = await createNdcgModule();
const M = { measures: ['map'] };
const readings = (qrels, run, options = M) => api.evaluateTrec(qrels, run, options).readings.map((l) => parseReading(l, ['qrels', 'run']));

test('tables: CSV and BEIR TSV, gzip, a rank column, ids by position, ignored columns, one table for both', () => {
  const [q, r] = readings(gzipSync('query-id\tcorpus-id\tscore\r\nq1\td1\t2\n'), 'query_id,doc_id,score,tag,extra\nq1,d1,0.5,x,y\n');
  // Node unpacks gzip before the core sees it (so does the page): the core's "(gzip)" is read all the same.
  assert.equal(parseReading('qrels (gzip) read as TREC', ['qrels']).gzip, true);
  assert.deepEqual(q, { name: 'qrels', gzip: false, both: false, format: 'tsv', pairs: [['query-id', 'query'], ['corpus-id', 'doc'], ['score', 'rel']],
    scoreIsRel: true, positionIds: false, rankOrder: false, ignored: '' });
  assert.deepEqual(r.pairs, [['query_id', 'query'], ['doc_id', 'doc'], ['score', 'score'], ['tag', 'tag']]);
  assert.equal(r.ignored, 'extra');
  const [ranked] = readings('q1 0 d1 1\n', '{"qid": "q1", "docno": "d1", "rank": 1}\n{"qid": "q1", "docno": "d2", "rank": 2}\n');
  assert.equal(ranked.format, 'jsonl');
  assert.equal(ranked.rankOrder, true);
  const both = api.evaluateTrec('qid,label,score\n1,2,0.5\n1,0,0.9\n', null, M).readings.map((l) => parseReading(l, ['qrels', 'run']));
  assert.equal(both.length, 1);
  assert.equal(both[0].both, true);
  assert.equal(both[0].positionIds, true);
});

test('JSON objects and records, LETOR with predictions and a group file', () => {
  const [q, r] = readings({ q1: { d1: 1 } }, [{ query_id: 'q1', doc_id: 'd1', score: 0.3 }]);
  assert.deepEqual([q.format, q.of], ['dict', 'rel']);
  assert.equal(r.format, 'json');
  const [l, p] = readings('2 qid:1 1:0.5 # docid = a\n0 qid:1 1:0.1 # docid = b\n', '0.2\n0.9\n');
  assert.deepEqual(l, { name: 'qrels', gzip: false, both: false, format: 'letor', lines: 2, queries: 1, fromGroup: false, docids: true });
  assert.equal(p.format, 'predictions');
  const [g] = readings('2 1:0.5\n0 1:0.1\n1 3:1\n', '0.2\n0.9\n0.5\n', { ...M, group: '2\n1\n' });
  assert.deepEqual([g.fromGroup, g.docids, g.queries], [true, false, 2]);
});

test('compare mode: only the runs not read as TREC have a reading, in order; the page tells TREC runs by their first line', () => {
  const trec = 'q1 Q0 d1 1 0.9 a\nq1 Q0 d2 2 0.1 a\n';
  const c = api.compareRuns('q1 0 d1 1\nq1 0 d2 0\n', [trec, 'qid,docid,score\nq1,d1,0.1\nq1,d2,0.9\n'], { ...M, trials: 10, names: ['A', 'run.csv'] });
  assert.deepEqual(c.readings.map((l) => parseReading(l, ['qrels', 'run'])).map((r) => [r.name, r.format]), [['run', 'csv']]);
  assert.deepEqual([trec, 'qid,docid,score\n', '0.5\n', '{"q1": {"d1": 1}}', '# c\n1\tQ0\td\t0\t-2.5\tx\n'].map(isTrecRun), [true, false, false, false, true]);
});

test('a reading of another shape is kept as the core wrote it', () => {
  assert.deepEqual(parseReading('run read as something new', ['run']), { name: 'run', raw: 'run read as something new' });
  assert.equal(parseReading('other read as CSV: a -> doc', ['run']), null);
});

test('files dropped together go to their boxes: LETOR to the judgments, its predictions to the run, a group file to its slot', () => {
  const f = (name, head) => ({ file: { name }, kind: fileKind(name, head) });
  const letor = f('train.txt', '2 qid:1 1:0.5\n');
  const pred = f('pred.txt', '0.5\n0.1\n');
  assert.deepEqual(placeFiles([pred, letor], 'ranking', 'trec', false).map((p) => [p.file.name, p.box]), [['pred.txt', 'ranking'], ['train.txt', 'qrels']]);
  const bare = f('train.svm', '2 1:0.5\n');
  const group = f('train.svm.query', '2\n3\n');
  assert.deepEqual(placeFiles([bare, group, pred], 'qrels', 'trec', false).map((p) => p.box), ['qrels', 'group', 'ranking']);
  const run = f('bm25.csv', 'query_id,doc_id,score\n');
  const qrels = f('test.tsv', 'query-id\tcorpus-id\tscore\n');
  const run2 = f('dense.jsonl', '{"qid": "1", "doc_id": "a", "score": 1}\n');
  const placed = placeFiles([run, qrels, run2], 'ranking', 'compare', false);
  assert.deepEqual(placed.map((p) => p.box), ['ranking', 'qrels', 'ranking-b']);
  assert.equal(runsFor(placeFiles([run, run2, f('c.run', 'q Q0 d 1 1 r\n')], 'ranking', 'compare', false), 2), 3);
  // One file: where it was dropped, unless it is LETOR, a group file, or predictions dropped on LETOR judgments.
  assert.equal(placeFiles([run], 'qrels', 'trec', false)[0].box, 'qrels');
  assert.equal(placeFiles([letor], 'ranking', 'trec', false)[0].box, 'qrels');
  assert.equal(placeFiles([pred], 'qrels', 'trec', true)[0].box, 'ranking');
});
