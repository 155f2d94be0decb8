// The core's layers, lowest first, and a check that no include runs back up.
// A file of cpp/src belongs to the layer of its top folder; a public header
// (cpp/include/ndcg) to the layer whose folder implements it. A file may
// include its own layer and those below; folders on one row are neighbours
// and include none of each other.
//   node scripts/layers.mjs   (lists the includes that run back up; exits 1 when there is one)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');

// Each row: folder → the public headers it implements.
export const LAYERS = [
  { base: ['error', 'numbers', 'settings', 'field_sink', 'result_fields'] },
  { json: [] },
  { options: ['option_table'] },
  { metrics: ['metrics'] },
  { parse: ['parse'] },
  { inputs: ['inputs'] },
  { report: ['report'] },
  { explain: ['pipeline'], trec: ['trec', 'evaluate_run'] },
  { compare: ['compare'] },
  { commands: ['commands'] },
];

/** Where a file stands, named from cpp/src or cpp/include: {row, folder}; undefined when it has no layer. */
function placeOf(file) {
  const parts = file.split('/');
  for (const [row, layer] of LAYERS.entries()) {
    for (const [folder, headers] of Object.entries(layer)) {
      const mine = parts[0] === 'ndcg' ? headers.includes(parts[1].replace(/\.hpp$/, '')) : parts[0] === folder;
      if (mine) return { row, folder };
    }
  }
  return undefined;
}

/** Whether `from` may include `to`: its own folder, or a lower row. */
const allowed = (from, to) => from.folder === to.folder || to.row < from.row;

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(cpp|hpp|h)$/.test(e.name) ? [path] : [];
  });
}

/** Every quoted include of cpp/src and cpp/include: [{file, line, target}], the target named as from cpp/src or cpp/include. */
export function includes(base = root) {
  const src = join(base, 'cpp/src');
  const inc = join(base, 'cpp/include');
  const inSrc = new Set(sources(src).map((p) => relative(src, p)));
  const out = [];
  for (const path of [...sources(src), ...sources(inc)]) {
    const home = path.startsWith(src) ? src : inc;
    const known = home === src ? inSrc : new Set();
    const file = relative(home, path);
    readFileSync(path, 'utf8').split('\n').forEach((text, i) => {
      const m = /^\s*#\s*include\s+"([^"]+)"/.exec(text);
      if (!m) return;
      // A name beside the including file is read from there first, as the compiler does.
      const beside = relative(home, join(dirname(path), m[1]));
      out.push({ file, line: i + 1, target: known.has(beside) ? beside : m[1] });
    });
  }
  return out;
}

/** Each include that runs back up, or that comes from or goes to a place without a layer, as a line of text. */
export function upward(list = includes()) {
  const bad = [];
  for (const { file, line, target } of list) {
    const from = placeOf(file);
    const to = placeOf(target);
    if (!from) bad.push(`${file}: its folder has no layer in scripts/layers.mjs`);
    else if (!to) bad.push(`${file}:${line}: includes ${target}, which has no layer in scripts/layers.mjs`);
    else if (!allowed(from, to)) bad.push(`${file}:${line}: includes ${target}, a layer ${to.row === from.row ? 'beside' : 'above'} its own`);
  }
  return [...new Set(bad)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bad = upward();
  for (const line of bad) console.log(line);
  process.exit(bad.length ? 1 : 0);
}
