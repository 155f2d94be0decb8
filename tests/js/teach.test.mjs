// The guided walk's lines and questions (web/app/full/teach/) against the
// built module and numbers worked by hand: the worked example's gain,
// discount, term, DCG, IDCG and NDCG; a guess read and judged, the slips
// named; every hostile guess refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createNdcgModule } from './helpers.mjs';
import '../../web/app/full/texts/page-texts.js';
import '../../web/app/full/teach/teach-texts.js';
import { walkStep } from '../../web/app/full/teach/walk-steps.js';
import { judge, readGuess } from '../../web/app/full/teach/guess.js';
import { formula } from '../../web/app/full/teach/cell-tips.js';

const api = await createNdcgModule();
const r = api.explain([3, 2, 0, 1, 0, 0, 2, 1, 0, 0], { k: 10 });
const steps = [0, 1, 2, 3, 4].map((i) => walkStep('en', r, i, 3));

test('the five steps write the worked example out from the explanation', () => {
  // 2^3 − 1 = 7; log2(4) = 2; 3 / log2(3) = 3 / 1.58496 = 1.8928; DCG 10.639, IDCG 11.210 (DESIGN.md).
  assert.deepEqual(steps.map((s) => s.text[0]), [
    'gain₁ = 2^3 − 1 = 7', 'discount₃ = log₂(3 + 1) = 2.000', 'term₂ = 3 / log₂(3) = 1.893',
    'The ideal order sorts this ranking’s own grades from high to low.', 'NDCG@10 = DCG@10 / IDCG@10 = 10.639 / 11.210 = 0.949']);
  assert.match(steps[2].text[1], /^DCG@10 = 7\.000 \+ 1\.893 \+ .* = 10\.639$/);
  assert.match(steps[3].text[1], /^IDCG@10 = 7\.000 \+ 1\.893 \+ 1\.500 \+ 0\.431 \+ 0\.387 = 11\.210$/);
  assert.deepEqual(steps.map((s) => s.asks.map((q) => q.name)), [['gain₁'], ['discount₃'], ['term₂', 'DCG@10'], ['IDCG@10'], ['NDCG@10']]);
  assert.equal(walkStep('zh', r, 0, 3).text[0], '增益₁ = 2^3 − 1 = 7');
  // Linear gain under trec_eval's preset: the gain is the grade, the term 2 / log2(3) = 1.262.
  const linear = api.explain([3, 2, 0], { preset: 'trec_eval', k: 3 });
  assert.equal(formula('en', linear, 'col_term', linear.steps[1], 3), 'term₂ = 2 / log₂(3) = 1.262');
});

test('a guess is right to the digits given, else how far off, and a common slip by name', () => {
  const [gain] = steps[0].asks;
  const [discount] = steps[1].asks;
  const [term, dcg] = steps[2].asks;
  const [ndcg] = steps[4].asks;
  const say = (q, text) => judge('en', q, readGuess(text), 3).lines.filter(Boolean).join(' ');
  assert.equal(say(gain, '7'), 'Right: gain₁ = 7.');
  assert.equal(say(gain, '8'), 'gain₁ = 7: off by 1.000. That is 2^rel: the gain subtracts 1.');
  assert.equal(say(discount, '1.585'), 'discount₃ = 2.000: off by 0.415. That is log(i): the discount is log(i + 1).');
  assert.equal(say(term, '1.9'), 'Right: term₂ = 1.893.');
  assert.equal(say(term, '1.89'), 'Right: term₂ = 1.893.');
  assert.equal(say(term, '1.88'), 'term₂ = 1.893: off by 0.013.');
  assert.equal(say(dcg, '10,6'), 'Right: DCG@10 = 10.639.');
  assert.equal(say(ndcg, '1'), 'NDCG@10 = 0.949: off by 0.051.');
  // 11.210 / 10.639 = 1.0537: the ratio upside down.
  assert.equal(say(ndcg, '1.054'), 'NDCG@10 = 0.949: off by 0.105. That is IDCG / DCG: NDCG is DCG / IDCG.');
  // 0.9 is 0.949 to one decimal; 0.90 asks for two.
  assert.equal(judge('zh', ndcg, readGuess('0.9'), 3).lines[0], '猜对了：NDCG@10 = 0.949。');
  assert.equal(judge('zh', ndcg, readGuess('0.90'), 3).lines[0], 'NDCG@10 = 0.949：相差 0.049。');
});

test('with judgments, an IDCG from the retrieved items alone is named', () => {
  const judged = api.explain('a\nb', { qrels: 'a 3\nb 0\nc 1', ideal: 'judgments', k: 1 });
  const [idcg] = walkStep('en', judged, 3, 3).asks;
  // IDCG@1: 7 from the judged pool and from the ranking's own items alike; at K = 2 they differ (7 + 1/log2(3)).
  assert.equal(idcg.value, 7);
  const two = api.explain('a\nb', { qrels: 'a 3\nb 0\nc 1', ideal: 'judgments', k: 2 });
  const [q] = walkStep('en', two, 3, 3).asks;
  assert.equal(judge('en', q, readGuess('7'), 3).lines[1], 'That ideal leaves out the relevant items never retrieved.');
  // Its why: the ideal from all judgments; with the ranking's own ideal, the pool's trap instead.
  assert.match(walkStep('en', two, 3, 3).why[0], /^The ideal is the best list possible/);
  const own = api.explain('a\nb', { qrels: 'a 3\nb 0\nc 1', k: 2 });
  assert.match(walkStep('en', own, 3, 3).why[0], /^IDCG depends on which items are in the pool/);
});

test('hostile or empty guesses are refused', () => {
  for (const text of ['', ' ', 'abc', '<img src=x onerror=alert(1)>', '1e3', '0x10', '1.2.3', 'NaN', 'Infinity', '--1', '١٢']) {
    assert.equal(readGuess(text), null, JSON.stringify(text));
  }
  assert.deepEqual(readGuess(' -0.75 '), { value: -0.75, digits: 2 });
  assert.deepEqual(readGuess('.5'), { value: 0.5, digits: 1 });
});
