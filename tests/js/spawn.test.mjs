// runProcess (spawn.mjs): a child that exits without reading its input is
// judged by its status and output, not by the broken pipe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './helpers.mjs';
import { runProcess } from './spawn.mjs';

// More than a pipe holds, so the write is still pending when the child exits: EPIPE every time.
const FOUR_MB = Buffer.alloc(4 << 20, '3 ');
const QUITS_AT_ONCE = ['-e', 'process.stderr.write("refused\\n"); process.exit(2)'];

test('plain spawnSync reports EPIPE for a child that never reads (what the helper is for)', () => {
  const r = spawnSync(process.execPath, QUITS_AT_ONCE, { input: FOUR_MB });
  assert.equal(r.error?.code, 'EPIPE');
  assert.equal(r.status, 2);
});

test('a child that exits before reading its input keeps its status and stderr, without an error', () => {
  const r = runProcess(process.execPath, QUITS_AT_ONCE, { input: FOUR_MB, encoding: 'utf8' });
  assert.equal(r.error, undefined);
  assert.equal(r.status, 2);
  assert.equal(r.stderr, 'refused\n');
});

test('ndcg refuses an unknown option before reading a large input: exit 2 and one message', () => {
  const r = runProcess(join(root, 'build', 'native', 'ndcg'), ['explain', '--bogus', '1'], { input: FOUR_MB, encoding: 'utf8' });
  assert.equal(r.error, undefined);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^ndcg explain: unknown option "--bogus"/);
});

test('other errors stay: a child stopped by the timeout reports ETIMEDOUT', () => {
  const r = runProcess(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { input: 'x', timeout: 200 });
  assert.equal(r.error?.code, 'ETIMEDOUT');
  assert.equal(r.signal, 'SIGTERM');
});

test('a missing command is still an error', () => {
  const r = runProcess(join(root, 'build', 'no-such-command'), [], { input: 'x' });
  assert.equal(r.error?.code, 'ENOENT');
});
