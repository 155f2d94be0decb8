// The URL-hash codec on its own (no browser): round trips, the documented
// link form, and hostile or malformed hashes.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import {
  DEFAULTS, HASH_TEXT_LIMIT, WORKED_EXAMPLE, applyPreset, decodeHash, defaultState, encodeHash, parseNumberList, toApiOptions,
} from '../../web/app/state.js';
import { nodeApi } from './_helpers.mjs';

let table;

before(async () => {
  const api = await nodeApi();
  table = new Map(api.presets().map((p) => [p.name, p.options]));
});

test('the default state is the worked example and encodes to the documented link', () => {
  const state = defaultState(table);
  assert.equal(state.text, WORKED_EXAMPLE);
  assert.equal(encodeHash(state, table), 'grades=3,2,0,1,0,0,2,1,0,0&k=10');
  const { state: back } = decodeHash('#grades=3,2,0,1,0,0,2,1,0,0&k=10', table);
  assert.deepEqual(back, state);
});

test('every field survives a round trip; options equal to the preset are left out', () => {
  let state = applyPreset(defaultState(table), 'sklearn', table);
  assert.equal(encodeHash(state, table), 'grades=3,2,0,1,0,0,2,1,0,0&k=10&preset=sklearn');
  state = {
    ...state, mode: 'trec', text: 'a b\n<c> & d=e #f', qrels: 'q 0 d 1\n', k: 0, gain: 'table', gainTable: '0,1,2', logBase: 10,
    weights: '2, 2', ideal: 'judgments', ties: 'trec', zeroIdcg: 'skip', negatives: 'drop', relevanceLevel: 2, alpha: 0.25,
    errMaxGrade: 4, decimals: 6, complete: true, lang: 'zh',
  };
  const hash = encodeHash(state, table);
  assert.deepEqual(decodeHash(hash, table).state, state);
  assert.deepEqual(decodeHash(`#${hash}`, table).state, state);
});

test('texts longer than a link can carry are marked local', () => {
  const state = { ...defaultState(table), text: '1 '.repeat(HASH_TEXT_LIMIT) };
  const hash = encodeHash(state, table);
  assert.match(hash, /^local=1&k=10$/);
  assert.equal(decodeHash(hash, table).state.local, true);
});

test('malformed and hostile values are ignored, never thrown on', () => {
  const hostile = '#k=<img src=x>&preset=__proto__&gain=javascript:alert(1)&d=99&alpha=2&base=NaN&lang=<script>'
    + '&mode=evil&c=yes&text=%E0%A4%A&ties=constructor&zero=toString&neg=1';
  const { state, empty } = decodeHash(hostile, table);
  assert.equal(empty, false);
  const { text, ...rest } = state;
  const { text: defaultText, ...defaults } = defaultState(table);
  assert.deepEqual(rest, defaults);
  assert.equal(text, defaultText, 'a bad %-escape drops only its own pair');
  assert.equal(decodeHash('#results', table).empty, true);
  assert.equal(decodeHash('', table).empty, true);
});

test('lists of numbers are parsed leniently and reported precisely', () => {
  assert.deepEqual(parseNumberList('0, 1，3、7 15'), [0, 1, 3, 7, 15]);
  assert.deepEqual(parseNumberList(''), []);
  assert.throws(() => parseNumberList('1,zwei'), (e) => e.value === 'zwei');
  assert.deepEqual(toApiOptions({ ...DEFAULTS, weights: '2,x' }).error, { field: 'weights', value: 'x' });
  const { options } = toApiOptions({ ...DEFAULTS, gain: 'table', gainTable: '0,1,3', qrels: ' ' });
  assert.deepEqual(options.gainTable, [0, 1, 3]);
  assert.equal('qrels' in options, false);
});
