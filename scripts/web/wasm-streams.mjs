// The modules' code section is packed as eleven streams, which LZMA packs
// about 11% smaller than the instructions as they come: each function's
// locals (HEAD; not its size, which the join finds from where its
// outermost `end` is), the opcodes with the immediates not listed here
// (OP), the local indices of local.get/set/tee (LOCAL, or BASE when a load
// or store comes next), the alignments of loads and stores told apart
// from each opcode's natural one (ALIGN: mostly zeros), their offsets
// (OFFSET), the values of i32.const (SUM when an i32.add or i32.sub comes
// next, BIT when a bit operation or a shift does, else CONST), the block
// types (BLOCK) and the branches' depths (BRANCH). Like bytes then sit
// together, where the packer finds longer and nearer matches. The build
// splits here (build-web.mjs); the decoder's wasm joins the streams back
// as it unpacks (cpp/unpack/unsplit.cpp, the same grammar in C++), looking
// at the next opcode as the split did. A split module starts "\0wsp" where
// wasm has "\0asm".

// The streams, numbered in the order they travel (STREAMS: how many).
const [HEAD, OP, LOCAL, ALIGN, OFFSET, CONST, BLOCK, BRANCH, SUM, BIT, BASE, STREAMS] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

// Each opcode's immediates (unsplit.cpp's instruction() reads the same).
const NONE = 0;
const LOCAL_INDEX = 1;  // a LEB, in LOCAL
const MEMARG = 2;       // a LEB in ALIGN, then one in OFFSET
const I32 = 3;          // a LEB, in CONST
const BLOCK_TYPE = 4;   // a byte or a LEB, in BLOCK
const DEPTH = 5;        // a LEB, in BRANCH
const BR_TABLE = 6;     // LEBs, in BRANCH
const ONE_LEB = 7;      // in OP, as every kind below
const TWO_LEBS = 8;
const BYTE = 9;
const F32 = 10;
const F64 = 11;
const SELECT_TYPES = 12;
const PREFIXED = 13;
const UNKNOWN = 14;

// The natural alignment (log2 of the bytes moved) of loads and stores 0x28 to 0x3e.
export const NATURAL = [2, 3, 2, 3, 0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 2, 3, 2, 3, 0, 1, 0, 1, 2];

// Where an i32.const's value or a local index goes, by the opcode after it.
const constStream = (next) => (next === 0x6a || next === 0x6b ? SUM : next >= 0x71 && next <= 0x78 ? BIT : CONST);
const localStream = (next) => (next >= 0x28 && next <= 0x3e ? BASE : LOCAL);

const GRAMMAR = new Uint8Array(256).fill(UNKNOWN);
function rule(kind, ...ops) {
  for (const op of ops) {
    if (Array.isArray(op)) for (let o = op[0]; o <= op[1]; o++) GRAMMAR[o] = kind;
    else GRAMMAR[op] = kind;
  }
}
rule(NONE, 0x00, 0x01, 0x05, 0x0b, 0x0f, 0x1a, 0x1b, 0xd1, [0x45, 0xc4]);
rule(LOCAL_INDEX, [0x20, 0x22]);
rule(MEMARG, [0x28, 0x3e]);
rule(I32, 0x41);
rule(DEPTH, 0x0c, 0x0d);
rule(ONE_LEB, 0x10, [0x23, 0x26], 0x42, 0xd2);
rule(TWO_LEBS, 0x11);
rule(BLOCK_TYPE, [0x02, 0x04]);
rule(BR_TABLE, 0x0e);
rule(BYTE, 0x3f, 0x40, 0xd0);
rule(F32, 0x43);
rule(F64, 0x44);
rule(SELECT_TYPES, 0x1c);
rule(PREFIXED, 0xfc);
// After 0xfc: [LEBs, bytes] of bulk memory and tables (0 to 7, saturating truncation, have none).
const PREFIXED_PARTS = [[1, 1], [1, 0], [0, 2], [0, 1], [2, 0], [1, 0], [2, 0], [1, 0], [1, 0], [1, 0]];

// Reads one instruction at `code[where.at]` and appends its parts to their
// streams ({bytes, at} each).
function splitInstruction(code, where, streams) {
  const copy = (i, n = 1) => {
    for (let j = 0; j < n; j++) streams[i].bytes[streams[i].at++] = code[where.at++];
  };
  const leb = (i) => {
    let value = 0;
    for (let shift = 1; ; shift *= 128) {
      const x = code[where.at];
      copy(i);
      value += (x & 0x7f) * shift;
      if (x < 0x80) return value;
    }
  };
  // The opcode after an immediate LEB at where.at (the instruction's last).
  const next = () => {
    let end = where.at;
    while (code[end] & 0x80) end++;
    return code[end + 1];
  };
  const op = code[where.at];
  copy(OP);
  switch (GRAMMAR[op]) {
    case NONE: return;
    case LOCAL_INDEX: leb(localStream(next())); return;
    case MEMARG: {
      const at = streams[ALIGN].at;
      leb(ALIGN);
      streams[ALIGN].bytes[at] ^= NATURAL[op - 0x28];
      leb(OFFSET);
      return;
    }
    case I32: leb(constStream(next())); return;
    case ONE_LEB: leb(OP); return;
    case TWO_LEBS: leb(OP); leb(OP); return;
    case BLOCK_TYPE: {
      const t = code[where.at];
      if (t === 0x40 || (t >= 0x6f && t <= 0x7f)) copy(BLOCK);
      else leb(BLOCK);
      return;
    }
    case DEPTH: leb(BRANCH); return;
    case BR_TABLE: for (let n = leb(BRANCH) + 1; n > 0; n--) leb(BRANCH); return;
    case BYTE: copy(OP); return;
    case F32: copy(OP, 4); return;
    case F64: copy(OP, 8); return;
    case SELECT_TYPES: copy(OP, leb(OP)); return;
    case PREFIXED: {
      const sub = leb(OP);
      const [lebs, bytes] = sub <= 7 ? [0, 0] : PREFIXED_PARTS[sub - 8] ?? [-1, 0];
      if (lebs < 0) throw new Error(`wasm code: opcode 0xfc ${sub} is not read here`);
      for (let i = 0; i < lebs; i++) leb(OP);
      copy(OP, bytes);
      return;
    }
    default: throw new Error(`wasm code: opcode 0x${op.toString(16)} is not read here`);
  }
}

function lebBytes(n) {
  const out = [];
  do {
    out.push((n % 128) | (n >= 128 ? 0x80 : 0));
    n = Math.floor(n / 128);
  } while (n);
  return out;
}

function readLeb(bytes, where) {
  let value = 0;
  for (let shift = 1; ; shift *= 128) {
    const x = bytes[where.at++];
    if (x === undefined) throw new Error('wasm code: the module ends early');
    value += (x & 0x7f) * shift;
    if (x < 0x80) return value;
  }
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// `bytes` with the magic `magic` and the code section's contents made by `code(contents)`.
function withCode(bytes, magic, code) {
  const parts = [Uint8Array.from(magic), bytes.subarray(4, 8)];
  for (const where = { at: 8 }; where.at < bytes.length;) {
    const id = bytes[where.at++];
    const size = readLeb(bytes, where);
    const contents = bytes.subarray(where.at, where.at + size);
    where.at += size;
    const made = id === 10 ? code(contents) : contents;
    parts.push([id], lebBytes(made.length), made);
  }
  return concat(parts);
}

const WASM = [0, 0x61, 0x73, 0x6d];
const SPLIT = [0, 0x77, 0x73, 0x70];
const isMagic = (bytes, magic) => magic.every((x, i) => bytes[i] === x);

/**
 * Calls visit(op, start, end) for each instruction of a function body (its
 * opcode at `start`, its immediates up to `end`), after the body's locals.
 */
export function eachInstruction(body, visit) {
  const where = { at: 0 };
  for (let n = readLeb(body, where); n > 0; n--) readLeb(body, where), where.at++;
  const scratch = Array.from({ length: STREAMS }, () => ({ bytes: new Uint8Array(body.length), at: 0 }));
  while (where.at < body.length) {
    const start = where.at;
    splitInstruction(body, where, scratch);
    visit(body[start], start, where.at);
  }
}

/** A module with its code section as the eleven streams. */
export function splitCode(bytes) {
  if (!isMagic(bytes, WASM)) throw new Error('wasm code: not a wasm module');
  return withCode(bytes, SPLIT, (code) => {
    const where = { at: 0 };
    const count = readLeb(code, where);
    const streams = Array.from({ length: STREAMS }, () => ({ bytes: new Uint8Array(code.length), at: 0 }));
    const head = (n) => {
      for (let i = 0; i < n; i++) streams[HEAD].bytes[streams[HEAD].at++] = code[where.at++];
    };
    for (let f = 0; f < count; f++) {
      const start = where.at;
      const size = readLeb(code, where);
      if (where.at - start !== lebBytes(size).length) throw new Error(`wasm code: function ${f}'s size is written long, and the join writes it short`);
      const locals = where.at;
      const end = where.at + size;
      for (let n = readLeb(code, where); n > 0; n--) readLeb(code, where), where.at++;
      const body = where.at;
      where.at = locals;
      head(body - locals);  // the locals, as they are
      let depth = 0;
      while (where.at < end) {
        const op = code[where.at];
        splitInstruction(code, where, streams);
        if (op >= 0x02 && op <= 0x04) depth++;
        else if (op === 0x0b && depth-- === 0 && where.at !== end) throw new Error(`wasm code: function ${f} ends before its size`);
      }
      if (depth !== -1) throw new Error(`wasm code: function ${f} does not end with its outermost end`);
    }
    const used = streams.map((s) => s.bytes.subarray(0, s.at));
    return concat([lebBytes(code.length), lebBytes(count), ...used.flatMap((s) => [lebBytes(s.length), s])]);
  });
}
