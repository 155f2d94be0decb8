// Writes docs/python-notebook.png, docs/python.md's picture of the Python
// package in a notebook: what `_repr_html_` of the worked example returns,
// in a page styled like a Jupyter cell (its input line and its output), shot
// by Chromium. Needs the package importable by Debian's python3 (pip install
// ., or PYTHONPATH=python after `python3 setup.py build_ext --inplace`).
// Run: node scripts/docs/docs-notebook.mjs
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { launch, root } from '../../tests/browser/_helpers.mjs';

const code = "import ndcg_calc\nndcg_calc.explain('3 2 0 1 0 0 2 1 0 0', k=10)";
const python = spawnSync('/usr/bin/python3', ['-c', `${code.split('\n')[0]}\nprint(${code.split('\n')[1]}._repr_html_(), end='')`],
  { encoding: 'utf8', env: { ...process.env, PYTHONPATH: [join(root, 'python'), process.env.PYTHONPATH].filter(Boolean).join(':') } });
if (python.status !== 0) throw new Error(`python3 failed: ${python.stderr}`);

// Jupyter's look, written here: a prompt column, the code cell, the output
// area, and its table style (right-aligned cells, a rule under the header,
// striped rows).
const style = `
body { margin: 0; padding: 16px; background: #fff; font: 14px/1.45 "DejaVu Sans", sans-serif; color: #212121; }
.cell { display: grid; grid-template-columns: 72px 1fr; column-gap: 8px; row-gap: 6px; max-width: 900px; }
.prompt { font: 13px "DejaVu Sans Mono", monospace; color: #303f9f; text-align: right; padding-top: 6px; }
.prompt.out { color: #d84315; }
pre.input { margin: 0; padding: 6px 10px; background: #f5f5f5; border: 1px solid #e0e0e0; border-radius: 2px; font: 13px/1.5 "DejaVu Sans Mono", monospace; }
.kw { color: #008000; font-weight: bold; } .str { color: #ba2121; } .num { color: #080; }
.output { padding: 2px 0 0; }
.output table { border-collapse: collapse; border: none; font-size: 12px; margin: 2px 0 6px; }
.output thead { border-bottom: 1px solid #000; vertical-align: bottom; }
.output th, .output td { padding: 4px 8px; line-height: normal; max-width: none; border: none; }
.output th { font-weight: bold; }
.output tbody tr:nth-child(odd) { background: #f5f5f5; }
.output h4 { margin: 12px 0 4px; font-size: 14px; }
.output p { margin: 4px 0; }`;
const input = '<span class="kw">import</span> ndcg_calc\nndcg_calc.explain(<span class="str">\'3 2 0 1 0 0 2 1 0 0\'</span>, k=<span class="num">10</span>)';
const page = `<!doctype html><html><head><meta charset="utf-8"><style>${style}</style></head><body>
<div class="cell"><div class="prompt">In [1]:</div><pre class="input">${input}</pre>
<div class="prompt out">Out[1]:</div><div class="output">${python.stdout}</div></div></body></html>`;

const browser = await launch({ full: true });
const tab = await browser.newPage({ viewport: { width: 760, height: 400 }, deviceScaleFactor: 1, colorScheme: 'light' });
await tab.route('**/*', (route) => route.abort());  // the page is whole as it is: nothing to fetch
await tab.setContent(page);
await tab.screenshot({ path: join(root, 'docs', 'python-notebook.png'), fullPage: true });
await browser.close();
console.log('wrote docs/python-notebook.png');
