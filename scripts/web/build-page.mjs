// Builds the pages from web/: dist/index.html and dist/embed.html with the
// module, the app bundle (packed) and the stylesheet inlined (no other file,
// no network), each under a Content-Security-Policy whose script and style
// hashes are computed here; and dist/ndcg-calc.js, the web component with
// the module in one classic script. Called by build-web.mjs.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'esbuild';
import { buildExamples } from './build-examples.mjs';
import { joinStrings, splitStrings } from './app-strings.mjs';
import { TEXT_LZMA_PARAMS } from './pack.mjs';

/** The CSP source expression for an inline element's exact text. */
export function hashSource(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The policy for a page with these inline scripts and styles. */
export function policyFor(scripts, styles) {
  return [
    "default-src 'none'",
    `script-src ${scripts.map(hashSource).join(' ')} 'wasm-unsafe-eval'`,
    `style-src ${styles.map(hashSource).join(' ')}`,
    'img-src data:',
    // The batch worker is made from the page's own module text (web/app/full/batch/runner.js).
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

// Text inside <script> ends at the first "</script"; "<!--" can also
// change how the rest is parsed. Neither may appear in what we inline.
function checkInlineScript(name, text) {
  if (/<\/script/i.test(text) || text.includes('<!--')) {
    throw new Error(`${name} contains "</script" or "<!--" and cannot be inlined safely`);
  }
}

function checkInlineStyle(text) {
  if (/<\/style/i.test(text)) throw new Error('a stylesheet contains "</style"');
}

// The toggle's dark rule (any spacing and line ends between its selectors).
const DARK_RULE = /:root\[data-theme="dark"\],\s*:host\(\[theme="dark"\]\)\s*\{/;

/**
 * styles.css with its dark palette, written once for the toggle's choice,
 * also given to the system's: the same declarations before it under
 * prefers-color-scheme (one rule cannot join a media query and a selector).
 */
export function withSystemDark(css) {
  const rule = DARK_RULE.exec(css);
  const end = rule ? css.indexOf('}', rule.index) : -1;
  if (end < 0) throw new Error('styles.css has no dark palette rule (:root[data-theme="dark"], :host([theme="dark"]) { ... })');
  const at = rule.index;
  const declarations = css.slice(at + rule[0].length, end);
  const system = `@media (prefers-color-scheme: dark) {\n:root:not([data-theme="light"]),\n:host(:not([theme="light"])) {${declarations}}\n}\n`;
  return css.slice(0, at) + system + css.slice(at);
}

// web/styles.css, minified: the element's. The pages put the frame
// (web/styles-frame.css) before it; the full page adds web/styles-page.css
// and web/styles-teach.css (the guided walk, guessing first, the tips).
async function stylesheets(web) {
  const minify = async (text) => (await transform(text, { loader: 'css', minify: true })).code.trim();
  const minified = (name) => minify(readFileSync(web(name), 'utf8'));
  const css = await minify(withSystemDark(readFileSync(web('styles.css'), 'utf8')));
  const embed = `${await minified('styles-frame.css')}${css}`;
  const full = `${embed}${await minified('styles-page.css')}${await minified('styles-teach.css')}`;
  for (const text of [css, embed, full]) checkInlineStyle(text);
  return { css, embed, full };
}

/** What every page's head starts with: its character set, its policy, the viewport (the @head marker). */
export const headOf = (csp) => `<meta charset="utf-8">\n${csp}\n<meta name="viewport" content="width=device-width, initial-scale=1">`;

/**
 * Fills a template's @head, @style and @scripts markers. `started` are the
 * scripts that an inline one starts at run time (the unpacked app): the
 * policy allows them by hash like the inline ones.
 */
export function assemble(template, { css, scripts, started = [] }) {
  for (const marker of ['<!-- @head -->', '<!-- @style -->', '<!-- @scripts -->']) {
    if (!template.includes(marker)) throw new Error(`page template lacks ${marker}`);
  }
  const csp = `<meta http-equiv="Content-Security-Policy" content="${policyFor([...scripts, ...started], [css])}">`;
  // The first script is the module; the batch worker reads its text by this id.
  const tags = scripts.map((text, i) => `<script${i === 0 ? ' id="ndcg-module"' : ''}>${text}</script>`).join('\n');
  // Function replacements: the texts contain "$" sequences that a
  // replacement string would interpret.
  return template
    .replace('<!-- @head -->', () => headOf(csp))
    .replace('<!-- @style -->', () => `<style>${css}</style>`)
    .replace('<!-- @scripts -->', () => tags);
}

/**
 * The page's app carried packed by LZMA (about 10% less than gzip reaches
 * on the served file), its strings set before its code (app-strings.mjs),
 * and the inline script that unpacks it with the module's decoder, puts
 * the strings back and starts it as an inline script, which the policy
 * allows by the hash of `started`: no eval, no blob: script. Where that
 * fails (no WebAssembly, or a policy without 'wasm-unsafe-eval'), the app
 * cannot say so itself, so this script does, in both languages.
 */
function packedApp(app, packed) {
  const split = splitStrings(app);
  const text = JSON.stringify(packed(Buffer.from(split, 'utf8'), 'the app', TEXT_LZMA_PARAMS).toString('base64'));
  const loader = '(function(){var s=document.createElement("script");' +
    `try{s.textContent=(${joinStrings})(createNdcgModule.unpackText(${text}))}catch(e){` +
    's=document.createElement("p");s.setAttribute("role","alert");s.className="status-line";' +
    `s.textContent=${JSON.stringify(UNPACK_FAILED)}+(e&&e.message||e);document.body.prepend(s);return}` +
    'document.body.appendChild(s)})();';
  return { loader, started: joinStrings(split) };
}
const UNPACK_FAILED = 'The calculator could not start (计算器无法启动): ';

/** The scripts a built page starts at run time (see packedApp), unpacked by `unlzma` (web/api/unpack.js). */
export function startedScripts(html, unlzma) {
  return [...html.matchAll(/unpackText\("([A-Za-z0-9+/=]+)"\)/g)].map((m) => joinStrings(new TextDecoder().decode(unlzma(Buffer.from(m[1], 'base64')))));
}

// The element's own light module, unless the page already defines
// createNdcgModule (dist/ndcg.js or dist/ndcg-light.js by a script tag):
// then the element uses that one and its own copy is never instantiated.
function elementModule(light) {
  return `var createNdcgModule = typeof createNdcgModule === 'function' ? createNdcgModule : (function () {\n${light}\nreturn createNdcgModule;\n})();`;
}

export async function buildPage({ root, dist, bundle, modules, assertNoEval, packed }) {
  const web = (name) => join(root, 'web', name);
  const { css, embed, full } = await stylesheets(web);

  checkInlineScript('dist/ndcg.js', modules.full);
  checkInlineScript('dist/ndcg-light.js', modules.light);
  // The full page evaluates batches; the embed page shows one ranking, with
  // its own entry that leaves out the full page's modes, dialogs and texts.
  const pages = [['index.html', modules.full, 'web/app/full/main.js', full], ['embed.html', modules.light, 'web/app/embed/embed-page.js', embed]];
  for (const [name, module, entry, style] of pages) {
    const app = await bundle(entry, { charset: 'utf8' });
    assertNoEval(`the ${name} bundle`, app);
    checkInlineScript(`the ${name} bundle`, app);
    const { loader, started } = packedApp(app, packed);
    assertNoEval(`the ${name} app as started`, started);
    const page = assemble(readFileSync(web(name), 'utf8'), { css: style, scripts: [module, loader], started: [started] });
    writeFileSync(join(dist, name), page);
  }

  const component = await bundle('web/component/ndcg-calc.js');
  assertNoEval('the component bundle', component);
  writeFileSync(join(dist, 'ndcg-calc.js'), `${elementModule(modules.light)}\nvar __NDCG_CALC_CSS__ = ${JSON.stringify(css)};\n${component}`);
  await buildExamples({ root, dist });
}
