// The module's functions laid out so that LZMA packs them smaller: each
// function is followed by the one left whose bytes share the most 4-byte
// sequences with it (Jaccard), so that near twins (template instances, the
// option rows' setters, the measures) sit side by side, where the packer's
// matches are short and cheap. Only the order changes: every call, export,
// start function and table entry is renumbered to the function's new place,
// so the module behaves exactly as before (table slots keep their numbers).
// 2.6% smaller packed on the full module (LZMA's window holds the whole
// module, but a match that is near and repeated costs fewer bits).
//   node scripts/web/wasm-order.mjs IN.wasm OUT.wasm   (the build calls orderFunctions)

import { readFileSync, writeFileSync } from 'node:fs';
import { eachInstruction } from './wasm-streams.mjs';

const GRAM = 4;  // bytes per sequence compared: 3 to 4 measured best on our wasm
const LONE = 0.05;  // below this likeness the next function is the smallest in byte order

class Reader {
  constructor(bytes, at = 0) {
    this.b = bytes;
    this.at = at;
  }
  byte() {
    if (this.at >= this.b.length) throw new Error('wasm-order: the module ends inside a section');
    return this.b[this.at++];
  }
  u32() {
    let r = 0;
    let shift = 0;
    for (;;) {
      const x = this.byte();
      r += (x & 0x7f) * 2 ** shift;
      shift += 7;
      if (x < 0x80) return r;
    }
  }
  bytes(n) {
    const out = this.b.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
}

function leb(n) {
  const out = [];
  do {
    let x = n % 128;
    n = Math.floor(n / 128);
    if (n) x |= 0x80;
    out.push(x);
  } while (n);
  return Buffer.from(out);
}

function sectionsOf(bytes) {
  const r = new Reader(bytes, 8);
  const out = [];
  while (r.at < bytes.length) {
    const id = r.byte();
    const size = r.u32();
    out.push({ id, body: Buffer.from(r.bytes(size)) });
  }
  return out;
}

// Functions the module imports, which come first in the numbering.
function importedFunctions(body) {
  const r = new Reader(body);
  let funcs = 0;
  for (let n = r.u32(); n > 0; n--) {
    r.bytes(r.u32());
    r.bytes(r.u32());
    const kind = r.byte();
    if (kind === 0) {
      r.u32();
      funcs++;
    } else if (kind === 1 || kind === 2) {
      if (kind === 1) r.byte();
      if (r.byte() & 1) r.u32();
      r.u32();
    } else if (kind === 3) {
      r.bytes(2);
    } else throw new Error(`wasm-order: import kind ${kind}`);
  }
  return funcs;
}

function vectorOf(body, item) {
  const r = new Reader(body);
  const out = [];
  for (let n = r.u32(); n > 0; n--) out.push(item(r));
  return out;
}

// [{func, start, end}]: where each function index sits in a body (the
// instructions read by wasm-streams.mjs's grammar).
function calleesOf(body) {
  const out = [];
  eachInstruction(body, (op, start, end) => {
    if (op !== 0x10 && op !== 0xd2) return;
    out.push({ func: new Reader(body, start + 1).u32(), start: start + 1, end });
  });
  return out;
}

function renumbered(body, renumber) {
  const parts = [];
  let last = 0;
  for (const c of calleesOf(body)) {
    parts.push(body.subarray(last, c.start), leb(renumber(c.func)));
    last = c.end;
  }
  parts.push(body.subarray(last));
  return Buffer.concat(parts);
}

// A body's distinct 4-byte sequences, sorted.
function gramsOf(body) {
  const set = new Set();
  for (let i = 0; i + GRAM <= body.length; i++) set.add(body.readUInt32LE(i));
  return Uint32Array.from(set).sort();
}

// Jaccard of two bodies' sequences, from how many they share.
function likeness(a, b, both) {
  if (a.length === 0 || b.length === 0) return 0;
  return both / (a.length + b.length - both);
}

// The order: from the first body in byte order, each next the likest left
// (ties to the first in byte order). The sequences each body shares with
// the current one are counted through who holds each sequence, not by a
// walk of every pair: the same choices, in a third of the time.
function orderOf(bodies) {
  const grams = bodies.map(gramsOf);
  const byBytes = bodies.map((_, i) => i).sort((a, b) => Buffer.compare(bodies[a], bodies[b]) || a - b);
  const holders = new Map();
  grams.forEach((list, f) => {
    for (const g of list) {
      const held = holders.get(g);
      if (held) held.push(f);
      else holders.set(g, [f]);
    }
  });
  const shared = new Int32Array(bodies.length);
  const left = new Set(byBytes);
  const order = [];
  for (let cur = byBytes[0]; ; ) {
    order.push(cur);
    left.delete(cur);
    if (left.size === 0) return order;
    shared.fill(0);
    for (const g of grams[cur]) for (const f of holders.get(g)) shared[f]++;
    let best = -1;
    let score = -1;
    for (const f of left) {  // in byte order: the first of equal likeness stays
      const s = likeness(grams[cur], grams[f], shared[f]);
      if (s > score) [best, score] = [f, s];
    }
    cur = score > LONE ? best : byBytes.find((f) => left.has(f));
  }
}

function renumberElems(body, renumber) {
  const r = new Reader(body);
  const segments = r.u32();
  const parts = [leb(segments)];
  for (let n = segments; n > 0; n--) {
    const flags = r.u32();
    if (flags !== 0) throw new Error(`wasm-order: element segment form ${flags}`);
    const start = r.at;
    while (r.byte() !== 0x0b);  // i32.const OFFSET end
    parts.push(leb(flags), body.subarray(start, r.at));
    const count = r.u32();
    parts.push(leb(count));
    for (let i = 0; i < count; i++) parts.push(leb(renumber(r.u32())));
  }
  return Buffer.concat(parts);
}

function renumberExports(body, renumber) {
  const items = vectorOf(body, (r) => {
    const name = Buffer.from(r.bytes(r.u32()));
    const kind = r.byte();
    const index = r.u32();
    return Buffer.concat([leb(name.length), name, Buffer.from([kind]), leb(kind === 0 ? renumber(index) : index)]);
  });
  return Buffer.concat([leb(items.length), ...items]);
}

// The name section's function names (subsection 1) and local names (2) at
// the functions' new numbers, in the increasing order the format asks for.
function renumberNames(body, renumber) {
  const r = new Reader(body);
  r.bytes(r.u32());  // "name"
  const parts = [body.subarray(0, r.at)];
  while (r.at < body.length) {
    const id = r.byte();
    const sub = Buffer.from(r.bytes(r.u32()));
    let out = sub;
    if (id === 1 || id === 2) {
      const entries = vectorOf(sub, (e) => {
        const index = e.u32();
        const headEnd = e.at;
        if (id === 1) e.bytes(e.u32());
        else for (let n = e.u32(); n > 0; n--) { e.u32(); e.bytes(e.u32()); }
        return { index: renumber(index), rest: sub.subarray(headEnd, e.at) };
      }).sort((a, b) => a.index - b.index);
      out = Buffer.concat([leb(entries.length), ...entries.flatMap((e) => [leb(e.index), e.rest])]);
    }
    parts.push(Buffer.from([id]), leb(out.length), out);
  }
  return Buffer.concat(parts);
}

const isNames = (s) => s.id === 0 && s.body.subarray(1, 5).toString() === 'name';

/** The module's bytes with its functions in the order that packs smallest. */
export function orderFunctions(bytes) {
  const sections = sectionsOf(bytes);
  const find = (id) => sections.find((s) => s.id === id);
  const imported = find(2) ? importedFunctions(find(2).body) : 0;
  const code = find(10);
  if (!code) return bytes;
  const bodies = vectorOf(code.body, (r) => Buffer.from(r.bytes(r.u32())));
  const types = vectorOf(find(3).body, (r) => r.u32());
  const order = orderOf(bodies);
  const place = new Int32Array(bodies.length);
  order.forEach((old, i) => { place[old] = i; });
  const renumber = (f) => (f < imported ? f : imported + place[f - imported]);
  code.body = Buffer.concat([leb(order.length), ...order.map((f) => {
    const b = renumbered(bodies[f], renumber);
    return Buffer.concat([leb(b.length), b]);
  })]);
  find(3).body = Buffer.concat([leb(order.length), ...order.map((f) => leb(types[f]))]);
  if (find(7)) find(7).body = renumberExports(find(7).body, renumber);
  if (find(8)) find(8).body = leb(renumber(new Reader(find(8).body).u32()));
  if (find(9)) find(9).body = renumberElems(find(9).body, renumber);
  for (const s of sections.filter(isNames)) s.body = renumberNames(s.body, renumber);
  const out = Buffer.concat([Buffer.from(bytes.subarray(0, 8)), ...sections.flatMap((s) => [Buffer.from([s.id]), leb(s.body.length), s.body])]);
  new WebAssembly.Module(out);  // throws unless the result is a valid module
  return out;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const [input, output] = process.argv.slice(2);
  writeFileSync(output, orderFunctions(readFileSync(input)));
}
