// TREC and compare modes' tables: every header has its one-line help (a
// measure's is the core's describeMeasure line), in English and Chinese,
// reached by keyboard as well as by pointer; and what trec_eval counts shows
// as whole numbers on the cards, the cards' long names whole, trials and
// seed only with ci.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { guard, nodeApi, ONE_OF_EACH, open, screenshot, server, useBrowser } from './_helpers.mjs';

const QRELS = 'q1 0 d1 2\nq1 0 d2 1\nq2 0 d3 1\nq2 0 d4 2\nq3 0 d5 1\n';
const A = 'q1 Q0 d1 1 3 a\nq1 Q0 d2 2 2 a\nq2 Q0 d3 1 3 a\nq2 Q0 d4 2 1 a\nq3 Q0 d5 1 1 a\n';
const B = 'q1 Q0 d2 1 3 b\nq1 Q0 d1 2 2 b\nq2 Q0 d4 1 3 b\nq2 Q0 d3 2 1 b\nq3 Q0 d5 1 1 b\n';
const MEASURES = 'num_q num_ret num_rel_ret map ndcg_cut.10 num_nonrel_judged_ret';
const enc = encodeURIComponent;
const TREC = `#mode=trec&text=${enc(A)}&qrels=${enc(QRELS)}&measures=${enc(MEASURES)}`;
const COMPARE = `#mode=compare&text=${enc(A)}&textB=${enc(B)}&qrels=${enc(QRELS)}`;

let page;

useBrowser({ guarded: true }, async () => {
  page = await guard.context.newPage();
});

/** Every header of the tables `ids` (column headers, the mean's row, the statistics' rows) with its help text. */
function headersOf(ids) {
  return page.$$eval(ids.map((id) => `#${id} th:not(tbody th[scope=row]), #${id}.cmp-stats tbody th`).join(', '), (all) => all.map((th) => ({
    text: th.textContent, key: th.dataset.help || '',
    help: (document.getElementById(th.getAttribute('aria-describedby') || '') || {}).textContent || '',
  })));
}

for (const [lang, theme] of ONE_OF_EACH) {
  test(`every header of TREC mode's and compare mode's tables has its help (${lang})`, async () => {
    const api = await nodeApi();
    await open(page, `${server.url('index.html')}${TREC}&lang=${lang}&theme=${theme}`);
    await page.waitForSelector('#table-trec thead th[data-help]');
    const trec = await headersOf(['table-trec']);
    assert.ok(trec.length >= 7, JSON.stringify(trec));
    for (const head of trec) assert.ok(head.key && head.help.length >= 5, `${lang}: ${JSON.stringify(head)}`);
    // A measure's help is the core's own line.
    const map = trec.find((head) => head.key === 'm:map');
    assert.equal(map.help, api.describeMeasure('map').help);
    await screenshot(page.locator('#table-trec'), `headers-trec-${lang}-${theme}.png`);

    await open(page, `${server.url('index.html')}${COMPARE}&lang=${lang}&theme=${theme}`);
    await page.waitForSelector('#table-cmp thead th[data-help]');
    const cmp = await headersOf(['table-cmp-stats', 'table-cmp']);
    assert.ok(cmp.length >= 15, JSON.stringify(cmp));
    for (const head of cmp) assert.ok(head.key && head.help.length >= 5, `${lang}: ${JSON.stringify(head)}`);
    assert.ok(cmp.some((head) => head.key === 'cmpColPt') && cmp.some((head) => head.key === 'cmpColDz'));
    // The keyboard reaches a statistic's help: the table's headers are one tab stop, the arrows move on.
    const stops = await page.$$eval('#table-cmp-stats th[tabindex="0"]', (all) => all.map((th) => th.dataset.help));
    assert.deepEqual(stops, ['cmpColMeasure']);
    await page.focus('#table-cmp-stats th[tabindex="0"]');
    await page.keyboard.press('ArrowDown');
    const tip = await page.evaluate(() => ({ at: document.activeElement.dataset.help, hidden: document.getElementById('cell-tip').hidden,
      text: document.getElementById('cell-tip').textContent }));
    assert.equal(tip.hidden, false);
    assert.equal(tip.text, cmp.find((head) => head.key === tip.at).help);
    assert.notEqual(tip.at, 'cmpColMeasure');
    await screenshot(page.locator('#section-cmp-stats'), `headers-compare-${lang}-${theme}.png`);
  });
}

test('counts show as whole numbers on the cards and in the table, long names whole; trials and seed only with ci', async () => {
  await open(page, `${server.url('index.html')}${TREC}&lang=en`);
  await page.waitForSelector('#trec-means');
  const card = (m) => page.textContent(`#trec-means [data-measure="${m}"] dd`);
  assert.equal(await card('num_q'), '3');
  assert.equal(await card('num_ret'), '5');
  assert.equal(await card('num_rel_ret'), '5');
  assert.match(await card('map'), /^\d\.\d{4}$/);
  assert.equal(await page.textContent('#table-trec tbody tr[data-qid="q1"] td:nth-child(3)'), '2');
  const cut = await page.$$eval('#trec-means dt', (all) => all.filter((dt) => dt.scrollWidth > dt.clientWidth + 1).map((dt) => dt.textContent));
  assert.deepEqual(cut, []);
  await screenshot(page.locator('#trec-means'), 'trec-cards-counts.png');
  const shown = (key) => page.$eval(`#field-${key}`, (el) => !el.hidden);
  assert.deepEqual([await shown('ci'), await shown('trials'), await shown('seed')], [true, false, false]);
  await page.$eval('#field-ci input', (box) => box.click());
  await page.waitForFunction(() => !document.getElementById('field-trials').hidden);
  assert.deepEqual([await shown('trials'), await shown('seed')], [true, true]);
});
