// The pool pitfall told from the core's fields (what the judgments hold and
// the ranking never retrieved), the verdict and IDCG = 0 in words, numbers
// too large for fixed decimals, and TREC mode's measure box with trec_eval's
// options: its text export against the native `ndcg trec`, byte for byte.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { guard, open, root, screenshot, server, setText, shownText, textOf, useBrowser } from './_helpers.mjs';

let page;

useBrowser({ guarded: true }, async () => {
  page = await guard.context.newPage();
});

const SMALLEST = '#text=a%0Ab&qrels=a%203%0Ab%200%0Ac%201&k=1';

describe('the pool pitfall', () => {
  test('judged c, never retrieved, is named though both IDCG@1 are 7', async () => {
    await open(page, `${server.url('index.html')}${SMALLEST}&lang=en`);
    // Both cards show their IDCG@1: a (grade 3) tops both ideals, 2^3 − 1 = 7.
    assert.deepEqual(await page.$$eval('.pool-card p:nth-child(2)', (els) => els.map((e) => e.textContent)), ['IDCG@1 = 7.000', 'IDCG@1 = 7.000']);
    assert.equal(await textOf(page, '#pool-missed'), 'The judgments hold 1 relevant item (gain above 0) that the ranking never retrieved: c.');
    assert.equal(await textOf(page, '#pool-agree'), 'The two IDCG@1 agree only at this K: the missed items change nothing in the top 1.');
    assert.doesNotMatch(await textOf(page, '#results'), /retrieved every relevant item/);
    await screenshot(page.locator('#pool-missed').locator('xpath=ancestor::section[1]'), 'pool-missed-en.png');
    await open(page, `${server.url('index.html')}${SMALLEST}&lang=zh&theme=dark`);
    assert.equal(await textOf(page, '#pool-missed'), '标注中有 1 个相关条目（增益大于 0）从未被该排序召回：c。');
    assert.equal(await textOf(page, '#pool-agree'), '两个 IDCG@1 只在这个 K 上相等：漏掉的条目没有改变前 1 位。');
    await screenshot(page.locator('#pool-missed').locator('xpath=ancestor::section[1]'), 'pool-missed-zh-dark.png');
    // With no cutoff the judged IDCG is larger (7 + 1/log2(3)): no "agree" sentence.
    await open(page, `${server.url('index.html')}${SMALLEST.replace('k=1', 'k=0')}&lang=en`);
    assert.equal(await page.locator('#pool-agree').count(), 0);
    assert.equal(await page.$$eval('.pool-card p:nth-child(2)', (els) => els[1].textContent), `IDCG = ${(7 + 1 / Math.log2(3)).toFixed(3)}`);
  });

  test('missed ids are text: HTML in one makes no element', async () => {
    const qrels = encodeURIComponent('d1 3\n<img/src=x/onerror=alert(1)> 1\n');
    await open(page, `${server.url('index.html')}#text=d1&qrels=${qrels}&k=1&lang=en`);
    assert.equal(await textOf(page, '#pool-missed'), 'The judgments hold 1 relevant item (gain above 0) that the ranking never retrieved: <img/src=x/onerror=alert(1)>.');
    assert.equal(await page.locator('#pool-missed *').count(), 0);
  });

  test('a ranking that retrieved every judged item with a gain says so', async () => {
    await open(page, `${server.url('index.html')}#text=a%0Ab%0Ac&qrels=a%203%0Ab%200%0Ac%201&k=1&lang=en`);
    assert.equal(await textOf(page, '#pool-missed'), 'Every judged item with a gain was retrieved: the two ideals are the same.');
  });

  test('the other metrics say AP@K, as the cutoff they were computed at', async () => {
    await open(page, `${server.url('index.html')}#grades=3,2,0,1&k=3&lang=en`);
    assert.equal(await textOf(page, '[data-metric="ap"] dt'), 'AP@3');
  });
});

describe('numbers in words', () => {
  test('1000 0 1 is not called ideal though DCG = IDCG in doubles; its gain honours Decimals', async () => {
    await open(page, `${server.url('index.html')}#grades=1000,0,1&k=3&lang=en`);
    assert.notEqual(await textOf(page, '.verdict'), 'The ranking is already in the ideal order.');
    // 2^1000 − 1 = 1.0715…e301: three decimals of a mantissa, then two.
    assert.equal(await textOf(page, '#table-dcg tbody tr td:nth-of-type(2)'), '1.072 × 10³⁰¹');
    await open(page, `${server.url('index.html')}#grades=1000,0,1&k=3&lang=en&decimals=2`);
    assert.equal(await textOf(page, '#table-dcg tbody tr td:nth-of-type(2)'), '1.07 × 10³⁰¹');
    await open(page, `${server.url('index.html')}#grades=1000,1,0&k=3&lang=en`);
    assert.equal(await textOf(page, '.verdict'), 'The ranking is already in the ideal order.');
  });

  test('IDCG = 0 says what it means and which convention gave the value', async () => {
    await open(page, `${server.url('index.html')}#grades=0,0&k=2&lang=en`);
    assert.equal(await textOf(page, '.verdict'), 'IDCG is 0: no item has a gain, so there is nothing to divide by. 0.000 is no score but the convention “When IDCG = 0: NDCG is 0”.');
    await open(page, `${server.url('index.html')}#grades=0,0&k=2&lang=zh&zeroIdcg=one`);
    assert.equal(await textOf(page, '.verdict'), 'IDCG 为 0：没有任何条目有增益，无从相除。1.000 不是得分，而是约定“IDCG = 0 时：NDCG 记为 1”。');
  });
});

describe('TREC mode: every trec_eval measure', () => {
  const data = join(root, 'tests/data/trec-parity');
  const qrels = join(data, 'set1.qrels');
  const run = join(data, 'set1.run');
  const native = (...args) => execFileSync(join(root, 'build/native/ndcg'), ['trec', ...args, qrels, run], { encoding: 'utf8', maxBuffer: 1 << 26 });

  async function trecPage(lang = 'en', theme = 'light') {
    await open(page, `${server.url('index.html')}#lang=${lang}&theme=${theme}`);
    await page.check('input[name="mode"][value="trec"]');
    assert.equal(await page.inputValue('#preset'), 'trec_eval');
    await setText(page, '#ranking', readFileSync(run, 'utf8'));
    await setText(page, '#qrels', readFileSync(qrels, 'utf8'));
  }

  async function exportText() {
    await page.click('#export button[data-action="export"][data-format="trec"]');
    await page.waitForFunction(() => !document.getElementById('export-preview').hidden && document.getElementById('export-text').value);
    return page.inputValue('#export-text');
  }

  test('-m ndcg_cut.1,3,5,10 -m map -J: the text export is ndcg trec -q’s, byte for byte', async () => {
    await trecPage();
    await page.fill('#measures', '-m ndcg_cut.1,3,5,10 -m map');
    await page.check('#opt-judged-only');
    await page.waitForFunction(() => document.querySelector('#table-trec thead')?.textContent.includes('ndcg_cut_3'));
    const want = native('-q', '-m', 'ndcg_cut.1,3,5,10', '-m', 'map', '-J');
    assert.equal(await exportText(), want);
    // trec_eval's 4 decimals under its preset; the state in the hash.
    assert.equal(await page.inputValue('#opt-decimals'), '4');
    const hash = decodeURIComponent(await page.evaluate(() => location.hash));
    assert.match(hash, /measures=-m ndcg_cut\.1,3,5,10 -m map/);
    assert.match(hash, /judgedOnly=1/);
    await screenshot(page, 'trec-measures-en.png');
  });

  test('an empty box gives trec_eval’s default set, as ndcg trec with no -m', async () => {
    await trecPage();
    await page.waitForFunction(() => document.querySelector('#trec-means [data-measure="P_1000"]'));
    assert.equal(await exportText(), native('-q'));
  });

  test('-M and -c are rows of the same table', async () => {
    await trecPage();
    await page.fill('#measures', 'map P.5 judged.10');
    await page.fill('#opt-max-docs', '50');
    await page.check('#opt-complete');
    await page.waitForFunction(() => document.querySelector('#table-trec thead')?.textContent.includes('judged_10'));
    assert.equal(await exportText(), native('-q', '-m', 'map', '-m', 'P.5', '-m', 'judged.10', '-M', '50', '-c'));
  });

  test('bad measure text: a message at the box, nothing lost', async () => {
    await trecPage('zh', 'dark');
    await page.fill('#measures', 'map ndcg_cutt.10');
    await shownText(page, '#measures-error', /没有名为“ndcg_cutt”的指标/);
    assert.equal(await page.inputValue('#measures'), 'map ndcg_cutt.10');
    assert.equal(await page.getAttribute('#measures', 'aria-invalid'), 'true');
    assert.match(decodeURIComponent(await page.evaluate(() => location.hash)), /measures=map ndcg_cutt\.10/);
    await screenshot(page, 'trec-measures-error-zh-dark.png');
    await page.fill('#measures', 'map ndcg_cut.10');
    await page.waitForFunction(() => document.getElementById('measures-error').hidden);
  });
});
