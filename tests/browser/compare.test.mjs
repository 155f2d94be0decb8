// Compare mode: the parity set's run against a second run made here by
// changing scores, opened as files. Every number shown equals the native
// `ndcg compare --format json` on the same files; the per-query table
// sorts; a click opens both rankings side by side with the positions that
// differ marked as a plain comparison written here finds them; the verdict
// in both languages; pasted runs in the link; a bad run keeps what was
// typed; hostile files in compare's pickers; the tie range of the explain
// mode against a brute force over every order; axe and screenshots; and
// the main thread's longest task for two 100,000-line runs (reported, not asserted).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { axeViolations, browser, guard, LOOKS, ONE_OF_EACH, root, screenshot, server, shownText, useBrowser } from './_helpers.mjs';
import { pageFiles } from '../hostile/catalogue.mjs';
import { makeRun } from '../../bench/gen.mjs';

const SET1 = { run: join(root, 'tests/data/trec-parity/set1.run'), qrels: join(root, 'tests/data/trec-parity/set1.qrels') };
const MEASURES = ['ndcg_cut.10', 'map', 'P.10', 'recip_rank'];
const D = 4;

useBrowser({ guarded: true });
let dir;
let bRun;
let cRun;

/** A third run: every fifth line's score halved and every seventh set to zero (other documents move). */
function otherScores(text) {
  return text.split('\n').map((line, i) => {
    const f = line.split(/\s+/);
    if (f.length < 6 || (i % 5 !== 1 && i % 7 !== 2)) return line;
    f[4] = i % 5 === 1 ? String(Number(f[4]) / 2) : '0';
    return f.join(' ');
  }).join('\n');
}

/** A second run: every fourth line's score negated (its documents move down in their query). */
function changedScores(text) {
  return text.split('\n').map((line, i) => {
    const f = line.split(/\s+/);
    if (f.length < 6 || i % 4 !== 3) return line;
    f[4] = String(-Number(f[4]));
    return f.join(' ');
  }).join('\n');
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ndcg-compare-'));
  bRun = join(dir, 'b.run');
  writeFileSync(bRun, changedScores(readFileSync(SET1.run, 'utf8')));
  cRun = join(dir, 'c.run');
  writeFileSync(cRun, otherScores(readFileSync(SET1.run, 'utf8')));
});

after(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The native command's JSON for the two runs, named as the page names them (their file names). */
function nativeCompare(qrels, runA, runB, names = ['set1.run', 'b.run']) {
  return nativeRuns(qrels, [runA, runB], names);
}

/** The native command's JSON for any number of runs; `extra` adds flags (--all-pairs). */
function nativeRuns(qrels, runs, names, extra = []) {
  const args = ['compare', '--format', 'json', '-q', ...MEASURES.flatMap((m) => ['-m', m]), ...names.flatMap((n) => ['--names', n]), ...extra, qrels, ...runs];
  return JSON.parse(execFileSync(join(root, 'build/native/ndcg'), args, { encoding: 'utf8', maxBuffer: 1 << 28 }));
}

// Numbers as the page should write them, derived here: D decimals, no "-0", a minus sign (U+2212), a sign on differences.
const fx = (v, d = D) => (v === null ? '—' : v.toFixed(d).replace(/^-(0\.0*)$/, '$1').replace(/^-/, '−'));
const sg = (v) => (v === null ? '—' : `${v > 0 && /[1-9]/.test(fx(v)) ? '+' : ''}${fx(v)}`);
const pv = (p) => (p === null ? '—' : p < 0.5 * 10 ** -D ? `< ${fx(10 ** -D)}` : fx(p));
const label = (m) => ({ ndcg_cut_10: 'NDCG@10', map: 'MAP', P_10: 'P@10', recip_rank: 'MRR' }[m]);

/** A page in compare mode (trec_eval's convention), D decimals. */
async function comparePage(lang = 'en', context = guard.context) {
  // No init script: the context's pages are then reused (a new one costs four page loads).
  const page = await context.newPage();
  await page.goto(`${server.url('index.html')}#lang=${lang}`);
  await page.waitForFunction(() => window.ndcgCalc);
  await page.check('input[name="mode"][value="compare"]');
  await page.fill('#opt-decimals', String(D));
  return page;
}

/** Pastes runs A and B, the qrels and, with `runC`, a third run into an added box. */
async function pasteRuns(page, qrels, runA, runB, runC) {
  await page.fill('#ranking', runA);
  await page.fill('#ranking-b', runB);
  await page.fill('#qrels', qrels);
  if (runC === undefined) return;
  await page.click('#run-add');
  await page.fill('#run-c', runC);
}

async function openRuns(page, runA = SET1.run, runB = bRun, qrels = SET1.qrels) {
  await page.setInputFiles('#ranking-file', runA);
  await page.setInputFiles('#ranking-b-file', runB);
  await page.setInputFiles('#qrels-file', qrels);
  await page.waitForSelector('#table-cmp-stats', { timeout: 120000 });
  await page.waitForFunction(() => document.getElementById('batch-progress').hidden && !document.getElementById('results-body').classList.contains('stale'));
}

const statCells = (page) => page.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll('#table-cmp-stats td[data-measure]'),
  (td) => [`${td.closest('tr').dataset.stat}|${td.dataset.measure}`, td.textContent])));

/** The per-query rows drawn: [qid, A, B, B − A]. */
const tableRows = (page) => page.evaluate(() => Array.from(document.querySelectorAll('#table-cmp tbody tr:not(.spacer)'),
  (tr) => Array.from(tr.cells).slice(0, 4).map((c) => c.textContent)));

/** The native per-query values of one measure: qid → [a, b]. */
function perQuery(native, measure) {
  const [a, b] = native.per_query[measure];
  return new Map(native.per_query.qids.map((q, i) => [q, [a[i], b[i]]]));
}

/** The query's documents of a run in trec_eval's order (score descending, then docid descending), the first k. */
function rankedDocs(text, qid, k = 10) {
  const rows = text.split('\n').map((l) => l.trim().split(/\s+/)).filter((f) => f[0] === qid && f.length >= 6);
  rows.sort((x, y) => Number(y[4]) - Number(x[4]) || (x[2] < y[2] ? 1 : x[2] > y[2] ? -1 : 0));
  return rows.slice(0, k).map((f) => f[2]);
}

describe('compare mode on the parity set', () => {
  let native;
  before(() => { native = nativeCompare(SET1.qrels, SET1.run, bRun); });

  test('every number shown equals ndcg compare --format json', async () => {
    const page = await comparePage();
    await openRuns(page);
    const cells = await statCells(page);
    for (const c of native.comparisons) {
      const want = {
        'mean-a': fx(c.mean_a), 'mean-b': fx(c.mean_b), diff: sg(c.diff), ci95: `[${sg(c.ci95[0])}, ${sg(c.ci95[1])}]`,
        'effect-size': fx(c.effect_size, 2), wlt: `${c.wins} / ${c.losses} / ${c.ties}`, 'p-ttest': pv(c.p_ttest),
        'p-wilcoxon': pv(c.p_wilcoxon), 'p-sign': pv(c.p_sign), 'p-randomization': pv(c.p_randomization),
      };
      for (const [stat, text] of Object.entries(want)) assert.equal(cells[`${stat}|${c.measure}`], text, `${stat} of ${c.measure}`);
    }
    // Two runs: one pair per measure, so no Holm row.
    assert.equal(Object.keys(cells).filter((k) => k.startsWith('p-holm')).length, 0);
    assert.equal(Object.keys(cells).length, 10 * native.comparisons.length);
    // Tied scores: per run and measure.
    const ties = await page.evaluate(() => Array.from(document.querySelectorAll('#table-cmp-ties tbody tr'),
      (tr) => [tr.dataset.measure, tr.dataset.run, ...Array.from(tr.cells).slice(2).map((c) => c.textContent)]));
    assert.deepEqual(ties, native.tie_ranges.map((r) => [r.measure, r.run, String(r.queries_changed), fx(r.mean_min), fx(r.mean_max)]));
    // The per-query table (NDCG@10 first, largest gain first) and the chart's bars.
    const values = perQuery(native, 'ndcg_cut_10');
    const rows = await tableRows(page);
    assert.ok(rows.length >= 10);
    for (const [qid, a, b, diff] of rows) {
      const [va, vb] = values.get(qid);
      assert.deepEqual([a, b, diff], [fx(va), fx(vb), sg(vb - va)], qid);
    }
    const bars = await page.$$eval('#cmp-chart rect.bar', (rects) => rects.map((r) => [r.dataset.qid, Number(r.dataset.value)]));
    const diffs = [...values].map(([q, [a, b]]) => [q, b - a]).sort((x, y) => y[1] - x[1]);
    assert.equal(bars.length, diffs.length);
    assert.deepEqual(bars.map((b) => b[1]), diffs.map((x) => x[1]));
    const foot = await page.$$eval('#table-cmp tfoot td', (tds) => tds.slice(0, 3).map((td) => td.textContent));
    const nd = native.comparisons.find((c) => c.measure === 'ndcg_cut_10');
    assert.deepEqual(foot, [fx(nd.mean_a), fx(nd.mean_b), sg(nd.diff)]);
    // Another measure from the menu: the table follows.
    await page.selectOption('#cmp-pick', { label: 'MAP' });
    await page.waitForFunction(() => /MAP/.test(document.getElementById('h-cmp-table').textContent));
    const mapValues = perQuery(native, 'map');
    for (const [qid, a, b] of await tableRows(page)) assert.deepEqual([a, b], mapValues.get(qid).map((v) => fx(v)), qid);
    await page.close();
  });

  test('the per-query table sorts by difference, query id, A and B', async () => {
    const page = await comparePage();
    await openRuns(page);
    const column = async (i) => (await tableRows(page)).map((r) => (i ? Number(r[i].replace('−', '-')) : r[0]));
    const isSorted = (xs, desc) => xs.every((x, i) => i === 0 || (desc ? xs[i - 1] >= x : xs[i - 1] <= x));
    assert.ok(isSorted(await column(3), true));
    await page.click('#table-cmp thead button[data-sort="diff"]');
    assert.ok(isSorted(await column(3), false));
    await page.click('#table-cmp thead button[data-sort=""]');
    const collator = new Intl.Collator('en', { numeric: true });
    const ids = await column(0);
    assert.deepEqual(ids, [...ids].sort(collator.compare));
    for (const [name, i] of [['a', 1], ['b', 2]]) {
      await page.click(`#table-cmp thead button[data-sort="${name}"]`);
      assert.equal(await page.getAttribute(`#table-cmp thead th:has(button[data-sort="${name}"])`, 'aria-sort'), 'descending');
      assert.ok(isSorted(await column(i), true), name);
    }
    await page.close();
  });

  test('a click on a bar or a row opens both rankings side by side; the marked positions are those that differ', async () => {
    const page = await comparePage();
    await openRuns(page);
    const [textA, textB] = [readFileSync(SET1.run, 'utf8'), readFileSync(bRun, 'utf8')];
    const values = perQuery(native, 'ndcg_cut_10');
    const check = async (qid) => {
      await page.waitForFunction((q) => document.getElementById('h-cmp-drill')?.textContent.startsWith(`Query ${q}:`), qid);
      const [a, b] = [rankedDocs(textA, qid), rankedDocs(textB, qid)];
      const want = [];
      for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) want.push(i + 1);
      const marked = await page.$$eval('#table-ab tbody tr.hot', (trs) => trs.map((tr) => Number(tr.dataset.position)));
      assert.deepEqual(marked, want, qid);
      const [va, vb] = values.get(qid);
      assert.equal(await page.textContent('#ab-line'), `NDCG@10: A = ${fx(va)}, B = ${fx(vb)}, B − A = ${sg(vb - va)}.`);
    };
    const first = await page.getAttribute('#cmp-chart rect.bar', 'data-qid');
    await page.click('#cmp-chart rect.bar');
    await check(first);
    // The last query in the table's order (largest loss), from its button.
    await page.click('#table-cmp thead button[data-sort="diff"]');
    const last = (await tableRows(page))[0][0];
    await page.click(`#table-cmp button[data-qid="${last}"]`);
    await check(last);
    await page.close();
  });

  test('the verdict, in English and in Chinese', async () => {
    const page = await comparePage();
    await openRuns(page);
    const c = native.comparisons.find((x) => x.measure === 'ndcg_cut_10');
    const size = fx(Math.abs(c.diff));
    const direction = size === fx(0) ? `set1.run and b.run have the same mean NDCG@10 (${fx(c.mean_a)}) over 50 queries.`
      : `b.run scores ${c.diff > 0 ? 'higher' : 'lower'} than set1.run on average: NDCG@10 ${fx(c.mean_b)} against ${fx(c.mean_a)}, ${size} ${c.diff > 0 ? 'more' : 'less'} over 50 queries.`;
    const chance = c.p_ttest < 0.05 ? 'would be unusual' : 'could easily arise by chance';
    const says = await page.textContent('#cmp-says');
    assert.ok(says.startsWith(direction), says);
    assert.ok(says.includes(`${chance} if the two runs were equally good (p = ${pv(c.p_ttest)}, paired t-test)`), says);
    assert.ok(says.includes(`from ${sg(c.ci95[0])} to ${sg(c.ci95[1])}`), says);
    const not = await page.$$eval('#cmp-not li', (lis) => lis.map((li) => li.textContent));
    assert.ok(not.some((x) => x.includes(`b.run is higher on ${c.wins} queries, lower on ${c.losses} and equal on ${c.ties}`)));
    assert.ok(not.some((x) => x.startsWith('With 4 comparisons on this page')));
    await page.click('#lang-toggle');
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh'));
    const zh = await page.textContent('#cmp-says');
    assert.match(zh, c.p_ttest < 0.05 ? /不寻常/ : /很容易偶然出现/);
    assert.ok(zh.includes(`p = ${pv(c.p_ttest)}，配对 t 检验`), zh);
    assert.ok((await page.textContent('#cmp-not')).includes(`b.run 在 ${c.wins} 个查询上更高，${c.losses} 个更低，${c.ties} 个相同`));
    assert.equal(await page.textContent('#h-cmp-not'), '检验没有说明的事');
    await page.close();
  });
});

// Small pasted runs: three queries judged, A and B ordered differently.
const QRELS = 'q1 0 d1 2\nq1 0 d2 1\nq2 0 d3 1\nq2 0 d4 2\nq3 0 d5 1\n';
const A = 'q1 Q0 d1 1 3 a\nq1 Q0 d2 2 2 a\nq2 Q0 d3 1 3 a\nq2 Q0 d4 2 1 a\nq3 Q0 d5 1 1 a\n';
const B = 'q1 Q0 d2 1 3 b\nq1 Q0 d1 2 2 b\nq2 Q0 d4 1 3 b\nq2 Q0 d3 2 1 b\nq3 Q0 d5 1 1 b\n';

describe('pasted runs, the link and bad input', () => {
  test('small pasted runs live in the link, and the link reproduces the comparison', async () => {
    const page = await comparePage();
    await pasteRuns(page, QRELS, A, B);
    await page.waitForSelector('#table-cmp-stats');
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /mode=compare/);
    assert.match(hash, /text=q1%20Q0%20d1/);
    assert.match(hash, /textB=q1%20Q0%20d2/);
    assert.match(hash, /qrels=/);
    const cells = await statCells(page);
    const again = await guard.context.newPage();
    await again.goto(`${server.url('index.html')}${hash}`);
    await again.waitForSelector('#table-cmp-stats');
    assert.deepEqual(await statCells(again), cells);
    // With pasted text the runs are named A and B; no note about files.
    assert.match(await page.textContent('#h-cmp-stats'), /B against A, over 3 queries/);
    assert.equal(await page.$('#cmp-files-note'), null);
    // Three queries: no interval (the core withholds it below 10), and the verdict says why.
    const intervals = Object.entries(cells).filter(([key]) => key.startsWith('ci95|'));
    assert.ok(intervals.length > 0 && intervals.every(([, text]) => text === 'withheld'), JSON.stringify(intervals));
    assert.match(await page.textContent('#cmp-ci-note'), /withheld: 3 queries are too few for a bootstrap/);
    const says = await page.textContent('#cmp-says');
    assert.match(says, /over 3 queries\./);
    assert.match(says, /With only 3 queries the 95% interval is withheld/);
    assert.doesNotMatch(says, /interval of the mean difference runs from/);
    await Promise.all([page.close(), again.close()]);
  });

  test('a bad line in run B: the message names line and column at B, and the typed text stays', async () => {
    const page = await comparePage();
    await page.fill('#ranking', A);
    await page.fill('#qrels', QRELS);
    const bad = 'q1 Q0 d2 1 3 b\nq1 Q0 d1 2 x b\n';
    await page.fill('#ranking-b', bad);
    await page.waitForSelector('#ranking-b-error:not([hidden])');
    assert.match(await page.textContent('#ranking-b-error'), /Line 2, column 12/);
    assert.equal(await page.inputValue('#ranking'), A);
    assert.equal(await page.inputValue('#ranking-b'), bad);
    assert.equal(await page.getAttribute('#ranking-b', 'aria-invalid'), 'true');
    // A bad file: the same, and the other run's text stays.
    await page.setInputFiles('#ranking-b-file', { name: 'bad.run', mimeType: 'text/plain', buffer: Buffer.from(bad) });
    await page.waitForFunction(() => /bad\.run/.test(document.getElementById('ranking-b-source-text').textContent));
    await page.waitForSelector('#ranking-b-error:not([hidden])');
    assert.match(await page.textContent('#ranking-b-error'), /Line 2, column 12/);
    assert.equal(await page.inputValue('#ranking'), A);
    await page.close();
  });
});

describe('hostile files in compare mode’s pickers', () => {
  const PLAIN_RUN = 'q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.8 r\n';
  // The run boxes share one reader and differ in where its message shows:
  // each run case goes to the next box in turn, so every box shows some.
  const RUN_BOXES = ['ranking', 'ranking-b', 'run-c'];
  let turn = 0;
  const cases = pageFiles.map((c) => [c, c.box === 'qrels' ? 'qrels' : RUN_BOXES[turn++ % RUN_BOXES.length]]);
  for (const [c, box] of cases) {
    test(`${c.name} (${box})`, async () => {
      const page = await comparePage();
      if (box === 'run-c') await page.click('#run-add');
      for (const other of ['ranking', 'ranking-b', 'qrels'].filter((x) => x !== box)) await page.fill(`#${other}`, other === 'qrels' ? (c.box === 'qrels' ? '' : c.other) : PLAIN_RUN);
      if (c.box === 'qrels') await page.fill('#ranking', c.other);
      await page.setInputFiles(`#${box}-file`, { name: c.file, mimeType: 'application/octet-stream', buffer: c.bytes() });
      if (c.expect.result) {
        await page.waitForSelector('#table-cmp-stats');
        assert.equal(await page.evaluate((b) => document.querySelectorAll(`#${b}-source-text *, img`).length, box), 0);
      } else {
        await shownText(page, '.error-box', c.expect.error, c.timeoutMs || 30000);
      }
      await page.close();
    });
  }

  test('nothing but the page was requested, and no error was logged', () => {
    assert.deepEqual(guard.requests.filter((u) => !u.startsWith('blob:')), []);
    assert.deepEqual(guard.errors, []);
  });
});

describe('the tie range in the explain mode', () => {
  const gains = (rels) => rels.reduce((s, r, i) => s + (2 ** r - 1) / Math.log2(i + 2), 0);
  function permutations(xs) {
    if (xs.length <= 1) return [xs];
    return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
  }
  /** NDCG@k over every order of the tied middle group: [min, max]. */
  function bruteForce(head, tied, tail, k) {
    const ideal = gains([...head, ...tied, ...tail].sort((a, b) => b - a).slice(0, k));
    const all = permutations(tied).map((p) => gains([...head, ...p, ...tail].slice(0, k)) / ideal);
    return [Math.min(...all), Math.max(...all)];
  }

  test('said exactly when the order of tied items changes NDCG, with the brute force’s ends', async () => {
    const page = await guard.context.newPage();
    // a is alone; b, c, d, e share one score; f comes last.
    const text = 'a 0.9 1\nb 0.5 0\nc 0.5 3\nd 0.5 0\ne 0.5 2\nf 0.1 1';
    await page.goto(`${server.url('index.html')}#text=${encodeURIComponent(text)}&k=3&lang=en`);
    await page.waitForSelector('#tie-range');
    const [min, max] = bruteForce([1], [0, 3, 0, 2], [1], 3);
    assert.ok(max - min > 0.1);
    const note = await page.textContent('#tie-range');
    assert.ok(note.includes(`the worst order gives ${min.toFixed(3)} and the best ${max.toFixed(3)}`), note);
    assert.match(note, /^Tied scores: this ranking’s NDCG@3/);
    // Tied items of equal grade: every order gives the same NDCG, so nothing is said.
    await page.goto(`${server.url('index.html')}#text=${encodeURIComponent('a 0.9 3\nb 0.5 1\nc 0.5 1\nd 0.1 0')}&k=3&lang=en`);
    await page.waitForSelector('#headline');
    assert.equal(await page.$('#tie-range'), null);
    await page.goto(`${server.url('index.html')}#text=${encodeURIComponent(text)}&k=3&lang=zh`);
    await page.waitForSelector('#tie-range');
    assert.ok((await page.textContent('#tie-range')).includes(`最差的顺序得 ${min.toFixed(3)}，最好的顺序得 ${max.toFixed(3)}`));
    await page.close();
  });
});

describe('accessibility and looks of compare mode', () => {
  for (const [lang, scheme] of LOOKS) {
    test(`${lang}, ${scheme}: no WCAG 2.0/2.1 A/AA violation, with a query side by side; screenshots`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, colorScheme: scheme });
      const page = await comparePage(lang, context);
      await openRuns(page);
      await page.click('#cmp-chart rect.bar');
      await page.waitForSelector('#table-ab');
      assert.deepEqual(await axeViolations(page), []);
      await screenshot(await page.$('.results'), `compare-${lang}-${scheme}.png`);
      await screenshot(await page.$('#cmp-drill'), `compare-drill-${lang}-${scheme}.png`);
      await context.close();
    });
  }
});

describe('two runs of 100,000 lines', () => {
  test('compared in the worker: the native means; the main thread’s longest task is reported', async () => {
    const { run, qrels } = makeRun(100000, 7);
    const files = { a: join(dir, 'big-a.run'), b: join(dir, 'big-b.run'), qrels: join(dir, 'big.qrels') };
    writeFileSync(files.a, run);
    writeFileSync(files.b, changedScores(run));
    writeFileSync(files.qrels, qrels);
    const page = await comparePage();
    // Only the tasks from here on: the page's own start is not part of comparing.
    await page.evaluate(() => {
      window.__tasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push(e.duration); }).observe({ type: 'longtask' });
    });
    const t0 = Date.now();
    await openRuns(page, files.a, files.b, files.qrels);
    const ms = Date.now() - t0;
    const tasks = await page.evaluate(() => window.__tasks);
    console.log(`# two 100,000-line runs: files chosen → tests shown in ${ms} ms; longest main-thread task ${Math.max(0, ...tasks).toFixed(0)} ms (${tasks.length} over 50 ms)`);
    const native = nativeCompare(files.qrels, files.a, files.b, ['big-a.run', 'big-b.run']);
    const cells = await statCells(page);
    for (const c of native.comparisons) assert.equal(cells[`diff|${c.measure}`], sg(c.diff), c.measure);
    assert.match(await page.textContent('#h-cmp-stats'), new RegExp(`over ${native.queries.toLocaleString('en')} queries`));
    await page.close();
  });
});

describe('three runs', () => {
  const NAMES = ['set1.run', 'b.run', 'c.run'];
  const pairKey = (native, c) => `${native.runs.indexOf(c.run_a) + 1}-${native.runs.indexOf(c.run_b) + 1}`;

  /** The three files in A, B and an added C; resolves once the pair menu lists `pairs` pairs. */
  async function openThree(page, pairs = 2) {
    await page.setInputFiles('#ranking-file', SET1.run);
    await page.setInputFiles('#ranking-b-file', bRun);
    await page.setInputFiles('#qrels-file', SET1.qrels);
    assert.equal(await page.isVisible('#run-c'), false);
    await page.click('#run-add');
    await page.setInputFiles('#run-c-file', cRun);
    await settled(page, pairs);
  }

  async function settled(page, pairs) {
    await page.waitForFunction((n) => document.querySelectorAll('#cmp-pair option').length === n, pairs, { timeout: 120000 });
    await page.waitForFunction(() => document.getElementById('batch-progress').hidden && !document.getElementById('results-body').classList.contains('stale'));
  }

  /** Every statistic of every pair, as shown once the pair is chosen, against the native JSON. */
  async function checkPairs(page, native) {
    const holm = native.comparisons.filter((c) => c.p_holm !== undefined).length;
    assert.equal(holm, native.comparisons.length, 'the core adjusts every comparison of three runs');
    for (const key of new Set(native.comparisons.map((c) => pairKey(native, c)))) {
      await page.selectOption('#cmp-pair', key);
      await page.waitForFunction((k) => document.getElementById('table-cmp-stats')?.dataset.pair === k, key);
      const cells = await statCells(page);
      const mine = native.comparisons.filter((c) => pairKey(native, c) === key);
      assert.equal(Object.keys(cells).length, 11 * mine.length, key);
      for (const c of mine) {
        const want = {
          'mean-a': fx(c.mean_a), 'mean-b': fx(c.mean_b), diff: sg(c.diff), ci95: `[${sg(c.ci95[0])}, ${sg(c.ci95[1])}]`,
          'effect-size': fx(c.effect_size, 2), wlt: `${c.wins} / ${c.losses} / ${c.ties}`, 'p-ttest': pv(c.p_ttest),
          'p-wilcoxon': pv(c.p_wilcoxon), 'p-sign': pv(c.p_sign), 'p-randomization': pv(c.p_randomization), 'p-holm': pv(c.p_holm),
        };
        for (const [stat, text] of Object.entries(want)) assert.equal(cells[`${stat}|${c.measure}`], text, `${key} ${stat} of ${c.measure}`);
      }
      // The per-query table of the pair: the native values of its two runs.
      const [ia, ib] = [native.runs.indexOf(mine[0].run_a), native.runs.indexOf(mine[0].run_b)];
      const column = native.per_query.ndcg_cut_10;
      const values = new Map(native.per_query.qids.map((q, i) => [q, [column[ia][i], column[ib][i]]]));
      for (const [qid, a, b, diff] of await tableRows(page)) assert.deepEqual([a, b, diff], [fx(values.get(qid)[0]), fx(values.get(qid)[1]), sg(values.get(qid)[1] - values.get(qid)[0])], `${key} ${qid}`);
    }
  }

  test('every number of every pair equals ndcg compare --format json, against A and with all pairs (Holm’s row too)', async () => {
    const page = await comparePage();
    await openThree(page);
    const native = nativeRuns(SET1.qrels, [SET1.run, bRun, cRun], NAMES);
    assert.deepEqual(await page.$$eval('#cmp-pair option', (os) => os.map((o) => o.textContent)), ['A (set1.run) → B (b.run)', 'A (set1.run) → C (c.run)']);
    await checkPairs(page, native);
    const ties = await page.$$eval('#table-cmp-ties tbody tr', (trs) => trs.map((tr) => [tr.dataset.measure, tr.dataset.run, ...Array.from(tr.cells).slice(2).map((c) => c.textContent)]));
    assert.deepEqual(ties, native.tie_ranges.map((r) => [r.measure, r.run, String(r.queries_changed), fx(r.mean_min), fx(r.mean_max)]));
    assert.deepEqual(new Set(ties.map((r) => r[1])), new Set(NAMES));
    await page.check('#opt-all-pairs');
    await settled(page, 3);
    await checkPairs(page, nativeRuns(SET1.qrels, [SET1.run, bRun, cRun], NAMES, ['--all-pairs']));
    // Trials and seed from the page reach the core: the native numbers with the same flags.
    await page.fill('#opt-trials', '500');
    await page.fill('#opt-seed', '42');
    await page.waitForFunction(() => /500 trials, seed 42/.test(document.getElementById('section-cmp-stats').textContent), null, { timeout: 60000 });
    await settled(page, 3);
    await checkPairs(page, nativeRuns(SET1.qrels, [SET1.run, bRun, cRun], NAMES, ['--all-pairs', '--trials', '500', '--seed', '42']));
    // A value outside compare's table is refused at its control, named like any option's error.
    await page.fill('#opt-trials', '0');
    await page.waitForSelector('#opt-trials-error:not([hidden])');
    assert.match(await page.textContent('#opt-trials-error'), /Trials: “0” is outside the allowed range, 1 to 1000000/);
    await page.close();
  });

  test('a bad line in run C: named with line and column at C’s box; every typed text stays', async () => {
    const QRELS = 'q1 0 d1 2\nq1 0 d2 1\n';
    const A = 'q1 Q0 d1 1 3 a\nq1 Q0 d2 2 2 a\n';
    const bad = 'q1 Q0 d2 1 3 c\nq1 Q0 d1 2 x c\n';
    const page = await comparePage();
    await pasteRuns(page, QRELS, A, A, bad);
    // Wait for C's own error: a draft of the previous test may show another one first.
    // Read in one step once the runner is idle: a run started meanwhile empties the errors until it answers.
    const shown = await (await page.waitForFunction(() => {
      const $ = (id) => document.getElementById(id);
      if (!$('batch-progress').hidden || !/Line 2, column 12 in run C/.test($('run-c-error').textContent)) return null;
      return { c: $('run-c-error').textContent, invalid: $('run-c').getAttribute('aria-invalid'), aHidden: $('ranking-error').hidden,
        bHidden: $('ranking-b-error').hidden, texts: [$('ranking').value, $('ranking-b').value, $('run-c').value] };
    })).jsonValue();
    // Named by its box's letter, not as "the run".
    assert.doesNotMatch(shown.c, /in the run/);
    assert.equal(shown.invalid, 'true');
    assert.equal(shown.aHidden, true);
    assert.equal(shown.bHidden, true);
    assert.deepEqual(shown.texts, [A, A, bad]);
    // With an empty C the error goes; run D behind it is numbered by its own box.
    await page.click('#run-add');
    await page.fill('#run-d', bad);
    await page.fill('#run-c', '');
    await page.waitForSelector('#run-d-error:not([hidden])');
    assert.match(await page.textContent('#run-d-error'), /in run D/);
    assert.equal(await page.isHidden('#run-c-error'), true);
    // Removing C moves D's text up into C's box, error and all.
    await page.click('#run-c-remove');
    await page.waitForSelector('#run-c-error:not([hidden])');
    assert.equal(await page.inputValue('#run-c'), bad);
    assert.equal(await page.isVisible('#run-d'), false);
    await page.close();
  });

  test('the link holds mode, runs, measure, pair and query, and reproduces them', async () => {
    const C = 'q1 Q0 d2 1 3 c\nq1 Q0 d1 2 2 c\nq2 Q0 d3 1 3 c\nq2 Q0 d4 2 1 c\nq3 Q0 d9 1 1 c\n';
    const page = await comparePage();
    await pasteRuns(page, QRELS, A, B, C);
    await page.waitForSelector('#cmp-pair');
    await page.selectOption('#cmp-pair', '1-3');
    await page.selectOption('#cmp-pick', 'map');
    await page.click('#cmp-chart rect.bar[data-qid="q1"]');
    await page.waitForFunction(() => document.getElementById('h-cmp-drill')?.textContent.startsWith('Query q1: A against C'));
    const hash = await page.evaluate(() => location.hash);
    for (const part of ['mode=compare', 'runs=3', 'measure=map', 'pair=1-3', 'query=q1', `textC=${encodeURIComponent(C)}`]) assert.ok(hash.includes(part), part);
    const cells = await statCells(page);
    const again = await guard.context.newPage();
    await again.goto(`${server.url('index.html')}${hash}`);
    await again.waitForSelector('#cmp-drill');
    assert.equal(await again.isChecked('input[name="mode"][value="compare"]'), true);
    assert.deepEqual([await again.inputValue('#run-c'), await again.inputValue('#cmp-pair'), await again.inputValue('#cmp-pick')], [C, '1-3', 'map']);
    assert.equal(await again.textContent('#h-cmp-drill'), await page.textContent('#h-cmp-drill'));
    assert.match(await again.textContent('#h-cmp-table'), /MAP/);
    assert.deepEqual(await statCells(again), cells);
    await Promise.all([page.close(), again.close()]);
  });

  test('keyboard: Tab reaches one bar, arrows, Home and End move, Enter opens the query side by side; the focus shows', async () => {
    const page = await comparePage();
    await openThree(page);
    await page.selectOption('#cmp-pair', '1-3');
    await page.waitForFunction(() => document.getElementById('table-cmp-stats')?.dataset.pair === '1-3');
    const bars = await page.$$eval('#cmp-chart rect.bar', (rs) => rs.map((r) => [r.dataset.qid, r.getAttribute('tabindex')]));
    assert.deepEqual(bars.filter((b) => b[1] === '0').length, 1);
    await page.focus('#cmp-pick');
    let tabs = 0;
    while (!(await page.evaluate(() => document.activeElement.matches('#cmp-chart .bar'))) && tabs < 10) {
      await page.keyboard.press('Tab');
      tabs++;
    }
    assert.ok(tabs < 10, 'a bar is a tab stop');
    const focused = () => page.evaluate(() => document.activeElement.dataset.qid);
    assert.equal(await focused(), bars[0][0]);
    assert.equal(await page.evaluate(() => getComputedStyle(document.activeElement).strokeWidth), '2.5px');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await focused(), bars[2][0]);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), bars[1][0]);
    await page.keyboard.press('End');
    assert.equal(await focused(), bars[bars.length - 1][0]);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    const qid = await focused();
    await page.keyboard.press('Enter');
    await page.waitForFunction((q) => document.getElementById('h-cmp-drill')?.textContent.startsWith(`Query ${q}: set1.run against c.run`), qid);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'cmp-drill');
    // Back to the chart: its one tab stop is now the query opened.
    assert.equal(await page.getAttribute('#cmp-chart rect.bar[tabindex="0"]', 'data-qid'), qid);
    await page.close();
  });

  // Two runs are checked in every language and theme above; the third run
  // adds columns and a pair menu, checked once in each language and each theme.
  for (const [lang, scheme] of ONE_OF_EACH) {
    test(`${lang}, ${scheme}: axe clean with three runs and a query side by side; the tests table fits at 1280 px; screenshots`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, colorScheme: scheme });
      const page = await comparePage(lang, context);
      await openThree(page);
      await page.selectOption('#cmp-pair', '1-3');
      await page.click('#cmp-chart rect.bar');
      await page.waitForSelector('#table-ab');
      assert.deepEqual(await axeViolations(page), []);
      const fit = await page.$eval('#table-cmp-stats', (t) => [t.parentElement.scrollWidth, t.parentElement.clientWidth]);
      assert.ok(fit[0] <= fit[1], `the tests table fits: ${fit}`);
      assert.equal(await page.$eval('#table-cmp-stats tbody th', (th) => getComputedStyle(th).position), 'sticky');
      await screenshot(await page.$('.results'), `compare3-${lang}-${scheme}.png`);
      await screenshot(await page.$('section[aria-labelledby="input-heading"]'), `compare3-input-${lang}-${scheme}.png`);
      await context.close();
    });
  }
});
