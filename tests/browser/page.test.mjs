// The explainer page as a user drives it: the worked example from file://
// and over http, every input format, presets, TREC batch evaluation,
// exports, the URL round trip, the draft, errors, large inputs, the embed
// page and the <ndcg-calc> component.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  WORKED, WORKED_EN, browser, fileUrl, guardedContext, headlineIs, nodeApi, open, root, server, setText, tableRows, textOf, useBrowser,
} from './_helpers.mjs';

const DCG_ROWS = [
  ['1', '3', '7.000', '1.000', '7.000', '7.000', ''],
  ['2', '2', '3.000', '1.585', '1.893', '8.893', ''],
  ['3', '0', '0.000', '2.000', '0.000', '8.893', '−1.500'],
  ['4', '1', '1.000', '2.322', '0.431', '9.323', ''],
  ['5', '0', '0.000', '2.585', '0.000', '9.323', '−0.387'],
  ['6', '0', '0.000', '2.807', '0.000', '9.323', ''],
  ['7', '2', '3.000', '3.000', '1.000', '10.323', '+1.000'],
  ['8', '1', '1.000', '3.170', '0.315', '10.639', '+0.315'],
  ['9', '0', '0.000', '3.322', '0.000', '10.639', ''],
  ['10', '0', '0.000', '3.459', '0.000', '10.639', ''],
];
const IDCG_ROWS = [
  ['1', '3', '7.000', '1.000', '7.000', '7.000'],
  ['2', '2', '3.000', '1.585', '1.893', '8.893'],
  ['3', '2', '3.000', '2.000', '1.500', '10.393'],
  ['4', '1', '1.000', '2.322', '0.431', '10.823'],
  ['5', '1', '1.000', '2.585', '0.387', '11.210'],
];
const HEADLINE = 'NDCG@10 = 10.639 / 11.210 = 0.949';
const DCG_SUM = 'DCG@10 = 7.000 + 1.893 + 0.000 + 0.431 + 0.000 + 0.000 + 1.000 + 0.315 + 0.000 + 0.000 = 10.639';
const IDCG_SUM = 'IDCG@10 = 7.000 + 1.893 + 1.500 + 0.431 + 0.387 = 11.210';

let guard;
let page;
let api;

useBrowser({}, async () => {
  api = await nodeApi();
  guard = await guardedContext(browser, [server.url('index.html'), server.url('embed.html'), fileUrl('index.html'), fileUrl('embed.html')]);
  page = await guard.context.newPage();
});

async function checkWorkedExample(p) {
  await headlineIs(p, HEADLINE);
  assert.deepEqual(await tableRows(p, 'table-dcg'), DCG_ROWS);
  assert.deepEqual(await tableRows(p, 'table-idcg'), IDCG_ROWS);
  assert.equal(await textOf(p, '#sum-dcg'), DCG_SUM);
  assert.equal(await textOf(p, '#sum-idcg'), IDCG_SUM);
  assert.equal(await textOf(p, '#ndcg-line'), 'NDCG@10 = DCG@10 / IDCG@10 = 10.639 / 11.210 = 0.949');
  const notes = await p.locator('.result-ndcg .note').allTextContents();
  assert.ok(notes.some((n) => n.includes('every total is summed from the unrounded terms')), notes.join('\n'));
  assert.ok(notes.some((n) => n.includes('gives 11.211') && n.includes('11.210319')), notes.join('\n'));
  // The positions that lose most against the ideal are marked.
  assert.deepEqual(await p.evaluate(() => Array.from(document.querySelectorAll('#table-dcg tr.hot'), (tr) => tr.dataset.position)), ['3', '5']);
}

describe('the worked example', () => {
  test('renders from file:// with the document numbers (IDCG 11.210, not 11.211)', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await checkWorkedExample(page);
    assert.equal(await textOf(page, '#ranking-status'), 'Read as a list of grades: 10 items.');
  });

  test('renders over http, also with no hash at all', async () => {
    const fresh = await browser.newContext();
    const p = await fresh.newPage();
    await open(p, server.url());
    await checkWorkedExample(p);
    assert.equal(await p.evaluate(() => location.hash), WORKED);
    await open(p, server.url() + WORKED);
    await checkWorkedExample(p);
    await fresh.close();
  });
});

describe('input formats', () => {
  const formats = [
    ['a Markdown table row with a label', '| 相关性 | 3 | 2 | 0 | 1 | 0 | 0 | 2 | 1 | 0 | 0 |', 'a list of grades', 10],
    ['full-width digits', '３，２，０，１，０，０，２，１，０，０', 'a list of grades', 10],
    ['id/score/grade lines', 'a 0.9 3\nb 0.8 2\nc 0.7 0\nd 0.6 1\ne 0.5 0\nf 0.4 0\ng 0.3 2\nh 0.2 1\ni 0.1 0\nj 0.05 0', 'lines of id, score and grade', 10],
    ['CSV with a header, rows out of order', 'doc,score,rel\nd2,0.8,2\nd1,0.9,3\nd3,0.7,0\nd4,0.6,1\nd5,0.5,0\nd6,0.4,0\nd7,0.3,2\nd8,0.2,1\nd9,0.1,0\nd10,0.05,0', 'CSV with a header', 10, ' Columns: doc, score, rel.'],
    ['TSV with a header', 'id\tscore\tgrade\nx\t3\t3\ny\t2\t2\nz\t1\t0\nw\t0.5\t1', 'TSV with a header', 4, ' Columns: doc, score, rel.'],
  ];
  for (const [name, text, format, n, columns = ''] of formats) {
    test(name, async () => {
      await open(page, fileUrl() + WORKED_EN);
      await setText(page, '#ranking', text);
      const expected = api.explain(text, { k: 10 });
      const want = `NDCG@10 = ${expected.dcg.toFixed(3)} / ${expected.idcg.toFixed(3)} = ${expected.ndcg.toFixed(3)}`;
      await page.waitForFunction((s) => document.getElementById('ranking-status').textContent === s, `Read as ${format}: ${n} items.${columns}`);
      await headlineIs(page, want);
      if (n === 10) assert.equal(want, HEADLINE);
    });
  }

  test('a one-query TREC run with judgments shows both ideals side by side', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await page.click('button[data-example="pool"]');
    await page.waitForSelector('.result-pool');
    const cards = await page.locator('.pool-card .pool-value:last-child').allTextContents();
    const e = api.explain(await page.inputValue('#ranking'), { k: 10, qrels: await page.inputValue('#qrels') });
    assert.equal(cards[0], `NDCG@10 = ${e.dcg.toFixed(3)} / ${e.idcgList.toFixed(3)} = ${e.ndcgList.toFixed(3)}`);
    assert.equal(cards[1], `NDCG@10 = ${e.dcg.toFixed(3)} / ${e.idcgJudged.toFixed(3)} = ${e.ndcgJudged.toFixed(3)}`);
    assert.ok(e.ndcgJudged < e.ndcgList);
    assert.match(await textOf(page, '.result-pool'), /small/);
    assert.match(await textOf(page, '#qrels-status'), /TREC qrels/);
    // Switching the ideal to the judgments changes the headline's denominator.
    await page.selectOption('#opt-ideal', 'judgments');
    await headlineIs(page, `NDCG@10 = ${e.dcg.toFixed(3)} / ${e.idcgJudged.toFixed(3)} = ${e.ndcgJudged.toFixed(3)}`);
  });

  test('id score lines with judgments: the reading is stated, the other one is a click away', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await setText(page, '#qrels', 'd1 2\nd2 1\nd3 0\n');
    await setText(page, '#ranking', 'd3 0.9\nd1 0.1\nd2 0.5\n');
    const byScore = api.explain('d3 0.9\nd1 0.1\nd2 0.5\n', { k: 10, qrels: 'd1 2\nd2 1\nd3 0\n' });
    await page.waitForFunction(() => /ordered by score/.test(document.getElementById('ranking-status').textContent));
    await headlineIs(page, `NDCG@10 = ${byScore.dcg.toFixed(3)} / ${byScore.idcg.toFixed(3)} = ${byScore.ndcg.toFixed(3)}`);
    await page.click('button[data-action="other-reading"]');
    const asGiven = api.explain('d3 0.9\nd1 0.1\nd2 0.5\n', { k: 10, qrels: 'd1 2\nd2 1\nd3 0\n', columns: 'doc,rel' });
    assert.notEqual(asGiven.dcg.toFixed(3), byScore.dcg.toFixed(3));
    await headlineIs(page, `NDCG@10 = ${asGiven.dcg.toFixed(3)} / ${asGiven.idcg.toFixed(3)} = ${asGiven.ndcg.toFixed(3)}`);
    assert.match(await page.evaluate(() => location.hash), /columns=doc%2Crel|columns=doc,rel/);
  });

  test('a table of several queries is not pooled: the page offers each query', async () => {
    await open(page, fileUrl() + WORKED_EN);
    const text = 'query_id,doc_id,score,rel\nq1,d1,0.2,1\nq2,d3,0.9,2\nq2,d4,0.95,0\n';
    await setText(page, '#ranking', text);
    await page.waitForSelector('button[data-action="pick-query"][data-query="q2"]');
    assert.match(await textOf(page, '#ranking-error'), /This text holds 2 queries/);
    await page.click('button[data-action="pick-query"][data-query="q2"]');
    const e = api.explain(text, { k: 10, query: 'q2' });
    await headlineIs(page, `NDCG@10 = ${e.dcg.toFixed(3)} / ${e.idcg.toFixed(3)} = ${e.ndcg.toFixed(3)}`);
    assert.match(await textOf(page, '#ranking-status'), /Query q2\./);
  });

  test('subtopic judgments add α-nDCG to the other metrics', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await page.click('button[data-example="diversity"]');
    await page.waitForSelector('[data-metric="alpha"]');
    const e = api.explain(await page.inputValue('#ranking'), { k: 10, qrels: await page.inputValue('#qrels') });
    assert.equal(await textOf(page, '[data-metric="alpha"] dd'), e.metrics.alphaNdcg.toFixed(3));
  });

  test('TREC run + qrels in batch mode matches trec_eval 10.0 on the parity set', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await page.check('input[name="mode"][value="trec"]');
    assert.equal(await page.inputValue('#preset'), 'trec_eval');
    const data = join(root, 'tests/data/trec-parity');
    await setText(page, '#ranking', readFileSync(join(data, 'set1.run'), 'utf8'));
    await setText(page, '#qrels', readFileSync(join(data, 'set1.qrels'), 'utf8'));
    assert.equal(await page.inputValue('#opt-decimals'), '4');
    // The six measures of the parity file at K = 10 (left empty, the box gives trec_eval's default set).
    await page.fill('#opt-k', '10');
    await page.fill('#measures', 'ndcg ndcg_cut.10 P.10 recall.10 map recip_rank');
    await page.waitForFunction(() => document.querySelector('#table-trec thead')?.textContent.includes('recall_10'));
    await page.waitForSelector('#table-trec tfoot');
    const expected = Object.fromEntries(readFileSync(join(data, 'set1.trec_eval.txt'), 'utf8').split('\n')
      .map((l) => l.split('\t').map((x) => x.trim())).filter((f) => f[1] === 'all').map((f) => [f[0], f[2]]));
    const mean = await page.evaluate(() => {
      const head = Array.from(document.querySelectorAll('#table-trec thead th'), (th) => th.textContent);
      const foot = Array.from(document.querySelectorAll('#table-trec tfoot tr > *'), (c) => c.textContent);
      return Object.fromEntries(head.map((h, i) => [h, foot[i]]));
    });
    for (const m of ['ndcg', 'ndcg_cut_10', 'P_10', 'recall_10', 'map', 'recip_rank']) assert.equal(mean[m], expected[m], m);
    // 4,114 lines are too many for a text box: the run is kept out of it, shown as a summary.
    assert.equal(await page.locator('#ranking').isHidden(), true);
    assert.match(await textOf(page, '#ranking-source-text'), /^Pasted text, too long to edit in the box: .* 4,114 lines · a TREC run\.$/);
    // The table says it has a row per query evaluated, though only those in view exist.
    const numQ = Number(await page.evaluate(() => document.querySelector('#table-trec').closest('section').querySelector('.note').textContent.match(/\d+/)[0]));
    assert.equal(Number(await page.getAttribute('#table-trec', 'aria-rowcount')), numQ + 1);
    // "Explain" on a query opens it step by step, with the same NDCG as its row.
    const first = page.locator('#table-trec tbody tr:not(.spacer)').first();
    const qid = await first.locator('th').textContent();
    const rowNdcg = await first.locator('td').nth(await page.evaluate(() => Array.from(document.querySelectorAll('#table-trec thead th')).findIndex((th) => th.textContent === 'ndcg_cut_10') - 1)).textContent();
    await first.locator('button').click();
    // The headline is already there from before: wait for the query's own text instead.
    await page.waitForFunction((q) => document.getElementById('ranking').value.split(/\s+/)[0] === q, qid);
    assert.match(await textOf(page, '#headline'), new RegExp(`= ${rowNdcg.replace('.', '\\.')}$`));
  });
});

describe('options and presets', () => {
  test('the sklearn preset gives linear gain and its NDCG; the match indicator follows edits', async () => {
    await open(page, fileUrl() + WORKED_EN);
    assert.match(await textOf(page, '#preset-match'), /match document/);
    // The comparison table shows every preset's NDCG for this ranking.
    // The NDCG column comes next to the preset's name (rows named by data-preset).
    const names = await page.$$eval('#table-presets tbody tr', (rows) => rows.map((r) => r.dataset.preset));
    const compare = Object.fromEntries((await tableRows(page, 'table-presets')).map((r, i) => [names[i], r[1]]));
    for (const { name } of api.presets()) {
      assert.equal(compare[name], api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10, preset: name }).ndcg.toFixed(3), name);
    }
    await page.selectOption('#preset', 'sklearn');
    const e = api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10, preset: 'sklearn' });
    await headlineIs(page, `NDCG@10 = ${e.dcg.toFixed(3)} / ${e.idcg.toFixed(3)} = ${e.ndcg.toFixed(3)}`);
    assert.equal(e.ndcg.toFixed(4), '0.9334');
    assert.equal(await page.inputValue('#opt-gain'), 'linear');
    assert.equal(await page.inputValue('#opt-ties'), 'average');
    assert.match(await textOf(page, '#preset-match'), /match sklearn/);
    // Linear gain: the table's gain column is headed "gain rel_i" and holds the grade.
    assert.equal(await page.getAttribute('#table-dcg thead th:nth-child(3)', 'aria-label'), 'gain rel_i');
    assert.equal((await tableRows(page, 'table-dcg'))[0][2], '3.000');
    assert.match(await textOf(page, '.result-formulas'), /DCG@10 = .*rel\s*i/s);
    await page.selectOption('#opt-gain', 'exp');
    await headlineIs(page, HEADLINE);
    assert.match(await textOf(page, '#preset-match'), /match no preset/);
    // "Use" in the comparison table applies a preset.
    await page.click('#table-presets button[data-preset="lightgbm"]');
    await page.waitForFunction(() => document.getElementById('preset').value === 'lightgbm');
    assert.match(await textOf(page, '#preset-match'), /match lightgbm/);
  });

  test('every option reaches the core: K, log base, weights, gain table, decimals', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await page.fill('#opt-k', '5');
    let e = api.explain('3 2 0 1 0 0 2 1 0 0', { k: 5 });
    await headlineIs(page, `NDCG@5 = ${e.dcg.toFixed(3)} / ${e.idcg.toFixed(3)} = ${e.ndcg.toFixed(3)}`);
    await page.fill('#opt-k', '0');
    e = api.explain('3 2 0 1 0 0 2 1 0 0', { k: 0 });
    await headlineIs(page, `NDCG = ${e.dcg.toFixed(3)} / ${e.idcg.toFixed(3)} = ${e.ndcg.toFixed(3)}`);
    await page.fill('#opt-k', '10');
    await page.fill('#opt-weights', '2,2,2');
    e = api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10, weights: [2, 2, 2] });
    await headlineIs(page, `NDCG@10 = ${e.dcg.toFixed(3)} / ${e.idcg.toFixed(3)} = ${e.ndcg.toFixed(3)}`);
    assert.equal(await textOf(page, '[data-metric="weighted"] dd'), e.ndcg.toFixed(3));
    assert.equal(await textOf(page, '[data-metric="unweighted"] dd'), '0.949');
    await page.fill('#opt-weights', '');
    await page.fill('#opt-log-base', '10');
    await page.fill('#opt-decimals', '5');
    e = api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10, logBase: 10 });
    await headlineIs(page, `NDCG@10 = ${e.dcg.toFixed(5)} / ${e.idcg.toFixed(5)} = ${e.ndcg.toFixed(5)}`);
    assert.equal(e.ndcg.toFixed(5), '0.94903');
    await page.selectOption('#opt-gain', 'table');
    assert.equal(await page.inputValue('#opt-gain-table'), '0,1,3,7,15');
    await page.fill('#opt-gain-table', '0,1,2,4');
    e = api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10, logBase: 10, gainTable: [0, 1, 2, 4] });
    await headlineIs(page, `NDCG@10 = ${e.dcg.toFixed(5)} / ${e.idcg.toFixed(5)} = ${e.ndcg.toFixed(5)}`);
    await page.fill('#opt-gain-table', '0,1,zwei');
    await page.waitForSelector('#opt-gain-table-error:not([hidden])');
    assert.match(await textOf(page, '#opt-gain-table-error'), /zwei/);
    assert.equal(await page.getAttribute('#opt-gain-table', 'aria-invalid'), 'true');
  });
});

describe('export', () => {
  test('Markdown, CSV, LaTeX and JSON come from the core renderer; Download saves the same text', async () => {
    await open(page, fileUrl() + WORKED_EN);
    // The page always names its preset (the document's, unless the user picks another).
    const expected = (format) => api.render('3 2 0 1 0 0 2 1 0 0', { k: 10, preset: 'document' }, format);
    for (const format of ['markdown', 'csv', 'latex', 'json']) {
      await page.click(`button[data-action="export"][data-format="${format}"]`);
      await page.waitForFunction((want) => document.getElementById('export-text').value === want, expected(format));
    }
    const json = JSON.parse(await page.inputValue('#export-text'));
    assert.equal(json.dcg, 10.638930695573496);
    assert.equal(json.ndcg, api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10 }).ndcg);
    const exported = (pattern) => page.waitForFunction((source) => new RegExp(source, 'm').test(document.getElementById('export-text').value), pattern.source);
    await page.click('button[data-format="markdown"]');
    await exported(/^\| 1 \| 3 /);
    const md = await page.inputValue('#export-text');
    assert.match(md, /^\| 1 \| 3 \| 7(\.000)? \| 1\.000 \| 7\.000 \| 7\.000 \|$/m);
    assert.match(md, /IDCG@10 = 7\.000 \+ 1\.893 \+ 1\.500 \+ 0\.431 \+ 0\.387 = 11\.210/);
    await page.click('button[data-format="csv"]');
    await exported(/^list,position,id,rel,gain,discount,weight,contribution,cumulative$/);
    await page.click('button[data-format="latex"]');
    await exported(/\\begin\{tabular\}/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-download')]);
    assert.equal(download.suggestedFilename(), 'ndcg.tex');
    const body = await (await download.createReadStream()).toArray();
    assert.equal(Buffer.concat(body).toString('utf8'), expected('latex'));
  });
});

describe('state', () => {
  test('every option and the language survive a reload from the hash', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await setText(page, '#ranking', 'a 0.9 3\nb 0.9 1\nc 0.5 2');
    await page.fill('#opt-k', '3');
    await page.selectOption('#preset', 'trec_eval');
    await page.selectOption('#opt-ties', 'average');
    await page.fill('#opt-weights', '2,1.5');
    await page.selectOption('#opt-zero-idcg', 'one');
    await page.selectOption('#opt-negatives', 'drop');
    await page.fill('#opt-decimals', '4');
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    const before = await textOf(page, '#headline');
    await page.waitForFunction(() => location.hash.includes('lang=zh') && location.hash.includes('decimals=4'));
    const url = page.url();
    const other = await guard.context.newPage();
    await other.goto('about:blank');
    await open(other, url);
    assert.equal(await textOf(other, '#headline'), before);
    assert.equal(await other.inputValue('#ranking'), 'a 0.9 3\nb 0.9 1\nc 0.5 2');
    for (const [sel, want] of [['#opt-k', '3'], ['#preset', 'trec_eval'], ['#opt-ties', 'average'], ['#opt-weights', '2,1.5'],
      ['#opt-zero-idcg', 'one'], ['#opt-negatives', 'drop'], ['#opt-decimals', '4'], ['#opt-gain', 'linear']]) {
      assert.equal(await other.inputValue(sel), want, sel);
    }
    assert.equal(await other.evaluate(() => document.documentElement.lang), 'zh-CN');
    await other.close();
  });

  test('hashchange re-renders; the draft survives a reload without a hash', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await page.evaluate(() => { location.hash = '#grades=1,0,1&k=2'; });
    const e = api.explain('1 0 1', { k: 2 });
    await headlineIs(page, `NDCG@2 = ${e.dcg.toFixed(3)} / ${e.idcg.toFixed(3)} = ${e.ndcg.toFixed(3)}`);
    assert.equal(await page.inputValue('#ranking'), '1 0 1');
    await setText(page, '#ranking', '2 2 0 1');
    await page.waitForFunction(() => location.hash.startsWith('#grades=2,2,0,1'));
    await open(page, fileUrl());
    assert.equal(await page.inputValue('#ranking'), '2 2 0 1');
    assert.equal(await page.inputValue('#opt-k'), '2');
  });

  test('copy link puts the current URL on the clipboard (http)', async () => {
    const ctx = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const p = await ctx.newPage();
    await open(p, server.url() + WORKED);
    await p.fill('#opt-k', '7');
    await p.click('#copy-link');
    await p.waitForFunction(() => document.getElementById('status').textContent.length > 0);
    const copied = await p.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, `${server.url()}#grades=3,2,0,1,0,0,2,1,0,0&k=7`);
    await ctx.close();
  });
});

describe('errors', () => {
  test('a bad grade is shown with line, column and the text marked; input and last result stay', async () => {
    await open(page, fileUrl() + WORKED_EN);
    const bad = '3 2 0\n1 0 0 2 1 0 0\n3 oops 1';
    await setText(page, '#ranking', bad);
    await page.waitForSelector('#ranking-error:not([hidden])');
    const box = await textOf(page, '#ranking-error');
    assert.match(box, /Line 3, column 3/);
    assert.match(box, /oops/);
    assert.equal(await textOf(page, '#ranking-error mark'), 'oops');
    assert.equal(await page.inputValue('#ranking'), bad);
    assert.equal(await textOf(page, '#headline'), HEADLINE);
    assert.ok(await page.isVisible('#stale-note'));
    assert.equal(await page.getAttribute('#ranking', 'aria-invalid'), 'true');
    await page.click('#ranking-error button[data-action="goto-error"]');
    const selected = await page.evaluate(() => {
      const el = document.getElementById('ranking');
      return [document.activeElement === el, el.value.slice(el.selectionStart, el.selectionEnd)];
    });
    assert.deepEqual(selected, [true, 'oops']);
    // Fixing the text clears the error.
    await setText(page, '#ranking', '3 2 0 1 0 0 2 1 0 0');
    await page.waitForSelector('#ranking-error', { state: 'hidden' });
    assert.equal(await page.isVisible('#stale-note'), false);
  });

  test('errors in the judgments are shown beside the judgments, in Chinese too', async () => {
    await open(page, `${fileUrl()}#text=${encodeURIComponent('d1 3\nd2 1')}&k=10&lang=zh`);
    await setText(page, '#qrels', 'd1 3\nd2 x');
    await page.waitForSelector('#qrels-error:not([hidden])');
    assert.match(await textOf(page, '#qrels-error'), /第 2 行，第 4 列/);
    assert.equal(await textOf(page, '#qrels-error mark'), 'x');
  });
});

describe('large inputs', () => {
  test('100,000 items compute at once; the table shows the top rows with "show more"', async () => {
    await open(page, `${fileUrl()}#grades=3,2,0&k=0&lang=en`);
    const t0 = Date.now();
    await page.click('button[data-example="big"]');
    await page.waitForFunction(() => /100,000 items/.test(document.getElementById('ranking-status').textContent), null, { timeout: 20000 });
    console.log(`# 100,000 items computed and drawn in ${Date.now() - t0} ms`);
    assert.equal(await page.locator('#table-dcg tbody tr').count(), 100);
    assert.match(await textOf(page, '.result-dcg .more-rows'), /first 100 of 100,000/);
    await page.click('.result-dcg button[data-count="1000"]');
    await page.waitForFunction(() => document.querySelectorAll('#table-dcg tbody tr').length === 1100);
    assert.match(await textOf(page, '#sum-dcg'), /more\) = /);
    // The text is too long for a link: the hash keeps the options and says so.
    await page.waitForFunction(() => location.hash.startsWith('#local=1'));
    // A keystroke in the large text schedules the computation instead of
    // running it in the input handler, so typing never waits for it.
    const { before, during, blocked } = await page.evaluate(async () => {
      const el = document.getElementById('ranking');
      const status = () => document.getElementById('ranking-status').textContent;
      const was = status();
      el.value += ' 1';
      const start = performance.now();
      el.dispatchEvent(new Event('input', { bubbles: true }));
      return { before: was, during: status(), blocked: performance.now() - start };
    });
    assert.equal(during, before, 'the input handler recomputed synchronously');
    await page.waitForFunction(() => /100,001 items/.test(document.getElementById('ranking-status').textContent), null, { timeout: 20000 });
    console.log(`# keystroke handler with 100,000 items: ${blocked.toFixed(1)} ms`);
  });

  test('a 1 MB link renders its 524,288 grades and stays in the address bar as opened', async () => {
    const hash = `#grades=${Array(2 ** 19).fill('1').join(',')}&k=10&lang=en`;
    await page.goto(`${fileUrl()}${hash}`);
    await page.waitForFunction(() => /524,288 items/.test(document.getElementById('ranking-status').textContent), null, { timeout: 60000 });
    await headlineIs(page, 'NDCG@10 = 4.544 / 4.544 = 1.000');
    assert.equal(await page.evaluate(() => location.hash.length), hash.length);
    // Too long for the box: a summary stands in its place; removed, the box is back and typing works.
    assert.equal(await page.locator('#ranking').isHidden(), true);
    assert.match(await textOf(page, '#ranking-source-text'), /^Pasted text, too long to edit in the box: 1024\.0 KB · 1 line · a list of grades\.$/);
    await page.click('#ranking-source-remove');
    await setText(page, '#ranking', '3 2 1');
    await headlineIs(page, 'NDCG@10 = 9.393 / 9.393 = 1.000');
    await page.waitForFunction(() => location.hash.startsWith('#') && location.hash.length < 200);
  });
});

describe('embed page and component', () => {
  test('embed.html renders the worked example compactly', async () => {
    const p = await guard.context.newPage();
    await open(p, fileUrl('embed.html') + WORKED_EN);
    await headlineIs(p, HEADLINE);
    assert.equal(await p.locator('#table-dcg tbody tr').count(), 10);
    assert.equal(await p.locator('.result-metrics').count(), 0);
    // Copied alone it names no full calculator, so it shows no link to one (a 404 beside it).
    assert.equal(await p.locator('#open-full').isHidden(), true);
    await p.close();
  });

  test('<ndcg-calc grades="3,2,0,1,0,0,2,1,0,0" k="10"> renders in its shadow root', async () => {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await p.setContent('<!doctype html><html><body><ndcg-calc grades="3,2,0,1,0,0,2,1,0,0" k="10"></ndcg-calc><ndcg-calc k="3" lang="zh">1,0,1,x</ndcg-calc></body></html>');
    await p.addScriptTag({ content: readFileSync(join(root, 'dist/ndcg-calc.js'), 'utf8') });
    await p.waitForFunction(() => document.querySelector('ndcg-calc').result !== null && document.querySelector('ndcg-calc').result !== undefined);
    assert.equal(await p.locator('ndcg-calc').first().locator('#headline').textContent(), HEADLINE);
    assert.equal(await p.evaluate(() => document.querySelector('ndcg-calc').result.ndcg), api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10 }).ndcg);
    await p.locator('ndcg-calc').nth(1).locator('.error-box').waitFor();
    assert.match(await p.locator('ndcg-calc').nth(1).locator('.error-box').textContent(), /第 1 行，第 7 列/);
    // Attributes are live.
    await p.evaluate(() => document.querySelector('ndcg-calc').setAttribute('gain', 'linear'));
    const e = api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10, gain: 'linear' });
    await p.waitForFunction((want) => document.querySelector('ndcg-calc').shadowRoot.getElementById('headline').textContent.endsWith(want), e.ndcg.toFixed(3));
    await ctx.close();
  });
});

describe('no request leaves the page', () => {
  test('nothing but the page documents was requested in this whole file', () => {
    assert.deepEqual(guard.requests, []);
    assert.deepEqual(guard.blocked, []);
    assert.deepEqual(guard.errors, []);
  });
});
