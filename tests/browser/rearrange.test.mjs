// Rearranging the ranking by hand in explain mode: a row dragged with a
// mouse and with a finger, moved with Alt+↑/↓, the ideal order and undo;
// each time the text box, the step tables, the headline, the URL hash and
// the status line agree with the core's numbers for the new order. Also in
// Chinese, and axe on the movable table.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, browser, guardedContext, headlineIs, nodeApi, open, server, tableRows, useBrowser } from './_helpers.mjs';

const IDS = 'd1 3\nd2 2\nd3 0\nd4 1\nd5 0';
const IDS_HASH = `#text=${encodeURIComponent(IDS)}&k=5&lang=en`;

let guard;
let page;
let api;

useBrowser({}, async () => {
  api = await nodeApi();
  guard = await guardedContext(browser, [server.url('index.html')], { hasTouch: true });
  page = await guard.context.newPage();
});

/** The headline the core gives for `text` at K. */
function headlineFor(text, k) {
  const e = api.explain(text, { k });
  return `NDCG@${k} = ${e.dcg.toFixed(3)} / ${e.idcg.toFixed(3)} = ${e.ndcg.toFixed(3)}`;
}

/** Checks the box, the first table's ids, the headline, the hash and the status line for `text`. */
async function agrees(p, text, k, status) {
  await headlineIs(p, headlineFor(text, k));
  assert.equal(await p.inputValue('#ranking'), text);
  const e = api.explain(text, { k });
  const rows = await tableRows(p, 'table-dcg');
  // Position, the id when there is one, and the term of each row.
  assert.deepEqual(rows.map((r) => [r[0], e.steps[0].id === null ? null : r[1], r[r.length - 3]]),
    e.steps.map((s) => [String(s.position), s.id, s.contribution.toFixed(3)]));
  const hash = await p.evaluate(() => location.hash);
  assert.ok(hash.includes(`text=${encodeURIComponent(text)}`) || hash.includes(`grades=${text.split(' ').join(',')}`), hash);
  if (status) await p.waitForFunction((want) => document.getElementById('status').textContent === want, status);
}

// The middle of row `i` (0-based) of the first table's position cells, in the viewport (the table brought into it).
async function cellCentre(p, i) {
  await p.evaluate(() => document.getElementById('table-dcg').scrollIntoView({ block: 'center' }));
  const box = await p.locator('#table-dcg tbody tr').nth(i).locator('th').boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('rearranging by hand', () => {
  test('a mouse drags d4 to the top: text, tables, headline, hash and status follow; undo brings it back', async () => {
    await open(page, server.url() + IDS_HASH);
    assert.equal(await page.locator('#table-dcg.movable').count(), 1);
    const from = await cellCentre(page, 3);
    const to = await cellCentre(page, 0);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y - 6, { steps: 6 });
    assert.equal(await page.locator('#table-dcg tr.drop-above').count(), 1);
    await page.mouse.up();
    const moved = 'd4 1\nd1 3\nd2 2\nd3 0\nd5 0';
    const e = api.explain(moved, { k: 5 });
    await agrees(page, moved, 5, `d4 moved to position 1; NDCG@5 ${e.ndcg.toFixed(3)}`);
    assert.equal(await page.isDisabled('#undo-move'), false);
    await page.click('#undo-move');
    await agrees(page, IDS, 5, `Move undone; NDCG@5 ${api.explain(IDS, { k: 5 }).ndcg.toFixed(3)}`);
    assert.equal(await page.isDisabled('#undo-move'), true);
  });

  test('a finger drags a row down (touch pointer events), and the page does not scroll', async () => {
    await open(page, server.url() + IDS_HASH);
    const cdp = await page.context().newCDPSession(page);
    const from = await cellCentre(page, 0);
    const to = await cellCentre(page, 2);
    const scrolled = await page.evaluate(() => scrollY);
    const touch = (type, { x, y }) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', from);
    for (let i = 1; i <= 6; i++) await touch('touchMove', { x: from.x, y: from.y + ((to.y + 6 - from.y) * i) / 6 });
    await touch('touchEnd', to);
    const moved = 'd2 2\nd3 0\nd1 3\nd4 1\nd5 0';
    await agrees(page, moved, 5, `d1 moved to position 3; NDCG@5 ${api.explain(moved, { k: 5 }).ndcg.toFixed(3)}`);
    assert.equal(await page.evaluate(() => scrollY), scrolled);
    await cdp.detach();
  });

  test('the keyboard: ↓ moves the focus, Alt+↑ moves the row and keeps it focused; several undos', async () => {
    await open(page, server.url() + IDS_HASH);
    await page.focus('#table-dcg tbody tr');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.position), '3');
    await page.keyboard.press('Alt+ArrowUp');
    const once = 'd1 3\nd3 0\nd2 2\nd4 1\nd5 0';
    await agrees(page, once, 5, `d3 moved to position 2; NDCG@5 ${api.explain(once, { k: 5 }).ndcg.toFixed(3)}`);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.position), '2');
    await page.keyboard.press('Alt+ArrowUp');
    const twice = 'd3 0\nd1 3\nd2 2\nd4 1\nd5 0';
    await agrees(page, twice, 5, `d3 moved to position 1; NDCG@5 ${api.explain(twice, { k: 5 }).ndcg.toFixed(3)}`);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.position), '1');
    // Alt+↑ on the first row does nothing.
    await page.keyboard.press('Alt+ArrowUp');
    assert.equal(await page.inputValue('#ranking'), twice);
    await page.click('#undo-move');
    await agrees(page, once, 5, null);
    await page.click('#undo-move');
    await agrees(page, IDS, 5, null);
    assert.equal(await page.isDisabled('#undo-move'), true);
  });

  test('the ideal order on the worked example gives 1.000; typing ends what undo can take back', async () => {
    await open(page, `${server.url()}#grades=3,2,0,1,0,0,2,1,0,0&k=10&lang=en`);
    await page.click('#ideal-order');
    await agrees(page, '3 2 2 1 1 0 0 0 0 0', 10, 'The ranking is in the ideal order; NDCG@10 1.000');
    assert.equal(await page.evaluate(() => location.hash.includes('grades=3,2,2,1,1,0,0,0,0,0')), true);
    await page.click('#undo-move');
    await agrees(page, '3 2 0 1 0 0 2 1 0 0', 10, 'Move undone; NDCG@10 0.949');
    await page.click('#ideal-order');
    await page.fill('#ranking', '3 2 2 1 1 0 0 0 0 0 1');
    await headlineIs(page, headlineFor('3 2 2 1 1 0 0 0 0 0 1', 10));
    assert.equal(await page.isDisabled('#undo-move'), true);
  });

  test('grades without ids are said by grade and place; judgments keep the ids alone', async () => {
    await open(page, `${server.url()}#grades=0,3&k=2&lang=en`);
    await page.focus('#table-dcg tbody tr:nth-child(2)');
    await page.keyboard.press('Alt+ArrowUp');
    await agrees(page, '3 0', 2, 'grade 3 from position 2 moved to position 1; NDCG@2 1.000');
    const qrels = 'q 0 a 0\nq 0 b 2\n';
    await open(page, `${server.url()}#text=${encodeURIComponent('a\nb')}&qrels=${encodeURIComponent(qrels)}&k=2&lang=en`);
    await page.click('#ideal-order');
    await page.waitForFunction(() => document.getElementById('ranking').value === 'b\na');
    const e = api.explain('b\na', { k: 2, qrels });
    await headlineIs(page, `NDCG@2 = ${e.dcg.toFixed(3)} / ${e.idcg.toFixed(3)} = ${e.ndcg.toFixed(3)}`);
  });

  test('in Chinese, the move is said in Chinese; axe finds nothing on the movable table', async () => {
    await open(page, `${server.url()}#text=${encodeURIComponent(IDS)}&k=5&lang=zh`);
    await page.focus('#table-dcg tbody tr:nth-child(4)');
    await page.keyboard.press('Alt+ArrowUp');
    const moved = 'd1 3\nd2 2\nd4 1\nd3 0\nd5 0';
    await agrees(page, moved, 5, `d4 移到第 3 位；NDCG@5 ${api.explain(moved, { k: 5 }).ndcg.toFixed(3)}`);
    assert.match(await page.textContent('#move-help'), /Alt\+↑/);
    assert.equal(await page.textContent('#ideal-order'), '理想顺序');
    assert.deepEqual(await axeViolations(page), []);
  });

  test('batch mode has no movable table', async () => {
    await open(page, server.url() + IDS_HASH);
    await page.check('input[name="mode"][value="trec"]');
    await page.waitForFunction(() => !document.querySelector('table.movable'));
    assert.equal(await page.locator('#ideal-order').count(), 0);
    assert.deepEqual(guard.errors, []);
  });
});
