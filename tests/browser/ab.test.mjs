// Two rankings side by side in the explain mode: NDCG of each and their
// difference equal the module's own values, positions that differ are
// marked, a warning appears when the candidate sets or ideal lists differ
// (and the judged pool is offered as the fair comparison), ranking B lives
// in the URL hash, and each ranking costs one call. axe and screenshots too.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { axeViolations, browser, fileUrl, LOOKS, nodeApi, open, screenshot, setText, useBrowser } from './_helpers.mjs';

useBrowser({ serve: false });
let api;

before(async () => {
  api = await nodeApi();
});

const A = 'a 3\nb 2\nc 0\nd 1';
const B_SAME = 'b 2\na 3\nd 1\nc 0';
const B_OTHER = 'a 3\nx 3\nb 2\ny 0';
const QRELS = 'a 3\nb 2\nd 1\nx 3';
const hashOf = (a, b, k = 3) => `#text=${encodeURIComponent(a)}&textB=${encodeURIComponent(b)}&k=${k}`;

describe('rankings A and B side by side', () => {
  test('the same items reordered: values equal the module, differing positions marked, no warning', async () => {
    const page = await browser.newPage();
    await open(page, `${fileUrl()}${hashOf(A, B_SAME)}&lang=en`);
    const a = api.explain(A, { k: 3 });
    const b = api.explain(B_SAME, { k: 3 });
    const line = await page.textContent('#ab-line');
    assert.equal(line, `NDCG@3: A = ${a.ndcg.toFixed(3)}, B = ${b.ndcg.toFixed(3)}, B − A = ${(b.ndcg - a.ndcg).toFixed(3).replace('-', '−')}.`);
    assert.equal(await page.$('#ab-warning'), null);
    assert.ok(await page.$('#ab-fair'));
    const rows = await page.$$eval('#table-ab tbody tr', (trs) => trs.map((tr) => ({ hot: tr.classList.contains('hot'), cells: [...tr.cells].map((c) => c.textContent) })));
    assert.equal(rows.length, 3);
    // a/b swap at positions 1 and 2; position 3 holds c in A and d in B.
    assert.deepEqual(rows.map((r) => r.hot), [true, true, true]);
    for (const [i, r] of rows.entries()) {
      const diff = b.steps[i].contribution - a.steps[i].contribution;
      assert.equal(Number(r.cells.at(-1).replace('−', '-')), Number(diff.toFixed(3)), `position ${i + 1}`);
      assert.equal(r.cells[3], a.steps[i].contribution.toFixed(3));
      assert.equal(r.cells[6], b.steps[i].contribution.toFixed(3));
    }
    // Ranking B is in the link.
    assert.match(await page.evaluate(() => window.ndcgCalc.hash()), /textB=b%202%0Aa%203/);
    await page.close();
  });

  test('other candidates: the warning names both ideals, then offers the judged pool', async () => {
    const page = await browser.newPage();
    // Every item shown (K = 4): the candidate sets are compared by id.
    await open(page, `${fileUrl()}${hashOf(A, B_OTHER, 4)}&lang=en`);
    const a = api.explain(A, { k: 4 });
    const b = api.explain(B_OTHER, { k: 4 });
    const warning = await page.textContent('#ab-warning');
    assert.match(warning, /different items/);
    assert.ok(warning.includes(`IDCG@4 of A is ${a.idcg.toFixed(3)}, of B ${b.idcg.toFixed(3)}`), warning);
    assert.match(warning, /Paste the judgments/);
    await setText(page, '#qrels', QRELS);
    await page.waitForSelector('#ab-judged');
    const ja = api.explain(A, { k: 4, qrels: QRELS });
    const jb = api.explain(B_OTHER, { k: 4, qrels: QRELS });
    assert.ok(jb.ndcgJudged > ja.ndcgJudged);
    assert.equal(await page.textContent('#ab-judged'), `The fair comparison divides both by the judged pool’s IDCG: NDCG@4 A = ${
      ja.ndcgJudged.toFixed(3)}, B = ${jb.ndcgJudged.toFixed(3)}, B − A = +${(jb.ndcgJudged - ja.ndcgJudged).toFixed(3)}.`);
    // With a cutoff shorter than the lists, the differing ideals alone still warn.
    await page.goto(`${fileUrl()}${hashOf(A, B_OTHER, 3)}&lang=en`);
    await page.waitForFunction(() => /IDCG@3 of A/.test(document.getElementById('ab-warning')?.textContent));
    assert.doesNotMatch(await page.textContent('#ab-warning'), /different items/);
    await page.close();
  });

  test('a keystroke with ranking B present makes one call per ranking; an error in B is shown as B’s', async () => {
    const ctx = await browser.newContext();
    await ctx.addInitScript(() => { window.__ndcgCallCounter = { calls: 0, names: [] }; });
    const page = await ctx.newPage();
    await open(page, `${fileUrl()}${hashOf(A, B_SAME)}&lang=en`);
    await page.evaluate(() => { window.__ndcgCallCounter.calls = 0; window.__ndcgCallCounter.names = []; });
    await setText(page, '#ranking-b', 'b 2\na 3\nc 1');
    await page.waitForFunction(() => document.getElementById('ab-line')?.textContent.includes('B = '));
    await page.waitForTimeout(300);
    assert.deepEqual(await page.evaluate(() => window.__ndcgCallCounter.names), ['analyse', 'analyse']);
    await setText(page, '#ranking-b', 'b 2\na x');
    await page.waitForSelector('#ab-error');
    assert.match(await page.textContent('#ab-error'), /^Ranking B: Line 2, column 3/);
    await ctx.close();
  });

  for (const [lang, scheme] of LOOKS) {
    test(`${lang}, ${scheme}: no WCAG A/AA violation; screenshot`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      await open(page, `${fileUrl()}${hashOf(A, B_OTHER)}&lang=${lang}`);
      assert.deepEqual(await axeViolations(page), []);
      const section = await page.$('.result-ab');
      await screenshot(section, `ab-${lang}-${scheme}.png`);
      await context.close();
    });
  }
});
