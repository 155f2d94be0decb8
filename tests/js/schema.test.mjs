// The core's one option table (optionSchema()) against every way in: the
// CLI's --help and flags, and the JS API. Each row's values inside its range
// are taken by both; values outside are refused by both with the same
// message, and by the API with the code the case names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, createNdcgModule } from './helpers.mjs';
import { readOption } from '../../web/app/shared/option-rows.js';

const api = await createNdcgModule();
const schema = api.optionSchema();

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
    default: throw new Error(`a kind the test does not know: ${row.kind}`);
  }
}

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
for (const row of schema.filter((r) => r.kind !== 'reals')) {
  test(`option ${row.key}: the page's hash reader agrees with the core`, () => {
    const { good, bad } = casesFor(row);
    for (const value of good) assert.equal(readOption(row, value).error, undefined, `${row.key}=${value}`);
    for (const [value, code] of bad) {
      const read = readOption(row, value);
      assert.ok(read.error, `${row.key}=${JSON.stringify(value)} is refused by the page`);
      assert.equal(read.error.code, code, `${row.key}=${JSON.stringify(value)}`);
      assert.equal(read.error.key, row.key);
    }
  });
}
