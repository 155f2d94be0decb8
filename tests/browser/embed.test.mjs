// Embedding in someone else's page: <ndcg-calc> and the iframe of
// embed.html on a hostile blog page under a strict CSP (a real header),
// the iframe's height, the Embed dialog's snippets pasted into a fresh
// page, dist/examples.html, and axe on the element and the dialog.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { AXE_TAGS, axeViolations, guardedContext, launch, nodeApi, screenshot, serveDist, WORKED } from './_helpers.mjs';
import { hostPage, listenerFrom, routeHost } from './_host.mjs';

let browser;
let server;
let guard;
let api;

before(async () => {
  browser = await launch();
  server = await serveDist();
  api = await nodeApi();
  const pages = ['index.html', 'embed.html', 'examples.html', 'ndcg-calc.js', 'ndcg.js', 'host.html', 'plain.html'];
  guard = await guardedContext(browser, pages.map((name) => server.url(name)));
});

after(async () => {
  assert.deepEqual(guard.requests, [], 'no request beyond the pages and the element script');
  await guard.context.close();
  await browser.close();
  await server.close();
});

const SCRIPT = '<script src="ndcg-calc.js"></script>';

/** Opens `body` as host.html (hostile rules) or plain.html (none) and waits for every element's result. */
async function openHost(body, { hostile = true, scripts = [], lang = 'en' } = {}) {
  const p = await guard.context.newPage();
  const name = hostile ? 'host.html' : 'plain.html';
  await routeHost(p, server.url(name), hostPage({ body, scripts, lang, ...(hostile ? {} : { css: 'body { margin: 24px; }' }) }));
  await p.goto(server.url(name));
  await p.waitForFunction(() => Array.from(document.querySelectorAll('ndcg-calc')).every((el) => el.result || el.shadowRoot.querySelector('.error-box:not([hidden])')));
  return p;
}

const violations = (p) => p.evaluate(() => window.__cspViolations);

/** Computed styles of the element's inner parts that the host could try to change. */
function innerStyles(p, index = 0) {
  return p.evaluate((i) => {
    const root = document.querySelectorAll('ndcg-calc')[i].shadowRoot;
    const props = ['color', 'font-size', 'font-family', 'line-height', 'letter-spacing', 'text-transform', 'background-color', 'border-top-width', 'padding-top'];
    const out = {};
    for (const sel of ['.ndcg-calc', '#headline', '.headline-value', '#table-dcg th', '#table-dcg td', '#sum-dcg', 'h3', 'textarea', 'label']) {
      const el = root.querySelector(sel);
      const cs = getComputedStyle(el);
      out[sel] = Object.fromEntries(props.map((k) => [k, cs.getPropertyValue(k)]));
    }
    return out;
  }, index);
}

const headline = (p, i = 0) => p.evaluate((n) => document.querySelectorAll('ndcg-calc')[n].shadowRoot.getElementById('headline').textContent, i);

describe('<ndcg-calc> on a hostile page under a strict CSP', () => {
  const body = `<p>Text.</p><ndcg-calc grades="3,2,0,1,0,0,2,1,0,0" k="10" lang="en"></ndcg-calc>
    <ndcg-calc grades="1,0,1" k="3" lang="zh" theme="dark" parts="headline tables charts"></ndcg-calc>${SCRIPT}`;

  test('renders the worked example with its own colours, fonts and sizes, identical to a plain page', async () => {
    const hostile = await openHost(body);
    const plain = await openHost(body, { hostile: false });
    assert.equal(await headline(hostile), 'NDCG@10 = 10.639 / 11.210 = 0.949');
    assert.equal(await hostile.evaluate(() => document.querySelector('ndcg-calc').result.ndcg), api.explain('3 2 0 1 0 0 2 1 0 0', { k: 10 }).ndcg);
    const mine = await innerStyles(hostile);
    assert.deepEqual(mine, await innerStyles(plain));
    assert.deepEqual(await innerStyles(hostile, 1), await innerStyles(plain, 1));
    // The host's !important rules reach its own text but not the element's.
    assert.equal(await hostile.evaluate(() => getComputedStyle(document.querySelector('p')).color), 'rgb(179, 0, 107)');
    assert.notEqual(mine['#table-dcg td']['font-size'], '21px');
    assert.notEqual(mine['#table-dcg td'].color, 'rgb(179, 0, 107)');
    assert.equal(mine['#table-dcg td']['text-transform'], 'none');
    assert.equal(mine.h3['font-size'], '16px');
    assert.deepEqual(await violations(hostile), []);
    await screenshot(hostile, 'embed-hostile-host.png', { fullPage: true });
    await hostile.close();
    await plain.close();
  });

  test('attribute changes update one element; the other stays as it was', async () => {
    const p = await openHost(body);
    const second = await headline(p, 1);
    await p.evaluate(() => document.querySelector('ndcg-calc').setAttribute('k', '3'));
    await p.waitForFunction(() => document.querySelector('ndcg-calc').shadowRoot.getElementById('headline').textContent.startsWith('NDCG@3 '));
    const e3 = api.explain('3 2 0 1 0 0 2 1 0 0', { k: 3 });
    assert.equal(await p.evaluate(() => document.querySelector('ndcg-calc').result.ndcg), e3.ndcg);
    await p.evaluate(() => document.querySelector('ndcg-calc').setAttribute('gain', 'linear'));
    const linear = api.explain('3 2 0 1 0 0 2 1 0 0', { k: 3, gain: 'linear' }).ndcg;
    await p.waitForFunction((want) => document.querySelector('ndcg-calc').result?.ndcg === want, linear);
    // A gain table alone chooses table gains (the core's rule, read from its schema); a gain named beside it wins.
    await p.evaluate(() => { const el = document.querySelector('ndcg-calc'); el.removeAttribute('gain'); el.setAttribute('gain-table', '0,5,6,7'); });
    const table = api.explain('3 2 0 1 0 0 2 1 0 0', { k: 3, gainTable: [0, 5, 6, 7] }).ndcg;
    await p.waitForFunction((want) => document.querySelector('ndcg-calc').result?.ndcg === want, table);
    await p.evaluate(() => document.querySelector('ndcg-calc').setAttribute('gain', 'linear'));
    await p.waitForFunction((want) => document.querySelector('ndcg-calc').result?.ndcg === want, linear);
    await p.evaluate(() => document.querySelector('ndcg-calc').setAttribute('lang', 'zh'));
    await p.waitForFunction(() => document.querySelector('ndcg-calc').shadowRoot.querySelector('#h-dcg').textContent.startsWith('第一步'));
    await p.evaluate(() => document.querySelector('ndcg-calc').setAttribute('parts', 'headline'));
    await p.waitForFunction(() => !document.querySelector('ndcg-calc').shadowRoot.querySelector('#table-dcg'));
    assert.equal(await headline(p, 1), second);
    assert.equal(await p.evaluate(() => document.querySelectorAll('ndcg-calc')[1].result.k), 3);
    assert.equal(await p.evaluate(() => document.querySelectorAll('ndcg-calc')[1].shadowRoot.querySelector('#h-dcg').textContent.startsWith('第一步')), true);
    assert.deepEqual(await violations(p), []);
    await p.close();
  });

  test('typing in the element\'s own box recomputes it; a result event reaches the host', async () => {
    const p = await openHost(body);
    await p.evaluate(() => document.addEventListener('ndcg-result', (e) => { window.__last = e.detail.ndcg; }));
    await p.locator('ndcg-calc').first().locator('#ranking').fill('0 1');
    const want = api.explain('0 1').ndcg;
    await p.waitForFunction((v) => window.__last === v, want);
    await p.close();
  });

  test('no rule crosses the boundary outwards: host elements named like its parts keep their styles', async () => {
    const decoys = '<p class="headline" id="headline">x</p><table class="steps"><tr><td class="num">1</td></tr></table><div class="panel ndcg-calc">y</div><textarea id="ranking"></textarea>';
    const p = await guard.context.newPage();
    await routeHost(p, server.url('host.html'), hostPage({ body: `${decoys}<ndcg-calc grades="3,2,0,1" k="4"></ndcg-calc>` }));
    await p.goto(server.url('host.html'));
    const styles = () => p.evaluate(() => Array.from(document.querySelectorAll('article > :not(ndcg-calc)'), (el) => {
      const cs = getComputedStyle(el);
      return ['color', 'font-size', 'font-family', 'background-color', 'border-top-width', 'padding-top', 'display', 'margin-top'].map((k) => cs.getPropertyValue(k)).join('|');
    }));
    const before = await styles();
    await p.addScriptTag({ url: server.url('ndcg-calc.js') });
    await p.waitForFunction(() => document.querySelector('ndcg-calc').result);
    assert.deepEqual(await styles(), before);
    assert.equal(await p.evaluate(() => document.styleSheets.length), 1);
    await p.close();
  });

  test('child <script type="text/plain"> and <template> carry other formats and judgments', async () => {
    const p = await openHost(`<ndcg-calc preset="sklearn" k="3"><script type="text/plain">
      doc-a 0.91 3
      doc-b 0.85 0
      doc-c 0.85 2
      doc-d 0.40 1
    </script></ndcg-calc><ndcg-calc ideal="judgments"><template>a 0.9&#10;b 0.8</template><template data-qrels>q 0 a 2&#10;q 0 c 1</template></ndcg-calc>${SCRIPT}`);
    const got = await p.evaluate(() => Array.from(document.querySelectorAll('ndcg-calc'), (el) => el.result.ndcg));
    assert.equal(got[0], api.explain('doc-a 0.91 3\ndoc-b 0.85 0\ndoc-c 0.85 2\ndoc-d 0.40 1', { preset: 'sklearn', k: 3 }).ndcg);
    assert.equal(got[1], api.explain('a 0.9\nb 0.8', { ideal: 'judgments', qrels: 'q 0 a 2\nq 0 c 1' }).ndcg);
    await p.close();
  });
});

/** Host page with an iframe snippet and its listener (allowed by hash). */
async function openFrameHost(snippet) {
  const listener = listenerFrom(snippet);
  const frame = snippet.replace(/<script>[\s\S]*<\/script>/, '');
  const p = await guard.context.newPage();
  await routeHost(p, server.url('host.html'), hostPage({ body: `<p>Above.</p>${frame}<p>Below.</p>`, scripts: [listener] }));
  await p.goto(server.url('host.html'));
  await fitted(p);
  return p;
}

/** Waits until the iframe is as tall as its content (and so shows no scroll bar); returns that height. */
async function fitted(p) {
  await p.waitForFunction(() => {
    const f = document.querySelector('iframe');
    const doc = f.contentDocument;
    if (!doc || doc.getElementById('app')?.getAttribute('aria-busy') !== 'false') return false;
    const content = Math.ceil(doc.documentElement.getBoundingClientRect().height);
    return Math.abs(f.clientHeight - content) <= 1 && doc.documentElement.scrollHeight <= f.clientHeight;
  }, null, { timeout: 30000 });
  return p.evaluate(() => document.querySelector('iframe').clientHeight);
}

async function dialogSnippets(hash, choose = async () => {}) {
  const p = await guard.context.newPage();
  await p.goto(server.url('index.html') + hash);
  await p.waitForFunction(() => window.ndcgCalc);
  await p.click('#embed-open');
  await choose(p);
  await p.waitForFunction(() => document.getElementById('embed-preview').result);
  const out = { element: await p.inputValue('#embed-element'), iframe: await p.inputValue('#embed-iframe'), page: p };
  return out;
}

const rows = (root) => Array.from(root.querySelectorAll('#table-dcg tbody tr, #table-idcg tbody tr'), (tr) => tr.textContent);

describe('the light module of embed.html and ndcg-calc.js', () => {
  test('embed.html carries the light module; a link in batch or compare mode shows its text as one ranking', async () => {
    const p = await guard.context.newPage();
    await p.goto(server.url(`embed.html#mode=trec&text=${encodeURIComponent('3 2 0 1')}&k=3`));
    await p.waitForFunction(() => window.ndcgCalc && document.getElementById('headline')?.textContent);
    assert.equal(await p.evaluate(() => window.ndcgCalc.api.build), 'light');
    assert.equal(await p.evaluate(() => window.ndcgCalc.state().mode), 'explain');
    const want = api.explain('3 2 0 1', { k: 3 });
    const rows = await p.evaluate(() => document.querySelectorAll('#table-dcg tbody tr').length);
    assert.equal(rows, want.steps.length);
    assert.deepEqual(await violations(p), []);
    await p.goto(server.url(`embed.html#mode=compare&text=${encodeURIComponent('2 0 1')}&k=3`));
    await p.waitForFunction(() => window.ndcgCalc && window.ndcgCalc.state().text === '2 0 1');
    assert.equal(await p.evaluate(() => window.ndcgCalc.state().mode), 'explain');
    await p.close();
  });

  test('an element on a page that loaded dist/ndcg.js first uses that module, and the page keeps it', async () => {
    const body = '<script src="ndcg.js"></script><ndcg-calc grades="3,2,0,1" k="3"></ndcg-calc><script src="ndcg-calc.js"></script>';
    const p = await openHost(body, { hostile: false });
    const build = await p.evaluate(async () => (await window.createNdcgModule()).build);
    assert.equal(build, 'full');
    assert.match(await headline(p), /0\.9/);
    assert.deepEqual(await violations(p), []);
    await p.close();
    const alone = await openHost(`<ndcg-calc grades="3,2,0,1" k="3"></ndcg-calc>${SCRIPT}`, { hostile: false });
    assert.equal(await alone.evaluate(async () => (await window.createNdcgModule()).build), 'light');
    await alone.close();
  });
});

describe('the iframe of embed.html and the Embed dialog', () => {
  test('the iframe grows to its content and shrinks again, with no scroll bar', async () => {
    const { iframe, page } = await dialogSnippets(`${WORKED}&lang=en`);
    await page.close();
    const p = await openFrameHost(iframe);
    const first = await fitted(p);
    assert.ok(first > 400, `height ${first}`);
    const long = Array.from({ length: 40 }, (_, i) => i % 4).join(',');
    await p.evaluate((g) => { const f = document.querySelector('iframe'); f.src = f.src.replace(/grades=[^&]*/, `grades=${g}`).replace(/k=\d+/, 'k=40'); }, long);
    await p.waitForFunction((h) => document.querySelector('iframe').clientHeight > h + 500, first);
    const grown = await fitted(p);
    await p.evaluate(() => { const f = document.querySelector('iframe'); f.src = f.src.replace(/grades=[^&]*/, 'grades=1,0').replace(/k=\d+/, 'k=2'); });
    await p.waitForFunction((h) => document.querySelector('iframe').clientHeight < h - 500, grown);
    const shrunk = await fitted(p);
    assert.ok(shrunk < first, `${shrunk} < ${first}`);
    assert.deepEqual(await violations(p), []);
    await p.close();
  });

  test('the dialog\'s snippets pasted into a fresh page reproduce the view (element and iframe, Chinese)', async () => {
    const hash = '#grades=3,1,0,2&k=3&gain=linear&lang=zh';
    const { element, iframe, page } = await dialogSnippets(hash, (p) => p.check('input[name="embed-part"][value="charts"]'));
    const want = await page.evaluate(() => ({ headline: document.getElementById('headline').textContent, rows: Array.from(document.querySelectorAll('#table-dcg tbody tr, #table-idcg tbody tr'), (tr) => tr.textContent) }));
    await page.close();
    assert.match(element, /^<script src="http:\/\/127\.0\.0\.1:\d+\/ndcg-calc\.js"><\/script>\n<ndcg-calc grades="3,1,0,2" k="3" gain="linear" lang="zh" parts="input headline tables charts"><\/ndcg-calc>$/);
    const p = await openHost(element.replace(/src="[^"]*"/, 'src="ndcg-calc.js"'), { lang: 'zh' });
    const shown = await p.evaluate(`(${rows})(document.querySelector('ndcg-calc').shadowRoot)`);
    assert.equal(await headline(p), want.headline);
    assert.deepEqual(shown, want.rows);
    assert.equal(await p.evaluate(() => Boolean(document.querySelector('ndcg-calc').shadowRoot.querySelector('.result-curve'))), true);
    await p.close();
    const q = await openFrameHost(iframe);
    const frame = q.frames()[1];
    assert.equal(await frame.evaluate(() => document.getElementById('headline').textContent), want.headline);
    assert.deepEqual(await frame.evaluate(`(${rows})(document)`), want.rows);
    assert.equal(await frame.evaluate(() => document.documentElement.lang), 'zh-CN');
    assert.deepEqual(await violations(q), []);
    await q.close();
  });

  test('axe finds no WCAG 2.1 A/AA violation in the dialog or on a host page with elements, in both languages', async () => {
    for (const lang of ['en', 'zh']) {
      const { page } = await dialogSnippets(`${WORKED}&lang=${lang}`);
      assert.deepEqual(await axeViolations(page), [], `dialog ${lang}`);
      await screenshot(page, `embed-dialog-${lang}.png`);
      await page.close();
      const p = await openHost(`<ndcg-calc grades="3,2,0,1,0,0,2,1,0,0" k="10" lang="${lang}" parts="input headline tables charts metrics presets"></ndcg-calc>
        <ndcg-calc grades="3,2,x" lang="${lang}" theme="dark"></ndcg-calc>${SCRIPT}`, { hostile: false, lang });
      assert.deepEqual(await axeViolations(p), [], `element ${lang}`);
      await p.close();
    }
    assert.ok(AXE_TAGS.includes('wcag21aa'));
  });
});

describe('dist/examples.html', () => {
  test('every embedded view renders, the iframes fit their content, nothing is blocked', async () => {
    const p = await guard.context.newPage();
    // The element's script comes late (as on a slow network, or a busy machine): the frames
    // load and report their heights first, and must be fitted all the same.
    await p.route('**/ndcg-calc.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await p.goto(server.url('examples.html'));
    await p.waitForFunction(() => Array.from(document.querySelectorAll('ndcg-calc')).every((el) => el.result));
    const heights = await p.waitForFunction(() => {
      const frames = Array.from(document.querySelectorAll('iframe'));
      const ok = frames.every((f) => f.contentDocument?.getElementById('headline')
        && Math.abs(f.clientHeight - Math.ceil(f.contentDocument.documentElement.getBoundingClientRect().height)) <= 1);
      return ok && frames.map((f) => f.clientHeight);
    }, null, { timeout: 30000 });
    assert.equal((await heights.jsonValue()).length, 2);
    const langs = await p.evaluate(() => Array.from(document.querySelectorAll('ndcg-calc'), (el) => el.shadowRoot.querySelector('.ndcg-calc').lang));
    assert.deepEqual(langs, ['en', 'en', 'zh-CN']);
    assert.deepEqual(await violations(p), []);
    await p.close();
  });
});
