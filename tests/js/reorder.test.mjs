// Rearranging by hand (web/app/full/reorder.js) against the built module:
// a moved or ideal order is written as a text that the core reads back in
// exactly that order, or not at all. Run over every explain case of the
// hostile-input catalogue that reads, and over seeded ids holding the
// separators, quotes, comment marks and spaces a text form could trip on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createNdcgModule } from './helpers.mjs';
import { defaultState, specOf } from '../../web/app/shared/state.js';
import { idealOrder, itemsOf, moved, orderOptions, textFor } from '../../web/app/full/reorder.js';
import { apiInputOf, catalogue } from '../hostile/catalogue.mjs';
import { seeded } from '../../bench/gen.mjs';

const api = await createNdcgModule();
const spec = specOf(api);
const order = (text, state) => api.explain(text, { ...orderOptions(spec, state), k: 0 }).steps.map((x) => [x.id, x.rel]);

// Moves the last item first, and puts the list in the ideal order: each text written reads back as asked.
function checkMoves(state, name) {
  const items = itemsOf(api, spec, state);
  if (!items || !items.length) return 0;
  let written = 0;
  for (const list of [moved(items, items.length - 1, 0), idealOrder(items)]) {
    const fields = textFor(api, spec, state, list);
    if (fields === null) continue;
    written++;
    assert.deepEqual(order(fields.text, { ...state, ...fields }), list.map((x) => [x.id, x.rel]), `${name}: ${JSON.stringify(fields.text).slice(0, 200)}`);
  }
  return written;
}

test('the worked example, moved and in the ideal order', () => {
  const state = defaultState(spec);
  assert.equal(textFor(api, spec, state, moved(itemsOf(api, spec, state), 3, 0)).text, '1 3 2 0 0 0 2 1 0 0');
  assert.equal(textFor(api, spec, state, idealOrder(itemsOf(api, spec, state))).text, '3 2 2 1 1 0 0 0 0 0');
});

test('ids with their grades, ids alone beside judgments, a table when an id holds a separator', () => {
  const base = defaultState(spec);
  assert.equal(textFor(api, spec, { ...base, text: 'a 1\nb 3' }, [{ id: 'b', rel: 3 }, { id: 'a', rel: 1 }]).text, 'b 3\na 1');
  const judged = { ...base, text: 'a\nb', qrels: 'q 0 b 2\n' };
  assert.equal(textFor(api, spec, judged, idealOrder(itemsOf(api, spec, judged))).text, 'b\na');
  const run = { ...base, text: 'q Q0 x,y 1 2 r\nq Q0 z 2 1 r', qrels: 'q 0 z 1\n' };
  assert.equal(textFor(api, spec, run, idealOrder(itemsOf(api, spec, run))).text, 'id,rank\nz,1\n"x,y",2');
});

test('a query picked from a run of several keeps picking its judgments; without judgments it is dropped', () => {
  const base = defaultState(spec);
  const run = 'q1 Q0 a 1 3 r\nq1 Q0 b 2 2 r\nq2 Q0 c 1 3 r\nq2 Q0 d 2 2 r';
  const judged = { ...base, text: run, qrels: 'q1 0 a 0\nq1 0 b 2\nq2 0 c 1\nq2 0 d 2\n', query: 'q2' };
  assert.deepEqual(textFor(api, spec, judged, idealOrder(itemsOf(api, spec, judged))), { text: 'd\nc', query: 'q2' });
  const table = { ...base, text: 'qid,doc,grade\nq1,a,1\nq1,b,3\nq2,c,2', query: 'q1' };
  assert.deepEqual(textFor(api, spec, table, idealOrder(itemsOf(api, spec, table))), { text: 'b 3\na 1', query: '' });
});

test('every explain case of the hostile catalogue that reads: moves read back, or are refused', () => {
  let cases = 0;
  for (const c of catalogue) {
    if ((c.kind && c.kind !== 'explain') || c.options || typeof c.ranking === 'function' || Buffer.isBuffer(c.ranking)) continue;
    const text = apiInputOf(c);
    if (typeof text !== 'string' || text.length > 100000) continue;
    checkMoves({ ...defaultState(spec), text, qrels: c.judgments || '', k: 0 }, c.name);
    cases++;
  }
  assert.ok(cases > 50, `${cases} cases`);
});

test('seeded ids with separators, quotes, comment marks and spaces: moves read back, or are refused', () => {
  const rand = seeded(7);
  const pieces = ['d', 'x', ',', '"', '#', ';', '|', '%', ' ', '\t', 'é', '文', '0', '1.5', '-', "'"];
  const id = () => Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pieces[Math.floor(rand() * pieces.length)]).join('');
  const quote = (s) => `"${s.replace(/"/g, '""')}"`;
  let written = 0;
  for (let i = 0; i < 200; i++) {
    const ids = [...new Set(Array.from({ length: 2 + Math.floor(rand() * 5) }, id))];
    const text = ['id,grade', ...ids.map((x) => `${quote(x)},${Math.floor(rand() * 4)}`)].join('\n');
    written += checkMoves({ ...defaultState(spec), text }, text);
  }
  assert.ok(written > 100, `${written} texts written`);
});
