// The build's compaction of the text tables (scripts/web/texts-plugin.mjs): the
// page's every text, in both languages, is the same with it as without it,
// and a table whose keys differ from en's is kept as it is written.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { build } from 'esbuild';
import { compactTexts, textsPlugin } from '../../scripts/web/texts-plugin.mjs';
import { root } from './helpers.mjs';

async function strings(plugins) {
  const imports = ['web/app/full/texts/', 'web/app/full/teach/'].flatMap((dir) => readdirSync(join(root, dir))
    .filter((f) => f.endsWith('texts.js')).map((f) => `import './${dir}${f}';`));
  const contents = `${imports.join('\n')}\nimport { STRINGS } from './web/app/shared/i18n.js';\n` +
    'globalThis.__texts = JSON.stringify(STRINGS, (k, v) => (typeof v === \'function\' ? String(v) : v));';
  const out = await build({ stdin: { contents, resolveDir: root }, bundle: true, write: false, format: 'iife', plugins });
  new Function(out.outputFiles[0].text)();  // eslint-disable-line no-new-func -- the test runs the bundle it made
  return globalThis.__texts;
}

test('every text of the full page is the same with the compacted tables', async () => {
  const written = await strings([]);
  assert.ok(written.length > 30000);
  assert.equal(await strings([textsPlugin]), written);
});

test('a table whose zh keys differ from en\'s, or that has a number-like key, is kept as written', () => {
  const alike = "const en = { a: 'A', b: { c: 'C' }, d: ['x'] };\nconst zh = { a: '甲', b: { c: '丙' }, d: ['戊'] };\n";
  assert.match(compactTexts(alike), /zhOf\(en, \['甲', '丙', \['戊'\]\]\)/);
  for (const source of ["const en = { a: 'A', b: 'B' };\nconst zh = { b: '乙', a: '甲' };\n",
    "const en = { 1: 'A' };\nconst zh = { 1: '甲' };\n", "const en = { a: X };\nconst zh = { a: Y };\n"]) {
    assert.equal(compactTexts(source), source);
  }
});
