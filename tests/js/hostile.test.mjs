// The hostile-input catalogue (tests/hostile/catalogue.mjs) against the
// native command and the Node API: every case gets its expected result or a
// clear error naming line and column; nothing crashes or hangs, and after an
// API error the next call works.
//
// The API runs in a worker thread, so a call that never returns can be
// stopped (the worker is replaced and the case fails as a hang).
// Environment: NDCG_CLI=path (default build/native/ndcg; scripts/sanitize
// passes the ASan build with NDCG_SANITIZED=1, which leaves out the cases
// marked `sanitized: false`), NDCG_HOSTILE_ONLY=cli|api (one side only),
// NDCG_HOSTILE_NATIVE=unsanitized-only (npm test: the native command gets
// only the cases the sanitizer run leaves out, as that run has the rest).
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { apiCall, bytesOf, catalogue, summary } from '../hostile/catalogue.mjs';
// The benchmarks' seeded generator (mulberry32): a failing case replays.
import { seeded } from '../../bench/gen.mjs';
import { camelKeys } from './helpers.mjs';
import { runProcess } from './spawn.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = resolve(root, process.env.NDCG_CLI || 'build/native/ndcg');
const ONLY = process.env.NDCG_HOSTILE_ONLY || '';
const SANITIZED = process.env.NDCG_SANITIZED === '1';
const UNSANITIZED_ONLY = process.env.NDCG_HOSTILE_NATIVE === 'unsanitized-only';
const DIST = join(root, 'dist', 'ndcg.js');
const CATALOGUE_URL = pathToFileURL(join(root, 'tests', 'hostile', 'catalogue.mjs')).href;
const WORKED_NDCG = 0.9490301792919195;
const DEFAULT_TIMEOUT = 20000;

const scratch = mkdtempSync(join(tmpdir(), 'ndcg-hostile-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

// ---- shared checks -------------------------------------------------------------------

function expectationFor(c, side) {
  if (c[side] !== undefined) return c[side];
  return c.expect;
}

function bugFor(c, side) {
  if (!c.bug) return undefined;
  if (typeof c.bug === 'string') return `known bug: ${c.bug}`;
  return c.bug[side] ? `known bug: ${c.bug[side]}` : undefined;
}

function near(actual, expected) {
  if (expected === null || actual === null) return actual === expected;
  if (typeof expected !== 'number') return false;
  return Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected));
}

// Every field `expected` names must match in `actual` (numbers to 1e-12).
function assertSubset(actual, expected, path = 'result') {
  for (const [key, want] of Object.entries(expected)) {
    const got = actual?.[key];
    const where = `${path}.${key}`;
    if (typeof want === 'number' || want === null) {
      assert.ok(near(got, want), `${where}: expected ${want}, got ${got}`);
    } else if (Array.isArray(want)) {
      assert.ok(Array.isArray(got), `${where}: expected an array, got ${JSON.stringify(got)}`);
      assert.equal(got.length >= want.length, true, `${where}: expected at least ${want.length} entries, got ${got.length}`);
      want.forEach((w, i) => (typeof w === 'number' ? assert.ok(near(got[i], w), `${where}[${i}]: expected ${w}, got ${got[i]}`)
        : assert.equal(got[i], w, `${where}[${i}]`)));
    } else if (typeof want === 'object') {
      assertSubset(got, want, where);
    } else {
      assert.equal(got, want, where);
    }
  }
}

// ---- the command -----------------------------------------------------------------------

let fileCount = 0;
function writeInput(text) {
  const path = join(scratch, `input-${++fileCount}.txt`);
  writeFileSync(path, bytesOf(text));
  return path;
}

// The words and stdin for a case, and which file each input is in.
function commandFor(c) {
  const files = {};
  if (c.kind === 'cli') return { args: c.args, input: Buffer.alloc(0), files };
  if (c.kind === 'trec') {
    files.qrels = writeInput(c.qrels);
    files.run = writeInput(c.run);
    const sub = c.subtopics === undefined ? [] : ['--subtopics', (files.subtopics = writeInput(c.subtopics))];
    const z = c.zscores === undefined ? [] : ['-Z', (files.zscores = writeInput(c.zscores))];
    const g = c.group === undefined ? [] : ['--group', (files.group = writeInput(c.group))];
    return { args: ['trec', '-q', '--digits', '17', ...sub, ...z, ...g, ...(c.args ?? []), files.qrels, files.run], input: Buffer.alloc(0), files };
  }
  if (c.kind === 'merge') {
    const parts = c.parts.map((text) => writeInput(text));
    files.part = parts[parts.length - 1];
    return { args: ['trec', '--merge', '-q', '--digits', '17', ...parts], input: Buffer.alloc(0), files };
  }
  if (c.kind === 'compare') {
    files.qrels = writeInput(c.qrels);
    const runs = c.runs.map((text) => writeInput(text));
    files.run = runs[runs.length - 1];
    return { args: ['compare', '--format', 'json', ...(c.args ?? []), files.qrels, ...runs], input: Buffer.alloc(0), files };
  }
  const judged = c.judgments === undefined ? [] : ['--qrels', (files.judgments = writeInput(c.judgments))];
  const format = c.cliFormat === 'text' ? ['--decimals', '17'] : ['--format', 'json'];
  // Big inputs go through a file (stdin is read a byte at a time); the rest through stdin.
  const ranking = bytesOf(c.ranking);
  const big = ranking.length > 1 << 20;
  const source = big ? (files.ranking = writeInput(ranking)) : '-';
  return { args: ['explain', ...format, '-f', source, ...judged, ...(c.args ?? [])], input: big ? Buffer.alloc(0) : ranking, files };
}

// The text report's header and NDCG line back into numbers.
function parseText(text) {
  const n = /^Ranking of (\d+) items/m.exec(text);
  const k = /; K = (\d+|none)/.exec(text);
  const line = /^NDCG(?:@\d+)? = DCG(?:@\d+)? \/ IDCG(?:@\d+)? = ([-\d.inf]+) \/ ([-\d.inf]+) = ([-\d.]+|undefined)/m.exec(text);
  assert.ok(n && k && line, `an unexpected text report: ${text.slice(0, 300)}`);
  return { n: Number(n[1]), k: k[1] === 'none' ? 0 : Number(k[1]), dcg: Number(line[1]), idcg: Number(line[2]),
    ndcg: line[3] === 'undefined' ? null : Number(line[3]) };
}

// The fields of `expected` a text report can show.
function textFields(expected) {
  return Object.fromEntries(Object.entries(expected).filter(([key]) => ['n', 'k', 'dcg', 'idcg', 'ndcg'].includes(key)));
}

// trec_eval's lines back into { mean, perQuery }.
function parseTrec(text) {
  const out = { mean: {}, perQuery: {} };
  for (const line of text.split('\n').filter(Boolean)) {
    const [name, qid, value] = line.split('\t');
    const row = qid === 'all' ? out.mean : (out.perQuery[qid] ??= {});
    row[name.trim()] = Number(value);
  }
  return out;
}

function strictUtf8(bytes, what) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    assert.fail(`${what} is not valid UTF-8`);
  }
}

// What reaches a terminal: no control bytes but tabs and line breaks (an ESC
// sequence in an id could clear the screen or retitle the window).
function assertNoControlBytes(text) {
  const at = text.search(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  assert.equal(at, -1, `a control byte in the text report: ${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))}`);
}

function runCommand(c) {
  const want = expectationFor(c, 'cli');
  const { args, input, files } = commandFor(c);
  const r = runProcess(CLI, args, { input, maxBuffer: 1 << 30, timeout: c.timeoutMs ?? DEFAULT_TIMEOUT });
  assert.ok(!(r.error && r.error.code === 'ETIMEDOUT'), `hung: no answer in ${c.timeoutMs ?? DEFAULT_TIMEOUT} ms`);
  assert.ifError(r.error);
  const stderr = r.stderr.toString('utf8');
  assert.equal(r.signal, null, `crashed with ${r.signal}: ${stderr.slice(0, 2000)}`);
  assert.doesNotMatch(stderr, /Sanitizer|runtime error:/, 'a sanitizer report');
  assert.ok(r.status === 0 || r.status === 2, `exit ${r.status} (expected 0 or 2): ${stderr.slice(0, 500)}`);

  if (want.error) {
    assert.equal(r.status, 2, `expected exit 2, got ${r.status}; stdout: ${r.stdout.toString().slice(0, 300)}`);
    assert.match(stderr, want.error);
    if (want.lines !== 'many') assert.equal(stderr.indexOf('\n'), stderr.length - 1, `one line on stderr: ${JSON.stringify(stderr.slice(0, 300))}`);
    if (want.line) assert.ok(stderr.includes(`:${want.line}:${want.column}: `), `expected line ${want.line}, column ${want.column} in ${JSON.stringify(stderr.slice(0, 300))}`);
    if (want.line === 0) assert.doesNotMatch(stderr, /:\d+:\d+: /, 'no place for an unplaced error');
    if (want.source) assert.ok(stderr.includes(files[want.source]), `the message names the ${want.source} file: ${stderr}`);
    return;
  }
  assert.equal(r.status, 0, `expected success, got: ${stderr.slice(0, 500)}`);
  const stdout = strictUtf8(r.stdout, 'the output');
  if (c.cliFormat === 'text') {
    assertNoControlBytes(stdout);
    assertSubset(parseText(stdout), textFields(want.result));
    return;
  }
  const actual = c.kind === 'trec' || c.kind === 'merge' ? parseTrec(stdout) : c.kind === 'option' ? { value: camelKeys(JSON.parse(stdout)).options[c.key] }
    : summary(c.kind === 'compare' ? 'compare' : 'explain', camelKeys(JSON.parse(stdout)));
  assertSubset(actual, want.result);
  // The default text report for the same input must work too.
  if (c.kind === 'compare') {
    const text = runProcess(CLI, args.filter((a, i) => a !== '--format' && args[i - 1] !== '--format'), { timeout: DEFAULT_TIMEOUT * 3 });
    assert.equal(text.status, 0, `text report: ${text.stderr}`);
    assertNoControlBytes(text.stdout.toString('latin1'));
    return;
  }
  if (c.kind !== 'trec' && c.kind !== 'merge' && !files.ranking && c.textRerun !== false) {
    const text = runProcess(CLI, args.filter((a, i) => a !== '--format' && args[i - 1] !== '--format'), { input, timeout: DEFAULT_TIMEOUT });
    assert.equal(text.status, 0, `text report: ${text.stderr}`);
    assert.match(text.stdout.toString(), /NDCG/);
    assertNoControlBytes(text.stdout.toString('latin1'));
  }
}

// ---- the API, in a worker ----------------------------------------------------------------

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const createNdcgModule = require(workerData.dist);
const loaded = Promise.all([createNdcgModule(), import(workerData.catalogue)]);
const snapshot = (v) => (ArrayBuffer.isView(v) || Array.isArray(v)) && v.length <= 1e6 ? Array.from(v) : null;
parentPort.on('message', async ({ name }) => {
  const [api, { catalogue, apiCall, apiInputOf, summary }] = await loaded;
  const c = catalogue.find((x) => x.name === name);
  let outcome;
  const started = performance.now();
  try {
    const input = ['trec', 'compare', 'option', 'reserve'].includes(c.kind) ? null : apiInputOf(c);
    const before = snapshot(input);
    const value = summary(c.kind, apiCall(api, c, input));
    const after = snapshot(input);
    outcome = { ok: true, value, inputKept: JSON.stringify(before) === JSON.stringify(after) };
  } catch (e) {
    outcome = { ok: false, error: { isError: e instanceof Error, name: e && e.name, message: String(e && e.message !== undefined ? e.message : e),
      line: e && e.line, column: e && e.column, code: e && e.code, source: e && e.source } };
  }
  const ms = performance.now() - started;
  let recovery;
  try {
    await api.ready();
    const r = api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10 });
    recovery = { ok: true, ndcg: r.ndcg };
  } catch (e) {
    recovery = { ok: false, message: String(e && e.message) };
  }
  parentPort.postMessage({ outcome, recovery, ms });
});
`;

let worker = null;
function apiWorker() {
  worker ??= new Worker(WORKER_SOURCE, { eval: true, workerData: { dist: DIST, catalogue: CATALOGUE_URL } });
  return worker;
}
after(() => worker?.terminate());

function askWorker(c) {
  const w = apiWorker();
  const limit = c.timeoutMs ?? DEFAULT_TIMEOUT;
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      worker = null;
      w.terminate();
      reject(new Error(`hung: no answer in ${limit} ms`));
    }, limit);
    const cleanup = () => { clearTimeout(timer); w.off('message', onMessage); w.off('error', onError); };
    const onMessage = (m) => { cleanup(); resolvePromise(m); };
    const onError = (e) => { cleanup(); worker = null; reject(new Error(`the worker died: ${e && e.message}`)); };
    w.on('message', onMessage);
    w.on('error', onError);
    w.postMessage({ name: c.name });
  });
}

async function runApi(c) {
  const want = expectationFor(c, 'api');
  const { outcome, recovery } = await askWorker(c);
  if (want.error) {
    assert.equal(outcome.ok, false, `expected an error, got ${JSON.stringify(outcome.value)?.slice(0, 300)}`);
    const e = outcome.error;
    assert.ok(e.isError, `threw a non-Error: ${e.message}`);
    assert.equal(e.name, 'NdcgError', `threw ${e.name}: ${e.message}`);
    assert.match(e.message, want.error);
    if (want.code) assert.equal(e.code, want.code);
    if (want.line !== undefined) assert.equal(e.line, want.line, `line of ${JSON.stringify(e.message.slice(0, 200))}`);
    if (want.column !== undefined) assert.equal(e.column, want.column, `column of ${JSON.stringify(e.message.slice(0, 200))}`);
    if (want.line) assert.ok(e.message.includes(`line ${want.line}, column ${want.column}`), `the message names the place: ${e.message.slice(0, 200)}`);
    if (want.source) assert.equal(e.source, want.source);
  } else {
    assert.equal(outcome.ok, true, `expected success, got ${outcome.ok ? '' : outcome.error.message.slice(0, 300)}`);
    assertSubset(outcome.value, want.result);
    assert.ok(outcome.inputKept, 'the input array was changed');
  }
  assert.ok(recovery.ok, `the next call failed: ${recovery.message}`);
  assert.equal(recovery.ndcg, WORKED_NDCG, 'the next call gives the worked example');
}

// ---- the suites ---------------------------------------------------------------------------

test('the catalogue has at least 60 cases with unique names', () => {
  assert.ok(catalogue.length >= 60, `${catalogue.length} cases`);
  assert.equal(new Set(catalogue.map((c) => c.name)).size, catalogue.length);
});

// ---- native and wasm agree to the last bit on generated rankings ---------------------

function randomRanking(random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const n = 1 + Math.floor(random() * 30);
  const grade = () => (random() < 0.7 ? Math.floor(random() * 5) : random() < 0.7 ? Math.round(random() * 1000) / 100 : Math.floor(random() * 300));
  const distinct = 1 + Math.floor(random() * 6);
  const lines = [];
  for (let i = 0; i < n; i++) lines.push(`d${Math.floor(random() * 1000)}-${i} ${Math.floor(random() * distinct) / 4} ${grade()}`);
  const k = random() < 0.3 ? 0 : 1 + Math.floor(random() * 12);
  const gain = pick(['exp', 'linear']);
  const ties = pick(['input', 'trec', 'average']);
  const logBase = pick([2, 2, 10, Math.E]);
  const weights = random() < 0.2 ? [2, 0.5, 1.25] : undefined;
  const args = ['--k', String(k), '--gain', gain, '--ties', ties, '--log-base', String(logBase), ...(weights ? ['--weights', weights.join(',')] : [])];
  const options = { k, gain, ties, logBase, ...(weights ? { weights } : {}) };
  return { text: lines.join('\n'), args, options };
}

if (ONLY === '') {
  test('native and wasm give identical explanations for 150 generated rankings', async () => {
    const createNdcgModule = (await import('node:module')).createRequire(import.meta.url)(DIST);
    const api = await createNdcgModule();
    const random = seeded(20240611);
    for (let i = 0; i < 150; i++) {
      const r = randomRanking(random);
      const native = runProcess(CLI, ['explain', '--format', 'json', '-f', '-', ...r.args], { input: r.text, encoding: 'utf8', timeout: DEFAULT_TIMEOUT });
      assert.equal(native.status, 0, `case ${i}: ${native.stderr}`);
      const fromCli = camelKeys(JSON.parse(native.stdout));
      const fromNode = api.explain(r.text, r.options);
      for (const key of Object.keys(fromCli)) {
        assert.deepStrictEqual(fromNode[key], fromCli[key], `case ${i}, ${key}: ${r.args.join(' ')}\n${r.text}`);
      }
    }
  });
}

// Whether this run takes case `c` against the command: under the sanitizers,
// those they finish in time; with UNSANITIZED_ONLY, only the others.
function commandCaseHere(c) {
  if (expectationFor(c, 'cli') === null) return false;
  const underSanitizers = c.sanitized !== false;
  if (SANITIZED) return underSanitizers;
  return !UNSANITIZED_ONLY || !underSanitizers;
}

if (ONLY !== 'api') {
  describe(`hostile inputs: the command (${CLI.replace(`${root}/`, '')})`, () => {
    for (const c of catalogue) {
      if (!commandCaseHere(c)) continue;
      test(c.name, { todo: bugFor(c, 'cli'), timeout: 2 * (c.timeoutMs ?? DEFAULT_TIMEOUT) }, () => runCommand(c));
    }
  });
}

if (ONLY !== 'cli') {
  describe('hostile inputs: the Node API', () => {
    for (const c of catalogue) {
      if (expectationFor(c, 'api') === null || c.kind === 'cli') continue;
      test(c.name, { todo: bugFor(c, 'api'), timeout: 2 * (c.timeoutMs ?? DEFAULT_TIMEOUT) }, () => runApi(c));
    }
  });
}
