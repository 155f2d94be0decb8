// Export of a large ranking from the page (file://): every format is built
// in the worker and equals `ndcg explain --format F` of the native command
// to the byte (the download and the clipboard), the preview holds only its
// head, and the longest main-thread task from the click to the export shown
// (or copied, for a text small enough to copy with the click) is reported
// (bench/page/export-browser.mjs measures it).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileUrl, guardedContext, launch, pasteInto, rankingCounts, root } from './_helpers.mjs';
import { makeRanking } from '../../bench/gen.mjs';

// Rows whose every format (2.6 to 8.8 MB) is above the page's COPY_LIMIT of
// 2 MB: built in the worker and copied with Copy all. bench/page/export-browser.mjs
// times larger ones; here the size only has to take that path.
const ITEMS = 25000;
// Rows whose CSV (about 0.75 MB) is below the page's COPY_LIMIT: copied with the click.
const SMALL = 5000;
const FORMATS = ['json', 'csv', 'markdown', 'latex'];
const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');

let browser;
let guard;
let dir;
const ranking = makeRanking(ITEMS);
const small = makeRanking(SMALL);

before(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'ndcg-export-test-'));
  writeFileSync(join(dir, 'ranking.txt'), ranking);
  writeFileSync(join(dir, 'small.txt'), small);
});

after(async () => {
  if (guard) await guard.context.close();
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
});

function nativeExport(format, file = 'ranking.txt') {
  return execFileSync(join(root, 'build/native/ndcg'), ['explain', '--k', '0', '--preset', 'document', '--format', format, '-f', join(dir, file)], { maxBuffer: 1 << 30 });
}

// Before the page's scripts: long tasks (start, duration), and a count of the workers made.
function installProbe() {
  window.__tasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  window.__workers = 0;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      window.__workers++;
    }
  };
}

// A long paste and the wait for its count.
async function pasteRanking(page, text) {
  await pasteInto(page, 'ranking', text);
  await rankingCounts(page, text.trimEnd().split('\n').length);
}

/**
 * Clicks `selector` and waits until the status line matches `done`: the
 * status then, and the longest main-thread task that started between the
 * click and that moment (entries arrive late: read 300 ms after).
 */
async function timedClick(page, selector, done) {
  await page.evaluate((source) => {
    const status = document.getElementById('status');
    status.textContent = '';
    window.__done = 0;
    window.__seen = new MutationObserver(() => {
      if (!window.__done && new RegExp(source).test(status.textContent)) window.__done = performance.now();
    });
    window.__seen.observe(status, { childList: true, characterData: true, subtree: true });
    window.__from = performance.now();
  }, done.source);
  await page.click(selector);
  await page.waitForFunction(() => window.__done, null, { timeout: 120000, polling: 50 });
  return page.evaluate(async () => {
    window.__seen.disconnect();
    await new Promise((ok) => setTimeout(ok, 300));
    const during = window.__tasks.filter(([at]) => at >= window.__from && at <= window.__done);
    return { status: document.getElementById('status').textContent, longest: Math.max(0, ...during.map(([, d]) => d)) };
  });
}

async function download(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#export-download')]);
  return Buffer.concat(await (await file.createReadStream()).toArray());
}

const clipboard = async (page) => Buffer.from(await page.evaluate(() => navigator.clipboard.readText()), 'utf8');

/** Exports `format` of the large ranking: the click's status and longest task, then the download and Copy all. */
async function exportLarge(page, format) {
  const click = await timedClick(page, `button[data-action="export"][data-format="${format}"]`, /is ready|refused/);
  const saved = await download(page);
  const copy = await timedClick(page, '#export-copy', /copied|refused/);
  return { click, copy, saved, copied: await clipboard(page) };
}

describe('export of 25,000 rows', () => {
  test('every format in the worker, byte-identical to the native command; the longest main-thread task reported', async (t) => {
    guard = await guardedContext(browser, [fileUrl()], { permissions: ['clipboard-read', 'clipboard-write'] });
    await guard.context.addInitScript(installProbe);
    const page = await guard.context.newPage();
    await page.goto(`${fileUrl()}#k=0&lang=en`);
    await page.waitForFunction(() => window.ndcgCalc);
    // A text below the copy limit is copied with the click.
    await pasteRanking(page, small);
    const csv = await timedClick(page, 'button[data-action="export"][data-format="csv"]', /copied|refused/);
    assert.match(csv.status, /CSV copied to the clipboard/);
    assert.equal(sha(await clipboard(page)), sha(nativeExport('csv', 'small.txt')), 'the clipboard equals ndcg explain --format csv');
    // Wall-clock figures are reported, not asserted (a loaded machine would fail them).
    t.diagnostic(`csv of ${SMALL} rows: longest main-thread task ${csv.longest} ms`);

    await pasteRanking(page, ranking);
    const longest = {};
    for (const format of FORMATS) {
      const want = nativeExport(format);
      const got = await exportLarge(page, format);
      // Too large to copy with the click: ready, and Copy all copies it.
      assert.match(got.click.status, /is ready \(\d+\.\d MB\)/, format);
      assert.match(got.copy.status, /copied to the clipboard/, format);
      assert.equal(sha(got.saved), sha(want), `${format}: the download equals ndcg explain --format ${format}`);
      assert.equal(sha(got.copied), sha(want), `${format}: the clipboard equals ndcg explain --format ${format}`);
      const preview = await page.inputValue('#export-text');
      assert.equal(preview.split('\n').length, 201, `${format}: the preview holds the first 200 lines`);
      assert.ok(want.toString('utf8').startsWith(preview));
      const lines = want.toString('utf8').trimEnd().split('\n').length.toLocaleString('en');
      assert.match(await page.textContent('#export-note'), new RegExp(`first 200 of ${lines} lines`), format);
      longest[format] = got.click.longest;
    }
    // Built in the one worker the page made for it (the batch runner's).
    assert.equal(await page.evaluate(() => window.__workers), 1);
    assert.deepEqual(guard.errors, []);
    assert.deepEqual(guard.blocked, []);
    // The page receives a Blob and 2,000 lines from the worker; what is left
    // on its thread does not grow with the text (bench/page/export-browser.mjs).
    for (const format of FORMATS) t.diagnostic(`${format}: longest main-thread task ${longest[format]} ms`);
  });
});

describe('export without ClipboardItem', () => {
  test('the copy falls back to the text and stays byte-identical', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await context.addInitScript(installProbe);
      // As in a browser without the asynchronous clipboard's items.
      await context.addInitScript(() => { delete window.ClipboardItem; });
      const page = await context.newPage();
      await page.goto(`${fileUrl()}#k=0&lang=en`);
      await page.waitForFunction(() => window.ndcgCalc);
      assert.equal(await page.evaluate(() => typeof ClipboardItem), 'undefined');
      await pasteRanking(page, small);
      await page.bringToFront();  // the clipboard answers a focused page only
      const md = await timedClick(page, 'button[data-action="export"][data-format="markdown"]', /copied|refused/);
      assert.match(md.status, /Markdown copied to the clipboard/);
      assert.equal(sha(await clipboard(page)), sha(nativeExport('markdown', 'small.txt')));
    } finally {
      await context.close();
    }
  });
});
