// How large a file the page's batch and compare modes take: a TREC run in
// batch mode is read by the core in pieces, so the page takes it past the
// core's limit for inputs held whole; every other input stops there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileLimit, MAX_INPUT_BYTES, MAX_RUN_BYTES } from '../../web/app/full/batch/batch-sources.js';
import { readFile } from '../../web/app/full/batch/engine.js';

test('batch mode takes a run past the core\'s 256 MiB; its qrels and compare mode\'s runs stop there', () => {
  assert.equal(MAX_INPUT_BYTES, 268435456);  // ndcg::limits::max_bytes, as docs/inputs.md states
  assert.equal(fileLimit('trec', 'run'), MAX_RUN_BYTES);
  assert.ok(MAX_RUN_BYTES >= 4 * MAX_INPUT_BYTES);
  for (const [mode, slot] of [['trec', 'qrels'], ['trec', 'group'], ['compare', 'run'], ['compare', 'runB'], ['compare', 'qrels']]) {
    assert.equal(fileLimit(mode, slot), MAX_INPUT_BYTES, `${mode} ${slot}`);
  }
});

test('a file over its limit is refused with too-large, naming the slot and the limit in MB; one at it is read', async () => {
  const file = new File(['q1 Q0 d1 1 2.5 r\n'], 'run.txt');
  await assert.rejects(readFile(file, 'run', file.size - 1, () => {}), (e) => e.code === 'too-large' && e.source === 'run' && e.args.limit === '0 MB');
  const read = await readFile(file, 'run', file.size, () => {});
  assert.equal(read.bytes, file.size);
  assert.equal(new TextDecoder().decode(read.data), 'q1 Q0 d1 1 2.5 r\n');
});
