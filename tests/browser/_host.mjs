// Host pages for the embedding tests: a blog-like page whose global rules
// try to restyle everything (`*` with !important colour and size, another
// base font, table rules), under a strict CSP given as a real header.
import { hashSource } from '../../scripts/web/build-page.mjs';

/** Rules a careless blog theme might have. */
export const HOSTILE_CSS = [
  'html { font-size: 24px; }',
  'body { font: 19px/2.1 "DejaVu Serif", Georgia, serif; background: #fffbea; margin: 24px; }',
  '* { color: #b3006b !important; font-size: 21px !important; letter-spacing: 1px !important; }',
  '* { font-family: "DejaVu Serif", serif !important; text-transform: uppercase; line-height: 2.4 !important; }',
  'table { border: 4px dashed #0a0 !important; border-collapse: separate; }',
  'td, th { padding: 14px !important; background: #ff0 !important; text-align: left; }',
  'p, div, section { margin: 2em 0; }',
  'h3 { text-decoration: underline wavy; }',
  'button { background: #000 !important; }',
].join('\n');

/** The iframe snippet's listener, as the README gives it (its hash goes in the CSP). */
export function listenerFrom(snippet) {
  const m = snippet.match(/<script>([\s\S]*?)<\/script>/);
  return m ? m[1] : '';
}

/**
 * A host page: `body` inside a blog layout, `css` in one <style>, `scripts`
 * inline (allowed by hash). Returns {html, csp}: the CSP allows scripts
 * from the page's own origin, 'wasm-unsafe-eval' and frames from it only.
 */
export function hostPage({ body, css = HOSTILE_CSS, scripts = [], head = '', lang = 'en' }) {
  const csp = [
    "default-src 'none'",
    `script-src 'self' 'wasm-unsafe-eval' ${scripts.map(hashSource).join(' ')}`.trim(),
    `style-src ${hashSource(css)}`,
    "frame-src 'self'",
    'img-src data:',
    "base-uri 'none'",
  ].join('; ');
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>A post</title>${head}`
    + `<style>${css}</style></head><body><article><h1>A post about ranking</h1>${body}</article>`
    + `${scripts.map((s) => `<script>${s}</script>`).join('')}</body></html>`;
  return { html, csp };
}

/** Serves `page` ({html, csp}) at `url` in `target` (a page or context), with its CSP as a header. */
export async function routeHost(target, url, page) {
  await target.route(url, (route) => route.fulfill({
    status: 200,
    contentType: 'text/html; charset=utf-8',
    headers: { 'content-security-policy': page.csp },
    body: page.html,
  }));
}
