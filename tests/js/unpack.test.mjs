// The .lzma decoder the one-file builds carry (cpp/unpack/unlzma.cpp, built
// to build/wasm/unlzma.wasm): what xz packs it gives back byte for byte,
// under every lc/lp/pb the format allows, and damaged input is refused
// with a status, never a hang or a crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCore, root } from './helpers.mjs';
import { unpack } from '../../web/api/unpack.js';
import { decoderOf, lzmaOf } from '../../scripts/web/pack.mjs';

const { bytes: decoder, unlzma } = decoderOf(root);

/** .lzma bytes of `data` as the build packs them, at a quicker preset. */
const pack = (data, params = 'lc=3,lp=0,pb=0') => lzmaOf(data, `preset=6,${params}`);

// A text with long and short repeats, so every kind of match occurs.
function repetitive(size) {
  const words = ['ndcg', 'gain', 'discount', '0', '1', '2', '3', '\n', 'ideal', 'query'];
  let text = '';
  for (let i = 0; text.length < size; i++) text += words[(i * 7 + (i >> 3)) % words.length] + (i % 5 ? ' ' : ',');
  return Buffer.from(text.slice(0, size));
}

const samples = {
  empty: Buffer.alloc(0),
  'one byte': Buffer.from('x'),
  zeros: Buffer.alloc(300000),
  random: randomBytes(70000),
  text: repetitive(200000),
  'the module wasm': readFileSync(join(root, 'build/wasm/ndcg.wasm')),
};

test('the decoder compiles on a browser\'s main thread: at most 4 KB, the limit older Chromium sets there', () => {
  assert.ok(decoder.length <= 4096, `the decoder wasm is ${decoder.length} bytes`);
});

test('what xz packs comes back byte for byte', () => {
  for (const [name, data] of Object.entries(samples)) {
    assert.ok(Buffer.from(unlzma(pack(data))).equals(data), name);
  }
});

test('every lc/lp/pb the format allows decodes', () => {
  const data = Buffer.concat([repetitive(30000), randomBytes(2000), repetitive(5000)]);
  for (const params of ['lc=0,lp=0,pb=0', 'lc=4,lp=0,pb=2', 'lc=0,lp=4,pb=4', 'lc=1,lp=3,pb=1', 'lc=3,lp=1,pb=3']) {
    assert.ok(Buffer.from(unlzma(pack(data, params))).equals(data), params);
  }
});

test('unpack reads the base64 texts the builds carry', () => {
  const data = repetitive(10000);
  assert.ok(Buffer.from(unpack(pack(data).toString('base64'), decoder.toString('base64'))).equals(data));
});

test('a short, cut, resized or damaged stream is refused with a status', () => {
  const good = pack(samples.text);
  const refused = (bytes, why) => assert.throws(() => unlzma(bytes), /damaged \(unlzma status [1-5]\)/, why);
  refused(good.subarray(0, 12), 'no whole header');
  refused(good.subarray(0, good.length >> 1), 'cut in half');
  const bad = Buffer.from(good);
  bad[0] = 225;
  refused(bad, 'properties out of range');
  const lc4lp1 = Buffer.from(good);
  lc4lp1[0] = 4 + 9;
  refused(lc4lp1, 'lc + lp over 4');
});

test('random damage never hangs or escapes: each result is the original, an error, or other bytes of the right size', () => {
  const good = pack(repetitive(20000));
  for (let trial = 0; trial < 300; trial++) {
    const bad = Buffer.from(good);
    const at = 13 + ((trial * 7919) % (bad.length - 13));
    bad[at] ^= 1 << (trial % 8);
    try {
      assert.equal(unlzma(bad).length, 20000);
    } catch (e) {
      assert.match(e.message, /unlzma status/);
    }
  }
});

test('each module wasm imports only what its glue gives it, and registers its entry points by name', async () => {
  for (const name of ['ndcg', 'ndcg-light', 'ndcg-debug']) {
    const { imports, registered, wasm } = await loadCore(name);
    const wanted = WebAssembly.Module.imports(new WebAssembly.Module(wasm));
    assert.deepEqual(wanted.filter((w) => typeof imports[w.module]?.[w.name] === 'undefined').map((w) => `${w.module}.${w.name}`), [],
      `${name}.wasm imports what its glue lacks`);
    for (const e of ['analyseText', 'renderKept', 'optionSchema', 'readOption']) assert.ok(registered.includes(e), `${name}: ${e}`);
    assert.equal(registered.includes('evaluateTrec'), name !== 'ndcg-light', name);
  }
});

test('the factory\'s unpackText (the pages\' hook) refuses junk with a message and leaves the module usable', async () => {
  const { createNdcgModule } = await import('./helpers.mjs');
  for (const junk of ['', 'AAAA', '////', Buffer.alloc(40, 7).toString('base64')]) {
    assert.throws(() => createNdcgModule.unpackText(junk), /damaged \((unlzma status [1-5]|a size over 1 GiB)\)/, JSON.stringify(junk));
  }
  const text = 'ndcg 计算器 — '.repeat(50);
  assert.equal(createNdcgModule.unpackText(pack(Buffer.from(text)).toString('base64')), text);
  const api = await createNdcgModule();
  assert.equal(api.explain('3,2,0,1,0,0,2,1,0,0', { k: 10 }).ndcg.toFixed(4), '0.9490');
});
