// The batch formats on the page: a LETOR file and its predictions dropped
// together on batch mode go to the judgments and predictions boxes and give
// the Node API's means on their TREC equivalent; a JSON run over the parity
// qrels gives trec_eval's own means; compare mode reads a CSV run; each box
// says how the core read it, in English and in Chinese; a group file serves
// LETOR lines without qid:, and a short predictions file is refused at its line.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { guard, nodeApi, root, server, textOf, useBrowser } from './_helpers.mjs';

const PARITY = join(root, 'tests/data/trec-parity');
const RUN = readFileSync(join(PARITY, 'set1.run'), 'utf8');
const QRELS = readFileSync(join(PARITY, 'set1.qrels'), 'utf8');
const NAMES = ['ndcg', 'ndcg_cut_10', 'P_10', 'recall_10', 'map', 'recip_rank'];
const MEASURES = ['ndcg', 'ndcg_cut.10', 'P.10', 'recall.10', 'map', 'recip_rank'];

const rows = (text) => text.split('\n').map((l) => l.trim().split(/\s+/)).filter((f) => f.length > 3);
const runRows = rows(RUN);
const grade = new Map(rows(QRELS).map((f) => [`${f[0]} ${f[2]}`, Math.max(0, Number(f[3]))]));

// The run as LETOR (labels from the qrels, one feature, the doc id in a comment) and its predictions.
const LETOR = runRows.map((f) => `${grade.get(`${f[0]} ${f[2]}`) || 0} qid:${f[0]} 1:${f[3]} # docid = ${f[2]}`).join('\n');
const PREDICTIONS = runRows.map((f) => f[4]).join('\n');
// The same as TREC text: what the Node API evaluates for the expected means.
const LETOR_QRELS = runRows.map((f) => `${f[0]} 0 ${f[2]} ${grade.get(`${f[0]} ${f[2]}`) || 0}`).join('\n');
const LETOR_RUN = runRows.map((f) => `${f[0]} Q0 ${f[2]} 0 ${f[4]} run`).join('\n');
const JSON_RUN = JSON.stringify(runRows.map((f) => ({ query_id: f[0], doc_id: f[2], score: Number(f[4]) })));
// Another run as CSV (quoted where an id holds a comma or a quote): ordered by the rank column.
const cell = (s) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
const CSV_RUN = ['qid,docno,score', ...runRows.map((f) => [f[0], cell(f[2]), -Number(f[3])].join(','))].join('\n');

useBrowser({ guarded: true });
let api;

before(async () => {
  api = await nodeApi();
});

/** trec_eval's "all" values of the parity set, as it printed them. */
function parityMeans() {
  const out = {};
  for (const line of readFileSync(join(PARITY, 'set1.all_trec_q.txt'), 'utf8').split('\n')) {
    const [name, qid, value] = line.split('\t').map((x) => x.trim());
    if (qid === 'all' && NAMES.includes(name)) out[name] = value;
  }
  return out;
}

function apiMeans(qrels, run) {
  const r = api.evaluateTrec(qrels, run, { measures: MEASURES, preset: 'trec_eval' });
  return Object.fromEntries(NAMES.map((n) => [n, r.mean[n].toFixed(4)]));
}

async function modePage(mode, lang = 'en') {
  const page = await guard.context.newPage();
  await page.goto(`${server.url('index.html')}#lang=${lang}`);
  await page.waitForFunction(() => window.ndcgCalc);
  await page.check(`input[name="mode"][value="${mode}"]`);
  await page.fill('#opt-decimals', '4');
  // Six measures at K = 10: the trec_eval preset's default is trec_eval's set.
  if (mode === 'trec') await page.fill('#measures', MEASURES.join(' '));
  return page;
}

/** Drops files made of [name, text] on `selector`, as a drop of several files from a file manager. */
function drop(page, selector, files) {
  return page.evaluate(({ selector, files }) => {
    const transfer = new DataTransfer();
    for (const [name, text] of files) transfer.items.add(new File([text], name, { type: 'text/plain' }));
    document.querySelector(selector).dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, { selector, files });
}

async function pageMeans(page) {
  await page.waitForSelector('#trec-means', { timeout: 60000 });
  await page.waitForFunction(() => document.getElementById('batch-progress').hidden && document.querySelector('#qrels-status').textContent);
  return page.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll('#trec-means .mean'), (m) => [m.dataset.measure, m.querySelector('dd').textContent])));
}

const pick = (means) => Object.fromEntries(NAMES.map((n) => [n, means[n]]));

describe('batch mode', () => {
  test('LETOR and its predictions dropped together: the right boxes, the Node API’s means, the readings in both languages', async () => {
    const page = await modePage('trec');
    await drop(page, '#ranking-field', [['pred.txt', PREDICTIONS], ['set1.letor', LETOR]]);
    assert.deepEqual(pick(await pageMeans(page)), apiMeans(LETOR_QRELS, LETOR_RUN));
    assert.equal(await textOf(page, '#ranking-label'), 'Predictions');
    assert.match(await textOf(page, '#ranking-source-text'), /^File “pred\.txt”/);
    assert.match(await textOf(page, '#qrels-source-text'), /^File “set1\.letor”/);
    assert.match(await textOf(page, '#qrels-status'), /^Read as LETOR: the labels are the judgments, 4,114 lines in 51 queries; doc ids from the #docid comments\.$/);
    assert.equal(await textOf(page, '#ranking-status'), 'Read as predictions, one score per line of the LETOR file.');
    assert.equal(await page.locator('#group-field').isVisible(), true);
    // In Chinese: the same readings, no English word outside the file's own names.
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh'));
    const zh = await textOf(page, '#qrels-status');
    assert.match(zh, /^识别为LETOR：标签即相关性标注，51 个查询共 4,114 行；文档 id 取自 #docid 注释。$/);
    assert.equal(await textOf(page, '#ranking-label'), '预测分数');
    const words = await page.evaluate(() => {
      const out = [];
      const walker = document.createTreeWalker(document.getElementById('input-heading').closest('section'), NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.parentElement.closest('code, textarea, .source-text, [hidden]')) continue;
        for (const m of n.data.matchAll(/[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]/g)) out.push(m[0]);
      }
      return out;
    });
    const names = new Set(['TREC', 'LETOR', 'JSON', 'JSONL', 'CSV', 'TSV', 'BEIR', 'qrels', 'qid', 'docid', 'id', 'gz', 'LightGBM', 'XGBoost', 'rank', 'score', 'tag',
      'trec_eval', 'Markdown', 'nDCG']);
    assert.deepEqual(words.filter((w) => !names.has(w) && !/\d/.test(w)), [], 'English words in the input panel');
    await page.close();
  });

  test('a JSON run over TREC qrels gives trec_eval’s means; its columns are named', async () => {
    const page = await modePage('trec');
    await page.fill('#qrels', '481 0 typed 1\n');
    await drop(page, '#ranking-field', [['run.json', JSON_RUN], ['set1.qrels', QRELS]]);
    assert.deepEqual(pick(await pageMeans(page)), parityMeans());
    assert.equal(await textOf(page, '#ranking-status'), 'Read as JSON records: query_id → query, doc_id → doc, score.');
    assert.equal(await textOf(page, '#ranking-label'), 'TREC run');
    assert.equal(await page.locator('#group-field').isVisible(), false);
    // What was typed before the file came is there again once the file is removed.
    await page.click('#qrels-source-remove');
    assert.equal(await page.inputValue('#qrels'), '481 0 typed 1\n');
    await page.close();
  });

  test('LETOR lines without qid: ask for their group file, then read it; short predictions are refused at their line', async () => {
    const page = await modePage('trec');
    await page.fill('#qrels', '2 1:0.5\n0 1:0.1\n1 3:1\n');
    await page.fill('#ranking', '0.2\n0.9\n');
    await page.waitForFunction(() => /group file/.test(document.querySelector('#results-body .notice')?.textContent));
    await page.setInputFiles('#group-file', { name: 'train.query', mimeType: 'text/plain', buffer: Buffer.from('2\n1\n') });
    await page.waitForSelector('#ranking-error:not([hidden])');
    assert.match(await textOf(page, '#ranking-error'), /Line 2, column 1 in the run ?expected 3 predictions, one per line of the LETOR file; found 2\./);
    await page.fill('#ranking', '0.2\n0.9\n0.5\n');
    const means = await pageMeans(page);
    assert.equal(means.map, api.evaluateTrec('1 0 1 2\n1 0 2 0\n2 0 1 1\n', '1 Q0 1 0 0.2 r\n1 Q0 2 0 0.9 r\n2 Q0 1 0 0.5 r\n', { measures: ['map'] }).mean.map.toFixed(4));
    assert.match(await textOf(page, '#qrels-status'), /\(query sizes from the group file\); doc ids are each line’s position in its query\.$/);
    assert.match(await textOf(page, '#group-source-text'), /^File “train\.query”/);
    await page.close();
  });
});

describe('compare mode', () => {
  test('a CSV run against a TREC run: the means of compareRuns, and B’s reading beside B', async () => {
    const page = await modePage('compare');
    const file = (name, text) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.setInputFiles('#ranking-file', file('set1.run', RUN));
    await page.setInputFiles('#qrels-file', file('set1.qrels', QRELS));
    await page.setInputFiles('#ranking-b-file', { name: 'neg.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV_RUN) });
    await page.waitForSelector('#table-cmp-stats', { timeout: 60000 });
    await page.waitForFunction(() => document.getElementById('batch-progress').hidden && document.getElementById('ranking-b-status').textContent);
    assert.equal(await textOf(page, '#ranking-b-status'), 'Read as CSV: qid → query, docno → doc, score.');
    assert.equal(await textOf(page, '#ranking-status'), 'Read as TREC.');
    assert.equal(await textOf(page, '#qrels-status'), 'Read as TREC.');
    await page.waitForFunction(() => document.getElementById('ranking-status').textContent);
    const want = api.compareRuns(QRELS, [RUN, CSV_RUN], { measures: ['ndcg_cut.10', 'map', 'P.10', 'recip_rank'], trials: 100, preset: 'trec_eval' });
    const cells = await page.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll('#table-cmp-stats td[data-measure]'),
      (td) => [`${td.closest('tr').dataset.stat}|${td.dataset.measure}`, td.textContent])));
    for (const c of want.comparisons) {
      const shown = Object.entries(cells).filter(([k]) => k.endsWith(`|${c.measure}`)).map(([, v]) => v);
      assert.ok(shown.includes(c.meanA.toFixed(4)), `${c.measure} A ${c.meanA}: ${shown}`);
      assert.ok(shown.includes(c.meanB.toFixed(4)), `${c.measure} B ${c.meanB}: ${shown}`);
    }
    await page.close();
  });
});
