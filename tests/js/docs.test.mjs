// The README and the pages in docs/: every link lands on a file and a heading that exist, the
// README stays short, and every `$ ndcg …` example that shows its output prints that output
// (lines shown as "…" stand for lines left out; the rest must come in order, exactly).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { root } from './helpers.mjs';

const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const text = (page) => readFileSync(join(root, page), 'utf8');

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The lines of a page outside fenced blocks. */
function prose(page) {
  let fenced = false;
  return text(page).split('\n').filter((line) => {
    if (line.startsWith('```')) fenced = !fenced;
    return !fenced && !line.startsWith('```');
  });
}

function anchors(page) {
  const seen = new Map();
  const out = new Set();
  for (const line of prose(page)) {
    const m = /^#{1,6} (.*)$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

test('the README reads in five minutes: the two commands, the worked example, quick starts', () => {
  const lines = text('README.md').split('\n');
  assert.ok(lines.length <= 200, `README.md has ${lines.length} lines`);
  for (const head of ['## The two commands', '## The worked example', '## Quick starts', '## The documentation']) {
    assert.ok(lines.includes(head), `README.md lacks "${head}"`);
  }
});

test('every link in the README and docs/ lands on a file and heading that exist', () => {
  const broken = [];
  for (const page of pages) {
    for (const line of prose(page)) {
      for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [file, anchor] = target.split('#');
        const path = file ? relative(root, join(root, dirname(page), file)) : page;
        if (!existsSync(join(root, path))) broken.push(`${page}: ${target} (no file)`);
        else if (anchor !== undefined && !anchors(path).has(anchor)) broken.push(`${page}: ${target} (no heading)`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

test('every docs/ page is linked from the README', () => {
  const readme = text('README.md');
  for (const page of pages.slice(1)) assert.ok(readme.includes(`](${page})`), `README.md does not link ${page}`);
});

/** The files the examples name, as their comments describe them. */
const FIXTURES = {
  'q.txt': 'q 0 a 2\nq 0 c 1\nq 0 d 3\n',
  'qrels.tsv': 'query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t1\n',
  'run.jsonl': '{"qid": "q1", "docno": "d2", "score": 0.9}\n{"qid": "q1", "docno": "d1", "score": 0.5}\n',
};

/** `$ ` commands in fenced blocks, each with the output lines shown under it. */
function examples(page) {
  const found = [];
  let block = null;
  let open = null;
  for (const line of text(page).split('\n')) {
    if (line.startsWith('```')) { block = block ? null : []; open = null; continue; }
    if (!block) continue;
    if (open && open.quoted) { open.command += `\n${line}`; open.quoted = (open.command.split("'").length - 1) % 2 === 1; continue; }
    if (line.startsWith('$ ')) {
      open = { page, command: line.slice(2), output: [] };
      open.quoted = (open.command.split("'").length - 1) % 2 === 1;
      block.push(open);
      found.push(open);
    } else if (open) open.output.push(line);
  }
  return found;
}

function run(command, dir) {
  try {
    return execFileSync('bash', ['-c', `${command} 2>&1`], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: `${join(dir, '.bin')}:${process.env.PATH}` } });
  } catch (e) {
    return e.stdout;
  }
}

const trimmed = (lines) => lines.map((l) => l.trimEnd());

function checkOutput(example, printed) {
  const shown = trimmed(example.output).filter((l, i, all) => l !== '' || i < all.length - 1);
  const got = trimmed(printed.replace(/\n$/, '').split('\n'));
  if (!shown.includes('…')) return assert.deepEqual(got, shown, `${example.page}: $ ${example.command}`);
  let at = 0;
  for (const line of shown.filter((l) => l !== '…')) {
    const found = got.indexOf(line, at);
    assert.ok(found >= 0, `${example.page}: $ ${example.command}\nmissing or out of order: ${line}\ngot:\n${got.join('\n')}`);
    at = found + 1;
  }
}

test('the examples print what the pages show', () => {
  let checked = 0;
  for (const page of pages) {
    const dir = mkdtempSync(join(tmpdir(), 'ndcg-docs-'));
    mkdirSync(join(dir, '.bin'));
    symlinkSync(join(root, 'build', 'native', 'ndcg'), join(dir, '.bin', 'ndcg'));
    for (const name of ['build', 'tests']) symlinkSync(join(root, name), join(dir, name));
    for (const [name, body] of Object.entries(FIXTURES)) writeFileSync(join(dir, name), body);
    for (const example of examples(page)) {
      const printed = run(example.command.replace(/\s+#[^'\n]*$/, ''), dir);
      if (!/(^|\| )(build\/native\/)?ndcg /.test(example.command) || example.output.every((l) => !l.trim())) continue;
      checkOutput(example, printed);
      checked += 1;
    }
  }
  console.log(`${checked} examples checked`);
  assert.ok(checked >= 8, `only ${checked} examples checked`);
});

test('the benchmarks page holds the current figures only (at most 250 lines)', () => {
  const lines = text('docs/benchmarks.md').split('\n').length;
  assert.ok(lines <= 250, `docs/benchmarks.md has ${lines} lines`);
});

test("ARCHITECTURE.md's concept tables: no cell over 400 characters", () => {
  const long = [];
  for (const line of prose('ARCHITECTURE.md')) {
    if (!line.startsWith('|')) continue;
    for (const cell of line.split(/(?<!\\)\|/).slice(1, -1)) {
      if (cell.trim().length > 400) long.push(`${cell.trim().slice(0, 60)}… (${cell.trim().length})`);
    }
  }
  assert.deepEqual(long, []);
});

test("docs/internals.md's layout names every folder of cpp/src and the folders in them", () => {
  const page = text('docs/internals.md');
  const layout = page.slice(page.indexOf('## Layout'));
  const folders = (dir) => readdirSync(join(root, 'cpp/src', dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [`${dir}${e.name}/`, ...(dir ? [] : folders(`${e.name}/`))]);
  const missing = folders('').filter((f) => !layout.includes(f));
  assert.deepEqual(missing, []);
});
