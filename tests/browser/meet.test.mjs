// The page as people meet it: a draft that survives the examples page and
// an embed, step-table headings under each gain in both languages, nothing
// cut off at 1,280 px, the 375 px layout (the result or the error first,
// first and last columns in view, a table that scrolls says so), what a
// learner could misread (the cutoff, the ideal curve, step 2's missing rows,
// where the score was lost, a stale result), and the smaller items (Holm's
// sentence, the Embed dialog from disk, Copy link, the weights box).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { browser, fileUrl, headlineIs, open, ready, server, setText, tableRows, textOf, useBrowser, WORKED, WORKED_EN } from './_helpers.mjs';

useBrowser();
async function pageAt(width, { locale = 'en-US', ...options } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale, ...options });
  return { context, page: await context.newPage() };
}

// The worked example's terms by hand: gain / log2(i + 1).
const term = (rel, i) => (2 ** rel - 1) / Math.log2(i + 1);
const DCG = term(3, 1) + term(2, 2) + term(1, 4) + term(2, 7) + term(1, 8);
const IDCG = term(3, 1) + term(2, 2) + term(2, 3) + term(1, 4) + term(1, 5);

describe('drafts belong to one page', () => {
  test('typing in the calculator survives the examples page and an embed in another language', async () => {
    const { context, page } = await pageAt(1280);
    await open(page, server.url('index.html'));
    await setText(page, '#ranking', '3 3 0 1');
    await page.fill('#opt-k', '4');
    await headlineIs(page, `NDCG@4 = ${(term(3, 1) + term(3, 2) + term(1, 4)).toFixed(3)} / ${(term(3, 1) + term(3, 2) + term(1, 3)).toFixed(3)} = ${((term(3, 1) + term(3, 2) + term(1, 4)) / (term(3, 1) + term(3, 2) + term(1, 3))).toFixed(3)}`);
    // The examples page: two iframes of embed.html (K = 5, one in Chinese) and three elements.
    await page.goto(server.url('examples.html'));
    await page.waitForFunction(() => [...document.querySelectorAll('ndcg-calc')].every((el) => el.result));
    await page.waitForFunction(() => [...document.querySelectorAll('iframe')].every((f) => f.contentDocument?.getElementById('app')?.getAttribute('aria-busy') === 'false'));
    // An embed on its own, whose language button is pressed.
    await page.goto(`${server.url('embed.html')}#grades=1,0,1&k=5&lang=zh`);
    await ready(page);
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    // Back in the calculator (no link): the typing, its K and its language are there.
    await page.goto(server.url('index.html'));
    await ready(page);
    assert.equal(await page.inputValue('#ranking'), '3 3 0 1');
    assert.equal(await page.inputValue('#opt-k'), '4');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    // The embed keeps its own state in its hash: its language went there.
    await page.goto(`${server.url('embed.html')}#grades=1,0,1&k=5`);
    await ready(page);
    assert.equal(await page.inputValue('#ranking'), '1 0 1');
    await context.close();
  });
});

describe('headings from the formula in force', () => {
  const cases = [
    ['exp', '', 'gain 2^rel_i − 1', '增益 2^rel_i − 1', '2reli − 1'],
    ['linear', '&gain=linear', 'gain rel_i', '增益 rel_i', 'reli'],
    ['table', '&gain=table&gainTable=0,1,3,7', 'gain g(rel_i)', '增益 g(rel_i)', 'g(reli)'],
  ];
  for (const [gain, hash, en, zh, formula] of cases) {
    test(`${gain} gain: the gain column says so, beside the grade column, in both languages`, async () => {
      const { context, page } = await pageAt(1280);
      for (const [lang, label, grade, gainWord] of [['en', en, 'grade rel_i', 'gain'], ['zh', zh, '等级 rel_i', '增益']]) {
        await open(page, `${fileUrl()}${WORKED}${hash}&lang=${lang}`);
        for (const table of ['table-dcg', 'table-idcg']) {
          assert.equal(await page.getAttribute(`#${table} thead th:nth-child(2)`, 'aria-label'), grade);
          assert.equal(await page.getAttribute(`#${table} thead th:nth-child(3)`, 'aria-label'), label);
          assert.equal(await textOf(page, `#${table} thead th:nth-child(3) .col-name`), gainWord);
          assert.equal(await textOf(page, `#${table} thead th:nth-child(3) .col-formula`), formula);
        }
      }
      await context.close();
    });
  }
});

// Every table box under #app whose content is wider than the box.
const cutOff = (page) => page.$$eval('#app .table-scroll', (boxes) => boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.querySelector('table').id));

const LONG_RUN = Array.from({ length: 6 }, (_, i) => `q1 Q0 clueweb12-0${i}13wb-73-1${i}774 ${i + 1} ${9 - i} run-a`).join('\n')
  + '\n' + Array.from({ length: 4 }, (_, i) => `q2 Q0 clueweb12-0${i}13wb-20-0${i}031 ${i + 1} ${9 - i} run-a`).join('\n');
const LONG_QRELS = 'q1 0 clueweb12-0013wb-73-10774 2\nq1 0 clueweb12-0213wb-73-12774 1\nq1 0 clueweb12-9913wb-00-00000 3\nq2 0 clueweb12-0113wb-20-01031 1';

describe('1,280 px: every table fits its panel', () => {
  for (const lang of ['en', 'zh']) test(`${lang}: the worked example, weights with judgments and ids, ranking B, a TREC query explained, compare mode side by side`, async () => {
    const { context, page } = await pageAt(1280);
    await open(page, `${fileUrl()}${WORKED}&lang=${lang}`);
    assert.deepEqual(await cutOff(page), [], 'worked example');
    await page.click('button[data-example="pool"]');
    await page.waitForSelector('.result-pool');
    await page.fill('#opt-weights', '2,2,1.5');
    await page.fill('#ranking-b', 'q1 Q0 d7 1 9 b\nq1 Q0 d2 2 8 b\nq1 Q0 d1 3 7 b');
    await page.waitForSelector('#table-ab');
    assert.deepEqual(await cutOff(page), [], 'judgments, weights, ranking B');
    // Batch mode with long document ids, then one query step by step.
    await page.fill('#ranking-b', '');
    await page.click('input[name="mode"][value="trec"]');
    // Six measures: trec_eval's default set (the box left empty) has ~30 columns, behind a sideways scroll.
    await page.fill('#measures', 'ndcg ndcg_cut.10 P.10 recall.10 map recip_rank');
    await page.fill('#ranking', LONG_RUN);
    await page.fill('#qrels', LONG_QRELS);
    // q2 is judged by LONG_QRELS only: the table of the run against the pool example's qrels (q1 alone) is gone.
    await page.waitForSelector('#table-trec tbody tr[data-qid="q2"]');
    assert.deepEqual(await cutOff(page), [], 'batch mode');
    await page.click('#table-trec tbody tr[data-qid="q1"] button[data-action="explain-query"]');
    await page.waitForSelector('#table-dcg .id');
    assert.deepEqual(await cutOff(page), [], 'a query of the run explained');
    // The long ids are cut to fit; their titles hold them whole.
    assert.equal(await page.getAttribute('#table-dcg tbody tr:first-child .id', 'title'), 'clueweb12-0013wb-73-10774');
    await page.click('input[name="mode"][value="compare"]');
    await page.fill('#ranking', LONG_RUN);
    await page.fill('#ranking-b', LONG_RUN.replace(/ (\d) 9 run-a/, ' $1 0.5 run-a'));
    await page.fill('#qrels', LONG_QRELS);
    // Each fill may start its own comparison on a loaded machine; q2's bar comes only from the last
    // (q2 is judged by LONG_QRELS alone), and a comparison that lands after the click closes the query it opened.
    await page.waitForSelector('#cmp-chart .bar[data-qid="q2"]', { timeout: 30000 });
    await page.click('#cmp-chart .bar[data-qid="q1"]');
    await page.waitForSelector('#cmp-drill #table-ab');
    assert.deepEqual(await cutOff(page), [], 'compare mode with a query side by side');
    await context.close();
  });
});

describe('375 px', () => {
  for (const lang of ['en', 'zh']) {
    test(`${lang}: the result first, the columns that matter in view, a table that scrolls says so`, async () => {
      const { context, page } = await pageAt(375, { locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      await open(page, `${fileUrl()}${WORKED}&lang=${lang}`);
      // The line at the top carries the result and leads to it.
      const top = await page.$eval('#topline', (el) => ({ text: el.textContent, top: el.getBoundingClientRect().top, shown: el.offsetHeight > 0 }));
      assert.ok(top.shown, 'the top line is shown');
      assert.ok(top.top < 400, `the top line starts at ${top.top} px, in the first half of the first screen`);
      assert.match(top.text, /^NDCG@10 = 0\.949/);
      await page.click('#topline button[data-action="jump-results"]');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'results');
      // The results come first on a phone: the headline is on the screen.
      assert.ok(await page.$eval('#headline', (el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom < innerHeight));
      // It stays in view while the page scrolls.
      assert.ok(await page.$eval('#topline', (el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom < 120));
      // Each step table: its first column and its last (vs ideal, the running total) in view in their box.
      for (const table of ['table-dcg', 'table-idcg']) {
        const inBox = await page.$eval(`#${table}`, (t) => {
          const box = t.parentElement.getBoundingClientRect();
          const row = t.tBodies[0].rows[2];
          const inside = (cell) => { const r = cell.getBoundingClientRect(); return r.left >= box.left - 1 && r.right <= box.right + 1; };
          return [inside(row.cells[0]), inside(row.cells[row.cells.length - 1])];
        });
        assert.deepEqual(inBox, [true, true], table);
      }
      // The presets table scrolls at this width: it says so, and its NDCG column (next to the name) is in view.
      // Its hint is written after layout (a ResizeObserver): wait for it in view.
      await page.$eval('#table-presets', (t) => t.scrollIntoView());
      await page.waitForFunction(() => document.getElementById('table-presets').parentElement.previousElementSibling?.classList.contains('scroll-hint'));
      const presets = await page.$eval('#table-presets', (t) => {
        const box = t.parentElement;
        const cell = t.tBodies[0].rows[1].cells[1].getBoundingClientRect();
        const hint = box.previousElementSibling;
        return { scrolls: box.scrollWidth > box.clientWidth, hint: hint && hint.classList.contains('scroll-hint') ? hint.textContent : '', ndcg: cell.right <= box.getBoundingClientRect().right };
      });
      assert.ok(presets.scrolls, 'the presets table is wider than the screen');
      assert.match(presets.hint, lang === 'zh' ? /左右滑动/ : /Scroll the table sideways/);
      assert.ok(presets.ndcg, 'the NDCG column is in view');
      // A table that fits says nothing.
      const fits = await page.$eval('#table-idcg', (t) => t.parentElement.scrollWidth <= t.parentElement.clientWidth);
      if (fits) assert.equal(await page.$eval('#table-idcg', (t) => t.parentElement.previousElementSibling?.classList.contains('scroll-hint') || false), false);
      // Nothing but the tables' own boxes is wider than the screen.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375));
      await context.close();
    });
  }

  test('an input that no longer parses: the error comes first, the last good result is greyed and says so', async () => {
    const { context, page } = await pageAt(375);
    await open(page, fileUrl() + WORKED_EN);
    await setText(page, '#ranking', '3 2 x 1');
    await page.waitForSelector('#topline.bad');
    assert.match(await textOf(page, '#topline'), /^This input cannot be read Line 1, column 5/);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    assert.ok(await page.$eval('#topline', (el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom < 150), 'the error stays in view');
    await page.click('#topline button[data-action="jump-error"]');
    assert.ok(await page.$eval('#ranking-error', (el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }));
    assert.equal(await page.evaluate(() => document.activeElement.id), 'ranking');
    await context.close();
  });
});

describe('a stale result', () => {
  test('is greyed, labelled as the last good result, and comes back in colour once the input reads', async () => {
    const { context, page } = await pageAt(1280);
    await open(page, fileUrl() + WORKED_EN);
    const colour = (sel) => page.$eval(sel, (el) => getComputedStyle(el).color);
    const accent = await colour('.headline-value');
    const muted = await colour('.verdict');
    assert.notEqual(accent, muted);
    await setText(page, '#ranking', '3 2 x 1');
    await page.waitForSelector('#stale-note:not([hidden])');
    assert.match(await textOf(page, '#stale-note'), /^Last good result: the input no longer parses/);
    assert.ok(await page.$eval('#results-body', (el) => el.classList.contains('stale')));
    assert.equal(await colour('.headline-value'), muted, 'the value is grey, not blue');
    assert.equal(await colour('#table-dcg td.loss'), muted, 'so are the losses');
    assert.equal(await textOf(page, '#headline'), 'NDCG@10 = 10.639 / 11.210 = 0.949');
    await setText(page, '#ranking', '3 2 0 1');
    await page.waitForSelector('#stale-note', { state: 'hidden' });
    assert.equal(await colour('.headline-value'), accent);
    await context.close();
  });
});

describe('nothing a learner could misread', () => {
  test('the cutoff, the ideal curve, step 2 and where the score was lost, on the worked example', async () => {
    const { context, page } = await pageAt(1280);
    await open(page, fileUrl() + WORKED_EN);
    // NDCG@k: the cutoff is a dot with its value and a tick on the axis; no line runs down to zero.
    assert.equal(await page.$$eval('.curve line.k-marker', (l) => l.length), 0);
    const tick = await page.$eval('.curve .k-tick', (l) => [Number(l.getAttribute('y1')), Number(l.getAttribute('y2'))]);
    assert.ok(tick[1] - tick[0] <= 6, 'a short tick');
    assert.equal(await textOf(page, '.curve .k-label'), `K = 10: ${(DCG / IDCG).toFixed(3)}`);
    // The running IDCG: five points, then flat to position 10, and the note says why.
    assert.equal(await page.$$eval('.result-cumulative circle.point.ideal', (c) => c.length), 5);
    const flat = await page.$eval('.cum-line.ideal.flat', (p) => p.getAttribute('d'));
    const ys = [...flat.matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => m[1]);
    assert.equal(ys.length, 2);
    assert.equal(ys[0], ys[1], 'the carried line is flat');
    assert.equal(await textOf(page, '#ideal-flat'), `The ideal order has no item with a gain after position 5, so its running total stays at ${IDCG.toFixed(3)} (the flat dotted line) up to position 10.`);
    // Step 2 lists five rows and says the five zeros are left out.
    assert.equal((await tableRows(page, 'table-idcg')).length, 5);
    assert.equal(await textOf(page, '#ideal-zeros'), 'The 5 items whose gain is 0 are left out: they would add nothing. IDCG@10 is the sum of the 5 rows below.');
    // Where the score was lost: positions 3 and 5 below the ideal, 7 and 8 above it, adding up to IDCG − DCG.
    const items = await page.$$eval('.result-loss li', (li) => li.map((x) => x.textContent));
    assert.deepEqual(items, [
      `Position 3: grade 0 where the ideal order has 2, ${term(2, 3).toFixed(3)} short.`,
      `Position 5: grade 0 where the ideal order has 1, ${term(1, 5).toFixed(3)} short.`,
      `Position 7: grade 2 where the ideal order has 0, ${term(2, 7).toFixed(3)} more.`,
      `Position 8: grade 1 where the ideal order has 0, ${term(1, 8).toFixed(3)} more.`,
    ]);
    const gap = IDCG - DCG;
    assert.ok(Math.abs(term(2, 3) + term(1, 5) - term(2, 7) - term(1, 8) - gap) < 1e-12);
    assert.equal(await textOf(page, '#loss-sum'), `IDCG@10 − DCG@10 = 11.210 − 10.639 = 1.500 + 0.387 − 1.000 − 0.315 = ${gap.toFixed(3)}`);
    // 1.500 + 0.387 − 1.000 − 0.315 is 0.572 while the total is 0.571: the page says why.
    assert.equal(await textOf(page, '[data-note="loss-rounding"]'), `Adding the rounded values shown gives 0.572; the exact difference is ${gap.toFixed(6)}.`);
    await context.close();
  });

  test('in Chinese too, and a list of many positions sums the rest in one line', async () => {
    const { context, page } = await pageAt(1280);
    // Grades 0 1 0 1 … (24): the ideal is twelve 1s, so positions 1, 3, …, 11 fall short and 14, 16, …, 24 are above it.
    const grades = Array.from({ length: 24 }, (_, i) => (i % 2 ? 1 : 0));
    await open(page, `${fileUrl()}#grades=${grades.join(',')}&k=0&lang=zh`);
    const items = await page.$$eval('.result-loss ul', (lists) => lists.map((ul) => [...ul.children].map((li) => li.textContent)));
    assert.equal(items.length, 2);
    assert.equal(items[0].length, 6, 'five positions and the rest in one line');
    assert.match(items[0][5], /^……另有 1 个位置，合计 \d\.\d{3}。$/);
    assert.equal(items[1].length, 6);
    assert.match(await textOf(page, '#loss-sum'), /^IDCG − DCG = [\d.]+ − [\d.]+ = [\d.]+（低于）− [\d.]+（高于） = [\d.]+$/);
    await context.close();
  });
});

describe('the smaller items', () => {
  const RUN_A = 'q1 Q0 d1 1 3 a\nq2 Q0 x 1 3 a\nq2 Q0 d1 2 2 a\nq3 Q0 d1 1 3 a\nq4 Q0 x 1 3 a';
  const RUN_B = 'q1 Q0 d1 1 3 b\nq2 Q0 d1 1 3 b\nq3 Q0 x 1 3 b\nq3 Q0 y 2 2 b\nq3 Q0 d1 3 1 b\nq4 Q0 d1 1 3 b';
  const RUN_C = 'q1 Q0 x 1 3 c\nq1 Q0 d1 2 2 c\nq2 Q0 d1 1 3 c\nq3 Q0 d1 1 3 c\nq4 Q0 d1 1 3 c';
  const QRELS = 'q1 0 d1 1\nq2 0 d1 1\nq3 0 d1 1\nq4 0 d1 1';

  test('compare mode speaks of Holm’s row only when there is one', async () => {
    const { context, page } = await pageAt(1280);
    await open(page, `${fileUrl()}#mode=compare&lang=en`);
    for (const [id, text] of [['ranking', RUN_A], ['ranking-b', RUN_B], ['qrels', QRELS]]) await page.fill(`#${id}`, text);
    await page.waitForSelector('#section-cmp-stats', { timeout: 30000 });
    const notes = () => page.$$eval('.cmp-not li', (li) => li.map((x) => x.textContent).join('\n'));
    assert.match(await notes(), /some p-values fall below 0\.05 by chance alone/);
    assert.doesNotMatch(await notes(), /Holm/);
    assert.equal(await page.$$eval('tr[data-stat="p-holm"]', (r) => r.length), 0);
    await page.click('#run-add');
    await page.fill('#run-c', RUN_C);
    await page.waitForSelector('tr[data-stat="p-holm"]', { timeout: 30000 });
    assert.match(await notes(), /Holm’s row adjusts for the pairs of one measure/);
    await context.close();
  });

  test('from disk the Embed dialog names the files bare, as it says to copy them next to the page; over http by address', async () => {
    const { context, page } = await pageAt(1280);
    await open(page, fileUrl() + WORKED_EN);
    await page.click('#embed-open');
    await page.waitForFunction(() => document.getElementById('embed-element').value);
    assert.match(await page.inputValue('#embed-element'), /^<script src="ndcg-calc\.js"><\/script>\n/);
    assert.match(await page.inputValue('#embed-iframe'), /^<iframe src="embed\.html#grades=3,2,0,1,0,0,2,1,0,0&amp;k=10/);
    assert.doesNotMatch(await page.inputValue('#embed-iframe'), /file:/);
    await open(page, server.url('index.html') + WORKED_EN);
    await page.click('#embed-open');
    await page.waitForFunction(() => document.getElementById('embed-element').value);
    assert.ok((await page.inputValue('#embed-element')).startsWith(`<script src="${server.url('ndcg-calc.js')}"></script>`));
    await context.close();
  });

  test('Copy link confirms on the button, then reads as before; the weights box shows an example, not a value', async () => {
    const { context, page } = await pageAt(1280, { permissions: ['clipboard-read', 'clipboard-write'] });
    await open(page, server.url('index.html') + WORKED_EN);
    await page.click('#copy-link');
    await page.waitForFunction(() => document.getElementById('copy-link').textContent === 'Link copied ✓');
    // The status line says it too (read out by screen readers a moment later).
    await page.waitForFunction(() => /^Link copied\./.test(document.getElementById('status').textContent));
    await page.waitForFunction(() => document.getElementById('copy-link').textContent === 'Copy link', null, { timeout: 30000 });
    assert.equal(await page.getAttribute('#opt-weights', 'placeholder'), 'e.g. 2,2,2');
    assert.equal(await page.$eval('#opt-weights', (el) => getComputedStyle(el, '::placeholder').fontStyle), 'italic');
    await open(page, `${server.url('index.html')}${WORKED}&lang=zh`);
    assert.equal(await page.getAttribute('#opt-weights', 'placeholder'), '例如 2,2,2');
    await context.close();
  });
});
