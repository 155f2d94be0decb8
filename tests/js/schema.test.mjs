// The core's one option table against every way in: the CLI's --help and
// flags, the JS API and the page's reader, for explain (optionSchema()),
// trec (trecOptionSchema()) and compare (compareOptionSchema()). Each row's values inside its range
// are taken by both; values outside are refused by both with the same
// message, and by the API with the code the case names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, createNdcgModule } from './helpers.mjs';
import { impliesOf, loadSchema, readOption } from '../../web/app/shared/option-rows.js';

const api = await createNdcgModule();
const schema = api.optionSchema();
loadSchema(api);  // the page reads options with the module whose schema it loaded

/** Values a row must take, and values it must refuse with their codes. */
function casesFor(row) {
  switch (row.kind) {
    case 'choice': return { good: row.choices, bad: [['nosuch', 'unknown-choice'], ['', 'unknown-choice']] };
    case 'flag': return { good: ['true', 'false'], bad: [['maybe', 'unknown-choice']] };
    case 'whole': return {
      good: [String(row.min), String(row.max)],
      bad: [['-1', 'out-of-range'], ['2.5', 'not-whole'], ['1e1', 'not-whole'], ['x', 'not-a-number'], ['', 'not-a-number'],
        [String(BigInt(row.max) + 1n), 'out-of-range']],
    };
    case 'real': {
      const inside = row.aboveMin ? String(row.min + 1) : String(row.min ?? 0);
      const bad = [['x', 'not-a-number'], ['nan', 'not-a-number'], ['1e999', 'not-a-number']];
      if (row.min !== null) bad.push([String(row.aboveMin ? row.min : row.min - 1), 'out-of-range']);
      if (row.max !== null) bad.push([String(row.max + 1), 'out-of-range']);
      return { good: [inside, row.max === null ? '1e6' : String(row.max)], bad };
    }
    case 'reals': {
      const bad = [['1,x', 'not-a-number'], ['1,,2', 'empty-field']];
      if (row.min !== null) bad.push([`1,${row.min - 1}`, 'out-of-range']);
      return { good: ['1,2,3', '1, 2 3', ''], bad };
    }
    case 'texts': return TEXTS[row.key];
    default: throw new Error(`a kind the test does not know: ${row.kind}`);
  }
}

// Word options of explain, by key: what each takes for the ranking below.
const TEXTS = {
  columns: { good: ['-,-,rel', 'skip,-,grade'], bad: [['nosuch', 'unknown-choice'], ['-,-,rel,bogus', 'unknown-choice']] },
  query: { good: [''], bad: [['q1', 'missing-query']] },
};

// A ranking every option can be applied to without an input error, and
// what an option needs beside it (a table gain needs its table).
const RANKING = '2 1 0';
const BESIDE = { gain: { gainTable: '0,1,3' } };

function withBeside(row, value) {
  return { ...BESIDE[row.key], [row.key]: value };
}

function cliArgs(row, value) {
  const beside = Object.entries(BESIDE[row.key] || {}).map(([k, v]) => `${schema.find((r) => r.key === k).flag}=${v}`);
  return ['explain', ...beside, `${row.flag}=${value}`, RANKING];
}

test('the schema is the core\'s table: camelCase keys, the CLI flag, a kind, a default and help', () => {
  assert.ok(schema.length >= 19);
  const help = cli(['explain', '--help']).stdout;
  for (const row of schema) {
    assert.match(row.key, /^[a-z][a-zA-Z0-9]*$/, row.key);
    assert.equal(row.flag, `--${row.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
    assert.ok(help.includes(`  ${row.flag}`), `--help lists ${row.flag}`);
    assert.ok(row.help.length > 10, row.key);
    assert.equal(typeof row.default, 'string');
  }
});

test('a row that implies a choice says which, in a key and a choice the page can use as they are', () => {
  const implying = [...schema, ...api.trecOptionSchema(), ...api.compareOptionSchema()].filter((row) => row.implies !== undefined);
  assert.deepEqual([...new Set(implying.map((row) => `${row.key}: ${row.implies}`))], ['gainTable: gain=table']);
  for (const row of implying) {
    const [key, value] = impliesOf(row);
    assert.ok(schema.find((r) => r.key === key)?.choices.includes(value), row.implies);
  }
  // What the core does with it: a table alone chooses table gains; a gain given beside it wins.
  assert.equal(api.explain('2 1 0', { gainTable: [0, 5, 6] }).dcg, 6 + 5 / Math.log2(3));
  assert.equal(api.explain('2 1 0', { gainTable: [0, 5, 6], gain: 'linear' }).dcg, 2 + 1 / Math.log2(3));
});

test('every default reads back as the default: the CLI and the API give the worked result unchanged', () => {
  const plain = api.explain(RANKING);
  for (const row of schema) {
    if (row.key === 'preset') continue;
    assert.deepEqual(api.explain(RANKING, { [row.key]: row.default }).steps, plain.steps, row.key);
    const native = cli(['explain', '--format', 'json', `${row.flag}=${row.default}`, RANKING]);
    assert.equal(native.status, 0, `${row.flag}=${row.default}: ${native.stderr}`);
  }
});

for (const row of schema) {
  test(`option ${row.key}: the CLI and the API take and refuse the same values`, () => {
    const { good, bad } = casesFor(row);
    for (const value of good) {
      assert.doesNotThrow(() => api.explain(RANKING, withBeside(row, value)), `${row.key}=${value}`);
      const native = cli(cliArgs(row, value));
      assert.equal(native.status, 0, `${row.flag}=${value}: ${native.stderr}`);
    }
    for (const [value, code] of bad) {
      let caught = null;
      try { api.explain(RANKING, withBeside(row, value)); } catch (e) { caught = e; }
      assert.ok(caught, `${row.key}=${JSON.stringify(value)} is refused`);
      assert.equal(caught.code, code, `${row.key}=${JSON.stringify(value)}: ${caught.message}`);
      assert.equal(caught.source, 'options');
      assert.equal(caught.key, row.key);
      const native = cli(cliArgs(row, value));
      assert.equal(native.status, 2, `${row.flag}=${value}`);
      assert.equal(native.stderr, `ndcg explain: ${caught.message}\n`);
    }
  });
}

// The page reads choices, flags and numbers from its URL hash and controls
// itself (lists go to the core as typed); it must agree with the core.
function pageAgrees(row) {
  const { good, bad } = casesFor(row);
  for (const value of good) assert.equal(readOption(row, value).error, undefined, `${row.key}=${value}`);
  for (const [value, code] of bad) {
    const read = readOption(row, value);
    assert.ok(read.error, `${row.key}=${JSON.stringify(value)} is refused by the page`);
    assert.equal(read.error.code, code, `${row.key}=${JSON.stringify(value)}`);
    assert.equal(read.error.key, row.key);
  }
}

for (const row of schema.filter((r) => r.kind !== 'reals' && r.kind !== 'texts')) {
  test(`option ${row.key}: the page's hash reader agrees with the core`, () => pageAgrees(row));
}

// ---- trec and compare: the same rows, the same readers ---------------------------------------

const QRELS = 'q1 0 d1 2\nq1 0 d2 1\nq2 0 d1 1\n';
const RUN = 'q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.8 r\nq2 Q0 d1 1 0.7 r\n';
const dir = mkdtempSync(join(tmpdir(), 'ndcg-options-'));
const files = { qrels: join(dir, 'qrels'), run: join(dir, 'run') };
writeFileSync(files.qrels, QRELS);
writeFileSync(files.run, RUN);

// Each batch command: its schema, the API call, and its command line.
const BATCH = {
  trec: {
    rows: api.trecOptionSchema(),
    call: (options) => api.evaluateTrec(QRELS, RUN, options),
    args: (flags) => ['trec', ...flags, files.qrels, files.run],
  },
  compare: {
    rows: api.compareOptionSchema(),
    call: (options) => api.compareRuns(QRELS, [RUN, RUN], { trials: 10, ...options }),
    args: (flags) => ['compare', '--trials=10', ...flags, files.qrels, files.run, files.run],
  },
};

// Choices that hold only beside other options, refused alike by the CLI and the API on these
// files: trec writes text, json or csv (not markdown or latex), and -R prefs, qrels_prefs and
// qrels_jg need their own measures (tests/cpp/trec_options_test.cpp takes them with those).
const REFUSED_HERE = { trec: { format: ['markdown', 'latex'] }, both: { judgments: ['prefs', 'qrels_prefs', 'qrels_jg'] } };
const refusedHere = (name, key) => [...(REFUSED_HERE[name]?.[key] ?? []), ...(REFUSED_HERE.both[key] ?? [])];

/** A batch row's cases: a texts row takes a measure or a name, the rest as explain's kinds. */
function batchCases(row, name) {
  if (row.kind === 'texts') return { good: [row.key === 'measures' ? 'map' : 'base'], bad: [], refused: [] };
  const cases = casesFor(row);
  cases.refused = refusedHere(name, row.key);
  cases.good = cases.good.filter((v) => !cases.refused.includes(v));
  // These files are TREC: the other formats are tested on their own files (tests/cpp/inputs_test.cpp).
  if (row.key === 'runFormat' || row.key === 'qrelsFormat') cases.good = ['auto', 'trec'];
  // The batch commands read trec_eval's levels: 0 or more (out of range below, by the evaluator).
  if (row.key === 'relevanceLevel') cases.bad = cases.bad.filter(([, code]) => code !== 'out-of-range');
  return cases;
}

function flagsOf(rows, row, value) {
  const beside = Object.entries(BESIDE[row.key] || {}).map(([k, v]) => `${rows.find((r) => r.key === k).flag}=${v}`);
  return [...beside, `${row.flag}=${value}`];
}

test('trec and compare take the rows they share with explain as the same rows, with their own defaults', () => {
  const explainRows = new Map(schema.map((r) => [r.key, r]));
  for (const [name, { rows }] of Object.entries(BATCH)) {
    const help = cli([name, '--help']).stdout;
    for (const row of rows) {
      assert.ok(help.includes(row.shortFlag ? `  ${row.shortFlag}, ${row.flag}` : `  ${row.flag}`), `${name} --help lists ${row.flag}`);
      const shared = explainRows.get(row.key);
      if (!shared) continue;
      for (const field of ['flag', 'kind', 'choices', 'min', 'max', 'help']) assert.deepEqual(row[field], shared[field], `${name} ${row.key}.${field}`);
    }
    assert.equal(rows.find((r) => r.key === 'gain').default, 'linear', `${name} starts from trec_eval's gain`);
    for (const key of ['relevanceLevel', 'gain', 'alpha', 'preset']) assert.ok(rows.some((r) => r.key === key), `${name} takes ${key}`);
  }
});

for (const [name, command] of Object.entries(BATCH)) {
  for (const row of command.rows) {
    test(`${name} option ${row.key}: the CLI and the API take and refuse the same values`, () => {
      const { good, bad, refused } = batchCases(row, name);
      const option = (value) => ({ ...BESIDE[row.key], [row.key]: row.kind === 'texts' ? [value] : value });
      for (const value of good) {
        assert.doesNotThrow(() => command.call(option(value)), `${row.key}=${value}`);
        const native = cli(command.args(flagsOf(command.rows, row, value)));
        assert.equal(native.status, 0, `${row.flag}=${value}: ${native.stderr}`);
      }
      for (const [value, code] of bad) {
        let caught = null;
        try { command.call(option(value)); } catch (e) { caught = e; }
        assert.ok(caught, `${row.key}=${JSON.stringify(value)} is refused`);
        assert.equal(caught.code, code, `${row.key}=${JSON.stringify(value)}: ${caught.message}`);
        assert.equal(caught.key, row.key);
        const native = cli(command.args(flagsOf(command.rows, row, value)));
        assert.equal(native.status, 2, `${row.flag}=${value}`);
        assert.equal(native.stderr, `ndcg ${name}: ${caught.message}\n`);
      }
      for (const value of refused) {
        let caught = null;
        try { command.call(option(value)); } catch (e) { caught = e; }
        assert.ok(caught, `${row.key}=${value} is refused on these files`);
        const native = cli(command.args(flagsOf(command.rows, row, value)));
        assert.equal(native.status, 2, `${row.flag}=${value}`);
        assert.equal(native.stderr, `ndcg ${name}: ${caught.message}\n`);
      }
    });
  }
}

test('a short flag is the row\'s flag: -l, -m, -c and -q as trec_eval spells them, attached or not', () => {
  const long = cli(['trec', '--relevance-level=2', '--measures=P.1', '--complete', '--per-query', files.qrels, files.run]);
  assert.equal(long.status, 0, long.stderr);
  for (const words of [['-l', '2', '-m', 'P.1', '-c', '-q'], ['-l2', '-mP.1', '-c', '-q']]) {
    assert.equal(cli(['trec', ...words, files.qrels, files.run]).stdout, long.stdout, words.join(' '));
  }
  assert.equal(api.evaluateTrec(QRELS, RUN, { relevanceLevel: 2, measures: ['P.1'], complete: true, perQuery: true }).text, long.stdout);
});

test('a relevance level below 0 is refused by trec and compare alike, with the same code', () => {
  for (const [name, command] of Object.entries(BATCH)) {
    assert.throws(() => command.call({ relevanceLevel: -1 }), (e) => e.code === 'out-of-range' && e.key === 'relevanceLevel', name);
    const native = cli(command.args(['-l', '-1']));
    assert.equal(native.status, 2, name);
    assert.match(native.stderr, /the relevance level must be 0 or more, got -1/, name);
  }
});

// The page's own rows of the batch modes (complete, trials, seed, allPairs) are the core's.
for (const row of [...api.trecOptionSchema(), ...api.compareOptionSchema()].filter((r) => ['complete', 'trials', 'seed', 'allPairs'].includes(r.key))) {
  test(`batch option ${row.key}: the page's reader agrees with the core`, () => pageAgrees(row));
}
