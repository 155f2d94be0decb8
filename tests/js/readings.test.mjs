// The core's readings as fields (a result's `inputs`, beside the English
// `readings` the same fields make): every shape the core reads, taken
// through evaluateTrec and compareRuns, with the values written out by
// hand; and the files dropped together go to the right boxes (placing.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { createNdcgModule } from './helpers.mjs';
import { fileKind, placeFiles, runsFor } from '../../web/app/full/batch/placing.js';

const api = await createNdcgModule();
const M = { measures: ['map'] };
const inputs = (qrels, run, options = M) => {
  const r = api.evaluateTrec(qrels, run, options);
  assert.equal(r.inputs.length, r.readings.length);
  return r.inputs;
};
const reading = (fields) => ({ run: 0, gzip: false, both: false, columns: {}, notes: [], ignored: [], lines: 0, queries: 0, of: '', ...fields });

test('tables: BEIR TSV (the score is the judgment), a CSV run with an ignored column', () => {
  const [q, r] = inputs('query-id\tcorpus-id\tscore\r\nq1\td1\t2\n', 'query_id,doc_id,score,tag,extra\nq1,d1,0.5,x,y\n');
  assert.deepEqual(q, reading({ name: 'qrels', format: 'tsv', columns: { query: 'query-id', doc: 'corpus-id', rel: 'score' }, notes: ['score-is-rel'] }));
  assert.deepEqual(r, reading({ name: 'run', run: 1, format: 'csv', columns: { query: 'query_id', doc: 'doc_id', score: 'score', tag: 'tag' }, ignored: ['extra'] }));
});

test('records in rank order, one table for both with ids by position, MS MARCO', () => {
  const [ranked] = inputs('q1 0 d1 1\n', '{"qid": "q1", "docno": "d1", "rank": 1}\n{"qid": "q1", "docno": "d2", "rank": 2}\n');
  assert.deepEqual(ranked, reading({ name: 'run', run: 1, format: 'jsonl', columns: { query: 'qid', doc: 'docno', rank: 'rank' }, notes: ['rank-order'] }));
  const [both] = inputs('qid,label,score\n1,2,0.5\n1,0,0.9\n', null);
  assert.deepEqual(both, reading({ name: 'qrels', format: 'csv', both: true, columns: { query: 'qid', score: 'score', rel: 'label' }, notes: ['doc-positions'] }));
  const [marco] = inputs('1 0 7 1\n', '1\t7\t1\n1\t8\t2\n');
  assert.deepEqual(marco, reading({ name: 'run', run: 1, format: 'msmarco', columns: { query: 'qid', doc: 'pid', rank: 'rank' }, notes: ['rank-order'] }));
});

test('JSON objects and records, LETOR with predictions and with a group file, gzip', () => {
  const [q, r] = inputs({ q1: { d1: 1 } }, [{ query_id: 'q1', doc_id: 'd1', score: 0.3, why: 'x' }]);
  assert.deepEqual(q, reading({ name: 'qrels', format: 'dict' }));
  assert.deepEqual(r, reading({ name: 'run', run: 1, format: 'json', columns: { query: 'query_id', doc: 'doc_id', score: 'score' }, ignored: ['why'] }));
  const [l, p] = inputs('2 qid:1 1:0.5 # docid = a\n0 qid:1 1:0.1 # docid = b\n', '0.2\n0.9\n');
  assert.deepEqual(l, reading({ name: 'qrels', format: 'letor', lines: 2, queries: 1 }));
  assert.deepEqual(p, reading({ name: 'run', run: 1, format: 'predictions', of: 'qrels' }));
  const [g] = inputs('2 1:0.5\n0 1:0.1\n1 3:1\n', '0.2\n0.9\n0.5\n', { ...M, group: '2\n1\n' });
  assert.deepEqual(g, reading({ name: 'qrels', format: 'letor', lines: 3, queries: 2, notes: ['doc-positions', 'from-group'] }));
  // Node unpacks gzip before the core sees it (so does the page); the command says "(gzip)".
  assert.deepEqual(inputs(gzipSync('q1 0 d1 1\n'), 'q1 Q0 d1 1 1 r\n'), []);
});

test('the English lines are the fields worded, one per reading, in the same order', () => {
  const r = api.evaluateTrec('query-id\tcorpus-id\tscore\nq1\td1\t2\n', 'qid,docid,score,x\nq1,d1,0.5,y\n', M);
  assert.deepEqual(r.readings, ['qrels read as TSV: query-id -> query, corpus-id -> doc, score -> rel (no rel column: the score is the judgment)',
    'run read as CSV: qid -> query, docid -> doc, score -> score; ignored: x']);
});

test('compare mode: each reading names its run by number; runs read as TREC as given have none', () => {
  const trec = 'q1 Q0 d1 1 0.9 a\nq1 Q0 d2 2 0.1 a\n';
  const c = api.compareRuns('q1 0 d1 1\nq1 0 d2 0\n', [trec, 'qid,docid,score\nq1,d1,0.1\nq1,d2,0.9\n', trec], { ...M, trials: 10, names: ['A', 'B', 'C'] });
  assert.deepEqual(c.inputs.map((r) => [r.name, r.run, r.format]), [['run', 2, 'csv']]);
  assert.deepEqual(c.readings, ['run read as CSV: qid -> query, docid -> doc, score -> score']);
});

test('files dropped together go to their boxes: LETOR to the judgments, its predictions to the run, a group file to its slot', () => {
  const f = (name, head) => ({ file: { name }, kind: fileKind(api, name, head) });
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
