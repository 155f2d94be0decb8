// Builds dist/examples.html: a sample post (web/examples.html) that embeds
// the calculator both ways, the element and the self-sizing iframe, with
// the same listener the Embed dialog writes, under the strict CSP the
// docs/embedding.md asks a host page for. Called by build-page.mjs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { hashSource, headOf } from './build-page.mjs';

/** The CSP a host page needs: scripts from its own origin, WebAssembly, frames from its own origin. */
export function hostPolicy(inlineScripts, styles) {
  return [
    "default-src 'none'",
    `script-src 'self' 'wasm-unsafe-eval' ${inlineScripts.map(hashSource).join(' ')}`,
    `style-src ${styles.map(hashSource).join(' ')}`,
    "frame-src 'self'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export async function buildExamples({ root, dist }) {
  const web = (name) => join(root, 'web', name);
  const { LISTENER } = await import(pathToFileURL(web('app/full/snippets.js')).href);
  const css = (await transform(readFileSync(web('examples.css'), 'utf8'), { loader: 'css', minify: true })).code.trim();
  const csp = `<meta http-equiv="Content-Security-Policy" content="${hostPolicy([LISTENER], [css])}">`;
  let page = readFileSync(web('examples.html'), 'utf8');
  for (const [marker, text] of [['<!-- @head -->', headOf(csp)], ['<!-- @style -->', `<style>${css}</style>`], ['<!-- @listener -->', `<script>${LISTENER}</script>`]]) {
    if (!page.includes(marker)) throw new Error(`web/examples.html lacks ${marker}`);
    page = page.replace(marker, () => text);
  }
  writeFileSync(join(dist, 'examples.html'), page);
}
