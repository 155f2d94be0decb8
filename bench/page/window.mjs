// A page in a new browser context, as the page benchmarks open one. In full
// Chromium a new context is a new window, and Chromium loads that window's
// own omnibox popup (a chrome:// page, in a renderer of its own) right
// then: 1.1 to 1.4 CPU-s over the next 0.6 to 1 s, both cores busy, on this
// machine. Measured beside our page, it took about half the page's CPU while
// the page started: 586 against 360 ms to the first result
// (docs/benchmarks.md). A person opening a link in a running browser does
// not pay for that window, so the page waits until the browser's processes
// are idle before it is used; the context is still new, with nothing cached.

/** The longest wait for the browser to go idle, in ms (bench scripts take --window-settle MS; 0 does not wait). */
export const WINDOW_SETTLE = 5000;

// Idle: the browser's processes together spent at most IDLE_CPU ms of CPU
// in each of IDLE_SPANS spans of SPAN ms (Chromium counts in 10 ms steps).
const SPAN = 100;
const IDLE_CPU = 15;
const IDLE_SPANS = 3;

/** The CPU seconds all of the browser's processes have spent, from its own count. */
async function browserCpu(cdp) {
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  return processInfo.reduce((sum, p) => sum + p.cpuTime, 0);
}

/** Waits until `browser` is idle (see above), at most `ms`; the ms waited. */
export async function browserIdle(browser, ms = WINDOW_SETTLE) {
  const cdp = await browser.newBrowserCDPSession();
  const start = performance.now();
  try {
    let last = await browserCpu(cdp);
    let idle = 0;
    while (idle < IDLE_SPANS && performance.now() - start < ms) {
      await new Promise((resolve) => setTimeout(resolve, SPAN));
      const now = await browserCpu(cdp);
      idle = (now - last) * 1000 <= IDLE_CPU ? idle + 1 : 0;
      last = now;
    }
  } finally {
    await cdp.detach();
  }
  return performance.now() - start;
}

/** A new page of `context` once the browser has gone idle (at most `ms`; 0: at once). */
export async function settledPage(context, ms = WINDOW_SETTLE) {
  const page = await context.newPage();
  if (ms > 0) await browserIdle(context.browser(), ms);
  return page;
}
