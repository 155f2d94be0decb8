// The bindings only convert: the CLI, the wasm module and the Python
// extension reach the batch commands through their one call each
// (cpp/include/ndcg/commands.hpp: evaluate_batch, compare_batch), never
// through the steps it is made of, so the three cannot decide differently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './helpers.mjs';

const STEPS = ['read_records', 'read_letor_records', 'judgments_for_runs', 'evaluate_table', 'evaluate_run', 'evaluate_runs',
  'compare_runs', 'compare_results', 'judgments_are_qrels'];
const BINDINGS = ['cpp/cli', 'cpp/wasm', 'cpp/python'];

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(cpp|hpp)$/.test(e.name) ? [path] : [];
  });
}

// Comments and strings out: a comment may name a step.
const code = (text) => text.replace(/\/\/[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/"(?:[^"\\\n]|\\.)*"/g, '""');

test('no binding calls read_records, evaluate_table, evaluate_run(s) or compare_runs itself', () => {
  const found = [];
  for (const path of BINDINGS.flatMap((dir) => sources(join(root, dir)))) {
    const text = code(readFileSync(path, 'utf8'));
    for (const step of STEPS) if (new RegExp(`\\b${step}\\s*\\(`).test(text)) found.push(`${relative(root, path)}: ${step}`);
    const include = /#include\s*"ndcg\/(evaluate_run|inputs)\.hpp"/.exec(readFileSync(path, 'utf8'));
    if (include) found.push(`${relative(root, path)}: includes ${include[1]}.hpp`);
  }
  assert.deepEqual(found, []);
});

test('the check sees a call where there is one', () => {
  assert.ok(/\bevaluate_run\s*\(/.test(code('auto r = ndcg::evaluate_run(qrels, source);  // evaluate_run(')));
  assert.ok(!/\bevaluate_run\s*\(/.test(code('// evaluate_run(qrels)\nconst char* s = "evaluate_run(";')));
});
