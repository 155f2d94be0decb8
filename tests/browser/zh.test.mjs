// Chinese everywhere: in lang=zh, a walk over the rendered DOM (text and the
// attributes people read: aria-label, title, placeholder, alt) of the full
// page in every mode and state, the embed page, the element (its shadow
// root) and the Embed dialog finds no English word, outside ids and user
// data, numbers, formulas and code, and the names of measures, formats,
// tools and libraries, which read the same in both languages.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browser, fileUrl, open, server, useBrowser, WORKED } from './_helpers.mjs';

/** Words that are names, not English: measures, formats, fields of a file format, tools, libraries, formulas. */
const NAMES = new Set([
  // measures and their formulas
  'NDCG', 'DCG', 'IDCG', 'CG', 'ERR', 'AP', 'RR', 'MAP', 'MRR', 'nDCG', 'rel', 'rel_i', 'log', 'log_2', 'd_z', 'Holm', 'Wilcoxon',
  'ndcg', 'ndcg_cut', 'map', 'recip_rank', 'recall', 'label', 'rating',
  // trec_eval's default set, as batch mode shows it (names with an underscore are names too: num_rel_ret)
  'runid', 'bpref', 'Rprec', 'infAP', 'trec', 'doc',
  // formats and the fields of a TREC run and qrels
  'TREC', 'qrels', 'CSV', 'TSV', 'JSON', 'JSONL', 'LETOR', 'BEIR', 'LaTeX', 'Markdown', 'gz', 'gzip', 'id', 'qid', 'docid', 'rank', 'score', 'tag',
  // tools, libraries and what they call things
  'trec_eval', 'gdeval', 'sklearn', 'scikit-learn', 'ndcg_score', 'lightgbm', 'LightGBM', 'xgboost', 'XGBoost', 'tf-ranking', 'TF-Ranking',
  'torchmetrics', 'TorchMetrics', 'elasticsearch', 'Elasticsearch', 'rank_eval', 'dcg', 'normalize', 'true',
  'spark', 'Spark', 'MLlib', 'RankingMetrics.ndcgAt',
  // the web: the element, the iframe and the policy they need
  'Web', 'iframe', 'ndcg-calc.js', 'embed.html', 'CSP', 'script-src', 'wasm-unsafe-eval', 'frame-src', 'JavaScript', 'WebAssembly',
  'Node', 'w_i',
  // keys, as the keyboard names them
  'Tab', 'Home', 'End', 'Enter',
]);
// A word with a digit is an id or a name with a number (q1, d7, Q0, P_10, ndcg_cut_10, float32), not English.
const WITH_DIGIT = /\d/;
const WITH_UNDERSCORE = /_/;

/**
 * Runs in the page: every word of Latin letters (two or more, with _ . -
 * inside) in what a person reads under `root` and in the shadow roots
 * below it, with where it was found. Skipped: code, key names, formulas, user data
 * (ids, query ids, the error's line, text boxes), what is hidden, and
 * whatever is marked as English (the language button).
 */
function englishWords(rootSelector) {
  const out = [];
  const skip = 'script, style, noscript, textarea, code, kbd, var, pre, .id, [data-qid], .error-line, .source-text, [lang^="en"], [hidden]';
  const add = (text, where) => {
    for (const m of String(text).matchAll(/[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]/g)) out.push([m[0], where]);
  };
  const visit = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n = walker.currentNode; n; n = walker.nextNode()) {
      const el = n.nodeType === 1 ? n : n.parentElement;
      if (!el || el.closest(skip)) continue;
      const where = `${el.localName}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
      if (n.nodeType === 3) add(n.data, where);
      else {
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) if (el.hasAttribute(name)) add(el.getAttribute(name), `${where}@${name}`);
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    }
  };
  const root = rootSelector ? document.querySelector(rootSelector) : document.body;
  visit(root);
  if (!rootSelector) add(document.title, 'title');
  return out;
}

useBrowser();
async function zhPage(url, started = true) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  if (started) await open(page, url);
  else await page.goto(url);
  return { context, page };
}

// English words of the page now, each with the state it was found in.
async function check(page, state, found, rootSelector = null) {
  await page.$$eval('details', (all) => all.forEach((d) => { d.open = true; }));
  for (const [word, where] of await page.evaluate(englishWords, rootSelector)) {
    if (!NAMES.has(word) && !WITH_DIGIT.test(word) && !WITH_UNDERSCORE.test(word)) found.push(`${state}: "${word}" in ${where}`);
  }
}

const RUN_A = 'q1 Q0 d1 1 3 a\nq2 Q0 x 1 3 a\nq2 Q0 d1 2 2 a\nq3 Q0 d1 1 3 a\nq4 Q0 x 1 3 a';
const RUN_B = 'q1 Q0 d1 1 3 b\nq2 Q0 d1 1 3 b\nq3 Q0 x 1 3 b\nq3 Q0 y 2 2 b\nq3 Q0 d1 3 1 b\nq4 Q0 d1 1 3 b';
const QRELS = 'q1 0 d1 1\nq2 0 d1 1\nq3 0 d1 1\nq4 0 d1 1';

describe('lang=zh: no English word on screen', () => {
  test('the full page: every example, ranking B, an error, batch mode and its drill-down, compare mode, the Embed dialog', async () => {
    const { context, page } = await zhPage(`${fileUrl()}${WORKED}&lang=zh`);
    const found = [];
    await check(page, 'worked example', found);
    for (const example of ['pool', 'diversity', 'ties', 'scored', 'csv', 'markdown']) {
      await page.click(`button[data-example="${example}"]`);
      await page.waitForFunction(() => document.getElementById('headline'));
      await page.waitForTimeout(200);
      await check(page, `example ${example}`, found);
    }
    await page.fill('#opt-weights', '2,2');
    await page.fill('#ranking-b', '3 3 1 0 2');
    await page.waitForSelector('#table-ab');
    await page.click('button[data-format="markdown"]');
    await page.waitForSelector('#export-preview:not([hidden])');
    await check(page, 'ranking B, weights and an export', found);
    await page.fill('#ranking', '3 2 x 1');
    await page.waitForSelector('#stale-note:not([hidden])');
    await check(page, 'an input that does not parse', found);
    await page.click('button[data-example="trec"]');
    await page.waitForSelector('#table-trec tbody tr[data-qid]');
    await check(page, 'batch mode', found);
    await page.click('#table-trec tbody tr[data-qid] button[data-action="explain-query"]');
    await page.waitForSelector('#table-dcg');
    await check(page, 'a query explained', found);
    await page.click('input[name="mode"][value="compare"]');
    for (const [id, text] of [['ranking', RUN_A], ['ranking-b', RUN_B], ['qrels', QRELS]]) await page.fill(`#${id}`, text);
    await page.waitForSelector('#section-cmp-stats', { timeout: 30000 });
    await page.click('#cmp-chart .bar');
    await page.waitForSelector('#cmp-drill');
    await check(page, 'compare mode', found);
    await page.click('input[name="mode"][value="explain"]');
    await page.click('button[data-example="worked"]');
    await page.waitForSelector('#table-dcg');
    await page.click('#embed-open');
    await page.waitForFunction(() => document.querySelector('#embed-preview')?.shadowRoot?.querySelector('#table-dcg'));
    for (const name of ['charts', 'metrics', 'presets']) await page.check(`input[name="embed-part"][value="${name}"]`);
    await page.waitForFunction(() => document.querySelector('#embed-preview').shadowRoot.querySelector('#table-presets'));
    await check(page, 'the Embed dialog and its preview', found, '#embed-dialog');
    assert.deepEqual(found, []);
    await context.close();
  });

  test('the embed page and the element on the examples page', async () => {
    const found = [];
    const { context, page } = await zhPage(`${server.url('embed.html')}${WORKED}&lang=zh&parts=input,headline,tables,charts,metrics,presets`);
    await check(page, 'embed.html', found);
    await page.fill('#ranking', '3 2 x');
    await page.waitForSelector('#stale-note:not([hidden])');
    await check(page, 'embed.html with an error', found);
    await context.close();
    const examples = await zhPage(server.url('examples.html'), false);
    await examples.page.waitForFunction(() => [...document.querySelectorAll('article[lang="zh-CN"] ndcg-calc')].every((el) => el.result));
    await check(examples.page, 'the element in the Chinese post', found, 'article[lang="zh-CN"] ndcg-calc');
    await examples.context.close();
    assert.deepEqual(found, []);
  });
});
