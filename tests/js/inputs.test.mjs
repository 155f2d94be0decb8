// The table of inputs (tests/data/inputs/explain.json) through the native
// command and the JS API: the reading taken, the order it ranks the items
// in, and NDCG computed here from that order by the formula.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, createNdcgModule, root } from './helpers.mjs';

const api = await createNdcgModule();
const { cases } = JSON.parse(readFileSync(join(root, 'tests', 'data', 'inputs', 'explain.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'ndcg-inputs-'));

/** DCG of grades in rank order: sum of (2^rel - 1) / log2(i + 1). */
function dcg(grades) {
  return grades.reduce((sum, rel, i) => sum + (2 ** rel - 1) / Math.log2(i + 2), 0);
}
const sorted = (grades) => [...grades].sort((a, b) => b - a);
const close = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)), `${what}: ${a} against ${b}`);

/** What a case must give, whichever way it went in (JS names). */
function checkResult(c, r) {
  assert.equal(r.format, c.format);
  if ('note' in c) assert.equal(r.reading.note, c.note);
  if ('other' in c) assert.equal(r.reading.other, c.other);
  assert.deepEqual(r.steps.map((s) => s.rel), c.ranked);
  close(r.dcg, dcg(c.ranked), 'DCG');
  close(r.ndcg, dcg(c.ranked) / dcg(sorted(c.ranked)), 'NDCG (the ranking\'s own ideal)');
  if (c.qrels) close(r.ndcgJudged ?? r.ndcg_judged, dcg(c.ranked) / dcg(sorted(c.ideal)), 'NDCG (all judgments)');
  assert.equal(r.steps.filter((s) => !s.judged).length, c.unjudged ?? 0);
  if (c.qrels) assert.equal(r.unjudged, c.unjudged ?? 0);
}

function checkError(c, e) {
  assert.equal(e.code, c.error.code, e.message);
  assert.equal(e.source, c.error.source);
  assert.equal(e.line, c.error.line);
  assert.equal(e.column, c.error.column);
  for (const [k, v] of Object.entries(c.error.args ?? {})) assert.equal(e.args[k], v, `args.${k}`);
}

for (const [i, c] of cases.entries()) {
  test(`API: ${c.name}`, () => {
    const options = { ...(c.qrels ? { qrels: c.qrels } : {}), ...(c.columns ? { columns: c.columns } : {}), ...(c.query ? { query: c.query } : {}) };
    if (c.error) {
      assert.throws(() => api.explain(c.ranking, options), (e) => { checkError(c, e); return true; });
      return;
    }
    checkResult(c, api.explain(c.ranking, options));
  });

  test(`CLI: ${c.name}`, () => {
    const args = ['explain', '--format', 'json'];
    if (c.qrels) {
      const file = join(dir, `qrels-${i}.txt`);
      writeFileSync(file, c.qrels);
      args.push('--qrels', file);
    }
    if (c.columns) args.push('--columns', c.columns);
    if (c.query) args.push('--query', c.query);
    const r = cli(args, c.ranking);
    if (c.error) {
      assert.equal(r.status, 2);
      const where = c.error.line ? `:${c.error.line}:${c.error.column}:` : '';
      assert.ok(r.stderr.includes(where), r.stderr);
      return;
    }
    assert.equal(r.status, 0, r.stderr);
    const json = JSON.parse(r.stdout);
    checkResult(c, { ...json, ndcgJudged: json.ndcg_judged });
  });
}

test('the text report states the reading and offers the other', () => {
  const qrels = join(dir, 'q.txt');
  writeFileSync(qrels, 'd1 2\nd2 1\nd3 0\n');
  const r = cli(['explain', '--qrels', qrels], 'd3 0.9\nd1 0.1\nd2 0.5\n');
  assert.match(r.stdout.split('\n')[0],
    /^Ranking of 3 items \(read as id_score: ordered by score, grades from the judgments; the other reading: --columns doc,rel\)/);
  const ids = cli(['explain', '--qrels', qrels], 'd2\nd9\nd1\n').stdout;
  assert.match(ids, /^ {2}2 {2}d9 \* /m);
  assert.match(ids, /^\* 1 of the 3 items has no judgment: it counts as grade 0\.$/m);
});

test('text tables line up ids of wide characters by their width on screen', () => {
  const lines = cli(['explain'], '文档一 2\nd2 1\n').stdout.split('\n').filter((l) => /^ {2}[12] /.test(l));
  const at = (l) => [...l].reduce((w, ch) => w + (/[\u4e00-\u9fff]/.test(ch) ? 2 : 1), 0);
  assert.equal(at(lines[0]), at(lines[1]));
  assert.equal(at(lines[2]), at(lines[3]));
});

test('a lone word naming a file is that file; one that only looks like a file name is refused', () => {
  const file = join(dir, 'ranking.txt');
  writeFileSync(file, '3 2 0 1\n');
  assert.equal(cli(['explain', file]).stdout, cli(['explain', '-f', file]).stdout);
  const r = cli(['explain', 'bom.csv']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /no such file: "bom\.csv" \(to explain it as a one-item ranking, give `-- bom\.csv`\)/);
  assert.equal(cli(['explain', '--', '3']).status, 0);
});
