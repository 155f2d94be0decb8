// The page's structure: each error lands in the box of its source (the
// ranking, the judgments, or the option's own control) in English and
// Chinese; one keystroke costs one call into the module; the component
// takes every option of the schema as a kebab-case attribute.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { WORKED, fileUrl, headlineIs, launch, nodeApi, open, root, setText, textOf } from './_helpers.mjs';

let browser;
let context;
let api;

before(async () => {
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  api = await nodeApi();
});

after(async () => {
  await browser?.close();
});

const BOXES = ['#ranking-error', '#qrels-error', '#opt-log-base-error', '#opt-weights-error', '#options-error'];

/** The error boxes that are showing. */
async function shownBoxes(page) {
  return page.evaluate((ids) => ids.filter((id) => !document.querySelector(id).hidden), BOXES);
}

const WORDS = {
  en: { where: (l, c) => `Line ${l}, column ${c}`, logBase: 'Log base of the discount:', weights: 'Position weights:' },
  zh: { where: (l, c) => `第 ${l} 行，第 ${c} 列`, logBase: '折扣的对数底：', weights: '位置权重：' },
};

describe('each error marks the box of its source', () => {
  for (const lang of ['en', 'zh']) {
    test(`${lang}: ranking, judgments, an option's control`, async () => {
      const page = await context.newPage();
      const words = WORDS[lang];
      await open(page, `${fileUrl()}#text=${encodeURIComponent('d1 3\nd2 1')}&k=10&lang=${lang}`);
      await setText(page, '#ranking', 'd1 3\nd2 x');
      await page.waitForSelector('#ranking-error:not([hidden])');
      assert.deepEqual(await shownBoxes(page), ['#ranking-error']);
      assert.match(await textOf(page, '#ranking-error'), new RegExp(words.where(2, 4)));
      assert.equal(await page.getAttribute('#ranking', 'aria-invalid'), 'true');
      await setText(page, '#ranking', 'd1 3\nd2 1');
      await setText(page, '#qrels', 'd1 3\nd2 x');
      await page.waitForSelector('#qrels-error:not([hidden])');
      assert.deepEqual(await shownBoxes(page), ['#qrels-error']);
      assert.match(await textOf(page, '#qrels-error'), new RegExp(words.where(2, 4)));
      assert.equal(await page.getAttribute('#ranking', 'aria-invalid'), 'false');
      assert.equal(await page.getAttribute('#qrels', 'aria-invalid'), 'true');
      await setText(page, '#qrels', '');
      await page.waitForSelector('#qrels-error', { state: 'hidden' });
      // The log base must be above 1: the schema says so, and the message is the page's language.
      await page.fill('#opt-log-base', '1');
      await page.waitForSelector('#opt-log-base-error:not([hidden])');
      assert.deepEqual(await shownBoxes(page), ['#opt-log-base-error']);
      assert.ok((await textOf(page, '#opt-log-base-error .error-message')).startsWith(words.logBase));
      assert.equal(await page.getAttribute('#opt-log-base', 'aria-invalid'), 'true');
      await page.fill('#opt-log-base', '2');
      await page.waitForSelector('#opt-log-base-error', { state: 'hidden' });
      await page.fill('#opt-weights', '2,-1');
      await page.waitForSelector('#opt-weights-error:not([hidden])');
      assert.deepEqual(await shownBoxes(page), ['#opt-weights-error']);
      const message = await textOf(page, '#opt-weights-error .error-message');
      assert.ok(message.startsWith(words.weights) && message.includes('-1'), message);
      await page.close();
    });
  }
});

describe('layout', () => {
  // Brought into view at once after the first result (as a click does), a
  // control stays where it is: sections laid out only when they came near
  // the screen grew by 285 px and moved the export buttons from under the
  // pointer between its press and its release (the click was lost).
  test('the export buttons and the sections above them keep their place once scrolled to', async () => {
    const page = await context.newPage();
    for (const selector of ['button[data-format="markdown"]', '#export-download', '.result-presets', '.result-curve']) {
      await open(page, `${fileUrl()}${WORKED}&lang=en`);
      const [before, after] = await page.evaluate(async (sel) => {
        const el = document.querySelector(sel);
        el.scrollIntoView({ block: 'center' });
        const top = () => Math.round(el.getBoundingClientRect().top);
        const first = top();
        await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 100))));
        return [first, top()];
      }, selector);
      assert.equal(after, before, selector);
    }
    await page.close();
  });
});

describe('calls into the module', () => {
  test('one keystroke in the ranking makes exactly one call (analyse)', async () => {
    const ctx = await browser.newContext();
    await ctx.addInitScript(() => { window.__ndcgCallCounter = { calls: 0, names: [] }; });
    const page = await ctx.newPage();
    await open(page, `${fileUrl()}${WORKED}&lang=en`);
    await page.evaluate(() => { window.__ndcgCallCounter.calls = 0; window.__ndcgCallCounter.names = []; });
    await setText(page, '#ranking', '3 2 0 1 0 0 2 1 0 1');
    const e = api.explain('3 2 0 1 0 0 2 1 0 1', { k: 10 });
    await headlineIs(page, `NDCG@10 = ${e.dcg.toFixed(3)} / ${e.idcg.toFixed(3)} = ${e.ndcg.toFixed(3)}`);
    await page.waitForTimeout(300);
    const counter = await page.evaluate(() => window.__ndcgCallCounter);
    assert.deepEqual(counter.names, ['analyse']);
    assert.equal(counter.calls, 1);
    // The export renders from that result: no new analysis.
    await page.click('button[data-format="markdown"]');
    await page.waitForSelector('#export-preview:not([hidden])');
    assert.ok(!(await page.evaluate(() => window.__ndcgCallCounter.names)).slice(1).includes('analyse'));
    // The language toggle changes the words and the link, and computes nothing.
    await page.evaluate(() => { window.__ndcgCallCounter.calls = 0; });
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh') && location.hash.includes('lang=zh'));
    assert.match(await page.textContent('#headline'), /NDCG@10/);
    assert.equal(await page.evaluate(() => window.__ndcgCallCounter.calls), 0);
    await ctx.close();
  });
});

describe('the component', () => {
  test('takes every option as a kebab-case attribute, and names a bad one in its error', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.setContent('<!doctype html><body><ndcg-calc grades="0,0" zero-idcg="one" lang="en"></ndcg-calc>'
      + '<ndcg-calc grades="3,2,0,1" k="3" log-base="10" weights="2,1" lang="en"></ndcg-calc>'
      + '<ndcg-calc grades="3,2" k="-1" lang="zh"></ndcg-calc></body>');
    await page.addScriptTag({ content: readFileSync(join(root, 'dist/ndcg-calc.js'), 'utf8') });
    await page.waitForFunction(() => document.querySelectorAll('ndcg-calc')[1].result);
    const results = await page.evaluate(() => Array.from(document.querySelectorAll('ndcg-calc'), (el) => el.result && el.result.ndcg));
    assert.equal(results[0], 1);
    assert.equal(results[1], api.explain('3 2 0 1', { k: 3, logBase: 10, weights: [2, 1] }).ndcg);
    const third = page.locator('ndcg-calc').nth(2).locator('.error-box');
    await third.waitFor();
    assert.match(await third.textContent(), /截断位置 K：/);
    await ctx.close();
  });
});
