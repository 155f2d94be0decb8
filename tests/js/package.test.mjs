// What package.json promises, tried as a user would: `npm pack`, the tarball
// installed offline into a fresh project, then require() and import of the
// Node API, the element's path, and strict TypeScript over both module
// systems. Prints the package's size.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, parity, root } from './helpers.mjs';
import { runProcess } from './spawn.mjs';

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const require = createRequire(import.meta.url);
const NDCG = '0.9490301792919195';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args, cwd) {
  const r = runProcess(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.error) throw r.error;
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

let dir = '';
let packed = null;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'ndcg-pack-'));
  [packed] = JSON.parse(run(npm, ['pack', '--json', '--pack-destination', dir], root));
  const project = join(dir, 'project');
  run('mkdir', ['-p', project], dir);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  run(npm, ['install', '--offline', '--no-audit', '--no-fund', join(dir, packed.filename)], project);
});

after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const project = () => join(dir, 'project');

test('the tarball holds only what users need: the module, the element, embed.html, the types and the command', () => {
  const files = packed.files.map((f) => f.path).sort();
  assert.deepEqual(files, [...pkg.files, 'package.json', 'README.md'].sort());
  const size = statSync(join(dir, packed.filename)).size;
  console.log(`npm package: ${packed.filename}: ${size} bytes packed, ${packed.unpackedSize} bytes unpacked, ${files.length} files`);
  // The fuzz corpora, scripts and sources stay out; the whole is a fraction of a megabyte per file shipped.
  assert.ok(size < 1.5 * 1024 * 1024, `package is ${size} bytes`);
});

test('require("ndcg-calc") gives the factory, in a project that installed the tarball offline', () => {
  const out = run(process.execPath, ['-e', `
    const create = require('ndcg-calc');
    create().then((api) => console.log(typeof create.NdcgError, create.createNdcgModule === create, api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10 }).ndcg));`], project());
  assert.equal(out.trim(), `function true ${NDCG}`);
});

test('import of ndcg-calc gives the same factory as the default and as named exports', () => {
  writeFileSync(join(project(), 'use.mjs'), `
    import create, { createNdcgModule, NdcgError } from 'ndcg-calc';
    import { createRequire } from 'node:module';
    const api = await createNdcgModule();
    let code = '';
    try { api.explain('3 x'); } catch (e) { code = e instanceof NdcgError ? e.code : 'not an NdcgError'; }
    console.log(create === createRequire(import.meta.url)('ndcg-calc'), code, api.explain([3, 2, 0, 1, 0, 0, 2, 1, 0, 0], { k: 10 }).ndcg);`);
  assert.equal(run(process.execPath, ['use.mjs'], project()).trim(), `true not-a-number ${NDCG}`);
});

test('ndcg-calc/element and ndcg-calc/embed.html resolve to the built files; no native code is shipped', () => {
  const local = createRequire(join(project(), 'index.js'));
  assert.match(local.resolve('ndcg-calc/element'), /node_modules[/\\]ndcg-calc[/\\]dist[/\\]ndcg-calc\.js$/);
  assert.match(readFileSync(local.resolve('ndcg-calc/element'), 'utf8'), /customElements\.define\(["']ndcg-calc["']/);
  assert.ok(existsSync(local.resolve('ndcg-calc/embed.html')));
  assert.equal(existsSync(join(project(), 'node_modules', 'ndcg-calc', 'build')), false);
});

test('npx ndcg-calc trec, explain, compare and presets in the fresh project print what the native command prints', () => {
  const qrels = parity('set1.qrels'), runFile = parity('set1.run');
  const commands = [
    ['trec', '-q', '--digits', '17', '-m', 'ndcg_cut.10', '-m', 'map', qrels, runFile],
    ['trec', qrels, runFile],
    ['explain', '--k', '10', '3', '2', '0', '1', '0', '0', '2', '1', '0', '0'],
    ['compare', '-m', 'map', '--trials', '200', qrels, runFile, runFile],
    ['presets'],
  ];
  for (const args of commands) {
    const viaNpx = run(npm, ['exec', '--offline', '--no', '--', 'ndcg-calc', ...args], project());
    assert.equal(viaNpx, cli(args).stdout, `npx ndcg-calc ${args.join(' ')}`);
  }
  // The package's second name for the same command, as installed in node_modules/.bin.
  assert.equal(run(join(project(), 'node_modules', '.bin', 'ndcg'), ['presets'], project()), cli(['presets']).stdout);
  const bad = runProcess(join(project(), 'node_modules', '.bin', 'ndcg-calc'), ['explain', '3', 'x'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.equal(bad.stderr, 'ndcg explain: <arguments>:1:3: expected a grade (a number), got "x"\n');
});

test('docs/node.md gives the tarball size npm pack reports', () => {
  const readme = readFileSync(join(root, 'docs', 'node.md'), 'utf8');
  const said = readme.match(/about (\d+) kB\s+packed\s+\(`npm pack`/);
  assert.ok(said, 'docs/node.md says "about N kB packed (`npm pack`"');
  const kB = packed.size / 1000;
  console.log(`npm pack: ${packed.size} bytes (${kB.toFixed(1)} kB); docs/node.md says about ${said[1]} kB`);
  assert.ok(Math.abs(Number(said[1]) - kB) <= 0.03 * kB, `docs/node.md: about ${said[1]} kB; npm pack: ${kB.toFixed(1)} kB`);
});

test('strict TypeScript accepts the package from CommonJS (export =), ESM and the element', () => {
  writeFileSync(join(project(), 'a.cts'), `
    import create = require('ndcg-calc');
    async function main(): Promise<number> {
      const api: create.NdcgApi = await create();
      const r: create.Explanation = api.explain('3 2 0', { k: 2 });
      const again: create.CreateNdcgModule = create.createNdcgModule;
      return r.ndcg ?? (await again()).explain([1]).dcg;
    }
    export = main;`);
  writeFileSync(join(project(), 'b.mts'), `
    import create, { createNdcgModule, NdcgError, type Explanation, type MeasureSpec, type PresetName } from 'ndcg-calc';
    import 'ndcg-calc/element';
    const api = await create();
    const r: Explanation = api.explain([3, 2], { gain: 'linear' });
    const el = document.querySelector('ndcg-calc');
    const shown: Explanation | null = el ? el.result : null;
    el?.addEventListener('ndcg-result', (e) => console.log(e.detail.ndcg));
    export const out = [r.ndcg, shown, createNdcgModule === create, NdcgError.name];
    // Never-null results need no check under strict null checks; names are the tables' unions.
    const c = api.compareRuns('q 0 d 1', ['q Q0 d 1 1 a', 'q Q0 d 1 2 b'], { measures: ['ndcg_cut.10', 'map'] });
    const diff: number = c.comparisons[0].diff;
    const [lo, hi]: [number, number] | [null, null] = c.comparisons[0].ci95;  // null below 10 queries
    const loss: number[] = r.loss;
    const format: string = r.format;
    const preset: PresetName = api.presets()[0].name;
    const measure: MeasureSpec = 'ndcg_cut.5,10';
    export const more = [diff, lo, hi, loss, format, api.explain('1', { preset }), measure];`);
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const config = (files) => writeFileSync(join(project(), 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'node16', moduleResolution: 'node16', target: 'es2022', lib: ['es2022', 'dom'], types: [] },
    files,
  }));
  config(['a.cts', 'b.mts']);
  run(process.execPath, [tsc, '-p', '.'], project());
  // And a wrong use is refused, so the check above is not vacuous.
  writeFileSync(join(project(), 'c.cts'), "import create = require('ndcg-calc');\ncreate().then((api) => api.explain(3));\n" +
    "create().then((api) => api.explain('3', { preset: 'sklearm' }));\n" +
    "create().then((api) => api.evaluateTrec('', '', { measures: ['ndcg_cutt.10'] }));\n" +
    "create().then((api) => { const n: number = api.explain('3').ndcg; return n; });\n");
  config(['c.cts']);
  const r = runProcess(process.execPath, [tsc, '-p', '.'], { cwd: project(), encoding: 'utf8' });
  assert.notEqual(r.status, 0);
  assert.match(r.stdout, /c\.cts\(2,\d+\): error TS2345/);
  assert.match(r.stdout, /c\.cts\(3,\d+\): error TS2820: Type '"sklearm"' is not assignable to type 'PresetName/);
  assert.match(r.stdout, /c\.cts\(4,\d+\): error TS2820: Type '"ndcg_cutt.10"' is not assignable to type 'MeasureSpec'/);
  assert.match(r.stdout, /c\.cts\(5,\d+\): error TS2322/);  // ndcg is null under zeroIdcg 'skip'

});

test('in this repository, require() of main and of the package root give the factory', async () => {
  assert.equal(require.resolve(root), join(root, pkg.main));
  const api = await require(root)();
  assert.equal(api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10 }).ndcg, Number(NDCG));
});
