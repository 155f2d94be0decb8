// Rules about the C++ sources that no compiler can check across units.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(cpp|hpp|h)$/.test(e.name) ? [path] : [];
  });
}

// fast_float's reader reads a specialisation whose table is computed
// (cpp/src/base/powers_of_five.hpp); a second unit that included the reader
// without it would instantiate the stored table under the same name.
test('only numbers.cpp includes fast_float\'s reader, after the header that computes its table', () => {
  const reader = /#include\s*[<"]fast_float\/(fast_float|parse_number|decimal_to_binary|fast_float_all)\.h[>"]/;
  const including = ['cpp', 'tests/cpp', 'fuzz'].flatMap((dir) => sources(join(root, dir)))
    .filter((path) => reader.test(readFileSync(path, 'utf8')))
    .map((path) => relative(root, path));
  assert.deepEqual(including, ['cpp/src/base/numbers.cpp']);
  const text = readFileSync(join(root, 'cpp/src/base/numbers.cpp'), 'utf8');
  const table = text.indexOf('#include "base/powers_of_five.hpp"');
  assert.ok(table >= 0 && table < text.search(reader), 'numbers.cpp includes base/powers_of_five.hpp before fast_float');
});

// A folder a newcomer can take in at a glance: the source folders (the core,
// the package, the page, the build and bench scripts, the fuzz targets) hold
// at most 15 files each; more means a concept wants a folder of its own.
// Test suites and data (tests/, fuzz/corpus/) are lists, not structure.
test('no source folder holds more than 15 files', () => {
  const crowded = [];
  const visit = (dir) => {
    const entries = readdirSync(join(root, dir), { withFileTypes: true });
    const files = entries.filter((e) => e.isFile()).length;
    if (files > 15) crowded.push(`${dir}: ${files} files`);
    for (const e of entries) {
      if (e.isDirectory() && e.name !== 'corpus' && e.name !== '__pycache__') visit(join(dir, e.name));
    }
  };
  for (const dir of ['cpp', 'python', 'web', 'scripts', 'bench', 'fuzz']) visit(dir);
  assert.deepEqual(crowded, []);
});
