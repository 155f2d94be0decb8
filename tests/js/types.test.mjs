// The .d.ts the build writes (scripts/types/build-types.mjs), the JS wrappers and
// the module's Embind registrations agree, and tsc accepts the types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNdcgModule, loadCore, registrationsIn, root } from './helpers.mjs';
import { runProcess } from './spawn.mjs';
import { INPUTS } from '../../web/api/inputs.js';
import { fieldLists } from '../../scripts/types/field-lists.mjs';

const dts = readFileSync(join(root, 'web', 'ndcg-types.d.ts'), 'utf8');
const apiSource = readFileSync(join(root, 'web', 'api', 'api.js'), 'utf8');

// Every field any of the rows has (a row that implies a choice has one more: implies).
const fieldsOf = (rows) => [...new Set(rows.flatMap((row) => Object.keys(row)))].sort();

// The members of every declaration of the interface (the generated one and the hand-written head's).
function interfaceMembers(name) {
  const bodies = [...dts.matchAll(new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`, 'g'))].map((m) => m[1]);
  assert.ok(bodies.length > 0, `no interface ${name}`);
  return bodies.flatMap((body) => [...body.matchAll(/^\s+(\w+)\??[(:]/gm)].map((m) => m[1])).sort();
}

test('every API method is typed in ndcg-types.d.ts, and every typed method exists', async () => {
  const api = await createNdcgModule();
  assert.deepEqual(Object.keys(api).sort(), interfaceMembers('NdcgApi'));
});

test('every Embind registration has a JS wrapper that calls it, and the module registers exactly those', async () => {
  // The wrappers are the API's methods (typed in ndcg-types.d.ts, checked above); each calls its entry point by name.
  const registered = [...registrationsIn('bindings.cpp'), ...registrationsIn('batch.cpp')];
  assert.ok(registered.length >= 9);
  for (const name of registered) assert.match(apiSource, new RegExp(`\\.${name}\\(`), `${name} has no wrapper`);
  assert.deepEqual((await loadCore('ndcg')).registered, [...registered].sort());
});

test('the typed result fields are the fields explain() returns', async () => {
  const api = await createNdcgModule();
  const r = api.explain('a 1\nb 0', { qrels: 'q 0 a 1' });
  const typed = interfaceMembers('Explanation');
  for (const key of Object.keys(r)) assert.ok(typed.includes(key), `${key} is not in the .d.ts`);
  assert.deepEqual(Object.keys(r.steps[0]).sort(), interfaceMembers('Step'));
});

test('dist/ndcg.js holds no eval and no new Function', () => {
  const text = readFileSync(join(root, 'dist', 'ndcg.js'), 'utf8');
  assert.equal(text.includes('eval('), false);
  assert.equal(text.includes('new Function'), false);
});

test('the typed options are the rows of the core\'s option table, plus the judgments text', async () => {
  const api = await createNdcgModule();
  const keys = api.optionSchema().map((r) => r.key);
  assert.deepEqual(interfaceMembers('ExplainOptions'), [...keys, ...INPUTS.explain].sort());
  assert.deepEqual(interfaceMembers('ResolvedOptions'), [...keys].sort());
  assert.deepEqual(Object.keys(api.explain('1 0').options).sort(), [...keys].sort());
  const a = api.analyse('1 0');
  assert.deepEqual(Object.keys(a).sort(), interfaceMembers('Analysis'));
  assert.deepEqual(Object.keys(a.presets[0]).sort(), interfaceMembers('PresetScore'));
});

test('require()\'s types (ndcg.d.ts, export =) alias every type of ndcg-types.d.ts on the factory', () => {
  const cjs = readFileSync(join(root, 'web', 'ndcg.d.ts'), 'utf8');
  const declared = [...dts.matchAll(/^export (?:interface|type|declare class) (\w+)/gm)].map((m) => m[1]);
  assert.ok(declared.length >= 15);
  for (const name of declared) assert.match(cjs, new RegExp(`\\btype ${name} = T\\.${name};`), `${name} is missing from ndcg.d.ts`);
  assert.match(cjs, /^export = createNdcgModule;$/m);
});

test('step rows carry the core\'s step fields in the core\'s order, from put_step alone (no list of them typed in JS)', async () => {
  const api = await createNdcgModule();
  const fields = readFileSync(join(root, 'cpp', 'src', 'report', 'fields.cpp'), 'utf8');
  const body = fields.slice(fields.indexOf('void put_step('), fields.indexOf('void put_explanation('));
  const listed = [...new Set([...body.matchAll(/out\.\w+\("(\w+)"/g)].map((m) => m[1]))];
  for (const input of ['a 1\nb 0', '3 2 0 1']) {
    const r = api.explain(input);
    assert.deepEqual(Object.keys(r.steps[0]), listed, input);
    assert.deepEqual(Object.keys(r.idealSteps[0]), listed, input);
  }
  // The header states the list (step_fields), and the build writes the API layer's row literal from it.
  assert.deepEqual(fieldLists(root).step.map((f) => f.name), listed);
  assert.doesNotMatch(apiSource, /['"]cumulative['"]/);
  assert.ok(readFileSync(join(root, 'dist', 'ndcg.js'), 'utf8').includes(JSON.stringify(listed)), 'dist/ndcg.js carries the step fields the build read');
});

test('evaluateTrec: typed options are the rows trec takes, plus the subtopics text; typed rows are what trecOptionSchema() gives', async () => {
  const api = await createNdcgModule();
  const keys = api.trecOptionSchema().map((r) => r.key);
  assert.deepEqual(interfaceMembers('TrecOptions'), [...keys, ...INPUTS.trec].sort());
  assert.deepEqual(fieldsOf(api.trecOptionSchema()), interfaceMembers('TrecOptionRow'));
  for (const row of api.trecOptionSchema()) assert.ok(dts.includes(`'${row.kind}'`), row.kind);
});

test('compareRuns: typed options are the rows of compare\'s table; typed results are what it returns', async () => {
  const api = await createNdcgModule();
  const keys = api.compareOptionSchema().map((r) => r.key);
  assert.deepEqual(interfaceMembers('CompareOptions'), [...keys, ...INPUTS.compare].sort());
  assert.deepEqual(fieldsOf(api.compareOptionSchema()), interfaceMembers('CompareOptionRow'));
  const qrels = 'q1 0 d1 1\nq2 0 d1 1\n';
  const run = (first) => `q1 Q0 ${first} 1 2 r\nq1 Q0 d2 2 1 r\nq2 Q0 d1 1 2 r\n`;
  const r = api.compareRuns(qrels, [run('d1'), run('d3'), run('d4')], { measures: ['recip_rank'] });
  assert.deepEqual(Object.keys(r).sort(), interfaceMembers('CompareResult'));
  assert.deepEqual(Object.keys(r.comparisons[0]).sort(), interfaceMembers('Comparison'));
  assert.deepEqual(Object.keys(r.tieRanges[0]).sort(), interfaceMembers('TieRangeSummary'));
  const e = api.explain('a 1 0\nb 1 3');
  assert.deepEqual(Object.keys(e.tieRange).sort(), ['max', 'min']);
});

test('fields typed as never null are numbers even where others are null (IDCG = 0, identical runs)', async () => {
  const api = await createNdcgModule();
  for (const [input, options] of [['0 0 0', { zeroIdcg: 'skip' }], ['0 0 0', {}], ['3 2 1', { k: 2 }], [[1, 0], { zeroIdcg: 'skip', k: 5 }]]) {
    const r = api.explain(input, options);
    assert.equal(typeof r.format, 'string');
    assert.ok(r.loss.every((v) => typeof v === 'number'), `loss of ${input}`);
  }
  assert.equal(api.explain('0 0', { zeroIdcg: 'skip' }).ndcg, null);  // so ndcg stays number | null
  const qrels = 'q1 0 d1 1\nq2 0 d2 0\n';
  const same = 'q1 Q0 d1 1 1 r\nq2 Q0 d2 1 1 r\n';
  for (const runs of [[same, same], [same, 'q1 Q0 d9 1 1 r\nq2 Q0 d2 1 1 r\n'], ['q1 Q0 d9 1 1 r\nq2 Q0 d8 1 1 r\n', same]]) {
    const c = api.compareRuns(qrels, runs, { trials: 20 });
    for (const x of c.comparisons) {
      for (const key of ['meanA', 'meanB', 'diff', 'pSign', 'pRandomization']) assert.equal(typeof x[key], 'number', key);
      // Two queries: the interval is withheld, so ci95 is [null, null] (and typed so).
      assert.deepEqual([x.interval, x.ci95], ['withheld', [null, null]]);
    }
    for (const t of c.tieRanges) assert.ok(typeof t.meanMin === 'number' && typeof t.meanMax === 'number');
  }
  assert.equal(api.compareRuns(qrels, [same, same], { trials: 20 }).comparisons[0].pTtest, null);  // so it stays nullable
});

test('tsc (strict) accepts the written types and a use of every call, and refuses a wrong one', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ndcg-types-'));
  const types = join(root, 'web', 'ndcg.d.ts').replace(/\.d\.ts$/, '');
  writeFileSync(join(dir, 'use.ts'), `
    import create = require(${JSON.stringify(types)});
    export async function main(): Promise<unknown[]> {
      const api: create.NdcgApi = await create();
      const e: create.Explanation = api.explain('3 2 0', { k: 2, gain: 'linear', qrels: 'q 0 a 1' });
      const a: create.Analysis = api.analyse([1, 0], { preset: 'trec_eval' });
      const t: create.TrecResult = api.evaluateTrec('q 0 d 1', 'q Q0 d 1 1 r', { measures: ['ndcg_cut.10', 'map'], perQuery: true });
      const c: create.CompareResult = api.compareRuns('q 0 d 1', ['q Q0 d 1 1 a', 'q Q0 d 1 2 b'], { allPairs: true });
      const rows: create.TrecOptionRow[] = api.trecOptionSchema();
      const step: create.Step = e.steps[0];
      const value: number | string | null = t.perQuery.q.map;
      const worst: (number | null)[][] | null = c.perQueryWorst ? c.perQueryWorst.map : null;
      const measure: create.MeasureName = 'ndcg_cut';
      return [e.ndcg, a.render('json'), value, worst, measure, rows[0].key, step.judged, c.comparisons[0].ci95[1]];
    }`);
  writeFileSync(join(dir, 'wrong.ts'), `
    import create = require(${JSON.stringify(types)});
    create().then((api) => api.evaluateTrec('', '', { measures: ['ndcg_cutt.10'] }));
    create().then((api) => api.explain('3', { noSuchOption: 1 }));`);
  const tsc = (file) => {
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'commonjs', target: 'es2022', lib: ['es2022'], types: [] }, files: [file],
    }));
    return runProcess(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8' });
  };
  const ok = tsc('use.ts');
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  const wrong = tsc('wrong.ts');
  assert.match(wrong.stdout, /wrong\.ts\(3,\d+\): error TS2820: Type '"ndcg_cutt\.10"'/);
  assert.match(wrong.stdout, /wrong\.ts\(4,\d+\): error TS2353/);
  rmSync(dir, { recursive: true, force: true });
});
