// The core's layers (scripts/layers.mjs): no include in cpp/src or cpp/include runs back up, every
// folder and public header has a layer, and ARCHITECTURE.md names the same layers in the same order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYERS, includes, upward } from '../../scripts/layers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('no include in the core runs back up', () => {
  const list = includes();
  assert.ok(list.length > 200, `only ${list.length} includes read`);
  assert.deepEqual(upward(list), []);
});

test('an include that runs up, sideways or out of the layers is found', () => {
  const found = upward([
    { file: 'base/text.hpp', line: 18, target: 'ndcg/parse.hpp' },
    { file: 'trec/trec_measures.cpp', line: 9, target: 'ndcg/pipeline.hpp' },
    { file: 'ndcg/parse.hpp', line: 12, target: 'ndcg/report.hpp' },
    { file: 'nowhere/a.cpp', line: 1, target: 'base/text.hpp' },
    { file: 'parse/a.cpp', line: 2, target: 'ndcg/nothing.hpp' },
    { file: 'compare/compare.cpp', line: 3, target: 'trec/measures/list.hpp' },
  ]);
  assert.deepEqual(found, [
    'base/text.hpp:18: includes ndcg/parse.hpp, a layer above its own',
    'trec/trec_measures.cpp:9: includes ndcg/pipeline.hpp, a layer beside its own',
    'ndcg/parse.hpp:12: includes ndcg/report.hpp, a layer above its own',
    'nowhere/a.cpp: its folder has no layer in scripts/layers.mjs',
    'parse/a.cpp:2: includes ndcg/nothing.hpp, which has no layer in scripts/layers.mjs',
  ]);
});

test('every folder of cpp/src and every public header has one layer', () => {
  const folders = LAYERS.flatMap((l) => Object.keys(l));
  const headers = LAYERS.flatMap((l) => Object.values(l).flat());
  const dirs = readdirSync(join(root, 'cpp/src'), { withFileTypes: true }).filter((e) => e.isDirectory());
  assert.deepEqual([...folders].sort(), dirs.map((e) => e.name).sort());
  const public_ = readdirSync(join(root, 'cpp/include/ndcg')).map((f) => f.replace(/\.hpp$/, ''));
  assert.deepEqual([...headers].sort(), public_.sort());
});

test("ARCHITECTURE.md's layer picture names the layers in order", () => {
  const text = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
  const start = text.indexOf('Inside the core');
  const block = text.slice(text.indexOf('```', start) + 3, text.indexOf('```', text.indexOf('```', start) + 3));
  const rows = block.split('\n').filter((l) => /^ {2}\S/.test(l)).map((l) => l.trim().split(/\s{2,}/)[0]);
  const expected = LAYERS.map((l) => Object.keys(l).join(', ')).reverse();
  assert.deepEqual(rows, expected);
});
