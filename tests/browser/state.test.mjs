// The URL-hash codec on its own (no browser): round trips, the documented
// link form, and hostile or malformed hashes.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import {
  HASH_TEXT_LIMIT, WORKED_EXAMPLE, applyPreset, decodeHash, defaultState, encodeHash, specOf, switchMode, toApiOptions,
} from '../../web/app/shared/state.js';
import { nodeApi } from './_helpers.mjs';

let spec;

before(async () => {
  spec = specOf(await nodeApi());
});

test('the default state is the worked example and encodes to the documented link', () => {
  const state = defaultState(spec);
  assert.equal(state.text, WORKED_EXAMPLE);
  assert.equal(encodeHash(spec, state), 'grades=3,2,0,1,0,0,2,1,0,0&k=10');
  const { state: back } = decodeHash(spec, '#grades=3,2,0,1,0,0,2,1,0,0&k=10');
  assert.deepEqual(back, state);
});

test('every field survives a round trip; options equal to the preset are left out', () => {
  let state = applyPreset(spec, defaultState(spec), 'sklearn');
  assert.equal(encodeHash(spec, state), 'grades=3,2,0,1,0,0,2,1,0,0&k=10&preset=sklearn');
  state = {
    ...state, mode: 'trec', text: 'a b\n<c> & d=e #f', qrels: 'q 0 d 1\n', k: 0, gain: 'table', gainTable: '0,1,2', logBase: 10,
    weights: '2, 2', ideal: 'judgments', ties: 'trec', zeroIdcg: 'skip', negatives: 'drop', relevanceLevel: 2, alpha: 0.25,
    errMaxGrade: 4, decimals: 6, complete: true, lang: 'zh', integerGrades: true, maxGrade: 4,
  };
  const hash = encodeHash(spec, state);
  assert.deepEqual(decodeHash(spec, hash).state, state);
  assert.deepEqual(decodeHash(spec, `#${hash}`).state, state);
});

test('texts longer than a link can carry are marked local', () => {
  const state = { ...defaultState(spec), text: '1 '.repeat(HASH_TEXT_LIMIT) };
  const hash = encodeHash(spec, state);
  assert.match(hash, /^local=1&k=10$/);
  assert.equal(decodeHash(spec, hash).state.local, true);
});

test('malformed and hostile values are ignored, never thrown on', () => {
  const hostile = '#k=<img src=x>&preset=__proto__&gain=javascript:alert(1)&d=99&alpha=2&base=NaN&lang=<script>'
    + '&mode=evil&c=yes&text=%E0%A4%A&ties=constructor&zero=toString&neg=1&decimals=-1&integerGrades=maybe';
  const { state, empty } = decodeHash(spec, hostile);
  assert.equal(empty, false);
  const { text, ...rest } = state;
  const { text: defaultText, ...defaults } = defaultState(spec);
  assert.deepEqual(rest, defaults);
  assert.equal(text, defaultText, 'a bad %-escape drops only its own pair');
  assert.equal(decodeHash(spec, '#results').empty, true);
  assert.equal(decodeHash(spec, '').empty, true);
});

test('options for the API: lists go as typed, page-only fields stay out', () => {
  const options = toApiOptions(spec, { ...defaultState(spec), gain: 'table', gainTable: ' 0,1,3 ', weights: '', qrels: ' ' });
  assert.equal(options.gainTable, '0,1,3');
  assert.equal('weights' in options, false, 'an empty list is left out');
  assert.equal('qrels' in options, false);
  assert.equal('complete' in options, false, 'page-only options stay out of the API call');
  assert.equal('gainTable' in toApiOptions(spec, { ...defaultState(spec), gainTable: '0,1' }), false, 'a gain table counts with gain "table" only');
});

test('a gain table in a link chooses table gains, as the CLI reads it; one left behind is not linked', () => {
  assert.equal(decodeHash(spec, '#grades=2,1&gainTable=0,1,5').state.gain, 'table');
  assert.equal(decodeHash(spec, '#grades=2,1&gainTable=0,1,5&gain=linear').state.gain, 'linear');
  assert.equal(decodeHash(spec, '#grades=2,1&gainTable=').state.gain, 'exp');
  const table = { ...defaultState(spec), gain: 'table', gainTable: '0,1,5' };
  assert.match(encodeHash(spec, table), /&gainTable=0%2C1%2C5&gain=table/);
  const left = { ...table, gain: 'exp' };
  assert.doesNotMatch(encodeHash(spec, left), /gainTable/);
  assert.equal(decodeHash(spec, `#${encodeHash(spec, left)}`).state.gain, 'exp', 'the link reads back as it was');
});

test('each mode keeps its own settings: switching back restores them, and batch modes start from trec_eval', () => {
  const kept = {};
  const explain = { ...applyPreset(spec, defaultState(spec), 'sklearn'), k: 5 };
  const trec = switchMode(spec, explain, 'trec', kept);
  assert.equal(trec.preset, 'trec_eval');
  // Batch mode starts from ndcg trec's own K (0: trec_eval's cutoff lists) and digits (4).
  assert.deepEqual([trec.k, trec.decimals], [0, 4]);
  const compare = switchMode(spec, { ...trec, decimals: 4 }, 'compare', kept);
  assert.equal(compare.decimals, 3);
  const back = switchMode(spec, compare, 'explain', kept);
  assert.deepEqual(back, { ...explain, mode: 'explain' });
  assert.equal(switchMode(spec, back, 'trec', kept).decimals, 4);
  assert.equal(switchMode(spec, back, 'explain', kept), back);
});
