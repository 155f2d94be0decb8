// Export of a large ranking from the page's export controls, in headless
// Chromium over file://: for each format, the time from the click to the
// text shown (preview) and ready (or copied, below the page's copy limit),
// the longest main-thread task meanwhile (long-task timing) and the longest
// gap between animation frames, against JSON.stringify of the same rows in
// the same page; then the same for Copy all, which writes the whole text to
// the clipboard. The copied text is compared with `ndcg explain --format F`
// of the native build.
// Usage: node bench/page/export-browser.mjs [--items N] [--runs R] [--page dist/index.html]
// Needs dist/ built (NDCG_SKIP_SETUP=1 bash scripts/build); build/native/ndcg for the comparison.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, pasteInto, rankingCounts, root } from '../../tests/browser/_helpers.mjs';
import { makeRanking } from '../gen.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const items = Number(arg('--items', 100000));
const runs = Number(arg('--runs', 3));
const pagePath = resolve(arg('--page', join(root, 'dist/index.html')));
const FORMATS = ['json', 'csv', 'markdown', 'latex'];

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const sha = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const ms = (x) => `${x.toFixed(0)} ms`;

// Installed before the page's scripts: long tasks, and a frame-gap monitor.
function installProbe() {
  const probe = { tasks: [], gaps: [], last: 0 };
  window.__exportProbe = probe;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) probe.tasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  const frame = (now) => {
    if (probe.last) probe.gaps.push([probe.last, now - probe.last]);
    probe.last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  probe.longest = (list, from, to) => list.filter(([at]) => at >= from && at <= to).reduce((m, [, d]) => Math.max(m, d), 0);
}

/** JSON.stringify of the explanation's rows (both tables), in the page: median ms. */
async function stringifyTime(page, text) {
  return page.evaluate(([value, count]) => {
    const e = window.ndcgCalc.api.explain(value, { k: 0, preset: 'document' });
    const rows = { steps: e.steps, idealSteps: e.idealSteps };
    const times = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      JSON.stringify(rows);
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  }, [text, runs]);
}

/**
 * One click on `selector`: ms to the preview shown, ms to the status that
 * ends it (ready, copied or refused, not that it is working), the longest
 * task and frame gap meanwhile.
 */
function clickOnce(page, selector) {
  return page.evaluate(async (s) => {
    const probe = window.__exportProbe;
    const preview = document.getElementById('export-preview');
    const status = document.getElementById('status');
    if (s.includes('data-format')) preview.hidden = true;
    status.textContent = '';
    await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 50)));
    const t0 = performance.now();
    let shown = 0;
    const seen = new MutationObserver(() => { if (!preview.hidden && !shown) shown = performance.now(); });
    seen.observe(preview, { attributes: true });
    document.querySelector(s).click();
    while (!/ready|copied|refused/.test(status.textContent)) await new Promise((ok) => setTimeout(ok, 10));
    const done = performance.now();
    seen.disconnect();
    // Let the last frames and long-task entries arrive.
    await new Promise((ok) => setTimeout(ok, 300));
    return { shown: (shown || done) - t0, total: done - t0, task: probe.longest(probe.tasks, t0, done), gap: probe.longest(probe.gaps, t0, done), status: status.textContent };
  }, selector);
}

/** The export of `format`, then Copy all when the click did not copy it: both timings and the copied text. */
async function exportOnce(page, format) {
  const click = await clickOnce(page, `button[data-action="export"][data-format="${format}"]`);
  const copy = /copied to the clipboard/.test(click.status) ? null : await clickOnce(page, '#export-copy');
  return { click, copy, copied: await page.evaluate(() => navigator.clipboard.readText()) };
}

const worst = (list, key) => ms(Math.max(...list.map((r) => r[key])));

/** `ndcg explain --format F` of the native build on the same text: sha256 per format, or null. */
function nativeHashes(text) {
  const ndcg = join(root, 'build/native/ndcg');
  if (!existsSync(ndcg)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'ndcg-export-'));
  try {
    writeFileSync(join(dir, 'ranking.txt'), text);
    return Object.fromEntries(FORMATS.map((f) => [f, sha(execFileSync(ndcg, ['explain', '--k', '0', '--preset', 'document', '--format', f, '-f', join(dir, 'ranking.txt')], { maxBuffer: 1 << 30 }).toString('utf8'))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(browser, text, expected) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.addInitScript(installProbe);
  const page = await context.newPage();
  await page.goto(`${pathToFileURL(pagePath).href}#k=0&lang=en`);
  await page.waitForFunction(() => window.ndcgCalc);
  await pasteInto(page, 'ranking', text);
  await rankingCounts(page, items);
  const stringify = await stringifyTime(page, text);
  console.log(`JSON.stringify of the same rows in the page: ${ms(stringify)} (median of ${runs})`);
  for (const format of FORMATS) {
    const got = [];
    for (let i = 0; i < runs; i++) got.push(await exportOnce(page, format));
    const same = expected ? (got.every((g) => sha(g.copied) === expected[format]) ? 'identical' : 'DIFFERENT') : 'not compared (no build/native/ndcg)';
    const clicks = got.map((g) => g.click);
    const total = median(clicks.map((c) => c.total));
    console.log(`export ${format.padEnd(8)} ${ms(median(clicks.map((c) => c.shown)))} to the preview, ${ms(total)} to "${clicks[0].status.replace(/ \(.*/, '')}" (median of ${runs}); `
      + `longest task ${worst(clicks, 'task')}, longest frame gap ${worst(clicks, 'gap')}; `
      + `${(total / stringify).toFixed(1)}x JSON.stringify; ${(got[0].copied.length / 1e6).toFixed(1)} M chars, vs ndcg explain: ${same}`);
    const copies = got.map((g) => g.copy).filter(Boolean);
    if (copies.length) {
      console.log(`  copy all ${format.padEnd(8)} ${ms(median(copies.map((c) => c.total)))} to copied; longest task ${worst(copies, 'task')}, longest frame gap ${worst(copies, 'gap')}`);
    }
  }
  await context.close();
}

const text = makeRanking(items);
const expected = nativeHashes(text);
const browser = await launch({ full: true });
try {
  console.log(`data: ${items.toLocaleString('en')} lines "id score grade" (bench/gen.mjs makeRanking, seed 1), K = 0; ${pagePath} over file://, chromium headless`);
  await measure(browser, text, expected);
} finally {
  await browser.close();
}
