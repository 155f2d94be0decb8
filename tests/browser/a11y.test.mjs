// Accessibility, languages, themes and layout: axe-core finds no WCAG 2.0 or
// 2.1 A/AA violation in English or Chinese, light or dark, at desktop width or
// 375 px; the page works from the keyboard alone; screenshots of each
// combination go to test-results/ for a person to look at.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, browser, fileUrl, headlineIs, LOOKS, open, ready, results, screenshot, setText, useBrowser, WORKED } from './_helpers.mjs';

useBrowser({ serve: false });
async function pageFor({ lang, scheme, width = 1280, locale }) {
  const context = await browser.newContext({
    viewport: { width, height: 900 }, colorScheme: scheme, locale: locale || (lang === 'zh' ? 'zh-CN' : 'en-US'),
  });
  const page = await context.newPage();
  return { context, page };
}

describe('languages and themes', () => {
  for (const lang of ['en', 'zh']) {
    for (const scheme of ['light', 'dark']) {
      test(`${lang}, ${scheme}: no WCAG 2.0/2.1 A/AA violation; screenshot`, async () => {
        const { context, page } = await pageFor({ lang, scheme });
        // The language comes from the browser's locale, with no hint in the hash.
        await open(page, fileUrl() + WORKED);
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang === 'zh' ? 'zh-CN' : 'en');
        const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
        assert.equal(dark, scheme === 'dark');
        assert.equal(await page.getAttribute('#theme-toggle', 'aria-pressed'), String(dark));
        assert.match(await page.textContent('#results-heading'), lang === 'zh' ? /计算结果/ : /Results/);
        // Label in name: the language button's accessible name starts with what it shows, in its own language.
        const toggle = await page.$eval('#lang-toggle', (b) => ({ text: b.textContent, name: b.getAttribute('aria-label'), lang: b.lang }));
        assert.equal(toggle.text, lang === 'zh' ? 'English' : '中文');
        assert.ok(toggle.name.startsWith(toggle.text), `"${toggle.name}" does not start with "${toggle.text}"`);
        assert.equal(toggle.lang, lang === 'zh' ? 'en' : 'zh');
        // Open every explanation so axe sees their text too.
        await page.$$eval('details', (all) => all.forEach((d) => { d.open = true; }));
        assert.deepEqual(await axeViolations(page), []);
        await screenshot(page, `page-${lang}-${scheme}.png`, { fullPage: true });
        await context.close();
      });
    }
  }

  test('the theme toggle overrides the system choice and is remembered', async () => {
    const { context, page } = await pageFor({ lang: 'en', scheme: 'light' });
    await open(page, fileUrl() + WORKED);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.click('#theme-toggle');
    assert.equal(await page.getAttribute('#theme-toggle', 'aria-pressed'), 'true');
    const dark = await background();
    assert.notEqual(dark, light);
    await page.reload();
    await ready(page);
    assert.equal(await background(), dark);
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });
});

describe('states worth checking with axe', () => {
  test('judgments, subtopics, an error, the batch table and the embed page', async () => {
    const { context, page } = await pageFor({ lang: 'en', scheme: 'dark' });
    await open(page, fileUrl() + WORKED);
    await page.click('button[data-example="pool"]');
    await page.waitForSelector('.result-pool');
    assert.deepEqual(await axeViolations(page), [], 'judged pool');
    await page.click('button[data-example="diversity"]');
    await page.waitForSelector('[data-metric="alpha"]');
    await page.fill('#opt-weights', '2,2');
    await page.waitForSelector('[data-metric="weighted"]');
    await page.click('button[data-format="markdown"]');
    await page.waitForSelector('#export-preview:not([hidden])');
    await setText(page, '#ranking', 'q1 Q0 d1 1 1 r\nq1 Q0 d2 2 x r');
    await page.waitForSelector('#ranking-error:not([hidden])');
    await page.waitForSelector('#stale-note:not([hidden])');
    assert.deepEqual(await axeViolations(page), [], 'weights, an export, then an error: the last good result greyed');
    await page.click('button[data-example="trec"]');
    await page.waitForSelector('#table-trec');
    assert.deepEqual(await axeViolations(page), [], 'batch table');
    await screenshot(page, 'page-en-dark-trec.png', { fullPage: true });
    await open(page, fileUrl('embed.html') + WORKED);
    assert.deepEqual(await axeViolations(page), [], 'embed');
    await screenshot(page, 'embed-en-dark.png', { fullPage: true });
    await context.close();
  });
});

describe('375 px wide', () => {
  for (const [lang, scheme] of LOOKS) {
    test(`${lang}, ${scheme}: nothing wider than the screen; no violation with the result, with an error, in compare mode; screenshots`, async () => {
      const { context, page } = await pageFor({ lang, scheme, width: 375 });
      await open(page, fileUrl() + WORKED);
      await page.click('button[data-example="scored"]');
      await page.waitForSelector('#table-dcg td.id');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
      assert.deepEqual(await axeViolations(page), [], 'the result and the line at the top');
      await screenshot(page, `page-375-${lang}-${scheme}.png`, { fullPage: true });
      await setText(page, '#ranking', 'doc-a 0.9 3\ndoc-b x 2');
      await page.waitForSelector('#topline.bad');
      await page.waitForSelector('#stale-note:not([hidden])');
      assert.deepEqual(await axeViolations(page), [], 'an error first, the last good result greyed');
      await screenshot(page, `page-375-${lang}-${scheme}-error.png`, { fullPage: true });
      await page.click('input[name="mode"][value="compare"]');
      await setText(page, '#ranking', 'q1 Q0 d1 1 3 a\nq2 Q0 x 1 3 a\nq2 Q0 d1 2 2 a');
      await setText(page, '#ranking-b', 'q1 Q0 x 1 3 b\nq1 Q0 d1 2 2 b\nq2 Q0 d1 1 3 b');
      await setText(page, '#qrels', 'q1 0 d1 1\nq2 0 d1 1');
      await page.waitForSelector('#section-cmp-stats', { timeout: 30000 });
      assert.deepEqual(await axeViolations(page), [], 'compare mode');
      await screenshot(page, `page-375-${lang}-${scheme}-compare.png`, { fullPage: true });
      await context.close();
    });
  }
});

describe('print', () => {
  test('prints the results on white without the input and controls', async () => {
    const { context, page } = await pageFor({ lang: 'en', scheme: 'dark' });
    await open(page, fileUrl() + WORKED);
    await page.emulateMedia({ media: 'print' });
    const look = await page.evaluate(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      input: getComputedStyle(document.querySelector('.column-input')).display,
      buttons: Array.from(document.querySelectorAll('button')).filter((b) => getComputedStyle(b).display !== 'none').length,
      table: getComputedStyle(document.getElementById('table-dcg')).display,
    }));
    assert.deepEqual(look, { background: 'rgb(255, 255, 255)', input: 'none', buttons: 0, table: 'table' });
    await screenshot(page, 'page-print.png', { fullPage: true });
    await context.close();
  });
});

describe('keyboard only', () => {
  test('skip link, text entry, preset and export work without a mouse', async () => {
    const { context, page } = await pageFor({ lang: 'en', scheme: 'light' });
    await open(page, fileUrl() + WORKED);
    const focused = () => page.evaluate(() => document.activeElement.id || document.activeElement.className || document.activeElement.tagName);
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'skip-link');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement.id === 'results');
    assert.equal(await page.evaluate(() => location.hash), WORKED, 'the skip link leaves the state in the hash alone');
    // From the top, Tab reaches the text area, and typing recomputes.
    await page.focus('body');
    let steps = 0;
    while ((await focused()) !== 'ranking' && steps++ < 80) await page.keyboard.press('Tab');
    assert.equal(await focused(), 'ranking');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1 0 2');
    const kHeadline = 'NDCG@10 = 2.500 / 3.631 = 0.689';
    await headlineIs(page, kHeadline);
    // Tab on to the preset menu and pick the next preset with the arrow keys.
    steps = 0;
    while ((await focused()) !== 'preset' && steps++ < 40) await page.keyboard.press('Tab');
    assert.equal(await focused(), 'preset');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.getElementById('preset').value === 'trec_eval');
    assert.match(await page.textContent('#preset-match'), /trec_eval/);
    // Every button and field can be reached: none has a negative tabindex or is hidden from the tab order.
    const unreachable = await page.$$eval('button, input, select, textarea, a[href]', (els) => els.filter((el) => el.tabIndex < 0 && !el.closest('[hidden]')).length);
    assert.equal(unreachable, 0);
    await context.close();
  });
});
