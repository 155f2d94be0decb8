// What a learner reads can be trusted: each mode keeps its own settings, the
// sentences follow the same state as the numbers, and the messages of batch
// mode say what is wrong rather than what to paste.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { WORKED_EN, fileUrl, headlineIs, launch, open, setText, textOf } from './_helpers.mjs';

const HEADLINE = 'NDCG@10 = 10.639 / 11.210 = 0.949';
let browser;
let page;

before(async () => {
  browser = await launch();
  page = await browser.newPage();
});
after(async () => browser.close());

const hash = () => page.evaluate(() => location.hash);
const mode = (name) => page.check(`input[name="mode"][value="${name}"]`);

describe('modes keep their own settings', () => {
  test('explain → TREC → compare → explain: the worked example is 0.949 again and its link names no trec_eval', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await headlineIs(page, HEADLINE);
    await mode('trec');
    await page.waitForFunction(() => location.hash.includes('mode=trec'));
    assert.equal(await page.inputValue('#preset'), 'trec_eval');
    await page.fill('#opt-decimals', '4');
    await mode('compare');
    await page.waitForFunction(() => location.hash.includes('mode=compare'));
    assert.equal(await page.inputValue('#preset'), 'trec_eval');
    // Compare mode's own decimals: batch mode's 4 stayed there.
    assert.equal(await page.inputValue('#opt-decimals'), '3');
    await mode('explain');
    await headlineIs(page, HEADLINE);
    assert.equal(await page.inputValue('#preset'), 'document');
    assert.equal(await hash(), `#grades=3,2,0,1,0,0,2,1,0,0&k=10&lang=en`);
    // Back in batch mode its own settings return.
    await mode('trec');
    await page.waitForFunction(() => location.hash.includes('mode=trec'));
    assert.equal(await page.inputValue('#opt-decimals'), '4');
    assert.match(await hash(), /preset=trec_eval/);
  });

  test('a setting changed in explain stays explain’s', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await page.selectOption('#preset', 'sklearn');
    const sklearn = await textOf(page, '#headline');
    await mode('trec');
    await page.waitForFunction(() => location.hash.includes('mode=trec'));
    assert.equal(await page.inputValue('#preset'), 'trec_eval');
    await mode('explain');
    await headlineIs(page, sklearn);
    assert.match(await hash(), /preset=sklearn/);
  });
});

describe('every sentence follows the state the numbers came from', () => {
  const IDS = encodeURIComponent('d1\nd2\nd3');
  const QRELS = encodeURIComponent('q1 0 d1 2\nq1 0 d3 1\nq1 0 d9 3');
  const CASES = [
    ['own grades, no judgments', `#grades=3,2,0,1&k=10`, /^The ideal order sorts this ranking’s own grades from high to low\.$/],
    ['own grades, with judgments', `#text=${IDS}&qrels=${QRELS}&ideal=list`, /^The ideal order sorts this ranking’s own grades from high to low\.$/],
    ['all judgments, none given', `#grades=3,2,0,1&ideal=judgments`, /^No judgments are given, so the ideal order sorts this ranking’s own grades/],
    ['all judgments, given', `#text=${IDS}&qrels=${QRELS}&ideal=judgments`, /^The ideal order sorts every judged item by gain, including relevant items the ranking never retrieved\.$/],
    ['all judgments cut to the ranking', `#text=${IDS}&qrels=${QRELS}&ideal=judgments&idealCutToRetrieved=true`, /never retrieved, and keeps as many as the ranking has\.$/],
  ];
  for (const [name, link, sentence] of CASES) {
    test(`${name}: step 2 and the formula line say where the ideal order came from`, async () => {
      await open(page, `${fileUrl()}${link}&lang=en`);
      assert.match(await textOf(page, '#ideal-from'), sentence);
      const formula = await textOf(page, '#formula-ideal');
      assert.ok(formula.startsWith('IDCG@'), formula);
      assert.match(formula.replace(/^IDCG\S* uses the same sum over the ideal order\. /, ''), sentence);
    });
  }
  test('with judgments asked for and given, IDCG counts the judged item the ranking never retrieved', async () => {
    await open(page, `${fileUrl()}#text=${IDS}&qrels=${QRELS}&ideal=judgments&lang=en`);
    assert.equal(await page.locator('#table-idcg tbody tr').count(), 3);
    await open(page, `${fileUrl()}#text=${IDS}&qrels=${QRELS}&ideal=list&lang=en`);
    assert.equal(await page.locator('#table-idcg tbody tr').count(), 2);
  });
});

describe('batch mode’s messages', () => {
  test('a run with judgments that cannot be read: the results point at the marked box, never “Paste a run”', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await mode('trec');
    await setText(page, '#ranking', 'q1 Q0 d1 1 3 r\nq1 Q0 d2 2 2 r\n');
    await setText(page, '#qrels', 'q1 0 d1 x');
    await page.waitForSelector('#qrels-error:not([hidden])');
    const results = await textOf(page, '#results-body');
    assert.doesNotMatch(results, /Paste a run/);
    assert.match(results, /once the input can be read/);
    assert.equal(await textOf(page, '#qrels-status').catch(() => ''), '');
  });
  test('explain mode: judgments that cannot be read are not also said to be read as grades', async () => {
    await open(page, `${fileUrl()}#grades=3,2,0,1&qrels=3%202%200%201&lang=en`);
    await page.waitForSelector('#qrels-error:not([hidden])');
    assert.equal((await page.textContent('#qrels-status')).trim(), '');
    await setText(page, '#qrels', 'q1 0 d1 2');
    await page.waitForFunction(() => document.getElementById('qrels-status').textContent.includes('read as'));
  });
});

describe('the embed page’s link to the full calculator', () => {
  test('hidden unless named; full= in the hash or the link’s data-full names it, and the link carries the view', async () => {
    await open(page, fileUrl('embed.html') + WORKED_EN);
    assert.equal(await page.locator('#open-full').isHidden(), true);
    // Each from a fresh load, as a frame loads it (the embed reads full= as it starts).
    await page.goto('about:blank');
    await open(page, `${fileUrl('embed.html')}${WORKED_EN}&full=${encodeURIComponent('https://example.org/ndcg/')}`);
    assert.equal(await page.getAttribute('#open-full', 'href'), 'https://example.org/ndcg/#grades=3,2,0,1,0,0,2,1,0,0&k=10&lang=en');
    // The link follows an edit, and only http(s) or relative addresses are taken.
    await setText(page, '#ranking', '1 0 1');
    await page.waitForFunction(() => document.getElementById('open-full').href === 'https://example.org/ndcg/#grades=1,0,1&k=10&lang=en');
    await page.goto('about:blank');
    await open(page, `${fileUrl('embed.html')}${WORKED_EN}&full=javascript:alert(1)`);
    assert.equal(await page.locator('#open-full').isHidden(), true);
    await page.evaluate(() => { document.getElementById('open-full').dataset.full = 'calc.html'; });
    await setText(page, '#ranking', '1 0 1');
    await page.waitForFunction(() => document.getElementById('open-full').getAttribute('href') === 'calc.html#grades=1,0,1&k=10&lang=en');
  });
});

describe('narrow: every number whole on screen or behind a sideways scroll that says so', () => {
  // Cells of the step tables cut by their box's edge while the box does not say it scrolls, or covered by a pinned cell.
  // The scroll hints are written once a ResizeObserver has seen the boxes (a frame or two): wait for them first.
  const cutCells = async (root) => {
    await new Promise((done) => setTimeout(done, 400));
    return cutNow(root);
  };
  const cutNow = (root) => root.evaluate((r) => {
    const out = [];
    for (const box of [...r.querySelectorAll('.table-scroll')].filter((b) => b.querySelector('#table-dcg, #table-idcg'))) {
      const edge = box.getBoundingClientRect();
      const says = box.classList.contains('scrolls') && box.previousElementSibling?.classList.contains('scroll-hint');
      for (const row of box.querySelectorAll('tbody tr')) {
        const cells = [...row.cells].filter((c) => c.offsetWidth);
        const pinned = cells.filter((c) => getComputedStyle(c).position === 'sticky').map((c) => c.getBoundingClientRect());
        for (const cell of cells) {
          const rect = cell.getBoundingClientRect();
          const covered = getComputedStyle(cell).position !== 'sticky' && pinned.some((p) => p.left < rect.right - 1 && p.right > rect.left + 1);
          const clipped = rect.right > edge.right + 1 && !says;
          if ((covered && rect.left < edge.right) || clipped) out.push(`${box.querySelector('table').id} ${cell.textContent}`);
        }
      }
    }
    return out;
  });

  test('375 px: the calculator shows every column, gain and discount too, each number whole or behind an announced scroll', async () => {
    for (const lang of ['en', 'zh']) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
      const p = await context.newPage();
      await open(p, `${fileUrl()}#grades=3,2,0,1,0,0,2,1,0,0&k=10&lang=${lang}`);
      const body = p.locator('#results-body');
      assert.equal(await p.locator('#table-dcg thead th:visible').count(), 7, 'position, grade, gain, discount, term, running total, vs ideal');
      assert.equal(await p.locator('#table-dcg .detail').first().isVisible(), true);
      // Nothing left out, so no button to bring it back.
      assert.equal(await p.locator('.result-dcg .columns-toggle').isHidden(), true);
      assert.deepEqual(await cutCells(body), [], `${lang} every column`);
      await context.close();
    }
  });

  test('<ndcg-calc> in a 320 px column of a wide page picks the compact table', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { root } = await import('./_helpers.mjs');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    await p.setContent('<!doctype html><html><body><div style="width:320px"><ndcg-calc grades="3,2,0,1,0,0,2,1,0,0" k="10"></ndcg-calc></div></body></html>');
    await p.addScriptTag({ content: readFileSync(join(root, 'dist/ndcg-calc.js'), 'utf8') });
    await p.waitForFunction(() => document.querySelector('ndcg-calc')?.shadowRoot?.querySelector('#table-dcg'));
    const shadow = p.locator('ndcg-calc');
    assert.equal(await shadow.locator('#table-dcg thead th:visible').count(), 5);
    assert.deepEqual(await cutCells(await p.evaluateHandle(() => document.querySelector('ndcg-calc').shadowRoot)), []);
    await shadow.locator('.result-dcg .columns-toggle').click();
    assert.equal(await shadow.locator('#table-dcg thead th:visible').count(), 7);
    assert.deepEqual(await cutCells(await p.evaluateHandle(() => document.querySelector('ndcg-calc').shadowRoot)), []);
    await context.close();
  });
});
