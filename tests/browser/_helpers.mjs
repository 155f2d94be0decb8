import assert from 'node:assert/strict';
// Shared set-up for the browser suites: Debian's Chromium through
// playwright-core, dist/ served on a loopback port, a guard that fails on any
// request other than the page itself, and axe-core injection.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';

const require = createRequire(import.meta.url);
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = join(root, 'dist');
export const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });

// Screenshots are for a person to look at: taken on a developer's machine,
// left out under CI=true (nobody sees them there, and the suite's ~25
// cost about 20 CPU-s) unless NDCG_SCREENSHOTS=1 asks for them.
const SCREENSHOTS = process.env.NDCG_SCREENSHOTS === '1' || process.env.CI !== 'true';

/**
 * The languages and colour schemes a view is checked in. ONE_OF_EACH: each language once and each
 * scheme once (English light, Chinese dark), since axe's colour rules depend on the scheme and the
 * layout on the language, not on the two together. LOOKS: that, or every pair where screenshots
 * are taken, for the person who looks at them. The main page is checked in every pair always
 * (a11y.test.mjs).
 */
export const ONE_OF_EACH = [['en', 'light'], ['zh', 'dark']];
export const LOOKS = SCREENSHOTS
  ? [['en', 'light'], ['en', 'dark'], ['zh', 'light'], ['zh', 'dark']]
  : ONE_OF_EACH;

/** Saves a screenshot of `target` (a page or an element) as test-results/NAME. */
export async function screenshot(target, name, options = {}) {
  if (SCREENSHOTS) await target.screenshot({ path: join(results, name), ...options });
}

export const fileUrl = (name = 'index.html') => pathToFileURL(join(dist, name)).href;

export const WORKED = '#grades=3,2,0,1,0,0,2,1,0,0&k=10';
/** The worked example with English forced (a preference saved by an earlier test would win otherwise). */
export const WORKED_EN = `${WORKED}&lang=en`;

// Debian's Chromium. The suites run its headless shell (Debian's
// chromium-headless-shell: the same Blink and V8 without the browser's own
// UI layer), which costs about half the CPU per page load here (the browser
// suite: 350 against 715 CPU-s); the benchmarks and the docs' pictures run
// the full browser a reader has. Either falls back to the other; a binary
// named by NDCG_CHROMIUM comes first.
const SHELL = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];
const FULL = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];

/** The Chromium binary to run: the headless shell, or with `full` the browser. */
export function chromiumPath(full = false) {
  const wanted = process.env.NDCG_CHROMIUM ? [process.env.NDCG_CHROMIUM] : [];
  return [...wanted, ...(full ? [...FULL, ...SHELL] : [...SHELL, ...FULL])].find((path) => existsSync(path)) ?? FULL[0];
}

/** Chromium through playwright-core: the headless shell, or with `full` the whole browser; `args` added to its flags. */
export async function launch({ full = false, args = [] } = {}) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(full),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic', ...args],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => recycling(await newContext(options));
  return browser;
}

// A new page costs about 0.8 CPU-s here (a renderer process), four times a
// page load in a page that exists. So a closed page goes back to its
// context, on about:blank, and the context's next newPage is that page.
// A page given state of its own (init scripts, routes, media, viewport)
// is closed for real.
const PAGE_STATE = ['addInitScript', 'route', 'emulateMedia', 'setViewportSize', 'exposeFunction', 'exposeBinding', 'setExtraHTTPHeaders'];

function recycling(context) {
  const pool = [];
  const newPage = context.newPage.bind(context);
  context.newPage = async () => pool.pop() || keepable(await newPage(), pool);
  return context;
}

function keepable(page, pool) {
  let own = false;
  for (const name of PAGE_STATE) {
    const call = page[name].bind(page);
    page[name] = (...args) => { own = true; return call(...args); };
  }
  const close = page.close.bind(page);
  page.close = async (options) => {
    if (own || page.isClosed()) return close(options);
    try {
      await page.goto('about:blank');
    } catch {
      return close(options);
    }
    pool.push(page);
  };
  return page;
}

/** Serves dist/ on 127.0.0.1 at a free port: { url(name), close() }. */
export async function serveDist() {
  const server = await serve(dist, 0);
  const { port } = server.address();
  return {
    url: (name = 'index.html') => `http://127.0.0.1:${port}/${name}`,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

/**
 * The browser a suite's tests share, and dist/ served unless `serve` is false,
 * started before its tests and closed after them; with `guarded`, a guarded
 * context that may load only the served index.html; then `setUp`, the
 * suite's own start that needs them (node runs a file's top-level before
 * hooks side by side, so it cannot be a hook of its own). Read through the
 * live exports below (each test file runs in a process of its own).
 */
export let browser;
export let server;
export let guard;
export function useBrowser({ serve = true, guarded = false } = {}, setUp = async () => {}) {
  before(async () => {
    browser = await launch();
    if (serve) server = await serveDist();
    if (guarded) guard = await guardedContext(browser, [server.url('index.html')]);
    await setUp();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
}

const withoutHash = (url) => url.split('#')[0];

/**
 * A context whose every request is checked: only the page documents in
 * `allowed` (compared without hash) may load; anything else is aborted and
 * recorded. CSP violations reported by the page are recorded too.
 */
export async function guardedContext(browser, allowed, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const requests = [];
  const blocked = [];
  const ok = new Set(allowed.map(withoutHash));
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (ok.has(withoutHash(url))) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  context.on('request', (request) => {
    const url = request.url();
    if (!ok.has(withoutHash(url))) requests.push(url);
  });
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`.slice(0, 200));
    });
  });
  const errors = [];
  context.on('page', (page) => watchPage(page, errors));
  return { context, requests, blocked, errors };
}

/** Records page errors and console errors of a page. */
export function watchPage(page, errors) {
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text().slice(0, 300)}`); });
}

/** Waits until the page has computed its first result. */
export async function ready(page) {
  await page.waitForFunction(() => document.getElementById('app')?.getAttribute('aria-busy') === 'false' && window.ndcgCalc);
}

/** Opens `url` and waits for the first result. */
export async function open(page, url) {
  await page.goto(url);
  await ready(page);
}

/**
 * Pastes `text` into the box `id` as a user would (a paste event carrying it);
 * resolves to dispatchEvent's answer (false when the page took the paste).
 */
export function pasteInto(page, id, text) {
  return page.evaluate(([boxId, value]) => {
    const box = document.getElementById(boxId);
    box.focus();
    box.select();
    const data = new DataTransfer();
    data.setData('text/plain', value);
    return box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, [id, text]);
}

/** Waits until the ranking's status counts `items` items (after a long paste). */
export function rankingCounts(page, items) {
  return page.waitForFunction((want) => document.getElementById('ranking-status').textContent.includes(want),
    `${items.toLocaleString('en')} items`, { timeout: 120000 });
}

/** Replaces a text area's content as typing would (one input event). */
export async function setText(page, selector, text) {
  await page.evaluate(([sel, value]) => {
    const el = document.querySelector(sel);
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, [selector, text]);
}

/** Waits until the headline reads `text` (a string or a RegExp source). */
export async function headlineIs(page, text) {
  await page.waitForFunction((want) => document.getElementById('headline')?.textContent === want, text, { timeout: 30000 });
}

/**
 * Waits until the shown elements matching `selector` read, together, as `pattern`, and returns that
 * text. A box can show one message and then another while a file is read, so its first text proves nothing.
 */
export async function shownText(page, selector, pattern, timeout = 30000) {
  const read = () => page.evaluate((sel) => Array.from(document.querySelectorAll(sel))
    .filter((el) => !el.hidden).map((el) => el.textContent).join(' '), selector);
  const deadline = Date.now() + timeout;
  let text = await read();
  while (!pattern.test(text) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    text = await read();
  }
  assert.match(text, pattern, `what ${selector} showed`);
  return text.trim();
}

export async function textOf(page, selector) {
  return (await page.locator(selector).first().textContent()).trim();
}

/** Rows of a step table as arrays of cell texts. */
export async function tableRows(page, id) {
  return page.evaluate((tableId) => Array.from(document.querySelectorAll(`#${tableId} tbody tr`),
    (tr) => Array.from(tr.cells, (c) => c.textContent)), id);
}

/** The Node build of the module, for expected values. */
export async function nodeApi() {
  const factory = require(join(dist, 'ndcg.js'));
  const made = await factory();
  if (typeof made.explain === 'function') return made;
  const { makeApi } = await import(pathToFileURL(join(root, 'web/api/api.js')).href);
  return makeApi(made, () => factory());
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rules axe runs: WCAG 2.0 and 2.1, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe-core's WCAG 2.0/2.1 A/AA violations on the page, as short strings. */
export async function axeViolations(page) {
  // Once a document: its 0.5 MB is compiled again on every evaluation.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  const found = await page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return r.violations.map((v) => `${v.id}: ${v.help} [${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}]`);
  }, AXE_TAGS);
  return found;
}
