// Start-up and export of the Node module, each as a ratio against a
// baseline timed in the same command (median of runs):
// - require('dist/ndcg.js') to the first explain() result, in a fresh Node
//   process, against a fresh Node process that does nothing;
// - the JSON export of 100,000 rows (render('json') of a kept analysis)
//   against JSON.stringify of the same rows;
// - in headless Chromium, navigation of index.html and embed.html (file://)
//   to the worked example's NDCG in the page (a fresh context each run, its
//   navigated once the browser is idle again: bench/page/window.mjs),
//   against a page of the same size with no script (the floor: reading it).
// Usage: node bench/page/startup.mjs [--runs R] [--dist DIR] [--module FILE] [--window-settle MS]   (DIR holds ndcg.js, index.html, embed.html)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch } from '../../tests/browser/_helpers.mjs';
import { median, medianMs, option } from '../whole-run.mjs';
import { settledPage, WINDOW_SETTLE } from './window.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const runs = Number(option('--runs', 5));
const distDir = resolve(option('--dist', join(root, 'dist')));
const windowSettle = Number(option('--window-settle', WINDOW_SETTLE));
const modulePath = resolve(option('--module', join(distDir, 'ndcg.js')));

function timeProcess(script) {
  return medianMs(() => {
    const r = spawnSync(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`node -e failed: ${script}`);
  }, runs);
}

const timeCall = (fn) => medianMs(fn, runs);

const first = `require(${JSON.stringify(modulePath)})().then((a) => { if (!(a.explain('3 2 0 1 0 0 2 1 0 0', { k: 10 }).ndcg > 0.949)) process.exit(1); })`;
const empty = timeProcess('');
const start = timeProcess(first);
console.log(`start-up, require to first explain vs an empty node process: ${(start / empty).toFixed(2)}x  (${start.toFixed(1)} ms vs ${empty.toFixed(1)} ms; ${start - empty > 0 ? (start - empty).toFixed(1) : 0} ms of our own)`);

const api = await createRequire(import.meta.url)(modulePath)();
const grades = Array.from({ length: 100000 }, (_, i) => (i * 7919) % 5);
const analysis = api.analyse(grades, { k: 0 });
const rows = analysis.explanation.steps;
const exported = timeCall(() => analysis.render('json'));
const stringify = timeCall(() => JSON.stringify(rows));
console.log(`JSON export of 100,000 rows vs JSON.stringify of the same rows: ${(exported / stringify).toFixed(2)}x  (${exported.toFixed(1)} ms vs ${stringify.toFixed(1)} ms, both tables in the export)`);

// Installed before the page's scripts: the time (since navigation began) at which
// an element with id "headline" first reads the worked example's NDCG.
function watchHeadline() {
  const seen = () => {
    const line = document.getElementById('headline');
    if (!line || !/0\.949/.test(line.textContent)) return;
    window.__shownAt = performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

async function timePage(browser, url, { wait = true } = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    await context.addInitScript(watchHeadline);
    const page = await settledPage(context, windowSettle);
    await page.goto(url, { waitUntil: 'load' });
    if (wait) await page.waitForFunction(() => window.__shownAt, null, { timeout: 60000 });
    times.push(await page.evaluate(() => window.__shownAt || performance.getEntriesByType('navigation')[0].loadEventEnd));
    await context.close();
  }
  return median(times);
}

const browser = await launch({ full: true });
const scratch = mkdtempSync(join(tmpdir(), 'ndcg-startup-'));
try {
  const worked = '#grades=3,2,0,1,0,0,2,1,0,0&k=10&lang=en';
  for (const name of ['index.html', 'embed.html']) {
    const file = join(distDir, name);
    // The floor: the same bytes as an inert page (scripts and styles made text), to the load event.
    const inert = join(scratch, name);
    writeFileSync(inert, readFileSync(file, 'utf8').replace(/<script/g, '<template').replace(/<\/script>/g, '</template>'));
    const floor = await timePage(browser, pathToFileURL(inert).href, { wait: false });
    const shown = await timePage(browser, pathToFileURL(file).href + worked);
    console.log(`start-up, ${name} (file://) navigation to the worked example's NDCG shown: ${shown.toFixed(0)} ms (median of ${runs}, each once the browser was idle, at most ${windowSettle} ms) vs loading the same bytes without scripts ${floor.toFixed(0)} ms: ${(shown / floor).toFixed(1)}x`);
  }
} finally {
  await browser.close();
  rmSync(scratch, { recursive: true, force: true });
}
