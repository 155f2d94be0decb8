// Hostile input and the page's promises: ids, hash values and error echoes
// carrying HTML or script render as text and run nothing; the CSP is strict
// and complete; no request ever leaves the page, from file:// or http.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { createHash } from 'node:crypto';
import { browser, dist, fileUrl, guardedContext, open, server, setText, useBrowser, WORKED_EN } from './_helpers.mjs';
import { decoderOf } from '../../scripts/web/pack.mjs';
import { startedScripts } from '../../scripts/web/build-page.mjs';

const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=2</script>';
const SVG = '"><svg/onload=window.__pwned=3>';
const HOSTILE_CSV = `id,score,rel\n${IMG.replace(/"/g, '')},0.9,3\n${SCRIPT},0.8,2\n${SVG.replace(/"/g, '')},0.7,1\n`;

let guard;
let page;

useBrowser({}, async () => {
  guard = await guardedContext(browser, [fileUrl('index.html'), fileUrl('embed.html'), server.url('index.html'), server.url('embed.html')]);
  page = await guard.context.newPage();
});

/** What a successful injection would leave behind. */
async function traces(p) {
  return p.evaluate(() => ({
    pwned: window.__pwned,
    images: document.querySelectorAll('img').length,
    svgWithHandlers: Array.from(document.querySelectorAll('svg')).filter((s) => s.getAttributeNames().some((n) => n.startsWith('on'))).length,
    scripts: document.querySelectorAll('script').length,
    handlers: Array.from(document.querySelectorAll('*')).filter((el) => el.getAttributeNames().some((n) => n.startsWith('on'))).length,
    csp: window.__cspViolations,
  }));
}

// Three scripts: the module, the one that unpacks the app, and the app it starts.
const CLEAN = { pwned: undefined, images: 0, svgWithHandlers: 0, scripts: 3, handlers: 0, csp: [] };

const { unlzma } = decoderOf(join(dist, '..'));

describe('the built pages', () => {
  for (const name of ['index.html', 'embed.html']) {
    test(`${name} is self-contained under a strict CSP that hashes each inline element`, () => {
      const html = readFileSync(join(dist, name), 'utf8');
      const csp = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/);
      assert.ok(csp, 'a CSP meta tag');
      const policy = Object.fromEntries(csp[1].split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
      assert.deepEqual(policy['default-src'], ["'none'"]);
      assert.deepEqual(policy['base-uri'], ["'none'"]);
      assert.deepEqual(policy['form-action'], ["'none'"]);
      assert.deepEqual(policy['img-src'], ['data:']);
      // The batch worker comes from the page's own text through a blob: URL, nothing else.
      assert.deepEqual(policy['worker-src'], ['blob:']);
      assert.ok(!/'unsafe-inline'|'unsafe-eval'|https?:|\*/.test(csp[1]), csp[1]);
      const hash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
      const scripts = [...html.matchAll(/<script(?: id="ndcg-module")?>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
      assert.equal(scripts.length, 2);
      assert.equal(styles.length, 1);
      // The app started at run time is allowed by its hash, like the inline ones.
      const started = startedScripts(scripts[1], unlzma);
      assert.equal(started.length, 1, 'the second script unpacks the app');
      const [app] = started;
      assert.ok(app.includes('ndcg-calc') && app.length > 10000, 'the unpacked app is the page script');
      assert.deepEqual(policy['script-src'], [...scripts.map(hash), hash(app), "'wasm-unsafe-eval'"]);
      assert.deepEqual(policy['style-src'], styles.map(hash));
      // No external file of any kind, and no style="" attribute (the CSP would block it).
      // (The markup outside the inline scripts: the page's script holds the Embed dialog's snippets as text.)
      const markup = html.replace(/<script>[\s\S]*?<\/script>/g, '<script></script>');
      assert.ok(!/<script[^>]+src=|<link[^>]+stylesheet|<iframe|\sstyle="/i.test(markup));
      assert.ok(!/(src|href)="https?:/i.test(markup));
    });
  }
});

describe('a browser without WebAssembly', () => {
  for (const name of ['index.html', 'embed.html']) {
    test(`${name} says in both languages that the calculator could not start`, async () => {
      const context = await browser.newContext();
      try {
        await context.addInitScript(() => { delete globalThis.WebAssembly; });
        const p = await context.newPage();
        await p.goto(fileUrl(name) + WORKED_EN);
        const alert = await p.waitForSelector('[role="alert"]');
        const text = await alert.textContent();
        assert.match(text, /^The calculator could not start \(计算器无法启动\): .*WebAssembly/);
      } finally {
        await context.close();
      }
    });
  }
});

describe('hostile input renders as text and runs nothing', () => {
  test('ids with markup in a CSV ranking', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await setText(page, '#ranking', HOSTILE_CSV);
    await page.waitForFunction(() => document.querySelectorAll('#table-dcg td.id').length === 3);
    const ids = await page.$$eval('#table-dcg td.id', (cells) => cells.map((c) => c.textContent));
    assert.deepEqual(ids, [IMG.replace(/"/g, ''), SCRIPT, SVG.replace(/"/g, '')]);
    // Exports carry them too, as text in a text area.
    await page.click('button[data-format="markdown"]');
    await page.waitForFunction(() => document.getElementById('export-text').value.includes('img'));
    await page.click('button[data-format="json"]');
    await page.waitForFunction(() => document.getElementById('export-text').value.includes('"id"'));
    assert.deepEqual(await traces(page), CLEAN);
  });

  test('hash values with markup: text, judgments, preset, options, language', async () => {
    const enc = encodeURIComponent;
    const hash = `#text=${enc(`x${IMG} 3\ny${SCRIPT} 2`)}&qrels=${enc(`q1 0 ${SVG} 1`)}&preset=${enc(IMG)}&k=${enc(SCRIPT)}`
      + `&gain=${enc('javascript:alert(1)')}&lang=${enc(SCRIPT)}&ties=${enc(IMG)}&d=${enc('<b>')}&weights=${enc(SVG)}`;
    await page.goto('about:blank');
    await open(page, fileUrl() + hash);
    // The text went into the text area verbatim; everything invalid was ignored.
    assert.equal(await page.inputValue('#ranking'), `x${IMG} 3\ny${SCRIPT} 2`);
    assert.equal(await page.inputValue('#preset'), 'document');
    assert.equal(await page.inputValue('#opt-k'), '10');
    assert.equal(await page.inputValue('#opt-weights'), SVG);
    await page.waitForSelector('.error-box:not([hidden])');
    const shown = await page.$$eval('.error-box:not([hidden])', (boxes) => boxes.map((b) => b.textContent).join('\n'));
    assert.ok(shown.length > 0);
    assert.deepEqual(await traces(page), CLEAN);
  });

  test('error messages echoing markup, and the marked snippet', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await setText(page, '#ranking', `3 2\n1 ${IMG}`);
    await page.waitForSelector('#ranking-error:not([hidden])');
    assert.match(await page.textContent('#ranking-error'), /<img/);
    assert.ok((await page.textContent('#ranking-error mark')).startsWith('<img'));
    assert.deepEqual(await traces(page), CLEAN);
  });

  test('TREC batch mode with markup in query ids and docids', async () => {
    await open(page, fileUrl() + WORKED_EN);
    await page.check('input[name="mode"][value="trec"]');
    const qid = '<svg/onload=window.__pwned=4>';
    await setText(page, '#ranking', `${qid} Q0 <img/src/onerror=window.__pwned=5> 1 2.0 run\n${qid} Q0 d2 2 1.0 run`);
    await setText(page, '#qrels', `${qid} 0 d2 1`);
    await page.waitForSelector('#table-trec tbody tr');
    assert.equal(await page.textContent('#table-trec tbody th'), qid);
    await page.click('#table-trec tbody button');
    await page.waitForSelector('#table-dcg td.id');
    assert.equal(await page.textContent('#table-dcg td.id'), '<img/src/onerror=window.__pwned=5>');
    assert.deepEqual(await traces(page), CLEAN);
  });

  test('the component with hostile attributes and text', async () => {
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.setContent('<!doctype html><body></body>');
    await p.addScriptTag({ content: readFileSync(join(dist, 'ndcg-calc.js'), 'utf8') });
    await p.evaluate(([csv, img]) => {
      const a = document.createElement('ndcg-calc');
      a.setAttribute('text', csv);
      document.body.appendChild(a);
      const b = document.createElement('ndcg-calc');
      b.setAttribute('k', img);
      b.textContent = img;
      document.body.appendChild(b);
    }, [HOSTILE_CSV, IMG]);
    await p.locator('ndcg-calc').first().locator('td.id').first().waitFor();
    assert.equal(await p.locator('ndcg-calc').first().locator('td.id').first().textContent(), IMG.replace(/"/g, ''));
    await p.locator('ndcg-calc').nth(1).locator('.error-box').waitFor();
    const shadowTraces = await p.evaluate(() => Array.from(document.querySelectorAll('ndcg-calc')).map((el) => ({
      images: el.shadowRoot.querySelectorAll('img').length,
      scripts: el.shadowRoot.querySelectorAll('script').length,
    })));
    assert.deepEqual(shadowTraces, [{ images: 0, scripts: 0 }, { images: 0, scripts: 0 }]);
    assert.equal(await p.evaluate(() => window.__pwned), undefined);
    await context.close();
  });
});

describe('no network', () => {
  test('over http: loading, typing, every example, export and download request nothing else', async () => {
    const p = await guard.context.newPage();
    await open(p, server.url() + WORKED_EN);
    for (const example of ['markdown', 'scored', 'csv', 'ties', 'pool', 'diversity', 'trec', 'worked']) {
      // Each example is computed and written to the hash in one task: wait for that, not for a time.
      const hashBefore = await p.evaluate(() => location.hash);
      // Batch mode (the trec example's) offers only its own examples: the worked one is its reset button there.
      await p.click(example === 'worked' ? 'button[data-action="reset"]' : `button[data-example="${example}"]`);
      await p.waitForFunction((was) => location.hash !== was, hashBefore);
    }
    await p.click('button[data-format="csv"]');
    const [download] = await Promise.all([p.waitForEvent('download'), p.click('#export-download')]);
    assert.equal(download.suggestedFilename(), 'ndcg.csv');
    await p.click('#theme-toggle');
    await p.click('#lang-toggle');
    await p.click('#copy-link');
    await open(p, server.url('embed.html') + WORKED_EN);
    assert.deepEqual(await p.evaluate(() => window.__cspViolations), []);
    await p.close();
  });

  test('no request other than the page documents in this whole file, and no CSP violation', () => {
    assert.deepEqual(guard.requests, []);
    assert.deepEqual(guard.blocked, []);
    assert.deepEqual(guard.errors, []);
  });
});
