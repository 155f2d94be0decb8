// The Embed dialog's snippets (web/app/full/snippets.js) against the hash codec
// and docs/embedding.md: attributes for the options a link would carry, texts that
// cannot sit in a child script go in an attribute, every value escaped, and
// its iframe listener is the one the dialog writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createNdcgModule, root } from './helpers.mjs';
import { applyPreset, defaultState, specOf } from '../../web/app/shared/state.js';
import { readParts } from '../../web/app/shared/parts.js';
import { LISTENER, elementSnippet, embedHash, iframeSnippet } from '../../web/app/full/snippets.js';

const api = await createNdcgModule();
const spec = specOf(api);
const base = defaultState(spec);
const scriptUrl = 'https://example.org/ndcg-calc.js';

test('the worked example: grades and k as attributes, default parts left out', () => {
  assert.equal(elementSnippet(spec, base, { scriptUrl, lang: 'en', parts: readParts('') }),
    '<script src="https://example.org/ndcg-calc.js"></script>\n<ndcg-calc grades="3,2,0,1,0,0,2,1,0,0" k="10" lang="en"></ndcg-calc>');
});

test('options that differ from the preset become kebab-case attributes; theme and parts follow', () => {
  const state = { ...applyPreset(spec, base, 'sklearn'), logBase: 10, zeroIdcg: 'one' };
  const out = elementSnippet(spec, state, { scriptUrl, lang: 'zh', theme: 'dark', parts: readParts('headline charts') });
  assert.match(out, /<ndcg-calc grades="[^"]+" k="10" preset="sklearn" log-base="10" zero-idcg="one" lang="zh" theme="dark" parts="headline charts">/);
  assert.equal(embedHash(spec, state, { lang: 'zh', theme: 'dark', parts: readParts('headline charts') }),
    'grades=3,2,0,1,0,0,2,1,0,0&k=10&preset=sklearn&logBase=10&zeroIdcg=one&lang=zh&theme=dark&parts=headline,charts');
});

test('other texts go in child scripts; a text that would end the script goes in an escaped attribute', () => {
  const lines = { ...base, text: 'a 0.9 2\nb 0.5 0', qrels: 'q 0 a 2' };
  const out = elementSnippet(spec, lines, { scriptUrl });
  assert.match(out, /<script type="text\/plain">\na 0\.9 2\nb 0\.5 0\n  <\/script>/);
  assert.match(out, /<script type="text\/plain" data-qrels>\nq 0 a 2\n  <\/script>/);
  const hostile = { ...base, text: 'x "1" </script><img src=x onerror=alert(1)> 2' };
  const attr = elementSnippet(spec, hostile, { scriptUrl });
  assert.match(attr, /text="x &quot;1&quot; &lt;\/script&gt;&lt;img src=x onerror=alert\(1\)&gt; 2"/);
  assert.equal(attr.split('</script>').length, 2, 'only the loader script closes');
});

test('the iframe snippet points at embed.html with the hash and carries the listener', () => {
  const out = iframeSnippet(spec, base, { pageUrl: 'https://example.org/embed.html', title: 'NDCG "x"', parts: readParts('headline') });
  assert.match(out, /^<iframe src="https:\/\/example\.org\/embed\.html#grades=3,2,0,1,0,0,2,1,0,0&amp;k=10&amp;parts=headline" title="NDCG &quot;x&quot;"/);
  assert.ok(out.endsWith(`<script>\n${LISTENER}\n</script>`));
});

test('docs/embedding.md gives the same listener and the CSP source WebAssembly needs', () => {
  const readme = readFileSync(join(root, 'docs', 'embedding.md'), 'utf8');
  assert.ok(readme.includes(`<script>\n${LISTENER}\n</script>`), 'docs/embedding.md\'s iframe snippet differs from the dialog\'s');
  assert.match(readme, /Content-Security-Policy: [^\n]*script-src [^\n]*'wasm-unsafe-eval'/);
});
