// The modules' code split into streams for packing (scripts/web/wasm-streams.mjs)
// and joined back by the decoder's wasm as it unpacks (cpp/unpack/unsplit.cpp):
// every module comes back byte for byte, a module holding every kind of
// immediate does and runs the same, the split packs smaller, and a damaged
// split module is refused with a message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './helpers.mjs';
import { decoderOf, lzmaOf } from '../../scripts/web/pack.mjs';
import { orderFunctions } from '../../scripts/web/wasm-order.mjs';
import { splitCode } from '../../scripts/web/wasm-streams.mjs';

const { unlzma } = decoderOf(root);
const quick = (data, preset = 6) => lzmaOf(Buffer.from(data), `preset=${preset},lc=3,lp=0,pb=0`);
const module = (name) => readFileSync(join(root, `build/wasm/${name}.wasm`));

test('every module comes back byte for byte, in the build\'s order and in the linker\'s', () => {
  // The debug module travels whole: its linker writes padded LEBs, which a join writes short.
  for (const name of ['ndcg', 'ndcg-light', 'ndcg-cli', 'unlzma']) {
    for (const wasm of [module(name), orderFunctions(module(name))]) {
      const split = splitCode(wasm);
      assert.deepEqual([...split.subarray(0, 4)], [0, 0x77, 0x73, 0x70], name);
      assert.ok(Buffer.from(unlzma(quick(split))).equals(wasm), name);
    }
  }
});

// Every kind of immediate the grammar knows: locals (before a load and
// not), loads and stores, constants of each type (i32's before an add, a
// bit operation and neither), blocks with each block type, br_table,
// call_indirect, globals, select with a type, memory.size and grow, and
// the 0xfc ones (saturating truncation, memory.copy and fill, data.drop).
const WAT = `(module
  (type $t (func (param i32) (result i32)))
  (memory 1)
  (global $g (mut i64) (i64.const -5))
  (table 2 funcref)
  (elem (i32.const 0) $twice $more)
  (data $d "abc")
  (func $twice (param i32) (result i32) (i32.mul (local.get 0) (i32.const 2)))
  (func $more (param i32) (result i32) (i32.add (local.get 0) (i32.const 100000)))
  (func (export "run") (param $x i32) (result f64)
    (local $y i32) (local $z f64) (local $w i64)
    (local.set $y (call_indirect (type $t) (local.get $x) (i32.rem_u (local.get $x) (i32.const 2))))
    (block $out (result i32)
      (block $a (block $b (br_table $a $b $a (local.get $x)))
        (local.set $y (i32.add (local.get $y) (i32.const -7))))
      (local.get $y))
    (local.set $y)
    (i32.store offset=8 (i32.const 16) (local.get $y))
    (i64.store16 offset=40 align=1 (i32.const 0) (global.get $g))
    (global.set $g (i64.add (global.get $g) (i64.const 1234567890123)))
    (memory.fill (i32.const 100) (i32.const 9) (i32.const 4))
    (memory.copy (i32.const 200) (i32.const 100) (i32.const 4))
    (memory.init $d (i32.const 300) (i32.const 0) (i32.const 3))
    (data.drop $d)
    (i32.store (local.get $x) (i32.and (local.get $x) (i32.const 12)))
    (drop (i32.load8_u (local.get $x)))
    (local.set $w (i64.extend_i32_s (i32.load8_u (i32.const 302))))
    (local.set $z (f64.add (f64.convert_i32_s (i32.load offset=8 (i32.const 16)))
                           (f64.promote_f32 (f32.const 0.25))))
    (if (result f64) (i32.gt_s (memory.size) (i32.const 0))
      (then (f64.add (local.get $z) (f64.const 1.5e300)))
      (else (f64.const 0)))
    (drop (memory.grow (i32.const 0)))
    (f64.add (select (result f64) (f64.convert_i64_s (local.get $w)) (f64.const 2) (i32.trunc_sat_f64_s (local.get $z)))
             (f64.convert_i32_s (i32.load (i32.const 200))))
    (f64.add)))`;

test('a module with every kind of immediate comes back whole and runs the same', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wasm-streams-'));
  writeFileSync(join(dir, 'all.wat'), WAT);
  execFileSync('wat2wasm', [join(dir, 'all.wat'), '-o', join(dir, 'all.wasm')]);
  const wasm = readFileSync(join(dir, 'all.wasm'));
  const back = Buffer.from(unlzma(quick(splitCode(wasm))));
  assert.ok(back.equals(wasm));
  // A fresh instance for each call: data.drop leaves nothing for a second memory.init.
  const run = (b, x) => new WebAssembly.Instance(new WebAssembly.Module(b)).exports.run(x);
  for (let x = 0; x < 6; x++) assert.equal(run(back, x), run(wasm, x), `run(${x})`);
  assert.ok(Number.isFinite(run(wasm, 3)) && run(wasm, 3) > 1e300);
});

test('the full module packs smaller split than whole', () => {
  const wasm = orderFunctions(module('ndcg'));
  const [whole, split] = [quick(wasm).length, quick(splitCode(wasm)).length];
  assert.ok(split < whole * 0.97, `${whole} -> ${split} bytes packed`);
});

// A module of one function, (func), its size written in `size` (2, its locals' count and its end).
const oneFunction = (size, body = [0, 0x0b]) => Uint8Array.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 3, 2, 1, 0,
  10, 1 + size.length + body.length, 1, ...size, ...body]);

test('a function\'s size travels as where its outermost end is, so the split refuses a size written long or a body past its end', () => {
  const wasm = oneFunction([2]);
  assert.ok(new WebAssembly.Module(wasm));
  assert.ok(Buffer.from(unlzma(quick(splitCode(wasm)))).equals(wasm));
  assert.throws(() => splitCode(oneFunction([0x82, 0x80, 0x80, 0x80, 0])), /function 0's size is written long/);
  assert.throws(() => splitCode(oneFunction([4], [0, 0x0b, 0x01, 0x0b])), /function 0 ends before its size/);
  assert.throws(() => splitCode(oneFunction([3], [0, 0x02, 0x40])), /function 0 does not end with its outermost end/);
});

test('a damaged split module is refused with a message, and random damage never hangs or crashes', () => {
  const split = Buffer.from(splitCode(module('ndcg-light')));
  const refused = (bytes, why) => assert.throws(() => unlzma(quick(bytes)), /damaged \(its code streams do not join\)/, why);
  refused(split.subarray(0, split.length - 100), 'cut short');
  refused(split.subarray(0, 9), 'no sections');
  // The code section's contents: the joined length, the count, then the streams, the heads first.
  let at = 8;
  const leb = () => {
    let v = 0;
    for (let s = 1; ; s *= 128) {
      const x = split[at++];
      v += (x & 0x7f) * s;
      if (x < 0x80) return v;
    }
  };
  while (split[at] !== 10) {
    at++;
    const size = leb();
    at += size;
  }
  at++;
  leb();
  const contents = at;
  leb();
  leb();
  const heads = leb();
  const head = at;
  at += heads;
  leb();
  const ops = at;
  for (const [where, to, why] of [[contents, split[contents] ^ 0x55, 'the joined length'], [head, split[head] ^ 0x55, 'a function\'s locals'],
    [ops, 0xff, 'the first opcode (0xff: none)']]) {
    const bad = Buffer.from(split);
    bad[where] = to;
    refused(bad, why);
  }
  for (let trial = 0; trial < 60; trial++) {
    const bad = Buffer.from(split);
    bad[contents + ((trial * 7919) % 40000)] ^= 1 << (trial % 8);
    try {
      assert.ok(Buffer.from(unlzma(quick(bad, 0))).length > 0);
    } catch (e) {
      assert.match(e.message, /code streams do not join/);
    }
  }
});
