// The JS API over the Embind module (cpp/wasm/bindings.cpp and batch.cpp
// register its entry points). Every wrapper has one shape: check the JS
// types → call the core once → throw its error or turn its result into
// plain JS values. The module copies number lists into JS-owned typed
// arrays; the core keeps the last few analyses so an export renders one
// already computed.
import { coreError, NdcgError, optionError, useErrorCodes } from './errors.js';
import { INPUTS } from './inputs.js';
import { optionTexts } from './options.js';
import { STEP_FIELDS, stepRow } from 'ndcg:step-row';

/**
 * Number lists as plain arrays; values that are not finite become null, as in the CLI's JSON.
 * A loop, not Array.from with a callback: half the time on a long list, a sixth on a short one.
 */
function plainNumbers(values) {
  const out = new Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = Number.isFinite(values[i]) ? values[i] : null;
  return out;
}

// The build writes stepRow, one object literal of put_step's fields, from
// the core's own list (scripts/web/build-web.mjs); rowsOf uses it for columns
// of those names in that order.
/**
 * A step table as rows: {rows, columns} holds one column per field of the
 * core's put_step, in its order. Rows from the built literal share one
 * compact shape; columns of any other shape take the generic loop.
 */
function rowsOf({ rows: n, columns }) {
  const names = Object.keys(columns);
  const cols = names.map((name) => columns[name]);
  const rows = new Array(n);
  if (names.join() === STEP_FIELDS.join()) {
    for (let i = 0; i < n; i++) rows[i] = stepRow(cols, i);
    return rows;
  }
  for (let i = 0; i < n; i++) {
    const row = {};
    for (let f = 0; f < cols.length; f++) row[names[f]] = cols[f][i];
    rows[i] = row;
  }
  return rows;
}

/**
 * A keyed table as {row: {column: value}}: {keyedRows, columns} holds one
 * column per name (a Float64Array or a list of texts), one entry per row.
 * Each row is made at its final shape by JSON.parse of a row of nulls, then
 * filled: 35-40% less time than adding its fields one by one (a million-line
 * run's 11,648 queries x 27 measures, as the page asks: 58-131 -> 36-84 ms).
 */
function keyedOf({ keyedRows, columns }) {
  const names = Object.keys(columns);
  const cols = names.map((name) => columns[name]);
  const nulls = JSON.stringify(Object.fromEntries(names.map((name) => [name, null])));
  const out = {};
  keyedRows.forEach((key, r) => {
    const row = JSON.parse(nulls);
    for (let c = 0; c < cols.length; c++) {
      const v = cols[c][r];
      if (typeof v !== 'number' || Number.isFinite(v)) row[names[c]] = v;
    }
    out[key] = row;
  });
  return out;
}

/** The core's fields as plain JS values: typed arrays to arrays, step tables to rows, keyed tables to objects. */
function plain(value) {
  if (ArrayBuffer.isView(value)) return plainNumbers(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value.rows === 'number' && value.columns) return rowsOf(value);
  if (Array.isArray(value.keyedRows) && value.columns) return keyedOf(value);
  const out = {};
  for (const [k, v] of Object.entries(value)) out[k] = plain(v);
  return out;
}

function checkGrades(input) {
  for (let i = 0; i < input.length; i++) {
    if (typeof input[i] !== 'number') {
      throw new NdcgError('not-a-number', `grades[${i}] is not a number: ${String(input[i]).slice(0, 40)}`,
        { source: 'ranking', line: 1, column: i + 1, args: { found: String(input[i]).slice(0, 40) } });
    }
  }
  return input instanceof Float64Array ? input : Float64Array.from(input);
}

// A text input: a string, or its UTF-8 bytes (Uint8Array, Buffer), which go
// into the module's memory as they are, with no JS string made of them.
function checkText(name, value) {
  if (typeof value !== 'string' && !(value instanceof Uint8Array)) throw optionError(name, 'a string or a Uint8Array', value);
  return value;
}

// Node's own module `name`, or null elsewhere.
const nodeModule = (name) => (globalThis.process && typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule(name) : null);
const isGzip = (bytes) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

// The core's limit on one input (limits::max_bytes, 256 MiB): what gzip
// unpacks to, and a file read whole, are held to it before the core is asked.
const INPUT_LIMIT = 256 * 2 ** 20;

// What unpacks gzip in Node (the page unpacks files itself; elsewhere the
// core says to unpack first).
function gunzipped(source, bytes) {
  const zlib = nodeModule('node:zlib');
  if (!zlib || !isGzip(bytes)) return bytes;
  try {
    return zlib.gunzipSync(bytes, { maxOutputLength: INPUT_LIMIT });
  } catch (e) {
    if (e instanceof RangeError || e.code === 'ERR_BUFFER_TOO_LARGE') {
      throw tooLarge(source, 'bytes once unpacked, got more (a gzip bomb, or an input too large)');
    }
    const why = /unexpected end/i.test(e.message) ? 'data that ends early (a truncated file?)' : `damaged data (${e.message})`;
    throw new NdcgError('binary-input', `expected gzip data, got ${why}`, { source });
  }
}

/**
 * A file: URL in Node, opened (it joins `opened`, closed after the call): a regular file as
 * {fileSize, readAt(view, at)}, which the core reads from straight into its memory (whole, so held
 * to the core's limit first, or evaluateTrec's run in pieces), never held in JS; gzip, and what is
 * not a regular file, as bytes. A read that fails mid-call ends the file there and is kept as the
 * call's error (no JS exception crosses the wasm's frames).
 */
function fileInput(source, url, opened, whole) {
  const fs = nodeModule('node:fs');
  if (!fs || url.protocol !== 'file:') throw optionError(source, 'a file: URL (in Node)', url.href);
  const name = decodeURIComponent(url.pathname);
  const cannot = (e) => new NdcgError('bad-file', `the file "${name}" cannot be read (${e.code})`, { source, args: { found: name } });
  try {
    const file = { fd: fs.openSync(url), error: null };
    opened.push(file);
    const stat = fs.fstatSync(file.fd), head = new Uint8Array(2);
    if (!stat.isFile() || (fs.readSync(file.fd, head, 0, 2, 0) === 2 && isGzip(head))) return gunzipped(source, fs.readFileSync(file.fd));
    if (whole && stat.size > INPUT_LIMIT) throw tooLarge(source, `bytes of input, got ${stat.size}`);
    const readAt = (view, at) => {
      try {
        return file.error ? 0 : fs.readSync(file.fd, view, 0, view.length, at);
      } catch (e) {
        file.error = cannot(e);
        return 0;
      }
    };
    return { fileSize: stat.size, readAt };
  } catch (e) {
    throw e instanceof NdcgError ? e : cannot(e);
  }
}

function tooLarge(source, got) {
  return new NdcgError('too-large', `expected at most ${INPUT_LIMIT} ${got}`, { source, args: { limit: String(INPUT_LIMIT) } });
}

/** `call(opened)` with the files it opens in `opened` closed after it; a file's failed read is its error. */
function closingFiles(call) {
  const opened = [];
  const failedRead = () => opened.find((f) => f.error)?.error;
  try {
    const result = call(opened);
    if (failedRead()) throw failedRead();
    return result;
  } catch (e) {
    throw failedRead() ?? e;
  } finally {
    for (const { fd } of opened) nodeModule('node:fs').closeSync(fd);
  }
}

/**
 * A run or qrels for the batch calls: text, bytes (gzip unpacked in Node), a file: URL (Node),
 * or what pytrec_eval and ranx hold in JS, {qid: {docid: number}}, or an
 * array of records [{query_id, doc_id, score}], handed to the core as JSON.
 */
function batchInput(source, value, opened, whole = true) {
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return gunzipped(source, value);
  if (value instanceof URL) return fileInput(source, value, opened, whole);
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) return JSON.stringify(value);
  throw optionError(source, 'a string, a Uint8Array, a file: URL, an object {qid: {docid: number}} or an array of records', value);
}

/** A batch call's result: its field list as plain values, without the call's `ok`. */
function batchResultOf(r) {
  const { ok, ...fields } = plain(r);
  return fields;
}

function checkRuns(runTexts, opened) {
  if (!Array.isArray(runTexts)) throw optionError('runs', 'an array of runs', runTexts);
  return runTexts.map((run) => batchInput('run', run, opened));
}

/** The inputs among the options (subtopics, -Z's means, LETOR's group sizes), gzip unpacked. */
function inputsOf(o) {
  const out = {};
  for (const [name, value] of Object.entries(o.inputs)) out[name] = value instanceof Uint8Array ? gunzipped(name, value) : value;
  return out;
}

/**
 * evaluateTrec() and compareRuns(), their options the rows of the one option table that `trec` and `compare` take.
 * @param {{commands: object, hasBatch: boolean}} tables the option rows by command, and whether the build has batch calls
 * @param {(fn: Function) => any} call the guarded module's call
 */
function batchCalls({ commands, hasBatch }, call) {
  return {
    /**
     * trec_eval-compatible evaluation: { perQuery: {qid: {name: value}}, mean, measures, qids, readings, text }.
     * qrels and run: TREC, CSV/TSV with a header, JSON, JSON Lines (text, bytes or, in Node, a file: URL; gzip too in Node), objects
     * {qid: {docid: number}} or arrays of records; a LETOR file and its predictions; no run: the qrels hold both.
     */
    evaluateTrec(qrelsText, runText, options) {
      if (!hasBatch) throw notInBuild('evaluateTrec');
      const o = optionTexts(options, commands.trec.schema, ...INPUTS.trec);
      return closingFiles((opened) => {
        const qrels = batchInput('qrels', qrelsText, opened);
        const run = runText === undefined || runText === null ? null : batchInput('run', runText, opened, false);
        const { subtopics, zscores, group } = inputsOf(o);
        return batchResultOf(checked(call((m) => m.evaluateTrec(qrels, run, subtopics, zscores, group, o.keys, o.values))));
      });
    },

    /**
     * Runs against the first (or every pair, allPairs): per measure and pair the means, the
     * difference with a 95% bootstrap interval, d_z, wins/losses/ties and four paired tests.
     * @param {string} qrelsText
     * @param {string[]} runTexts two or more runs
     * @param {object} [options] keys of compareOptionSchema()
     */
    compareRuns(qrelsText, runTexts, options) {
      if (!hasBatch) throw notInBuild('compareRuns');
      const o = optionTexts(options, commands.compare.schema, ...INPUTS.compare);
      return closingFiles((opened) => {
        const runs = checkRuns(runTexts, opened);
        const qrels = batchInput('qrels', qrelsText, opened);
        const { group } = inputsOf(o);
        return batchResultOf(checked(call((m) => m.compareRuns(qrels, runs, group, o.keys, o.values))));
      });
    },
  };
}

/** The full build's other calls: its memory, measures and option rows. */
function batchKinCalls({ commands, hasBatch }, call) {
  return {
    /**
     * Makes room for `bytes` (at most 256 MiB) free in the module's memory, writing once to each
     * page it adds, so that a large evaluateTrec() or compareRuns() that follows does not pay for
     * fresh pages while it runs (on some hosts more than its own work); room already free counts.
     * Worth it only where there is a wait to hide it in, as the page has while its files are read.
     * Returns the memory's bytes.
     * @param {number} bytes
     */
    reserveMemory(bytes) {
      if (!hasBatch) throw notInBuild('reserveMemory');
      if (!(Number.isFinite(bytes) && bytes >= 0)) throw optionError('bytes', 'a number of bytes, 0 or more', bytes);
      return call((m) => (m.reserveMemory(bytes), m.memoryBytes()));
    },

    /** `ndcg trec --help-measure NAME` as fields (name, help, about, parameters, all, …, text); NAME as -m or as printed. */
    describeMeasure(name) {
      if (!hasBatch) throw notInBuild('describeMeasure');
      return batchResultOf(checked(call((m) => m.describeMeasure(checkText('name', name)))));
    },

    /** The rows `ndcg compare` takes: [{ key, flag, shortFlag, kind, choices, min, max, default, help }]; empty in the light build. */
    compareOptionSchema: () => copiedRows(commands.compare.rows),

    /** The rows `ndcg trec` takes, in the same shape; empty in the light build. */
    trecOptionSchema: () => copiedRows(commands.trec.rows),
  };
}

/** Schema rows the caller may change without changing the API's. */
function copiedRows(rows) {
  return rows.map((r) => ({ ...r, choices: [...r.choices] }));
}

/**
 * The raw module behind a guard: a wasm abort leaves an instance unusable,
 * so a new one is made in the background and the failing call says so.
 */
function guardedModule(raw, recreate) {
  let module = raw;
  let restarting = null;
  return {
    call(fn) {
      if (restarting) throw new NdcgError('restarting', 'the calculator is restarting after running out of memory; try again in a moment');
      try {
        return fn(module);
      } catch (e) {
        // The glue's abort() (the core's, when memory cannot grow) throws a
        // bare string; a trap is a RuntimeError.
        const aborted = e instanceof WebAssembly.RuntimeError || typeof e === 'string' || /Aborted|out of memory/i.test(String(e && e.message));
        if (!aborted) throw e;
        restarting = recreate().then((fresh) => { module = fresh; restarting = null; });
        throw new NdcgError('restarting', `the calculator ran out of memory (${e && e.message ? e.message : e || 'aborted'}) and is restarting; try a smaller input`);
      }
    },
    ready: () => restarting || Promise.resolve(),
    memoryBytes: () => module.memoryBytes(),
  };
}

function checked(result) {
  if (!result.ok) throw coreError(result);
  return result;
}

/** explain(), analyse() and render(): one call into the core each. */
function explainCalls({ call }, commands) {
  // Parse once, explain, and (compare) everything the page shows; `then`
  // runs on the fresh result inside the same guarded call.
  function analyseRaw(input, options, { compare = false, keep = false } = {}, then = (m, r) => r) {
    const o = optionTexts(options, commands.explain.schema, ...INPUTS.explain);
    const grades = typeof input === 'string' ? null
      : checkGrades(Array.isArray(input) || ArrayBuffer.isView(input) ? input : checkText('input', input));
    return call((m) => {
      const r = checked(grades ? m.analyseGrades(grades, o.input, o.keys, o.values, compare, keep)
        : m.analyseText(input, o.input, o.keys, o.values, compare, keep));
      return then(m, r);
    });
  }

  // analyse() results are kept by the core (the last few) and render
  // without computing again; others, and older ones, compute once more.
  function renderKept(id, input, options, format) {
    const kept = id ? call((m) => m.renderKept(id, checkText('format', format))) : null;
    if (kept) return checked(kept).text;
    return checked(analyseRaw(input, options, { keep: true }, (m, r) => m.renderKept(r.id, checkText('format', format)))).text;
  }

  return {
    /**
     * Explains one ranking: pasted text in any format, or an array of grades.
     * @returns {object} k, n, dcg, idcg, ndcg, steps, idealSteps, ndcgAt, … (the CLI's JSON in camelCase)
     */
    explain(input, options) {
      return plain(analyseRaw(input, options).explanation);
    },

    /**
     * Everything the page shows for one input, from one parse: the explanation,
     * the matching preset, NDCG without weights, every preset side by side, and
     * render(format) from the result already computed.
     */
    analyse(input, options) {
      // Every field put_analysis writes passes on by itself; `ok` and the
      // store's `id` are the call's own.
      const { ok, id, explanation, presets, ...fields } = analyseRaw(input, options, { compare: true, keep: true });
      return {
        ...fields,
        explanation: plain(explanation),
        presets: presets && Array.from(presets, (p) => ({ ...p, error: p.error && coreError(p.error) })),
        render(format = 'markdown') {
          return renderKept(id, input, options, format);
        },
      };
    },

    /** The explanation as text, markdown, json, csv or latex (the CLI's output). */
    render(input, options, format = 'markdown') {
      return renderKept(0, input, options, format);
    },
  };
}

/** The rows of the one option table that a command takes, as the core writes them: { rows, schema }. */
function commandOf(rows) {
  const plainRows = Array.from(rows, plain);
  return { rows: plainRows, schema: new Map(plainRows.map((r) => [r.key, r])) };
}

/** `object` with the property `name`, `read()` when first used and kept. */
function readOnUse(object, name, read) {
  Object.defineProperty(object, name, {
    configurable: true,
    enumerable: true,
    get() {
      const value = read();
      Object.defineProperty(object, name, { value, enumerable: true });
      return value;
    },
  });
}

/**
 * The core's tables: error codes now (every NdcgError is checked against them), each command's
 * options and the presets when first used, through the guarded module (a program that only
 * evaluates runs never reads explain's rows: 2% of a process that evaluates one run).
 */
function tablesOf(raw, { call }) {
  // The light module (embed.html, ndcg-calc.js) has explain's rows only.
  const hasBatch = typeof raw.evaluateTrec === 'function';
  const commands = {};
  readOnUse(commands, 'explain', () => commandOf(call((m) => m.optionSchema())));
  for (const name of ['trec', 'compare']) readOnUse(commands, name, () => commandOf(hasBatch ? call((m) => m.batchOptionSchema(name)) : []));
  const codes = Array.from(raw.errorCodes(), (c) => ({ code: c.code, args: c.args ? c.args.split(',') : [] }));
  const tables = { commands, codes, hasBatch };
  readOnUse(tables, 'presets', () => Array.from(call((m) => m.presetList()), plain));
  return tables;
}

/** The error of a call the light module (embed.html, ndcg-calc.js) leaves out. */
function notInBuild(call) {
  return new NdcgError('not-in-build', `${call}() is not in this build, the light one (dist/ndcg.js has it)`,
    { args: { call: `${call}()` } });
}

/** The tables and the calls that are not an explanation. */
function otherCalls(guard, tables) {
  const { call } = guard;
  return {
    ...batchCalls(tables, call),
    ...batchKinCalls(tables, call),

    /** The core's one option table: [{ key, flag, kind, choices, min, max, aboveMin, default, help, preset }]. */
    optionSchema: () => copiedRows(tables.commands.explain.rows),

    /** The core's error codes and the names of the values each carries: [{ code, args }]. */
    errorCodes: () => tables.codes.map((c) => ({ code: c.code, args: [...c.args] })),

    /** The named conventions: [{ name, summary, options }]. */
    presets: () => tables.presets.map((p) => ({ ...p, options: { ...p.options } })),

    /** The preset whose convention the options match, or '' when none. */
    matchingPreset(options) {
      const o = optionTexts(options, tables.commands.explain.schema);
      const r = call((m) => m.matchingPreset(o.keys, o.values));
      if (typeof r !== 'string') throw coreError(r);
      return r;
    },

    /**
     * One option's value read from text by the core's option table, as the
     * CLI and every call read it: a number, true or false, a choice's name,
     * a list of numbers, or a text; a value the row refuses throws its NdcgError.
     * @param {string} key a key of optionSchema(), trecOptionSchema() or compareOptionSchema()
     * @param {string} text
     */
    readOption(key, text) {
      checkText('key', key);
      checkText('text', text);
      const r = call((m) => {
        const read = m.readOption(key, text);
        return read.ok || read.code !== 'unknown-option' || !tables.hasBatch ? read : m.readBatchOption(key, text);
      });
      return plain(checked(r).value);
    },

    /** The format name the parser would detect for `text`. */
    detectFormat: (text) => call((m) => m.detectFormat(checkText('text', text))),

    /** What a batch input seems to hold, from its first lines: { format, use: '' | 'run' | 'qrels' | 'scores', grouped }. */
    inputKind(text) {
      if (!tables.hasBatch) throw notInBuild('inputKind');
      return plain(call((m) => m.inputKind(checkText('text', text))));
    },

    /** 'full' (dist/ndcg.js, the page) or 'light' (embed.html, ndcg-calc.js: no evaluateTrec). */
    build: tables.hasBatch ? 'full' : 'light',

    /** Bytes of wasm memory in use by the instance (for leak checks). */
    memoryBytes: guard.memoryBytes,

    /** Resolves once a restart after an abort has finished. */
    ready: guard.ready,
  };
}

/**
 * Builds the API over the Embind module; `recreate` starts a fresh one
 * (used after a wasm abort such as running out of memory).
 * @param {object} raw the module: the functions cpp/wasm/ registers
 * @param {() => Promise<object>} recreate
 */
export function makeApi(raw, recreate) {
  const guard = guardedModule(raw, recreate);
  const tables = tablesOf(raw, guard);
  useErrorCodes(tables.codes);
  return { ...explainCalls(guard, tables.commands), ...otherCalls(guard, tables) };
}
