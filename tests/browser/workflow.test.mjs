// The engineer's workflow on the full page: typing moves nothing on screen,
// a text of several queries is a choice, a file's error shows its line,
// Back after a drill-down returns to the table as it was, files dropped by
// an example come back with Undo, and a phone shows the result first.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { guard, headlineIs, ONE_OF_EACH, root, screenshot, server, setText, shownText, textOf, useBrowser } from './_helpers.mjs';

useBrowser({ guarded: true });
let dir;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ndcg-workflow-'));
});

after(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A page at `hash`, its first result drawn. */
async function pageAt(hash, options = {}) {
  const page = await guard.context.newPage();
  if (options.viewport) await page.setViewportSize(options.viewport);
  await page.goto(`${server.url('index.html')}${hash}`);
  await page.waitForFunction(() => window.ndcgCalc && document.getElementById('app').getAttribute('aria-busy') === 'false');
  return page;
}

/** Once the page has settled, starts summing every layout shift (those right after input too: the user sees them all). */
const watchShifts = async (page) => page.waitForTimeout(500).then(() => page.evaluate(() => {
  window.__shift = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.__shift += e.value; (window.__why = window.__why || []).push([e.startTime, e.value, e.sources.map((x) => x.node && (x.node.id || x.node.className)).join()]); } }).observe({ type: 'layout-shift' });
}));

const SCORED = '#text=d1%200.9%203%0Ad2%200.5%200%0Ad3%200.1%202&k=10&lang=en';

describe('typing', () => {
  test('a negative number typed key by key moves nothing on the page (cumulative layout shift < 0.01)', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 667 }]) {
      const page = await pageAt(SCORED, { viewport });
      await watchShifts(page);
      await page.focus('#ranking');
      await page.keyboard.press('End');
      // "d4 -" does not read (the "-" alone is no score) until "0.5 1" follows.
      await page.keyboard.type('\nd4 -0.5 1', { delay: 100 });
      // Gains 7, 0, 3, 1 over log2(2..5): DCG 7 + 3/2 + 1/log2(5); the ideal 7, 3, 1: 7 + 3/log2(3) + 1/2.
      await headlineIs(page, 'NDCG@10 = 8.931 / 9.393 = 0.951');
      await page.waitForTimeout(1200);
      const shift = await page.evaluate(() => window.__shift);
      assert.ok(shift < 0.01, `layout shift ${shift} ${JSON.stringify(await page.evaluate(() => window.__why))} at ${viewport.width} px`);
      await page.close();
    }
  });

  test('an error that stays is shown once the typing pauses', async () => {
    const page = await pageAt(SCORED);
    await page.focus('#ranking');
    await page.keyboard.press('End');
    await page.keyboard.type('\nd4 x 1', { delay: 50 });
    // Not while the keys come: the half-typed line may yet read.
    await page.waitForTimeout(400);
    assert.equal(await page.isHidden('#ranking-error'), true);
    await shownText(page, '#ranking-error', /Line 4, column 4/, 5000);
    assert.equal(await page.getAttribute('#ranking', 'aria-invalid'), 'true');
    await page.close();
  });
});

describe('inputs that do not read as one ranking', () => {
  test('a paste of two TREC queries is a choice, not an error: pick one, or evaluate them all', async () => {
    for (const lang of ['en', 'zh']) {
      const page = await pageAt(`#grades=3,2,0,1&k=10&lang=${lang}`);
      // The judgments first: typed after the choice shows, their evaluation (after the typing
      // pause) may redraw the choice as the click lands; once, under load, the pick was lost.
      await setText(page, '#qrels', 'q1 0 d1 1\nq2 0 d1 1\nq2 0 d3 2\n');
      await setText(page, '#ranking', 'q1 Q0 d1 1 3 r\nq1 Q0 d2 2 2 r\nq2 Q0 d1 1 1 r\nq2 Q0 d3 2 0.5 r\n');
      await page.waitForSelector('#ranking-error.choice-box button[data-action="pick-query"][data-query="q2"]');
      const said = await textOf(page, '#ranking-error');
      assert.match(said, lang === 'en' ? /^This text holds 2 queries: which one should be explained\?/ : /^这段文本包含 2 个查询：要解释哪一个？/);
      assert.doesNotMatch(said, /cannot be read|无法读取/);
      // Nothing in red: the box is not marked invalid, no stale result is shown, the results say what to do.
      assert.equal(await page.getAttribute('#ranking', 'aria-invalid'), 'false');
      assert.equal(await page.isHidden('#stale-note'), true);
      assert.equal(await textOf(page, '#results .notice'), said.split(/\?|？/)[0] + (lang === 'en' ? '?' : '？'));
      assert.ok(await page.$('#ranking-error button[data-action="switch-trec"]'));
      await screenshot(page, `workflow-choice-${lang}.png`);
      await page.click('button[data-action="pick-query"][data-query="q2"]');
      // q2: d1 (grade 1) before d3 (grade 2): gains 1, 3 against the ideal 3, 1.
      await headlineIs(page, 'NDCG@10 = 2.893 / 3.631 = 0.797');
      assert.equal(await page.isHidden('#ranking-error'), true);
      await page.close();
    }
  });

  test('an error in a file shows the offending line, as text, with its line and column', async () => {
    const run = join(dir, 'bad.run');
    writeFileSync(run, 'q1 Q0 d1 1 2.5 r\nq1 Q0 d2 2 1.5 r\nq1 Q0 <img/src=x/onerror=alert(1)> 3 x r\n');
    const qrels = join(dir, 'bad.qrels');
    writeFileSync(qrels, 'q1 0 d1 1\n');
    const page = await pageAt('#mode=trec&lang=en');
    await page.setInputFiles('#ranking-file', run);
    await page.setInputFiles('#qrels-file', qrels);
    const said = await shownText(page, '#ranking-error', /Line 3, column 38/);
    assert.match(said, /expected a number, got “x”/);
    assert.equal(await textOf(page, '#ranking-error .error-line mark'), 'x');
    assert.match(await textOf(page, '#ranking-error .error-line'), /^3 \| q1 Q0 <img\/src=x\/onerror=alert\(1\)> 3 x r/);
    assert.equal(await page.$('#ranking-error img'), null);
    // The file's text is not in the box: nothing there to select.
    assert.equal(await page.$('#ranking-error button[data-action="goto-error"]'), null);
    await screenshot(page, 'workflow-file-error.png');
    await page.close();
  });
});

describe('a phone, 375 × 667', () => {
  test('the headline NDCG and Step 1 are on the first screen, with the gain and discount columns', async () => {
    for (const [lang, scheme] of ONE_OF_EACH) {
      const page = await pageAt(`#grades=3,2,0,1,0,0,2,1,0,0&k=10&lang=${lang}`, { viewport: { width: 375, height: 667 } });
      await page.emulateMedia({ colorScheme: scheme });
      const box = (sel) => page.$eval(sel, (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      for (const sel of ['#headline', '#h-dcg']) {
        const r = await box(sel);
        assert.ok(r.top >= 0 && r.bottom <= 667, `${lang}: ${sel} at ${r.top}–${r.bottom}, below the first screen`);
      }
      assert.equal(await textOf(page, '#headline'), 'NDCG@10 = 10.639 / 11.210 = 0.949');
      for (const col of [3, 4]) assert.equal(await page.locator(`#table-dcg thead th:nth-child(${col})`).isVisible(), true);
      assert.equal(await textOf(page, '#row-dcg-2 td:nth-child(4)'), '1.585');
      await screenshot(page, `workflow-phone-${lang}-${scheme}.png`);
      await page.close();
    }
  });
});

describe('a query opened from a table is a history entry', () => {
  const parity = join(root, 'tests/data/trec-parity');
  const files = { run: join(parity, 'set1.run'), qrels: join(parity, 'set1.qrels') };

  /** The rows drawn, the sorted column and the table's scroll. */
  const tableNow = (page, id) => page.evaluate((t) => ({
    first: [...document.querySelectorAll(`#${t}-rows tr[data-qid]`)].slice(0, 3).map((r) => r.dataset.qid),
    sorted: document.querySelector(`#table-${t} th[aria-sort]:not([aria-sort="none"])`)?.textContent + document.querySelector(`#table-${t} th[aria-sort]:not([aria-sort="none"])`)?.getAttribute('aria-sort'),
    top: document.getElementById(`${t}-scroll`).scrollTop,
  }), id);

  test('batch mode: Back after Explain shows the table with its sort and scroll; "All queries" does the same', async () => {
    const page = await pageAt('#mode=trec&lang=en');
    await page.setInputFiles('#ranking-file', files.run);
    await page.setInputFiles('#qrels-file', files.qrels);
    await page.waitForSelector('#trec-rows tr[data-qid]');
    // NDCG, highest first, scrolled some rows down.
    await page.click('#table-trec button[data-sort="ndcg"]');
    await page.$eval('#trec-scroll', (el) => { el.scrollTop = 240; });
    await page.waitForTimeout(200);
    const before = await tableNow(page, 'trec');
    assert.equal(before.sorted, 'ndcgdescending');
    const entries = await page.evaluate(() => history.length);
    const qid = await page.$eval('#trec-rows tr[data-qid]:nth-child(12)', (tr) => tr.dataset.qid);
    for (const way of ['back', 'link']) {
      await page.click(`#trec-rows tr[data-qid="${qid}"] button[data-action="explain-query"]`);
      await page.waitForSelector('#headline');
      assert.equal(await page.evaluate(() => history.length), entries + 1, 'the query is an entry of its own');
      assert.equal(await textOf(page, '.back-bar button'), '← All 50 queries');
      if (way === 'back') await page.goBack();
      else await page.click('.back-bar button');
      await page.waitForSelector('#trec-rows tr[data-qid]');
      await page.waitForFunction((top) => document.getElementById('trec-scroll').scrollTop === top, before.top);
      assert.deepEqual(await tableNow(page, 'trec'), before, way);
      assert.match(await page.evaluate(() => location.hash), /mode=trec/);
    }
    await page.close();
  });

  test('compare mode: Back after Side by side closes it without comparing again; "All queries" does the same', async () => {
    const runB = join(dir, 'b.run');
    writeFileSync(runB, readFileSync(files.run, 'utf8').split('\n').map((l, i) => l.replace(/ (-?[\d.e]+) (\S+)$/, (m, s, tag) => ` ${(Number(s) * 0.5 + (i % 5)).toFixed(2)} ${tag}`)).join('\n'));
    const page = await pageAt('#mode=compare&lang=en');
    await page.setInputFiles('#ranking-file', files.run);
    await page.setInputFiles('#ranking-b-file', runB);
    await page.setInputFiles('#qrels-file', files.qrels);
    await page.waitForSelector('#cmp-rows tr[data-qid]', { timeout: 60000 });
    await page.click('#table-cmp button[data-sort=""]');
    await page.$eval('#cmp-scroll', (el) => { el.scrollTop = 160; });
    await page.waitForTimeout(200);
    const before = await tableNow(page, 'cmp');
    const qid = await page.$eval('#cmp-rows tr[data-qid]:nth-child(8)', (tr) => tr.dataset.qid);
    for (const way of ['back', 'link']) {
      await page.click(`#cmp-rows tr[data-qid="${qid}"] button[data-action="compare-query"]`);
      await page.waitForSelector('#cmp-drill');
      assert.match(await page.evaluate(() => location.hash), new RegExp(`query=${qid}`));
      // Watch for a new comparison: the progress bar would show.
      await page.evaluate(() => { window.__busy = false; new MutationObserver(() => { if (!document.getElementById('batch-progress').hidden) window.__busy = true; }).observe(document.getElementById('batch-progress'), { attributes: true }); });
      if (way === 'back') await page.goBack();
      else await page.click('#cmp-drill .back-bar button');
      await page.waitForFunction(() => !document.getElementById('cmp-drill'));
      await page.waitForFunction((top) => document.getElementById('cmp-scroll').scrollTop === top, before.top);
      assert.deepEqual(await tableNow(page, 'cmp'), before, way);
      assert.equal(await page.evaluate(() => window.__busy), false, 'not compared again');
      assert.doesNotMatch(await page.evaluate(() => location.hash), /query=/);
    }
    await page.close();
  });
});

describe('examples beside loaded files', () => {
  test('batch and compare modes offer only their own examples; one that puts files aside brings them back with Undo', async () => {
    const parity = join(root, 'tests/data/trec-parity');
    const page = await pageAt('#mode=trec&lang=en');
    const shown = () => page.$$eval('.examples .chip', (all) => all.filter((b) => b.offsetParent).map((b) => b.dataset.example || b.id));
    assert.deepEqual(await shown(), ['trec']);
    await page.setInputFiles('#ranking-file', join(parity, 'set1.run'));
    await page.setInputFiles('#qrels-file', join(parity, 'set1.qrels'));
    await page.waitForSelector('#trec-rows tr[data-qid]');
    const means = await textOf(page, '#trec-means');
    await page.click('button[data-example="trec"]');
    await page.waitForFunction(() => !document.getElementById('ranking-source') || document.getElementById('ranking-source').hidden);
    assert.match(await page.inputValue('#ranking'), /Q0/);
    await page.waitForSelector('#undo-drop:not([hidden])');
    await screenshot(page, 'workflow-undo-en.png');
    await page.click('#undo-drop');
    // Both files, their summaries and their result are back; Undo has done its work.
    await shownText(page, '#ranking-source-text', /set1\.run/);
    await shownText(page, '#qrels-source-text', /set1\.qrels/);
    await page.waitForFunction((m) => document.getElementById('trec-means')?.textContent === m, means);
    assert.equal(await page.isHidden('#undo-drop'), true);
    // Back to the worked example (explain mode) puts them aside too, and Undo brings them and the mode back.
    await page.click('button[data-action="reset"]');
    await headlineIs(page, 'NDCG@10 = 10.639 / 11.210 = 0.949');
    assert.ok((await shown()).length > 5, 'explain mode shows every example');
    await page.click('#undo-drop');
    await page.waitForFunction((m) => document.getElementById('trec-means')?.textContent === m, means);
    assert.equal(await page.isChecked('input[name="mode"][value="trec"]'), true);
    await page.check('input[name="mode"][value="compare"]');
    assert.deepEqual(await shown(), []);
    await page.close();
  });
});

describe('compare mode at 1280 px', () => {
  test('11,648 queries: the tables fit without a sideways scroll, in English and Chinese', async () => {
    const N = 11648;
    const files = { qrels: join(dir, 'q.qrels'), a: join(dir, 'run.bm25-default.dev.txt'), b: join(dir, 'run.splade-pp-ed.dev.txt') };
    let seed = 7;
    const rand = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
    const lines = { qrels: [], a: [], b: [] };
    for (let q = 1; q <= N; q++) {
      for (let d = 0; d < 14; d++) {
        lines.qrels.push(`q${q} 0 d${d} ${[0, 0, 1, 2, 3][Math.floor(rand() * 5)]}`);
        lines.a.push(`q${q} Q0 d${d} ${d + 1} ${rand().toFixed(4)} a`);
        lines.b.push(`q${q} Q0 d${d} ${d + 1} ${rand().toFixed(4)} b`);
      }
    }
    for (const k of Object.keys(files)) writeFileSync(files[k], `${lines[k].join('\n')}\n`);
    for (const lang of ['en', 'zh']) {
      const page = await pageAt(`#mode=compare&lang=${lang}&decimals=4`);
      await page.setInputFiles('#ranking-file', files.a);
      await page.setInputFiles('#ranking-b-file', files.b);
      await page.setInputFiles('#qrels-file', files.qrels);
      await page.waitForSelector('#cmp-rows tr[data-qid]', { timeout: 120000 });
      assert.match(await textOf(page, '#h-cmp-stats'), /11,648/);
      const wide = await page.$$eval('.table-scroll', (all) => all.map((b) => [b.querySelector('table').id, b.scrollWidth - b.clientWidth]).filter(([, over]) => over > 0));
      assert.deepEqual(wide, [], `${lang}: tables wider than their box`);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 1280));
      await screenshot(await page.$('#section-cmp-stats'), `workflow-compare-1280-${lang}.png`);
      await page.close();
    }
  });
});
