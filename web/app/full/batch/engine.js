// The batch engine: reads a run or qrels (a File, gzip included, as bytes, or text),
// evaluates them with evaluateTrec and answers drill-downs. A worker runs
// it from source text (runner.js builds it from ENGINE_FUNCTIONS), so
// every function here refers only to the others in that list and to
// globals: no module-level constants, and the one import is of functions
// kept to the same rule (shared/summary.js, which every view uses too).
import { describeText, lineCount } from '../../shared/summary.js';

/** A plain structured error, as the page shows it (see analyse.js). */
function engineError(code, source, args, message) {
  return { code, source, key: '', line: 0, column: 0, args, message };
}

/** Any error as a plain object that survives postMessage (an Error loses its fields). */
function plainError(e) {
  if (e && typeof e.code === 'string') {
    return { code: e.code, source: e.source || '', key: e.key || '', index: e.index || 0, line: e.line || 0, column: e.column || 0, args: { ...(e.args || {}) }, message: String(e.reason ?? e.message), excerpt: e.excerpt };
  }
  return engineError('bad-input', '', { found: String(e && e.message ? e.message : e).slice(0, 200) }, String(e && e.message ? e.message : e));
}

/** The unpacked bytes of gzip `file` as a stream, counting what was read into progress(fraction). */
function gunzipStream(file, progress) {
  let read = 0;
  return file.stream().pipeThrough(new TransformStream({
    transform(chunk, out) {
      read += chunk.byteLength;
      progress(file.size ? read / file.size : 1);
      out.enqueue(chunk);
    },
  })).pipeThrough(new DecompressionStream('gzip'));
}

/**
 * The bytes of `file` (slot names the input for errors), unpacked when
 * gzip, refused above `limit` bytes once unpacked. Kept as bytes: the core
 * reads them as they are (a run in pieces), and text is decoded only where
 * the page shows some (textOf).
 */
async function readFile(file, slot, limit, progress) {
  const tooLarge = () => engineError('too-large', slot, { limit: `${Math.round(limit / 2 ** 20)} MB` }, `the input is larger than the limit of ${limit} bytes`);
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  // Plain bytes in one read (a stream's pieces would be copied once more into one array).
  if (!(head[0] === 0x1f && head[1] === 0x8b)) {
    if (file.size > limit) throw tooLarge();
    let data;
    try {
      data = new Uint8Array(await file.arrayBuffer());
    } catch {
      throw engineError('bad-file', slot, { found: file.name }, `the file "${file.name}" cannot be read`);
    }
    progress(1);
    return { data, bytes: data.length, gzip: false };
  }
  const reader = gunzipStream(file, progress).getReader();
  const parts = [];
  let bytes = 0;
  for (;;) {
    let step;
    try {
      step = await reader.read();
    } catch {
      throw engineError('bad-file', slot, { found: file.name }, `the file "${file.name}" cannot be read (a damaged .gz?)`);
    }
    if (step.done) break;
    bytes += step.value.byteLength;
    if (bytes > limit) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    parts.push(step.value);
  }
  const data = parts.length === 1 ? parts[0] : new Uint8Array(bytes);
  if (parts.length !== 1) parts.reduce((at, part) => (data.set(part, at), at + part.byteLength), 0);
  return { data, bytes, gzip: true };
}

/**
 * Touches the module's memory that the inputs `reserved` (bytes by slot) will take, 4 MiB at a
 * time with a pause between: a file being read reaches the worker only while it is not busy.
 * Only a head start, so never an error.
 */
async function reserveFor(getApi, reserved) {
  const total = Object.values(reserved).reduce((sum, bytes) => sum + bytes, 0);
  try {
    const api = await getApi();
    for (let bytes = 0; bytes < total;) {
      bytes = Math.min(total, bytes + 4 * 2 ** 20);
      api.reserveMemory(bytes);  // the pages touched before cost next to nothing the second time
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } catch {
    // a module restarting: the evaluation pays for its pages itself
  }
}

/** 10,000 made-up run lines (500 queries of 20 documents) and qrels judging a third of them. */
function madeUpRun() {
  let run = '';
  let qrels = '';
  for (let q = 0; q < 500; q++) {
    for (let d = 0; d < 20; d++) {
      run += `q${q} Q0 d${d} ${d + 1} ${20 - d} warm\n`;
      if (d % 3 === 0) qrels += `q${q} 0 d${d} ${(q + d) % 4}\n`;
    }
  }
  return { run, qrels };
}

/** Evaluates the made-up run with `options`; an error is ignored (the real run will report it). */
function warmUp(api, options) {
  const { run, qrels } = madeUpRun();
  try {
    api.evaluateTrec(qrels, run, options);
  } catch {
    // options the page will report when a real run comes
  }
}

/** A loaded input as text: a paste as it is, a file's bytes decoded as UTF-8 (once, then kept). */
function textOf(held) {
  if (held.text === null) held.text = new TextDecoder().decode(held.data);
  return held.text;
}

/**
 * The lines of a loaded input: its "\n" bytes counted without decoding it,
 * as lineCount counts them in text. Four bytes a step (a word with a zero
 * byte once XORed with "\n\n\n\n" holds one), twice as fast as indexOf.
 */
function linesOf(held) {
  if (held.text !== null) return lineCount(held.text);
  const { data } = held;
  const words = data.byteOffset % 4 ? 0 : data.length >> 2;
  const w = words ? new Uint32Array(data.buffer, data.byteOffset, words) : null;
  let n = 0;
  for (let i = 0; i < words; i++) {
    const x = w[i] ^ 0x0a0a0a0a;
    if (((x - 0x01010101) & ~x & 0x80808080) === 0) continue;
    n += ((x & 0xff) === 0) + ((x & 0xff00) === 0) + ((x & 0xff0000) === 0) + ((x >>> 24) === 0);
  }
  for (let i = words * 4; i < data.length; i++) n += data[i] === 10;
  return data.length && data[data.length - 1] !== 10 ? n + 1 : n;
}

/** What the page says about a loaded input (see describeText): from the first 64 KB and the line count. */
function describeHeld(api, held, got) {
  const size = held.text !== null ? held.text.length : held.data.length;
  let head = held.text !== null ? held.text.slice(0, 65536) : new TextDecoder().decode(held.data.subarray(0, 65536));
  // A longer input's head ends at its last whole line (no line, nor character, cut in two).
  if (size > 65536 && head.lastIndexOf('\n') > 0) head = head.slice(0, head.lastIndexOf('\n') + 1);
  return { ...describeText(api, { text: head, bytes: got.bytes, gzip: got.gzip }, linesOf(held)), kind: kindOf(api, head) };
}

/**
 * An error of evaluateTrec or compareRuns with its offending line
 * (`excerpt`, the first 400 characters): the page holds no text of a file
 * to show it from. `runs` are the runs' slots, as the call numbered them.
 */
function withExcerpt(e, held, runs) {
  const slot = e.source === 'run' ? runs[Math.max(1, e.index || 1) - 1] : e.source === 'judgments' ? 'qrels' : e.source;
  if (!e.line || !held[slot]) return e;
  const text = textOf(held[slot]);
  let at = 0;
  for (let i = 1; i < e.line && at > -1; i++) at = text.indexOf('\n', at) + 1 || -1;
  if (at > -1) e.excerpt = text.slice(at, at + 400).split(/\r?\n/)[0];
  return e;
}

/**
 * What a batch input holds, by the core (inputKind of its first 20 lines), in the page's words:
 * 'letor' (LETOR lines with qid:), 'letor-bare' (without: a group file says where queries end),
 * 'numbers' (one number a line: predictions or group sizes), 'qrels', 'run', or '' when its lines
 * do not say. Only to put a file in the right box and to ask for what LETOR still lacks.
 */
function kindOf(api, text) {
  const k = api.inputKind(headOf(text, 20));
  if (k.format === 'letor') return k.grouped ? 'letor' : 'letor-bare';
  return k.use === 'scores' ? 'numbers' : k.use;
}

/** The first `n` lines of `text` (a scan, no split of the whole text). */
function headOf(text, n) {
  let end = -1;
  for (let i = 0; i < n && (end = text.indexOf('\n', end + 1)) >= 0;) i++;
  return end < 0 ? text : text.slice(0, end + 1);
}

/**
 * An export as the page keeps it: the text as a Blob (UTF-8, made here),
 * its size, its line count and its first `keep` lines. Only these cross
 * from the worker: the page's share does not grow with the text.
 */
function exportOf(text, keep) {
  return { blob: new Blob([text], { type: 'text/plain' }), chars: text.length, lines: lineCount(text), head: headOf(text, keep) };
}

/** The lines of `text` whose first field is `qid`, joined by "\n" (a scan, no split of the whole text). */
function linesOfQid(text, qid) {
  const out = [];
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line.trim().split(/\s+/)[0] === qid) out.push(line);
    start = end + 1;
  }
  return out.join('\n');
}

/**
 * evaluateTrec's result in columns: every per-query measure as a
 * Float64Array over `qids` (NaN for no value), the means by name.
 */
function columnsOf(r) {
  const first = r.qids.length ? r.perQuery[r.qids[0]] : {};
  const names = r.measures.filter((m) => r.qids.length === 0 || m in first);
  const cols = names.map(() => new Float64Array(r.qids.length));
  // A query's row looked up once, not once per measure: half the time on a million-line run.
  for (let i = 0; i < r.qids.length; i++) {
    const row = r.perQuery[r.qids[i]];
    for (let c = 0; c < names.length; c++) {
      const v = row[names[c]];
      cols[c][i] = typeof v === 'number' ? v : NaN;  // null: no value; relstring's text is not a number
    }
  }
  const columns = Object.fromEntries(names.map((name, c) => [name, cols[c]]));
  return { measures: r.measures, names, qids: r.qids, columns, mean: r.mean, numQ: r.numQ, text: r.text, inputs: r.inputs || [],
    ci95: r.ci95 || null, ciQueries: r.ciQueries || null, counts: r.counts || [] };
}

/** The options with LETOR's group sizes when the group slot holds a file. */
function withGroup(options, group) {
  return group ? { ...options, group } : options;
}

/**
 * How the engine reads a load's input: a file's read begins as its request
 * arrives (readAhead, through the engine's arrive), so files are read side by
 * side, and meanwhile the module's memory that the inputs will take is
 * touched (args.reserve: bytes for the slot, see reserveFor).
 */
function makeReader(getApi) {
  const ahead = new Map();  // by request
  const reserved = {};  // by slot
  const readAhead = (args, progress) => {
    if (!args.file || ahead.has(args)) return;
    const reading = readFile(args.file, args.slot, args.limit, progress);
    reading.catch(() => {});  // a failed read is reported by read()
    ahead.set(args, reading);
  };
  return {
    readAhead,
    forget: (slot) => delete reserved[slot],
    /** The input of a load request: a file's bytes ({ data, bytes, gzip }) or a paste's text. */
    async read(args, progress) {
      readAhead(args, progress);
      const reading = ahead.get(args);
      ahead.delete(args);
      reserved[args.slot] = args.reserve || 0;
      if (args.reserve) await reserveFor(getApi, reserved);
      return args.file ? reading : { text: args.text, bytes: args.text.length, gzip: false };
    },
  };
}

/**
 * The engine over `getApi` (a function returning the API or a promise of it):
 * arrive, load, evaluate, compare, linesOf, text, forget, warm, render,
 * exportCompare, exportTrec. Texts are held by slot (run, qrels, and
 * compare mode's runB).
 */
function makeEngine(getApi) {
  // By slot: a file's bytes (data) or a paste's text, the text decoded when asked for.
  const held = {};
  const reader = makeReader(getApi);
  const input = (slot) => (held[slot] ? (held[slot].text ?? held[slot].data) : '');
  const textIn = (slot) => (held[slot] ? textOf(held[slot]) : '');
  const inputs = (slots) => slots.map((slot) => input(slot));
  return {
    /** What a request starts as it arrives, before its turn (the runner calls it): a load's file is read at once. */
    arrive(op, args, progress) {
      if (op === 'load') reader.readAhead(args, progress);
    },
    async load(args, progress) {
      const got = await reader.read(args, progress);
      held[args.slot] = args.file ? { data: got.data, text: null } : { data: null, text: args.text };
      return describeHeld(await getApi(), held[args.slot], got);
    },
    async evaluate({ options }) {
      const api = await getApi();
      try {
        return columnsOf(api.evaluateTrec(input('qrels'), input('run'), withGroup(options, textIn('group'))));
      } catch (e) {
        throw withExcerpt(e, held, ['run']);
      }
    },
    async compare({ slots, options }) {
      const api = await getApi();
      try {
        return api.compareRuns(input('qrels'), inputs(slots), withGroup(options, textIn('group')));
      } catch (e) {
        throw withExcerpt(e, held, slots);
      }
    },
    linesOf({ qid, slots = ['run', 'qrels'] }) {
      const out = {};
      for (const slot of slots) out[slot] = linesOfQid(textIn(slot), qid);
      return out;
    },
    text: ({ slot }) => textIn(slot),
    forget({ slot }) {
      delete held[slot];
      reader.forget(slot);
    },
    // The module started, and its hot code brought to the JIT's top tier by a small made-up evaluation
    // (options: the page's): a large first evaluation otherwise runs much of its time in baseline code.
    async warm({ options } = {}) {
      const api = await getApi();
      if (options) warmUp(api, options);
      return true;
    },
    // An export of a large analysis, built here so the page never waits on it.
    render: async ({ input: ranking, options, format, keep }) => exportOf((await getApi()).render(ranking, options, format), keep),
    // Compare's and batch mode's reports of the inputs held (options.format), likewise.
    exportCompare: async ({ slots, options, keep }) => exportOf((await getApi()).compareRuns(input('qrels'), inputs(slots), withGroup(options, textIn('group'))).text, keep),
    exportTrec: async ({ options, keep }) => exportOf((await getApi()).evaluateTrec(input('qrels'), input('run'), withGroup(options, textIn('group'))).text, keep),
  };
}

/** The buffers of a result's columns, transferred rather than copied. */
function transferablesOf(value) {
  return value && value.columns ? Object.values(value.columns).map((c) => c.buffer) : [];
}

/**
 * The worker's entry: the module's createNdcgModule is a global of the
 * worker's script; requests run one after another, in the order sent.
 */
function workerMain(scope) {
  let api = null;
  const engine = makeEngine(() => api || (api = scope.createNdcgModule()));
  let queue = Promise.resolve();
  scope.onmessage = (e) => {
    const { id, op, args } = e.data;
    const progress = (fraction) => scope.postMessage({ id, progress: fraction });
    engine.arrive(op, args, progress);
    queue = queue.then(async () => {
      try {
        const value = await engine[op](args, progress);
        scope.postMessage({ id, value }, transferablesOf(value));
      } catch (err) {
        scope.postMessage({ id, error: plainError(err) });
      }
    });
  };
  scope.postMessage({ ready: true });
}

/** Every function the worker needs, in one list (see runner.js). */
export const ENGINE_FUNCTIONS = [
  engineError, plainError, gunzipStream, readFile, reserveFor, madeUpRun, warmUp, textOf, linesOf, describeHeld, lineCount, withExcerpt, headOf, exportOf, describeText, kindOf, linesOfQid, columnsOf, withGroup, makeReader, makeEngine,
  transferablesOf, workerMain,
];

export { columnsOf, exportOf, headOf, kindOf, linesOf, madeUpRun, makeEngine, readFile, workerMain };
