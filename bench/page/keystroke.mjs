// Keystroke to render on the page: the time from a key pressed in the ranking
// box to the moment the results show the new value (the DOM change, then the
// next painted frame), timed inside the page with performance.now(). Also the
// longest main-thread task seen while the page answers. Each figure is printed
// with ratios against baselines run in the same browser in the same command.
// Usage: npm run bench   (or: node bench/page/keystroke.mjs [--runs R] [--grades N])
// Needs dist/ built (NDCG_SKIP_SETUP=1 bash scripts/build).
import { launch, serveDist } from '../../tests/browser/_helpers.mjs';
import { seeded } from '../gen.mjs';
import { setRanking } from './page-input.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg('--runs', 7);
const gradeCount = arg('--grades', 100000);

const WORKED = '3 2 0 1 0 0 2 1 0 0';

/** `count` grades 0..4 from the benchmarks' seeded generator, space-separated. */
function bigRanking(count, seed = 1) {
  const rand = seeded(seed);
  return Array.from({ length: count }, () => Math.floor(rand() * 5)).join(' ');
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

// Installed in the page: a keydown clock, a long-task log and a reader for
// the results' NDCG text that survives a redesigned page (it prefers the
// headline inside #results, then any NDCG line there, then the whole section).
function installProbe() {
  const probe = { keyAt: 0, tasks: [] };
  window.__keystroke = probe;
  window.addEventListener('keydown', () => { probe.keyAt = performance.now(); }, true);
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) probe.tasks.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch { /* no long-task timing in this browser: the figure reads 0 */ }
  probe.text = () => {
    const root = document.querySelector('#results') || document.body;
    const line = root.querySelector('#headline, .headline, [data-headline]');
    if (line) return line.textContent.replace(/\s+/g, ' ').trim();
    const any = (root.innerText || root.textContent).split('\n').find((l) => /NDCG[^=]*=/.test(l));
    return (any || root.textContent).replace(/\s+/g, ' ').trim();
  };
  // Resolves with { dom, paint } (ms after the last keydown) once the text differs from `before`.
  probe.nextChange = (before) => new Promise((resolve) => {
    const root = document.querySelector('#results') || document.body;
    const seen = () => {
      if (probe.text() === before) return false;
      observer.disconnect();
      const dom = performance.now();
      // The frame that shows it: after the next animation frame's paint.
      requestAnimationFrame(() => setTimeout(() => resolve({ dom: dom - probe.keyAt, paint: performance.now() - probe.keyAt }), 0));
      return true;
    };
    const observer = new MutationObserver(seen);
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    seen();
  });
  probe.longestSince = (start) => probe.tasks.filter(([at]) => at >= start).reduce((m, [, d]) => Math.max(m, d), 0);
}

/**
 * Types `key` at the end of `base + ' '` `runs` times, each time from the
 * same settled state; returns the medians and the longest task.
 */
async function measureKeystrokes(page, base, key) {
  const shown = await page.evaluate(() => window.__keystroke.text());
  await setRanking(page, `${base} `);
  const baseText = await waitSettled(page, shown);
  const dom = [];
  const paint = [];
  let longest = 0;
  for (let i = 0; i < runs; i++) {
    const change = page.evaluate((b) => window.__keystroke.nextChange(b), baseText);
    await page.keyboard.press(key);
    const r = await change;
    dom.push(r.dom);
    paint.push(r.paint);
    longest = Math.max(longest, await page.evaluate(() => window.__keystroke.longestSince(window.__keystroke.keyAt)));
    await setRanking(page, `${base} `);
    await page.waitForFunction((b) => window.__keystroke.text() === b, baseText, { timeout: 120000 });
  }
  return { dom: median(dom), paint: median(paint), longest };
}

// The base text is shown once the results stop naming anything else: waits for a change away
// from `shown` unless the base already renders the same value (the worked example).
async function waitSettled(page, shown) {
  const now = await page.evaluate(() => window.__keystroke.text());
  if (now !== shown) return now;
  // Same text: either already current or still pending; a change, if any, comes within the page's delay.
  const changed = await page.waitForFunction((b) => window.__keystroke.text() !== b, shown, { timeout: 3000 }).then(() => true, () => false);
  return changed ? page.evaluate(() => window.__keystroke.text()) : shown;
}

/** The floor: the same keystroke into a bare textarea whose input handler writes its length. */
async function measureEcho(browser) {
  const page = await browser.newPage();
  await page.setContent('<textarea id="ranking"></textarea><section id="results"><p id="headline">0</p></section>');
  await page.evaluate(installProbe);
  await page.evaluate(() => {
    const box = document.querySelector('#ranking');
    box.addEventListener('input', () => { document.querySelector('#headline').textContent = String(box.value.length); });
    box.focus();
  });
  const paint = [];
  for (let i = 0; i < runs; i++) {
    const change = page.evaluate((b) => window.__keystroke.nextChange(b), String(i));
    await page.keyboard.press('4');
    paint.push((await change).paint);
  }
  await page.close();
  return median(paint);
}

/** In the page: a plain JS NDCG over the same text (split, parse, sort, sum), and JSON.stringify of the grades. */
async function measureLoops(page, text) {
  return page.evaluate(([value, count]) => {
    const time = (fn) => {
      const times = [];
      for (let i = 0; i < count; i++) {
        const t0 = performance.now();
        fn();
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
    };
    const dcg = (list) => list.reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
    const grades = value.split(/\s+/).filter(Boolean).map(Number);
    const plain = time(() => {
      const g = value.split(/\s+/).filter(Boolean).map(Number);
      return dcg(g) / dcg([...g].sort((a, b) => b - a));
    });
    const json = time(() => JSON.stringify(grades));
    return { plain, json };
  }, [text, runs]);
}

async function openPage(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(installProbe);
  await page.waitForFunction(() => /NDCG/.test(window.__keystroke.text()), null, { timeout: 60000 });
  return page;
}

function report(name, r, baselines) {
  const ratios = baselines.map(([label, value]) => `${(r.paint / value).toFixed(1)}x ${label} (${ms(value)})`).join('; ');
  console.log(`${name}: ${ms(r.paint)} to paint, ${ms(r.dom)} to the DOM change (median of ${runs}); longest task ${r.longest ? ms(r.longest) : 'none over 50 ms'}`);
  console.log(`  vs ${ratios}`);
}

const browser = await launch({ full: true });
const server = await serveDist();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const echo = await measureEcho(browser);
  const big = bigRanking(gradeCount);
  console.log(`data: the worked example and ${gradeCount.toLocaleString('en')} grades 0..4 (bench/gen.mjs seeded, seed 1); chromium headless, dist/index.html over http://127.0.0.1`);

  const small = await openPage(context, `${server.url()}#grades=3,2,0,1,0,0,2,1,0,0&k=10&lang=en`);
  const worked = await measureKeystrokes(small, WORKED, '3');
  report(`keystroke, worked example + one grade (K = 10)`, worked, [['a bare textarea echo', echo]]);
  await small.close();

  const large = await openPage(context, `${server.url()}#grades=3,2,0,1,0,0,2,1,0,0&k=0&lang=en`);
  const loops = await measureLoops(large, big);
  const heavy = await measureKeystrokes(large, big, '4');
  report(`keystroke, ${gradeCount.toLocaleString('en')} grades + one grade (K = 0, whole list)`, heavy,
    [['a bare textarea echo', echo], ['a plain JS NDCG over the same text', loops.plain], ['JSON.stringify of the grades', loops.json]]);
  await large.close();
  await context.close();
} finally {
  await server.close();
  await browser.close();
}
