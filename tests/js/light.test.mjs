// dist/ndcg-light.js, the module the embed page and the element carry: the
// same answers as dist/ndcg.js for one ranking, and batch calls refused
// with a structured error instead of a crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKED, createNdcgModule, loadCore, readParity, registrationsIn, root } from './helpers.mjs';

const require = createRequire(import.meta.url);
const createLight = require(join(root, 'dist', 'ndcg-light.js'));
const full = await createNdcgModule();
const light = await createLight();

test('the light module says which build it is, and the full one says so too', () => {
  assert.equal(light.build, 'light');
  assert.equal(full.build, 'full');
  assert.deepEqual(Object.keys(light).sort(), Object.keys(full).sort());
});

test('the light module explains, analyses and renders exactly as the full one', () => {
  const inputs = [WORKED, '3 2 0 1 0 0 2 1 0 0', 'd1,0.9,3\nd2,0.8,0\nd3,0.8,2', 'a 3\nb 0\nc 2'];
  const options = [{ k: 5 }, { preset: 'sklearn' }, { gain: 'linear', ties: 'average' }];
  for (const input of inputs) {
    for (const o of options) {
      assert.deepEqual(light.explain(input, o), full.explain(input, o));
      for (const format of ['json', 'csv', 'markdown', 'latex', 'text']) {
        assert.equal(light.render(input, o, format), full.render(input, o, format));
      }
    }
  }
  const a = light.analyse('a 2\nb 0\nc 1', { qrels: 'q 0 a 2\nq 0 d 3' });
  const b = full.analyse('a 2\nb 0\nc 1', { qrels: 'q 0 a 2\nq 0 d 3' });
  assert.deepEqual(a.explanation, b.explanation);
  assert.deepEqual(a.presets.map((p) => p.ndcg), b.presets.map((p) => p.ndcg));
  assert.equal(a.render('json'), b.render('json'));
});

test('the tables are the same in both builds', () => {
  assert.deepEqual(light.optionSchema(), full.optionSchema());
  assert.deepEqual(light.errorCodes(), full.errorCodes());
  assert.deepEqual(light.presets(), full.presets());
  assert.equal(light.detectFormat('q 0 a 1 x'), full.detectFormat('q 0 a 1 x'));
});

test('evaluateTrec, compareRuns and reserveMemory in the light module throw not-in-build (compare\'s table is empty), and the module stays usable', () => {
  const qrels = readParity('set1.qrels');
  const run = readParity('set1.run');
  assert.ok(full.evaluateTrec(qrels, run, { measures: ['map'] }).mean.map > 0);
  assert.throws(() => light.evaluateTrec(qrels, run, { measures: ['map'] }), (e) => {
    assert.equal(e.name, 'NdcgError');
    assert.equal(e.code, 'not-in-build');
    assert.deepEqual(e.args, { call: 'evaluateTrec()' });
    assert.match(e.message, /not in this build/);
    return true;
  });
  assert.throws(() => light.compareRuns(qrels, [run, run]), (e) => e.code === 'not-in-build' && e.args.call === 'compareRuns()');
  assert.throws(() => light.reserveMemory(2 ** 20), (e) => e.code === 'not-in-build' && e.args.call === 'reserveMemory()');
  assert.throws(() => light.describeMeasure('map'), (e) => e.code === 'not-in-build' && e.args.call === 'describeMeasure()');
  // compare's option table is empty where compare is not built in (the page reads it at start).
  assert.deepEqual(light.compareOptionSchema(), []);
  assert.ok(full.compareOptionSchema().length > 0);
  assert.equal(light.explain(WORKED).dcg, 10.638930695573496);
});

test('the light module lacks exactly the batch registrations (cpp/wasm/batch.cpp) and is smaller', async () => {
  // Embind registers each entry point by name on the module its glue starts.
  const batch = registrationsIn('batch.cpp');
  assert.ok(batch.includes('evaluateTrec'));
  const fullRegistered = (await loadCore('ndcg')).registered;
  assert.ok(fullRegistered.length >= 10);
  assert.deepEqual((await loadCore('ndcg-light')).registered, fullRegistered.filter((n) => !batch.includes(n)));
  assert.ok(readFileSync(join(root, 'dist', 'ndcg-light.js')).length < readFileSync(join(root, 'dist', 'ndcg.js')).length);
});

test('the light module reads the one-ranking inputs the full one does, but refuses a JSON object with a reason', async () => {
  const light = await createLight();
  const qrels = 'd1 2\nd2 1\nd3 0\n';
  for (const text of ['d3 0.9\nd1 0.1\nd2 0.5\n', 'd2\nd9\nd1\n', 'doc_id,score\nd1,0.3\nd2,0.9\n']) {
    assert.deepEqual(light.explain(text, { qrels }).steps, full.explain(text, { qrels }).steps, text);
  }
  const json = '{"d1": 0.9, "d2": 0.8}';
  assert.equal(full.explain(json).format, 'json');
  assert.throws(() => light.explain(json), (e) => e.code === 'bad-input' && /read by the full module/.test(e.message));
  assert.equal(light.explain('3 2 1').n, 3);  // still usable
});
