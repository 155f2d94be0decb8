// Within a frame: what the page costs the main thread, measured in Chromium
// over http from a local server, each figure beside a bare page timed in the
// same run:
// - the longest main-thread task while typing on the worked example (goal
//   50 ms or less) and on 1,000 grades (goal 100 ms or less), from a trace
//   of the renderer's main thread (every task, not only those over 50 ms),
//   against the same keys typed into a bare textarea;
// - the first result after navigation (goal 500 ms or less): navigation
//   start to the frame that paints the worked example's NDCG, against the same
//   bytes served with their scripts made inert.
// Prints medians of several runs. Needs dist/ built (node scripts/web/build-web.mjs).
// With --against DIR, a second build (another dist/) is measured in the same
// run, the two taking turns run by run: a before and after on a busy machine.
// With --phases, each navigation is traced too and the first result's time
// is split where it went (see phasesOf); tracing costs the page a little,
// so compare those figures with each other, not with untraced runs.
// Each navigation is in a new browser context (nothing cached), once that
// browser has gone idle after opening that context's window (at most
// --window-settle MS, default 5000; see bench/page/window.mjs): 0 measures the
// window's own start-up beside the page.
// Usage: node bench/page/frame.mjs [--runs R] [--grades N] [--cpu X] [--dist DIR] [--against DIR] [--phases] [--window-settle MS]
//   (X: CDP CPU slow-down, default 1)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dist, launch } from '../../tests/browser/_helpers.mjs';
import { serve } from '../../scripts/serve.mjs';
import { seeded } from '../gen.mjs';
import { setRanking } from './page-input.mjs';
import { settledPage, WINDOW_SETTLE } from './window.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg('--runs', 5);
const gradeCount = arg('--grades', 1000);
const cpu = arg('--cpu', 1);
const withPhases = process.argv.includes('--phases');
const windowSettle = arg('--window-settle', WINDOW_SETTLE);

const WORKED = '3 2 0 1 0 0 2 1 0 0';
// Typed at the end of the box: a grade, a space, another, then both taken back.
const KEYS = [' ', '3', ' ', '1', 'Backspace', 'Backspace', 'Backspace', 'Backspace'];
const KEY_GAP = 90; // ms between keys: a quick typist
const SETTLE = 700; // ms after the last key: the page's debounce and its drawing

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

function bigRanking(count, seed = 1) {
  const rand = seeded(seed);
  return Array.from({ length: count }, () => Math.floor(rand() * 5)).join(' ');
}

// The renderer's main thread in a trace: the longest task (a RunTask slice), in ms.
function longestTask(trace) {
  const events = JSON.parse(trace.toString('utf8')).traceEvents;
  const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`));
  let longest = 0;
  for (const e of events) {
    if (e.ph !== 'X' || !main.has(`${e.pid}:${e.tid}`)) continue;
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') longest = Math.max(longest, e.dur / 1000);
  }
  return longest;
}

async function traced(browser, page, work) {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
  await work();
  return longestTask(await browser.stopTracing());
}

async function throttle(page) {
  if (cpu === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}

/** Puts `text` in the ranking box as one input event, caret at the end, and lets the page settle. */
async function setSettled(page, text) {
  await setRanking(page, text);
  await page.waitForTimeout(SETTLE * 2);
}

async function typeKeys(page) {
  for (const key of KEYS) {
    await page.keyboard.press(key);
    await page.waitForTimeout(KEY_GAP);
  }
  await page.waitForTimeout(SETTLE);
}

/** Longest task while typing KEYS at the end of `text`, median over runs. */
async function typing(browser, page, text) {
  await setSettled(page, text);
  const longest = [];
  for (let i = 0; i < runs; i++) longest.push(await traced(browser, page, () => typeKeys(page)));
  return median(longest);
}

async function bareTyping(browser, context, text) {
  const page = await context.newPage();
  await throttle(page);
  await page.setContent('<textarea id="ranking"></textarea><p id="out"></p>');
  await page.evaluate(() => {
    const box = document.querySelector('#ranking');
    box.addEventListener('input', () => { document.querySelector('#out').textContent = String(box.value.length); });
  });
  const figure = await typing(browser, page, text);
  await page.close();
  return figure;
}

// Installed before the page's scripts: when the headline first shows the
// worked example's NDCG, counted at the frame that paints it (the next
// animation frame, then the task after it).
function watchHeadline() {
  const seen = () => {
    const line = document.getElementById('headline');
    if (!line || !/0\.949/.test(line.textContent)) return;
    observer.disconnect();
    performance.mark('headline-text');
    requestAnimationFrame(() => {
      performance.mark('headline-frame');
      setTimeout(() => { window.__shownAt = performance.now(); performance.mark('headline-shown'); }, 0);
    });
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

const PHASES = ['first script', 'scripts end', 'headline text', 'frame start', 'frame end', 'frame layout', 'shown'];

// Where a traced navigation's first result went, in ms since navigation
// start, on the renderer's main thread: its first and last script, the
// headline's text, the task holding the animation frame that paints it (and
// the layout in it), and the timer after that frame.
function phasesOf(trace, shown) {
  const events = JSON.parse(trace.toString('utf8')).traceEvents;
  const mark = (name) => events.find((e) => e.name === name && e.ph !== 'M');
  const last = mark('headline-shown');
  const thread = events.filter((e) => e.ph === 'X' && e.pid === last.pid && e.tid === last.tid);
  const base = last.ts - shown * 1000;
  const at = (ts) => (ts - base) / 1000;
  const scripts = thread.filter((e) => e.name === 'EvaluateScript' && e.ts >= base);
  const frameMark = mark('headline-frame').ts;
  const frame = thread.filter((e) => /RunTask$/.test(e.name) && e.ts <= frameMark && e.ts + e.dur >= frameMark)
    .sort((a, b) => b.dur - a.dur)[0];
  const layout = thread.filter((e) => e.name === 'Layout' && e.ts >= frame.ts && e.ts + e.dur <= frame.ts + frame.dur)
    .reduce((sum, e) => sum + e.dur / 1000, 0);
  return [at(Math.min(...scripts.map((e) => e.ts))), at(Math.max(...scripts.map((e) => e.ts + e.dur))),
    at(mark('headline-text').ts), at(frame.ts), at(frame.ts + frame.dur), layout, shown];
}

// Navigation start to the painted result (or, with `wait` false, to the
// load event); with --phases, {time, phases} from a trace of it.
async function navigateOnce(browser, url, { wait }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(watchHeadline);
  const page = await settledPage(context, windowSettle);
  await throttle(page);
  const tracing = wait && withPhases;
  if (tracing) await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'blink.user_timing'] });
  await page.goto(url, { waitUntil: 'load' });
  if (wait) await page.waitForFunction(() => window.__shownAt, null, { timeout: 60000 });
  const time = await page.evaluate(() => window.__shownAt || performance.getEntriesByType('navigation')[0].loadEventEnd);
  const phases = tracing ? phasesOf(await browser.stopTracing(), time) : null;
  await context.close();
  return tracing ? { time, phases } : time;
}

function line(name, value, goal, bare, bareName) {
  const verdict = value <= goal ? 'meets' : 'MISSES';
  console.log(`${name}: ${ms(value)} (median of ${runs}; goal ${goal} ms: ${verdict}); ${bareName} ${ms(bare)}, ${(value / Math.max(bare, 0.1)).toFixed(1)}x`);
}

// A build to measure: its dist/ served, and a page of it at `hash`.
async function subjectOf(dir, label) {
  const server = await serve(dir, 0);
  return { label, server, url: (hash = '') => `http://127.0.0.1:${server.address().port}/index.html${hash}` };
}

async function openAt(context, subject, hash) {
  const page = await context.newPage();
  await throttle(page);
  await page.goto(subject.url(hash));
  await page.waitForFunction(() => /NDCG/.test(document.getElementById('headline')?.textContent || ''), null, { timeout: 60000 });
  return page;
}

// The figures of each subject, their runs taken in turn so that a busy machine weighs on all alike.
async function measureAll(browser, subjects, bareUrl) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const big = bigRanking(gradeCount);
  const cases = [
    [`longest task typing, worked example (K = 10)`, '#grades=3,2,0,1,0,0,2,1,0,0&k=10&lang=en', WORKED, 50],
    [`longest task typing, ${gradeCount.toLocaleString('en')} grades (K = 10)`, '#grades=3&k=10&lang=en', big, 100],
    [`longest task typing, ${gradeCount.toLocaleString('en')} grades (K = 0, the whole list)`, '#grades=3&k=0&lang=en', big, 100],
  ];
  const figures = subjects.map(() => []);
  for (const [name, hash, text, goal] of cases) {
    const pages = [];
    for (const subject of subjects) {
      const page = await openAt(context, subject, hash);
      await setSettled(page, text);
      pages.push(page);
    }
    const times = subjects.map(() => []);
    for (let i = 0; i < runs; i++) {
      for (let j = 0; j < subjects.length; j++) times[j].push(await traced(browser, pages[j], () => typeKeys(pages[j])));
    }
    for (const page of pages) await page.close();
    const bare = await bareTyping(browser, context, text);
    subjects.forEach((_, j) => figures[j].push([name, median(times[j]), goal, bare, 'bare textarea']));
  }
  await context.close();
  const hash = '#grades=3,2,0,1,0,0,2,1,0,0&k=10&lang=en';
  const times = subjects.map(() => []);
  const phases = subjects.map(() => PHASES.map(() => []));
  const bare = [];
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < subjects.length; j++) {
      const r = await navigateOnce(browser, subjects[j].url(hash), { wait: true });
      times[j].push(withPhases ? r.time : r);
      if (withPhases) r.phases.forEach((v, k) => phases[j][k].push(v));
    }
    bare.push(await navigateOnce(browser, bareUrl, { wait: false }));
  }
  subjects.forEach((_, j) => figures[j].push(['first result after navigation (index.html)', median(times[j]), 500, median(bare), 'same bytes, scripts inert, to load']));
  return { figures, phases };
}

const dirArg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const mainDir = dirArg('--dist', dist);
const againstDir = dirArg('--against', null);
const scratch = mkdtempSync(join(tmpdir(), 'ndcg-frame-'));
// The bare page: index.html's bytes with its scripts made inert, served beside it.
writeFileSync(join(scratch, 'index.html'), readFileSync(join(mainDir, 'index.html'), 'utf8')
  .replace(/<script/g, '<template').replace(/<\/script>/g, '</template>'));
const bareServer = await serve(scratch, 0);
const subjects = [await subjectOf(mainDir, mainDir)];
if (againstDir) subjects.push(await subjectOf(againstDir, againstDir));
const browser = await launch({ full: true });
try {
  console.log(`chromium ${browser.version()}, headless, 1280x900, over http://127.0.0.1; CPU slow-down ${cpu}x; keys ${JSON.stringify(KEYS.join(''))} ${KEY_GAP} ms apart; each navigation in a new window once the browser is idle (at most ${windowSettle} ms)`);
  const { figures, phases } = await measureAll(browser, subjects, `http://127.0.0.1:${bareServer.address().port}/index.html`);
  subjects.forEach((subject, j) => {
    if (subjects.length > 1) console.log(`${subject.label}:`);
    for (const f of figures[j]) line(...f);
    if (withPhases) console.log(`  first result, medians of ${runs} traced loads (ms): ${PHASES.map((name, k) => `${name} ${median(phases[j][k]).toFixed(0)}`).join(', ')}`);
  });
} finally {
  await browser.close();
  for (const s of [bareServer, ...subjects.map((x) => x.server)]) await new Promise((ok) => s.close(ok));
  rmSync(scratch, { recursive: true, force: true });
}
