// Every field of the core's field lists reaches the JS objects with the same
// value. What is expected comes from the lists themselves, written by the
// core's JSON sink: the CLI's --format json for explanations (put_explanation,
// put_step) and comparisons (put_comparison, put_tie_summary), and
// build/native/ndcg_option_rows for the option rows (put_option_row). Names
// are turned into the API's mechanically, and every field each list writes
// (read from its C++ source) must be met at least once below, so a field
// added in C++ is checked here with no edit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { camelKeys, cli, createNdcgModule, root } from './helpers.mjs';
import { runProcess } from './spawn.mjs';

const api = await createNdcgModule();
const dir = mkdtempSync(join(tmpdir(), 'ndcg-fields-'));
const dts = readFileSync(join(root, 'web', 'ndcg-types.d.ts'), 'utf8');

/** The names a C++ field list writes: out.kind("name", …) in the body of `fn` in `file`. */
function listedFields(file, fn) {
  const source = readFileSync(join(root, 'cpp', 'src', file), 'utf8');
  const from = source.indexOf(`void ${fn}(`);
  assert.ok(from >= 0, `${fn} in ${file}`);
  const body = source.slice(from, source.indexOf('\n}\n', from));
  return [...new Set([...body.matchAll(/out\.\w+\("(\w+)"/g)].map((m) => m[1]))];
}

function interfaceMembers(name) {
  const body = dts.match(new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`))[1];
  return [...body.matchAll(/^\s+(\w+)\??[(:]/gm)].map((m) => m[1]);
}

const met = new Set();

/** Every field of `expected` (the JSON, camelCased), at any depth, is in `actual` with the same value. */
function sameFields(expected, actual, path) {
  if (expected === null || typeof expected !== 'object') {
    assert.equal(actual, expected, path);
    return;
  }
  assert.ok(actual !== null && typeof actual === 'object', `${path}: ${JSON.stringify(actual)}`);
  if (Array.isArray(expected)) {
    assert.equal(actual.length, expected.length, `${path}.length`);
    expected.forEach((v, i) => sameFields(v, actual[i], `${path}[${i}]`));
    return;
  }
  for (const [key, value] of Object.entries(expected)) {
    met.add(key);
    assert.ok(key in actual, `${path}.${key} is missing`);
    sameFields(value, actual[key], `${path}.${key}`);
  }
}

const camel = (name) => name.replace(/_([a-z0-9])/g, (m, c) => c.toUpperCase());

function file(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

// Inputs that take every branch of put_explanation: judgments, subtopics (α-nDCG), ids, an undefined NDCG.
const EXPLAINED = [
  { text: '3 2 0 1 0 0 2 1 0 0', api: { k: 10 }, flags: ['--k', '10'] },
  { text: 'a 0.9 2\nb 0.8 0\nc 0.8 1', qrels: 'q 0 a 2\nq 0 d 3', api: { ties: 'average' }, flags: ['--ties', 'average'] },
  { text: 'a 2\nb 1\nc 0', qrels: 'q 1 a 1\nq 2 a 1\nq 2 b 1\nq 3 c 0', api: { alpha: 0.25 }, flags: ['--alpha', '0.25'] },
  { text: '0 0 0', api: { zeroIdcg: 'skip', weights: '2,1' }, flags: ['--zero-idcg', 'skip', '--weights', '2,1'] },
];

test('explain(): every field of put_explanation and put_step, with the CLI\'s values', () => {
  met.clear();
  EXPLAINED.forEach((c, i) => {
    const args = ['explain', '--format', 'json', '-f', file(`ranking-${i}`, c.text), ...c.flags];
    if (c.qrels) args.push('--qrels', file(`qrels-${i}`, c.qrels));
    const native = cli(args);
    assert.equal(native.status, 0, native.stderr);
    const expected = camelKeys(JSON.parse(native.stdout));
    const actual = api.explain(c.text, c.qrels ? { ...c.api, qrels: c.qrels } : c.api);
    sameFields(expected, actual, `case ${i}`);
    assert.deepEqual(Object.keys(actual), Object.keys(expected), `case ${i}: no field of its own`);
  });
  for (const [source, fn] of [['report/fields.cpp', 'put_explanation'], ['report/fields.cpp', 'put_step']]) {
    for (const name of listedFields(source, fn)) assert.ok(met.has(camel(name)), `${fn}'s ${name} was met`);
  }
});

test('compareRuns(): every field of put_comparison and put_tie_summary, with the CLI\'s values', () => {
  met.clear();
  const qrels = 'q1 0 d1 1\nq2 0 d1 1\nq1 0 d2 2\nq3 0 d5 1\n';
  const runs = ['q1 Q0 d1 1 2 r\nq1 Q0 d2 2 1 r\nq2 Q0 d1 1 2 r\nq3 Q0 d5 1 1 r\n',
    'q1 Q0 d2 1 2 r\nq1 Q0 d3 2 2 r\nq2 Q0 d4 1 2 r\nq3 Q0 d5 1 3 r\n',
    'q1 Q0 d3 1 2 r\nq1 Q0 d1 2 2 r\nq2 Q0 d1 1 1 r\nq3 Q0 d6 1 1 r\n'];
  const paths = runs.map((r, i) => file(`run-${i}`, r));
  const native = cli(['compare', '--format', 'json', '--tie-range', '--all-pairs', '-m', 'map', '-m', 'P.1', '--trials', '500',
    file('compare-qrels', qrels), ...paths]);
  assert.equal(native.status, 0, native.stderr);
  const expected = camelKeys(JSON.parse(native.stdout));
  const actual = api.compareRuns(qrels, runs, { tieRange: true, allPairs: true, measures: ['map', 'P.1'], trials: 500, names: paths });
  assert.ok(expected.comparisons.length > 0 && expected.tieRanges.length > 0);
  sameFields(expected.comparisons, actual.comparisons, 'comparisons');
  sameFields(expected.tieRanges, actual.tieRanges, 'tieRanges');
  actual.comparisons.forEach((c, i) => assert.deepEqual(Object.keys(c), Object.keys(expected.comparisons[i]), `comparison ${i}`));
  for (const fn of ['put_comparison', 'put_tie_summary']) {
    for (const name of listedFields('compare/compare.cpp', fn)) assert.ok(met.has(camel(name)), `${fn}'s ${name} was met`);
  }
});

test('the option schemas: every field of put_option_row, with the core\'s values, in the schema of each command that takes it', () => {
  const r = runProcess(join(root, 'build', 'native', 'ndcg_option_rows'), [], { encoding: 'utf8' });
  assert.equal(r.status, 0, `build/native/ndcg_option_rows (cmake --build build/native): ${r.error || r.stderr}`);
  const rows = r.stdout.trim().split('\n').map((line) => camelKeys(JSON.parse(line)));
  const schemas = { explain: api.optionSchema(), trec: api.trecOptionSchema(), compare: api.compareOptionSchema() };
  const reached = new Set();
  for (const { command, ...row } of rows) {
    const expected = { ...row, key: camel(row.key) };  // the JS sink spells keys as it spells names
    const shown = schemas[command].find((s) => s.key === expected.key);
    assert.ok(shown, `${expected.key} is in ${command}'s schema`);
    sameFields(expected, shown, `${command} ${expected.key}`);
    assert.deepEqual(Object.keys(shown).sort(), Object.keys(expected).sort(), `${command} ${expected.key}: no field of its own`);
    for (const k of Object.keys(expected)) reached.add(k);
  }
  for (const [command, schema] of Object.entries(schemas)) {
    assert.equal(rows.filter((row) => row.command === command).length, schema.length, `${command}: every row`);
  }
  for (const name of listedFields('options/option_table.cpp', 'put_option_row')) assert.ok(reached.has(camel(name)), `put_option_row's ${name} reaches a schema`);
});
