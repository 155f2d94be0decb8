// The teaching parts: the guided walk and guessing first with the keyboard
// alone, in English and Chinese; every header of the result tables has its
// help; a cell's tip holds its formula with the core's numbers; axe finds
// nothing in the new views; screenshots in both themes at 1280 and 375 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { axeViolations, fileUrl, launch, LOOKS, nodeApi, open, screenshot, WORKED } from './_helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function pageFor(lang, scheme = 'light', width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
  const page = await context.newPage();
  await open(page, `${fileUrl()}${WORKED}&lang=${lang}`);
  return { context, page };
}

const active = (page) => page.evaluate(() => document.activeElement.id);
const press = async (page, ...keys) => { for (const key of keys) await page.keyboard.press(key); };

for (const lang of ['en', 'zh']) {
  test(`${lang}: the walk and guessing first work from the keyboard alone`, async () => {
    const { context, page } = await pageFor(lang);
    await page.focus('#walk-toggle');
    await press(page, 'Enter');
    assert.equal(await active(page), 'walk-title');
    // Step 1: gain₁ = 2^3 − 1 = 7 (grade 3 at position 1), its cells lit.
    assert.match(await page.textContent('#walk'), /₁ = 2\^3 − 1 = 7/);
    assert.ok(await page.$eval('#table-dcg tbody tr:first-child', (tr) => [...tr.cells].some((c) => c.classList.contains('walk-hot'))));
    // Guess first: Tab to the box, Space ticks it; the discount (position 3) is asked before it is shown.
    await page.focus('#guess-first');
    await press(page, 'Space');
    assert.equal(await active(page), 'guess-first');
    await page.focus('#walk-next');
    await press(page, 'Enter');
    assert.equal(await active(page), 'walk-title');
    assert.ok(await page.$eval('#results', (el) => el.classList.contains('teach-wait')), 'the results wait for the guess');
    assert.equal(await page.$eval('#result-live', (el) => el.textContent), '');
    await press(page, 'Tab');
    assert.equal(await active(page), 'guess-1-0');
    // log₂(3) = 1.585, the discount without the +1: named as such.
    await page.keyboard.type('1.585');
    await press(page, 'Enter');
    const said = await page.textContent('#walk');
    assert.match(said, lang === 'en' ? /₃ = 2\.000: off by 0\.415/ : /₃ = 2\.000：相差 0\.415/);
    assert.match(said, /log\(i \+ 1\)/);
    assert.equal(await active(page), 'walk-next');
    assert.ok(!(await page.$eval('#results', (el) => el.classList.contains('teach-wait'))));
    // Step 3 asks the term of position 2, then DCG@10; a right guess is said right.
    await press(page, 'Enter', 'Tab');
    await page.keyboard.type('1.9');
    await press(page, 'Enter');
    assert.equal(await active(page), 'guess-2-1');
    await page.keyboard.type('10.639');
    await press(page, 'Enter');
    assert.match(await page.textContent('#walk'), lang === 'en' ? /Right: DCG@10 = 10\.639/ : /猜对了：DCG@10 = 10\.639/);
    // Step 4: IDCG@10 to one decimal is right; step 5: NDCG upside down is named so.
    await press(page, 'Enter', 'Tab');
    await page.keyboard.type('11.2');
    await press(page, 'Enter');
    assert.match(await page.textContent('#walk'), lang === 'en' ? /Right: IDCG@10 = 11\.210/ : /猜对了：IDCG@10 = 11\.210/);
    await press(page, 'Enter', 'Tab');
    assert.equal(await active(page), 'guess-4-0');
    await page.keyboard.type('1.054');
    await press(page, 'Enter');
    assert.match(await page.textContent('#walk'), /IDCG \/ DCG/);
    assert.match(await page.textContent('#walk'), /NDCG@10 = DCG@10 \/ IDCG@10 = 10\.639 \/ 11\.210 = 0\.949/);
    await screenshot(page.locator('#results'), `teach-walk-${lang}.png`);
    // Finish: the results are all on show; the guess stays said.
    await press(page, 'Enter');
    assert.equal(await active(page), 'walk-toggle');
    assert.ok(await page.isVisible('#headline'));
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  test(`${lang}: guessing NDCG first hides the results until the guess`, async () => {
    const { context, page } = await pageFor(lang);
    await page.check('#guess-first');
    assert.ok(!(await page.isVisible('#headline')));
    await page.fill('#guess-h', 'abc');
    await page.keyboard.press('Enter');
    assert.equal(await page.getAttribute('#guess-h', 'aria-invalid'), 'true');
    await page.fill('#guess-h', '0.8');
    await page.keyboard.press('Enter');
    assert.match(await page.textContent('#teach'), /0\.149/);
    assert.ok(await page.isVisible('#headline'));
    assert.equal(await active(page), 'guess-first');
    await context.close();
  });
}

test('every header of the result tables has its help, in English and Chinese; a cell shows its formula', async () => {
  for (const lang of ['en', 'zh']) {
    const { context, page } = await pageFor(lang);
    await page.click('button[data-example="pool"]').catch(() => {});
    await page.waitForSelector('#table-dcg');
    const heads = await page.$$eval('#results table.steps thead th', (all) => all.map((th) => ({
      key: th.dataset.help, help: (document.getElementById(th.getAttribute('aria-describedby') || '') || {}).textContent || '' })));
    assert.ok(heads.length >= 14, `${heads.length} headers`);
    for (const head of heads) assert.ok(head.key && head.help.length > 8, `${lang}: ${JSON.stringify(head)}`);
    await page.goto(`${fileUrl()}${WORKED}&lang=${lang}`);
    await page.waitForSelector('#table-dcg');
    const tip = await page.evaluate(() => {
      const cell = document.querySelector('#table-dcg tbody tr:nth-child(2) td.term');
      cell.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      const el = document.getElementById('cell-tip');
      return { text: el.textContent, hidden: el.hidden };
    });
    assert.equal(tip.hidden, false);
    assert.match(tip.text, /₂ = 3 \/ log₂\(3\) = 1\.893$/);
    await context.close();
  }
});

test('while a row is dragged, the NDCG of the order it would make is shown beside the pointer', async () => {
  const api = await nodeApi();
  const { context, page } = await pageFor('en');
  const centre = async (i) => {
    const box = await page.locator('#table-dcg tbody tr').nth(i).locator('th').boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  await page.locator('#table-dcg').scrollIntoViewIfNeeded();
  const from = await centre(2);
  const to = await centre(0);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y - 6, { steps: 6 });
  // Position 3 (grade 0) on top: the core's NDCG of 0 3 2 1 0 0 2 1 0 0.
  const then = api.explain([0, 3, 2, 1, 0, 0, 2, 1, 0, 0], { k: 10 }).ndcg.toFixed(3);
  assert.equal(await page.textContent('#drag-ghost'), `NDCG@10 0.949 → ${then}`);
  assert.ok(await page.isVisible('#drag-ghost'));
  await screenshot(page, 'teach-ghost.png');
  await page.mouse.up();
  assert.ok(!(await page.isVisible('#drag-ghost')));
  await context.close();
});

test('the charts name their positions and read out a mark on focus; "How NDCG@K works" is a button away', async () => {
  const { context, page } = await pageFor('zh');
  const labels = await page.$$eval('.result-bars svg text.axis', (all) => all.map((el) => el.textContent));
  assert.deepEqual(labels.slice(2, 12), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  await page.focus('.result-bars .chart-mark');
  assert.equal(await page.textContent('.result-bars .mark-value'), await page.getAttribute('.result-bars .chart-mark', 'aria-label'));
  assert.ok(!(await page.isVisible('.result-bars .axis-title')));
  await page.focus('#walk-toggle');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.closest('details').open), true);
  assert.equal(await page.evaluate(() => document.activeElement.closest('.learn') !== null), true);
  await context.close();
});

test('screenshots: the panel and the walk in both languages, light and dark, at 1280 and 375 px', async () => {
  for (const [lang, scheme] of LOOKS) {
    for (const width of [1280, 375]) {
      const { context, page } = await pageFor(lang, scheme, width);
      await page.click('#walk-toggle');
      await page.check('#guess-first');
      await page.click('#walk-next');
      await page.locator('#teach').scrollIntoViewIfNeeded();
      await screenshot(page, `teach-${lang}-${scheme}-${width}.png`);
      await page.fill('#guess-1-0', '1.585');
      await page.keyboard.press('Enter');
      await page.hover('#table-dcg tbody tr:nth-child(3) td.term');
      await screenshot(page.locator('#results'), `teach-said-${lang}-${scheme}-${width}.png`);
      assert.deepEqual(await axeViolations(page), []);
      await context.close();
    }
  }
});
