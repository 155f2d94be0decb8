// What package.json promises: `main` names a module the build makes, which
// require() loads as the API's factory, and `types` names the checked .d.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './helpers.mjs';

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const require = createRequire(import.meta.url);

test('require() of the path main names gives a working createNdcgModule', async () => {
  const mainPath = join(root, pkg.main);
  assert.ok(existsSync(mainPath), `main names ${pkg.main}, which the build did not make`);
  const createNdcgModule = require(mainPath);
  assert.equal(typeof createNdcgModule, 'function');
  const api = await createNdcgModule();
  assert.equal(api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10 }).ndcg, 0.9490301792919195);
});

test('the package root resolves to main, as require("ndcg-calc") would', () => {
  assert.equal(require.resolve(root), join(root, pkg.main));
});

test('types names the .d.ts that types.test.mjs checks, and it types the default export', () => {
  assert.equal(pkg.types, 'web/ndcg.d.ts');
  assert.match(readFileSync(join(root, pkg.types), 'utf8'), /export default createNdcgModule;/);
});
