// scripts/web/wasm-order.mjs, which lays out the modules' functions for LZMA:
// the reordered module holds the same functions (read back by wabt's
// disassembler, not by the script's own reader), its calls, exports and
// table slots reach the same functions, a module runs the same after it,
// and it packs smaller than the linker's order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './helpers.mjs';
import { orderFunctions } from '../../scripts/web/wasm-order.mjs';
import { lzmaOf } from '../../scripts/web/pack.mjs';

const dir = mkdtempSync(join(tmpdir(), 'wasm-order-'));
const objdump = (file, ...args) => execFileSync('wasm-objdump', [...args, file], { encoding: 'utf8', maxBuffer: 1 << 28 });

// The debug module carries function names, so each function can be found again after the move.
const original = join(root, 'build/wasm/ndcg-debug.wasm');
const ordered = join(dir, 'ordered.wasm');
writeFileSync(ordered, orderFunctions(readFileSync(original)));

// name -> sorted bodies (the C++ destructors' variants share a name), each
// as its instructions with the callee's number left out (its name stays).
// wabt numbers locals from a count it gets wrong for some functions in
// either order, so the locals' header lines are left out too.
function bodiesByName(file) {
  const out = new Map();
  let body = null;
  for (const line of objdump(file, '-d').split('\n')) {
    const head = /^[0-9a-f]+ func\[\d+\] (<.*>):$/.exec(line);
    if (head) {
      body = [];
      out.set(head[1], [...(out.get(head[1]) ?? []), body]);
    } else if (body) {
      const op = line.replace(/^ *[0-9a-f]+:(?: [0-9a-f]{2})* *\|/, '').replace(/\bcall \d+ </, 'call <');
      if (op.trim() && !/^ *local\[/.test(op)) body.push(op);
    }
  }
  return new Map([...out].map(([name, list]) => [name, list.map((b) => b.join('\n')).sort()]));
}

// Lines of `wasm-objdump -x` matching `re`, each reduced by `pick`.
function details(file, re, pick) {
  return objdump(file, '-x').split('\n').flatMap((line) => {
    const m = re.exec(line);
    return m ? [pick(m)] : [];
  });
}

test('every function is there after the move, with the same instructions and the same callees', () => {
  const before = bodiesByName(original);
  const after = bodiesByName(ordered);
  assert.ok(before.size > 1000, `${before.size} names read`);
  assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
  for (const [name, bodies] of before) assert.deepEqual(after.get(name), bodies, name);
});

test('the functions moved, and their types, exports and table slots moved with them', () => {
  const sigs = (file) => details(file, /^ - func\[(\d+)\] sig=(\d+) (<.*>)$/, (m) => ({ index: m[1], line: `${m[3]} ${m[2]}` }));
  const [before, after] = [sigs(original), sigs(ordered)];
  assert.equal(after.length, before.length);
  assert.deepEqual(after.map((s) => s.line).sort(), before.map((s) => s.line).sort());
  const moved = before.filter((s, i) => after[i].line !== s.line).length;
  assert.ok(moved > before.length / 2, `${moved} of ${before.length} functions moved`);
  const exports = (file) => details(file, /^ - func\[\d+\] (<.*>) -> (".*")$/, (m) => `${m[2]} ${m[1]}`);
  assert.deepEqual(exports(ordered), exports(original));
  assert.ok(exports(original).length > 0);
  const slots = (file) => details(file, /^ {2}- elem\[(\d+)\] = func\[\d+\] (<.*>)$/, (m) => `${m[1]} ${m[2]}`);
  assert.deepEqual(slots(ordered), slots(original));
  assert.ok(slots(original).length > 100);
});

// Calls direct and through the table, an import, a start function and an
// export, in an order the greedy layout changes.
const WAT = `(module
  (type $t (func (param i32) (result i32)))
  (import "env" "twice" (func $twice (param i32) (result i32)))
  (global $seed (mut i32) (i32.const 0))
  (table 3 funcref)
  (elem (i32.const 0) $c $a $b)
  (func $a (param i32) (result i32) (i32.add (local.get 0) (i32.add (global.get $seed) (i32.const 1))))
  (func $init (global.set $seed (i32.const 5)))
  (func $b (param i32) (result i32) (call $a (i32.mul (local.get 0) (i32.const 3))))
  (func $c (param i32) (result i32) (call $twice (call $b (local.get 0))))
  (func $d (param i32) (result i32) (call $a (i32.mul (local.get 0) (i32.const 7))))
  (func (export "run") (param i32) (result i32)
    (i32.add (call_indirect (type $t) (local.get 0) (i32.rem_u (local.get 0) (i32.const 3)))
             (i32.mul (call $d (local.get 0)) (call $c (local.get 0)))))
  (start $init))`;

test('a module computes the same after the move', () => {
  writeFileSync(join(dir, 'small.wat'), WAT);
  execFileSync('wat2wasm', [join(dir, 'small.wat'), '-o', join(dir, 'small.wasm')]);
  const bytes = readFileSync(join(dir, 'small.wasm'));
  const moved = orderFunctions(bytes);
  assert.ok(!moved.equals(bytes), 'the order changed');
  const run = (b) => new WebAssembly.Instance(new WebAssembly.Module(b), { env: { twice: (x) => 2 * x } }).exports.run;
  const [a, b] = [run(bytes), run(moved)];
  for (let x = 0; x < 40; x++) assert.equal(b(x), a(x), `run(${x})`);
  // By hand, with $seed 5 from the start function: slot 4 % 3 = 1 is $a, 4 + 6 = 10; $d: 28 + 6 = 34; $c: 2 * (12 + 6) = 36.
  assert.equal(a(4), 10 + 34 * 36);
});

test('the full module packs smaller in the new order', () => {
  const wasm = readFileSync(join(root, 'build/wasm/ndcg.wasm'));
  const params = 'preset=6,lc=3,lp=0,pb=0';
  const [before, after] = [lzmaOf(wasm, params).length, lzmaOf(orderFunctions(wasm), params).length];
  assert.ok(after < before * 0.99, `${before} -> ${after} bytes packed`);
});
