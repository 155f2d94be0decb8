// Batch mode with files: a generated run of a million lines opened from the
// file inputs (progress, the mean against the native command, sorting,
// filtering, a drill-down to one query), .gz, the in-page fallback without a
// worker, file://, long pastes kept out of the boxes, the hostile files of
// the catalogue, and accessibility of the new views in both languages.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { axeViolations, fileUrl, guardedContext, launch, LOOKS, pasteInto, root, screenshot, serveDist, shownText, textOf } from './_helpers.mjs';
import { pageFiles } from '../hostile/catalogue.mjs';
import { makeRun } from '../../bench/gen.mjs';

const LINES = Number(process.env.NDCG_BATCH_LINES || 1000000);
const MEASURES = ['ndcg', 'ndcg_cut.10', 'P.10', 'recall.10', 'map', 'recip_rank'];

let browser;
let server;
let guard;
let dir;
let big;

// The generator when the shared data folder is beside the checkout,
// else the benchmarks' seeded one (a fresh clone elsewhere has only the repository).
function writeBigRun(files) {
  const genPy = join(root, '../shared/data/gen.py');
  if (existsSync(genPy)) {
    execFileSync('python3', [genPy, '--seed', '1000', '--target-lines', String(LINES), '--run', files.run, '--qrels', files.qrels]);
    return;
  }
  const { run, qrels } = makeRun(LINES, 1000);
  writeFileSync(files.run, run);
  writeFileSync(files.qrels, qrels);
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ndcg-batch-'));
  big = { run: join(dir, 'big.run'), qrels: join(dir, 'big.qrels') };
  writeBigRun(big);
  browser = await launch();
  server = await serveDist();
  guard = await guardedContext(browser, [server.url('index.html'), fileUrl('index.html')]);
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** trec_eval's "all" lines of the native command as {name: text}, at 4 digits. */
function nativeMeans(qrels, run) {
  const args = ['trec', ...MEASURES.flatMap((m) => ['-m', m]), qrels, run];
  const out = execFileSync(join(root, 'build/native/ndcg'), args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  return Object.fromEntries(out.trim().split('\n').map((l) => l.split('\t').map((x) => x.trim())).filter((f) => f[1] === 'all').map((f) => [f[0], f[2]]));
}

/** The largest per-query value of one measure from the native command, at 4 digits. */
function nativeMax(qrels, run, measure, name) {
  const out = execFileSync(join(root, 'build/native/ndcg'), ['trec', '-q', '-m', measure, qrels, run], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const values = out.trim().split('\n').map((l) => l.split('\t').map((x) => x.trim()))
    .filter((f) => f[0] === name && f[1] !== 'all').map((f) => Number(f[2]));
  return Math.max(...values);
}

/** A page in batch mode (trec_eval's convention), 4 decimals, recording from then on the progress texts it shows and long tasks. */
async function batchPage(url = server.url('index.html'), init = null) {
  const page = await guard.context.newPage();
  // Only a page given an init script is closed for real; the others are reused (a new one costs four page loads).
  if (init) await page.addInitScript(init);
  await page.goto(`${url}#lang=en`);
  await page.waitForFunction(() => window.ndcgCalc);
  await page.check('input[name="mode"][value="trec"]');
  await page.fill('#opt-decimals', '4');
  // Six measures at K = 10 (the trec_eval preset's default is trec_eval's set), drill-downs at K = 10.
  await page.fill('#opt-k', '10');
  await page.fill('#measures', MEASURES.join(' '));
  await page.evaluate(() => {
    window.__seen = { progress: [], tasks: [] };
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__seen.tasks.push(e.duration); }).observe({ type: 'longtask' });
    const label = document.getElementById('progress-label');
    new MutationObserver(() => window.__seen.progress.push(label.textContent)).observe(label, { childList: true, characterData: true, subtree: true });
  });
  return page;
}

async function pageMeans(page) {
  await page.waitForSelector('#trec-means', { timeout: 120000 });
  await page.waitForFunction(() => document.getElementById('batch-progress').hidden);
  return page.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll('#trec-means .mean'), (m) => [m.dataset.measure, m.querySelector('dd').textContent])));
}

function assertSameMeans(got, want) {
  for (const name of ['ndcg', 'ndcg_cut_10', 'P_10', 'recall_10', 'map', 'recip_rank']) assert.equal(got[name], want[name], name);
}

/** The visible rows of the table: [qid, ...cells]. */
const visibleRows = (page) => page.evaluate(() => Array.from(document.querySelectorAll('#table-trec tbody tr:not(.spacer)'),
  (tr) => Array.from(tr.cells).slice(0, -1).map((c) => c.textContent)));

describe('a generated run opened from files', () => {
  test(`${LINES.toLocaleString('en')} lines: progress, the native mean, sorting, filtering and one query step by step`, async () => {
    const page = await batchPage();
    const t0 = Date.now();
    await page.setInputFiles('#ranking-file', big.run);
    await page.setInputFiles('#qrels-file', big.qrels);
    const means = await pageMeans(page);
    const seen = await page.evaluate(() => window.__seen);
    console.log(`# ${LINES} lines: files chosen → mean shown in ${Date.now() - t0} ms; longest main-thread task ${Math.max(0, ...seen.tasks).toFixed(0)} ms`);
    assert.ok(seen.progress.some((p) => /^Reading big\.run… \d+%$/.test(p)), seen.progress.slice(0, 5).join(' | '));
    assert.ok(seen.progress.includes('Evaluating…'));
    assertSameMeans(means, nativeMeans(big.qrels, big.run));
    assert.match(await textOf(page, '#ranking-source-text'), new RegExp(`^File “big\\.run”: [\\d.]+ MB · ${LINES.toLocaleString('en')} lines · a TREC run\\.$`));
    assert.equal(await page.locator('#ranking').isHidden(), true);
    // The link holds the options only.
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /preset=trec_eval/);
    assert.doesNotMatch(hash, /text=|qrels=|grades=|local=/);

    // Only the rows in view exist.
    const rowCount = Number(await page.getAttribute('#table-trec', 'aria-rowcount')) - 1;
    const numQ = Number((await textOf(page, '.result-trec .note')).replace(/\D/g, ''));
    assert.equal(rowCount, numQ);
    assert.ok((await visibleRows(page)).length < 80);

    // Sorting by NDCG@10: highest first, then lowest first.
    const column = await page.evaluate(() => Array.from(document.querySelectorAll('#table-trec thead th'), (th) => th.textContent).indexOf('ndcg_cut_10'));
    await page.click('#table-trec thead button[data-sort="ndcg_cut_10"]');
    assert.equal(await page.getAttribute('#table-trec thead th:has(button[data-sort="ndcg_cut_10"])', 'aria-sort'), 'descending');
    let values = (await visibleRows(page)).map((r) => Number(r[column]));
    assert.deepEqual(values, [...values].sort((a, b) => b - a));
    assert.equal(values[0], nativeMax(big.qrels, big.run, 'ndcg_cut.10', 'ndcg_cut_10'));
    await page.click('#table-trec thead button[data-sort="ndcg_cut_10"]');
    values = (await visibleRows(page)).map((r) => Number(r[column]));
    assert.deepEqual(values, [...values].sort((a, b) => a - b));
    // Scrolled to the end, the last rows are drawn.
    await page.evaluate(() => { const s = document.getElementById('trec-scroll'); s.scrollTop = s.scrollHeight; });
    await page.waitForFunction((n) => Array.from(document.querySelectorAll('#table-trec tbody tr[aria-rowindex]')).some((tr) => Number(tr.getAttribute('aria-rowindex')) === n + 1), numQ);

    // Filtering by query id.
    await page.fill('#trec-filter', '777');
    const filtered = await visibleRows(page);
    assert.ok(filtered.length > 0 && filtered.every((r) => r[0].includes('777')), JSON.stringify(filtered.slice(0, 3)));
    assert.match(await textOf(page, '#trec-shown'), new RegExp(`^${filtered.length} of ${numQ.toLocaleString('en')} queries shown\\.$`));

    // A query step by step: its NDCG@10 in the explain mode equals its row.
    const [qid] = filtered[0];
    const rowNdcg = filtered[0][column];
    await page.click(`#table-trec button[data-qid="${qid}"]`);
    await page.waitForFunction(() => document.querySelector('input[name="mode"][value="explain"]').checked && document.getElementById('headline'));
    await page.waitForFunction((q) => document.getElementById('ranking').value.split(/\s+/)[0] === q, qid);
    await page.waitForFunction((v) => document.getElementById('headline').textContent.endsWith(`= ${v}`), rowNdcg, { timeout: 20000 });
    // Back in batch mode, the files are still there.
    await page.check('input[name="mode"][value="trec"]');
    await page.waitForSelector('#trec-means');
    assert.match(await textOf(page, '#ranking-source-text'), /big\.run/);
    await page.close();
  });
});

describe('other ways in', () => {
  const set1 = { run: join(root, 'tests/data/trec-parity/set1.run'), qrels: join(root, 'tests/data/trec-parity/set1.qrels') };
  const expected = () => nativeMeans(set1.qrels, set1.run);

  test('.gz files are unpacked in the browser; a small file can be edited in its box again', async () => {
    const page = await batchPage();
    const gz = join(dir, 'set1.run.gz');
    writeFileSync(gz, gzipSync(readFileSync(set1.run)));
    await page.setInputFiles('#ranking-file', gz);
    await page.setInputFiles('#qrels-file', set1.qrels);
    assertSameMeans(await pageMeans(page), expected());
    assert.match(await textOf(page, '#ranking-source-text'), /^File “set1\.run\.gz”: .* 4,114 lines · a TREC run · gzip\.$/);
    // Too many lines for the box: no "Edit"; a small file has one.
    assert.equal(await page.locator('#ranking-source-edit').isHidden(), true);
    await page.setInputFiles('#qrels-file', { name: 'small.qrels', mimeType: 'text/plain', buffer: Buffer.from('q1 0 d1 3\n') });
    await page.setInputFiles('#ranking-file', { name: 'small.run', mimeType: 'text/plain', buffer: Buffer.from('q1 Q0 d1 1 0.9 r\n') });
    await page.waitForFunction(() => /small\.run/.test(document.getElementById('ranking-source-text').textContent) && !document.getElementById('ranking-source-edit').hidden);
    await page.click('#ranking-source-edit');
    await page.waitForFunction(() => document.getElementById('ranking').value === 'q1 Q0 d1 1 0.9 r\n' && !document.getElementById('ranking').hidden);
    await page.close();
  });

  test('without a worker the page reads and evaluates itself, with the same means', async () => {
    const page = await batchPage(server.url('index.html'), () => { window.__ndcgNoWorker = true; });
    await page.setInputFiles('#ranking-file', set1.run);
    await page.setInputFiles('#qrels-file', set1.qrels);
    assertSameMeans(await pageMeans(page), expected());
    await page.close();
  });

  test('with the ci option each mean shows its bootstrap interval, as ndcg trec --ci prints it', async () => {
    const page = await batchPage();
    await page.$$eval('details', (all) => all.forEach((d) => { d.open = true; }));
    await page.check('#opt-ci');
    await page.setInputFiles('#ranking-file', set1.run);
    await page.setInputFiles('#qrels-file', set1.qrels);
    await pageMeans(page);
    const shown = await page.evaluate(() => document.querySelector('#trec-means .mean[data-measure="map"] .interval').textContent);
    const line = execFileSync(join(root, 'build/native/ndcg'), ['trec', '--ci', '-m', 'map', set1.qrels, set1.run], { encoding: 'utf8' });
    const [, low, high] = line.match(/\[(\S+), (\S+)\]/);
    assert.equal(shown, `95% interval ${low}–${high} over 50 queries`);
    await page.uncheck('#opt-ci');
    await page.waitForFunction(() => !document.querySelector('#trec-means .interval'));
    await page.close();
  });

  test('from file:// too', async () => {
    const page = await batchPage(fileUrl('index.html'));
    await page.setInputFiles('#ranking-file', set1.run);
    await page.setInputFiles('#qrels-file', set1.qrels);
    assertSameMeans(await pageMeans(page), expected());
    await page.close();
  });

  // Rows replaced on a sideways scroll took an Explain button from under a
  // press (seen when a click scrolled the button into view under load).
  test('the per-query table keeps its rows on a sideways scroll and draws others on a scroll down', async () => {
    const page = await batchPage();
    // Narrow enough that the table scrolls sideways.
    await page.setViewportSize({ width: 480, height: 800 });
    await page.setInputFiles('#ranking-file', set1.run);
    await page.setInputFiles('#qrels-file', set1.qrels);
    await pageMeans(page);
    const [sideways, down] = await page.evaluate(async () => {
      const settle = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 50))));
      const scroller = document.getElementById('trec-scroll');
      const first = () => document.querySelector('#table-trec tbody tr:not(.spacer) button');
      const button = first();
      scroller.scrollLeft = scroller.scrollWidth;
      await settle();
      if (!scroller.scrollLeft) return ['no sideways scroll', null];
      const kept = button.isConnected && first() === button;
      scroller.scrollTop = scroller.scrollHeight / 2;
      await settle();
      return [kept, first() !== button && !button.isConnected];
    });
    assert.equal(sideways, true, 'the rows stay on a sideways scroll');
    assert.equal(down, true, 'rows further down are drawn on a scroll down');
    await page.close();
  });

  test('a paste too long for the box becomes a summary (explain mode); a short one stays', async () => {
    const page = await guard.context.newPage();
    await page.goto(`${server.url('index.html')}#lang=en`);
    await page.waitForFunction(() => window.ndcgCalc);
    const paste = (text) => pasteInto(page, 'ranking', text);
    // 1,000,000 one-grade lines (2 MB, 500 times the box's 2,000 lines): never laid out in the box.
    assert.equal(await paste('3\n2\n0\n1\n'.repeat(250000)), false);
    await page.waitForFunction(() => /1,000,000 items/.test(document.getElementById('ranking-status').textContent), null, { timeout: 120000 });
    assert.match(await textOf(page, '#ranking-source-text'), /^Pasted text, too long to edit in the box: 1\.9 MB · 1,000,000 lines · a list of grades\.$/);
    assert.equal(await page.locator('#ranking').isHidden(), true);
    assert.equal(await page.evaluate(() => document.getElementById('ranking').value.length), 0);
    await page.click('#ranking-source-remove');
    assert.equal(await paste('3 2 1'), true);
    await page.close();
  });
});

describe('hostile files', () => {
  for (const c of pageFiles) {
    test(c.name, async () => {
      const page = await batchPage();
      const other = c.box === 'qrels' ? '#ranking' : '#qrels';
      await page.fill(other, c.other);
      await page.setInputFiles(`#${c.box}-file`, { name: c.file, mimeType: 'application/octet-stream', buffer: c.bytes() });
      if (c.expect.result) {
        await pageMeans(page);
        assert.equal(await textOf(page, `#${c.box}-source-text`), `File “${c.file}”: ${c.bytes().length} B · 2 lines · a TREC run.`);
        assert.equal(await page.evaluate(() => document.querySelectorAll('#ranking-source-text *, img').length), 0);
      } else {
        const box = `#${c.shownIn || c.box}-error`;
        await shownText(page, box, c.expect.error, c.timeoutMs || 30000);
      }
      await page.close();
    });
  }

  test('nothing but the page documents was requested, and no error was logged', () => {
    assert.deepEqual(guard.requests.filter((u) => !u.startsWith('blob:')), []);
    assert.deepEqual(guard.errors, []);
  });
});

describe('accessibility and looks of the batch view', () => {
  for (const [lang, scheme] of LOOKS) {
    test(`${lang}, ${scheme}: no WCAG 2.0/2.1 A/AA violation; screenshot`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(`${server.url('index.html')}#lang=${lang}`);
      await page.waitForFunction(() => window.ndcgCalc);
      await page.check('input[name="mode"][value="trec"]');
      await page.setInputFiles('#ranking-file', join(root, 'tests/data/trec-parity/set1.run'));
      await page.setInputFiles('#qrels-file', join(root, 'tests/data/trec-parity/set1.qrels'));
      await page.waitForSelector('#trec-means');
      // trec_eval's default set (the measure box empty under its preset).
      await page.click('#table-trec thead button[data-sort="map"]');
      assert.deepEqual(await axeViolations(page), []);
      await screenshot(page, `batch-${lang}-${scheme}.png`, { fullPage: true });
      await context.close();
    });
  }
});
