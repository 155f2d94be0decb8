// The hand-written .d.ts, the JS wrappers and the module's exports agree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createNdcgModule, root } from './helpers.mjs';

const dts = readFileSync(join(root, 'web', 'ndcg-types.d.ts'), 'utf8');
const apiSource = readFileSync(join(root, 'web', 'api', 'api.js'), 'utf8');
const bindings = ['bindings.cpp', 'batch.cpp'].map((f) => readFileSync(join(root, 'cpp', 'wasm', f), 'utf8')).join('\n');
const rawSource = readFileSync(join(root, 'web', 'api', 'raw.js'), 'utf8');

function interfaceMembers(name) {
  const body = dts.match(new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`))[1];
  return [...body.matchAll(/^\s+(\w+)\??[(:]/gm)].map((m) => m[1]).sort();
}

test('every API method is typed in ndcg-types.d.ts, and every typed method exists', async () => {
  const api = await createNdcgModule();
  assert.deepEqual(Object.keys(api).sort(), interfaceMembers('NdcgApi'));
});

test('every exported C function has a JS wrapper that calls it, and the API calls every wrapper', () => {
  const exported = [...bindings.matchAll(/EMSCRIPTEN_KEEPALIVE [^(]*?\b(ndcg_\w+)\(/g)].map((m) => m[1]);
  assert.ok(exported.length >= 9);
  for (const name of exported) assert.match(rawSource, new RegExp(`m\\.${name}\\(`), `${name} has no wrapper`);
  const wrappers = [...rawSource.slice(rawSource.indexOf('export function rawApi')).matchAll(/^    (\w+)(?:: \(|\()/gm)].map((m) => m[1]);
  assert.ok(wrappers.length >= 9);
  for (const name of wrappers) assert.match(apiSource, new RegExp(`\\.${name}\\(`), `${name} is not called by the API`);
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
  assert.deepEqual(interfaceMembers('ExplainOptions'), [...keys, 'qrels'].sort());
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

test('the JS API\'s fast step rows list the core\'s step fields, in the core\'s order', async () => {
  const api = await createNdcgModule();
  const source = readFileSync(join(root, 'web', 'api', 'api.js'), 'utf8');
  const listed = JSON.parse(source.match(/const STEP_FIELDS = (\[[^\]]*\])/)[1].replace(/'/g, '"'));
  // The core's fields come back in put_step's order; a row built by the generic path would too.
  assert.deepEqual(Object.keys(api.explain('a 1\nb 0').steps[0]), listed);
  const fields = readFileSync(join(root, 'cpp', 'src', 'explain', 'fields.cpp'), 'utf8');
  const body = fields.slice(fields.indexOf('void put_step('), fields.indexOf('void put_explanation('));
  assert.deepEqual([...new Set([...body.matchAll(/out\.\w+\("(\w+)"/g)].map((m) => m[1]))], listed);
});

test('evaluateTrec: typed options are the rows trec takes, plus the subtopics text; typed rows are what trecOptionSchema() gives', async () => {
  const api = await createNdcgModule();
  const keys = api.trecOptionSchema().map((r) => r.key);
  assert.deepEqual(interfaceMembers('TrecOptions'), [...keys, 'subtopics'].sort());
  assert.deepEqual(Object.keys(api.trecOptionSchema()[0]).sort(), interfaceMembers('TrecOptionRow'));
  for (const row of api.trecOptionSchema()) assert.ok(dts.includes(`'${row.kind}'`), row.kind);
});

test('compareRuns: typed options are the rows of compare\'s table; typed results are what it returns', async () => {
  const api = await createNdcgModule();
  const keys = api.compareOptionSchema().map((r) => r.key);
  assert.deepEqual(interfaceMembers('CompareOptions'), [...keys].sort());
  assert.deepEqual(Object.keys(api.compareOptionSchema()[0]).sort(), interfaceMembers('CompareOptionRow'));
  const qrels = 'q1 0 d1 1\nq2 0 d1 1\n';
  const run = (first) => `q1 Q0 ${first} 1 2 r\nq1 Q0 d2 2 1 r\nq2 Q0 d1 1 2 r\n`;
  const r = api.compareRuns(qrels, [run('d1'), run('d3'), run('d4')], { measures: ['recip_rank'] });
  assert.deepEqual(Object.keys(r).sort(), interfaceMembers('CompareResult'));
  assert.deepEqual(Object.keys(r.comparisons[0]).sort(), interfaceMembers('Comparison'));
  assert.deepEqual(Object.keys(r.tieRanges[0]).sort(), interfaceMembers('TieRangeSummary'));
  const e = api.explain('a 1 0\nb 1 3');
  assert.deepEqual(Object.keys(e.tieRange).sort(), ['max', 'min']);
});
