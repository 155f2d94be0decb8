// Compare mode's pure pieces: measure names, the per-query series and its
// order, how differences and p-values are written, the verdict in English
// and Chinese (what the test says and what it does not), and the options
// and link of compare mode.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import '../../web/app/full/texts/compare-texts.js';
import { measureLabel, pairsOf, pickedComparison, pIs, pText, seriesOf, signed, sortedByDiff, verdictOf } from '../../web/app/full/comparison.js';
import { compareMeasures, decodeHash, encodeHash, makeSpec, rowInMode, slotOf, specOf, toCompareOptions, toTrecOptions } from '../../web/app/shared/state.js';
import { createNdcgModule } from './helpers.mjs';

// The page reads its hash with the module whose schema it loaded; `full` is its spec.
const full = specOf(await createNdcgModule());

// A comparison as compareRuns returns one (the numbers are made up; nothing here computes them).
const comparison = (over = {}) => ({
  measure: 'ndcg_cut_10', runA: 'base', runB: 'new', queries: 12, meanA: 0.5, meanB: 0.512, diff: 0.012, ci95: [0.004, 0.02], interval: 'bootstrap',
  effectSize: 0.8, wins: 9, losses: 3, ties: 0, pTtest: 0.003, pWilcoxon: 0.1, pSign: 0.6, pRandomization: 0.004, ...over,
});

const result = {
  runs: ['base', 'new'], measures: ['map', 'ndcg_cut_10'], qids: ['q1', 'q2', 'q3', 'q4'],
  comparisons: [comparison({ measure: 'map' }), comparison()],
  perQuery: { ndcg_cut_10: [[0.5, 0.25, null, 1], [0.75, 0.25, 0.5, 0.5]], map: [[0, 0, 0, 0], [0, 0, 0, 0]] },
};

test('measures are written as the page names them', () => {
  assert.deepEqual(['ndcg_cut_10', 'P_5', 'recall_100', 'ndcg', 'map', 'recip_rank', 'bpref'].map(measureLabel),
    ['NDCG@10', 'P@5', 'R@100', 'NDCG', 'MAP', 'MRR', 'bpref']);
});

test('the comparison shown is the measure and pair picked, else NDCG of the first pair', () => {
  assert.equal(pickedComparison(result, '').measure, 'ndcg_cut_10');
  assert.equal(pickedComparison(result, 'map').measure, 'map');
  assert.equal(pickedComparison(result, 'bpref', '9-9').measure, 'ndcg_cut_10');
  assert.equal(pickedComparison({ runs: [], comparisons: [] }, ''), null);
  // Three runs, every pair: pairs named by the runs' numbers, in the core's order.
  const three = {
    runs: ['base', 'new', 'other'],
    comparisons: [['base', 'new'], ['base', 'other'], ['new', 'other']].flatMap(([runA, runB]) => ['map', 'ndcg_cut_10'].map((measure) => comparison({ measure, runA, runB }))),
  };
  assert.deepEqual(pairsOf(three).map((p) => p.key), ['1-2', '1-3', '2-3']);
  const c = pickedComparison(three, 'map', '2-3');
  assert.deepEqual([c.measure, c.runA, c.runB], ['map', 'new', 'other']);
  assert.deepEqual([pickedComparison(three, '', '1-3').runB, pickedComparison(three, '', '1-3').measure], ['other', 'ndcg_cut_10']);
  // Boxes A, B and D filled, C empty: the pairs keep their boxes' numbers.
  const gap = { ...three, letters: ['A', 'B', 'D'] };
  assert.deepEqual(pairsOf(gap).map((p) => p.key), ['1-2', '1-4', '2-4']);
  assert.equal(pickedComparison(gap, 'map', '1-4').runB, 'other');
});

test('the per-query series holds A, B and B − A, NaN where a run has no value; sorted largest gain first', () => {
  const series = seriesOf(result, result.comparisons[1]);
  assert.deepEqual([...series.columns.a].map(String), ['0.5', '0.25', 'NaN', '1']);
  assert.deepEqual([...series.columns.b], [0.75, 0.25, 0.5, 0.5]);
  assert.deepEqual([...series.columns.diff].map(String), ['0.25', '0', 'NaN', '-0.5']);
  assert.deepEqual(series.mean, { a: 0.5, b: 0.512, diff: 0.012 });
  // q3 has no difference and is left out; q1 gains most, q4 loses most.
  assert.deepEqual(sortedByDiff(series).map((i) => series.qids[i]), ['q1', 'q2', 'q4']);
});

test('differences carry their sign; p-values too small to show say so', () => {
  assert.equal(signed(0.0123, 3), '+0.012');
  assert.equal(signed(-0.0123, 3), '−0.012');
  assert.equal(signed(0.0001, 3), '0.000');
  assert.equal(signed(null, 3), '—');
  assert.equal(pText(0.0004, 3), '< 0.001');
  assert.equal(pText(0.0006, 3), '0.001');
  assert.equal(pText(1, 3), '1.000');
  assert.equal(pText(null, 3), '—');
  // In a sentence the relation is said once: "p < 0.001", never "p = < 0.001".
  assert.equal(pIs(0.0004, 3), '< 0.001');
  assert.equal(pIs(0.03, 3), '= 0.030');
  const tiny = verdictOf('en', comparison({ pTtest: 0.0002, pHolm: 0.0004 }), 3, 2);
  assert.match(tiny.says[1], /\(p < 0\.001, paired t-test\)/);
  assert.match(tiny.says.at(-1), /p < 0\.001\.$/);
  assert.match(verdictOf('zh', comparison({ pTtest: 0.0002 }), 3, 1).says[1], /（p < 0\.001，配对 t 检验）/);
  for (const text of [...tiny.says, ...verdictOf('zh', comparison({ pTtest: 0.0002 }), 3, 1).says]) assert.doesNotMatch(text, /= </);
});

test('the verdict says the direction, the size and how unusual it would be by chance', () => {
  const v = verdictOf('en', comparison(), 3, 1);
  assert.equal(v.says[0], 'new scores higher than base on average: NDCG@10 0.512 against 0.500, 0.012 more over 12 queries.');
  assert.equal(v.says[1], 'A difference this large would be unusual if the two runs were equally good (p = 0.003, paired t-test).');
  assert.equal(v.says[2], 'The 95% interval of the mean difference runs from +0.004 to +0.020.');
  assert.equal(v.says.length, 3);
  // What it does not say: importance, every query, the cause; one test only, so no warning about many.
  assert.equal(v.notSays.length, 3);
  assert.match(v.notSays[0], /d_z = 0\.80/);
  assert.match(v.notSays[1], /^That new is better on every query: new is higher on 9 queries, lower on 3 and equal on 0\.$/);
  assert.match(v.notSays[2], /cannot tell which change/);
});

test('a large p-value: the verdict says chance could explain it, and that this does not make the runs equal', () => {
  const v = verdictOf('en', comparison({ diff: -0.004, meanB: 0.496, pTtest: 0.41, pHolm: 0.82 }), 3, 8);
  assert.match(v.says[0], /^new scores lower than base on average: NDCG@10 0\.496 against 0\.500, 0\.004 less/);
  assert.match(v.says[1], /could easily arise by chance .* \(p = 0\.410, paired t-test\)/);
  assert.match(v.says.at(-1), /Holm’s method\), p = 0\.820\.$/);
  assert.match(v.notSays[1], /^That base is better on every query/);
  assert.ok(v.notSays.some((x) => /not that they are the same/.test(x)));
  assert.match(v.notSays.at(-1), /^With 8 comparisons on this page/);
  // Equal at the shown decimals: no direction.
  assert.match(verdictOf('en', comparison({ diff: 0.0001, meanB: 0.5001 }), 3, 1).says[0], /^base and new have the same mean NDCG@10 \(0\.500\)/);
  // No t-test value (every difference the same).
  assert.match(verdictOf('en', comparison({ pTtest: null }), 3, 1).says[1], /gives no value/);
});

test('below 10 queries the interval is withheld, and the verdict names how few queries there are', () => {
  // The case that read against itself: 3 queries, an interval clear of 0 beside p = 0.088.
  const few = comparison({ queries: 3, diff: 0.333, meanB: 0.833, ci95: [null, null], interval: 'withheld', pTtest: 0.088, wins: 3, losses: 0 });
  const v = verdictOf('en', few, 3, 1);
  assert.match(v.says[0], /over 3 queries\.$/);
  assert.match(v.says[1], /so these 3 queries do not show that either run is better\.$/);
  assert.match(v.says[2], /^With only 3 queries the 95% interval is withheld/);
  assert.ok(v.says.every((x) => !/\+0\.183|runs from/.test(x)));
  const zh = verdictOf('zh', few, 3, 1);
  assert.match(zh.says[1], /所以这 3 个查询不能说明/);
  assert.match(zh.says[2], /^只有 3 个查询，不给出 95% 区间/);
});

test('the verdict in Chinese says the same things', () => {
  const v = verdictOf('zh', comparison(), 3, 4);
  assert.equal(v.says[0], '平均而言 new 比 base 得分更高：NDCG@10 为 0.512，base 为 0.500，在 12 个查询上高出 0.012。');
  assert.match(v.says[1], /不寻常的（p = 0\.003，配对 t 检验）/);
  assert.match(v.notSays[1], /new 在 9 个查询上更高，3 个更低，0 个相同/);
  assert.match(v.notSays.at(-1), /本页共有 4 项比较/);
  for (const text of [...v.says, ...v.notSays]) assert.doesNotMatch(text, /\{\w+\}/);
});

const spec = makeSpec([
  { key: 'preset', kind: 'choice', choices: ['document'], default: 'document', preset: false },
  { key: 'k', kind: 'whole', min: 0, max: 1e9, default: '0', preset: false },
], [{ name: 'document', options: {} }]);

test('compare mode: its measures follow K, its options, its slots and its link', () => {
  // The compare command's default list, each cutoff at K; no cutoff: NDCG of the whole list and no P.
  assert.equal(full.compareDefault, 'ndcg_cut.10 map P.10 recip_rank');
  assert.deepEqual(compareMeasures(full, 10), ['ndcg_cut.10', 'map', 'P.10', 'recip_rank']);
  assert.deepEqual(compareMeasures(full, 5), ['ndcg_cut.5', 'map', 'P.5', 'recip_rank']);
  assert.deepEqual(compareMeasures(full, 0), ['ndcg', 'map', 'recip_rank']);
  // Every row the compare command's own table holds goes, in its spelling (decimals as digits); rows it lacks stay.
  const base = { ...full.defaults, mode: 'compare', k: 5, complete: true, relevanceLevel: 2, gain: 'exp', logBase: 10, decimals: 2 };
  const options = toCompareOptions(full, base, ['a.run', 'b.run']);
  assert.deepEqual(options.measures, ['ndcg_cut.5', 'map', 'P.5', 'recip_rank']);
  assert.deepEqual(options.names, ['a.run', 'b.run']);
  for (const [key, value] of [['complete', true], ['relevanceLevel', 2], ['gain', 'exp'], ['digits', 2], ['k', 5], ['preset', base.preset]]) {
    assert.deepEqual(options[key], value, key);
  }
  for (const key of ['logBase', 'decimals', 'gainTable', 'weights']) assert.equal(key in options, false, key);
  const more = toCompareOptions(full, { ...base, k: 0, trials: 500, seed: 7, allPairs: true, gain: 'table', gainTable: '0,1,5' }, ['A', 'B', 'C']);
  assert.deepEqual([more.measures, more.trials, more.seed, more.allPairs, more.gain, more.gainTable],
    [['ndcg', 'map', 'recip_rank'], 500, 7, true, 'table', '0,1,5']);
  // Batch mode: the same rows its table holds, and its own measures.
  const trec = toTrecOptions(full, { ...base, mode: 'trec', ties: 'average' });
  assert.deepEqual(trec.measures, ['ndcg', 'ndcg_cut.5', 'P.5', 'recall.5', 'map', 'recip_rank']);
  // The measure box as -m takes it, "-m" before each allowed; empty under trec_eval: no measures, its default set.
  assert.deepEqual(toTrecOptions(full, { ...base, mode: 'trec', measures: ' -m ndcg_cut.1,3,5,10  map\n' }).measures, ['ndcg_cut.1,3,5,10', 'map']);
  assert.equal('measures' in toTrecOptions(full, { ...base, mode: 'trec', preset: 'trec_eval' }), false);
  // trials and seed are rows of both commands now (trec's --ci draws its bootstrap with them).
  assert.deepEqual([trec.perQuery, trec.digits, trec.ties, trec.gain, 'trials' in trec, 'logBase' in trec], [true, 2, 'average', 'exp', true, false]);
  // The options each mode shows: its command's rows.
  const shown = (mode) => full.rows.filter((row) => rowInMode(row, mode)).map((row) => row.key);
  // Batch mode alone has the measure box (trec_eval's -m) and --ci; -J, -M and -c are both commands' rows.
  assert.deepEqual(shown('trec').filter((key) => !shown('compare').includes(key)), ['measures', 'ci']);
  for (const key of ['judgedOnly', 'maxDocs']) assert.ok(shown('compare').includes(key), key);
  assert.deepEqual(shown('compare').filter((key) => !shown('trec').includes(key)), ['allPairs']);
  for (const key of ['ci', 'trials', 'seed']) assert.ok(shown('trec').includes(key), key);
  for (const key of ['preset', 'k', 'gain', 'relevanceLevel', 'decimals', 'complete']) assert.ok(shown('trec').includes(key), key);
  assert.equal(shown('explain').includes('complete'), false);
  assert.deepEqual(['run-c', 'run-h'].map((box) => slotOf('compare', box)), ['runC', 'runH']);
  assert.deepEqual(['ranking', 'ranking-b', 'qrels'].map((box) => slotOf('compare', box)), ['run', 'runB', 'qrels']);
  assert.deepEqual(['ranking', 'ranking-b', 'qrels'].map((box) => slotOf('explain', box)), ['ranking', 'rankingB', 'judgments']);
  const state = { ...spec.defaults, mode: 'compare', text: 'q1 Q0 d1 1 2 a', textB: 'q1 Q0 d2 1 2 b', qrels: 'q1 0 d1 1' };
  const hash = encodeHash(spec, state);
  assert.match(hash, /mode=compare/);
  assert.deepEqual(decodeHash(spec, hash).state, state);
  // Three runs, the measure, the pair and the query shown.
  const three = { ...state, runs: 4, textC: 'q1 Q0 d3 1 2 c', measure: 'map', pair: '1-3', query: 'q1' };
  const hash3 = encodeHash(spec, three);
  assert.match(hash3, /textC=q1%20Q0%20d3/);
  assert.match(hash3, /runs=4&measure=map&pair=1-3&query=q1/);
  assert.equal(hash3.match(/(^|&)query=/g).length, 1, hash3);  // the drilled query is also the option row query: written once
  assert.deepEqual(decodeHash(spec, hash3).state, three);
  assert.equal(decodeHash(spec, '#mode=compare&runs=9').state.runs, 2);
});
