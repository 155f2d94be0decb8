// One catalogue of batch inputs (tests/data/catalogue/cases.json: every
// format, empty inputs, broken files) through the native command and the
// Node API: each case gives the same report bytes in both, or the same
// error (code, line, column, reason) in both. tests/python/test_catalogue.py
// walks the same cases through Python against the command.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createNdcgModule, root } from './helpers.mjs';
import { runProcess } from './spawn.mjs';

const cases = JSON.parse(readFileSync(join(root, 'tests', 'data', 'catalogue', 'cases.json'), 'utf8'));
const api = await createNdcgModule();
const scratch = mkdtempSync(join(tmpdir(), 'ndcg-catalogue-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** An input's bytes as the case gives them: gzipped (and cut short) when it says so. */
function bytesOf(c, name, text) {
  if (!(c.gzip || []).includes(name)) return text;
  const packed = gzipSync(Buffer.from(text));
  return c.cut ? packed.subarray(0, c.cut) : packed;
}

/** The command's words for the case's options: `--key=value`, a true flag alone, a list repeated. */
function flags(options = {}) {
  const out = [];
  for (const [key, value] of Object.entries(options)) {
    const flag = `--${key.replaceAll('_', '-')}`;
    for (const v of Array.isArray(value) ? value : [value]) out.push(v === true ? flag : `${flag}=${v}`);
  }
  return out;
}

// Each case's files in a folder of its own, named as the API names its
// inputs (qrels, run, run1, run2), and the command run there: the names in
// its reports and messages are the API's.
function runCli(c, i) {
  const dir = join(scratch, String(i));
  mkdirSync(dir);
  const file = (name, bytes) => (writeFileSync(join(dir, name), bytes), name);
  const words = [c.kind, ...flags(c.options)];
  for (const name of ['subtopics', 'zscores', 'group']) if (c[name] !== undefined) words.push(`--${name}`, file(name, c[name]));
  words.push(file('qrels', bytesOf(c, 'qrels', c.qrels)));
  if (c.kind === 'trec' && c.run !== undefined) words.push(file('run', bytesOf(c, 'run', c.run)));
  if (c.kind === 'compare') c.runs.forEach((r, k) => words.push(file(`run${k + 1}`, bytesOf(c, 'runs', r))));
  const r = runProcess(join(root, 'build', 'native', 'ndcg'), words, { cwd: dir, encoding: 'utf8' });
  if (r.error) throw r.error;
  return r;
}

function runApi(c) {
  const options = {};
  for (const [key, value] of Object.entries(c.options || {})) options[key.replace(/_([a-z])/g, (m, l) => l.toUpperCase())] = value;
  for (const name of ['subtopics', 'zscores', 'group']) if (c[name] !== undefined) options[name] = c[name];
  try {
    if (c.kind === 'compare') return { text: api.compareRuns(bytesOf(c, 'qrels', c.qrels), c.runs.map((r) => bytesOf(c, 'runs', r)), options).text };
    const run = c.run === undefined ? null : bytesOf(c, 'run', c.run);
    return { text: api.evaluateTrec(bytesOf(c, 'qrels', c.qrels), run, options).text };
  } catch (e) {
    if (e.code === undefined) throw e;
    return { error: { code: e.code, source: e.source, index: e.index, line: e.line, column: e.column, reason: e.reason } };
  }
}

/** The command's error line says the API's reason, at the API's line and column. */
function assertSameError(out, error, kind) {
  assert.equal(out.status, 2, `exit 2 for ${JSON.stringify(error)}`);
  const last = out.stderr.trimEnd().split('\n').at(-1);
  assert.ok(last === `ndcg ${kind}: ${error.reason}` || last.endsWith(`: ${error.reason}`),
    `the command says ${JSON.stringify(last)}, the API ${JSON.stringify(error.reason)}`);
  if (error.line) assert.ok(last.includes(`:${error.line}:${error.column}: ${error.reason}`), `line ${error.line}, column ${error.column} in ${last}`);
  else assert.doesNotMatch(last.slice(0, last.length - error.reason.length), /:\d+:\d+: $/);
}

cases.forEach((c, i) => {
  test(`catalogue: ${c.name}`, () => {
    const out = runCli(c, i);
    const got = runApi(c);
    if (got.error) assertSameError(out, got.error, c.kind);
    else assert.equal(out.stdout, got.text, `the report differs (command exit ${out.status}: ${out.stderr})`);
    // And what the catalogue says the case gives: a report, or this error.
    if (c.expect === 'ok') assert.ok(!got.error && got.text.length > 0, `a report, got ${JSON.stringify(got.error)}`);
    else assert.deepEqual({ ...got.error, reason: undefined }, { ...c.expect, reason: undefined });
  });
});
