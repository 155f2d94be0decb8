// Export in every mode, byte for byte the command's output for the same
// input and settings: the explain mode (`ndcg explain --format F`, ranking A
// or B), batch mode (`ndcg trec -q`) and compare mode (`ndcg compare -q
// --format F`: the paired tests, tied scores and every query's values with
// B − A). Download and Copy all work before any format button is pressed.
// In the Chinese page the headings and notes are Chinese (`--language zh`),
// every number and column name as in English.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileUrl, launch, open, root, WORKED_EN } from './_helpers.mjs';

const ndcg = (args) => execFileSync(join(root, 'build/native/ndcg'), args, { encoding: 'utf8' });

const RUN_A = 'q1 Q0 d1 1 3 a\nq2 Q0 x 1 3 a\nq2 Q0 d1 2 2 a\nq3 Q0 d1 1 3 a\nq4 Q0 x 1 3 a\nq4 Q0 d2 2 1 a\n';
const RUN_B = 'q1 Q0 d1 1 3 b\nq2 Q0 d1 1 3 b\nq3 Q0 x 1 3 b\nq3 Q0 y 2 2 b\nq3 Q0 d1 3 1 b\nq4 Q0 d1 1 3 b\nq4 Q0 d2 2 3 b\n';
const QRELS = 'q1 0 d1 1\nq2 0 d1 2\nq3 0 d1 1\nq4 0 d1 1\nq4 0 d2 2\n';

/** A CSV text read by RFC 4180 (quotes, doubled quotes, commas and line ends inside); throws unless every row has the header's width. */
function rectangle(text, what) {
  const rows = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { rows.at(-1).push(cell); cell = ''; } else if (ch === '\n') { rows.at(-1).push(cell); cell = ''; rows.push([]); } else cell += ch;
  }
  assert.equal(quoted, false, `${what}: a quote left open`);
  assert.deepEqual(rows.pop(), [], `${what}: ends with a line end`);
  assert.ok(rows.length > 1, `${what}: a header and rows`);
  rows.forEach((row, i) => assert.equal(row.length, rows[0].length, `${what}: line ${i + 1} has ${row.length} cells, the header ${rows[0].length}`));
  return rows;
}

let browser;
let dir;

before(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'ndcg-export-modes-'));
  for (const [name, text] of [['a.run', RUN_A], ['b.run', RUN_B], ['qrels', QRELS]]) writeFileSync(join(dir, name), text);
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  return { context, page: await context.newPage() };
}

/** A page in compare mode with runs A and B and the qrels, its tests shown. */
async function comparePage() {
  const { context, page } = await newPage();
  await open(page, fileUrl() + WORKED_EN);
  await page.click('input[name="mode"][value="compare"]');
  for (const [id, text] of [['ranking', RUN_A], ['ranking-b', RUN_B], ['qrels', QRELS]]) await page.fill(`#${id}`, text);
  await page.waitForSelector('#section-cmp-stats', { timeout: 30000 });
  return { context, page };
}

/** The command line that compare mode's export stands for, with `more` options. */
function compareArgs(...more) {
  return ['compare', '-q', '--digits', '3', '--names', 'A', '--names', 'B', ...more,
    ...['ndcg_cut.10', 'map', 'P.10', 'recip_rank'].flatMap((m) => ['-m', m]), join(dir, 'qrels'), join(dir, 'a.run'), join(dir, 'b.run')];
}

/** Presses Download and reads the file: [name, text]. */
async function downloaded(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#export-download')]);
  const body = await (await file.createReadStream()).toArray();
  return [file.suggestedFilename(), Buffer.concat(body).toString('utf8')];
}

/** Presses a format's Copy button and waits for its preview: the text shown. */
async function shown(page, format, pattern) {
  // The export comes from the worker a moment later: wait for this format's text, not the one shown before.
  const before = await page.inputValue('#export-text');
  await page.click(`button[data-action="export"][data-format="${format}"]`);
  await page.waitForFunction(([source, old]) => {
    const text = document.getElementById('export-text').value;
    return text !== old && new RegExp(source).test(text);
  }, [pattern.source, before], { timeout: 30000 });
  return page.inputValue('#export-text');
}

describe('export in every mode equals the command', () => {
  test('explain: Download and Copy all are usable at once; every format of ranking A and of ranking B', async () => {
    const { context, page } = await newPage();
    await open(page, fileUrl() + WORKED_EN);
    // Nothing pressed yet: Download gives the first format, Markdown, and says so.
    assert.equal(await page.textContent('#export-download'), 'Download Markdown');
    assert.equal(await page.isEnabled('#export-copy'), true);
    const grades = ['3', '2', '0', '1', '0', '0', '2', '1', '0', '0'];
    const [name, md] = await downloaded(page);
    assert.equal(name, 'ndcg.md');
    // The page names its preset, the document's: so does the command.
    const explain = (format, ...input) => ndcg(['explain', '--k', '10', '--preset', 'document', '--format', format, ...input]);
    assert.equal(md, explain('markdown', ...grades));
    for (const format of ['csv', 'latex', 'json']) {
      await shown(page, format, /./);
      const [, text] = await downloaded(page);
      assert.equal(text, explain(format, ...grades), format);
      assert.equal(await page.inputValue('#export-text'), text);
    }
    // Ranking B: the choice appears, and B's report is `ndcg explain` of B.
    await page.fill('#ranking-b', 'doc-a 3\ndoc-b 3\ndoc-c 1\ndoc-d 0\ndoc-e 2');
    await page.waitForSelector('#export-which:not([hidden])');
    await page.check('input[name="export-which"][value="b"]');
    writeFileSync(join(dir, 'b.txt'), 'doc-a 3\ndoc-b 3\ndoc-c 1\ndoc-d 0\ndoc-e 2');
    for (const format of ['markdown', 'csv', 'latex', 'json']) {
      await shown(page, format, format === 'json' ? /doc-e/ : /doc-e/);
      const [fileName, text] = await downloaded(page);
      assert.match(fileName, /^ndcg-b\./);
      assert.equal(text, explain(format, '-f', join(dir, 'b.txt')), `B, ${format}`);
    }
    await context.close();
  });

  test('batch mode: trec_eval’s output of the run as `ndcg trec -q` prints it', async () => {
    const { context, page } = await newPage();
    // Switching to batch mode takes trec_eval's convention, as the page says.
    await open(page, fileUrl() + WORKED_EN);
    await page.click('input[name="mode"][value="trec"]');
    await page.fill('#ranking', RUN_A);
    await page.fill('#qrels', QRELS);
    await page.waitForSelector('#table-trec tbody tr[data-qid]');
    assert.equal(await page.textContent('#export-download'), 'Download trec_eval output');
    const [name, text] = await downloaded(page);
    assert.equal(name, 'ndcg-trec.txt');
    // Batch mode starts from the command's own defaults: trec_eval's measures, K and 4 digits.
    assert.equal(text, ndcg(['trec', '-q', join(dir, 'qrels'), join(dir, 'a.run')]));
    await context.close();
  });

  test('compare mode: the tests, tied scores and every query’s B − A, in every format', async () => {
    const { context, page } = await comparePage();
    const command = (format) => ndcg(compareArgs('--format', format));
    // Download before any button: Markdown.
    const [name, md] = await downloaded(page);
    assert.equal(name, 'ndcg-compare.md');
    assert.equal(md, command('markdown'));
    // Every query of every measure is there with B − A: q2's NDCG@10 goes from 1/log2(3) to 1.
    const gain = (1 - 3 / Math.log2(3) / 3).toFixed(3);
    assert.match(md, new RegExp(`^\\| q2 \\| 0\\.631 \\|  \\| 1\\.000 \\|  \\| \\+${gain.replace('.', '\\.')} \\|$`, 'm'));
    for (const format of ['csv', 'latex', 'json']) {
      // A CSV is one table: the comparisons unless another is chosen (the test below).
      const text = await shown(page, format, { json: /"per_query"/, csv: /^measure,run_a/ }[format] || /q4/);
      assert.equal(text, command(format), format);
      const [, file] = await downloaded(page);
      assert.equal(file, text, `${format}: Download gives the same bytes`);
    }
    await context.close();
  });

  test('compare mode: CSV one table a file, each rectangular, its numbers those of the JSON', async () => {
    const { context, page } = await comparePage();
    const json = JSON.parse(ndcg(compareArgs('--format', 'json')));
    // The table choice is there for CSV alone.
    assert.equal(await page.isVisible('#export-table'), false);
    await shown(page, 'csv', /^measure,run_a/);
    assert.equal(await page.isVisible('#export-table'), true);
    const tables = {};
    for (const table of ['comparisons', 'tie_ranges', 'per_query']) {
      if (table !== 'comparisons') {
        const before = await page.inputValue('#export-text');
        await page.check(`input[name="export-table"][value="${table}"]`);
        await page.waitForFunction((old) => document.getElementById('export-text').value !== old, before);
      }
      const [name, text] = await downloaded(page);
      assert.equal(name, `ndcg-compare-${table}.csv`);
      assert.equal(text, ndcg(compareArgs('--format', 'csv', '--table', table)), table);
      assert.equal(await page.inputValue('#export-text'), text, `${table}: the preview shows the chosen table`);
      tables[table] = rectangle(text, table);
    }
    // Exact numbers, as the JSON has them.
    const byKey = (row, names) => Object.fromEntries(names.map((n, i) => [n, row[i]]));
    const [cmpHead, ...cmpRows] = tables.comparisons;
    assert.equal(cmpRows.length, json.comparisons.length);
    cmpRows.forEach((row, i) => {
      const r = byKey(row, cmpHead);
      const c = json.comparisons[i];
      for (const key of ['mean_a', 'mean_b', 'diff', 'p_ttest', 'p_wilcoxon', 'p_sign']) assert.equal(r[key] === '' ? null : Number(r[key]), c[key], key);
    });
    const [tieHead, ...tieRows] = tables.tie_ranges;
    assert.equal(tieRows.length, json.tie_ranges.length);
    tieRows.forEach((row, i) => assert.equal(Number(byKey(row, tieHead).mean_max), json.tie_ranges[i].mean_max));
    const [, ...qRows] = tables.per_query;
    for (const [measure, qid, a] of qRows) {
      const at = json.per_query.qids.indexOf(qid);
      assert.equal(Number(a), json.per_query[measure][0][at], `${measure} ${qid}`);
    }
    await context.close();
  });

  test('exports in the page’s language: the Chinese page gives `--language zh`, the English one the English text', async () => {
    const { context, page } = await newPage();
    await open(page, fileUrl() + WORKED_EN.replace('lang=en', 'lang=zh'));
    const grades = ['3', '2', '0', '1', '0', '0', '2', '1', '0', '0'];
    const explain = (format, ...more) => ndcg(['explain', '--k', '10', '--preset', 'document', '--format', format, ...more, ...grades]);
    assert.match(await page.textContent('#export-intro'), /ndcg explain --format F --language zh/);
    for (const format of ['markdown', 'latex']) {
      const text = await shown(page, format, /舍入/);
      assert.equal(text, explain(format, '--language', 'zh'), format);
      assert.doesNotMatch(text, /Terms are rounded/);
    }
    const [, md] = await downloaded(page);
    assert.equal(md, explain('latex', '--language', 'zh'));
    // JSON carries no prose: the numbers of the English export, its options saying zh.
    const json = JSON.parse(await shown(page, 'json', /"ndcg"/));
    assert.equal(json.options.language, 'zh');
    assert.equal(json.ndcg, JSON.parse(explain('json')).ndcg);
    // English again: the preview in Chinese goes, and the export is the English text.
    await page.click('#lang-toggle');
    await page.waitForSelector('#export-preview', { state: 'hidden' });
    assert.equal(await shown(page, 'markdown', /rounded/), explain('markdown'));
    assert.doesNotMatch(await page.textContent('#export-intro'), /--language/);
    await context.close();
  });

  test('compare mode in Chinese: the summary and notes of `ndcg compare --language zh`', async () => {
    const { context, page } = await comparePage();
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh'));
    const text = await shown(page, 'markdown', /自助法/);
    assert.equal(text, ndcg(compareArgs('--format', 'markdown', '--language', 'zh')));
    assert.match(text, /分数并列：/);
    await context.close();
  });

  test('compare mode: the preview stays through a click on a bar and goes when K changes', async () => {
    const { context, page } = await comparePage();
    const md = await shown(page, 'markdown', /q4/);
    // The drill-down redraws the page; the export is made of the same runs and options.
    await page.click('#cmp-chart rect.bar[data-qid="q2"]');
    await page.waitForFunction(() => document.getElementById('h-cmp-drill')?.textContent.startsWith('Query q2:'));
    assert.equal(await page.isVisible('#export-preview'), true);
    assert.equal(await page.inputValue('#export-text'), md);
    await page.click('#table-cmp button[data-qid="q3"]');
    await page.waitForFunction(() => document.getElementById('h-cmp-drill')?.textContent.startsWith('Query q3:'));
    assert.equal(await page.isVisible('#export-preview'), true);
    assert.equal(await page.inputValue('#export-text'), md);
    // K shapes the export (its measures): the preview goes.
    await page.fill('#opt-k', '5');
    await page.waitForSelector('#export-preview', { state: 'hidden' });
    await context.close();
  });
});
