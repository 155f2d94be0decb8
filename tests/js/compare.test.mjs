// compareRuns() against the native `ndcg compare`, evaluateTrec() and the
// option table; a plain t-test and sign test written here check the p-values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMPARE_TABLES } from '../../web/app/full/regions/export-panel.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { camelKeys, cli, createNdcgModule, parity, readParity } from './helpers.mjs';

const api = await createNdcgModule();
const qrels = readParity('set1.qrels');
const runA = readParity('set1.run');
// Run B: every fourth line's score changed, so some queries rank differently.
const runB = runA.split('\n').map((line, i) => {
  const f = line.split(' ');
  if (f.length < 6 || i % 4) return line;
  f[4] = String((i % 9) - 3);
  return f.join(' ');
}).join('\n');
const scratch = mkdtempSync(join(tmpdir(), 'ndcg-compare-'));
const fileB = join(scratch, 'b.run');
writeFileSync(fileB, runB);

test('compareRuns gives the native command\'s JSON to the last bit', () => {
  const args = ['compare', '--format', 'json', '--trials', '500', '--seed', '3', '--all-pairs', '-q',
    '-m', 'ndcg_cut.10', '-m', 'P.5', parity('set1.qrels'), parity('set1.run'), fileB, parity('set1.run')];
  const native = cli(args);
  assert.equal(native.status, 0, native.stderr);
  const fromCli = JSON.parse(native.stdout);
  const names = [parity('set1.run'), fileB, parity('set1.run')];
  const r = api.compareRuns(qrels, [runA, runB, runA], { trials: 500, seed: 3, allPairs: true, measures: ['ndcg_cut.10', 'P.5'], names });
  assert.deepEqual(r.comparisons, camelKeys(fromCli.comparisons));
  assert.deepEqual(r.runs, fromCli.runs);
  assert.deepEqual(r.measures, fromCli.measures);
  assert.deepEqual(r.qids, fromCli.per_query.qids);
  for (const m of r.measures) assert.deepEqual(r.perQuery[m], fromCli.per_query[m]);
  assert.equal(r.comparisons.length, 6);
  assert.ok(r.comparisons.every((c) => 'pHolm' in c));
});

test('compareRuns on files (file: URLs, one gzip) gives what it gives on their texts', () => {
  const fileA = join(scratch, 'a.run.gz');
  writeFileSync(fileA, gzipSync(runA));
  const options = { trials: 200, seed: 5, measures: ['ndcg_cut.10', 'map'] };
  const onFiles = api.compareRuns(pathToFileURL(parity('set1.qrels')), [pathToFileURL(fileA), pathToFileURL(fileB)], options);
  assert.deepEqual(onFiles, api.compareRuns(qrels, [runA, runB], options));
  assert.throws(() => api.compareRuns(qrels, [runA, pathToFileURL(join(scratch, 'none.run'))], options),
    { code: 'bad-file', source: 'run', message: /the file ".*none\.run" cannot be read \(ENOENT\)/ });
});

test('compareRuns carries the report in options.format, byte for byte the command\'s, with -q every query and B − A', () => {
  const names = ['base', 'new'];
  for (const format of ['text', 'markdown', 'latex', 'csv', 'json']) {
    for (const perQuery of [false, true]) {
      const args = ['compare', '--format', format, '--trials', '300', '--digits', '3', '-m', 'ndcg_cut.10', '-m', 'map', '--names', 'base', '--names', 'new',
        ...(perQuery ? ['-q'] : []), parity('set1.qrels'), parity('set1.run'), fileB];
      const native = cli(args);
      assert.equal(native.status, 0, native.stderr);
      const r = api.compareRuns(qrels, [runA, runB], { format, perQuery, trials: 300, digits: 3, measures: ['ndcg_cut.10', 'map'], names });
      assert.equal(r.text, native.stdout, `${format}${perQuery ? ' -q' : ''}`);
    }
  }
  // A CSV is one table: each named one the command's, and the page offers the table row's choices.
  const row = api.compareOptionSchema().find((r) => r.key === 'table');
  assert.deepEqual(row.choices, [...COMPARE_TABLES]);
  for (const table of COMPARE_TABLES) {
    const args = ['compare', '--format', 'csv', '--table', table, '--trials', '300', '-m', 'map', '--names', 'base', '--names', 'new', parity('set1.qrels'), parity('set1.run'), fileB];
    const native = cli(args);
    assert.equal(native.status, 0, native.stderr);
    assert.equal(api.compareRuns(qrels, [runA, runB], { format: 'csv', table, trials: 300, measures: ['map'], names }).text, native.stdout, table);
    assert.equal(native.stdout.includes('\n\n'), false, `${table}: one table`);
  }
  // Without a format the report is the command's text.
  assert.match(api.compareRuns(qrels, [runA, runB], { trials: 50, measures: ['map'] }).text, /^2 runs, \d+ queries; each run against run1/);
});

test('per-query values are evaluateTrec\'s, and the means and wins follow from them', () => {
  const r = api.compareRuns(qrels, [runA, runB], { measures: ['map'], trials: 200 });
  const a = api.evaluateTrec(qrels, runA, { measures: ['map'] });
  const b = api.evaluateTrec(qrels, runB, { measures: ['map'] });
  assert.deepEqual(r.perQuery.map[0], a.qids.map((q) => a.perQuery[q].map));
  assert.deepEqual(r.perQuery.map[1], b.qids.map((q) => b.perQuery[q].map));
  const c = r.comparisons[0];
  assert.equal(c.meanA, a.mean.map);
  assert.equal(c.meanB, b.mean.map);
  const d = r.perQuery.map[1].map((v, q) => v - r.perQuery.map[0][q]);
  assert.equal(c.wins, d.filter((x) => x > 0).length);
  assert.equal(c.losses, d.filter((x) => x < 0).length);
  assert.equal(c.ties, d.filter((x) => x === 0).length);
  // A plain sign test: 2 * P(X <= min(w, l)) for X ~ Binomial(w + l, 1/2).
  const m = c.wins + c.losses;
  let tail = 0;
  let choose = 1;
  for (let i = 0; i <= Math.min(c.wins, c.losses); i++) {
    tail += choose / 2 ** m;
    choose = (choose * (m - i)) / (i + 1);
  }
  assert.ok(Math.abs(c.pSign - Math.min(1, 2 * tail)) < 1e-12);
  assert.equal(c.queries, 50);
  assert.equal(c.ci95.length, 2);
  assert.ok(c.ci95[0] <= c.diff && c.diff <= c.ci95[1]);
});

test('below 10 queries the interval is withheld: [null, null] and interval "withheld"; from 10 it is given', () => {
  const judged = (n) => Array.from({ length: n }, (_, q) => `q${q} 0 d1 1\n`).join('');
  // d1 (relevant) above x on every third query in one run, on the others in the other.
  const ranked = (n, flip) => Array.from({ length: n }, (_, q) => ((q % 3 === 0) === flip ? `q${q} Q0 d1 1 2 r\nq${q} Q0 x 2 1 r\n` : `q${q} Q0 x 1 2 r\nq${q} Q0 d1 2 1 r\n`)).join('');
  for (const n of [3, 9, 10, 11]) {
    const c = api.compareRuns(judged(n), [ranked(n, true), ranked(n, false)], { measures: ['recip_rank'] }).comparisons[0];
    assert.equal(c.queries, n);
    if (n < 10) assert.deepEqual([c.interval, c.ci95], ['withheld', [null, null]]);
    else assert.ok(c.interval === 'bootstrap' && c.ci95[0] <= c.diff && c.diff <= c.ci95[1], `${n} queries: ${c.ci95}`);
  }
});

test('the same seed reproduces the interval and the sampled p; another seed moves the interval', () => {
  const options = { measures: ['P.10', 'map'], trials: 300, seed: 12 };
  const one = api.compareRuns(qrels, [runA, runB], options);
  const two = api.compareRuns(qrels, [runA, runB], options);
  assert.deepEqual(one.comparisons, two.comparisons);
  const other = api.compareRuns(qrels, [runA, runB], { ...options, seed: 13 });
  assert.notDeepEqual(other.comparisons.map((c) => c.ci95), one.comparisons.map((c) => c.ci95));
});

test('compareRuns refuses bad input with a code, the run\'s place and the option\'s key', () => {
  assert.throws(() => api.compareRuns(qrels, [runA]), (e) => e.code === 'bad-input' && /two runs or more, got 1/.test(e.message));
  assert.throws(() => api.compareRuns(qrels, [runA, 'q1 Q0 d1 1 NaN r\n']),
    (e) => e.source === 'run' && e.index === 2 && e.line === 1 && /^run 2: line 1, column 12:/.test(e.message));
  assert.throws(() => api.compareRuns(qrels, [runA, runB], { trials: -1 }), (e) => e.code === 'out-of-range' && e.key === 'trials');
  assert.throws(() => api.compareRuns(qrels, [runA, runB], { holmTest: 'bonferroni' }), (e) => e.code === 'unknown-choice');
  assert.throws(() => api.compareRuns(qrels, [runA, runB], { measures: [5] }), (e) => e.code === 'bad-type' && e.key === 'measures');
  assert.throws(() => api.compareRuns(qrels, 'not runs'), (e) => e.code === 'bad-type');
  assert.throws(() => api.compareRuns(qrels, [runA, runB], { qrels: 'x' }), (e) => e.code === 'unknown-option');
  assert.equal(api.explain('3 2 1').n, 3);  // still usable
});

test('compareOptionSchema is the CLI\'s table: every flag is in `ndcg compare --help`', () => {
  const help = cli(['compare', '--help']).stdout;
  for (const row of api.compareOptionSchema()) {
    assert.ok(help.includes(row.flag), row.flag);
    if (row.shortFlag) assert.ok(help.includes(`${row.shortFlag}, ${row.flag}`), row.shortFlag);
  }
});

test('tie ranges reach the JS API: explain\'s tieRange and compareRuns\' summaries equal the command\'s', () => {
  const e = api.explain('a 1 0\nb 1 3');
  assert.deepEqual(e.tieRange, { min: 1 / Math.log2(3), max: 1 });
  const native = cli(['explain', '--format', 'json', 'a 1 0\nb 1 3']);
  assert.deepEqual(JSON.parse(native.stdout).tie_range, e.tieRange);
  const r = api.compareRuns(qrels, [runA, runB], { measures: ['ndcg_cut.10'], trials: 100, perQuery: true });
  const fromCli = JSON.parse(cli(['compare', '--format', 'json', '--trials', '100', '-q', '-m', 'ndcg_cut.10', '--names', 'run1',
    '--names', 'run2', parity('set1.qrels'), parity('set1.run'), fileB]).stdout);
  assert.deepEqual(r.tieRanges, camelKeys(fromCli.tie_ranges));
  assert.deepEqual(r.perQueryWorst.ndcg_cut_10, fromCli.per_query['ndcg_cut_10:worst']);
  assert.deepEqual(r.perQueryBest.ndcg_cut_10, fromCli.per_query['ndcg_cut_10:best']);
  // trec_eval's own mean lies inside the range, and the set's ties move it.
  const t = r.tieRanges[0];
  assert.ok(t.meanMin <= r.comparisons[0].meanA && r.comparisons[0].meanA <= t.meanMax);
  assert.ok(t.queriesChanged > 0);
  const off = api.compareRuns(qrels, [runA, runB], { measures: ['map'], trials: 100, tieRange: false });
  assert.deepEqual(off.tieRanges, []);
  assert.equal(off.perQueryWorst, null);
});
