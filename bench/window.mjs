// A page in a new browser context, as the page benchmarks open one. In full
// Chromium a new context is a new window, and Chromium loads that window's
// own omnibox popup (a chrome:// page, about 0.5 CPU-s in a renderer of its
// own) in the same second. Measured beside our page on two cores, it took
// about half the page's CPU while the page started: 586 against 360 ms to
// the first result (docs/benchmarks.md). A person opening a link in a
// running browser does not pay for that window, so the page waits for its
// window to settle before it is used; the context is still new, with
// nothing cached.

/** The default wait, in ms (bench scripts take --window-settle MS; 0 times the window's start-up too). */
export const WINDOW_SETTLE = 1500;

/** A new page of `context` once its window has settled for `ms`. */
export async function settledPage(context, ms = WINDOW_SETTLE) {
  const page = await context.newPage();
  if (ms > 0) await page.waitForTimeout(ms);
  return page;
}
