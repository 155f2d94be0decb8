// The pure parts of the charts: how many positions they draw, the row ids
// they point to, and the sentence about tied scores (said only when the
// order of tied items moves NDCG at the shown precision).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chartPositions, rowId, tieRangeText } from '../../web/app/shared/charts.js';

const steps = (n) => Array.from({ length: n }, (_, i) => ({ position: i + 1 }));

test('charts draw the longer of the two lists, at most twenty positions', () => {
  assert.equal(chartPositions({ steps: steps(10), idealSteps: steps(5) }), 10);
  assert.equal(chartPositions({ steps: steps(3), idealSteps: steps(7) }), 7);
  assert.equal(chartPositions({ steps: steps(1000), idealSteps: steps(1000) }), 20);
  assert.equal(chartPositions({ steps: [], idealSteps: [] }), 0);
  assert.equal(rowId('idcg', 4), 'row-idcg-4');
});

test('the tie range is said in words only when its ends differ at the shown decimals', () => {
  const r = (min, max) => ({ k: 10, options: { ties: 'input' }, tieRange: { min, max } });
  assert.equal(tieRangeText('en', r(0.5, 0.5), 3), null);
  assert.equal(tieRangeText('en', r(0.5, 0.50001), 3), null);
  assert.equal(tieRangeText('en', { k: 10, options: { ties: 'input' } }, 3), null);
  const en = tieRangeText('en', r(0.61234, 0.9), 3);
  assert.match(en, /NDCG@10/);
  assert.match(en, /0\.612/);
  assert.match(en, /0\.900/);
  assert.match(en, /“keep the input order”/);
  assert.match(tieRangeText('zh', r(0.1, 0.2), 3), /“保持输入顺序”/);
  const zh = tieRangeText('zh', r(0.61234, 0.9), 3);
  assert.match(zh, /最差的顺序得 0\.612/);
  assert.match(zh, /最好的顺序得 0\.900/);
});
