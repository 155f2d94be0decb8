// The charts of one ranking: every bar and point carries the value of its
// table row (the term, the running total), is drawn to scale, and leads to
// that row by focus, hover, click and keyboard; the flow diagram carries the
// headline's numbers; axe finds nothing; screenshots in both languages and themes.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { axeViolations, browser, fileUrl, LOOKS, open, screenshot, useBrowser, WORKED } from './_helpers.mjs';

useBrowser({ serve: false });
// Each mark with its value, its label's number, and the cell of its row it stands for.
function marksAndCells(page, selector, cell) {
  return page.$$eval(selector, (marks, which) => marks.map((m) => {
    const row = document.getElementById(m.dataset.row);
    const term = row && row.querySelector('td.term');
    const td = which === 'term' ? term : term && term.nextElementSibling;
    return {
      row: m.dataset.row, described: m.getAttribute('aria-describedby'), value: Number(m.dataset.value),
      label: m.getAttribute('aria-label'), cell: td ? td.textContent : null,
      height: m.tagName === 'rect' ? Number(m.getAttribute('height')) : null,
    };
  }), cell);
}

describe('charts of one ranking', () => {
  test('bars and points equal the step tables, drawn to scale', async () => {
    const page = await browser.newPage();
    await open(page, `${fileUrl()}${WORKED}&lang=en`);
    const bars = await marksAndCells(page, '.result-bars [data-row]', 'term');
    // Ten positions of the ranking; the ideal order lists its five nonzero grades only.
    assert.equal(bars.filter((b) => b.row.startsWith('row-dcg-')).length, 10);
    assert.equal(bars.filter((b) => b.row.startsWith('row-idcg-')).length, 5);
    assert.equal(bars.length, await page.$$eval('#table-dcg tbody tr, #table-idcg tbody tr', (r) => r.length));
    for (const b of bars) {
      assert.equal(b.described, b.row);
      assert.ok(b.cell !== null, `${b.row} has no row`);
      assert.ok(Math.abs(b.value - Number(b.cell)) <= 0.0005 + 1e-12, `${b.row}: ${b.value} vs ${b.cell}`);
      assert.ok(b.label.includes(b.cell), `${b.label} does not say ${b.cell}`);
    }
    // Height per unit is the same for every bar of some height (the largest term sets the scale).
    const tall = bars.filter((b) => b.value > 0.01);
    const unit = tall[0].height / tall[0].value;
    for (const b of tall) assert.ok(Math.abs(b.height / b.value - unit) < 0.01, `${b.row} off scale`);
    const points = await marksAndCells(page, '.result-cumulative [data-row]', 'running');
    assert.equal(points.length, 15);
    for (const p of points) {
      assert.ok(Math.abs(p.value - Number(p.cell)) <= 0.0005 + 1e-12, `${p.row}: ${p.value} vs ${p.cell}`);
      assert.ok(p.label.includes(p.cell));
    }
    // The last running totals are DCG and IDCG of the headline.
    const headline = await page.textContent('#headline');
    const last = (prefix) => points.filter((p) => p.row.startsWith(prefix)).at(-1).cell;
    assert.ok(headline.includes(`${last('row-dcg-')} / ${last('row-idcg-')}`), headline);
    await page.close();
  });

  test('a mark leads to its row: focus highlights, arrows move, Enter and click focus the row', async () => {
    const page = await browser.newPage();
    await open(page, `${fileUrl()}${WORKED}&lang=en`);
    const tabbable = await page.$$eval('.result-bars [data-row]', (m) => m.filter((x) => x.getAttribute('tabindex') === '0').length);
    assert.equal(tabbable, 1);
    await page.focus('.result-bars [data-row="row-dcg-1"]');
    assert.equal(await page.$eval('#row-dcg-1', (r) => r.classList.contains('linked')), true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate(() => document.activeElement.dataset.row);
    assert.equal(focused, 'row-dcg-2');
    assert.deepEqual(await page.$$eval('tr.linked', (r) => r.map((x) => x.id)), ['row-dcg-2']);
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'row-dcg-2');
    await page.click('.result-cumulative [data-row="row-idcg-4"]');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'row-idcg-4');
    assert.deepEqual(await page.$$eval('tr.linked', (r) => r.map((x) => x.id)), ['row-idcg-4']);
    await page.close();
  });

  test('the flow diagram carries the current numbers', async () => {
    const page = await browser.newPage();
    await open(page, `${fileUrl()}${WORKED}&lang=en`);
    const flow = await page.$$eval('.flow-box', (boxes) => boxes.map((b) => b.textContent));
    assert.equal(flow[0], 'grades 3, 2, 0, 1, 0, 0, …');
    // The formulas are typeset as the tables' headings set them: 2<sup>rel<sub>i</sub></sup> − 1, log<sub>2</sub>(i + 1).
    assert.equal(flow[1], 'gains 2reli − 1 7.000, 3.000, 0.000, 1.000, 0.000, 0.000, …');
    assert.match(flow[2], /^discounts log2\(i \+ 1\) 1\.000, 1\.585, 2\.000, 2\.322/);
    assert.deepEqual(await page.$$eval('.flow-box .col-formula', (f) => f.slice(0, 2).map((x) => x.innerHTML)),
      await page.$$eval('#table-dcg thead .col-formula', (f) => f.slice(2, 4).map((x) => x.innerHTML)));
    assert.equal(flow[4], 'grades sorted 3, 2, 2, 1, 1');
    const headline = await page.textContent('#headline');
    const [, dcg, idcg, ndcg] = headline.match(/= ([\d.]+) \/ ([\d.]+) = ([\d.]+)/);
    for (const want of [`DCG@10 ${dcg}`, `IDCG@10 ${idcg}`, `DCG@10 / IDCG@10 ${dcg} / ${idcg}`, `NDCG@10 ${ndcg}`]) {
      assert.ok(flow.includes(want), `${want} not in ${flow.join(' | ')}`);
    }
    await page.close();
  });

  for (const [lang, scheme] of LOOKS) {
    test(`${lang}, ${scheme}: no WCAG A/AA violation; screenshot of the charts`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      await open(page, `${fileUrl()}${WORKED}&lang=${lang}`);
      await page.focus('.result-bars [data-row="row-dcg-1"]');
      assert.deepEqual(await axeViolations(page), []);
      const label = await page.getAttribute('.result-bars svg', 'aria-label');
      assert.match(label, lang === 'zh' ? /柱状图/ : /Bar chart/);
      const charts = await page.$('.result-flow');
      const box = await charts.boundingBox();
      await screenshot(page, `charts-${lang}-${scheme}.png`, { clip: { x: 0, y: box.y - 10, width: 1280, height: 620 } });
      await context.close();
    });
  }
});
