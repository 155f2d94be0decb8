// The stylesheet of every <ndcg-calc> shadow root: the page's own styles.css,
// given to dist/ndcg-calc.js by the build (__NDCG_CALC_CSS__) or read from
// the page's <style> when the page itself shows the element. The rules
// that keep the host page out live in styles.css under "<ndcg-calc>".
import { h } from '../app/shared/templates.js';

/* global __NDCG_CALC_CSS__ */
let sheet = null;
let text = null;

// 1rem is the host page's root font size, which the host may set to anything:
// inside the element a rem is the 16 px the page is designed for.
const REM = 16;

/** styles.css made independent of the host's root font size. */
export function isolatedCss(css) {
  return css.replace(/(\d*\.?\d+)rem\b/g, (m, n) => `${Number((Number(n) * REM).toFixed(3))}px`);
}

function sourceCss() {
  if (typeof __NDCG_CALC_CSS__ === 'string') return __NDCG_CALC_CSS__;
  const own = typeof document !== 'undefined' ? document.querySelector('head > style') : null;
  return own ? own.textContent : '';
}

/** Gives `root` the component's styles, shared by every instance. */
export function adoptStyles(root) {
  if (text === null) text = isolatedCss(sourceCss());
  if (!text) return;
  try {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
    }
    root.adoptedStyleSheets = [sheet];
  } catch {
    // Browsers without constructable stylesheets: a <style> element.
    root.appendChild(h('style', null, text));
  }
}
