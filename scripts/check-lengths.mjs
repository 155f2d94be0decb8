// Lists every JavaScript function in web/ longer than the limit (60 lines
// by default) and exits non-zero when there is one. The sources are
// formatted with a function's closing brace at the indentation of the line
// that opened it, which is what this relies on instead of a full parser.
//   node scripts/check-lengths.mjs [--max N] [--top N] [DIR...]   (DIRs default to web)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'function']);

function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return jsFiles(path);
    return e.name.endsWith('.js') ? [path] : [];
  });
}

/** The name of the function a line opens, or null: declarations, methods, arrows and function expressions. */
export function opensFunction(line) {
  if (!/\{\s*$/.test(line)) return null;
  let m = line.match(/\bfunction\b\s*\*?\s*([\w$]*)\s*\(/);
  if (m) return m[1] || '(anonymous function)';
  m = line.match(/([\w$]+)\s*[:=]\s*(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*=>\s*\{\s*$/);
  if (m) return m[1];
  if (/=>\s*\{\s*$/.test(line)) return '(arrow)';
  m = line.match(/^\s*(?:static\s+|async\s+|get\s+|set\s+)*([\w$]+)\s*\([^)]*\)\s*\{\s*$/);
  if (m && !KEYWORDS.has(m[1])) return m[1];
  return null;
}

/** [{name, line, length}] for every function in `text`. */
export function functionLengths(text) {
  const lines = text.split('\n');
  const out = [];
  lines.forEach((line, i) => {
    const name = opensFunction(line);
    if (!name) return;
    const indent = line.match(/^\s*/)[0];
    const close = new RegExp(`^${indent}\\}`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end])) end++;
    out.push({ name, line: i + 1, length: end - i + 1 });
  });
  return out;
}

/** Functions under `dirs` over `max` lines, longest first, and the `top` longest of all. */
export function check(max = 60, top = 5, dirs = ['web']) {
  const all = dirs.flatMap((dir) => jsFiles(join(root, dir))).flatMap((file) => functionLengths(readFileSync(file, 'utf8'))
    .map((f) => ({ ...f, file: relative(root, file) })));
  all.sort((a, b) => b.length - a.length);
  return { over: all.filter((f) => f.length > max), longest: all.slice(0, top) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const max = arg('--max', 60);
  const dirs = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !(i > 0 && all[i - 1].startsWith('--')));
  const { over, longest } = check(max, arg('--top', 5), dirs.length ? dirs : ['web']);
  const show = (f) => `${f.file}:${f.line} ${f.name}: ${f.length} lines`;
  console.log(`longest functions:\n${longest.map(show).join('\n')}`);
  if (over.length) {
    console.error(`\n${over.length} function(s) over ${max} lines:\n${over.map(show).join('\n')}`);
    process.exit(1);
  }
}
