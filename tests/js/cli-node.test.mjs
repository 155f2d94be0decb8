// The `ndcg` command on Node (bin/ndcg-calc.cjs over dist/ndcg-cli.js, the
// same cpp/cli compiled to wasm with Node's file system) against the native
// build: the same bytes on stdout and stderr and the same exit status.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, parity, root } from './helpers.mjs';
import { runProcess } from './spawn.mjs';

const bin = join(root, 'bin', 'ndcg-calc.cjs');
const qrels = parity('set1.qrels');
const run = parity('set1.run');

function onNode(args, input = '') {
  const r = runProcess(process.execPath, [bin, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function same(args, input = '') {
  const native = cli(args, input);
  const node = onNode(args, input);
  assert.equal(node.stdout, native.stdout, `stdout of ndcg ${args.join(' ')}`);
  assert.equal(node.stderr, native.stderr, `stderr of ndcg ${args.join(' ')}`);
  assert.equal(node.status, native.status, `status of ndcg ${args.join(' ')}`);
  return native;
}

test('trec on the parity data: every measure set, per query, at full precision', () => {
  const r = same(['trec', '-q', '--digits', '17', '-m', 'ndcg', '-m', 'ndcg_cut.5,10,20', '-m', 'P.5,10',
    '-m', 'recall.10', '-m', 'map', '-m', 'recip_rank', qrels, run]);
  assert.equal(r.stdout, readFileSync(parity('set1.trec_eval_fullprec.txt'), 'utf8'));
  same(['trec', qrels, run]);
  same(['trec', '-q', '-m', 'all_trec', qrels, run]);
  same(['trec', '--tie-range', '-m', 'ndcg_cut.10', '-m', 'map', qrels, run]);
  same(['trec', '-q', '-mndcg.1=1,2=3,3=7,4=15', '--gain', 'exp', '-c', '-l', '2', qrels, run]);
  same(['trec', '-m', 'P.5', qrels, '-'], readFileSync(run, 'utf8'));
});

test('trec --merge of shards written by the Node command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ndcg-cli-node-'));
  try {
    const lines = readFileSync(run, 'utf8').split('\n').filter(Boolean);
    const half = lines.findIndex((l, i) => i > lines.length / 2 && l.split(' ')[0] !== lines[i - 1].split(' ')[0]);
    const shards = [lines.slice(0, half), lines.slice(half)].map((part, i) => {
      const path = join(dir, `shard${i}.run`);
      writeFileSync(path, part.join('\n') + '\n');
      const out = same(['trec', '-q', '--digits', '17', '--shard', qrels, path]);
      writeFileSync(join(dir, `shard${i}.eval`), out.stdout);
      return join(dir, `shard${i}.eval`);
    });
    same(['trec', '--merge', ...shards]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('explain in every format, compare, presets and the help texts', () => {
  for (const format of ['text', 'markdown', 'json', 'csv', 'latex', 'html']) {
    same(['explain', '--k', '10', '--format', format, '3', '2', '0', '1', '0', '0', '2', '1', '0', '0']);
  }
  same(['explain', '--preset', 'sklearn', '--k', '3', '-f', '-'], 'doc-a 0.91 3\ndoc-b 0.85 0\ndoc-c 0.85 2\ndoc-d 0.40 1\n');
  same(['explain', '--ideal', 'judgments', '--qrels', qrels, '-f', '-'], readFileSync(run, 'utf8').split('\n').slice(0, 40).join('\n'));
  same(['compare', '-m', 'ndcg_cut.10', '-m', 'map', '--trials', '300', '--format', 'json', qrels, run, run]);
  same(['compare', '--all-pairs', '--trials', '200', qrels, run, run, run]);
  same(['presets']);
  for (const help of [['--help'], ['explain', '--help'], ['trec', '--help'], ['compare', '--help'], ['--version']]) same(help);
});

test('errors: the same message naming file, line and column, and exit status 2', () => {
  assert.equal(same(['explain', '3', '2', 'x']).status, 2);
  assert.equal(same(['trec', qrels, '/nonexistent.run']).status, 2);
  assert.equal(same(['trec', '-m', 'ndcg_cutt.10', qrels, run]).status, 2);
  assert.equal(same(['trec', qrels, '-'], 'q1 Q0 d1 1 x run\n').status, 2);
  assert.equal(same(['explain', '--alpha', '2', '3']).status, 2);
  assert.equal(same(['nonsense']).status, 2);
});
