// Batch mode in the page: the time from files chosen (a run and its qrels)
// to the mean shown, and the longest main-thread task meanwhile, in headless
// Chromium over http; the baseline is evaluateTrec in Node on the same files,
// run in the same command (reading the files included on both sides).
// Usage: npm run bench   (or: node bench/page/batchpage.mjs [--lines N] [--runs R] [--settle MS] [--window-settle MS])
// Each load is in a new context, once the browser is idle after opening its window (bench/page/window.mjs).
// The files are chosen --settle ms (default 1000) after batch mode opens: the page starts and
// warms its worker in that time, as it does while a person picks two files; --settle 300 is
// the figure of earlier reports, when the files came in on the worker's heels.
// Needs dist/ built and python3 (the workload comes from ../shared/data/gen.py,
// or give your own files with --run FILE --qrels FILE).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, nodeApi, root, serveDist } from '../../tests/browser/_helpers.mjs';
import { settledPage, WINDOW_SETTLE } from './window.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const lines = Number(arg('--lines', 1000000));
const runs = Number(arg('--runs', 5));
const settle = Number(arg('--settle', 1000));
const windowSettle = Number(arg('--window-settle', WINDOW_SETTLE));
// As the page asks in batch mode by default: trec_eval's preset and its default set of measures, no
// per-query lines in the text (web/app/shared/state.js, toTrecEvaluation).
const OPTIONS = { perQuery: false, preset: 'trec_eval', complete: false };

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;

function workload(dir) {
  const given = { run: arg('--run', ''), qrels: arg('--qrels', '') };
  if (given.run && given.qrels) return given;
  const files = { run: join(dir, 'big.run'), qrels: join(dir, 'big.qrels') };
  const gen = join(root, '../shared/data/gen.py');
  if (!existsSync(gen)) throw new Error(`no ${gen}: pass --run FILE --qrels FILE`);
  execFileSync('python3', [gen, '--seed', '1000', '--target-lines', String(lines), '--run', files.run, '--qrels', files.qrels]);
  return files;
}

async function nodeTimes(files) {
  const api = await nodeApi();
  const times = [];
  let mean = null;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = api.evaluateTrec(readFileSync(files.qrels, 'utf8'), readFileSync(files.run, 'utf8'), OPTIONS);
    times.push(performance.now() - t0);
    mean = r.mean;
  }
  return { time: median(times), mean };
}

// One page load: choose both files, wait for the means; the time and the longest task in between.
async function pageOnce(browser, url, files) {
  const context = await browser.newContext();
  const page = await settledPage(context, windowSettle);
  await page.addInitScript(() => {
    window.__tasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${url}#lang=en`);
  await page.waitForFunction(() => window.ndcgCalc);
  await page.check('input[name="mode"][value="trec"]');
  await page.waitForTimeout(settle);
  const start = await page.evaluate(() => performance.now());
  await page.setInputFiles('#qrels-file', files.qrels);
  await page.setInputFiles('#ranking-file', files.run);
  await page.waitForFunction(() => document.getElementById('trec-means') && document.getElementById('batch-progress').hidden, null, { timeout: 300000 });
  const r = await page.evaluate((t0) => ({
    time: performance.now() - t0,
    longest: window.__tasks.filter(([at]) => at >= t0).reduce((m, [, d]) => Math.max(m, d), 0),
    map: document.querySelector('#trec-means [data-measure="map"] dd').textContent,
  }), start);
  await context.close();
  return r;
}

const dir = mkdtempSync(join(tmpdir(), 'ndcg-bench-'));
const browser = await launch({ full: true });
const server = await serveDist();
try {
  const files = workload(dir);
  const node = await nodeTimes(files);
  const page = [];
  for (let i = 0; i < runs; i++) page.push(await pageOnce(browser, server.url('index.html'), files));
  const time = median(page.map((p) => p.time));
  const longest = Math.max(...page.map((p) => p.longest));
  console.log(`data: ${lines.toLocaleString('en')}-line run (gen.py --seed 1000) and its qrels; ${runs} runs each; chromium headless over http://127.0.0.1; files chosen ${settle} ms after batch mode opened, in a new window once the browser was idle (at most ${windowSettle} ms)`);
  console.log(`batch page: files chosen → mean shown ${ms(time)} (median); longest main-thread task ${longest ? ms(longest) : 'none over 50 ms'}`);
  console.log(`  vs evaluateTrec in Node, files read included: ${ms(node.time)} → ${(time / node.time).toFixed(2)}x`);
  console.log(`  mean map: page ${page[0].map}, Node ${node.mean.map.toFixed(4)}`);
} finally {
  await server.close();
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
